// Dual Powers: Revolution 1917: Petrograd's six districts with their markers (units and leaders with
// their strength), the Neva with its bridges and the prospekts, the Blockade marker, the Unrest! and
// Blockade! tiles, objective markers, the Support track, the calendar and each side's hand and supply.
// Shapes: Red = square, White = circle, neutral = diamond, Opposition = hexagon, leaders = star.
import { fragment, h } from "../dom.js";
import { raw, t, term, tn } from "../i18n.js";
import { COLORS, clear, el, findCard, legendRow, panel, rows, shape, target, text, track } from "./svg.js";

// an owner's name is drawn in the page's language: OWNERS.red.name reads the catalogue each time
const OWNERS = {
  red: { get name() { return t("Red"); }, fill: COLORS.vermillion, ink: "#fff", shape: "square" },
  white: { get name() { return t("White"); }, fill: "#f2f2f2", ink: "#111", shape: "circle" },
  neutral: { get name() { return t("neutral"); }, fill: COLORS.grey, ink: "#fff", shape: "diamond" },
  opposition: { get name() { return t("Opposition"); }, fill: COLORS.purple, ink: "#111", shape: "hexagon" },
};
const ACTIONS = {
  get refresh() { return t("refresh"); }, get move() { return t("move"); }, get double_move() { return t("double move"); },
  get recruit() { return t("recruit"); }, get attack() { return t("attack"); },
};
// the step of the sequence of play a view is at (the game's own phase ids)
const PHASES = {
  get start() { return t("setup"); }, get objective() { return t("Secret Objectives"); }, get play() { return t("play a card"); },
  get command() { return t("Command card"); }, get leader() { return t("Leader card"); }, get extra() { return t("extra action"); },
  get recruit() { return t("recruit"); }, get xrecruit() { return t("recruit"); }, get xplace() { return t("recruit"); },
  get place_leader() { return t("Leader Recruit"); }, get refresh() { return t("refresh"); }, get move() { return t("move"); },
  get move_on() { return t("move"); }, get move_to() { return t("move"); }, get protest() { return t("Mobilize Protest"); },
  get unrest() { return t("Unrest district"); }, get over() { return t("game over"); },
};
// a district's colour
const COLOURS = {
  get red() { return t("red"); }, get purple() { return t("purple"); }, get beige() { return t("beige"); },
  get white() { return t("white"); }, get green() { return t("green"); }, get blue() { return t("blue"); },
};
const owner = (id) => OWNERS[id]?.name ?? term(id);
const districtName = (layout, id) => term(layout.districts.find((d) => d.id === id)?.name ?? id);
const CONTROL_RING = { red: COLORS.vermillion, white: "#111" };
const TINT = { red: "#f6d9cf", purple: "#eddcea", beige: "#efe6d2", white: "#f7f7f7", green: "#d7ecdf", blue: "#d6e6f3" };
const LEADER = /^(Vladimir|Alexandra|Felix|Alexander|Lavr|Boris|Leon)\s/;

function cardByLabel(layout, label) {
  return (layout.cards ?? []).find((c) => c.label === label);
}

/** A Secret Objective as a view shows it: a card, "hidden" (another side's, face down) or none. */
function objective(card) {
  if (!card) return "-";
  return card === "hidden" ? t("face down") : term(card);
}

// a Leader card's special action: its id in the layout, its name a term of the game's catalogue
const SPECIAL = { espionage: "Espionage", mobilize_protest: "Mobilize Protest", popular_agitation: "Popular Agitation" };

function words(id) {
  const named = term(id);
  return named === id ? String(id).replace(/_/g, " ") : named;
}

function cardLine(c, layout) {
  if (!c) return "";
  const days = raw(c.days === 1 ? t("1 day") : t("{n} days", { n: c.days }));
  if (c.recruit === undefined) {
    const line = t("{card}: leader card ({side}), {days}", { card: raw(term(c.label)), side: raw(owner(c.side)), days });
    return c.special ? `${line}, ${SPECIAL[c.special] ? term(SPECIAL[c.special]) : words(c.special)}` : line;
  }
  return t("{card}: {district}, {days}, recruit {recruit}, {action}, {vp} VP", {
    card: raw(term(c.label)), district: raw(districtName(layout, c.district)), days, recruit: c.recruit,
    action: raw(ACTIONS[c.action] ?? words(c.action)), vp: c.vp,
  });
}

