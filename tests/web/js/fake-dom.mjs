// Just enough of a document for the page's DOM builders under node (tests/web/js/*.test.mjs):
// elements with attributes, children and listeners, text nodes, fragments, and `html()`, which
// writes a tree out as markup with its text escaped. It parses nothing, as the page's builders must not.

class FakeNode {
  constructor() {
    /** @type {FakeNode[]} */
    this.childNodes = [];
  }

  append(...children) {
    for (const child of children) {
      if (!(child instanceof FakeNode)) throw new TypeError("append() takes nodes here, got " + typeof child);
      if (child instanceof FakeFragment) this.childNodes.push(...child.childNodes.splice(0));
      else this.childNodes.push(child);
    }
  }

  set textContent(value) {
    this.childNodes = [new FakeText(String(value))];
  }
}

class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.data = data;
  }
}

class FakeFragment extends FakeNode {}

class FakeElement extends FakeNode {
  constructor(tag, namespace = null) {
    super();
    this.tagName = tag;
    this.namespaceURI = namespace;
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    this.listeners = {};
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }

  set className(value) {
    this.attributes.set("class", String(value));
  }

  addEventListener(type, listener) {
    (this.listeners[type] ??= []).push(listener);
  }

  appendChild(child) {
    this.append(child);
    return child;
  }
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The tree as markup: what a browser would show for it (text escaped, attributes quoted). */
export function html(node) {
  if (node instanceof FakeText) return escape(node.data);
  const inner = node.childNodes.map(html).join("");
  if (!(node instanceof FakeElement)) return inner;
  const attrs = [...node.attributes].map(([k, v]) => ` ${k}="${escape(v)}"`).join("");
  return `<${node.tagName}${attrs}>${inner}</${node.tagName}>`;
}

/** Install the fake document as the page's globals. */
export function installFakeDom() {
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (namespace, tag) => new FakeElement(tag, namespace),
    createTextNode: (data) => new FakeText(data),
    createDocumentFragment: () => new FakeFragment(),
  };
}
