// The chat panel of the game page (issue 30): the messages of the channels this page reads, the
// form to write (a seat in the players' channel, a logged-in spectator in the spectators'), a
// mute switch per other person seated, a character counter and one error line. New messages come
// on the game's websocket ({"chat": [message]}); the page reads the rest with GET .../chat.
// Every word a person typed goes into the page as a text node, never as HTML.

import { api, clear, h, raw, roleName, t } from "./common.js";
import { tn } from "./i18n.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields

export class ChatPanel {
  /** `token`: the seat's token, or "" (a seat held by the log-in, or a spectator: the cookie says). */
  constructor(matchId, token) {
    this.id = matchId;
    this.token = token;
    this.messages = new Map(); // id -> message, in the order of their ids
    this.last = 0;
    this.info = null; // what the server said of this reader: {role, reads, writes, muted, max_length}
    this.state = null;
    this.over = null;
    this.unread = 0;
    this.loading = null;
    this.box = /** @type {HTMLDetailsElement} */ (/** @type {unknown} */ ($("chat-box")));
    if (window.matchMedia && window.matchMedia("(max-width: 860px)").matches) this.box.open = false; // a phone: folded
    this.box.addEventListener("toggle", () => {
      if (this.box.open) {
        this.unread = 0;
        this.renderUnread();
        this.scrollDown();
      }
    });
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    $("chat-text").addEventListener("input", () => this.renderCount());
  }

  path() {
    return "/api/matches/" + encodeURIComponent(this.id) + "/chat";
  }

  /** Read the messages after the last one held (all of them at first), page after page. */
  load() {
    if (!this.loading) {
      this.loading = this.fetchAll().finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  async fetchAll() {
    try {
      for (let pages = 0; pages < 50; pages++) {
        const answer = await api(this.path() + "?since=" + this.last, { token: this.token || undefined });
        this.info = answer;
        for (const message of answer.messages || []) this.messages.set(message.id, message);
        this.last = Math.max(this.last, answer.last || 0);
        if (!answer.more) break;
      }
      this.render();
      this.scrollDown();
    } catch (err) {
      this.error(err.message);
    }
  }

  /** Read everything again (the channels read or the mutes changed). */
  reload() {
    this.messages.clear();
    this.last = 0;
    return this.load();
  }

  /** A push of the websocket: `{"chat": [message]}`, or `{"chat_gap": true}` (read what was missed). */
  receive(data) {
    if (data.chat_gap) {
      this.load();
      return;
    }
    let fresh = 0;
    for (const message of Array.isArray(data.chat) ? data.chat : []) {
      if (!message || typeof message.id !== "number" || this.messages.has(message.id)) continue;
      this.messages.set(message.id, message);
      this.last = Math.max(this.last, message.id);
      if (message.role === null || message.role !== this.info?.role) fresh += 1;
    }
    if (!fresh && !data.chat?.length) return;
    if (!this.box.open) this.unread += fresh;
    this.render();
    this.scrollDown();
  }

  /** The match's state changed: the seats to mute, and at the end of the game both channels open. */
  update(state) {
    this.state = state;
    const over = Boolean(state.is_over);
    if (this.over !== null && over !== this.over) this.reload();
    this.over = over;
    this.renderMutes();
  }

  // -- drawing --------------------------------------------------------------------------------

  render() {
    const info = this.info || {};
    const list = clear($("chat-log"));
    const max = info.max_length || 500;
    $("chat-text").maxLength = max;
    for (const message of [...this.messages.values()].sort((a, b) => a.id - b.id)) list.append(this.line(message, info));
    if (!this.messages.size) list.append(h("li", { class: "empty" }, t("No messages yet.")));
    $("chat-form").hidden = !info.writes;
    $("chat-note").textContent = this.note(info);
    this.renderCount();
    this.renderMutes();
    this.renderUnread();
  }

  line(message, info) {
    const mine = message.role !== null ? message.role === info.role : false;
    let who;
    if (message.role === null) who = t("{name} (spectator)", { name: raw(message.name || "") });
    else if (message.name) who = t("{name} ({role})", { name: raw(message.name), role: raw(roleName(message.role)) });
    else who = roleName(message.role);
    const when = new Date((message.at || 0) * 1000);
    const classes = ["chat-line", mine ? "mine" : "", message.channel === "spectators" ? "spectators" : ""].filter(Boolean);
    return h(
      "li",
      { class: classes.join(" ") },
      h("span", { class: "chat-who" }, who),
      " ",
      h("time", { datetime: when.toISOString() }, when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })),
      " ",
      h("span", { class: "chat-text" }, message.text), // a text node: whatever was typed stays text
    );
  }

  note(info) {
    if (info.role) return this.over ? t("The game is over: everyone reads both chats.") : t("Only the players read this chat until the game is over.");
    if (this.over) return info.writes ? t("The game is over: everyone reads both chats.") : t("Log in to write in the spectators' chat.");
    if (info.writes) return t("You talk with the other spectators; the players' chat is shown when the game is over.");
    return t("The spectators' chat. Log in to write in it; the players' chat is shown when the game is over.");
  }

  renderCount() {
    const max = this.info?.max_length || 500;
    const used = [...$("chat-text").value].length;
    $("chat-count").textContent = t("{used}/{max} characters", { used, max });
    $("chat-count").classList.toggle("full", used >= max);
  }

  renderUnread() {
    const badge = $("chat-unread");
    badge.hidden = this.unread === 0;
    badge.textContent = this.unread ? tn("{n} new", "{n} new", { n: this.unread }) : "";
  }

  /** A switch per other person seated (a seat only: spectators' messages are not muted). */
  renderMutes() {
    const box = clear($("chat-mutes"));
    const info = this.info || {};
    const seatsOf = this.state?.seats || {};
    const others = Object.entries(seatsOf).filter(([role, seat]) => seat && seat.kind === "human" && role !== info.role);
    if (!info.role || !others.length) return;
    const muted = new Set(info.muted || []);
    box.append(h("span", { class: "hint" }, t("Hide the messages of:")), " ");
    for (const [role] of others) {
      const button = h("button", { type: "button", class: "small mute", "aria-pressed": muted.has(role) ? "true" : "false" },
        t("Mute {role}", { role: raw(roleName(role)) }));
      button.addEventListener("click", () => this.mute(role, !muted.has(role)));
      box.append(button, " ");
    }
  }

  scrollDown() {
    const list = $("chat-log");
    list.scrollTop = list.scrollHeight;
  }

  error(message) {
    $("chat-error").textContent = message || "";
  }

  // -- writing --------------------------------------------------------------------------------

  async send() {
    const field = $("chat-text");
    const text = field.value.trim();
    this.error("");
    if (!text) {
      this.error(t("Write a message first."));
      return;
    }
    $("chat-send").disabled = true;
    try {
      const answer = await api(this.path(), { method: "POST", token: this.token || undefined, body: { text } });
      field.value = "";
      this.receive({ chat: [answer.message] });
    } catch (err) {
      this.error(err.status === 429 ? t("Too many messages; wait a few seconds.") : err.message);
    } finally {
      $("chat-send").disabled = false;
      this.renderCount();
      field.focus();
    }
  }

  async mute(role, muted) {
    this.error("");
    try {
      await api(this.path() + "/mutes", { method: "POST", token: this.token || undefined, body: { role, muted } });
      await this.reload();
      const again = [...$("chat-mutes").querySelectorAll("button")].find((b) => b.textContent.includes(roleName(role)));
      if (again) again.focus(); // the switch keeps the focus after the panel is drawn again
    } catch (err) {
      this.error(err.message);
    }
  }
}
