// What every page of agon shares: the API client, the seat tokens this browser keeps, the
// translator and the language switch, and small DOM helpers. Plain ES module, no framework, no
// network beyond the agon server.

import { h } from "./dom.js";
import { gettext, language, listText, raw, setCatalogue, t, term, tx } from "./i18n.js";

export { fragment, h } from "./dom.js";
export { formatSpec, format, gettext, language, listText, ngettext, raw, setCatalogue, t, term, tx } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

let csrf = null; // the CSRF token of this browser's session, sent with every write (from /api/me)

/** Call the agon API; returns the parsed JSON body or throws ApiError with the server's reason.
 * Every write carries the session's CSRF token when logged in (the session cookie goes by itself).
 * @param {string} path
 * @param {{method?: string, body?: unknown, token?: string | null}} [options] a seat's `token` goes as its bearer token
 * @returns {Promise<any>} the server's JSON (its shape is the API's: /docs, the OpenAPI schema) */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  if (csrf && method !== "GET") headers["X-CSRF-Token"] = csrf;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, t("the server cannot be reached; check your connection"));
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const reason = data && typeof data.error === "string" ? data.error : describeDetail(data) || response.statusText;
    throw new ApiError(response.status, reason || t("request failed ({status})", { status: response.status }));
  }
  return data;
}

function describeDetail(data) {
  if (!data || data.detail === undefined) return "";
  if (typeof data.detail === "string") return data.detail;
  return JSON.stringify(data.detail);
}

// -- the account logged in on this browser (issue 30) ------------------------------------------

let meLoading = null;

/** The account logged in ({name, email, language, theme}) or null for a guest; asked once a page. */
export function me() {
  if (!meLoading) {
    meLoading = api("/api/me").then(
      (answer) => {
        csrf = answer?.csrf || null;
        applyTheme(answer?.account?.theme);
        return answer?.account || null;
      },
      () => null,
    );
  }
  return meLoading;
}

/** After a log-in, a sign-up or a log-out: this account (or none) from now on. */
export function setMe(answer) {
  csrf = answer?.csrf || null;
  applyTheme(answer?.account?.theme);
  meLoading = Promise.resolve(answer?.account || null);
}

/** The account's theme on the page: `light` and `dark` (agon.css); `auto` is the page's usual light look for now. */
export function applyTheme(theme) {
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

// -- seat tokens kept in this browser (localStorage) ------------------------------------------

const TOKENS_KEY = "agon.seats";

/** The seats this browser holds: [{match, token, role, game, title, url}] */
export function seats() {
  try {
    const list = JSON.parse(localStorage.getItem(TOKENS_KEY) || "[]");
    return Array.isArray(list) ? list.filter((s) => s && typeof s.token === "string") : [];
  } catch {
    return [];
  }
}

export function rememberSeat(seat) {
  const list = seats().filter((s) => s.token !== seat.token);
  const old = seats().find((s) => s.token === seat.token) || {};
  list.unshift({ ...old, ...seat, seen: Date.now() });
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(list.slice(0, 200)));
  } catch {
    // storage full or disabled: the invite link still works, only "My games" forgets it
  }
}

export function forgetSeat(token) {
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(seats().filter((s) => s.token !== token)));
  } catch {
    // nothing to do: storage is unavailable
  }
}

// -- languages: the catalogue of the page's language and game, the switch, the static words ----

/** The languages of the page: code and the language's own name. */
export const LANGUAGES = [["en", "English"], ["el", "Ελληνικά"], ["hu", "Magyar"]];
const LANG_KEY = "agon.lang";
const known = (code) => LANGUAGES.some(([c]) => c === code);

/** The language chosen on this browser (the switch, remembered), else the browser's own, else English. */
export function chosenLanguage() {
  try {
    const kept = localStorage.getItem(LANG_KEY);
    if (known(kept)) return kept;
  } catch {
    // storage disabled: fall through to the browser's language
  }
  for (const wanted of navigator.languages || [navigator.language]) {
    const code = String(wanted || "").toLowerCase().split("-")[0];
    if (known(code)) return code;
  }
  return "en";
}

