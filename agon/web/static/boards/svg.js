// Shared drawing helpers for the board renderers: SVG elements, piece shapes, stacks with counts,
// tracks, the legend's and the hand's shape icons. Every renderer draws from its game's view and
// layout only, and builds nodes (never HTML strings).

import { h } from "../dom.js";

export const NS = "http://www.w3.org/2000/svg";

// Okabe-Ito colours (safe for the common colour-vision deficiencies); shapes always carry the meaning too.
export const COLORS = {
  blue: "#0072B2", orange: "#E69F00", sky: "#56B4E9", green: "#009E73",
  yellow: "#F0E442", vermillion: "#D55E00", purple: "#CC79A7", black: "#222222", grey: "#8a8a8a",
};

// el("rect", {x: 1, y: 2}, parent): a new SVG element with the given attributes, appended to parent.
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** A font size no larger than `size` at which `chars` characters fit in `width` (bold sans: about
 * 0.58 em a character). */
export function fit(chars, width, size) {
  return Math.min(size, width / (Math.max(chars, 1) * 0.58));
}

export function text(parent, x, y, content, attrs = {}) {
  const node = el("text", { x, y, ...attrs }, parent);
  node.textContent = content;
  return node;
}

// A group that names a board element: data-target KEY, an accessible <title>, focusable.
export function target(parent, key, label, attrs = {}) {
  const g = el("g", { "data-target": key, "aria-label": label, role: "img", ...attrs }, parent);
  el("title", {}, g).textContent = label;
  return g;
}

export function clear(svg, viewBox) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute("viewBox", viewBox.join(" "));
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  if (!svg.getAttribute("role")) svg.setAttribute("role", "img");
}

// One piece shape centred on (x, y) with half-size r. Shapes: square, circle, ring, triangle,
// diamond, house, hexagon, star, octagon.
export function shape(parent, kind, x, y, r, fill, stroke = "#111", attrs = {}) {
  const pts = (list) => list.map(([dx, dy]) => `${x + dx * r},${y + dy * r}`).join(" ");
  const common = { fill, stroke, "stroke-width": Math.max(1, r / 6), ...attrs };
  switch (kind) {
    case "square": return el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r / 5, ...common }, parent);
    case "circle": return el("circle", { cx: x, cy: y, r, ...common }, parent);
    case "ring": return el("circle", { cx: x, cy: y, r: r * 0.85, ...common, fill: "#fff", "stroke-width": r / 2.6, stroke: fill }, parent);
    case "triangle": return el("polygon", { points: pts([[0, -1.1], [1.05, 0.85], [-1.05, 0.85]]), ...common }, parent);
    case "diamond": return el("polygon", { points: pts([[0, -1.15], [1.15, 0], [0, 1.15], [-1.15, 0]]), ...common }, parent);
    case "house": return el("polygon", { points: pts([[0, -1.1], [1, -0.2], [1, 1], [-1, 1], [-1, -0.2]]), ...common }, parent);
    case "hexagon": return el("polygon", { points: pts([[-0.5, -0.95], [0.5, -0.95], [1.05, 0], [0.5, 0.95], [-0.5, 0.95], [-1.05, 0]]), ...common }, parent);
    case "octagon": return el("polygon", { points: pts([[-0.45, -1], [0.45, -1], [1, -0.45], [1, 0.45], [0.45, 1], [-0.45, 1], [-1, 0.45], [-1, -0.45]]), ...common }, parent);
    case "star": {
      const list = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const k = i % 2 ? 0.5 : 1.15;
        list.push([Math.cos(a) * k, Math.sin(a) * k]);
      }
      return el("polygon", { points: pts(list), ...common }, parent);
    }
    default: return el("circle", { cx: x, cy: y, r, ...common }, parent);
  }
}

// A piece with its count: the shape, and the number on it when more than one (or always, if forced).
export function stack(parent, kind, x, y, r, fill, count, { ink = "#fff", stroke = "#111", always = false } = {}) {
  shape(parent, kind, x, y, r, fill, stroke);
  if (count > 1 || always) {
    text(parent, x, y + r * 0.42, String(count), {
      "text-anchor": "middle", "font-size": r * 1.25, "font-weight": "bold", fill: ink,
      "pointer-events": "none",
    });
  }
}

// Lay out n items in rows of `per` starting at (x, y), step `dx`/`dy`; returns their centres.
export function grid(n, x, y, per, dx, dy) {
  const out = [];
  for (let i = 0; i < n; i++) out.push([x + (i % per) * dx, y + Math.floor(i / per) * dy]);
  return out;
}

