// The vacation on the account page (issue 31): while the account is on vacation, the clocks of
// its seats do not run; the days left this year, start and stop (GET/POST/DELETE /api/me/vacation).

import { api, onLanguage, t } from "./common.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields
let shown = null; // the last status, drawn again in another language

function draw(status) {
  shown = status;
  $("vacation-box").hidden = false;
  const left = status.left_days;
  $("vacation-status").textContent = status.on
    ? t("You are on vacation until {date}. Days left this year: {left} of {allowance}.", {
      date: new Date(status.ends * 1000).toLocaleString(), left, allowance: status.allowance_days })
    : t("Days left this year: {left} of {allowance}.", { left, allowance: status.allowance_days });
  $("vacation-days-field").hidden = status.on;
  $("vacation-start").hidden = status.on;
  $("vacation-stop").hidden = !status.on;
  $("vacation-days").max = String(Math.floor(left));
}

async function change(request) {
  $("vacation-error").textContent = "";
  try {
    draw(await request());
  } catch (err) {
    $("vacation-error").textContent = err.message;
  }
}

/** Show the vacation panel of the logged-in account (the page's language is set up already). */
export async function mountVacation() {
  let status;
  try {
    status = await api("/api/me/vacation");
  } catch {
    return; // a guest: the account page says so
  }
  draw(status);
  onLanguage(() => shown && draw(shown));
  $("vacation").addEventListener("submit", (event) => {
    event.preventDefault();
    change(() => api("/api/me/vacation", { method: "POST", body: { days: Number($("vacation-days").value) } }));
  });
  $("vacation-stop").addEventListener("click", () => change(() => api("/api/me/vacation", { method: "DELETE" })));
}
