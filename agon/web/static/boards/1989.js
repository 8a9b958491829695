// 1989: Dawn of Freedom: the map of Eastern Europe (six countries, 75 spaces, their connections),
// the VP, turn, action round and Tiananmen Square tracks, the card piles and the power struggle.
// Support Points: Democrat = blue square, Communist = vermillion circle; filled when that side
// controls the space, outlined otherwise.
import { COLORS, cardOf, clear, el, esc, legendRow, panel, rows, shape, stack, target, text, track } from "./svg.js";

const SIDE = {
  democrat: { name: "Democrat", fill: COLORS.blue, shape: "square", abbr: "D" },
  communist: { name: "Communist", fill: COLORS.vermillion, shape: "circle", abbr: "C" },
};
const CLASS_ABBR = { Worker: "Wkr", Farmer: "Frm", Elite: "Elt", Bureaucrat: "Bur", Student: "Stu",
  Intellectual: "Int", Church: "Chu", Minority: "Min" };
const COUNTRY_TINT = { "East Germany": "#e9e4f2", Poland: "#f3e8dc", Czechoslovakia: "#e0eef0",
  Hungary: "#eef0dc", Romania: "#f5e3e8", Bulgaria: "#e3ecdf" };

const OPTS = { start: 40, step: 19, size: 14, max: 40 };

function spaceName(s) {
  return s.name.replace(/, (Poland|Czechoslovakia|Hungary|Romania|Bulgaria)$/, "");
}

function wrap(name, per) {
  const words = name.split(" ");
  const lines = [""];
  for (const w of words) {
    const cur = lines[lines.length - 1];
    if (cur && (cur + " " + w).length > per && lines.length < 2) lines.push(w);
    else lines[lines.length - 1] = cur ? cur + " " + w : w;
  }
  return lines;
}

function cardTitle(id, layout, cards) {
  const c = cardOf(cards, id);
  return c ? c.name : (layout.card_titles?.[String(id)] ?? `Card ${id}`);
}

function psCard(id, layout) {
  const [name, value] = layout.power_cards?.[String(id)] ?? [`Card ${id}`, null];
  return value ? `${name} ${value}` : name;
}

function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

function spText(view, id) {
  const d = view.sp?.democrat?.[id] ?? 0;
  const c = view.sp?.communist?.[id] ?? 0;
  const ctrl = view.control?.[id];
  return { d, c, ctrl };
}

export function describe(key, view, layout) {
  const [kind, rest] = key.split(/:(.*)/s);
  if (kind === "space") {
    const s = layout.spaces[Number(rest)];
    if (!s) return "";
    const { d, c, ctrl } = spText(view, s.id);
    const destroyed = (view.destroyed ?? []).includes(s.id);
    return `${s.name} (${s.country}): ${s.class}, stability ${s.stability}${s.battleground ? ", battleground" : ""}. `
      + `Democrat SP ${d}, Communist SP ${c}; ${ctrl ? SIDE[ctrl].name + " control" : "uncontrolled"}`
      + `${destroyed ? "; destroyed" : ""}.`;
  }
  if (kind === "country") {
    const n = rest;
    const power = view.power?.[n];
    return `${n}: ${power ? SIDE[power].name + " in power" : ""}${view.power_kept?.[n] ? `, retained ${view.power_kept[n]}x` : ""}.`;
  }
  if (kind === "track") {
    if (rest === "vp") return `Victory points: ${view.vp > 0 ? "+" : ""}${view.vp} (positive favours the Democrat).`;
    if (rest === "turn") return `Turn ${view.turn}, action round ${view.action_round}; ${view.phasing} phasing.`;
    if (rest === "tiananmen") {
      const t = view.tiananmen ?? {};
      const names = layout.tiananmen_names ?? {};
      const at = (side) => t[side] ? `${t[side]} (${names[side]?.names?.[t[side] - 1] ?? ""})` : "0";
      return `Tiananmen Square track: Democrat ${at("democrat")}, Communist ${at("communist")}.`;
    }
  }
  if (kind === "card") return `${cardTitle(Number(rest), layout)} (card ${rest}).`;
  if (kind === "pscard") return psCard(Number(rest), layout);
  if (kind === "suit") return `Suit: ${rest}`;
  return "";
}

