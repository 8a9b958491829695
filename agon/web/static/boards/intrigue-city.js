// Intrigue City: the row of action cards (spiders, pawns on them), the six guilds on their ring (power,
// Favour cards left), the rounds and Intrigue tracks, the bank, the turn under way and every player's
// board (cubes per guild, influence, Favours, Equilibrium cards). Players have a shape as well as a colour.
import { roleName } from "../common.js";
import { fragment, h } from "../dom.js";
import { raw, t, term, tn, tx } from "../i18n.js";
import { COLORS, clear, el, findCard, fit, legendRow, panel, rows, shape, target, text, track } from "./svg.js";

const PLAYER_FILL = { purple: COLORS.purple, red: COLORS.vermillion, blue: COLORS.blue, green: COLORS.green, orange: COLORS.orange };
const PLAYER_SHAPE = ["circle", "square", "triangle", "diamond", "hexagon"];
const GUILD_FILL = { red: "#f3c9bd", brown: "#e3d1b8", green: "#cfe8d6", blue: "#cfe0f2", purple: "#e6d3e8", black: "#cfcfcf" };
const GUILD_INK = { red: "#8e2a08", brown: "#6b4a1f", green: "#0b5d3b", blue: "#124d80", purple: "#6a2b6e", black: "#111" };
const CUBE_FILL = { 1: "#ffffff", 2: "#bdbdbd", 3: "#4a4a4a" };
const CUBE_INK = { 1: "#111", 2: "#111", 3: "#fff" };

function players(view) {
  return view.players ?? [];
}

function playerIndex(view, role) {
  return players(view).findIndex((p) => p.role === role);
}

function playerMark(g, view, role, x, y, r) {
  const i = playerIndex(view, role);
  const p = players(view)[i];
  shape(g, PLAYER_SHAPE[i % 5] ?? "circle", x, y, r, PLAYER_FILL[p?.colour] ?? COLORS.grey);
}

function guildName(layout, id) {
  return term(layout.guilds.find((g) => g.id === id)?.name ?? id);
}

/** A Guild Power card ("DB-a") as a player reads it: its guild and its value at this player count
 * (IC-8.5), in the words of the game's labels ("{guild} +{n}"); "blank" is a blank vote. */
function powerCard(id, view, layout) {
  const [guild, variant] = String(id).split("-");
  const n = layout.power_values?.[variant]?.[String(players(view).length)];
  if (!variant || n === undefined) return term(id);
  return tx({ text: "{guild} +{n}", args: { guild: raw(guildName(layout, guild)), n } });
}

/** What the page calls a player: the role's name, in the page's language. */
function who(role) {
  return roleName(role);
}

const PAWN = { get offensive() { return t("offensive"); }, get defensive() { return t("defensive"); } };
const PAWN_LETTER = { get offensive() { return t("O"); }, get defensive() { return t("D"); } };

// a player's colour
const COLOURS = {
  get purple() { return t("purple"); }, get red() { return t("red"); }, get blue() { return t("blue"); },
  get green() { return t("green"); }, get orange() { return t("orange"); },
};

function colour(name) {
  return COLOURS[name] ?? term(name);
}

/** A round label of the layout ("R3", "CoE II") in the page's language. */
function roundLabel(label) {
  const round = /^R(\d+)$/.exec(label);
  if (round) return t("R{n}", { n: Number(round[1]) });
  const era = /^CoE (\S+)$/.exec(label);
  if (era) return t("CoE {era}", { era: raw(era[1]) });
  return term(label);
}