function findMarker(view, id) {
  for (const d of view.districts ?? []) {
    const m = d.markers.find((x) => x.id === id);
    if (m) return [m, d];
  }
  return [null, null];
}

function markerText(m) {
  const args = { marker: raw(term(m.name)), owner: raw(owner(m.owner)), control: raw(owner(m.control)), strength: m.strength };
  const state = m.exhausted ? t("exhausted") : t("fresh");
  const line = m.owner === m.control ? t("{marker} ({owner}): strength {strength}", args) : t("{marker} ({owner}, controlled by {control}): strength {strength}", args);
  return `${line}, ${state}`;
}

export function describe(key, view, layout) {
  const [kind, rest] = key.split(/:(.*)/s);
  if (kind === "district") {
    const d = (view.districts ?? []).find((x) => x.id === rest);
    const info = layout.districts.find((x) => x.id === rest);
    if (!d || !info) return rest;
    const str = { red: 0, white: 0 };
    for (const m of d.markers) if (str[m.control] !== undefined) str[m.control] += m.strength;
    const notes = [];
    if (view.unrest_tile === rest) notes.push(t("Unrest! tile"));
    if (view.blockade_tile === rest) notes.push(t("Blockade! tile"));
    if (d.objective_markers.length) notes.push(t("objective markers {list}", { list: raw(d.objective_markers.join(", ")) }));
    const head = t("{district} ({colour}): strength Red {red}, White {white}", { district: raw(term(info.name)),
      colour: raw(COLOURS[info.colour] ?? words(info.colour)), red: str.red, white: str.white });
    return `${head}${notes.length ? "; " + notes.join("; ") : ""}. ${d.markers.map(markerText).join("; ") || t("No markers.")}`;
  }
  if (kind === "marker") {
    const [m, d] = findMarker(view, Number(rest));
    if (m) return t("{marker}, in {district}.", { marker: raw(markerText(m)), district: raw(districtName(layout, d.id)) });
    return t("Marker {id} (in a supply).", { id: rest });
  }
  if (kind === "connection") {
    const c = layout.connections.find((x) => x.id === rest);
    if (!c) return rest;
    const line = t("{connection}: joins {a} and {b}", { connection: raw(term(c.name)), a: raw(districtName(layout, c.pair[0])),
      b: raw(districtName(layout, c.pair[1])) });
    return `${line}${view.blockade === rest ? "; " + t("BLOCKED") : ""}.`;
  }
  if (kind === "card") return cardLine((layout.cards ?? [])[Number(rest)], layout);
  if (kind === "track") {
    const s = view.score ?? 0;
    const support = s === 0 ? t("Support level") : t("Support {n} toward {side}", { n: Math.abs(s), side: raw(owner(s > 0 ? "red" : "white")) });
    return `${support}; ` + t("Popular Will: {side}; day {day}, {month}; round {round}.", {
      side: raw(OWNERS[view.popular_will]?.name ?? "-"), day: view.day, month: raw(term(view.month_label)), round: view.round });
  }
  return "";
}

export function targetOf(action) {
  const { verb, arg } = action;
  if ((verb === "card" || verb === "objective") && Number.isInteger(arg)) return `card:${arg}`;
  if ((verb === "unit" || verb === "marker") && Number.isInteger(arg)) return `marker:${arg}`;
  if (verb === "district" && typeof arg === "string") return `district:${arg}`;
  if (verb === "connection" && typeof arg === "string") return `connection:${arg}`;
  return null;
}

function centre(layout, id) {
  return layout.districts.find((d) => d.id === id);
}

function drawConnections(svg, view, layout) {
  for (const c of layout.connections) {
    const a = centre(layout, c.pair[0]);
    const b = centre(layout, c.pair[1]);
    const key = `connection:${c.id}`;
    const g = target(svg, key, describe(key, view, layout), { class: "connection" });
    if (c.kind === "bridge") {
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#5a4a35", "stroke-width": 16, "stroke-linecap": "butt" }, g);
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#d9c9a8", "stroke-width": 10 }, g);
    } else {
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#8d8d8d", "stroke-width": 12 }, g);
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "10 8" }, g);
    }
  }
}

