// The page's pure formatting (agon/web/static/i18n.js, clock.js, boards/svg.js): Python format
// specs, templates, lists, clocks and the boards' text layout, without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { format, formatSpec, listText, raw, setCatalogue, t, term } from "../../../agon/web/static/i18n.js";
import { clockText, paceText } from "../../../agon/web/static/clock.js";
import { fit, grid, wrapped } from "../../../agon/web/static/boards/svg.js";

test("format specs as Python's str.format reads them", () => {
  const cases = [[3, "+d", "+3"], [-2, "+d", "-2"], [0.5, ".1f", "0.5"], [7, ">3", "  7"], [7, "03d", "007"],
    [1234567, ",", "1,234,567"], [0.25, ".0%", "25%"], ["ab", "^6", "  ab  "], ["abc", ".2s", "ab"], [5, "x<3", "5xx"]];
  for (const [value, spec, want] of cases) assert.equal(formatSpec(value, spec), want, `${value}:${spec}`);
});

test("templates: arguments, braces, a missing argument, terms and cases", () => {
  setCatalogue({ lang: "el", messages: { Vyborg: "Βίμποργκ", "Day {day}": "Ημέρα {day}" }, contexts: { acc: { Vyborg: "το Βίμποργκ" } } });
  assert.equal(format("{{x}} {a} {b}", { a: 1 }), "{x} 1 {b}");
  assert.equal(t("Day {day}", { day: 3 }), "Ημέρα 3");
  assert.equal(format("{s} / {s:acc} / {r}", { s: "Vyborg", r: raw("Vyborg") }), "Βίμποργκ / το Βίμποργκ / Vyborg");
  assert.equal(term("Narva", "acc"), "Narva");
  setCatalogue(null);
  assert.equal(listText(["a", "b", "c"]), "a, b and c");
  assert.equal(listText(["a"]), "a");
});

test("clocks: the coarser the more time is left; a pace in its largest whole unit", () => {
  setCatalogue(null);
  assert.deepEqual([299, 3 * 3600 + 7 * 60, 2 * 86400 + 3 * 3600, -5].map(clockText), ["04:59", "3 h 07 min", "2 d 03 h", "00:00"]);
  assert.equal(paceText({ kind: "move", per_move: 86400 }), "1 d a move");
  assert.equal(paceText({ kind: "bank", initial: 3 * 86400, increment: 5400 }), "Time bank: 3 d, plus 90 min a move");
});

test("board text layout: a font that fits, grids, wrapped rows", () => {
  assert.equal(fit(2, 100, 13), 13);
  assert.ok(Math.abs(fit(20, 58, 13) - 5) < 1e-9);
  assert.deepEqual(grid(5, 0, 0, 2, 10, 20), [[0, 0], [10, 0], [0, 20], [10, 20], [0, 40]]);
  assert.deepEqual(wrapped("one two three four", 9, 2), ["one two", "  three four"]);
  assert.deepEqual(wrapped("short", 9, 3), ["short"]);
});
