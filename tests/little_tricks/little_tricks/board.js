// Little Tricks' board for agon's web page, shipped in the game's own package: the server serves it
// as the game's renderer (Game.board_script(): board.js beside the module; its layout is
// layout.json, Game.layout()). The page's board host calls draw(), targetOf(), describe() and
// legend(); elements with data-target="KEY" become clickable where a legal action names KEY.
// Self-contained: a plug-in's renderer needs none of agon's modules.

const NS = "http://www.w3.org/2000/svg";

/** A new SVG element with these attributes, appended to `parent`. */
function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  parent.appendChild(node);
  return node;
}

function label(parent, x, y, words, attrs = {}) {
  const node = el("text", { x, y, "font-size": 16, "font-family": "sans-serif", ...attrs }, parent);
  node.textContent = words;
  return node;
}

/** A board element a person may choose: data-target KEY, with an accessible name. */
function target(parent, key, name) {
  const g = el("g", { "data-target": key, "aria-label": name, role: "img" }, parent);
  el("title", {}, g).textContent = name;
  return g;
}

function suitOf(card) {
  return String(card).split("-")[0];
}

function rankOf(card) {
  return String(card).split("-")[1];
}

/** "3 of Suns" */
function cardName(card) {
  const suit = suitOf(card);
  return `${rankOf(card)} of ${suit.charAt(0).toUpperCase()}${suit.slice(1)}`;
}

/** A face-up card at (x, y): its rank and its suit's mark, in its suit's colour. */
function drawCard(parent, layout, card, x, y) {
  const { width, height } = layout.card;
  const suit = layout.suits[suitOf(card)] || { fill: "#444", mark: "?" };
  el("rect", { x, y, width, height, rx: 8, fill: "#fff", stroke: suit.fill, "stroke-width": 3 }, parent);
  label(parent, x + width / 2, y + 40, rankOf(card), { "text-anchor": "middle", "font-size": 28, fill: suit.fill, "font-weight": "bold" });
  label(parent, x + width / 2, y + 74, suit.mark, { "text-anchor": "middle", "font-size": 26, fill: suit.fill });
}

export function targetOf(action) {
  if (action.verb === "bid") return `bid:${action.arg}`;
  if (action.verb === "play") return `card:${action.arg}`;
  return null;
}

export function describe(key) {
  const [kind, rest] = key.split(":");
  if (kind === "bid") return `Bid ${rest} tricks`;
  if (kind === "card") return cardName(rest);
  return "";
}

export function legend(layout) {
  return Object.entries(layout.suits || {}).map(([suit, { mark }]) => `${mark} ${suit}`).join(", ");
}

export function draw(svg, view, layout, ui) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute("viewBox", layout.viewBox.join(" "));
  const me = ui && ui.role;
  const trump = view.trump ? `Trumps: ${view.trump} (turned up: ${cardName(view.turned_up)})` : "No trumps";
  label(svg, layout.header.x, layout.header.y, trump, { "font-size": 20, "font-weight": "bold" });
  const players = layout.players;
  Object.keys(view.taken || {}).forEach((role, i) => {
    const bid = view.bids[role] === null ? "no bid yet" : `bid ${view.bids[role]}`;
    const held = Array.isArray(view.hands[role]) ? view.hands[role].length : view.hands[role];
    const turn = (view.active || []).includes(role) ? " \u2190 to play" : "";
    label(svg, players.x, players.y + i * players.step, `${role}: ${bid}, took ${view.taken[role]}, ${held} cards${turn}`);
  });
  const table = layout.table;
  (view.trick || []).forEach(({ role, card }, i) => {
    drawCard(svg, layout, card, table.x + i * table.step, table.y);
    label(svg, table.x + i * table.step + layout.card.width / 2, table.y + layout.card.height + 18, role,
      { "text-anchor": "middle", "font-size": 14 });
  });
  if (view.phase === "bid" && (view.active || []).includes(me)) {
    const bids = layout.bids;
    const count = Array.isArray(view.hands[me]) ? view.hands[me].length : 0;
    for (let n = 0; n <= count; n++) {
      const x = bids.x + (n - count / 2) * bids.step;
      const g = target(svg, `bid:${n}`, `Bid ${n}`);
      el("circle", { cx: x, cy: bids.y, r: bids.r, fill: "#f0e442", stroke: "#222", "stroke-width": 2 }, g);
      label(g, x, bids.y + 7, String(n), { "text-anchor": "middle", "font-size": 20, "font-weight": "bold" });
    }
  }
  const mine = me && Array.isArray(view.hands[me]) ? view.hands[me] : [];
  const hand = layout.hand;
  mine.forEach((card, i) => {
    const g = target(svg, `card:${card}`, cardName(card));
    drawCard(g, layout, card, hand.x + i * hand.step, hand.y);
  });
}
