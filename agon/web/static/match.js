// The game page, /m/{id}#{token} (a seat) or /m/{id} (a spectator): the board, the prompt as
// buttons and as board targets, the hand, the players, the log, undo, and live updates over the
// websocket (reconnecting by itself). Works after a reload: the token stays in the URL fragment.

import {
  actionLabel, api, botName, clear, describeResult, forgetSeat, h, listNames, logText, me, onLanguage, promptText, raw, rememberSeat, renderLog,
  roleName, rulesUrl, seats, setText, setRoleNames, setupLanguage, t, term, withRuleLinks,
} from "./common.js";
import { BoardHost, fullText, loadBoard, summary, tree } from "./board.js";
import { tn } from "./i18n.js";
import { ChatPanel } from "./chat.js";
import { Table } from "./table.js";
import { loadPlayers, resignButton, seatPlayer } from "./resign.js";
import { showClocks } from "./clock.js";
import { mountNotifications, TurnWatch } from "./notify.js";
import { HintPanel } from "./hints.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields

class MatchPage {
  constructor(id, token) {
    this.id = id;
    this.token = token;
    this.state = null;
    this.held = null; // {version, log}: the whole log as of the newest state taken in
    this.host = null;
    this.busy = false;
    this.socket = null;
    this.retry = 0;
    this.bySession = false; // the seat is held by the account logged in (no token: issue 30)
    this.table = null; // open seats to take, the rematch at game over (table.js)
  }

  /** Whether this page plays a seat: by the invite link's token, or by the account's log-in. */
  get seated() {
    return Boolean(this.token) || this.bySession;
  }

