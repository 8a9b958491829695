// Dual Powers: Revolution 1917: Petrograd's six districts with their markers (units and leaders with
// their strength), the Neva with its bridges and the prospekts, the Blockade marker, the Unrest! and
// Blockade! tiles, objective markers, the Support track, the calendar and each side's hand and supply.
// Shapes: Red = square, White = circle, neutral = diamond, Opposition = hexagon, leaders = star.
import { COLORS, clear, el, esc, findCard, legendRow, panel, rows, shape, target, text, track } from "./svg.js";

const OWNERS = {
  red: { name: "Red", fill: COLORS.vermillion, ink: "#fff", shape: "square" },
  white: { name: "White", fill: "#f2f2f2", ink: "#111", shape: "circle" },
  neutral: { name: "neutral", fill: COLORS.grey, ink: "#fff", shape: "diamond" },
  opposition: { name: "Opposition", fill: COLORS.purple, ink: "#111", shape: "hexagon" },
};
const CONTROL_RING = { red: COLORS.vermillion, white: "#111" };
const TINT = { red: "#f6d9cf", purple: "#eddcea", beige: "#efe6d2", white: "#f7f7f7", green: "#d7ecdf", blue: "#d6e6f3" };
const LEADER = /^(Vladimir|Alexandra|Felix|Alexander|Lavr|Boris|Leon)\s/;

let lastLayout = { cards: [] }; // hand() gets no layout; it reads cards from the one draw() last used

function cardByLabel(layout, label) {
  return (layout.cards ?? []).find((c) => c.label === label);
}

function cardLine(c) {
  if (!c) return "";
  if (c.recruit === undefined) return `${c.label}: leader card (${c.side}), ${c.days} days${c.special ? `, ${c.special.replace(/_/g, " ")}` : ""}`;
  return `${c.label}: ${c.district.replace(/_/g, " ")}, ${c.days} day${c.days > 1 ? "s" : ""}, recruit ${c.recruit}, `
    + `${c.action.replace(/_/g, " ")}, ${c.vp} VP`;
}

function findMarker(view, id) {
  for (const d of view.districts ?? []) {
    const m = d.markers.find((x) => x.id === id);
    if (m) return [m, d];
  }
  return [null, null];
}

function markerText(m) {
  const ctrl = m.owner === m.control ? "" : `, controlled by ${OWNERS[m.control]?.name ?? m.control}`;
  return `${m.name} (${OWNERS[m.owner]?.name ?? m.owner}${ctrl}): strength ${m.strength}, ${m.exhausted ? "exhausted" : "fresh"}`;
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
    if (view.unrest_tile === rest) notes.push("Unrest! tile");
    if (view.blockade_tile === rest) notes.push("Blockade! tile");
    if (d.objective_markers.length) notes.push(`objective markers ${d.objective_markers.join(", ")}`);
    return `${info.name} (${info.colour}): strength Red ${str.red}, White ${str.white}`
      + `${notes.length ? "; " + notes.join("; ") : ""}. ${d.markers.map(markerText).join("; ") || "No markers."}`;
  }
  if (kind === "marker") {
    const [m, d] = findMarker(view, Number(rest));
    if (m) return `${markerText(m)}, in ${layout.districts.find((x) => x.id === d.id)?.name ?? d.id}.`;
    return `Marker ${rest} (in a supply).`;
  }
  if (kind === "connection") {
    const c = layout.connections.find((x) => x.id === rest);
    return c ? `${c.name}: joins ${c.pair.map((p) => layout.districts.find((d) => d.id === p)?.name ?? p).join(" and ")}`
      + `${view.blockade === rest ? "; BLOCKED" : ""}.` : rest;
  }
  if (kind === "card") return cardLine((layout.cards ?? [])[Number(rest)]);
  if (kind === "track") {
    const s = view.score ?? 0;
    return `Support ${s === 0 ? "level" : `${Math.abs(s)} toward ${s > 0 ? "Red" : "White"}`}; Popular Will: ${OWNERS[view.popular_will]?.name ?? "-"}; `
      + `day ${view.day}, ${view.month_label}; round ${view.round}.`;
  }
  return "";
}

export function targetOf(action, view, layout) {
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
    const blocked = view.blockade === c.id;
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
    const w = c.name.length * (blocked ? 8.4 : 7.6) + 14;
    const h = blocked ? 38 : 21;
    el("rect", { x: mx - w / 2, y: my - 11, width: w, height: h, rx: 9, fill: blocked ? "#222" : "#fff",
      stroke: "#5a4a35", "stroke-width": 1.5 }, g);
    text(g, mx, my + 4.5, c.name, { "text-anchor": "middle", "font-size": 13,
      "font-weight": blocked ? "bold" : "normal", fill: blocked ? "#fff" : "#222" });
    if (blocked) {
      text(g, mx, my + 21, "BLOCKADE", { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: COLORS.yellow });
      el("rect", { x: mx - w / 2 - 4, y: my - 15, width: w + 8, height: h + 8, rx: 11, fill: "none",
        stroke: COLORS.orange, "stroke-width": 3, "stroke-dasharray": "6 3" }, g);
    }
  }
}

