// The host side of the board-renderer interface (boards/<game-id>.js): loads a game's renderer,
// layout and card catalogue, draws the board, marks the elements the legal actions name
// (class "target"), turns clicks and keys on them into actions, and shows an element's detail on
// hover, focus or tap. Knows nothing about any one game. A renderer that is missing or throws
// leaves the page without a board, never without its prompt.

import { actionLabel, api, clear, fill, h, raw, t, term } from "./common.js";

/** Everything the page needs about a game's graphics: {module, layout, cards, error} */
export async function loadBoard(gameId) {
  const [module, layout, cards, facts] = await Promise.all([
    import("/static/boards/" + encodeURIComponent(gameId) + ".js").catch((err) => ({ failed: err })),
    api("/api/games/" + encodeURIComponent(gameId) + "/layout").catch(() => ({})),
    api("/api/games/" + encodeURIComponent(gameId) + "/cards").catch(() => []),
    api("/api/games/" + encodeURIComponent(gameId) + "/facts").catch(() => ({})),
  ]);
  const byId = new Map();
  for (const card of Array.isArray(cards) ? cards : []) byId.set(String(card.id), card);
  if (module.failed || typeof module.draw !== "function") {
    return { module: null, layout: layout || {}, cards: byId, facts: facts || {}, error: t("no board drawing for this game yet") };
  }
  return { module, layout: layout || {}, cards: byId, facts: facts || {}, error: null };
}

/** Call a renderer function; an exception becomes `fallback` (and a console note), never a crash. */
function safe(fn, fallback, ...args) {
  if (typeof fn !== "function") return fallback;
  try {
    const out = fn(...args);
    return out === undefined || out === null ? fallback : out;
  } catch (err) {
    console.error("board renderer:", err);
    return fallback;
  }
}

// the smallest label on the board, in CSS pixels, and the smallest target on a touch screen (WCAG 2.5.8)
const LABEL_PX = 11.2;
const TOUCH_PX = 24.5;
const COARSE = window.matchMedia("(pointer: coarse)");

/** The words an element shows: its SVG <text>s (a <title> is not drawn), or an HTML element's text.
 * Each <text> gets a trailing space (never drawn: SVG drops it), so that a name on two lines reads
 * as two words to assistive technology too ("Change of" + "Plans" was "Change ofPlans"). */
function visibleText(el) {
  if (!(el instanceof SVGElement)) return el.textContent.replace(/\s+/g, " ").trim();
  const lines = [...el.querySelectorAll("text")];
  for (const line of lines) if (!/\s$/.test(line.textContent)) line.append(" ");
  return lines.map((line) => line.textContent).join("").replace(/\s+/g, " ").trim();
}