// A numbered track: boxes `from`..`to` at the layout's box positions; markers = [{value, label, shape, fill}].
export function track(parent, spec, key, label, markers) {
  const g = target(parent, key, label);
  const { x, y, w, h, from, to, per = to - from + 1 } = spec;
  const n = to - from + 1;
  const cw = w / Math.min(per, n);
  const rows = Math.ceil(n / per);
  const ch = h / rows;
  el("rect", { x: x - 4, y: y - 21, width: w + 8, height: h + 25, rx: 4, fill: "#fffdf6", stroke: "#999" }, g);
  text(g, x, y - 5, spec.title ?? label, { "font-size": 15, "font-weight": "bold", fill: "#333" });
  for (let v = from; v <= to; v++) {
    const i = v - from;
    const cx = x + (i % per) * cw;
    const cy = y + Math.floor(i / per) * ch;
    el("rect", { x: cx, y: cy, width: cw, height: ch, fill: "#fff", stroke: "#bbb" }, g);
    const size = fit(String(v).length, cw - 4, 13);  // 13 where the cell has the room (issue 33 item 6)
    text(g, cx + 2, cy + size, String(v), { "font-size": size, fill: "#666" });
  }
  const at = new Map();
  const r = Math.min(cw, ch, 30) / 3.2;
  for (const m of markers) {
    const v = Math.max(from, Math.min(to, m.value));
    const i = v - from;
    const k = at.get(v) ?? 0;
    at.set(v, k + 1);
    const mark = el("g", {}, g);
    el("title", {}, mark).textContent = `${m.label}: ${m.value}`;
    if (m.tag) {  // tagged markers stack down the cell: shape, then its tag
      const cx = x + (i % per) * cw + r + 3;
      const cy = y + Math.floor(i / per) * ch + 14 + r + k * (2 * r + 4);
      shape(mark, m.shape, cx, cy, r, m.fill);
      text(mark, cx + r + 3, cy + 4.5, m.tag, { "font-size": 13, "font-weight": "bold", fill: "#222" });
    } else {  // untagged markers sit side by side in the middle of the cell, alternately right and
      // left and further out each pair (a third one hid the first)
      const cx = x + (i % per) * cw + cw / 2 + Math.ceil(k / 2) * (k % 2 ? 1 : -1) * r * 0.9;
      const cy = y + Math.floor(i / per) * ch + ch / 2 + 3;
      shape(mark, m.shape, cx, cy, r, m.fill);
    }
  }
  return g;
}

// A side panel: a framed box with a heading.
export function panel(parent, spec, heading, size = 16) {
  el("rect", { x: spec.x - 4, y: spec.y, width: spec.w + 8, height: spec.h, rx: 6, fill: "#fffdf6", stroke: "#999",
    "fill-opacity": 0.96 }, parent);
  text(parent, spec.x + 5, spec.y + 21, heading, { "font-size": size, "font-weight": "bold", fill: "#333" });
}

// Lines of text in a panel; a line longer than `max` characters is cut, its whole text in a <title>.
export function rows(parent, spec, list, { start = 42, step = 19, size = 14, max = 0, wrap = 0 } = {}) {
  // with `wrap`, a row longer than `max` goes on over at most `wrap` more lines (at its spaces)
  const lines = wrap && max ? list.flatMap((row) => wrapped(row, max, wrap + 1)) : list;
  lines.forEach((row, i) => {
    const cut = max && row.length > max;
    const node = text(parent, spec.x + 8, spec.y + start + i * step, cut ? row.slice(0, max - 1) + "…" : row,
      { "font-size": size, fill: "#222" });
    if (cut) el("title", {}, node).textContent = row;
  });
  return lines.length;
}

/** `row` in lines of at most `max` characters, broken at spaces; at most `most` lines (the last
 * one holds the rest, and is cut with an ellipsis where it is drawn). */
export function wrapped(row, max, most) {
  const out = [""];
  for (const word of row.split(" ")) {
    const cur = out[out.length - 1];
    if (cur && (cur + " " + word).length > max && out.length < most) out.push("  " + word);
    else out[out.length - 1] = cur ? cur + " " + word : word;
  }
  return out;
}

/** A shape as a small <svg> icon (18 px unless `size`), hidden from assistive technology (the
 * text beside it says what it is); hollow = outlined in the colour on white. */
export function icon(kind, fill, { hollow = false, size = 18, cls = null } = {}) {
  const svg = el("svg", { class: cls, width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true" });
  if (hollow) shape(svg, kind, 0, 0, 7, "#fff", fill, { "stroke-width": 2.6 });
  else shape(svg, kind, 0, 0, 7, fill);
  return svg;
}

/** A legend's item: a shape and what it means. */
export function legendRow(kind, fill, label, hollow = false) {
  return h("span", { class: "legend-item legend-shape" }, icon(kind, fill, { hollow }), label);
}

// The catalogue entry (Game.cards(), keyed by String(id)) of card `id`, or null.
export function cardOf(cards, id) {
  return cards?.get?.(String(id)) ?? cards?.get?.(id) ?? null;
}

// The first catalogue entry for which test(card) holds, or null.
export function findCard(cards, test) {
  for (const card of cards?.values?.() ?? []) if (test(card)) return card;
  return null;
}
