// The page builds its HTML as nodes (agon/web/static/dom.js, the boards' hands and legends;
// issue 35 item 7): a string is always text, never markup, whoever wrote it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { html, installFakeDom } from "./fake-dom.mjs";

installFakeDom();
const { fragment, h } = await import("../../../agon/web/static/dom.js");
const { setCatalogue } = await import("../../../agon/web/static/i18n.js");
const HOSTILE = `<img src=x onerror="alert(1)">&amp;`;

test("h: attributes, listeners, text children, lists and skipped values", () => {
  const clicked = () => {};
  const node = h("p", { class: "card", title: HOSTILE, onclick: clicked, hidden: false, open: true, tabindex: 0, gone: null },
    HOSTILE, 3, null, undefined, false, [h("b", {}, "x"), ["y"]]);
  assert.equal(html(node), `<p class="card" title="${"&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;"}" open="" tabindex="0">`
    + "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;3<b>x</b>y</p>");
  assert.deepEqual(node.listeners.click, [clicked]);
  assert.equal(html(fragment("a", [h("i", {}, "b")], null)), "a<i>b</i>");
});

test("a board's hand and legend: a card's and a catalogue's words stay text", async () => {
  setCatalogue({ lang: "xx", messages: { "Your hand ({n})": HOSTILE + " {n}", "Red unit": HOSTILE } });
  const dualPowers = await import("../../../agon/web/static/boards/dual-powers.js");
  const view = { role: "red", sides: { red: { hand: [HOSTILE], secret_objective: "hidden" } } };
  const hand = html(dualPowers.hand(view, { layout: { cards: [] }, cards: new Map() }));
  assert.ok(!hand.includes("<img"), hand);
  assert.ok(hand.startsWith("<h3>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp; 1</h3><div class=\"card\"><b>&lt;img"), hand);
  const legend = html(dualPowers.legend());
  assert.ok(legend.includes('<span class="legend-item legend-shape"><svg') && !legend.includes("<img"), legend);
  setCatalogue(null);
});

test("every game's hand and legend are nodes, for a seat and for a spectator", async () => {
  for (const game of ["1989", "cuba-libre", "dual-powers", "intrigue-city"]) {
    const board = await import(`../../../agon/web/static/boards/${game}.js`);
    assert.ok(board.legend() instanceof Node, game);
    const hand = board.hand({ role: null, hand: [], sides: {}, players: [] }, { layout: {}, cards: new Map() });
    assert.ok(hand === null || hand instanceof Node, game);
  }
});
