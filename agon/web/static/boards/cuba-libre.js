// Cuba Libre: the map of Cuba (Provinces as the island's regions, Cities and Economic Centers beside
// their places), each space's pieces with counts, Support/Opposition, control, Terror/Sabotage and
// Cash markers; the edge track (Resources, Aid, victory totals), cards, eligibility and Available forces.
// Each faction has its own shape; Underground Guerrillas are outlined, Active ones filled.
import { COLORS, cardOf, clear, el, esc, legendRow, panel, rows, shape, stack, target, text, track } from "./svg.js";

const FACTIONS = {
  govt: { name: "Government", abbr: "Govt", fill: COLORS.blue, shape: "square", ink: "#fff" },
  m26: { name: "26July", abbr: "26J", fill: COLORS.vermillion, shape: "circle", ink: "#fff" },
  dr: { name: "Directorio", abbr: "DR", fill: COLORS.yellow, shape: "octagon", ink: "#222" },
  syndicate: { name: "Syndicate", abbr: "Syn", fill: COLORS.green, shape: "diamond", ink: "#fff" },
};

// piece key -> how it is drawn
const PIECES = {
  troop: { f: "govt", shape: "square", name: "Troops" },
  police: { f: "govt", shape: "triangle", name: "Police" },
  govt_base: { f: "govt", shape: "house", name: "Government Base" },
  m26_u: { f: "m26", shape: "circle", hollow: true, name: "26July Underground Guerrilla" },
  m26_a: { f: "m26", shape: "circle", name: "26July Active Guerrilla" },
  m26_base: { f: "m26", shape: "house", name: "26July Base" },
  dr_u: { f: "dr", shape: "octagon", hollow: true, name: "DR Underground Guerrilla" },
  dr_a: { f: "dr", shape: "octagon", name: "DR Active Guerrilla" },
  dr_base: { f: "dr", shape: "house", name: "DR Base" },
  syn_u: { f: "syndicate", shape: "diamond", hollow: true, name: "Syndicate Underground Guerrilla" },
  syn_a: { f: "syndicate", shape: "diamond", name: "Syndicate Active Guerrilla" },
  casino: { f: "syndicate", shape: "star", name: "open Casino" },
  closed_casino: { f: "syndicate", shape: "star", hollow: true, name: "closed Casino" },
};
const LEVELS = { 2: "Active Support", 1: "Passive Support", 0: "Neutral", "-1": "Passive Opposition", "-2": "Active Opposition" };
const LEVEL_SHORT = { 2: "Active Sup", 1: "Passive Sup", 0: "", "-1": "Passive Opp", "-2": "Active Opp" };
const TERRAIN = { forest: "#dcebd3", grassland: "#eef0cf", mountain: "#e6dccb" };

function spaceOf(view, name) {
  return (view.spaces ?? []).find((s) => s.name === name);
}

function title(id, layout, cards) {
  const c = cardOf(cards, id);
  return c ? c.name : (layout.card_titles?.[String(id)] ?? `Card ${id}`);
}

function piecesText(pieces) {
  return Object.entries(pieces ?? {}).map(([k, n]) => `${n} ${PIECES[k]?.name ?? k}`).join(", ");
}

export function describe(key, view, layout) {
  const [kind, rest] = key.split(/:(.*)/s);
  if (kind === "space") {
    const s = spaceOf(view, rest);
    if (!s) return rest;
    const parts = [`${s.name} (${s.kind === "ec" ? `Economic Center, econ ${s.econ}` : `${s.kind}, population ${s.pop}`})`];
    if (s.kind !== "ec") parts.push(LEVELS[s.level] ?? "Neutral");
    parts.push(s.control ? `${FACTIONS[s.control]?.name ?? s.control} control` : "no control");
    if (s.terror) parts.push(`${s.terror} Terror`);
    if (s.sabotage) parts.push("Sabotaged");
    if (s.cash?.length) parts.push(`Cash: ${s.cash.map((f) => FACTIONS[f]?.name ?? f).join(", ")}`);
    parts.push(piecesText(s.pieces) || "no pieces");
    return parts.join("; ") + ".";
  }
  if (kind === "track") {
    const r = view.resources ?? {};
    const t = view.totals ?? {};
    return `Resources: ${Object.entries(FACTIONS).map(([f, d]) => `${d.name} ${r[f] ?? 0}`).join(", ")}; Aid ${view.aid}; `
      + `Total Support ${t.total_support}, Opposition + Bases ${t.opposition_plus_bases}, `
      + `DR Pop + Bases ${t.dr_pop_plus_bases}, open Casinos ${t.open_casinos}.`;
  }
  if (kind === "faction") {
    const f = FACTIONS[rest];
    if (!f) return rest;
    return `${f.name}: Resources ${view.resources?.[rest] ?? 0}; ${(view.eligible ?? []).includes(rest) ? "Eligible" : "Ineligible"}`
      + `${(view.acted ?? []).includes(rest) ? ", acted on this card" : ""}${(view.nonplayers ?? []).includes(rest) ? ", Non-player" : ""}.`;
  }
  if (kind === "card") return `Current card ${view.current_card}: ${view.current_title}; next: ${view.next_title}.`;
  return "";
}