function drawConnectionLabels(svg, view, layout) {
  for (const c of layout.connections) {
    const a = centre(layout, c.pair[0]);
    const b = centre(layout, c.pair[1]);
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    const key = `connection:${c.id}`;
    const g = target(svg, key, describe(key, view, layout), { class: "connection" });
    const blocked = view.blockade === c.id;
    const name = term(c.name);
    // 26 high: a target a finger can hit on a phone (24 px) without zooming the whole board further
    const w = name.length * (blocked ? 8.8 : 8) + 16;
    const h = blocked ? 42 : 26;
    el("rect", { x: mx - w / 2, y: my - 13, width: w, height: h, rx: 11, fill: blocked ? "#222" : "#fff",
      stroke: "#5a4a35", "stroke-width": 1.5 }, g);
    text(g, mx, my + 5, name, { "text-anchor": "middle", "font-size": 13.5,
      "font-weight": blocked ? "bold" : "normal", fill: blocked ? "#fff" : "#222" });
    if (blocked) {
      text(g, mx, my + 22, t("BLOCKADE"), { "text-anchor": "middle", "font-size": 13.5, "font-weight": "bold", fill: COLORS.yellow });
      el("rect", { x: mx - w / 2 - 4, y: my - 17, width: w + 8, height: h + 8, rx: 13, fill: "none",
        stroke: COLORS.orange, "stroke-width": 3, "stroke-dasharray": "6 3" }, g);
    }
  }
}

