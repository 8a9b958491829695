// Cuba Libre: the map of Cuba (Provinces as the island's regions, Cities and Economic Centers beside
// their places), each space's pieces with counts, Support/Opposition, control, Terror/Sabotage and
// Cash markers; the edge track (Resources, Aid, victory totals), cards, eligibility and Available forces.
// Each faction has its own shape; Underground Guerrillas are outlined, Active ones filled.
import { fragment, h } from "../dom.js";
import { raw, t, term } from "../i18n.js";
import { COLORS, cardOf, clear, el, fit, icon, legendRow, panel, rows, shape, stack, target, text, track } from "./svg.js";

// names are drawn in the page's language: each getter reads the catalogue when it is drawn
const FACTIONS = {
  govt: { get name() { return t("Government"); }, get abbr() { return t("Govt"); }, fill: COLORS.blue, shape: "square", ink: "#fff" },
  m26: { get name() { return t("26July"); }, get abbr() { return t("26J"); }, fill: COLORS.vermillion, shape: "circle", ink: "#fff" },
  dr: { get name() { return t("Directorio"); }, get abbr() { return t("DR"); }, fill: COLORS.yellow, shape: "octagon", ink: "#222" },
  syndicate: { get name() { return t("Syndicate"); }, get abbr() { return t("Syn"); }, fill: COLORS.green, shape: "diamond", ink: "#fff" },
};

// piece key -> how it is drawn; `name` the piece, `short` its name in the Available forces box
const PIECES = {
  troop: { f: "govt", shape: "square", get name() { return t("Troops"); } },
  police: { f: "govt", shape: "triangle", get name() { return t("Police"); } },
  govt_base: { f: "govt", shape: "house", get name() { return t("Government Base"); }, get short() { return t("Govt Base"); } },
  m26_u: { f: "m26", shape: "circle", hollow: true, get name() { return t("26July Underground Guerrilla"); }, get short() { return t("26July Guerrilla"); } },
  m26_a: { f: "m26", shape: "circle", get name() { return t("26July Active Guerrilla"); } },
  m26_base: { f: "m26", shape: "house", get name() { return t("26July Base"); } },
  dr_u: { f: "dr", shape: "octagon", hollow: true, get name() { return t("DR Underground Guerrilla"); }, get short() { return t("DR Guerrilla"); } },
  dr_a: { f: "dr", shape: "octagon", get name() { return t("DR Active Guerrilla"); } },
  dr_base: { f: "dr", shape: "house", get name() { return t("DR Base"); } },
  syn_u: { f: "syndicate", shape: "diamond", hollow: true, get name() { return t("Syndicate Underground Guerrilla"); }, get short() { return t("Syndicate Guerrilla"); } },
  syn_a: { f: "syndicate", shape: "diamond", get name() { return t("Syndicate Active Guerrilla"); } },
  casino: { f: "syndicate", shape: "star", get name() { return t("open Casino"); }, get short() { return t("Casino"); } },
  closed_casino: { f: "syndicate", shape: "star", hollow: true, get name() { return t("closed Casino"); } },
};
const LEVELS = {
  get 2() { return t("Active Support"); }, get 1() { return t("Passive Support"); }, get 0() { return t("Neutral"); },
  get "-1"() { return t("Passive Opposition"); }, get "-2"() { return t("Active Opposition"); },
};
const LEVEL_SHORT = {
  get 2() { return t("Active Sup"); }, get 1() { return t("Passive Sup"); }, 0: "",
  get "-1"() { return t("Passive Opp"); }, get "-2"() { return t("Active Opp"); },
};
const KINDS = { get city() { return t("City"); }, get province() { return t("Province"); } };
const faction = (id) => FACTIONS[id]?.name ?? term(id);
// what the 1st Eligible faction did on this card (CL 2.3.4)
const FIRST_DID = {
  get event() { return t("Event"); }, get op() { return t("Operation"); },
  get opsa() { return t("Operation with a Special Activity"); }, get limop() { return t("Limited Operation"); },
  get pass() { return t("Pass"); },
};
const TERRAIN = { forest: "#dcebd3", grassland: "#eef0cf", mountain: "#e6dccb" };

function spaceOf(view, name) {
  return (view.spaces ?? []).find((s) => s.name === name);
}

function title(id, layout, cards) {
  const c = cardOf(cards, id);
  const name = c ? c.name : layout.card_titles?.[String(id)];
  return name ? term(name) : t("Card {id}", { id });
}

function piecesText(pieces) {
  return Object.entries(pieces ?? {}).map(([k, n]) => `${n} ${PIECES[k]?.name ?? term(k)}`).join(", ");
}

