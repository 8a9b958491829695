// The account page, /account: language, theme and e-mail, and a password change (issue 30).

import { accountBar } from "./account.js";
import { mountNotifications } from "./notify.js";
import { api, applyTheme, h, LANGUAGES, onLanguage, setupLanguage, t, useLanguage } from "./common.js";
import { mountVacation } from "./vacation.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields
const form = (id) => /** @type {HTMLFormElement} */ (document.getElementById(id));
/** @type {[string, () => string][]} */
const THEMES = [["auto", () => t("as the system")], ["light", () => t("light")], ["dark", () => t("dark")]];

function drawThemes(chosen) {
  const select = $("pref-theme");
  const value = chosen ?? select.value;
  select.replaceChildren(...THEMES.map(([code, name]) => h("option", { value: code, selected: code === value }, name())));
}

/** /account#reset=TOKEN, the link of a reset mail: a new password (the token leaves the URL). */
function offerReset() {
  const token = location.hash.startsWith("#reset=") ? decodeURIComponent(location.hash.slice(7)) : "";
  if (!token) return false;
  history.replaceState(null, "", location.pathname);
  $("reset-box").hidden = false;
  $("reset").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("reset-error").textContent = $("reset-note").textContent = "";
    try {
      await api("/api/password-reset/confirm", { method: "POST", body: { token, password: $("reset-password").value } });
      form("reset").reset();
      $("reset-note").textContent = t("The password is changed: log in with it.");
    } catch (err) {
      $("reset-error").textContent = err.message;
    }
  });
  return true;
}

async function start() {
  await setupLanguage();
  const resetting = offerReset();
  const account = await accountBar();
  if (resetting) return;
  if (!account) {
    $("guest").hidden = false;
    return;
  }
  $("prefs").hidden = false;
  $("password-box").hidden = false;
  mountVacation(); // the clocks' vacation (issue 31)
  $("notify-box").hidden = false;
  mountNotifications($("notify-host"), { kind: "account" });
  $("pref-language").replaceChildren(...LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code, selected: code === account.language }, name)));
  drawThemes(account.theme);
  onLanguage(() => drawThemes());
  $("pref-email").value = account.email || "";
  /** @type {any} */ (form("password").elements).username.value = account.name;
  $("prefs").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("prefs-error").textContent = $("prefs-note").textContent = "";
    const body = { language: $("pref-language").value, theme: $("pref-theme").value, email: $("pref-email").value.trim() };
    try {
      const answer = await api("/api/me", { method: "PATCH", body });
      applyTheme(answer.account.theme);
      await useLanguage(answer.account.language);
      $("prefs-note").textContent = t("Saved.");
    } catch (err) {
      $("prefs-error").textContent = err.message;
    }
  });
  $("password").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("password-error").textContent = $("password-note").textContent = "";
    const fields = /** @type {any} */ (form("password").elements); // its inputs by name
    try {
      await api("/api/me/password", { method: "POST", body: { current: fields.current.value, new: fields.new.value } });
      form("password").reset();
      fields.username.value = account.name;
      $("password-note").textContent = t("The password is changed; your other log-ins have ended.");
    } catch (err) {
      $("password-error").textContent = err.message;
    }
  });
}

start();