const catalogues = new Map(); // "lang|game" -> promise of the catalogue
const redraws = [];
let pageGame = null;
let asked = 0;

/** Run `redraw` again whenever the language (or the page's game) changes. */
export function onLanguage(redraw) {
  redraws.push(redraw);
}

function catalogueOf(lang, game) {
  const key = lang + "|" + (game || "");
  if (!catalogues.has(key)) {
    const query = game ? "?game=" + encodeURIComponent(game) : "";
    const loading = lang === "en" ? Promise.resolve({ lang: "en", messages: {}, contexts: {} }) : api("/api/i18n/" + lang + query);
    catalogues.set(key, loading);
    loading.catch(() => catalogues.delete(key));
  }
  return catalogues.get(key);
}

/** `msgid` as the catalogue of `lang` and `game` translates it (a game's title, in the lobby). */
export async function catalogueTerm(lang, game, msgid) {
  try {
    const found = (await catalogueOf(lang, game)).messages?.[msgid];
    return (Array.isArray(found) ? found[0] : found) || msgid;
  } catch {
    return msgid;
  }
}

/**
 * Translate the page into `lang` with the words of `game` (its terms, cards, prompts, log): load
 * the catalogue, set <html lang>, translate the static words and redraw what the page drew.
 */
export async function useLanguage(lang, game = pageGame) {
  pageGame = game;
  const mine = ++asked;
  const wanted = known(lang) ? lang : "en";
  let data = { lang: "en", messages: {}, contexts: {} };
  for (const words of game ? [game, null] : [null]) { // a game the server does not know: the interface's words
    try {
      data = await catalogueOf(wanted, words);
      break;
    } catch (err) {
      console.error("catalogue of " + wanted + (words ? " for " + words : "") + ":", err.message);
    }
  }
  if (mine !== asked) return; // a later choice overtook this one
  setCatalogue(data);
  document.documentElement.lang = language();
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("language"));
  if (select) {
    select.value = language();
    select.setAttribute("aria-label", t("Language"));
  }
  translateStatic(document);
  for (const redraw of redraws) {
    try {
      redraw();
    } catch (err) {
      console.error("redraw after a language change:", err);
    }
  }
}

/** The page's own static words: an element's `data-i18n` is its English text; the labels every
 * page's bar and board area carry. (A page's other attributes are set by its script.) */
export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = gettext(el.getAttribute("data-i18n"));
  for (const el of root.querySelectorAll(".bar .home")) el.setAttribute("aria-label", t("agon lobby"));
  for (const el of root.querySelectorAll(".board-area")) el.setAttribute("aria-label", t("Board"));
}

/** The language switch in the page's top bar; then the page in the chosen language. */
export async function setupLanguage(game = null) {
  const bar = document.querySelector("header.bar");
  if (bar && !document.getElementById("language")) {
    const select = h("select", { id: "language", class: "language", "aria-label": "Language" },
      LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code }, name)));
    select.addEventListener("change", async () => {
      try {
        localStorage.setItem(LANG_KEY, select.value);
      } catch {
        // storage disabled: the choice holds for this page only
      }
      useLanguage(select.value);
      if (await me()) api("/api/me", { method: "PATCH", body: { language: select.value } }).catch(() => {}); // remembered per account
    });
    bar.append(select);
  }
  const account = await me(); // a logged-in person's language is the account's, on every device
  await useLanguage(account?.language || chosenLanguage(), game);
}

/** The words of another game from now on (the lobby, when another game is chosen). */
export function useGame(game) {
  return game === pageGame ? Promise.resolve() : useLanguage(language(), game);
}

// -- DOM helpers --------------------------------------------------------------------------------

