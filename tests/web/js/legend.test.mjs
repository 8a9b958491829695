// Intrigue City's legend names the seated players' colours only: a 3-player game has no p4 (green)
// or p5 (orange) to explain (defect: the legend listed all five whatever the player count).
import { test } from "node:test";
import assert from "node:assert/strict";
import { html, installFakeDom } from "./fake-dom.mjs";

installFakeDom();
const board = await import("../../../agon/web/static/boards/intrigue-city.js");
const THREE = { players: [{ role: "p1", colour: "purple" }, { role: "p2", colour: "red" }, { role: "p3", colour: "blue" }] };

test("intrigue city: the legend lists the seated players' colours", () => {
  assert.deepEqual(board.legendPlayers(THREE).map((p) => [p.role, p.colour]), [["p1", "purple"], ["p2", "red"], ["p3", "blue"]]);
  const legend = html(board.legend({}, THREE));
  assert.ok(legend.includes("p3 (blue)"), legend);
  assert.ok(!legend.includes("p4") && !legend.includes("green") && !legend.includes("orange"), legend);
});

test("intrigue city: before any view the legend shows every colour", () => {
  assert.equal(board.legendPlayers(undefined).length, 5);
  assert.ok(html(board.legend()).includes("p5 (orange)"));
});
