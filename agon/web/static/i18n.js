// The page's translator, the mirror of agon.engine.text.Translator: English templates are the
// catalogue's keys (gettext style), arguments fill their {placeholders}. A string argument is a
// term (translated by lookup when the catalogue has it), a number is formatted with the
// placeholder's Python format spec, an object with "text" is a nested Text, translated in turn.
// A translated placeholder may name a case, {space:ine}: the term is looked up in that context
// first, then as a plain term, then left English. A missing argument shows as {name}.
// Plural forms are chosen by the catalogue's own rule (its Plural-Forms, sent as `plural`).
// Pure module (no DOM, no network): common.js loads the catalogue and sets it here.
//
//   setCatalogue({lang: "el", messages: {"Day {day}": "Ημέρα {day}"}, contexts: {}})
//   t(template, {day: 3}) with the template "Day {day}"  -> "Ημέρα 3"
//   tx({text: "{n} day", plural: "{n} days", count: "n", args: {n: 2}})
//   term("Vyborg", "acc")

import { pluralRule } from "./plural.js";

/**
 * A catalogue as /api/i18n/{lang} sends it.
 * @typedef {{lang?: string, messages?: Record<string, string | string[]>, contexts?: Record<string, Record<string, string>>, plural?: string}} CatalogueData
 */

let catalogue = { lang: "en", messages: {}, contexts: {}, form: pluralRule(null) };

/** Use this catalogue from now on: {lang, messages: {msgid: msgstr | [forms]}, contexts: {ctx: {msgid: msgstr}}, plural: "(n != 1)"}
 * @param {CatalogueData | null | undefined} data */
export function setCatalogue(data) {
  catalogue = {
    lang: typeof data?.lang === "string" ? data.lang : "en",
    messages: data && typeof data.messages === "object" && data.messages ? data.messages : {},
    contexts: data && typeof data.contexts === "object" && data.contexts ? data.contexts : {},
    form: pluralRule(data?.plural),
  };
}

/** The language of the catalogue in use ("en", "el" or "hu"). */
export function language() {
  return catalogue.lang;
}