export function targetOf(action, view, layout) {
  const { verb, arg } = action;
  const names = new Set(layout.spaces.map((s) => s.name));
  if (typeof arg === "string" && names.has(arg)) return `space:${arg}`;
  if (Array.isArray(arg) && typeof arg[0] === "string" && names.has(arg[0])) return `space:${arg[0]}`;
  if (["faction", "give to", "ask", "activate", "target", "holder"].includes(verb) && FACTIONS[arg]) return `faction:${arg}`;
  if (verb === "event") return "card:current";
  return null;
}

function drawMap(svg, view, layout) {
  el("rect", { x: 0, y: 0, width: layout.viewBox[2], height: layout.viewBox[3], fill: "#cfe3ee" }, svg);
  el("polygon", { points: layout.coast.map((p) => p.join(",")).join(" "), fill: "#efe8d2", stroke: "#6f6a55",
    "stroke-width": 3, "stroke-linejoin": "round" }, svg);
  for (const s of layout.spaces.filter((s) => s.areas)) {
    const key = `space:${s.name}`;
    const g = el("g", { "data-target": key, class: "space-area" }, svg);
    el("title", {}, g).textContent = describe(key, view, layout);
    for (const area of s.areas) {
      el("polygon", { points: area.map((p) => p.join(",")).join(" "), fill: TERRAIN[s.terrain] ?? "#eee",
        stroke: "#8a8270", "stroke-width": 1.5, "stroke-dasharray": "7 4" }, g);
    }
  }
  const at = new Map(layout.spaces.map((s) => [s.name, s]));
  for (const [a, b] of layout.connections) {
    const sa = at.get(a);
    const sb = at.get(b);
    if (sa.kind === "province" && sb.kind === "province") continue; // shared borders show these
    el("line", { x1: sa.x, y1: sa.y, x2: sb.x, y2: sb.y, stroke: "#4d4a40", "stroke-width": 2.5,
      "stroke-dasharray": "2 5", "stroke-linecap": "round" }, svg);
  }
  for (const s of layout.spaces) {
    if (s.kind === "province") continue;
    el("line", { x1: s.ax, y1: s.ay, x2: s.x, y2: s.y, stroke: "#333", "stroke-width": 1.5 }, svg);
    if (s.kind === "city") el("circle", { cx: s.ax, cy: s.ay, r: 9, fill: "#333", stroke: "#fff", "stroke-width": 2 }, svg);
    else shape(svg, "hexagon", s.ax, s.ay, 9, "#777");
  }
}

