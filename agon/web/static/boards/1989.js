// 1989: Dawn of Freedom: the map of Eastern Europe (six countries, 75 spaces, their connections),
// the VP, turn, action round and Tiananmen Square tracks, the card piles and the power struggle.
// Support Points: Democrat = blue square, Communist = vermillion circle; filled when that side
// controls the space, outlined otherwise.
import { fragment, h } from "../dom.js";
import { raw, t, term, tx } from "../i18n.js";
import { COLORS, cardOf, clear, el, fit, icon, legendRow, panel, rows, shape, stack, target, text, track } from "./svg.js";

// a side's name is drawn in the page's language: SIDE.democrat.name reads the catalogue each time
const SIDE = {
  democrat: { get name() { return t("Democrat"); }, fill: COLORS.blue, shape: "square" },
  communist: { get name() { return t("Communist"); }, fill: COLORS.vermillion, shape: "circle" },
};
const CLASS_ABBR = {
  get Worker() { return t("Wkr"); }, get Farmer() { return t("Frm"); }, get Elite() { return t("Elt"); },
  get Bureaucrat() { return t("Bur"); }, get Student() { return t("Stu"); }, get Intellectual() { return t("Int"); },
  get Church() { return t("Chu"); }, get Minority() { return t("Min"); },
};
const COUNTRY_TINT = { "East Germany": "#e9e4f2", Poland: "#f3e8dc", Czechoslovakia: "#e0eef0",
  Hungary: "#eef0dc", Romania: "#f5e3e8", Bulgaria: "#e3ecdf" };

const OPTS = { start: 40, step: 19, size: 14, max: 40 };

function spaceName(s) {
  const named = term(s.name);
  return named === s.name ? s.name.replace(/, (Poland|Czechoslovakia|Hungary|Romania|Bulgaria)$/, "") : named;
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
  const name = c ? c.name : layout.card_titles?.[String(id)];
  return name ? term(name) : t("Card {id}", { id });
}

function psCard(id, layout) {
  const [name, value] = layout.power_cards?.[String(id)] ?? [null, null];
  const named = name ? term(name) : t("Card {id}", { id });
  return value ? `${named} ${value}` : named;
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
    const args = { space: raw(term(s.name)), country: raw(term(s.country)), class: raw(term(s.class)), stability: s.stability, d, c };
    let line = s.battleground
      ? t("{space} ({country}): {class}, stability {stability}, battleground.", args)
      : t("{space} ({country}): {class}, stability {stability}.", args);
    line += " " + t("Democrat SP {d}, Communist SP {c}", args) + "; ";
    line += ctrl ? t("{side} control", { side: raw(SIDE[ctrl].name) }) : t("uncontrolled");
    return line + (destroyed ? "; " + t("destroyed") : "") + ".";
  }
  if (kind === "country") {
    const n = rest;
    const power = view.power?.[n];
    const parts = [power ? t("{side} in power", { side: raw(SIDE[power].name) }) : ""];
    if (view.power_kept?.[n]) parts.push(t("retained {n}x", { n: view.power_kept[n] }));
    return `${term(n)}: ${parts.filter(Boolean).join(", ")}.`;
  }
  if (kind === "track") {
    if (rest === "vp") return t("Victory points: {vp:+d} (positive favours the Democrat).", { vp: view.vp ?? 0 });
    if (rest === "turn") {
      return t("Turn {turn}, action round {round}; {side} phasing.", { turn: view.turn, round: view.action_round,
        side: raw(SIDE[view.phasing]?.name ?? term(view.phasing)) });
    }
    if (rest === "tiananmen") {
      const at = view.tiananmen ?? {};
      const names = layout.tiananmen_names ?? {};
      const where = (side) => at[side] ? `${at[side]} (${term(names[side]?.names?.[at[side] - 1] ?? "")})` : "0";
      return t("Tiananmen Square track: Democrat {d}, Communist {c}.", { d: raw(where("democrat")), c: raw(where("communist")) });
    }
  }
  if (kind === "card") return t("{title} (card {id}).", { title: raw(cardTitle(Number(rest), layout)), id: rest });
  if (kind === "pscard") return psCard(Number(rest), layout);
  if (kind === "suit") return t("Suit: {suit}", { suit: rest });
  return "";
}