export function describe(key, view, _layout) {
  const [kind, rest] = key.split(/:(.*)/s);
  if (kind === "space") {
    const s = spaceOf(view, rest);
    if (!s) return rest;
    const name = raw(term(s.name));
    const parts = [s.kind === "ec" ? t("{space} (Economic Center, econ {econ})", { space: name, econ: s.econ })
      : t("{space} ({kind}, population {pop})", { space: name, kind: raw(KINDS[s.kind] ?? term(s.kind)), pop: s.pop })];
    if (s.kind !== "ec") parts.push(LEVELS[s.level] ?? LEVELS[0]);
    parts.push(s.control ? t("{faction} control", { faction: raw(faction(s.control)) }) : t("no control"));
    if (s.terror) parts.push(t("{n} Terror", { n: s.terror }));
    if (s.sabotage) parts.push(t("Sabotaged"));
    if (s.cash?.length) parts.push(t("Cash: {factions}", { factions: raw(s.cash.map(faction).join(", ")) }));
    parts.push(piecesText(s.pieces) || t("no pieces"));
    return parts.join("; ") + ".";
  }
  if (kind === "track") {
    const r = view.resources ?? {};
    const tot = view.totals ?? {};
    const resources = Object.entries(FACTIONS).map(([f, d]) => `${d.name} ${r[f] ?? 0}`).join(", ");
    return t("Resources: {resources}; Aid {aid}; Total Support {support}, Opposition + Bases {opposition}, DR Pop + Bases {dr}, open Casinos {casinos}.", {
      resources: raw(resources), aid: view.aid ?? 0, support: tot.total_support ?? 0, opposition: tot.opposition_plus_bases ?? 0,
      dr: tot.dr_pop_plus_bases ?? 0, casinos: tot.open_casinos ?? 0 });
  }
  if (kind === "faction") {
    const f = FACTIONS[rest];
    if (!f) return rest;
    const parts = [t("{faction}: Resources {n}", { faction: raw(f.name), n: view.resources?.[rest] ?? 0 }) + "; "
      + ((view.eligible ?? []).includes(rest) ? t("Eligible") : t("Ineligible"))];
    if ((view.acted ?? []).includes(rest)) parts.push(t("acted on this card"));
    if ((view.nonplayers ?? []).includes(rest)) parts.push(t("Non-player"));
    return parts.join(", ") + ".";
  }
  if (kind === "card") {
    return t("Current card {card}: {title}; next: {next}.", { card: view.current_card ?? "-",
      title: raw(term(view.current_title ?? "")), next: raw(term(view.next_title ?? "")) });
  }
  return "";
}