export class BoardHost {
  /**
   * @param {HTMLElement} container  where the <svg> lives
   * @param {HTMLElement} detail     where an element's description goes (aria-live)
   * @param {object} board           from loadBoard
   * @param {HTMLElement|null} handEl  where the seat's hand goes (its cards may be targets too)
   */
  constructor(container, detail, board, handEl = null) {
    this.container = container;
    this.detail = detail;
    this.board = board;
    this.handEl = handEl;
    this.onAction = null; // set by the page: (action) => void
    this.targets = new Map();
    this.view = null;
    this.menu = null;
    this.svg = null;
    if (board.module) {
      this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      this.svg.setAttribute("role", "group");
      this.svg.setAttribute("class", "board");
      container.append(this.svg);
      // the board is drawn at its readable size (see readable()); "Zoom out" shows it whole
      const zoom = h("button", { type: "button", class: "small zoom" });
      zoom.addEventListener("click", () => {
        container.classList.toggle("overview");
        this.relabel();
      });
      container.after(zoom);
      this.zoom = zoom;
      this.relabel();
      for (const surface of this.surfaces()) {
        surface.addEventListener("click", (e) => this.clicked(e));
        surface.addEventListener("keydown", (e) => this.keyed(e));
        surface.addEventListener("mouseover", (e) => this.hovered(e));
        surface.addEventListener("focusin", (e) => this.hovered(e));
      }
    } else {
      this.noBoard = h("p", { class: "no-board" });
      container.append(this.noBoard);
      this.relabel();
    }
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.closeMenu();
    });
    document.addEventListener("click", (e) => {
      const where = /** @type {Node} */ (e.target);
      if (this.menu && !this.menu.contains(where) && !this.surfaces().some((s) => s.contains(where))) this.closeMenu();
    });
  }

  /** The host's own words, in the page's language (again after a language change). */
  relabel() {
    if (this.svg) this.svg.setAttribute("aria-label", t("Game board"));
    if (this.zoom) this.zoom.textContent = this.container.classList.contains("overview") ? t("Zoom in") : t("Zoom out");
    if (this.noBoard) this.noBoard.textContent = t("This game has no board drawing yet. The position, set out as text:");
  }

  /** The elements whose [data-target] descendants can be targets: the board, and the hand. */
  surfaces() {
    return [this.svg, this.handEl].filter(Boolean);
  }

  get ok() {
    return Boolean(this.board.module) && !this.broken;
  }

  /** (Re)draw the board and the hand for `view`; `actions` are the legal actions ([] when it is
   * not this seat's turn). */
  draw(view, ui, actions) {
    this.view = view;
    // the layout goes with the hand too: a fresh page draws the hand before any board (issue 33)
    this.ui = { role: ui.role ?? null, cards: this.board.cards, seats: ui.seats || {}, layout: this.board.layout };
    this.closeMenu();
    this.targets = new Map();
    this.relabel();
    if (!this.svg) return;
    if (this.handEl) fill(this.handEl, safe(this.board.module.hand, "", view, this.ui));
    clear(this.svg);
    try {
      this.board.module.draw(this.svg, view, this.board.layout, this.ui);
      this.broken = false;
    } catch (err) {
      console.error("board renderer:", err);
      this.broken = true;
      clear(this.svg);
      this.container.classList.add("board-failed");
      this.detail.textContent = t("The board could not be drawn ({reason}); the prompt's buttons still work.", { reason: raw(err.message) });
      return;
    }
    this.container.classList.remove("board-failed");
    this.markTargets(actions || []);
    this.readable();
  }

  /** The board's readable size (issue 33): the width in CSS pixels at which its smallest label is
   * LABEL_PX high and, on a touch screen, its smallest target TOUCH_PX across. The board fills its
   * host at that size or larger, scrolling (panning) inside it when larger; "Zoom out" shows it
   * whole. Measured from what the renderer drew, so it holds for any game's drawing. */
  readable() {
    const box = this.svg.viewBox.baseVal;
    if (!box || !box.width) return;
    let scale = 0;
    for (const node of this.svg.querySelectorAll("text")) {
      const size = parseFloat(node.getAttribute("font-size"));
      if (size > 0 && node.textContent.trim()) scale = Math.max(scale, LABEL_PX / size);
    }
    if (COARSE.matches) {
      for (const node of /** @type {NodeListOf<SVGGraphicsElement>} */ (this.svg.querySelectorAll("[data-target]"))) {
        const { width, height } = node.getBBox();
        // (a line's box is as thin as its stroke: a finger meets the line's label or ends instead)
        if (Math.min(width, height) >= 4) scale = Math.max(scale, TOUCH_PX / Math.min(width, height));
      }
    }
    const width = Math.ceil(box.width * scale);
    if (width === this.readableWidth) return;
    this.readableWidth = width;
    this.container.style.setProperty("--readable-width", width + "px");
    this.fitZoom();
  }

  /** "Zoom out" is offered only when the readable board is wider than its frame (read from a
   * ResizeObserver: reading the width after a draw would force a layout of the whole board). */
  fitZoom() {
    if (!this.zoom) return;
    if (!this.watching) {
      this.watching = new ResizeObserver((entries) => {
        this.frameWidth = entries[entries.length - 1].contentRect.width;
        this.fitZoom();
      });
      this.watching.observe(this.container);
    }
    this.zoom.hidden = this.frameWidth !== undefined && this.readableWidth <= this.frameWidth;
  }

  /** Which board key each action names: Map(key -> [action]) */
  targetsOf(actions) {
    const map = new Map();
    for (const action of actions) {
      if (action.verb === "undo") continue;
      const key = safe(this.board.module && this.board.module.targetOf, null, action, this.view, this.board.layout);
      if (!key) continue;
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(action);
    }
    return map;
  }

  /** Highlight the elements legal actions name; `targets` keeps only keys drawn somewhere. */
  markTargets(actions) {
    const namedBy = this.targetsOf(actions);
    this.targets = new Map();
    for (const el of this.surfaces().flatMap((s) => [...s.querySelectorAll("[data-target]")])) {
      const key = el.getAttribute("data-target");
      const named = namedBy.get(key);
      if (named) this.targets.set(key, named);
      if (named) {
        el.classList.add("target");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        const label = named.length === 1 ? actionLabel(named[0]) : t("{n} choices: {labels}", { n: named.length, labels: raw(named.map(actionLabel).join("; ")) });
        // the words drawn on the element come first in its name (WCAG 2.5.3, label in name: a
        // person who says what they see to speech input reaches it), then what choosing it does
        const seen = visibleText(el);
        el.setAttribute("aria-label", seen && !label.includes(seen) ? seen + " — " + label : label);
      } else {
        el.setAttribute("tabindex", "-1");
      }
    }
  }

  elementOf(event) {
    const el = event.target instanceof Element ? event.target.closest("[data-target]") : null;
    return el && this.surfaces().some((s) => s.contains(el)) ? el : null;
  }

  hovered(event) {
    const el = this.elementOf(event);
    if (el) this.showDetail(el.getAttribute("data-target"));
  }

  showDetail(key) {
    const text = safe(this.board.module && this.board.module.describe, "", key, this.view, this.board.layout);
    this.detail.textContent = text || "";
  }

  clicked(event) {
    const el = this.elementOf(event);
    if (!el) return;
    const key = el.getAttribute("data-target");
    this.showDetail(key);
    const named = this.targets.get(key);
    if (!named) return;
    event.stopPropagation();
    if (named.length === 1) this.choose(named[0]);
    else this.openMenu(el, named);
  }

  keyed(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const el = this.elementOf(event);
    if (!el || !this.targets.has(el.getAttribute("data-target"))) return;
    event.preventDefault();
    this.clicked(event);
  }

  choose(action) {
    this.closeMenu();
    if (this.onAction) this.onAction(action);
  }

  /** A small menu of the actions that name one element, beside that element. */
  openMenu(el, actions) {
    this.closeMenu();
    const box = el.getBoundingClientRect();
    const menu = h(
      "div",
      { class: "target-menu", role: "menu", "aria-label": t("Choices for this element") },
      actions.map((action) => h("button", { type: "button", role: "menuitem", onclick: () => this.choose(action) }, actionLabel(action))),
      h("button", { type: "button", class: "cancel", role: "menuitem", onclick: () => this.closeMenu() }, t("Cancel")),
    );
    document.body.append(menu);
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    menu.style.left = Math.max(4, Math.min(box.left, window.innerWidth - width - 4)) + "px";
    const below = box.bottom + 4;
    menu.style.top = (below + height <= window.innerHeight ? below : Math.max(4, box.top - height - 4)) + "px";
    this.menu = menu;
    this.menuFrom = el;
    menu.querySelector("button").focus();
  }

  closeMenu() {
    if (!this.menu) return;
    this.menu.remove();
    this.menu = null;
    if (this.menuFrom && this.menuFrom.isConnected) this.menuFrom.focus();
    this.menuFrom = null;
  }

  /** The board's legend, for the view drawn last (a game's legend may name only what is in play). */
  legend(el) {
    fill(el, safe(this.board.module && this.board.module.legend, "", this.board.layout, this.view));
  }
}