function drawSpace(svg, s, view, layout) {
  const sp = spaceOf(view, s.name) ?? { pieces: {}, level: 0 };
  const key = `space:${s.name}`;
  const g = target(svg, key, describe(key, view, layout), { class: "space" });
  const x0 = s.x - s.w / 2;
  const y0 = s.y - s.h / 2;
  const fill = s.kind === "city" ? "#fbf7ee" : s.kind === "ec" ? (sp.sabotage ? "#e1d2d2" : "#eef1f4") : "#fffdf6";
  el("rect", { x: x0, y: y0, width: s.w, height: s.h, rx: s.kind === "city" ? 14 : 5, fill, "fill-opacity": 0.95,
    stroke: sp.control ? FACTIONS[sp.control]?.fill : "#555", "stroke-width": sp.control ? 4 : 1.5,
    class: "space-box" }, g);
  const info = s.kind === "ec" ? `econ ${sp.econ ?? ""}` : `pop ${sp.pop ?? ""}`;
  text(g, x0 + 7, y0 + 17, s.name, { "font-size": 15, "font-weight": "bold", fill: "#222" });
  text(g, x0 + s.w - 6, y0 + 17, info, { "font-size": 11, fill: "#555", "text-anchor": "end" });
  // pieces: one shape per kind present, with its count, 7 to a row
  const entries = Object.entries(sp.pieces ?? {}).filter(([, n]) => n > 0);
  entries.forEach(([k, n], i) => {
    const p = PIECES[k] ?? { f: "govt", shape: "circle", name: k };
    const f = FACTIONS[p.f];
    const cx = x0 + 16 + (i % 7) * 27;
    const cy = y0 + 36 + Math.floor(i / 7) * 25;
    const piece = el("g", {}, g);
    el("title", {}, piece).textContent = `${n} ${p.name}`;
    if (p.hollow) {
      shape(piece, p.shape, cx, cy, 11, "#fff", f.fill, { "stroke-width": 3.6 });
      if (n > 1) text(piece, cx, cy + 5, String(n), { "text-anchor": "middle", "font-size": 13.5, "font-weight": "bold", fill: "#222" });
    } else stack(piece, p.shape, cx, cy, 11, f.fill, n, { ink: f.ink });
  });
  // markers below the pieces: Support/Opposition, control, Terror or Sabotage, Cash (wrapping)
  const tags = [];
  if (s.kind !== "ec" && sp.level) tags.push([LEVEL_SHORT[sp.level], sp.level > 0 ? "#1d4f91" : "#8a2c0a"]);
  if (sp.control) tags.push([`${FACTIONS[sp.control]?.abbr ?? sp.control} ctrl`, "#222"]);
  if (sp.terror) tags.push([`Terror${sp.terror > 1 ? " x" + sp.terror : ""}`, "#6b0f5e"]);
  if (sp.sabotage) tags.push(["Sabotage", "#6b0f5e"]);
  if (sp.cash?.length) tags.push([`$ ${sp.cash.map((f) => FACTIONS[f]?.abbr ?? f).join(" ")}`, "#0b5d3b"]);
  let tx = x0 + 5;
  let ty = y0 + 36 + Math.ceil(Math.max(entries.length, 1) / 7) * 25 - 6;
  for (const [label, color] of tags) {
    const w = label.length * 7 + 8;
    if (tx + w > x0 + s.w - 3) {
      tx = x0 + 5;
      ty += 18;
    }
    el("rect", { x: tx, y: ty - 11, width: w, height: 15, rx: 3, fill: "#fff", stroke: color, "stroke-width": 1.5 }, g);
    text(g, tx + 4, ty + 0.5, label, { "font-size": 11, "font-weight": "bold", fill: color });
    tx += w + 4;
  }
}

function drawPanels(svg, view, layout, ui) {
  const b = layout.boxes;
  const cardBox = target(svg, "card:current", describe("card:current", view, layout));
  panel(cardBox, b.cards, "Cards");
  const caps = (view.capabilities ?? []).map((c) => `${title(Number(c.slice(0, -1)), layout, ui.cards)} (${c.endsWith("s") ? "shaded" : "unshaded"})`);
  const moms = (view.momentum ?? []).map((m) => title(Number(m), layout, ui.cards));
  rows(cardBox, b.cards, [
    `Current: ${view.current_card ?? "-"} ${view.current_title ?? ""}    Next: ${view.next_card ?? ""} ${view.next_title ?? ""}`,
    `Deck ${view.deck_count ?? 0}, played ${view.played?.length ?? 0}, Propaganda ${view.propaganda_played ?? 0}/4; phase ${view.phase ?? ""}`,
    `Capabilities: ${caps.join(", ") || "none"}`.slice(0, 84),
    `Momentum: ${moms.join(", ") || "none"}`.slice(0, 84),
  ], { start: 40, step: 18 });
  panel(svg, b.factions, `Factions (US Alliance: ${view.alliance ?? ""})`);
  Object.entries(FACTIONS).forEach(([f, d], i) => {
    const x = b.factions.x + 10 + (i % 2) * 238;
    const y = b.factions.y + 30 + Math.floor(i / 2) * 58;
    const key = `faction:${f}`;
    const g = target(svg, key, describe(key, view, layout));
    el("rect", { x, y, width: 228, height: 52, rx: 5, fill: "#fff", stroke: d.fill, "stroke-width": 2.5 }, g);
    shape(g, d.shape, x + 13, y + 14, 8, d.fill);
    text(g, x + 27, y + 19, d.name, { "font-size": 14.5, "font-weight": "bold" });
    text(g, x + 224, y + 19, `Res ${view.resources?.[f] ?? 0}`, { "font-size": 14, "text-anchor": "end" });
    const elig = (view.eligible ?? []).includes(f);
    const acted = (view.acted ?? []).includes(f);
    const tags = [acted ? "Acted" : elig ? "Eligible" : "Ineligible"];
    if ((view.nonplayers ?? []).includes(f)) tags.push("Non-player");
    if ((view.active ?? []).includes(f)) tags.push("to act");
    const dec = view.deception?.[f];
    if (dec && (dec.hidden || dec.revealed?.length)) tags.push(`Deception ${dec.hidden}`);
    text(g, x + 6, y + 42, tags.join(", "), { "font-size": 13, "font-weight": elig ? "bold" : "normal",
      fill: elig ? "#0b5d3b" : "#8a2c0a" });
  });
  panel(svg, b.available, "Available forces");
  const av = view.available ?? {};
  const avail = [["troops", "troop"], ["police", "police"], ["govt_bases", "govt_base"], ["m26_guerrillas", "m26_u"],
    ["m26_bases", "m26_base"], ["dr_guerrillas", "dr_u"], ["dr_bases", "dr_base"], ["syndicate_guerrillas", "syn_u"],
    ["casinos", "casino"]];
  avail.forEach(([k, piece], i) => {
    const p = PIECES[piece];
    const f = FACTIONS[p.f];
    const x = b.available.x + 22 + (i % 3) * 180;
    const y = b.available.y + 50 + Math.floor(i / 3) * 50;
    if (p.hollow) shape(svg, p.shape, x, y, 11, "#fff", f.fill, { "stroke-width": 3.5 });
    else shape(svg, p.shape, x, y, 11, f.fill);
    text(svg, x + 18, y + 5, `${av[k] ?? 0} ${p.name.replace("Underground ", "").replace("Government", "Govt").replace("open ", "")}`.slice(0, 22),
      { "font-size": 13.5 });
  });
  panel(svg, b.markers, "Markers");
  rows(svg, b.markers, [
    `Cash markers available: ${view.cash_available ?? 0}`,
    `Terror/Sabotage markers left: ${view.markers_left ?? 0}`,
    `First eligible did: ${view.first_did ?? "-"}`,
    `Non-players: ${(view.nonplayers ?? []).map((f) => FACTIONS[f]?.abbr ?? f).join(", ") || "none"}`,
  ]);
}

