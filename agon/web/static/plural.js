// A catalogue's plural rule: the C expression of its Plural-Forms header ("plural=(n != 1);"), as
// the server sends it with the strings (/api/i18n/{lang}, `plural`), turned into a function from a
// count to the index of the form. Read by a small parser, never eval() (the page's CSP forbids it,
// and a catalogue is data): numbers, n, ( ), ! * / % + - < > <= >= == != && || and ? :, the
// operators gettext's rules use. Pure module (no DOM).
//
//   pluralRule("(n != 1)")(1)  -> 0
//   pluralRule("(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")(3)  -> 1

/** @typedef {(n: number) => number} PluralRule  a count -> the index of its form */

/** English's rule, and the page's when a catalogue names none or one it cannot read: form 0 when n == 1. */
export const ONE_OTHER = (/** @type {number} */ n) => (n === 1 ? 0 : 1);

const TOKEN = /\s*(?:(\d+)|(n)|(&&|\|\||[<>=!]=|[-+*/%<>!?:()]))/y;

// binary operators by precedence, loosest first (C's order)
const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];

/** @type {Record<string, (a: number, b: number) => number>} */
const APPLY = {
  "||": (a, b) => Number(a !== 0 || b !== 0), "&&": (a, b) => Number(a !== 0 && b !== 0),
  "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b),
  "<": (a, b) => Number(a < b), ">": (a, b) => Number(a > b), "<=": (a, b) => Number(a <= b), ">=": (a, b) => Number(a >= b),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => (b === 0 ? 0 : Math.trunc(a / b)), "%": (a, b) => (b === 0 ? 0 : a % b),
};

/** @typedef {(n: number) => number} Node */

/** The tokens of `source`: numbers, "n" and operators; throws on anything else. */
function tokens(source) {
  /** @type {(string | number)[]} */
  const out = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const found = TOKEN.exec(source);
    if (!found) throw new SyntaxError("unexpected " + JSON.stringify(source.slice(at, at + 8)));
    out.push(found[1] !== undefined ? Number(found[1]) : found[2] ?? found[3]);
  }
  return out;
}

/**
 * The rule of a Plural-Forms expression; throws a SyntaxError on an expression it cannot read.
 * @param {string} source
 * @returns {PluralRule}
 */
export function parsePlural(source) {
  const list = tokens(String(source));
  let at = 0;
  const peek = () => list[at];
  /** @param {string | number} wanted */
  const expect = (wanted) => {
    if (list[at] !== wanted) throw new SyntaxError("expected " + wanted + " in " + source);
    at += 1;
  };
  /** @returns {Node} */
  const ternary = () => {
    const test = binary(0);
    if (peek() !== "?") return test;
    at += 1;
    const yes = ternary();
    expect(":");
    const no = ternary();
    return (n) => (test(n) !== 0 ? yes(n) : no(n));
  };
  /** @param {number} level @returns {Node} */
  const binary = (level) => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    while (LEVELS[level].includes(/** @type {string} */ (peek()))) {
      const apply = APPLY[/** @type {string} */ (list[at++])];
      const a = left;
      const b = binary(level + 1);
      left = (n) => apply(a(n), b(n));
    }
    return left;
  };
  /** @returns {Node} */
  const unary = () => {
    const token = list[at++];
    if (token === "!") {
      const inner = unary();
      return (n) => Number(inner(n) === 0);
    }
    if (token === "-") {
      const inner = unary();
      return (n) => -inner(n);
    }
    if (token === "(") {
      const inner = ternary();
      expect(")");
      return inner;
    }
    if (token === "n") return (n) => n;
    if (typeof token === "number") return () => token;
    throw new SyntaxError("unexpected " + (token === undefined ? "end" : token) + " in " + source);
  };
  const rule = ternary();
  if (at !== list.length) throw new SyntaxError("unexpected " + list[at] + " in " + source);
  return rule;
}

/**
 * The rule of a catalogue's `plural` expression; an expression it cannot read (or none) gives
 * ONE_OTHER. (The caller takes the last form for an index past its forms, as gettext does.)
 * @param {unknown} source
 * @returns {PluralRule}
 */
export function pluralRule(source) {
  if (typeof source !== "string" || !source.trim()) return ONE_OTHER;
  let rule;
  try {
    rule = parsePlural(source);
  } catch {
    return ONE_OTHER;
  }
  return (n) => Math.max(0, rule(Math.abs(Math.trunc(Number(n)) || 0)));
}