export function targetOf(action, view, layout) {
  const { verb, arg } = action;
  if (verb === "space" && Number.isInteger(arg) && layout.spaces[arg]) return `space:${arg}`;
  if (verb === "card" && Number.isInteger(arg)) return `card:${arg}`;
  if (verb === "pscard" && Number.isInteger(arg)) return `pscard:${arg}`;
  if (verb === "option" && typeof arg === "string" && layout.countries[arg]) return `country:${arg}`;
  if (verb === "play" && arg === "tiananmen") return "track:tiananmen";
  return null;
}

function drawCountries(svg, view, layout) {
  const [w, h] = layout.space_size;
  for (const [name, info] of Object.entries(layout.countries)) {
    const corners = [];
    for (const s of layout.spaces.filter((s) => s.country === name)) {
      for (const [dx, dy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) corners.push([s.x + dx * w / 2, s.y + dy * h / 2]);
    }
    corners.push([info.x - info.w / 2, info.y - info.h / 2], [info.x + info.w / 2, info.y - info.h / 2]);
    const pts = hull(corners).map((p) => p.join(",")).join(" ");
    el("polygon", { points: pts, fill: COUNTRY_TINT[name] ?? "#eee", stroke: COUNTRY_TINT[name] ?? "#eee",
      "stroke-width": 26, "stroke-linejoin": "round" }, svg);
    el("polygon", { points: pts, fill: "none", stroke: "#9a927e", "stroke-width": 1.5, "stroke-dasharray": "6 4",
      transform: "" }, svg);
  }
}

function drawCountryLabels(svg, view, layout) {
  for (const [name, info] of Object.entries(layout.countries)) {
    const key = `country:${name}`;
    const power = view.power?.[name];
    const g = target(svg, key, describe(key, view, layout));
    const label = name.toUpperCase();
    text(g, info.x + 30, info.y + 6, label, { "font-size": 16, "font-weight": "bold", fill: "#4a4538",
      "text-anchor": "end" });
    if (power) {
      const s = SIDE[power];
      shape(g, s.shape, info.x + 44, info.y, 8, s.fill);
      text(g, info.x + 56, info.y + 5, `${s.abbr} in power`, { "font-size": 13, fill: "#333" });
    }
  }
}

function drawSpace(svg, s, view, layout) {
  const [w, h] = layout.space_size;
  const x0 = s.x - w / 2;
  const y0 = s.y - h / 2;
  const { d, c, ctrl } = spText(view, s.id);
  const destroyed = (view.destroyed ?? []).includes(s.id);
  const key = `space:${s.id}`;
  const g = target(svg, key, describe(key, view, layout), { class: "space" });
  const border = ctrl ? SIDE[ctrl].fill : "#6b6455";
  el("rect", { x: x0, y: y0, width: w, height: h, rx: 5, fill: destroyed ? "#bbb" : "#fff",
    stroke: border, "stroke-width": ctrl ? 4 : 1.5, class: "space-box" }, g);
  const band = s.battleground ? "#4b2e63" : "#e6dfcb";
  el("rect", { x: x0 + 2, y: y0 + 2, width: w - 4, height: 25, rx: 3, fill: band }, g);
  const lines = wrap(spaceName(s), 17);
  const ink = s.battleground ? "#fff" : "#222";
  lines.forEach((line, i) => text(g, s.x, y0 + (lines.length === 1 ? 19 : 13 + i * 11), line, {
    "text-anchor": "middle", "font-size": lines.length > 1 ? 11 : (line.length > 13 ? 11.5 : 13), "font-weight": "bold", fill: ink,
  }));
  // stability in a small circle, class abbreviation, then the two sides' SPs
  const by = y0 + h - 11;
  el("circle", { cx: x0 + 11, cy: by, r: 8, fill: "#fff", stroke: "#333", "stroke-width": 1.2 }, g);
  text(g, x0 + 11, by + 4.5, String(s.stability), { "text-anchor": "middle", "font-size": 12, "font-weight": "bold" });
  text(g, x0 + 22, by + 4, CLASS_ABBR[s.class] ?? s.class.slice(0, 3), { "font-size": 10.5, fill: "#555" });
  const marks = [["democrat", d, x0 + w - 44], ["communist", c, x0 + w - 16]];
  for (const [side, n, mx] of marks) {
    if (!n) continue;
    const sd = SIDE[side];
    if (ctrl === side) stack(g, sd.shape, mx, by, 9.5, sd.fill, n, { always: true });
    else {
      shape(g, sd.shape, mx, by, 9.5, "#fff", sd.fill, { "stroke-width": 2.6 });
      text(g, mx, by + 4.5, String(n), { "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: sd.fill });
    }
  }
  if (destroyed) {
    el("line", { x1: x0 + 4, y1: y0 + 4, x2: x0 + w - 4, y2: y0 + h - 4, stroke: "#333", "stroke-width": 3 }, g);
  }
}

function drawSide(svg, view, layout) {
  const t = layout.tracks;
  track(svg, t.vp, "track:vp", describe("track:vp", view, layout),
    [{ value: view.vp ?? 0, label: "VP", shape: "star", fill: COLORS.yellow }]);
  track(svg, t.turn, "track:turn", describe("track:turn", view, layout),
    [{ value: view.turn ?? 1, label: "Turn", shape: "hexagon", fill: COLORS.grey }]);
  const ph = SIDE[view.phasing] ?? SIDE.democrat;
  track(svg, t.action_round, "track:action_round", `Action round ${view.action_round}, ${ph.name} phasing`,
    [{ value: view.action_round ?? 0, label: `Action round (${ph.name} phasing)`, shape: ph.shape, fill: ph.fill }]);
  const tst = view.tiananmen ?? {};
  track(svg, t.tiananmen, "track:tiananmen", describe("track:tiananmen", view, layout), [
    { value: tst.democrat ?? 0, label: "Democrat", shape: "square", fill: SIDE.democrat.fill },
    { value: tst.communist ?? 0, label: "Communist", shape: "circle", fill: SIDE.communist.fill },
  ]);
  const b = layout.boxes;
  panel(svg, b.cards, "Cards");
  const hc = view.hand_counts ?? {};
  const list = [
    `Hands: Democrat ${hc.democrat ?? 0}, Communist ${hc.communist ?? 0}`,
    `Draw deck ${view.deck_count ?? 0}; later periods ${view.future_count ?? 0}`,
    `Discard ${view.discard?.length ?? 0}; removed ${view.removed?.length ?? 0}`,
  ];
  for (const cid of view.in_play ?? []) list.push(`In play: ${cardTitle(cid, layout)}`);
  for (const [who, cid] of Object.entries(view.committed ?? {})) list.push(`${SIDE[who]?.name ?? who} must play: ${cardTitle(cid, layout)}`);
  const last = view.discard?.[view.discard.length - 1];
  if (last !== undefined) list.push(`Top of discard: ${cardTitle(last, layout)}`);
  rows(svg, b.cards, list.slice(0, 8), OPTS);
  panel(svg, b.power_struggle, "Power struggle");
  const ps = view.power_struggle;
  if (ps) {
    const att = SIDE[ps.attacker]?.name ?? ps.attacker;
    const prow = [
      `In ${ps.country}; attacker ${att}`,
      `Cards: Democrat ${ps.hand_counts?.democrat ?? 0}, Communist ${ps.hand_counts?.communist ?? 0}`,
      `Raised: ${Object.entries(ps.raised ?? {}).filter(([, v]) => v).map(([k]) => SIDE[k]?.name ?? k).join(", ") || "none"}`,
      `Led: ${ps.led ? psCard(ps.led[0], layout) + " (" + ps.led[1] + ")" : "nothing yet"}`,
      `Banned: ${(ps.banned ?? []).join(", ") || "none"}`,
      `Played ${ps.out_count ?? 0}; deck ${ps.deck_count ?? 0}`,
    ];
    rows(svg, b.power_struggle, prow, OPTS);
  } else rows(svg, b.power_struggle, ["None under way."], OPTS);
  panel(svg, b.effects, "Events in force");
  const until = { turn: "this turn", game: "rest of game", ps: "to next power struggle", deal: "to next deal", manual: "until used" };
  const eff = (view.effects ?? []).map((e) => `${e.name}${e.side ? " (" + (SIDE[e.side]?.abbr ?? e.side) + ")" : ""}, ${until[e.until] ?? e.until}`);
  // two columns of as many lines as the box holds; the last line says how many more there are
  const per = Math.max(1, Math.floor((b.effects.h - 30) / 19));
  const fit = per * 2;
  const shown = eff.length > fit ? [...eff.slice(0, fit - 1), `… and ${eff.length - fit + 1} more`] : eff;
  const half = b.effects.w / 2;
  rows(svg, b.effects, shown.length ? shown.slice(0, per) : ["None."], { ...OPTS, max: Math.floor(half / 7.4) });
  rows(svg, { ...b.effects, x: b.effects.x + half }, shown.slice(per), { ...OPTS, max: Math.floor(half / 7.4) });
}

let lastLayout = {}; // hand() gets no layout; it names cards from the one draw() last used

export function draw(svg, view, layout, ui = {}) {
  lastLayout = layout;
  clear(svg, layout.viewBox);
  el("rect", { x: 0, y: 0, width: layout.viewBox[2], height: layout.viewBox[3], fill: "#f7f4ea" }, svg);
  drawCountries(svg, view, layout);
  const byId = layout.spaces;
  for (const [a, b] of layout.connections) {
    el("line", { x1: byId[a].x, y1: byId[a].y, x2: byId[b].x, y2: byId[b].y, stroke: "#7d7563",
      "stroke-width": 2.2, "stroke-linecap": "round" }, svg);
  }
  drawCountryLabels(svg, view, layout);
  for (const s of layout.spaces) drawSpace(svg, s, view, layout);
  drawSide(svg, view, layout);
}

export function hand(view, ui = {}) {
  const layout = ui.layout ?? lastLayout;
  const out = [];
  const cardRow = (cid, key) => {
    const c = cardOf(ui.cards, cid);
    const title = c ? c.name : (layout.card_titles?.[String(cid)] ?? `Card ${cid}`);
    const ops = layout.card_ops?.[String(cid)];
    return `<div class="card" data-target="${esc(key)}" tabindex="0"><b>${esc(`${cid}. ${title}`)}</b>`
      + `${ops !== undefined ? ` <small>${esc(ops)} Ops</small>` : ""}`
      + `${c?.text ? `<div class="card-text">${esc(c.text)}</div>` : ""}</div>`;
  };
  if (Array.isArray(view.hand)) {
    out.push(`<h3>Your hand (${view.hand.length})</h3>`);
    out.push(view.hand.map((cid) => cardRow(cid, `card:${cid}`)).join("") || "<p>Empty.</p>");
  }
  const ps = view.power_struggle;
  if (ps && Array.isArray(ps.hand)) {
    out.push(`<h3>Your power struggle cards (${ps.hand.length})</h3><ul class="ps-hand">`);
    for (const pid of ps.hand) {
      const body = cardOf(ui.cards, `P${pid}`)?.text;
      out.push(`<li class="card" data-target="pscard:${pid}" tabindex="0">${esc(psCard(pid, layout))}`
        + `${body ? `<div class="card-text">${esc(body)}</div>` : ""}</li>`);
    }
    out.push("</ul>");
    if (Array.isArray(ps.democrat_hand)) {
      out.push(`<h3>The Democrat's power struggle cards (seen)</h3><ul>`
        + ps.democrat_hand.map((pid) => `<li>${esc(psCard(pid, layout))}</li>`).join("") + "</ul>");
    }
  }
  if (Array.isArray(view.discard) && view.discard.length) {
    out.push(`<details><summary>Discard pile (${view.discard.length})</summary>`
      + view.discard.map((cid) => cardRow(cid, `card:${cid}`)).join("") + "</details>");
  }
  return out.join("");
}

export function legend(layout) {
  return [
    legendRow("square", SIDE.democrat.fill, "Democrat SPs"),
    legendRow("circle", SIDE.communist.fill, "Communist SPs (filled = controls the space, outlined = does not)"),
    `<span class="legend-item">Dark name band = battleground; number in the circle = stability; `
      + `${Object.entries(CLASS_ABBR).map(([k, v]) => `${v} = ${k}`).join(", ")}</span>`,
    legendRow("star", COLORS.yellow, "VP marker"),
    legendRow("hexagon", COLORS.grey, "Turn marker"),
  ].join(" ");
}
