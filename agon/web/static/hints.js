// Hints on the game page (issue 36 item 5): a "Hint" button under the seat's choices, in a match
// whose creator allowed hints; it shows the bot's top three choices with its estimate of the
// seat's chance of winning after each (POST /api/matches/{id}/hint, searched from this seat's
// information only). A hint is for the version it was asked at: the next state clears it. A click
// on a hinted choice plays it, as its button in the prompt would. Built with DOM nodes only.

import { actionLabel, api, clear, h, t } from "./common.js";

export class HintPanel {
  /** `after`: the element the panel follows; `token`: the seat's token ("" when the log-in holds
   * the seat); `act(action)`: play an action as the prompt's buttons do. */
  constructor(after, matchId, token, act) {
    this.id = matchId;
    this.token = token;
    this.act = act;
    this.allowed = null;
    this.version = null;
    this.choices = null;
    this.error = "";
    this.box = h("div", { class: "hint-panel", hidden: true });
    after.after(this.box);
    api("/api/matches/" + encodeURIComponent(matchId) + "/hints")
      .then((answer) => {
        this.allowed = Boolean(answer && answer.allowed);
        this.render();
      })
      .catch(() => (this.allowed = false));
  }

  /** A new state: the panel shows while the seat has a choice to make. */
  update(state, role) {
    const playing = Boolean(role && state.prompt && !state.is_over && (state.active || []).includes(role));
    if (state.version !== this.version) {
      this.version = state.version;
      this.choices = null;
      this.error = "";
    }
    this.playing = playing;
    this.render();
  }

  async ask() {
    const version = this.version;
    this.error = "";
    this.choices = "asking";
    this.render();
    try {
      const answer = await api("/api/matches/" + encodeURIComponent(this.id) + "/hint",
        { method: "POST", token: this.token || undefined });
      if (this.version !== version) return;
      this.choices = answer.choices || [];
    } catch (err) {
      if (this.version !== version) return;
      this.choices = null;
      this.error = err.message;
    }
    this.render();
  }

  render() {
    this.box.hidden = !(this.allowed && this.playing);
    if (this.box.hidden) return;
    clear(this.box);
    const button = h("button", { type: "button", class: "small", onclick: () => this.ask(), disabled: this.choices === "asking" },
      t("Hint"));
    this.box.append(button);
    if (this.choices === "asking") this.box.append(h("span", { class: "hint", role: "status" }, " " + t("The bot is thinking…")));
    else if (Array.isArray(this.choices)) {
      this.box.append(h("p", { class: "hint" }, t("The bot's top choices, with its estimate of your chance of winning after each:")));
      this.box.append(h("ol", { class: "hint-choices" }, this.choices.map((choice) =>
        h("li", {},
          h("span", { class: "chance" }, choice.chance === null ? "" : Math.round(choice.chance * 100) + "%"),
          h("button", { type: "button", class: "link", onclick: () => this.act({ verb: choice.verb, arg: choice.arg }) },
            actionLabel(choice))))));
    }
    if (this.error) this.box.append(h("p", { class: "error", role: "alert" }, this.error));
  }
}