export function targetOf(action, _view, layout) {
  const { verb, arg } = action;
  if (verb === "space" && Number.isInteger(arg) && layout.spaces[arg]) return `space:${arg}`;
  if (verb === "card" && Number.isInteger(arg)) return `card:${arg}`;
  if (verb === "pscard" && Number.isInteger(arg)) return `pscard:${arg}`;
  if (verb === "option" && typeof arg === "string" && layout.countries[arg]) return `country:${arg}`;
  if (verb === "play" && arg === "tiananmen") return "track:tiananmen";
  return null;
}

function drawCountries(svg, layout) {
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
    const label = term(name).toLocaleUpperCase(document.documentElement.lang || "en");
    // ends at the power marker; a long name (Hungarian "KELET-NÉMETORSZÁG") shrinks to stay on the board
    // (bold capitals are about 1.3 average letters wide each)
    const size = fit(label.length * 1.3, info.x + 26, 16);
    // an undrawn pad makes the name a target a finger can hit (24 px on a phone: the line of capitals is 19 high)
    const wide = label.length * size * 0.75;
    el("rect", { x: info.x + 30 - wide, y: info.y - 12, width: wide, height: 26, fill: "transparent" }, g);
    text(g, info.x + 30, info.y + 6, label, { "font-size": size, "font-weight": "bold",
      fill: "#4a4538", "text-anchor": "end" });
    if (power && info.power === "below") {  // a line of its own under the name, where spaces crowd beside it
      const s = SIDE[power];
      shape(g, s.shape, info.x + 22, info.y + 21, 7, s.fill);
      text(g, info.x + 10, info.y + 26, t("{side} in power", { side: raw(s.name) }), { "font-size": 13, fill: "#333", "text-anchor": "end" });
    } else if (power) {
      const s = SIDE[power];
      shape(g, s.shape, info.x + 44, info.y, 8, s.fill);
      text(g, info.x + 56, info.y + 5, t("{side} in power", { side: raw(s.name) }), { "font-size": 13, fill: "#333" });
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
  el("rect", { x: x0 + 2, y: y0 + 2, width: w - 4, height: 28, rx: 3, fill: band }, g);
  const lines = wrap(spaceName(s), 17);
  const ink = s.battleground ? "#fff" : "#222";
  lines.forEach((line, i) => text(g, s.x, y0 + (lines.length === 1 ? 19 : 12 + i * 13.5), line, {
    "text-anchor": "middle", "font-size": lines.length > 1 || line.length > 13 ? 12 : 13, "font-weight": "bold", fill: ink,
  }));
  // stability in a small circle, class abbreviation, then the two sides' SPs
  const by = y0 + h - 11;
  el("circle", { cx: x0 + 11, cy: by, r: 8, fill: "#fff", stroke: "#333", "stroke-width": 1.2 }, g);
  text(g, x0 + 11, by + 4.5, String(s.stability), { "text-anchor": "middle", "font-size": 12, "font-weight": "bold" });
  text(g, x0 + 22, by + 4, CLASS_ABBR[s.class] ?? term(s.class).slice(0, 3), { "font-size": 12, fill: "#555" });
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
  const tr = layout.tracks;
  track(svg, { ...tr.vp, title: t("Victory points (+ Democrat)") }, "track:vp", describe("track:vp", view, layout),
    [{ value: view.vp ?? 0, label: t("VP"), shape: "star", fill: COLORS.yellow }]);
  track(svg, { ...tr.turn, title: t("Turn") }, "track:turn", describe("track:turn", view, layout),
    [{ value: view.turn ?? 1, label: t("Turn"), shape: "hexagon", fill: COLORS.grey }]);
  const ph = SIDE[view.phasing] ?? SIDE.democrat;
  const phasing = { round: view.action_round, side: raw(ph.name) };
  track(svg, { ...tr.action_round, title: t("Action round") }, "track:action_round", t("Action round {round}, {side} phasing", phasing),
    [{ value: view.action_round ?? 0, label: t("Action round ({side} phasing)", phasing), shape: ph.shape, fill: ph.fill }]);
  const tst = view.tiananmen ?? {};
  track(svg, { ...tr.tiananmen, title: t("Tiananmen Square track") }, "track:tiananmen", describe("track:tiananmen", view, layout), [
    { value: tst.democrat ?? 0, label: SIDE.democrat.name, shape: "square", fill: SIDE.democrat.fill },
    { value: tst.communist ?? 0, label: SIDE.communist.name, shape: "circle", fill: SIDE.communist.fill },
  ]);
  const b = layout.boxes;
  panel(svg, b.cards, t("Cards"));
  const hc = view.hand_counts ?? {};
  const list = [
    t("Hands: Democrat {d}, Communist {c}", { d: hc.democrat ?? 0, c: hc.communist ?? 0 }),
    t("Draw deck {deck}; later periods {later}", { deck: view.deck_count ?? 0, later: view.future_count ?? 0 }),
    t("Discard {discard}; removed {removed}", { discard: view.discard?.length ?? 0, removed: view.removed?.length ?? 0 }),
  ];
  for (const cid of view.in_play ?? []) list.push(t("In play: {card}", { card: raw(cardTitle(cid, layout)) }));
  for (const [who, cid] of Object.entries(view.committed ?? {})) {
    list.push(t("{side} must play: {card}", { side: raw(SIDE[who]?.name ?? term(who)), card: raw(cardTitle(cid, layout)) }));
  }
  const last = view.discard?.[view.discard.length - 1];
  if (last !== undefined) list.push(t("Top of discard: {card}", { card: raw(cardTitle(last, layout)) }));
  rows(svg, b.cards, list.slice(0, 8), OPTS);
  panel(svg, b.power_struggle, t("Power struggle"));
  const ps = view.power_struggle;
  if (ps) {
    const att = SIDE[ps.attacker]?.name ?? term(ps.attacker);
    const raised = Object.entries(ps.raised ?? {}).filter(([, v]) => v).map(([k]) => SIDE[k]?.name ?? term(k)).join(", ");
    const led = ps.led ? t("{card} ({suit})", { card: raw(psCard(ps.led[0], layout)), suit: ps.led[1] }) : t("nothing yet");
    const prow = [
      t("In {country}; attacker {side}", { country: raw(term(ps.country)), side: raw(att) }),
      t("Cards: Democrat {d}, Communist {c}", { d: ps.hand_counts?.democrat ?? 0, c: ps.hand_counts?.communist ?? 0 }),
      t("Raised: {sides}", { sides: raw(raised || t("none")) }),
      t("Led: {card}", { card: raw(led) }),
      t("Banned: {suits}", { suits: raw((ps.banned ?? []).map(term).join(", ") || t("none")) }),
      t("Played {out}; deck {deck}", { out: ps.out_count ?? 0, deck: ps.deck_count ?? 0 }),
    ];
    rows(svg, b.power_struggle, prow, OPTS);
  } else rows(svg, b.power_struggle, [t("None under way.")], OPTS);
  panel(svg, b.effects, t("Events in force"));
  const until = { turn: t("this turn"), game: t("rest of game"), ps: t("to next power struggle"), deal: t("to next deal"), manual: t("until used") };
  const eff = (view.effects ?? []).map((e) => `${term(e.name)}${e.side ? " (" + (SIDE[e.side]?.name ?? term(e.side)) + ")" : ""}, ${until[e.until] ?? term(e.until)}`);
  // two columns of as many lines as the box holds; the last line says how many more there are
  const per = Math.max(1, Math.floor((b.effects.h - 30) / 19));
  const fit = per * 2;
  const shown = eff.length > fit ? [...eff.slice(0, fit - 1), t("… and {n} more", { n: eff.length - fit + 1 })] : eff;
  const half = b.effects.w / 2;
  rows(svg, b.effects, shown.length ? shown.slice(0, per) : [t("None.")], { ...OPTS, max: Math.floor(half / 7.4) });
  rows(svg, { ...b.effects, x: b.effects.x + half }, shown.slice(per), { ...OPTS, max: Math.floor(half / 7.4) });
}

export function draw(svg, view, layout) {
  clear(svg, layout.viewBox);
  el("rect", { x: 0, y: 0, width: layout.viewBox[2], height: layout.viewBox[3], fill: "#f7f4ea" }, svg);
  drawCountries(svg, layout);
  const byId = layout.spaces;
  for (const [a, b] of layout.connections) {
    el("line", { x1: byId[a].x, y1: byId[a].y, x2: byId[b].x, y2: byId[b].y, stroke: "#7d7563",
      "stroke-width": 2.2, "stroke-linecap": "round" }, svg);
  }
  drawCountryLabels(svg, view, layout);
  for (const s of layout.spaces) drawSpace(svg, s, view, layout);
  drawSide(svg, view, layout);
}

const SIDE_WORDS = { democrat: "Democrat", communist: "Communist", both: "both sides" }; // the game's terms
const PERIOD = { early: "Early", middle: "Middle", late: "Late" }; // a card's period, terms of the game

/** "#15 Honecker* (3 Ops, Communist)": the game's own label of a card (its catalogue translates it). */
function cardHead(c) {
  if (c.kind === "scoring") return tx({ text: "#{n} {card} (scoring)", args: { n: c.id, card: c.name } });
  const args = { n: c.id, card: c.name, ops: c.ops, side: SIDE_WORDS[c.side] ?? "both sides" };
  const [one, other] = c.removed_after_event
    ? ["#{n} {card}* ({ops} Op, {side})", "#{n} {card}* ({ops} Ops, {side})"]
    : ["#{n} {card} ({ops} Op, {side})", "#{n} {card} ({ops} Ops, {side})"];
  return tx({ text: one, plural: other, count: "ops", args });
}

export function hand(view, ui = {}) {
  const layout = ui.layout ?? {}; // the host passes the board's layout
  const out = [];
  const cardRow = (cid, key) => {
    const c = cardOf(ui.cards, cid);
    const ops = layout.card_ops?.[String(cid)];
    // a card as the terminal names it: whose event, * (removed once its event is played), Ops
    const head = c ? cardHead(c) : `${cid}. ${cardTitle(cid, layout, ui.cards)}`;
    return h("div", { class: "card", "data-target": key, tabindex: 0 },
      SIDE[c?.side] ? [icon(SIDE[c.side].shape, SIDE[c.side].fill, { size: 14, cls: "side-mark" }), " "] : null,
      h("b", {}, head),
      PERIOD[c?.period] ? [" ", h("small", { class: "period" }, t("{period} Year", { period: PERIOD[c.period] }))] : null,
      !c && ops !== undefined ? [" ", h("small", {}, t("{ops} Ops", { ops }))] : null,
      c?.text ? h("div", { class: "card-text" }, term(c.text)) : null);
  };
  if (Array.isArray(view.hand)) {
    out.push(h("h3", {}, t("Your hand ({n})", { n: view.hand.length })));
    out.push(view.hand.length ? view.hand.map((cid) => cardRow(cid, `card:${cid}`)) : h("p", {}, t("Empty.")));
  }
  const ps = view.power_struggle;
  if (ps && Array.isArray(ps.hand)) {
    out.push(h("h3", {}, t("Your power struggle cards ({n})", { n: ps.hand.length })));
    out.push(h("ul", { class: "ps-hand" }, ps.hand.map((pid) => {
      const body = cardOf(ui.cards, `P${pid}`)?.text;
      return h("li", { class: "card", "data-target": `pscard:${pid}`, tabindex: 0 }, psCard(pid, layout),
        body ? h("div", { class: "card-text" }, term(body)) : null);
    })));
    if (Array.isArray(ps.democrat_hand)) {
      out.push(h("h3", {}, t("The Democrat's power struggle cards (seen)")),
        h("ul", {}, ps.democrat_hand.map((pid) => h("li", {}, psCard(pid, layout)))));
    }
  }
  if (Array.isArray(view.discard) && view.discard.length) {
    out.push(h("details", {}, h("summary", {}, t("Discard pile ({n})", { n: view.discard.length })),
      view.discard.map((cid) => cardRow(cid, `card:${cid}`))));
  }
  return fragment(out);
}

export function legend() {
  return fragment(
    legendRow("square", SIDE.democrat.fill, t("Democrat SPs")), " ",
    legendRow("circle", SIDE.communist.fill, t("Communist SPs (filled = controls the space, outlined = does not)")), " ",
    h("span", { class: "legend-item" }, t("Dark name band = battleground; number in the circle = stability;"), " ",
      Object.keys(CLASS_ABBR).map((k) => `${CLASS_ABBR[k]} = ${term(k)}`).join(", ")), " ",
    legendRow("star", COLORS.yellow, t("VP marker")), " ",
    legendRow("hexagon", COLORS.grey, t("Turn marker")),
  );
}