const SKIP = new Set(["game", "role", "active", "over", "result", "log"]);

function scalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** The words of a game's view ids, from its fact labels (Game.fact_labels: {keys, values}, English
 * catalogue ids); ids without one are shown in words. */
class FactWords {
  constructor(facts) {
    this.keys = (facts && facts.keys) || {};
    this.values = (facts && facts.values) || {};
  }

  /** A view key's heading; null for a fact the game leaves out (its label is ""). */
  key(key) {
    const label = Object.prototype.hasOwnProperty.call(this.keys, key) ? this.keys[key] : undefined;
    if (label === "") return null;
    return label ? term(label) : key.replace(/_/g, " ");
  }

  /** A mapping's key: a term of the game (a side, a country), its label, or the key in words. */
  inner(key) {
    const label = this.values[key] || this.keys[key];
    return label ? term(label) : term(key) !== key ? term(key) : key.replace(/_/g, " ");
  }

  value(value) {
    if (value === null) return t("none");
    if (value === true) return t("yes");
    if (value === false) return t("no");
    if (typeof value !== "string") return String(value);
    if (this.values[value]) return term(this.values[value]);
    const named = term(value);
    return named === value && /^[a-z0-9]+(_[a-z0-9]+)+$/.test(value) ? value.replace(/_/g, " ") : named; // an id in words
  }
}