  async start() {
    let state;
    const lang = setupLanguage();
    this.setLive(t("connecting"), "", "connecting");
    try {
      state = await this.fetchState();
    } catch (err) {
      await lang;
      setText($("title"), t("This match cannot be opened"));
      $("status").textContent = err.message;
      $("live").textContent = "";
      return;
    }
    await lang;
    this.bySession = !this.token && Boolean(state.role);
    const [board] = await Promise.all([loadBoard(state.game), setupLanguage(state.game)]);
    this.host = new BoardHost($("board"), $("detail"), board, this.seated ? $("hand") : null);
    this.host.onAction = (action) => this.act(action);
    if (board.module) $("legend-box").hidden = false;
    this.chat = new ChatPanel(this.id, this.token); // the chat beside the log (issue 30)
    if (this.seated) this.hints = new HintPanel($("actions"), this.id, this.token, (action) => this.act(action)); // issue 36
    this.render(state);
    this.chat.load();
    onLanguage(() => this.redraw());
    onLanguage(() => this.chat.render());
    this.connect();
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.refresh();
    });
  }

  /** The state shown, drawn again (in another language). */
  redraw() {
    if (!this.state) return;
    /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ($("rules-link"))).href = rulesUrl(this.state.game);
    $("rules-link").textContent = t("Rules");
    const state = this.state;
    this.shown = null;
    this.state = null;
    this.render(state);
    this.setLive(this.liveText ? t(this.liveText) : "", $("live").className.replace(/^live ?/, ""));
  }

  path() {
    return "/api/matches/" + encodeURIComponent(this.id);
  }

  fetchState() {
    return api(this.path(), { token: this.token || undefined });
  }

  async refresh() {
    try {
      this.render(await this.fetchState());
    } catch (err) {
      this.error(err.message);
    }
  }

  /** A state object with its whole log. The server sends the whole log at first (a GET, a
   * socket's first message: `log_from` 0), then, in replies and pushes, only the lines after those
   * the page holds: they begin at line `log_from`. Null for a state older than the one held, and
   * for one that follows lines this page lacks (it then asks for the whole state again). */
  whole(state) {
    if (!state || typeof state !== "object" || !state.view) return null;
    if (this.held && typeof state.version === "number" && state.version < this.held.version) return null;
    const from = typeof state.log_from === "number" ? state.log_from : 0;
    const lines = Array.isArray(state.view.log) ? state.view.log : [];
    if (from > 0 && (!this.held || from > this.held.log.length)) {
      this.refresh();
      return null;
    }
    const log = from > 0 ? this.held.log.slice(0, from).concat(lines) : lines;
    this.held = { version: state.version, log };
    return from > 0 ? { ...state, log_from: 0, view: { ...state.view, log } } : state;
  }

  /** Show a state object; one older than the state shown (a late reply or push) is ignored:
   * versions only grow (an undo is an action too). */
  render(state) {
    state = this.whole(state);
    if (!state) return;
    if (this.state && typeof state.version === "number" && state.version < this.state.version) return;
    const key = JSON.stringify(state);
    if (key === this.shown) return; // the same state again (a push that follows our own reply)
    this.shown = key;
    const first = !this.state;
    this.state = state;
    setRoleNames(state.seats);
    document.body.dataset.version = String(state.version);
    const role = this.seated ? state.role ?? null : null;
    this.role = role;
    if (first) this.welcome(state, role);
    const prompt = this.seated && state.prompt ? state.prompt : null;
    const actions = prompt && Array.isArray(prompt.actions) ? prompt.actions : [];
    if (this.host) {
      this.host.draw(state.view, { role, seats: state.seats || {} }, actions);
      if (first) this.host.legend($("legend"));
    }
    $("hand-panel").hidden = !role || !$("hand").textContent.trim();
    this.renderPrompt(state, prompt, actions);
    this.renderStatus(state, role, prompt);
    if (this.turnWatch) this.turnWatch.seen(state, Boolean(prompt) && !state.is_over);
    this.renderPlayers(state, role);
    resignButton(this, state, role); // issue 30: resign, players' names and ratings (resign.js)
    loadPlayers(this, state);
    renderLog($("log"), state.view.log, state.seats, state.game);
    if (this.chat) this.chat.update(state);
    if (this.hints) this.hints.update(state, role);
    clear($("fulltext")).append(fullText(state.view));
    this.table = this.table || new Table(this.id, this.token);
    this.table.update(state, role);
  }

  welcome(state, role) {
    const title = state.title || state.game;
    setText($("title"), term(title));
    const rules = /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ($("rules-link")));
    rules.hidden = false;
    rules.href = rulesUrl(state.game);
    rules.textContent = t("Rules");
    $("seat").textContent = role ? t("playing as {role}", { role: raw(roleName(role)) }) : t("watching");
    if (role) this.turnWatch = new TurnWatch(title);
    if (this.token && role) {
      $("notify-box").hidden = false; // a guest seat's own notifications (an account's: the account page)
      mountNotifications($("notify-host"), { kind: "seat", match: this.id, token: this.token });
    }
    if (this.token) {
      rememberSeat({ match: this.id, token: this.token, role, game: state.game, title, url: location.pathname + location.hash });
      this.offerClaim(role);
    } else if (!this.bySession) {
      const mine = seats().filter((s) => s.match === this.id);
      if (mine.length) {
        const links = mine.map((s) => h("a", { href: "/m/" + encodeURIComponent(this.id) + "#" + s.token }, t("play as {role}", { role: raw(roleName(s.role)) })));
        $("seat").replaceChildren(t("watching; you hold a seat here:") + " ", ...links.flatMap((a, i) => (i ? [", ", a] : [a])));
      }
    }
  }

  /** Logged in with an invite link's token: offer to keep the seat in the account (the token then
   * stops working, and the seat is played by the log-in on every device). */
  async offerClaim(role) {
    if (!role || !(await me())) return;
    const claim = h("button", { id: "claim", type: "button", class: "small" }, t("Keep this seat in my account"));
    claim.addEventListener("click", async () => {
      try {
        await api(this.path() + "/seats/" + encodeURIComponent(role) + "/claim", { method: "POST", token: this.token });
        forgetSeat(this.token);
        location.replace("/m/" + encodeURIComponent(this.id));
      } catch (err) {
        this.error(err.message);
      }
    });
    $("seat").append(" ", claim);
  }

  renderPrompt(state, prompt, actions) {
    const box = clear($("actions"));
    $("prompt-panel").classList.toggle("waiting", !prompt);
    if (!this.seated) {
      $("prompt-h").textContent = t("Spectating");
      $("prompt-text").textContent = state.is_over ? describeResult(state.result) : t("You see what every player sees. Use an invite link to take a seat.");
      if (state.is_over) box.append(replayLink(this.id));
      return;
    }
    if (state.is_over) {
      $("prompt-h").textContent = t("Game over");
      $("prompt-text").textContent = describeResult(state.result);
      box.append(replayLink(this.id));
      return;
    }
    if (!prompt) {
      $("prompt-h").textContent = t("Not your turn");
      $("prompt-text").textContent = waitingText(state);
      return;
    }
    $("prompt-h").textContent = t("Your choice");
    $("prompt-text").replaceChildren(...withRuleLinks(promptText(prompt) || t("Choose an action."), state.game));
    const targets = this.host ? this.host.targets : new Map();
    const onBoard = new Set([...targets.values()].flat());
    const undo = actions.filter((a) => a.verb === "undo");
    for (const action of actions) {
      if (action.verb === "undo") continue;
      const button = h(
        "button",
        { type: "button", class: onBoard.has(action) ? "action on-board" : "action", onclick: () => this.act(action) },
        actionLabel(action),
      );
      if (onBoard.has(action)) button.title = t("Also clickable on the board");
      box.append(button);
    }
    for (const action of undo) box.append(h("button", { type: "button", class: "action undo", onclick: () => this.act(action) }, "↶ " + (actionLabel(action) || t("Undo"))));
    if (onBoard.size) box.append(h("p", { class: "hint" }, t("Highlighted places on the board and cards in your hand are clickable too.")));
    this.setBusy(this.busy);
  }

  renderStatus(state, _role, prompt) {
    let text;
    if (state.is_over) text = describeResult(state.result);
    else if (prompt) text = t("Your turn: {prompt}.", { prompt: raw(promptText(prompt) || t("choose an action")) });
    else text = waitingText(state);
    $("status").textContent = [text.replace(/([.?!:;])\.$/, "$1"), ...notices(state)].join(" ");
    $("status").classList.toggle("your-turn", Boolean(prompt));
    const title = term(state.title || state.game);
    document.title = prompt ? t("● Your turn: {title} · agon", { title: raw(title) }) : t("{title} · agon", { title: raw(title) });
  }

  renderPlayers(state, role) {
    const list = clear($("players"));
    const active = new Set(state.active || []);
    const thinking = new Set(state.thinking || []);
    for (const [seatRole, seat] of Object.entries(state.seats || {})) {
      const kind = seat && seat.kind === "human" ? t("person") : t("bot {bot}", { bot: raw(botName(seat && seat.bot ? seat.bot : "")) });
      const marks = [];
      if (seatRole === role) marks.push(h("span", { class: "tag you" }, t("you")));
      if (active.has(seatRole)) marks.push(h("span", { class: "tag turn" }, thinking.has(seatRole) ? t("thinking…") : t("to act")));
      list.append(h("li", { class: active.has(seatRole) ? "active" : "", "data-role": seatRole }, h("strong", {}, roleName(seatRole)), ...seatPlayer(this, seatRole), " ", h("span", { class: "kind" }, kind.trim()), " ", marks));
    }
    // each seat's clock in its line (clock.js): here, since the players' names (resign.js) redraw the list
    showClocks(list, state, role, this.token, () => this.refresh());
    // the plain facts go beside the board, or in its place when there is no board drawing
    clear($("facts"));
    /** @type {HTMLElement} */
    let facts = $("facts");
    const boardless = Boolean(this.host && !this.host.ok);
    /** @type {HTMLElement} */ (document.querySelector(".facts-box")).hidden = boardless;
    if (boardless) {
      facts = $("board").querySelector(".no-board-view") || $("board").appendChild(h("div", { class: "no-board-view" }));
    }
    clear(facts).append(boardless ? tree(state.view) : summary(state.view, this.host?.board.facts));
  }

  setBusy(busy) {
    this.busy = busy;
    for (const button of $("actions").querySelectorAll("button")) button.disabled = busy;
    document.body.classList.toggle("busy", busy);
  }

  error(message) {
    $("error").textContent = message || "";
  }

  async act(action) {
    if (this.busy || !this.state || !this.seated) return;
    this.error("");
    this.setBusy(true);
    try {
      const state = await api(this.path() + "/actions", {
        method: "POST",
        token: this.token || undefined,
        body: { version: this.state.version, verb: action.verb, arg: action.arg ?? null, log: "new" },
      });
      this.busy = false;
      this.render(state);
      $("prompt-panel").focus({ preventScroll: true });
    } catch (err) {
      this.busy = false;
      if (err.status === 409) this.error(t("The game moved on before your choice arrived; here is the new position."));
      else this.error(err.message);
      await this.refresh();
    } finally {
      this.setBusy(false);
      if (this.pending) this.render(this.pending);
      this.pending = null;
    }
  }

  // -- live updates ---------------------------------------------------------------------------

  connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    let socket;
    try {
      socket = new WebSocket(scheme + location.host + this.path() + "/live");
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify(this.token ? { token: this.token, log: "new" } : { log: "new" }));
      const wasDown = this.retry > 0;
      this.retry = 0;
      this.setLive(t("live"), "up", "live");
      if (wasDown) {
        this.refresh();
        if (this.chat) this.chat.load(); // the messages sent while the socket was down
      }
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && typeof data.error === "string") this.error(data.error);
      else if (data && (data.chat || data.chat_gap)) this.chat?.receive(data); // a chat message, not a state
      else if (!this.busy) this.render(data);
      else this.pending = this.whole(data) || this.pending; // its log lines are taken now, in order
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      // 1012 "service restart": the server is stopping to come back (docs/hosting.md); reconnect in
      // a second or two (spread, so that every page does not come at once), not after a failure's back-off
      if (event.code === 1012) this.retry = 0;
      this.scheduleReconnect(event.code === 1012 ? 1000 + Math.random() * 2000 : null);
    });
  }

  /** The connection's state beside the title; `english`: the words to translate again on a redraw. */
  setLive(text, cls, english = null) {
    this.liveText = english;
    $("live").textContent = text;
    $("live").className = "live " + cls;
  }

  scheduleReconnect(after = null) {
    this.socket = null;
    const delay = after ?? Math.min(10000, 500 * 2 ** this.retry);
    this.retry += 1;
    this.setLive(t("reconnecting…"), "down", "reconnecting…");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.socket) return;
    clearTimeout(this.timer);
    this.connect();
  }
}

