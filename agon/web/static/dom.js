// Building the page's HTML from code: h(tag, attrs, ...children) makes an element whose string
// children become text nodes, so no string (a player's name, a chat line, a catalogue's words, a
// card's text) can ever become markup; nothing here parses HTML. No network, no state.
//
//   h("p", { class: "card", "data-target": "card:3", tabindex: 0 }, h("b", {}, name), " ", text)

/** What an element's children may be: nodes, strings and numbers (as text), nothing (skipped), lists of them.
 * @typedef {Node | string | number | boolean | null | undefined | readonly unknown[]} Child */

/**
 * An element with these attributes and children. An attribute `onX` that is a function listens
 * to the event X; `class` is the class name, `text` the text; `true` sets an empty attribute and
 * null, undefined or false leave it out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  el.append(...nodes(children));
  return el;
}

/** The children as nodes to append: strings and numbers become text nodes; null, undefined,
 * false and true are left out (so `cond && h(...)` reads as it should); lists are flattened.
 * @param {Child[]} children
 * @returns {Node[]} */
export function nodes(children) {
  /** @type {Node[]} */
  const out = [];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === true) continue;
    out.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return out;
}

/** Several children without an element around them (a renderer's hand or legend).
 * @param {...Child} children
 * @returns {DocumentFragment} */
export function fragment(...children) {
  const out = document.createDocumentFragment();
  out.append(...nodes(children));
  return out;
}