export function describe(key, view, layout) {
  const [kind, rest] = key.split(/:(.*)/s);
  if (kind === "card") {
    const c = (view.cards ?? [])[Number(rest)];
    if (!c) return "";
    const printed = layout.card_names?.[c.card]?.[1];
    const pawns = c.pawns.map(([r, k]) => `${who(r)} ${PAWN[k] ?? term(k)}`).join(", ");
    const spiders = c.spiders === 1 ? t("1 spider") : t("{n} spiders", { n: c.spiders });
    const head = `${term(c.name)} (${spiders})` + (pawns ? "; " + t("pawns: {pawns}", { pawns: raw(pawns) }) : "");
    return `${head}. ${printed ? term(printed) : ""}`;
  }
  if (kind === "guild") {
    const g = layout.guilds.find((x) => x.id === rest);
    if (!g) return rest;
    const favour = layout.favour_text?.[rest];
    return t("{guild} ({id}): power {power}; Favour cards left {n}.", { guild: raw(term(g.name)), id: g.id,
      power: view.power?.[rest] ?? 0, n: view.favour_supply?.[rest] ?? 0 }) + (favour ? " " + term(favour) : "");
  }
  if (kind === "board") {
    const [role, gid] = rest.split(":");
    const p = players(view).find((x) => x.role === role);
    if (!p) return rest;
    if (!gid) {
      return t("{player} ({colour}): Intrigue {intrigue}, board total {total}; pawns left: {pawns}.", { player: raw(who(role)),
        colour: raw(colour(p.colour)), intrigue: p.intrigue, total: p.total,
        pawns: raw(p.pawns.map((k) => PAWN[k] ?? term(k)).join(", ") || t("none")) });
    }
    const fav = p.favours?.[gid];
    const parts = [t("{player}'s {guild}: cubes {cubes}; influence {influence}", { player: raw(who(role)), guild: raw(guildName(layout, gid)),
      cubes: raw((p.board[gid] ?? []).join(", ") || t("none")), influence: p.influence[gid] })];
    if (fav) parts.push(fav === "strong" ? t("Strong Favour card") : t("Weak Favour card"));
    if (p.equilibrium?.[gid]) parts.push(tn("{n} Equilibrium card", "{n} Equilibrium cards", { n: p.equilibrium[gid] }));
    return parts.join("; ") + ".";
  }
  if (kind === "bank") return tn("Bank: {n} cube of value {value}.", "Bank: {n} cubes of value {value}.", { n: view.bank?.[rest] ?? 0, value: rest });
  if (kind === "track") {
    return t("Round {round}; Intrigue: {list}.", { round: view.round, list: raw(players(view).map((p) => `${who(p.role)} ${p.intrigue}`).join(", ")) });
  }
  return "";
}

export function targetOf(action, view, layout) {
  const { verb, arg } = action;
  const guilds = new Set(layout.guilds.map((g) => g.id));
  if ((verb === "offensive" || verb === "defensive") && Number.isInteger(arg)) return `card:${arg}`;
  if (verb === "target" && Array.isArray(arg)) return `board:${arg[0]}:${arg[1]}`;
  if ((verb === "place" || verb === "remove") && Number.isInteger(arg)) return `bank:${arg}`;
  const targeted = view.turn?.target?.[0] ?? view.turn?.player;
  if (verb === "move" && Array.isArray(arg) && guilds.has(arg[1])) {
    return targeted ? `board:${targeted}:${arg[1]}` : `guild:${arg[1]}`;
  }
  // a set placed in set-up and a Favour card used are on the acting player's own board
  if ((verb === "guild" || verb === "favour") && guilds.has(arg) && view.role) return `board:${view.role}:${arg}`;
  // a guild chosen by an effect, or a cube taken from one, is on the targeted board
  if ((verb === "chosen" || verb === "from") && guilds.has(arg) && targeted) return `board:${targeted}:${arg}`;
  if (verb === "vote" && typeof arg === "string" && guilds.has(arg.split("-")[0])) return `guild:${arg.split("-")[0]}`;
  if (verb === "hand" && typeof arg === "string") return `hand:${arg}`;
  if (typeof arg === "string" && guilds.has(arg)) return `guild:${arg}`;
  return null;
}

function wrap(name, per) {
  const lines = [""];
  for (const w of name.split(" ")) {
    const cur = lines[lines.length - 1];
    if (cur && (cur + " " + w).length > per) lines.push(w);
    else lines[lines.length - 1] = cur ? cur + " " + w : w;
  }
  return lines;
}