function drawTrack(svg, view, layout) {
  const r = view.resources ?? {};
  const t = view.totals ?? {};
  const markers = Object.entries(FACTIONS).map(([f, d]) => ({ value: r[f] ?? 0, label: `${d.name} Resources`,
    shape: d.shape, fill: d.fill, tag: d.abbr }));
  markers.push({ value: view.aid ?? 0, label: "Aid", shape: "hexagon", fill: COLORS.sky, tag: "Aid" });
  markers.push({ value: t.total_support ?? 0, label: "Total Support (Govt)", shape: "triangle", fill: COLORS.blue, tag: "Sup" });
  markers.push({ value: t.opposition_plus_bases ?? 0, label: "Opposition + Bases (26July)", shape: "triangle", fill: COLORS.vermillion, tag: "Opp" });
  markers.push({ value: t.dr_pop_plus_bases ?? 0, label: "DR Pop + Bases", shape: "triangle", fill: COLORS.yellow, tag: "DRp" });
  markers.push({ value: t.open_casinos ?? 0, label: "open Casinos (Syndicate)", shape: "star", fill: COLORS.green, tag: "Cas" });
  track(svg, layout.tracks.edge, "track:edge", describe("track:edge", view, layout), markers);
}

export function draw(svg, view, layout, ui = {}) {
  clear(svg, layout.viewBox);
  drawMap(svg, view, layout);
  for (const s of layout.spaces) drawSpace(svg, s, view, layout);
  drawPanels(svg, view, layout, ui);
  drawTrack(svg, view, layout);
}

export function hand(view, ui = {}) {
  // Cuba Libre has no hands: the current and next cards' texts (public), and a faction's own
  // Deception markers (the variant's private information)
  const out = [];
  for (const [what, id, name] of [["Current card", view.current_card, view.current_title], ["Next card", view.next_card, view.next_title]]) {
    if (id === null || id === undefined) continue;
    const c = cardOf(ui.cards, id);
    out.push(`<div class="card"><b>${esc(what)}: ${esc(id)}. ${esc(c?.name ?? name ?? "")}</b>`
      + `${c?.text ? `<div class="card-text" style="white-space:pre-line">${esc(c.text)}</div>` : ""}</div>`);
  }
  const dec = view.deception?.[view.role];
  if (dec?.mine?.length) out.push(`<h3>Your Deception markers</h3><ul>${dec.mine.map((m) => `<li>${esc(m)}</li>`).join("")}</ul>`);
  return out.join("");
}

export function legend(layout) {
  const out = [];
  for (const p of Object.values(PIECES)) out.push(legendRow(p.shape, FACTIONS[p.f].fill, p.name, p.hollow));
  out.push(`<span class="legend-item">Thick coloured border = that faction controls the space; `
    + `tags: Support/Opposition, control, Terror, Sabotage, $ = Cash held; dotted lines join adjacent spaces.</span>`);
  return out.join(" ");
}