// What the server says besides whose turn it is: a bot that cannot move (its message, in the
// page's language), a match the server's rules cannot go on with, a seed its creator chose.
function notices(state) {
  const said = (state.bot_trouble || []).map((trouble) => logText(trouble.message));
  if (state.frozen) said.push(t("This match was played under other rules than this server's: it can be read and exported, not continued."));
  if (state.seeded) said.push(t("The creator of this match chose its seed, and can know every hidden card."));
  return said;
}

function waitingText(state) {
  if (state.is_over) return describeResult(state.result);
  const thinking = new Set(state.thinking || []);
  const waits = new Map((state.bot_wait || []).map((wait) => [wait.role, wait]));
  const parts = (state.active || []).map((role) => {
    const seat = (state.seats || {})[role];
    if (thinking.has(role)) return { bot: true, text: botWaitText(role, waits.get(role)) };
    if (seat && seat.kind !== "human") return { bot: true, text: t("{role} (bot) is about to move", { role: raw(roleName(role)) }) };
    return { bot: false, text: roleName(role) };
  });
  if (!parts.length) return t("Nobody is to act.");
  if (parts.every((p) => !p.bot)) return t("Waiting for {roles}.", { roles: raw(listNames(parts.map((p) => p.text))) });
  return (parts.map((p) => p.text).join("; ") + ".").replace(/([.?!:;])\.$/, "$1");  // "δευτ." ends one already
}