function drawCards(svg, view, layout) {
  for (const slot of layout.cards) {
    const c = (view.cards ?? [])[slot.pos];
    if (!c) continue;
    const key = `card:${slot.pos}`;
    const g = target(svg, key, describe(key, view, layout), { class: "space" });
    const current = view.turn?.card === c.card;
    el("rect", { x: slot.x, y: slot.y, width: slot.w, height: slot.h, rx: 8, fill: current ? "#fff3c4" : "#fffdf6",
      stroke: current ? "#b8860b" : "#6b6455", "stroke-width": current ? 4 : 1.8, class: "space-box" }, g);
    // the name in two lines, smaller where a language's words are longer than the card is wide
    const lines = wrap(term(c.name), 13);
    const named = lines.length > 2 ? [lines[0], lines.slice(1).join(" ")] : lines;
    const size = fit(Math.max(...named.map((line) => line.length)) * 1.12, slot.w - 8, 14.5);  // bold glyphs: wider
    named.forEach((line, i) => text(g, slot.x + slot.w / 2, slot.y + 22 + i * 17, line, {
      "text-anchor": "middle", "font-size": size, "font-weight": "bold", fill: "#222" }));
    // spiders: small black 8-legged marks
    for (let i = 0; i < c.spiders; i++) {
      const sx = slot.x + slot.w / 2 + (i - (c.spiders - 1) / 2) * 20;
      const sy = slot.y + 67;
      for (const a of [-0.6, -0.2, 0.2, 0.6]) {
        el("line", { x1: sx - 8, y1: sy + a * 10, x2: sx + 8, y2: sy - a * 10, stroke: "#111", "stroke-width": 1.4 }, g);
      }
      el("circle", { cx: sx, cy: sy, r: 4.5, fill: "#111" }, g);
    }
    c.pawns.forEach(([role, kind], i) => {
      const px = slot.x + 30 + i * 50;
      const py = slot.y + 104;
      playerMark(g, view, role, px, py, 13);
      text(g, px, py + 5, PAWN_LETTER[kind] ?? kind.slice(0, 1), { "text-anchor": "middle", "font-size": 13,
        "font-weight": "bold", fill: "#fff", stroke: "#111", "stroke-width": 0.6 });
      text(g, px + 16, py + 5, who(role), { "font-size": 13, fill: "#222" });
    });
  }
}

function drawRing(svg, view, layout) {
  const ring = layout.ring;
  el("circle", { cx: ring.x, cy: ring.y, r: ring.r, fill: "none", stroke: "#9a927e", "stroke-width": 6 }, svg);
  text(svg, ring.x, ring.y - 4, t("Guild ring"), { "text-anchor": "middle", "font-size": 16, "font-weight": "bold", fill: "#6b6455" });
  text(svg, ring.x, ring.y + 16, t("(neighbours touch)"), { "text-anchor": "middle", "font-size": 13, fill: "#6b6455" });
  for (const gd of layout.guilds) {
    const key = `guild:${gd.id}`;
    const g = target(svg, key, describe(key, view, layout), { class: "space" });
    el("circle", { cx: gd.x, cy: gd.y, r: gd.r, fill: GUILD_FILL[gd.colour] ?? "#eee", stroke: GUILD_INK[gd.colour] ?? "#333",
      "stroke-width": 3, class: "space-box" }, g);
    text(g, gd.x, gd.y - 26, gd.id, { "text-anchor": "middle", "font-size": 18, "font-weight": "bold", fill: GUILD_INK[gd.colour] });
    wrap(term(gd.name), 12).forEach((line, i) => text(g, gd.x, gd.y - 9 + i * 13, line, { "text-anchor": "middle", "font-size": 12.5, fill: "#222" }));
    text(g, gd.x, gd.y + 28, t("power {n}", { n: view.power?.[gd.id] ?? 0 }), { "text-anchor": "middle", "font-size": 15, "font-weight": "bold" });
    text(g, gd.x, gd.y + 45, tn("{n} Favour", "{n} Favours", { n: view.favour_supply?.[gd.id] ?? 0 }), { "text-anchor": "middle", "font-size": 13, fill: "#333" });
  }
}