function own(map, key) {
  return map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

function single(found) {
  if (Array.isArray(found)) return typeof found[0] === "string" && found[0] ? found[0] : undefined;
  return typeof found === "string" && found ? found : undefined;
}

/** The translation of `msgid` (in `context` when given), else `msgid` itself. */
export function gettext(msgid, context = null) {
  const found = context ? own(catalogue.contexts[context], msgid) : own(catalogue.messages, msgid);
  return single(found) ?? msgid;
}

/** The translation of a plural message for count `n` (the form the catalogue's rule picks, the
 * last one past its forms), else the English form for `n`.
 * @param {string} one @param {string} other @param {number} n */
export function ngettext(one, other, n) {
  const found = own(catalogue.messages, one);
  if (Array.isArray(found) && found.length) {
    const chosen = found[Math.min(catalogue.form(n), found.length - 1)];
    if (typeof chosen === "string" && chosen) return chosen;
  }
  if (typeof found === "string" && found) return found;
  return Number(n) === 1 ? one : other; // English
}

/** A term (a space, a piece, a side, a card...) in this language; with a case, that case's form. */
export function term(value, kase = null) {
  if (value === null || value === undefined) return "";
  const key = String(value);
  if (kase) {
    const inflected = single(own(catalogue.contexts[kase], key));
    if (inflected !== undefined) return inflected;
  }
  return single(own(catalogue.messages, key)) ?? key;
}

// Python's format spec mini-language, the part agon's templates use: [[fill]align][sign][#][0][width][,][.precision][type]
const SPEC = /^(?:(.)?([<>=^]))?([+\- ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/;
const CASE = /^[a-z]+$/; // as the engine reads a case: lowercase letters only, never a format spec

function group(digits, sep) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** A number (or any value) formatted by a Python format spec such as "+d", ".1f", ">3". */
export function formatSpec(value, spec) {
  const m = SPEC.exec(spec);
  if (!m) return String(value);
  const [, fillChar, align, sign, , zero, width, sep, precision, type] = m;
  let body;
  if (typeof value === "number" && Number.isFinite(value)) {
    let magnitude = Math.abs(value);
    if (type === "%") magnitude *= 100;
    if (precision !== undefined && type !== "s") body = magnitude.toFixed(Number(precision));
    else if (type === "f" || type === "F" || type === "%") body = magnitude.toFixed(6);
    else if (type === "d") body = String(Math.round(magnitude));
    else body = String(magnitude);
    if (sep) {
      const [whole, frac] = body.split(".");
      body = group(whole, sep) + (frac !== undefined ? "." + frac : "");
    }
    if (type === "%") body += "%";
    const negative = value < 0 || Object.is(value, -0);
    const mark = negative ? "-" : sign === "+" ? "+" : sign === " " ? " " : "";
    const size = Number(width || 0);
    if (zero && !align && body.length + mark.length < size) body = "0".repeat(size - body.length - mark.length) + body;
    body = mark + body;
  } else {
    body = String(value);
    if (precision !== undefined && type === "s") body = body.slice(0, Number(precision));
  }
  const size = Number(width || 0);
  if (body.length >= size) return body;
  const pad = (fillChar ?? " ").repeat(size - body.length);
  const side = align ?? (typeof value === "number" ? ">" : "<");
  if (side === "<") return body + pad;
  if (side === "^") {
    const left = pad.slice(0, Math.floor(pad.length / 2));
    return left + body + pad.slice(left.length);
  }
  return pad + body;
}

function isText(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof value.text === "string";
}

/** An argument the page has already translated or that is no term (a name, a number as text):
 * inserted as is. (The page's own wrapper; the engine sends terms, numbers and Texts only.) */
export function raw(value) {
  return { raw: String(value ?? "") };
}

function argument(value, spec) {
  if (value === null || value === undefined) return "";
  if (typeof value === "object" && typeof value.raw === "string") return value.raw;
  if (isText(value)) return tx(value);
  if (typeof value === "string") return term(value, spec && CASE.test(spec) ? spec : null);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return spec && !CASE.test(spec) ? formatSpec(value, spec) : String(value);
  if (Array.isArray(value)) return value.map((item) => argument(item, "")).join(", ");
  return String(value);
}

/** Fill a (translated) template's placeholders from `args`; "{{" and "}}" are braces. */
export function format(template, args = {}) {
  return String(template).replace(/\{\{|\}\}|\{([A-Za-z0-9_]+)(?::([^{}]*))?\}/g, (whole, name, spec) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!args || !Object.prototype.hasOwnProperty.call(args, name)) return "{" + name + "}";
    return argument(args[name], spec);
  });
}

/** Translate a template of the page (a string literal, which the extractor collects) and fill it. */
export function t(template, args = {}) {
  return format(gettext(template), args);
}

/** Translate a plural template of the page for the count `args[count]` and fill it:
 * `tn(one, other, { n: 3 })`, with both forms written as string literals (the extractor collects them). */
export function tn(one, other, args = {}, count = "n") {
  return format(ngettext(one, other, Number(args[count])), args);
}

/** Translate a Text as the engine sends it ({text, args, plural?, count?}), or a plain template string. */
export function tx(text) {
  if (text === null || text === undefined) return "";
  if (typeof text === "string") return t(text);
  if (!isText(text)) return String(text);
  const args = text.args && typeof text.args === "object" ? text.args : {};
  if (typeof text.plural === "string") {
    const n = typeof text.count === "number" ? text.count : Number(args[text.count]);
    return format(ngettext(text.text, text.plural, n), args);
  }
  return format(gettext(text.text), args);
}

/** "a, b and c" in this language. */
export function listText(items) {
  const list = items.map(String);
  if (list.length <= 1) return list.join("");
  return t("{items} and {last}", { items: raw(list.slice(0, -1).join(", ")), last: raw(list[list.length - 1]) });
}