// a marker centred on (x, y); `k` scales it (the supply's are smaller: drawn smaller, never
// transformed, so the host reads their numbers' true size)
function token(g, m, x, y, lower = false, k = 1) {
  const o = OWNERS[m.owner] ?? OWNERS.neutral;
  const leader = m.leader ?? LEADER.test(m.name);
  const mark = el("g", { "data-target": `marker:${m.id}`, opacity: m.exhausted ? 0.55 : 1 }, g);
  el("title", {}, mark).textContent = markerText(m);
  if (m.owner !== m.control && CONTROL_RING[m.control]) {
    el("circle", { cx: x, cy: y, r: 21 * k, fill: "none", stroke: CONTROL_RING[m.control], "stroke-width": 3.5 }, mark);
  }
  shape(mark, leader ? "star" : o.shape, x, y, (leader ? 17 : 15) * k, o.fill, "#111", { "stroke-width": 2 });
  text(mark, x, y + 6 * k, String(m.strength), { "text-anchor": "middle", "font-size": 17 * k, "font-weight": "bold",
    fill: leader ? "#111" : o.ink });
  if (leader && LEADER.test(m.name)) {
    const named = term(m.name);
    const initials = named.split(" ")[1] ?? named;
    // names of leaders side by side go on alternate lines (they ran into each other)
    text(mark, x, y + (lower ? 43 : 32), initials.slice(0, 9), { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#222" });
  }
  if (m.exhausted) el("rect", { x: x - 15 * k, y: y + 19 * k, width: 30 * k, height: 4, fill: "#111" }, mark);
}

function drawDistrict(svg, d, view, layout) {
  const [w, h] = layout.district_size;
  const info = (view.districts ?? []).find((x) => x.id === d.id) ?? { markers: [], objective_markers: [] };
  const key = `district:${d.id}`;
  const g = target(svg, key, describe(key, view, layout), { class: "space" });
  el("rect", { x: d.x - w / 2, y: d.y - h / 2, width: w, height: h, rx: 18, fill: TINT[d.colour] ?? "#eee",
    stroke: "#4d4436", "stroke-width": 2.5, class: "space-box" }, g);
  text(g, d.x - w / 2 + 12, d.y - h / 2 + 24, term(d.name), { "font-size": 19, "font-weight": "bold", fill: "#222" });
  text(g, d.x + w / 2 - 12, d.y - h / 2 + 24, COLOURS[d.colour] ?? words(d.colour), { "font-size": 13, fill: "#555", "text-anchor": "end" });
  const str = { red: 0, white: 0 };
  for (const m of info.markers) if (str[m.control] !== undefined) str[m.control] += m.strength;
  const strength = t("Red {red} · White {white}", str);
  text(g, d.x - w / 2 + 12, d.y + h / 2 - 10, strength, { "font-size": 14, fill: "#333" });
  const tags = [];
  if (view.unrest_tile === d.id) tags.push(t("UNREST!"));
  if (view.blockade_tile === d.id) tags.push(t("BLOCKADE!"));
  for (const n of info.objective_markers) tags.push(t("Obj {n}", { n }));
  // the tags sit at the right of the strength line, or just above it where that line is long (a
  // language's longer words)
  const widths = tags.map((tag) => tag.length * 9.2 + 10);
  const room = w - 22 - strength.length * 7.6;
  const lift = widths.reduce((sum, tw) => sum + tw + 5, 0) > room ? 24 : 0;
  let tx = d.x + w / 2 - 10;
  tags.reverse().forEach((tag, i) => {
    const tw = widths[widths.length - 1 - i];
    tx -= tw;
    el("rect", { x: tx, y: d.y + h / 2 - 26 - lift, width: tw, height: 20, rx: 4, fill: "#222" }, g);
    text(g, tx + 5, d.y + h / 2 - 11 - lift, tag, { "font-size": 13, "font-weight": "bold", fill: "#fff" });
    tx -= 5;
  });
  info.markers.forEach((m, i) => {
    const per = 6;
    token(g, m, d.x - w / 2 + 30 + (i % per) * 46, d.y - h / 2 + 58 + Math.floor(i / per) * 50, i % 2 === 1);
  });
}

function drawSide(svg, view, layout) {
  const s = view.score ?? 0;
  const lean = s > 0 ? OWNERS.red : s < 0 ? OWNERS.white : OWNERS.neutral;
  track(svg, { ...layout.tracks.support, title: t("Support (White - / Red +)") }, "track:support", describe("track:support", view, layout),
    [{ value: s, label: t("Support"), shape: lean.shape, fill: lean.fill }]);
  const month = raw(term(view.month_label ?? ""));
  track(svg, { ...layout.tracks.calendar, title: t("Calendar (day)") }, "track:calendar", t("Day {day}, {month}", { day: view.day, month }),
    [{ value: view.day ?? 1, label: t("Day ({month})", { month }), shape: "hexagon", fill: COLORS.yellow }]);
  const b = layout.boxes;
  panel(svg, b.status, t("Round {round}: {month}", { round: view.round ?? "", month }));
  const pw = OWNERS[view.popular_will];
  const opp = view.opposition;
  const list = (items) => items.map(term).join(", ") || "-";
  const blockade = layout.connections.find((c) => c.id === view.blockade)?.name;
  rows(svg, b.status, [
    t("Popular Will: {side}", { side: raw(pw ? pw.name : "-") }) + (opp && opp.side === view.popular_will ? " " + t("(the Opposition)") : ""),
    t("Phase: {phase}", { phase: raw(PHASES[view.phase] ?? words(view.phase ?? "")) }) + (view.turn ? ", " + t("turn {turn}", { turn: view.turn }) : ""),
    t("Deck {deck}, discard {discard}, tiles left {tiles}", { deck: view.deck ?? 0, discard: view.discard ?? 0, tiles: view.tile_stack ?? 0 }),
    t("Blockade: {connection}", { connection: raw(blockade ? term(blockade) : t("none")) }),
    tn("Out of the game: {n} marker", "Out of the game: {n} markers", { n: (view.out_of_game ?? []).length }),
  ]);
  for (const side of ["red", "white"]) {
    const info = view.sides?.[side];
    const o = OWNERS[side];
    panel(svg, b[side], opp && opp.side === side ? t("{side} (Opposition)", { side: raw(o.name) }) : o.name);
    shape(svg, o.shape, b[side].x + b[side].w - 14, b[side].y + 15, 9, o.fill);
    if (info) {
      drawSupply(svg, b[side], info.supply, layout);
      rows(svg, b[side], [
        tn("Hand: {n} card; extra draws {extra}", "Hand: {n} cards; extra draws {extra}", { n: info.hand_count, extra: info.extra_draws ?? 0 }),
        t("Secret Objective: {card}", { card: raw(objective(info.secret_objective)) }),
        tn("In supply: {n} marker", "In supply: {n} markers", { n: info.supply.length }),
        t("Played: {cards}", { cards: raw(list(info.played)) }),
      ], PLAYED(b[side]));
    } else if (opp) {
      rows(svg, b[side], [
        t("Difficulty {difficulty}; stack {stack}, leader stack {leaders}", { difficulty: opp.difficulty, stack: opp.stack, leaders: opp.leader_stack }),
        t("Leader card: {card}", { card: raw(opp.leader_card ? term(opp.leader_card) : "-") }),
        t("Objective: {card}", { card: raw(opp.secret_objective ? objective(opp.secret_objective) : t("face down")) }),
        t("Unit pool: {pool}", { pool: opp.pool }),
        t("Played: {cards}", { cards: raw(list(opp.played ?? [])) }),
      ], PLAYED(b[side]));
    }
  }
}

// a side panel's rows: the last ("Played: ...") goes on over two more lines, never past the panel's
// edge (a character of 13 px text is about 7 px wide)
const PLAYED = (spec) => ({ start: 38, size: 13, step: 16, max: Math.floor((spec.w - 16) / 7), wrap: 2 });

// The markers in a side's supply, as tokens a recruit can name (fresh, controlled by their owner).
function drawSupply(svg, spec, ids, layout) {
  const y = spec.y + spec.h - 30;
  text(svg, spec.x + 8, y - 26, t("Supply:"), { "font-size": 13, fill: "#444" });
  ids.forEach((id, i) => {
    const info = layout.markers?.[id];
    if (!info) return;
    // a leader in the supply goes unnamed: its name is also a card in a hand, and the view names only
    // the markers on the map
    const leader = LEADER.test(info.name);
    const name = leader ? t("{side} leader", { side: raw(owner(info.owner)) }) : info.name;
    const m = { id, name, owner: info.owner, control: info.owner, strength: info.fresh, exhausted: false, leader };
    token(svg, m, spec.x + 20 + (i % 13) * 28.5, y, false, 0.82);
  });
}

function drawRiver(svg, layout) {
  for (const line of layout.river ?? []) {
    const pts = line.map((p) => p.join(",")).join(" ");
    el("polyline", { points: pts, fill: "none", stroke: "#9cc6e4", "stroke-width": 60, "stroke-linejoin": "round",
      "stroke-linecap": "round" }, svg);
  }
  const first = layout.river?.[0]?.[1];
  if (first) text(svg, first[0] + 30, first[1] + 60, t("Neva"), { "font-size": 20, "font-style": "italic", fill: "#3b6d94" });
}

export function draw(svg, view, layout) {
  clear(svg, layout.viewBox);
  el("rect", { x: 0, y: 0, width: layout.viewBox[2], height: layout.viewBox[3], fill: "#ece6d6" }, svg);
  drawRiver(svg, layout);
  drawConnections(svg, view, layout);
  for (const d of layout.districts) drawDistrict(svg, d, view, layout);
  drawConnectionLabels(svg, view, layout);
  drawSide(svg, view, layout);
}

export function hand(view, ui = {}) {
  const layout = ui.layout ?? { cards: [] }; // the host passes the board's layout
  const mine = view.sides?.[view.role ?? ui.role];
  if (!mine || !Array.isArray(mine.hand)) return null;
  const row = (label) => {
    const c = cardByLabel(layout, label);
    const more = findCard(ui.cards, (x) => x.name === label)?.text ?? "";
    const line = cardLine(c, layout);
    const facts = line.slice(line.indexOf(": ") + 2);
    return h("div", c ? { class: "card", "data-target": `card:${c.id}`, tabindex: 0 } : { class: "card" },
      h("b", {}, term(label)), h("div", { class: "card-text" }, c ? facts : ""),
      more ? h("div", { class: "card-text" }, term(more)) : null);
  };
  const out = [h("h3", {}, t("Your hand ({n})", { n: mine.hand.length })), mine.hand.length ? mine.hand.map(row) : h("p", {}, t("Empty."))];
  if (mine.secret_objective && mine.secret_objective !== "hidden") {
    out.push(h("h3", {}, t("Your Secret Objective")), row(mine.secret_objective));
  }
  return fragment(out);
}

export function legend() {
  return fragment(
    legendRow("square", OWNERS.red.fill, t("Red unit")), " ",
    legendRow("circle", OWNERS.white.fill, t("White unit")), " ",
    legendRow("diamond", OWNERS.neutral.fill, t("neutral unit (ring = the side that controls it)")), " ",
    legendRow("hexagon", OWNERS.opposition.fill, t("Opposition unit")), " ",
    legendRow("star", OWNERS.red.fill, t("leader (name below)")), " ",
    h("span", { class: "legend-item" }, t("Number = strength; faded with a bar = exhausted. Brown = bridge, grey = prospekt; dark label = the Blockade marker.")),
  );
}