function drawTracks(svg, view, layout) {
  const tr = layout.tracks;
  const rg = target(svg, "track:rounds", describe("track:rounds", view, layout));
  const r = tr.rounds;
  const n = r.labels.length;
  const cw = r.w / n;
  el("rect", { x: r.x - 4, y: r.y - 22, width: r.w + 8, height: r.h + 26, rx: 4, fill: "#fffdf6", stroke: "#999" }, rg);
  text(rg, r.x, r.y - 6, t("Rounds"), { "font-size": 15, "font-weight": "bold", fill: "#333" });
  r.labels.forEach((label, i) => {
    const here = i === view.round_pos;
    el("rect", { x: r.x + i * cw, y: r.y, width: cw, height: r.h, fill: here ? "#ffe08a" : label.startsWith("CoE") ? "#eee4f2" : "#fff",
      stroke: here ? "#8a6d00" : "#bbb", "stroke-width": here ? 3 : 1 }, rg);
    text(rg, r.x + i * cw + cw / 2, r.y + r.h / 2 + 5, roundLabel(label), { "text-anchor": "middle", "font-size": 13.5,
      "font-weight": here ? "bold" : "normal" });
  });
  const markers = players(view).map((p, i) => ({ value: Math.min(p.intrigue, tr.intrigue.to), label: t("{player} Intrigue", { player: raw(who(p.role)) }),
    // the tag is the seat's number (the shape and colour say the rest): a name ran into the next cells
    shape: PLAYER_SHAPE[i % 5], fill: PLAYER_FILL[p.colour] ?? COLORS.grey, tag: p.intrigue > tr.intrigue.to ? `${i + 1}: ${p.intrigue}` : String(i + 1) }));
  track(svg, { ...tr.intrigue, title: t("Intrigue") }, "track:intrigue", describe("track:intrigue", view, layout), markers);
}

function drawInfo(svg, view, layout) {
  const b = layout.boxes;
  panel(svg, b.turn, t("Phase: {phase}", { phase: view.phase ?? "" }));
  const turn = view.turn;
  const list = [];
  if (turn) {
    const player = raw(who(turn.player));
    list.push(turn.pawn ? t("{player} to play the {pawn} pawn", { player, pawn: raw(PAWN[turn.pawn] ?? term(turn.pawn)) }) : t("{player} to play", { player }));
    if (turn.card) list.push(t("on {card}", { card: raw(term(layout.card_names?.[turn.card]?.[0] ?? turn.card)) }));
    if (turn.target) list.push(t("targeting {guild} on {player}'s board", { guild: raw(guildName(layout, turn.target[1])), player: raw(who(turn.target[0])) }));
  }
  list.push(t("Intrigue order (behind first): {order}", { order: raw((view.intrigue_order ?? []).map(who).join(" < ")) }));
  if (view.pile) list.push(t("Change of Era pile: {n} face down", { n: view.pile }));
  const power = (c) => powerCard(c, view, layout);
  if ((view.votes_shown ?? []).length) list.push(t("Votes shown: {votes}", { votes: raw(view.votes_shown.map(([r, c]) => `${who(r)} ${power(c)}`).join(", ")) }));
  if ((view.neutral_shown ?? []).length) list.push(t("Neutral: {cards}", { cards: raw(view.neutral_shown.map(power).join(", ")) }));
  rows(svg, b.turn, list, { start: 46, step: 22, size: 15, max: 58 });
  panel(svg, b.bank, view.bank_limited === false ? t("Bank (unlimited)") : t("Bank"));
  ["1", "2", "3"].forEach((v, i) => {
    const key = `bank:${v}`;
    const g = target(svg, key, describe(key, view, layout));
    const x = b.bank.x + 30 + i * 170;
    const y = b.bank.y + 70;
    el("rect", { x: x - 18, y: y - 18, width: 36, height: 36, rx: 4, fill: CUBE_FILL[v], stroke: "#111", "stroke-width": 2 }, g);
    text(g, x, y + 7, v, { "text-anchor": "middle", "font-size": 20, "font-weight": "bold", fill: CUBE_INK[v] });
    text(g, x + 28, y + 7, view.bank_limited === false ? t("any") : `x ${view.bank?.[v] ?? 0}`, { "font-size": 18 });
  });
  text(svg, b.bank.x + 10, b.bank.y + 130, t("Cubes: white 1, grey 2, dark 3 (the number is on each cube)."), { "font-size": 14, fill: "#444" });
}