const PLAIN = new FactWords({});

/**
 * A text summary of a view: its plain facts (round, phase, tracks, counts per role), game-agnostic,
 * named by the game's fact labels (`facts`, issue 33: they were raw ids in English).
 * The text alternative to the board, and the whole picture when a game has no board drawing.
 */
export function summary(view, facts = {}) {
  const words = new FactWords(facts);
  const rows = [];
  for (const [key, value] of Object.entries(view || {})) {
    if (SKIP.has(key) || (key.endsWith("_label") && key.slice(0, -6) in view)) continue;
    const name = words.key(key);
    if (name === null) continue;
    // an id with a "<key>_label" twin ("MAY_JUN", "May-June") shows as its label (issue 33)
    const label = view[key + "_label"];
    if (scalar(value) && typeof label === "string") rows.push([name, words.value(label)]);
    else if (scalar(value)) rows.push([name, words.value(value)]);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length && entries.length <= 12 && entries.every(([, v]) => scalar(v))) {
        rows.push([name, entries.map(([k, v]) => words.inner(k) + ": " + words.value(v)).join(", ")]);
      }
    }
  }
  return h("dl", { class: "facts" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

function show(value) {
  return PLAIN.value(value);
}

/** A view's key as a heading: its words. */
function keyName(key) {
  return key.replace(/_/g, " ");
}

function inline(value) {
  if (scalar(value)) return show(value);
  if (Array.isArray(value) && value.every(scalar)) return value.length ? value.map(show).join(", ") : t("none");
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length <= 12 && entries.every(([, v]) => scalar(v) || (Array.isArray(v) && v.every(scalar)))) {
      return entries.length ? entries.map(([k, v]) => keyName(k) + ": " + inline(v)).join(", ") : t("none");
    }
  }
  return null;
}

/** A readable rendering of any JSON value: inline text, a table for a list of like records, else
 * nested definition lists. What a game without a board drawing shows of its position. */
export function tree(value, skip = SKIP) {
  const flat = inline(value);
  if (flat !== null) return document.createTextNode(flat);
  if (Array.isArray(value)) {
    if (value.every((item) => item && typeof item === "object" && !Array.isArray(item))) {
      const columns = [...new Set(value.flatMap((item) => Object.keys(item)))];
      if (columns.every((c) => value.every((item) => item[c] === undefined || inline(item[c]) !== null))) {
        return h(
          "table",
          { class: "tree-table" },
          h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, keyName(c))))),
          h("tbody", {}, value.map((item) => h("tr", {}, columns.map((c) => h("td", {}, item[c] === undefined ? "" : inline(item[c])))))),
        );
      }
    }
    return h("ol", { class: "tree-list" }, value.map((item) => h("li", {}, tree(item, new Set()))));
  }
  return h(
    "dl",
    { class: "facts" },
    Object.entries(value)
      .filter(([k]) => !skip.has(k))
      .map(([k, v]) => [h("dt", {}, keyName(k)), h("dd", {}, tree(v, new Set()))]),
  );
}

/** The whole view as indented text, for players who want every detail (and screen readers). */
export function fullText(view) {
  const rest = {};
  for (const [key, value] of Object.entries(view || {})) if (key !== "log") rest[key] = value;
  return h("pre", { class: "view-text" }, JSON.stringify(rest, null, 1));
}
