// The bot's analysis of a finished match in the replay viewer (issue 36 item 4): a graph of each
// seat's estimated chance of winning after every decision, the decisions that lost the most marked
// by their number, and a table of them with the bot's preferred choice beside the one played. The
// server makes the analysis in the background (`running` until it is stored): the panel asks again
// every few seconds meanwhile. A click on the graph, or
// on a decision's step, shows that step. Built with DOM nodes only.
//
// The analysis is made once per match, when someone asks for it (the panel's button: POST);
// then anyone opening the replay reads it (GET).

import { actionLabel, api, clear, h, raw, roleName, t } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 34, right: 8, top: 10, bottom: 20 };
const POLL_MS = 3000;
const POLLS = 200; // about ten minutes: the server's own limit for an analysis

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

const percent = (p) => Math.round(p * 100) + "%";

export class AnalysisPanel {
  /** `box`: the panel's element; `go(n)`: show step n of the replay. */
  constructor(box, matchId, go) {
    this.box = box;
    this.id = matchId;
    this.go = go;
    this.data = null;
    this.step = 0;
    this.status = "";
  }

  path() {
    return "/api/matches/" + encodeURIComponent(this.id) + "/analysis";
  }

  /** Show the analysis if it is made (or being made); else the button that asks for it. */
  async load(ask = false) {
    this.box.hidden = false;
    this.asked = false;
    for (let polls = 0; polls < POLLS; polls++) {
      let answer;
      try {
        answer = await api(this.path(), ask && polls === 0 ? { method: "POST" } : {});
      } catch (err) {
        this.status = t("The analysis cannot be shown: {reason}", { reason: raw(err.message) });
        return this.render();
      }
      if (answer.status === "done") {
        this.data = answer.analysis;
        return this.render();
      }
      if (answer.status === "none") {
        this.asked = true; // nobody asked yet: the button
        this.status = "";
        return this.render();
      }
      if (answer.status === "failed") {
        this.status = t("The bot could not analyse this match.");
        return this.render();
      }
      this.status = t("The bot is analysing this match…");
      this.render();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The replay shows step `n` now: the graph's cursor follows. */
  at(n) {
    this.step = n;
    if (this.cursor && this.data) {
      const x = this.x(n);
      this.cursor.setAttribute("x1", x);
      this.cursor.setAttribute("x2", x);
    }
  }

  x(step) {
    return PAD.left + (step / Math.max(1, this.data.total)) * (WIDTH - PAD.left - PAD.right);
  }

  y(chance) {
    return PAD.top + (1 - chance) * (HEIGHT - PAD.top - PAD.bottom);
  }

  render() {
    clear(this.box).append(h("h2", { id: "analysis-h" }, t("The bot's analysis")));
    if (!this.data) {
      if (this.asked) {
        this.box.append(h("button", { type: "button", id: "analyse", onclick: () => this.load(true) },
          t("Ask the bot to analyse this match")));
      }
      this.box.append(h("p", { class: "hint", role: "status" }, this.status));
      return;
    }
    const data = this.data;
    this.box.append(h("p", { class: "hint" }, t("Each seat's chance of winning after every decision, as the bot estimates it from that seat's information ({iterations} search iterations a decision at most).", { iterations: data.budget.iterations })));
    if (!data.complete) this.box.append(h("p", { class: "hint" }, t("The time budget ran out: the last decisions are not judged.")));
    this.box.append(this.graph(data), this.legend(data));
    this.box.append(this.worst(data));
  }

  graph(data) {
    const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "analysis-graph", role: "img" });
    chart.setAttribute("aria-label", t("Chance of winning after each decision"));
    for (const chance of [0, 0.5, 1]) {
      const y = this.y(chance);
      chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y, y2: y, class: "grid" }),
        svg("text", { x: PAD.left - 4, y: y + 4, class: "axis", "text-anchor": "end" }, percent(chance)));
    }
    data.roles.forEach((role, k) => {
      const points = data.points.map((p) => `${this.x(p.step).toFixed(1)},${this.y(p.chances[role] ?? 0).toFixed(1)}`);
      chart.append(svg("polyline", { points: points.join(" "), class: `series series-${k}` }));
    });
    data.worst.forEach((index, k) => {
      const decision = data.decisions[index];
      const point = data.points.find((p) => p.step === decision.step + 1);
      const x = this.x(decision.step + 1);
      const y = this.y(point ? point.chances[decision.role] ?? 0 : 0);
      const mark = svg("g", { class: "mistake", tabindex: 0 },
        svg("circle", { cx: x, cy: y, r: 7 }), svg("text", { x, y: y + 4, "text-anchor": "middle" }, k + 1));
      mark.append(svg("title", {}, this.describe(decision)));
      mark.addEventListener("click", (event) => {
        event.stopPropagation();
        this.go(decision.step + 1);
      });
      chart.append(mark);
    });
    this.cursor = svg("line", { y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "cursor" });
    chart.append(this.cursor);
    chart.addEventListener("click", (event) => {
      const box = chart.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * WIDTH;
      const share = (at - PAD.left) / (WIDTH - PAD.left - PAD.right);
      this.go(Math.round(Math.max(0, Math.min(1, share)) * data.total));
    });
    this.at(this.step);
    return chart;
  }

  legend(data) {
    return h("ul", { class: "analysis-legend" }, data.roles.map((role, k) =>
      h("li", {}, h("span", { class: `swatch series-${k}` }), roleName(role))));
  }

  describe(decision) {
    return t("{role} played {played} ({after}); the bot preferred {best} ({before}).", {
      role: raw(roleName(decision.role)), played: raw(actionLabel(decision.chosen)), after: percent(decision.after),
      best: raw(actionLabel(decision.best)), before: percent(decision.before),
    });
  }

  worst(data) {
    if (!data.worst.length) return h("p", { class: "hint" }, t("No decision lost much, as the bot judged them."));
    const head = h("tr", {}, [t("#"), t("Step"), t("Seat"), t("Played"), t("Chance"), t("The bot's choice"), t("Chance")]
      .map((text) => h("th", { scope: "col" }, text)));
    const rows = data.worst.map((index, k) => {
      const d = data.decisions[index];
      const step = h("button", { type: "button", class: "link", onclick: () => this.go(d.step + 1) }, String(d.step + 1));
      return h("tr", {}, h("td", {}, String(k + 1)), h("td", {}, step), h("td", {}, roleName(d.role)),
        h("td", {}, actionLabel(d.chosen)), h("td", {}, percent(d.after)), h("td", {}, actionLabel(d.best)),
        h("td", {}, percent(d.before)));
    });
    return h("table", { class: "analysis-worst" }, h("caption", {}, t("The decisions that lost the most")),
      h("thead", {}, head), h("tbody", {}, rows));
  }
}
