// A study: a position file opened in the replay viewer (/study/{id}; agon/server/studies.py), as a
// chess site's analysis board opens a FEN. The page shows the position as each seat and a spectator
// see it (board, facts, log, the whole view as text, and what a seat to act is asked), chosen in
// "Seen by". The server sends views and prompts only: never the position, its seed or its
// generator, which give away every hidden card and draw.

import { actionLabel, api, clear, describeResult, h, listNames, onLanguage, promptText, raw, renderLog, roleName, setRoleNames, setText, setupLanguage, t, term } from "./common.js";
import { BoardHost, fullText, loadBoard, summary, tree } from "./board.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields

/** Whether a file's JSON is a position (docs/positions.md) rather than a game record. */
export function isPosition(data) {
  return Boolean(data) && typeof data === "object" && data.format === "agon-position";
}

/**
 * One view drawn in the viewer's panels: the board (or the view as a tree where the game has no
 * board), its legend, the facts, the log and the whole view as text. `role` null: a spectator's.
 * @param {BoardHost} host
 * @param {any} view
 * @param {string | null} role
 * @param {Record<string, any>} seats
 */
export function drawView(host, view, role, seats) {
  host.draw(view, { role, seats }, []);
  if (host.board.module) host.legend($("legend")); // for this view: a game's legend may name only its seats
  if (host.ok) clear($("facts")).append(summary(view, host.board.facts));
  else clear($("board").querySelector(".no-board-view") || $("board").appendChild(h("div", { class: "no-board-view" }))).append(tree(view));
  /** @type {HTMLElement} */ ($("facts").closest(".panel")).hidden = !host.ok;
  const hand = document.getElementById("hand-panel"); // a study's: the hand of the seat it is seen by
  if (hand && host.handEl) hand.hidden = !role || !host.handEl.textContent?.trim();
  renderLog($("log"), view.log, seats, view.game);
  clear($("fulltext")).append(fullText(view));
}

export class Study {
  /** @param {string} id */
  constructor(id) {
    this.id = id;
    /** @type {string | null} */
    this.role = null;
    /** @type {any} */
    this.study = null;
    /** @type {BoardHost | null} */
    this.host = null;
  }

  async start() {
    const lang = setupLanguage();
    try {
      this.study = await api("/api/studies/" + encodeURIComponent(this.id));
    } catch (err) {
      await lang;
      setText($("title"), t("This study cannot be opened"));
      $("step-action").textContent = err.message;
      return;
    }
    const study = this.study;
    setRoleNames(study.seats);
    await Promise.all([lang, setupLanguage(study.game)]);
    const board = await loadBoard(study.game);
    this.host = new BoardHost($("board"), $("detail"), board, $("hand"));
    if (board.module) $("legend-box").hidden = false;
    const chooser = $("seen-by");
    chooser.addEventListener("change", () => this.see(chooser.value || null));
    const fromHash = decodeURIComponent(location.hash.replace(/^#/, ""));
    $("study-controls").hidden = false;
    $("replay").hidden = false;
    onLanguage(() => this.redraw());
    this.see(study.roles.includes(fromHash) ? fromHash : null);
  }

  /** The choices of "Seen by", in the page's language. */
  options() {
    const chooser = $("seen-by");
    const choices = [null, ...this.study.roles].map((role) =>
      h("option", { value: role || "", selected: role === this.role }, role ? roleName(role) : t("spectator")));
    clear(chooser).append(...choices);
  }

  /** @param {string | null} role */
  see(role) {
    this.role = role;
    history.replaceState(null, "", role ? "#" + encodeURIComponent(role) : location.pathname);
    this.redraw();
  }

  redraw() {
    const study = this.study;
    if (!study || !this.host) return;
    const heading = t("Study: {title}", { title: raw(term(study.title || study.game)) });
    setText($("title"), heading);
    document.title = t("{title} · agon", { title: raw(heading) });
    this.options();
    const seats = study.seats || {};
    drawView(this.host, study.views[this.role || ""], this.role, seats);
    $("step-action").textContent = study.is_over ? describeResult(study.result)
      : t("To act: {roles}.", { roles: raw(listNames(study.active)) });
    const prompt = this.role ? (study.prompts || {})[this.role] : null; // what this seat is asked, if it is to act
    $("choices-panel").hidden = !prompt;
    if (prompt) {
      $("choices-prompt").textContent = promptText(prompt);
      clear($("choices")).append(...prompt.actions.map((/** @type {any} */ action) => h("li", {}, actionLabel(action))));
    }
    document.body.dataset.seenBy = this.role || "";
  }
}

/** Opens the position `data` as a study and goes to it; the one-line refusal otherwise. */
export async function openPosition(data) {
  const made = await api("/api/studies", { method: "POST", body: data });
  location.href = "/study/" + encodeURIComponent(made.id);
}