function token(g, m, x, y) {
  const o = OWNERS[m.owner] ?? OWNERS.neutral;
  const leader = m.leader ?? LEADER.test(m.name);
  const t = el("g", { "data-target": `marker:${m.id}`, opacity: m.exhausted ? 0.55 : 1 }, g);
  el("title", {}, t).textContent = markerText(m);
  if (m.owner !== m.control && CONTROL_RING[m.control]) {
    el("circle", { cx: x, cy: y, r: 21, fill: "none", stroke: CONTROL_RING[m.control], "stroke-width": 3.5 }, t);
  }
  shape(t, leader ? "star" : o.shape, x, y, leader ? 17 : 15, o.fill, "#111", { "stroke-width": 2 });
  text(t, x, y + 6, String(m.strength), { "text-anchor": "middle", "font-size": 17, "font-weight": "bold",
    fill: leader ? "#111" : o.ink });
  if (leader && LEADER.test(m.name)) {
    const initials = m.name.split(" ")[1] ?? m.name;
    text(t, x, y + 32, initials.slice(0, 9), { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#222" });
  }
  if (m.exhausted) el("rect", { x: x - 15, y: y + 19, width: 30, height: 4, fill: "#111" }, t);
}

function drawDistrict(svg, d, view, layout) {
  const [w, h] = layout.district_size;
  const info = (view.districts ?? []).find((x) => x.id === d.id) ?? { markers: [], objective_markers: [] };
  const key = `district:${d.id}`;
  const g = target(svg, key, describe(key, view, layout), { class: "space" });
  el("rect", { x: d.x - w / 2, y: d.y - h / 2, width: w, height: h, rx: 18, fill: TINT[d.colour] ?? "#eee",
    stroke: "#4d4436", "stroke-width": 2.5, class: "space-box" }, g);
  text(g, d.x - w / 2 + 12, d.y - h / 2 + 24, d.name, { "font-size": 19, "font-weight": "bold", fill: "#222" });
  text(g, d.x + w / 2 - 12, d.y - h / 2 + 24, d.colour, { "font-size": 12, fill: "#555", "text-anchor": "end" });
  const str = { red: 0, white: 0 };
  for (const m of info.markers) if (str[m.control] !== undefined) str[m.control] += m.strength;
  text(g, d.x - w / 2 + 12, d.y + h / 2 - 10, `Red ${str.red} · White ${str.white}`, { "font-size": 14, fill: "#333" });
  const tags = [];
  if (view.unrest_tile === d.id) tags.push("UNREST!");
  if (view.blockade_tile === d.id) tags.push("BLOCKADE!");
  for (const n of info.objective_markers) tags.push(`Obj ${n}`);
  let tx = d.x + w / 2 - 10;
  for (const tag of tags.reverse()) {
    const tw = tag.length * 9.2 + 10;
    tx -= tw;
    el("rect", { x: tx, y: d.y + h / 2 - 26, width: tw, height: 20, rx: 4, fill: "#222" }, g);
    text(g, tx + 5, d.y + h / 2 - 11, tag, { "font-size": 13, "font-weight": "bold", fill: "#fff" });
    tx -= 5;
  }
  info.markers.forEach((m, i) => {
    const per = 6;
    token(g, m, d.x - w / 2 + 30 + (i % per) * 46, d.y - h / 2 + 58 + Math.floor(i / per) * 50, layout);
  });
}

function drawSide(svg, view, layout) {
  const s = view.score ?? 0;
  const lean = s > 0 ? OWNERS.red : s < 0 ? OWNERS.white : OWNERS.neutral;
  track(svg, layout.tracks.support, "track:support", describe("track:support", view, layout),
    [{ value: s, label: "Support", shape: lean.shape, fill: lean.fill }]);
  track(svg, layout.tracks.calendar, "track:calendar", `Day ${view.day}, ${view.month_label}`,
    [{ value: view.day ?? 1, label: `Day (${view.month_label})`, shape: "hexagon", fill: COLORS.yellow }]);
  const b = layout.boxes;
  panel(svg, b.status, `Round ${view.round ?? ""}: ${view.month_label ?? ""}`);
  const pw = OWNERS[view.popular_will];
  const opp = view.opposition;
  rows(svg, b.status, [
    `Popular Will: ${pw ? pw.name : "-"}${opp && opp.side === view.popular_will ? " (the Opposition)" : ""}`,
    `Phase: ${view.phase ?? ""}${view.turn ? `, turn ${view.turn}` : ""}`,
    `Deck ${view.deck ?? 0}, discard ${view.discard ?? 0}, tiles left ${view.tile_stack ?? 0}`,
    `Blockade: ${layout.connections.find((c) => c.id === view.blockade)?.name ?? "none"}`,
    `Out of the game: ${(view.out_of_game ?? []).length} marker(s)`,
  ]);
  for (const side of ["red", "white"]) {
    const info = view.sides?.[side];
    const o = OWNERS[side];
    panel(svg, b[side], `${o.name}${opp && opp.side === side ? " (Opposition)" : ""}`);
    shape(svg, o.shape, b[side].x + b[side].w - 14, b[side].y + 15, 9, o.fill);
    if (info) {
      drawSupply(svg, b[side], info.supply, view, layout);
      rows(svg, b[side], [
        `Hand: ${info.hand_count} card(s); extra draws ${info.extra_draws ?? 0}`,
        `Secret Objective: ${info.secret_objective ?? "-"}`,
        `In supply: ${info.supply.length} marker(s)`,
        `Played: ${info.played.join(", ") || "-"}`,
      ]);
    } else if (opp) {
      rows(svg, b[side], [
        `Difficulty ${opp.difficulty}; stack ${opp.stack}, leader stack ${opp.leader_stack}`,
        `Leader card: ${opp.leader_card ?? "-"}`,
        `Objective: ${opp.secret_objective ?? "face down"}`,
        `Unit pool: ${opp.pool}`,
        `Played: ${(opp.played ?? []).join(", ") || "-"}`,
      ]);
    }
  }
}

// The markers in a side's supply, as tokens a recruit can name (fresh, controlled by their owner).
function drawSupply(svg, spec, ids, view, layout) {
  const y = spec.y + spec.h - 30;
  text(svg, spec.x + 8, y - 26, "Supply:", { "font-size": 13, fill: "#444" });
  ids.forEach((id, i) => {
    const info = layout.markers?.[id];
    if (!info) return;
    // a leader in the supply goes unnamed: its name is also a card in a hand, and the view names only
    // the markers on the map
    const leader = LEADER.test(info.name);
    const name = leader ? `${OWNERS[info.owner]?.name ?? info.owner} leader` : info.name;
    const m = { id, name, owner: info.owner, control: info.owner, strength: info.fresh, exhausted: false, leader };
    const g = el("g", { transform: `translate(${spec.x + 20 + (i % 13) * 28.5} ${y}) scale(0.62)` }, svg);
    token(g, m, 0, 0);
  });
}

function drawRiver(svg, layout) {
  for (const line of layout.river ?? []) {
    const pts = line.map((p) => p.join(",")).join(" ");
    el("polyline", { points: pts, fill: "none", stroke: "#9cc6e4", "stroke-width": 60, "stroke-linejoin": "round",
      "stroke-linecap": "round" }, svg);
  }
  const first = layout.river?.[0]?.[1];
  if (first) text(svg, first[0] + 30, first[1] + 60, "Neva", { "font-size": 20, "font-style": "italic", fill: "#3b6d94" });
}

export function draw(svg, view, layout, ui = {}) {
  lastLayout = layout;
  clear(svg, layout.viewBox);
  el("rect", { x: 0, y: 0, width: layout.viewBox[2], height: layout.viewBox[3], fill: "#ece6d6" }, svg);
  drawRiver(svg, layout);
  drawConnections(svg, view, layout);
  for (const d of layout.districts) drawDistrict(svg, d, view, layout);
  drawConnectionLabels(svg, view, layout);
  drawSide(svg, view, layout);
}

export function hand(view, ui = {}) {
  const layout = ui.layout ?? lastLayout;
  const mine = view.sides?.[view.role ?? ui.role];
  if (!mine || !Array.isArray(mine.hand)) return "";
  const row = (label) => {
    const c = cardByLabel(layout, label);
    const key = c ? ` data-target="card:${c.id}" tabindex="0"` : "";
    const more = findCard(ui.cards, (x) => x.name === label)?.text ?? "";
    return `<div class="card"${key}><b>${esc(label)}</b><div class="card-text">${esc(cardLine(c).replace(/^[^:]*: /, ""))}</div>`
      + `${more ? `<div class="card-text">${esc(more)}</div>` : ""}</div>`;
  };
  const out = [`<h3>Your hand (${mine.hand.length})</h3>`, mine.hand.map(row).join("") || "<p>Empty.</p>"];
  if (mine.secret_objective && mine.secret_objective !== "hidden") {
    out.push(`<h3>Your Secret Objective</h3>${row(mine.secret_objective)}`);
  }
  return out.join("");
}

export function legend(layout) {
  return [
    legendRow("square", OWNERS.red.fill, "Red unit"),
    legendRow("circle", OWNERS.white.fill, "White unit"),
    legendRow("diamond", OWNERS.neutral.fill, "neutral unit (ring = the side that controls it)"),
    legendRow("hexagon", OWNERS.opposition.fill, "Opposition unit"),
    legendRow("star", OWNERS.red.fill, "leader (name below)"),
    `<span class="legend-item">Number = strength; faded with a bar = exhausted. Brown = bridge, grey = prospekt;`
      + ` dark label = the Blockade marker.</span>`,
  ].join(" ");
}