/** Set an element's text from the page's code: its static `data-i18n` words no longer apply. */
export function setText(el, text) {
  el.removeAttribute("data-i18n");
  el.textContent = text;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Put a renderer's output (DOM nodes: a fragment or an element) into `el`; anything else shows
 * as text, never as markup.
 * @param {Element} el @param {unknown} content */
export function fill(el, content) {
  clear(el);
  if (content instanceof Node) el.append(content);
  else if (content !== null && content !== undefined && content !== "") el.append(String(content));
  return el;
}

export function absolute(url) {
  return new URL(url, location.origin).href;
}

/** A "copy" button for a link; says "Copied" for a moment (falls back to selecting the text). */
export function copyButton(text, label) {
  const button = h("button", { type: "button", class: "small", "aria-label": label || t("Copy link") }, t("Copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("Copied");
    } catch {
      const field = button.parentElement && button.parentElement.querySelector("input");
      if (field) {
        field.select();
        button.textContent = t("Press Ctrl+C");
      }
    }
    setTimeout(() => (button.textContent = t("Copy")), 1500);
  });
  return button;
}

/** A read-only link field with its copy button; `label` is already in the page's language. */
export function linkField(label, url) {
  const full = absolute(url);
  const id = "f" + Math.random().toString(36).slice(2);
  return h(
    "div",
    { class: "link-field" },
    h("label", { for: id }, label),
    h("input", { id, type: "text", readonly: true, value: full, onfocus: (e) => e.target.select() }),
    copyButton(full, t("Copy {what}", { what: raw(label) })),
    h("a", { href: full, class: "button small" }, t("Open")),
  );
}

const roleNames = new Map(); // role id -> what a person calls it (the server's Game.role_name)
const gameRoleNames = new Map(); // game id -> (role id -> name): pages that list several games' roles

/** Remember the names of a game's roles: `{role: name}` from /api/games or a match's seats. With
 * `game`, kept under that game only: two games may name a role id differently (p1 of one game is
 * "Player 1", of another "p1"), and a page listing several games' seats asks by game. */
export function setRoleNames(names, game = "") {
  let into = roleNames;
  if (game) {
    if (!gameRoleNames.has(game)) gameRoleNames.set(game, new Map());
    into = /** @type {Map<string, string>} */ (gameRoleNames.get(game));
  }
  for (const [role, value] of Object.entries(names || {})) {
    const name = value && typeof value === "object" ? value.name : value;
    if (typeof name === "string" && name) into.set(role, name);
  }
}

/** What a person calls `role` (of `game`, where the page lists several), in the page's language
 * (the name is a term of the game). */
export function roleName(role, game = "") {
  if (role === null || role === undefined) return t("spectator");
  const named = (game && gameRoleNames.get(game)?.get(String(role))) || roleNames.get(String(role));
  return term(named || String(role));
}

/** What the page calls a bot: the registry's name, in words where the name is one of agon's. */
export function botName(bot) {
  const words = { random: t("random"), greedy: t("greedy"), ismcts: t("ismcts"), opposition: t("opposition"), nonplayer: t("nonplayer") };
  return words[bot] ?? bot;
}

/** "A, B and C" of roles' names. */
export function listNames(roles) {
  return listText((roles || []).map(roleName));
}

/** The winners line of a finished match's result. */
export function describeResult(result) {
  if (!result) return t("The game is over.");
  const winners = result.winners || result.winner;
  const list = Array.isArray(winners) ? winners : winners ? [winners] : [];
  let text;
  if (!list.length) text = t("Game over: no winner.");
  else if (list.length === 1) text = t("Game over: {winner} wins.", { winner: raw(roleName(list[0])) });
  else text = t("Game over: {winners} win.", { winners: raw(listNames(list)) });
  if (result.scores && typeof result.scores === "object") {
    const parts = Object.entries(result.scores).map(([role, score]) => t("{role} {score}", { role: raw(roleName(role)), score }));
    if (parts.length) text += " " + t("Scores: {scores}.", { scores: raw(parts.join(", ")) });
  }
  if (result.reason === "ended") text += " " + t("The server's operator ended this match."); // issue 37: agon admin end
  for (const [role, why] of Object.entries(result.left || {})) { // issue 30: seats whose players left
    const who = { role: raw(roleName(role)) };
    text += " " + (why === "resigned" ? t("{role} resigned.", who) : why === "timed out" ? t("{role} ran out of time.", who) : t("{role} left the game.", who));
  }
  return text;
}