export function targetOf(action, _view, layout) {
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
  const info = s.kind === "ec" ? t("econ {n}", { n: sp.econ ?? "" }) : t("pop {n}", { n: sp.pop ?? "" });
  // the name shrinks to leave the population its room (Greek names are longer: they overlapped it)
  const name = term(s.name);
  const room = s.w - 7 - 6 - info.length * 12.5 * 0.58 - 6;
  text(g, x0 + 7, y0 + 17, name, { "font-size": fit(name.length * 1.15, room, 15), "font-weight": "bold", fill: "#222" });
  text(g, x0 + s.w - 6, y0 + 17, info, { "font-size": 12.5, fill: "#555", "text-anchor": "end" });
  // pieces: one shape per kind present, with its count, 7 to a row
  const entries = Object.entries(sp.pieces ?? {}).filter(([, n]) => n > 0);
  entries.forEach(([k, n], i) => {
    const p = PIECES[k] ?? { f: "govt", shape: "circle", name: term(k) };
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
  if (sp.control) tags.push([t("{faction} ctrl", { faction: raw(FACTIONS[sp.control]?.abbr ?? term(sp.control)) }), "#222"]);
  if (sp.terror) tags.push([sp.terror > 1 ? t("Terror x{n}", { n: sp.terror }) : t("Terror"), "#6b0f5e"]);
  if (sp.sabotage) tags.push([t("Sabotage"), "#6b0f5e"]);
  if (sp.cash?.length) tags.push([`$ ${sp.cash.map((f) => FACTIONS[f]?.abbr ?? f).join(" ")}`, "#0b5d3b"]);
  let tx = x0 + 5;
  let ty = y0 + 36 + Math.ceil(Math.max(entries.length, 1) / 7) * 25 - 6;
  for (const [label, color] of tags) {
    const w = label.length * 7.6 + 8;
    if (tx + w > x0 + s.w - 3) {
      tx = x0 + 5;
      ty += 19;
    }
    el("rect", { x: tx, y: ty - 12, width: w, height: 17, rx: 3, fill: "#fff", stroke: color, "stroke-width": 1.5 }, g);
    text(g, tx + 4, ty + 1, label, { "font-size": 12, "font-weight": "bold", fill: color });
    tx += w + 4;
  }
}

function drawPanels(svg, view, layout, ui) {
  const b = layout.boxes;
  const cardBox = target(svg, "card:current", describe("card:current", view, layout));
  panel(cardBox, b.cards, t("Cards"));
  const caps = (view.capabilities ?? []).map((c) => `${title(Number(c.slice(0, -1)), layout, ui.cards)} (${c.endsWith("s") ? t("shaded") : t("unshaded")})`);
  const moms = (view.momentum ?? []).map((m) => title(Number(m), layout, ui.cards));
  const cardName = (id, name) => (id === null || id === undefined ? "-" : `${id} ${name ? term(name) : ""}`);
  rows(cardBox, b.cards, [
    t("Current: {current}    Next: {next}", { current: raw(cardName(view.current_card, view.current_title)), next: raw(cardName(view.next_card, view.next_title)) }),
    t("Deck {deck}, played {played}, Propaganda {propaganda}/4; phase {phase}", { deck: view.deck_count ?? 0,
      played: view.played?.length ?? 0, propaganda: view.propaganda_played ?? 0, phase: view.phase ?? "" }),
    t("Capabilities: {cards}", { cards: raw(caps.join(", ") || t("none")) }).slice(0, 84),
    t("Momentum: {cards}", { cards: raw(moms.join(", ") || t("none")) }).slice(0, 84),
  ], { start: 40, step: 18 });
  panel(svg, b.factions, t("Factions (US Alliance: {alliance})", { alliance: view.alliance ?? "" }));
  Object.entries(FACTIONS).forEach(([f, d], i) => {
    const x = b.factions.x + 10 + (i % 2) * 238;
    const y = b.factions.y + 30 + Math.floor(i / 2) * 58;
    const key = `faction:${f}`;
    const g = target(svg, key, describe(key, view, layout));
    el("rect", { x, y, width: 228, height: 52, rx: 5, fill: "#fff", stroke: d.fill, "stroke-width": 2.5 }, g);
    shape(g, d.shape, x + 13, y + 14, 8, d.fill);
    text(g, x + 27, y + 19, d.name, { "font-size": 14.5, "font-weight": "bold" });
    text(g, x + 224, y + 19, t("Res {n}", { n: view.resources?.[f] ?? 0 }), { "font-size": 14, "text-anchor": "end" });
    const elig = (view.eligible ?? []).includes(f);
    const acted = (view.acted ?? []).includes(f);
    const tags = [acted ? t("Acted") : elig ? t("Eligible") : t("Ineligible")];
    if ((view.nonplayers ?? []).includes(f)) tags.push(t("Non-player"));
    if ((view.active ?? []).includes(f)) tags.push(t("to act"));
    const dec = view.deception?.[f];
    if (dec && (dec.hidden || dec.revealed?.length)) tags.push(t("Deception {n}", { n: dec.hidden }));
    text(g, x + 6, y + 42, tags.join(", "), { "font-size": 13, "font-weight": elig ? "bold" : "normal",
      fill: elig ? "#0b5d3b" : "#8a2c0a" });
  });
  panel(svg, b.available, t("Available forces"));
  const av = view.available ?? {};
  const avail = [["troops", "troop"], ["police", "police"], ["govt_bases", "govt_base"], ["m26_guerrillas", "m26_u"],
    ["m26_bases", "m26_base"], ["dr_guerrillas", "dr_u"], ["dr_bases", "dr_base"], ["syndicate_guerrillas", "syn_u"],
    ["casinos", "casino"]];
  avail.forEach(([k, piece], i) => {
    const p = PIECES[piece];
    const f = FACTIONS[p.f];
    // two columns: a Greek name ("4 Βάση του Ντιρεκτοράτου") keeps its size (three shrank it to 10)
    const x = b.available.x + 22 + (i % 2) * 270;
    const y = b.available.y + 48 + Math.floor(i / 2) * 36;
    if (p.hollow) shape(svg, p.shape, x, y, 11, "#fff", f.fill, { "stroke-width": 3.5 });
    else shape(svg, p.shape, x, y, 11, f.fill);
    // a long name (Greek: "3 Βάση της 26 Ιουλίου") shrinks to its column rather than run into the next one
    const label = `${av[k] ?? 0} ${p.short ?? p.name}`;
    text(svg, x + 18, y + 5, label, { "font-size": fit(label.length * 1.12, 240, 13.5) });
  });
  panel(svg, b.markers, t("Markers"));
  rows(svg, b.markers, [
    t("Cash markers available: {n}", { n: view.cash_available ?? 0 }),
    t("Terror/Sabotage markers left: {n}", { n: view.markers_left ?? 0 }),
    t("First eligible did: {what}", { what: raw(FIRST_DID[view.first_did] ?? (view.first_did ? term(view.first_did) : "-")) }),
    t("Non-players: {factions}", { factions: raw((view.nonplayers ?? []).map((f) => FACTIONS[f]?.abbr ?? term(f)).join(", ") || t("none")) }),
  ], { size: 13, step: 17, max: Math.floor((b.markers.w - 14) / 7.2), wrap: 1 });  // a long (Greek) line wraps inside the box
}

function drawTrack(svg, view, layout) {
  const r = view.resources ?? {};
  const tot = view.totals ?? {};
  const markers = Object.entries(FACTIONS).map(([f, d]) => ({ value: r[f] ?? 0, label: t("{faction} Resources", { faction: raw(d.name) }),
    shape: d.shape, fill: d.fill, tag: d.abbr }));
  markers.push({ value: view.aid ?? 0, label: t("Aid"), shape: "hexagon", fill: COLORS.sky, tag: t("Aid") });
  markers.push({ value: tot.total_support ?? 0, label: t("Total Support (Govt)"), shape: "triangle", fill: COLORS.blue, tag: t("Sup") });
  markers.push({ value: tot.opposition_plus_bases ?? 0, label: t("Opposition + Bases (26July)"), shape: "triangle", fill: COLORS.vermillion, tag: t("Opp") });
  markers.push({ value: tot.dr_pop_plus_bases ?? 0, label: t("DR Pop + Bases"), shape: "triangle", fill: COLORS.yellow, tag: t("DRp") });
  markers.push({ value: tot.open_casinos ?? 0, label: t("open Casinos (Syndicate)"), shape: "star", fill: COLORS.green, tag: t("Cas") });
  track(svg, { ...layout.tracks.edge, title: t("Resources, Aid and victory totals") }, "track:edge", describe("track:edge", view, layout), markers);
}

export function draw(svg, view, layout, ui = {}) {
  clear(svg, layout.viewBox);
  drawMap(svg, view, layout);
  for (const s of layout.spaces) drawSpace(svg, s, view, layout);
  drawPanels(svg, view, layout, ui);
  drawTrack(svg, view, layout);
}

const BY_NAME = { Government: "govt", "26July": "m26", Directorio: "dr", Syndicate: "syndicate" }; // the catalogue's order

/** A card's faction order as the four faction symbols, in order (named for a screen reader). */
function factionOrder(order) {
  const keys = String(order ?? "").split(",").map((name) => BY_NAME[name.trim()]).filter(Boolean);
  if (keys.length !== 4) return null;
  return [" ", h("span", { class: "faction-order", role: "img", "aria-label": keys.map((k) => FACTIONS[k].name).join(", ") },
    keys.map((k) => icon(FACTIONS[k].shape, FACTIONS[k].fill)))];
}

export function hand(view, ui = {}) {
  // Cuba Libre has no hands: the current and next cards' texts (public), and a faction's own
  // Deception markers (the variant's private information)
  const out = [];
  for (const [what, id, name] of [[t("Current card"), view.current_card, view.current_title], [t("Next card"), view.next_card, view.next_title]]) {
    if (id === null || id === undefined) continue;
    const c = cardOf(ui.cards, id);
    out.push(h("div", { class: "card" }, h("b", {}, `${what}: ${id}. ${term(c?.name ?? name ?? "")}`), factionOrder(c?.order),
      c?.text ? h("div", { class: "card-text pre-line" }, term(c.text)) : null));
  }
  const dec = view.deception?.[view.role];
  if (dec?.mine?.length) out.push(h("h3", {}, t("Your Deception markers")), h("ul", {}, dec.mine.map((m) => h("li", {}, term(m)))));
  return fragment(out);
}

export function legend() {
  const out = [];
  for (const p of Object.values(PIECES)) out.push(legendRow(p.shape, FACTIONS[p.f].fill, p.name, p.hollow), " ");
  out.push(h("span", { class: "legend-item" }, t("Thick coloured border = that faction controls the space; tags: Support/Opposition, control, Terror, Sabotage, $ = Cash held; dotted lines join adjacent spaces.")));
  return fragment(out);
}
