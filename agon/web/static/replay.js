// The replay viewer: /replay/{id} steps through a finished match (the board after each action,
// forward, back, jump; the step number stays in the URL fragment), /replay opens an uploaded
// record file (imported as a finished match) or a position file (a study: study.js, /study/{id}).
// The record can be downloaded.

import { actionLabel, api, describeResult, h, onLanguage, raw, roleName, setRoleNames, setText, setupLanguage, t, term } from "./common.js";
import { BoardHost, loadBoard } from "./board.js";
import { AnalysisPanel } from "./analysis.js";
import { drawView, isPosition, openPosition, Study } from "./study.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields

class Replay {
  constructor(id) {
    this.id = id;
    this.cache = new Map();
    this.n = 0;
    this.total = 0;
    this.loading = null;
  }

  path(suffix = "") {
    return "/api/matches/" + encodeURIComponent(this.id) + suffix;
  }

  async start() {
    let match;
    const lang = setupLanguage();
    try {
      match = await api(this.path());
    } catch (err) {
      await lang;
      setText($("title"), t("This replay cannot be opened"));
      $("step-action").textContent = err.message;
      return;
    }
    this.match = match;
    setRoleNames(match.seats);
    await Promise.all([lang, setupLanguage(match.game)]);
    this.heading();
    if (!match.is_over) {
      const live = h("a", { href: "/m/" + encodeURIComponent(this.id) }, t("Watch it live"));
      $("step-action").replaceChildren(t("This match is still being played; its replay opens once it is over.") + " ", live);
      return;
    }
    this.total = match.version;
    const board = await loadBoard(match.game);
    this.host = new BoardHost($("board"), $("detail"), board);
    if (board.module) $("legend-box").hidden = false; // its legend is drawn with the first step (show)
    onLanguage(() => this.redraw());
    $("controls").hidden = false;
    $("replay").hidden = false;
    this.wire();
    const download = /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ($("download")));
    download.hidden = false;
    download.href = this.path("/record");
    download.setAttribute("download", match.game + "-" + this.id + ".json");
    this.analysis = new AnalysisPanel($("analysis"), this.id, (n) => this.go(n)); // issue 36: the bot's analysis
    this.analysis.load();
    const fromHash = parseInt(location.hash.replace(/^#/, ""), 10);
    await this.go(Number.isFinite(fromHash) ? fromHash : 0);
  }

  heading() {
    const heading = t("Replay: {title}", { title: raw(term(this.match.title || this.match.game)) });
    setText($("title"), heading);
    document.title = t("{title} · agon", { title: raw(heading) });
    $("controls").setAttribute("aria-label", t("Replay controls"));
    const names = { first: t("First step"), back: t("Step back"), forward: t("Step forward"), last: t("Last step") };
    for (const [id, name] of Object.entries(names)) $(id).setAttribute("aria-label", name);
    if (this.total) $("total").textContent = t("of {total}", { total: this.total });
  }

  /** The step shown, drawn again (in another language). */
  redraw() {
    this.heading();
    if (this.data) this.show(this.data);
    if (this.analysis) this.analysis.render();
  }

  wire() {
    $("slider").max = String(this.total);
    $("jump").max = String(this.total);
    this.heading();
    $("first").addEventListener("click", () => this.go(0));
    $("back").addEventListener("click", () => this.go(this.n - 1));
    $("forward").addEventListener("click", () => this.go(this.n + 1));
    $("last").addEventListener("click", () => this.go(this.total));
    $("slider").addEventListener("input", (e) => this.go(Number(/** @type {HTMLInputElement} */ (e.target).value)));
    $("jump").addEventListener("change", (e) => this.go(Number(/** @type {HTMLInputElement} */ (e.target).value)));
    document.addEventListener("keydown", (e) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
      if (!(e.key in moves)) return;
      e.preventDefault();
      const step = moves[e.key];
      this.go(step === -Infinity ? 0 : step === Infinity ? this.total : this.n + step);
    });
  }

  async step(n) {
    if (!this.cache.has(n)) this.cache.set(n, api(this.path("/steps/" + n)));
    try {
      return await this.cache.get(n);
    } catch (err) {
      this.cache.delete(n);
      throw err;
    }
  }

  async go(n) {
    if (!Number.isFinite(n)) return;
    n = Math.max(0, Math.min(this.total, Math.round(n)));
    this.n = n;
    $("slider").value = String(n);
    $("jump").value = String(n);
    $("first").disabled = $("back").disabled = n === 0;
    $("forward").disabled = $("last").disabled = n === this.total;
    let data;
    try {
      data = await this.step(n);
    } catch (err) {
      $("step-action").textContent = t("Step {n} cannot be shown: {reason}", { n, reason: raw(err.message) });
      return;
    }
    if (this.n !== n) return; // a later jump has overtaken this one
    history.replaceState(null, "", "#" + n);
    if (this.analysis) this.analysis.at(n);
    this.show(data);
  }

  show(data) {
    this.data = data;
    const seats = this.match.seats || {};
    drawView(this.host, data.view, null, seats);
    const action = data.action;
    let text;
    if (data.n === 0) text = t("Step 0 of {total}: the set-up.", { total: data.total });
    else if (action) {
      const label = raw(actionLabel(action).replace(/[.?!]$/, ""));
      text = t("Step {n} of {total}: {role}: {action}.", { n: data.n, total: data.total, role: raw(roleName(action.role)), action: label });
    } else text = t("Step {n} of {total}.", { n: data.n, total: data.total });
    if (data.n === data.total) text += " " + describeResult(this.match.result);
    $("step-action").textContent = text;
    document.body.dataset.step = String(data.n);
  }
}

function upload() {
  $("upload").hidden = false;
  $("record-file").addEventListener("change", async (event) => {
    const chooser = /** @type {HTMLInputElement} */ (event.target);
    const file = chooser.files && chooser.files[0];
    $("upload-error").textContent = "";
    if (!file) return;
    chooser.value = ""; // the same file chosen again (after an edit) is read again
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      $("upload-error").textContent = t("{file} is not a game record: it is not JSON.", { file: raw(file.name) });
      return;
    }
    if (isPosition(record)) {
      try {
        await openPosition(record);
      } catch (err) {
        $("upload-error").textContent = t("This position cannot be opened: {reason}", { reason: raw(err.message) });
      }
      return;
    }
    try {
      const made = await api("/api/matches/import", { method: "POST", body: record });
      location.href = "/replay/" + encodeURIComponent(made.id);
    } catch (err) {
      $("upload-error").textContent = t("This record cannot be opened: {reason}", { reason: raw(err.message) });
    }
  });
}


const match = location.pathname.match(/^\/replay\/([^/]+)/);
const study = location.pathname.match(/^\/study\/([^/]+)/);
if (match) new Replay(decodeURIComponent(match[1])).start();
else if (study) new Study(decodeURIComponent(study[1])).start();
else {
  upload();
  onLanguage(() => (document.title = t("agon: replay")));
  setupLanguage();
}