/** An action's label in the page's language: its Text `message` (a prompt's action, a replay
 * step's), else its English `label` as a template. */
export function actionLabel(action) {
  if (!action) return "";
  if (action.message) return tx(action.message);
  return action.label ? t(action.label) : action.verb;
}

/** The prompt's question in the page's language. */
export function promptText(prompt) {
  if (!prompt) return "";
  if (prompt.message) return tx(prompt.message);
  if (prompt.key) return tx({ text: prompt.key, args: prompt.args || {} });
  return prompt.text || "";
}

/** A log line: a Text of the engine ({text, args}) or, from an older server, English text. */
export function logText(line) {
  return line && typeof line === "object" ? tx(line) : String(line ?? "");
}

// -- rule ids: links to the rules reference (/rules/{game}, agon/server/rules_pages.py) ----------

// a rule id as the games cite them: "3.2.3", "R3.4.5", "IC-9.4", "IC-V.4" (the server's RULE_ID)
const RULE_ID = /\b(?:[A-Z]{1,3}-)?(?:[A-Z]?\d+|[A-Z])(?:\.\d+)+\b/g;

/** The rules reference of `game` in the page's language, at `ruleId` if given. */
export function rulesUrl(game, ruleId = null) {
  return "/rules/" + encodeURIComponent(game) + "?lang=" + language() + (ruleId ? "#rule-" + ruleId : "");
}

/** `text` as nodes, each rule id in it a link to the reference of `game` (no game: plain text). */
export function withRuleLinks(text, game) {
  const value = String(text ?? "");
  if (!game) return [value];
  const out = [];
  let at = 0;
  for (const found of value.matchAll(RULE_ID)) {
    out.push(value.slice(at, found.index));
    out.push(h("a", { class: "rule-link", href: rulesUrl(game, found[0]), target: "_blank", rel: "noopener" }, found[0]));
    at = found.index + found[0].length;
  }
  out.push(value.slice(at));
  return out.filter((part) => part !== "");
}

const NOTE = "{role}: {note}"; // the engine's template of a bot's note (State._note_line)

/**
 * The log, newest first. A line "role: ..." of a bot seat is the note the bot gave for its
 * action (the Non-Player rule step that fired): shown apart, in its own style.
 */
export function renderLog(el, lines, seatsOf, game = null) {
  clear(el);
  const bots = Object.entries(seatsOf || {})
    .filter(([, seat]) => seat && seat.kind !== "human")
    .map(([role]) => role);
  const list = Array.isArray(lines) ? lines : [];
  for (let i = list.length - 1; i >= 0; i--) {
    const line = list[i];
    const structured = line && typeof line === "object";
    const who = structured
      ? line.text === NOTE && bots.includes(line.args?.role) && line.args.role
      : bots.find((role) => String(line).startsWith(role + ": "));
    if (who) {
      const said = structured ? line.args.note : String(line).slice(who.length + 2);
      const note = t("{role}: {note}", { role: raw(roleName(who)), note: said ?? "" }); // a note is a term or a Text
      el.append(h("li", { class: "note" }, h("span", { class: "tag" }, t("rule step")), " ", withRuleLinks(note, game)));
    } else {
      el.append(h("li", {}, withRuleLinks(logText(line), game)));
    }
  }
  if (!list.length) el.append(h("li", { class: "empty" }, t("Nothing has happened yet.")));
}