function drawBoards(svg, view, layout) {
  players(view).forEach((p, i) => {
    const spec = layout.boards[i];
    if (!spec) return;
    const you = p.role === view.role;
    const key = `board:${p.role}`;
    const g = target(svg, key, describe(key, view, layout));
    el("rect", { x: spec.x, y: spec.y, width: spec.w, height: spec.h, rx: 8, fill: you ? "#fffbe6" : "#fbfaf5",
      stroke: PLAYER_FILL[p.colour] ?? "#555", "stroke-width": you ? 5 : 3 }, g);
    playerMark(g, view, p.role, spec.x + 18, spec.y + 20, 10);
    const player = you ? t("{player} (you)", { player: raw(who(p.role)) }) : who(p.role);
    const intrigue = t("Intrigue {n}", { n: p.intrigue });
    // the name shrinks to leave the Intrigue figure its room on the right (bold glyphs are wider);
    // the colour's word goes where it would shrink the name below 13 (the mark beside it shows it)
    const room = spec.w - 34 - 10 - intrigue.length * 15 * 0.58 - 8;
    const coloured = `${player} · ${colour(p.colour)}`;
    const head = fit(coloured.length * 1.08, room, 16) >= 13 ? coloured : player;
    text(g, spec.x + 34, spec.y + 26, head, { "font-size": fit(head.length * 1.08, room, 16), "font-weight": "bold" });
    text(g, spec.x + spec.w - 10, spec.y + 26, intrigue, { "font-size": 15, "text-anchor": "end" });
    const eqCards = p.equilibrium ? "" : " · " + t("Eq cards {n}", { n: p.equilibrium_cards });
    const pawns = p.pawns.map((k) => PAWN_LETTER[k] ?? k).join(" ") || t("none");
    const facts = t("Pawns: {pawns} · total {total} · deck {deck}", { pawns: raw(pawns), total: p.total, deck: p.power_deck }) + eqCards;
    text(g, spec.x + 10, spec.y + 47, facts, { "font-size": fit(facts.length * 0.95, spec.w - 16, 13), fill: "#333" });
    const cw = (spec.w - 16) / layout.guilds.length;
    layout.guilds.forEach((gd, j) => {
      const gk = `board:${p.role}:${gd.id}`;
      const col = target(svg, gk, describe(gk, view, layout), { class: "space" });
      const x = spec.x + 8 + j * cw;
      const y = spec.y + 58;
      el("rect", { x: x + 1, y, width: cw - 2, height: spec.h - 66, rx: 4, fill: GUILD_FILL[gd.colour] ?? "#eee",
        stroke: GUILD_INK[gd.colour] ?? "#333", "stroke-width": 1.2, class: "space-box" }, col);
      text(col, x + cw / 2, y + 16, gd.id, { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: GUILD_INK[gd.colour] });
      const cubes = p.board[gd.id] ?? [];
      cubes.forEach((v, k) => {
        const cx = x + cw / 2 + (k % 2 ? 11 : -11);
        const cy = y + 36 + Math.floor(k / 2) * 24;
        el("rect", { x: cx - 10, y: cy - 10, width: 20, height: 20, rx: 3, fill: CUBE_FILL[v], stroke: "#111", "stroke-width": 1.3 }, col);
        text(col, cx, cy + 5, String(v), { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: CUBE_INK[v] });
      });
      const base = spec.y + spec.h - 14;
      text(col, x + cw / 2, base - 40, `=${p.influence[gd.id]}`, { "text-anchor": "middle", "font-size": 15, "font-weight": "bold",
        fill: p.influence[gd.id] === 6 ? "#0b5d3b" : "#222" });
      const fav = p.favours?.[gd.id];
      if (fav) {
        el("rect", { x: x + 4, y: base - 33, width: cw - 8, height: 17, rx: 3, fill: fav === "strong" ? "#222" : "#fff", stroke: "#222" }, col);
        const favour = fav === "strong" ? t("Fav S") : t("Fav W"); // shrinks to its column (Hungarian "Kegy Gy" ran over)
        text(col, x + cw / 2, base - 20, favour, { "text-anchor": "middle", "font-size": fit(favour.length * 1.05, cw - 8, 12.5),
          "font-weight": "bold", fill: fav === "strong" ? "#fff" : "#222" });
      }
      const eq = p.equilibrium?.[gd.id];
      if (eq) text(col, x + cw / 2, base, t("Eq {n}", { n: eq }), { "text-anchor": "middle", "font-size": 13, fill: "#444" });
    });
  });
}

