// The pace of a new match on the lobby's form (issue 31): no clock, live (minutes per move), fast
// (hours), daily (days) or a time bank (days, plus days per move); what a time-out does; whether
// a timed-out player may take the seat back. `paceBody()` gives the `pace` of POST /api/matches.

import { t } from "./common.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields
const DEFAULTS = { live: 10, fast: 4, daily: 1, bank: 3 };

function unitLabel(kind) {
  if (kind === "live") return t("Minutes per move");
  if (kind === "fast") return t("Hours per move");
  if (kind === "daily") return t("Days per move");
  return t("Days in the bank");
}

/** Show the fields the chosen pace needs (with its usual amount when the pace changes). */
export function showPace(changed = false) {
  const kind = $("pace-kind").value;
  const timed = kind !== "" && kind !== "none";
  $("pace-times").hidden = !timed;
  $("pace-rules").hidden = !timed;
  $("pace-increment-box").hidden = kind !== "bank";
  if (timed) {
    $("pace-amount-label").textContent = unitLabel(kind);
    if (changed) $("pace-amount").value = String(DEFAULTS[kind]);
  }
  const bot = $("pace-timeout").value === "bot";
  $("pace-take-back").disabled = !bot;
  if (!bot) $("pace-take-back").checked = false;
}

/** The `pace` of the match to create (undefined: the server's default); an Error with a
 * one-line message for amounts that are not whole numbers. */
export function paceBody() {
  const kind = $("pace-kind").value;
  if (kind === "") return undefined;
  if (kind === "none") return { kind };
  const amount = Number($("pace-amount").value);
  if (!Number.isInteger(amount) || amount < 1) throw new Error(t("The time per move must be a whole number of 1 or more."));
  const body = { kind, on_timeout: $("pace-timeout").value, take_back: $("pace-take-back").checked };
  if (kind !== "bank") return { ...body, per_move: amount };
  const increment = Number($("pace-increment").value);
  if (!Number.isInteger(increment) || increment < 0) throw new Error(t("The time added per move must be a whole number of 0 or more."));
  return { ...body, initial: amount, increment, unit: "days" };
}

export function setupPaceForm() {
  $("pace-kind").addEventListener("change", () => showPace(true));
  $("pace-timeout").addEventListener("change", () => showPace(false));
  showPace(false);
}