/** A bot computing its move: its place in the server's bot queue and about how long, when told (issue 37). */
function botWaitText(role, wait) {
  const args = { role: raw(roleName(role)), n: wait ? wait.ahead : 0, seconds: wait ? wait.seconds : 0 };
  if (!wait) return t("{role} (bot) is thinking", args);
  if (!wait.ahead) return t("{role} (bot) is thinking, about {seconds} s", args);
  return tn("{role} (bot) is waiting: {n} bot turn ahead of it, about {seconds} s",
    "{role} (bot) is waiting: {n} bot turns ahead of it, about {seconds} s", args);
}

function replayLink(id) {
  return h("a", { class: "button", href: "/replay/" + encodeURIComponent(id) }, t("Open the replay viewer"));
}

/** The skip link moves the focus without following its href: the URL fragment holds the seat's
 * token, and "#prompt-panel" in its place would reopen the page as an unknown seat (issue 33). */
function keepTheFragment() {
  for (const link of document.querySelectorAll("a.skip")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const target = document.getElementById(link.getAttribute("href").slice(1));
      if (target) target.focus();
    });
  }
}

const match = location.pathname.match(/^\/m\/([^/]+)/);
keepTheFragment();
if (match) {
  const token = decodeURIComponent(location.hash.replace(/^#/, ""));
  new MatchPage(decodeURIComponent(match[1]), token).start();
  // another token pasted into the address opens that seat; an element's id is no token
  window.addEventListener("hashchange", () => {
    if (!document.getElementById(location.hash.slice(1))) location.reload();
  });
} else {
  setupLanguage().then(() => setText($("title"), t("No match in this address")));
}