export function draw(svg, view, layout) {
  clear(svg, layout.viewBox);
  el("rect", { x: 0, y: 0, width: layout.viewBox[2], height: layout.viewBox[3], fill: "#efeae0" }, svg);
  drawCards(svg, view, layout);
  drawRing(svg, view, layout);
  drawTracks(svg, view, layout);
  drawInfo(svg, view, layout);
  drawBoards(svg, view, layout);
}

export function hand(view, ui = {}) {
  const layout = ui.layout ?? { card_names: {} }; // the host passes the board's layout
  const me = players(view).find((p) => p.role === (view.role ?? ui.role));
  if (!me) return null;
  const out = [];
  if (Array.isArray(me.hand)) {
    out.push(h("h3", {}, t("Your hand ({n})", { n: me.hand.length })));
    for (const id of me.hand) {
      const [name, printed] = layout.card_names?.[id] ?? [id, ""];
      const body = findCard(ui.cards, (c) => c.code === id)?.text ?? printed;
      out.push(h("div", { class: "card", "data-target": `hand:${id}`, tabindex: 0 }, h("b", {}, term(name)), h("div", { class: "card-text" }, term(body))));
    }
  }
  const none = t("none");
  if (me.equilibrium) {
    const eq = Object.entries(me.equilibrium).map(([g, n]) => `${guildName(layout, g)} x${n}`).join(", ") || none;
    out.push(h("h3", {}, t("Your Equilibrium cards")), h("p", {}, eq));
  }
  const power = (c) => powerCard(c, view, layout);
  if (Array.isArray(me.drawn)) out.push(h("h3", {}, t("Your drawn Power cards")), h("p", {}, me.drawn.map(power).join(", ") || none));
  if (me.vote) out.push(h("p", {}, t("Your vote:"), " ", h("b", {}, me.vote === "blank" ? term(me.vote) : power(me.vote))));
  if ((view.my_pile ?? []).length) out.push(h("h3", {}, t("Your cards in the Change of Era pile")), h("p", {}, view.my_pile.map(power).join(", ")));
  const favs = Object.entries(me.favours ?? {});
  if (favs.length) {
    out.push(h("h3", {}, t("Your Favour cards")), favs.map(([g, side]) => h("div", { class: "card" },
      h("b", {}, `${guildName(layout, g)} (${side === "strong" ? t("Strong") : t("Weak")})`),
      h("div", { class: "card-text" }, term(layout.favour_text?.[g] ?? "")))));
  }
  return fragment(out);
}

/** The legend's players: the seated ones with their shape and colour (a 3-player game has no p4,
 * p5); every colour while no view is drawn yet.
 * @param {any} [view] */
export function legendPlayers(view) {
  const seated = players(view ?? {});
  if (seated.length) return seated.map((p, i) => ({ role: p.role, shape: PLAYER_SHAPE[i % 5], colour: p.colour }));
  return Object.keys(PLAYER_FILL).map((name, i) => ({ role: `p${i + 1}`, shape: PLAYER_SHAPE[i], colour: name }));
}

/** The legend: the seated players' shapes and colours, then how to read the board.
 * @param {any} [_layout]
 * @param {any} [view] */
export function legend(_layout, view) {
  return fragment(
    legendPlayers(view).map((p) => [legendRow(p.shape, PLAYER_FILL[p.colour] ?? COLORS.grey, `${who(p.role)} (${colour(p.colour)})`), " "]),
    h("span", { class: "legend-item" }, t("Pawns: O = offensive, D = defensive. Cubes show their value (white 1, grey 2, dark 3); =N is a guild's influence; Fav S / Fav W = Strong / Weak Favour card; spiders on each action card.")),
  );
}
