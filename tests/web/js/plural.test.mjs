// The catalogue's plural rule in the page (agon/web/static/plural.js, i18n.js; issue 35 item 7):
// the form is chosen by the Plural-Forms expression the catalogue sends, not by n == 1 hard-coded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ONE_OTHER, parsePlural, pluralRule } from "../../../agon/web/static/plural.js";
import { ngettext, setCatalogue, tn, tx } from "../../../agon/web/static/i18n.js";

const POLISH = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)";

test("the rule of en, el and hu: form 0 for one, form 1 else", () => {
  const rule = pluralRule("(n != 1)");
  assert.deepEqual([0, 1, 2, 11].map(rule), [1, 0, 1, 1]);
});

test("a three-form rule with ?:, %, && and || (gettext's Polish)", () => {
  const rule = pluralRule(POLISH);
  assert.deepEqual([1, 2, 4, 5, 12, 22, 25, 104, 112].map(rule), [0, 1, 1, 2, 2, 1, 2, 1, 2]);
});

test("precedence and unary operators as in C", () => {
  assert.equal(parsePlural("1 + 2 * 3")(0), 7);
  assert.equal(parsePlural("!(n > 1) ? 5 : -1 + 3")(0), 5);
  assert.equal(parsePlural("!(n > 1) ? 5 : -1 + 3")(4), 2);
  assert.equal(parsePlural("n == 0 ? 0 : n == 1 ? 1 : 2")(7), 2); // ?: is right-associative
  assert.equal(parsePlural("n / 0 + n % 0")(3), 0); // no exception, no NaN
});

test("an unreadable or missing rule falls back to one/other, never eval", () => {
  for (const bad of ["n ==", "alert(1)", "n ? 1", "(n", "n n", "", null, undefined, 3]) {
    assert.equal(pluralRule(bad), ONE_OTHER, String(bad));
  }
  assert.throws(() => parsePlural("constructor"), SyntaxError);
});

test("ngettext picks the catalogue's form by its rule; past the last form, the last", () => {
  setCatalogue({ lang: "xx", plural: POLISH, messages: { "{n} file": ["{n} plik", "{n} pliki", "{n} plików"] } });
  assert.deepEqual([1, 3, 5].map((n) => tn("{n} file", "{n} files", { n })), ["1 plik", "3 pliki", "5 plików"]);
  assert.equal(tx({ text: "{n} file", plural: "{n} files", count: "n", args: { n: 22 } }), "22 pliki");
  setCatalogue({ lang: "xx", plural: "n", messages: { "{n} day": ["{n} a", "{n} b"] } });
  assert.equal(ngettext("{n} day", "{n} days", 9), "{n} b");
  setCatalogue({ lang: "el", messages: { "{n} day": ["{n} ημέρα", "{n} ημέρες"] } }); // no rule sent: one/other
  assert.deepEqual([1, 2].map((n) => tn("{n} day", "{n} days", { n })), ["1 ημέρα", "2 ημέρες"]);
  setCatalogue(null);
  assert.deepEqual([1, 0].map((n) => tn("{n} day", "{n} days", { n })), ["1 day", "0 days"]);
});
