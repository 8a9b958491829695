// What every page of agon shares: the API client, the seat tokens this browser keeps, and small
// DOM helpers. Plain ES module, no framework, no network beyond the agon server.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Call the agon API; returns the parsed JSON body or throws ApiError with the server's reason. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "the server cannot be reached; check your connection");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const reason = data && typeof data.error === "string" ? data.error : describeDetail(data) || response.statusText;
    throw new ApiError(response.status, reason || "request failed (" + response.status + ")");
  }
  return data;
}

function describeDetail(data) {
  if (!data || data.detail === undefined) return "";
  if (typeof data.detail === "string") return data.detail;
  return JSON.stringify(data.detail);
}

// -- seat tokens kept in this browser (localStorage) ------------------------------------------

const TOKENS_KEY = "agon.seats";

/** The seats this browser holds: [{match, token, role, game, title, url}] */
export function seats() {
  try {
    const list = JSON.parse(localStorage.getItem(TOKENS_KEY) || "[]");
    return Array.isArray(list) ? list.filter((s) => s && typeof s.token === "string") : [];
  } catch {
    return [];
  }
}

export function rememberSeat(seat) {
  const list = seats().filter((s) => s.token !== seat.token);
  const old = seats().find((s) => s.token === seat.token) || {};
  list.unshift({ ...old, ...seat, seen: Date.now() });
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(list.slice(0, 200)));
  } catch {
    // storage full or disabled: the invite link still works, only "My games" forgets it
  }
}

export function forgetSeat(token) {
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(seats().filter((s) => s.token !== token)));
  } catch {
    // nothing to do: storage is unavailable
  }
}

// -- DOM helpers --------------------------------------------------------------------------------

/** h("button", {class: "x", onclick}, "text", child...) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Put a renderer's output (an HTML string or a DOM node) into `el`. */
export function fill(el, content) {
  clear(el);
  if (content instanceof Node) el.append(content);
  else if (typeof content === "string") el.innerHTML = content;
  return el;
}

export function absolute(url) {
  return new URL(url, location.origin).href;
}

/** A "copy" button for a link; says "Copied" for a moment (falls back to selecting the text). */
export function copyButton(text, label) {
  const button = h("button", { type: "button", class: "small", "aria-label": label || "Copy link" }, "Copy");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch {
      const field = button.parentElement && button.parentElement.querySelector("input");
      if (field) {
        field.select();
        button.textContent = "Press Ctrl+C";
      }
    }
    setTimeout(() => (button.textContent = "Copy"), 1500);
  });
  return button;
}

/** A read-only link field with its copy button. */
export function linkField(label, url) {
  const full = absolute(url);
  const id = "f" + Math.random().toString(36).slice(2);
  return h(
    "div",
    { class: "link-field" },
    h("label", { for: id }, label),
    h("input", { id, type: "text", readonly: true, value: full, onfocus: (e) => e.target.select() }),
    copyButton(full, "Copy " + label),
    h("a", { href: full, class: "button small" }, "Open"),
  );
}

const roleNames = new Map(); // role id -> what a person calls it (the server's Game.role_name)

/** Remember the names of a game's roles: `{role: name}` from /api/games or a match's seats. */
export function setRoleNames(names) {
  for (const [role, value] of Object.entries(names || {})) {
    const name = value && typeof value === "object" ? value.name : value;
    if (typeof name === "string" && name) roleNames.set(role, name);
  }
}

export function roleName(role) {
  if (role === null || role === undefined) return "spectator";
  return roleNames.get(String(role)) || String(role);
}

export function listNames(roles) {
  const names = (roles || []).map(roleName);
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

/** The winners line of a finished match's result. */
export function describeResult(result) {
  if (!result) return "The game is over.";
  const winners = result.winners || result.winner;
  const list = Array.isArray(winners) ? winners : winners ? [winners] : [];
  let text = list.length ? "Game over: " + listNames(list) + (list.length > 1 ? " win." : " wins.") : "Game over: no winner.";
  if (result.scores && typeof result.scores === "object") {
    const parts = Object.entries(result.scores).map(([role, score]) => role + " " + score);
    if (parts.length) text += " Scores: " + parts.join(", ") + ".";
  }
  return text;
}

/**
 * The log, newest first. A line "role: ..." of a bot seat is the note the bot gave for its
 * action (the Non-Player rule step that fired): shown apart, in its own style.
 */
export function renderLog(el, lines, seatsOf) {
  clear(el);
  const bots = Object.entries(seatsOf || {})
    .filter(([, seat]) => seat && seat.kind !== "human")
    .map(([role]) => role);
  const list = Array.isArray(lines) ? lines : [];
  for (let i = list.length - 1; i >= 0; i--) {
    const line = String(list[i]);
    const who = bots.find((role) => line.startsWith(role + ": "));
    if (who) {
      el.append(h("li", { class: "note" }, h("span", { class: "tag" }, "rule step"), " ", line));
    } else {
      el.append(h("li", {}, line));
    }
  }
  if (!list.length) el.append(h("li", { class: "empty" }, "Nothing has happened yet."));
}
