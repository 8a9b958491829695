// The seats' clocks on the match page (issue 31): each seat's remaining time beside its name in
// the players list, counting down once a second while it runs (to the deadline the server sent:
// the state object's `clocks`), the pace under the list, and the "take the seat back" button for
// a player whose seat a bot plays since their time ran out.

import { api, clear, h, t } from "./common.js";

let ticking = null;

/** "2 d 03 h", "5 h 07 min", "04:59" (minutes and seconds): the coarser the more time is left. */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, "0");
  if (days > 0) return t("{days} d {hours} h", { days, hours: pad(hours) });
  if (hours > 0) return t("{hours} h {minutes} min", { hours, minutes: pad(minutes) });
  return `${pad(minutes)}:${pad(s % 60)}`;
}

/** An amount of a pace in its largest whole unit: "3 d", "4 h", "90 min". */
function amountText(seconds) {
  if (seconds >= 86400 && seconds % 86400 === 0) return t("{n} d", { n: seconds / 86400 });
  if (seconds >= 3600 && seconds % 3600 === 0) return t("{n} h", { n: seconds / 3600 });
  return t("{n} min", { n: Math.round(seconds / 60) });
}

/** The pace in words: "1 d a move", "Time bank: 3 d, plus 1 d a move". */
export function paceText(pace) {
  if (pace.kind === "bank") {
    return t("Time bank: {initial}, plus {increment} a move", {
      initial: amountText(pace.initial), increment: amountText(pace.increment) });
  }
  return t("{time} a move", { time: amountText(pace.per_move) });
}

function seatTime(clock, now) {
  return clock.running && clock.deadline ? clock.deadline - now : clock.left;
}

function label(clock, now) {
  if (clock.timed_out) return t("time ran out");
  if (clock.vacation) return t("on vacation · {time}", { time: clockText(seatTime(clock, now)) });
  return clockText(seatTime(clock, now));
}

function tick() {
  const now = Date.now() / 1000;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".clock[data-deadline]"))) {
    const left = Number(el.dataset.deadline) - now;
    el.querySelector(".clock-time").textContent = clockText(left);
    el.classList.toggle("low", left < 3600 && left < Number(el.dataset.period) / 4);
  }
}

/** Put each seat's clock into its `li[data-role]` of the players list, and the pace (and the
 * take-back button, when it applies) after it; nothing for a match without a clock. */
export function showClocks(list, state, role, token, onTakenBack) {
  let box = list.parentElement.querySelector(".clocks-box");
  if (!box) {
    box = h("div", { class: "clocks-box" });
    list.after(box);
  }
  clear(box);
  const clocks = state.clocks;
  if (!clocks) {
    if (ticking) clearInterval(ticking);
    ticking = null;
    return;
  }
  const now = Date.now() / 1000;
  const period = clocks.pace.kind === "bank" ? clocks.pace.initial : clocks.pace.per_move;
  for (const [seatRole, clock] of Object.entries(clocks.seats || {})) {
    const item = list.querySelector(`li[data-role="${CSS.escape(seatRole)}"]`);
    if (!item) continue;
    const attrs = { class: "clock" + (clock.running ? " running" : "") + (clock.timed_out ? " out" : ""),
      "data-period": String(period), title: clock.running ? t("time left for this move") : t("the clock is stopped") };
    if (clock.running && !clock.vacation && clock.deadline) attrs["data-deadline"] = String(clock.deadline);
    item.append(" ", h("span", attrs, h("span", { class: "clock-time" }, label(clock, now))));
  }
  box.append(h("p", { class: "pace hint" }, paceText(clocks.pace)));
  const mine = role ? (clocks.seats || {})[role] : null;
  const seat = role ? (state.seats || {})[role] : null;
  if (mine && mine.timed_out && seat && seat.kind === "bot" && clocks.pace.take_back && !state.is_over) {
    const button = h("button", { type: "button", class: "take-back" }, t("Take my seat back"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await api(`/api/matches/${encodeURIComponent(state.id)}/take-back`, { method: "POST", token: token || undefined });
        onTakenBack();
      } catch (err) {
        button.disabled = false;
        box.append(h("p", { class: "error", role: "alert" }, err.message));
      }
    });
    box.append(button);
  }
  if (!ticking) ticking = setInterval(tick, 1000);
  tick();
}
