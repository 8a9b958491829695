// The table around a match (issue 30), on the game page: the open seats a logged-in visitor may
// take with one click, and at game over the rematch: offer it, accept or decline it, and once it
// has started, the link to your own seat in it (an account's seat by its log-in; a guest's by a
// token the server gives only to the page that holds the guest's seat token).

import { api, h, listNames, me, onLanguage, raw, rememberSeat, roleName, t } from "./common.js";

const POLL_MS = 4000; // how often a finished match's page asks about its rematch

export class Table {
  constructor(matchId, token) {
    this.id = matchId;
    this.token = token || undefined;
    this.panel = h("section", { id: "table-panel", class: "panel rematch-panel", "aria-live": "polite", hidden: true });
    this.status = null; // the rematch as the server last said
    this.entry = null; // the lobby's entry of this match (its open seats), for a visitor
    this.timer = null;
    this.asking = false;
    document.getElementById("prompt-panel")?.after(this.panel);
    onLanguage(() => this.draw());
  }

  path(rest) {
    return "/api/matches/" + encodeURIComponent(this.id) + rest;
  }

  /** A new state object of the match: `role` is this page's seat (null: a spectator). */
  async update(state, role) {
    this.state = state;
    this.role = role;
    if (state.is_over && !this.timer) {
      this.timer = setInterval(() => this.ask(), POLL_MS);
      this.ask();
    } else if (!state.is_over && !role && !this.entry && (await me())) {
      try {
        this.entry = await api("/api/lobby/matches/" + encodeURIComponent(this.id));
      } catch {
        this.entry = { free: [] };
      }
    }
    this.draw();
  }

  async ask() {
    if (this.asking || document.visibilityState === "hidden") return;
    this.asking = true;
    try {
      this.status = await api(this.path("/rematch"), { token: this.token });
      if (this.status.rematch || this.status.declined_by) {
        clearInterval(this.timer); // nothing more will change
      }
    } catch {
      // the next poll asks again
    } finally {
      this.asking = false;
    }
    this.draw();
  }

  async send(rest) {
    this.error = "";
    try {
      this.status = await api(this.path(rest), { method: "POST", token: this.token });
    } catch (err) {
      this.error = err.message;
    }
    this.draw();
  }

  async take(role) {
    this.error = "";
    try {
      await api(this.path("/seats/" + encodeURIComponent(role) + "/take"), { method: "POST" });
      location.reload(); // the page is the seat's now (by the log-in)
    } catch (err) {
      this.error = err.message;
      this.draw();
    }
  }

  draw() {
    const parts = this.state?.is_over ? this.rematchParts() : this.openSeatParts();
    this.panel.hidden = !parts.length;
    this.panel.replaceChildren(...parts, ...(this.error ? [h("p", { class: "error", role: "alert" }, this.error)] : []));
  }

  openSeatParts() {
    const free = this.state && !this.role && this.entry ? this.entry.free || [] : [];
    if (!free.length) return [];
    return [
      h("h2", {}, t("Open seats")),
      h("div", { class: "actions" }, free.map((role) => h("button", { type: "button", class: "primary take", "data-role": role, onclick: () => this.take(role) },
        t("Take the seat {role}", { role: raw(roleName(role)) })))),
    ];
  }

  rematchParts() {
    const status = this.status;
    if (!status) return [];
    const mine = status.role || this.role; // a player who resigned watches the page as a spectator, yet may ask for a rematch
    const seated = Boolean(mine);
    const heading = h("h2", {}, t("Rematch"));
    if (status.rematch) {
      const seat = status.your_seat;
      if (seat && seat.token) {
        rememberSeat({ match: status.rematch.id, token: seat.token, role: seat.role, game: this.state.game, title: this.state.title, url: seat.url });
      }
      const link = seat
        ? h("a", { id: "rematch-go", class: "button primary", href: seat.url }, t("Play the rematch as {role}", { role: raw(roleName(seat.role)) }))
        : h("a", { id: "rematch-watch", class: "button", href: status.rematch.spectate_url }, t("Watch the rematch"));
      return [heading, h("p", {}, t("The rematch has started.")), link];
    }
    if (status.declined_by) return [heading, h("p", {}, t("{role} declined the rematch.", { role: raw(roleName(status.declined_by)) }))];
    if (!status.offered_by) {
      if (!seated) return [];
      return [heading, h("button", { id: "rematch-offer", type: "button", class: "primary", onclick: () => this.send("/rematch") }, t("Offer a rematch"))];
    }
    const said = status.offered_by === mine
      ? t("You offered a rematch.")
      : t("{role} offers a rematch: the same game, sides swapped where there are two.", { role: raw(roleName(status.offered_by)) });
    const parts = [heading, h("p", { id: "rematch-offered" }, said)];
    if (seated && !status.accepted.includes(mine)) {
      parts.push(h("div", { class: "actions" },
        h("button", { id: "rematch-accept", type: "button", class: "primary", onclick: () => this.send("/rematch") }, t("Accept")),
        h("button", { id: "rematch-decline", type: "button", onclick: () => this.send("/rematch/decline") }, t("Decline"))));
    } else if (status.waiting_for.length) {
      parts.push(h("p", { class: "hint" }, t("Waiting for {roles} to accept.", { roles: raw(listNames(status.waiting_for)) })));
    }
    return parts;
  }
}
