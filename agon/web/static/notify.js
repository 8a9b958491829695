// Notifications (issue 31): the settings form of an account (the account page) or of a guest
// seat (the match page), Web Push through the service worker /sw.js, and, while a match page is
// open but hidden, a notification by the browser's Notification API when the turn passes to you.

import { api, h, language, onLanguage, raw, t } from "./common.js";

// the form's notes, drawn again in the language of the moment
const NOTES = { saved: () => t("Saved."), sent: () => t("A test notification is on its way.") };
const TAB_KEY = "agon-notify-tab"; // "1": this browser shows a notification when it becomes your turn in a hidden tab

function b64ToBytes(text) {
  const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

function notificationsWork() {
  return typeof Notification !== "undefined";
}

/** Ask the browser for permission to notify; true when granted. */
async function permitted() {
  if (!notificationsWork()) return false;
  if (Notification.permission === "granted") return true;
  if (Notification.permission === "denied") return false;
  return (await Notification.requestPermission()) === "granted";
}

/** This browser's push subscription (made with the server's key), or null where there is none to have. */
async function pushSubscription(key, make) {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const existing = await registration.pushManager.getSubscription();
  if (existing || !make) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64ToBytes(key) });
}

/**
 * The settings form. `target`: {kind: "account"} or {kind: "seat", match, token}.
 * Draws itself into `host` and redraws in another language.
 */
export async function mountNotifications(host, target) {
  const base = target.kind === "account" ? "/api/me" : "/api/matches/" + encodeURIComponent(target.match);
  const settingsPath = base + "/notifications";
  const pushPath = base + "/push";
  const token = target.kind === "seat" ? target.token : undefined;
  let answer;
  try {
    answer = await api(settingsPath, { token });
  } catch (err) {
    host.replaceChildren(h("p", { class: "error" }, err.message));
    return;
  }
  let values = {
    email: false, webhook: false, push: false, digest: false, webhook_url: "", address: "", language: language(),
    ...(answer.settings || {}),
  };
  let note = ""; // a key of NOTES
  let error = ""; // the server's words, as they came

  const draw = () => {
    const check = (name, label, extra = {}) =>
      h("div", { class: "field check" },
        h("input", { type: "checkbox", id: "notify-" + name, name, checked: Boolean(values[name]), ...extra }),
        h("label", { for: "notify-" + name }, label));
    const mailOff = !answer.available.email;
    const noAddress = target.kind === "account" && !answer.has_email;
    const rows = [
      h("p", { class: "hint" }, t("Tell me when it is my turn, when a game ends, or when someone offers a rematch or writes in the chat.")),
      check("email", t("By e-mail"), { disabled: mailOff || noAddress }),
    ];
    if (mailOff) rows.push(h("p", { class: "hint" }, t("This server sends no e-mail.")));
    else if (noAddress) rows.push(h("p", { class: "hint" }, t("Give your account an e-mail address above first.")));
    if (target.kind === "seat") {
      rows.push(h("div", { class: "field" }, h("label", { for: "notify-address" }, t("E-mail address")),
        h("input", { id: "notify-address", name: "address", type: "email", maxlength: 254, autocomplete: "email", value: values.address || "" })));
    }
    rows.push(
      check("webhook", t("By webhook (Discord, Slack)")),
      h("div", { class: "field" }, h("label", { for: "notify-webhook-url" }, t("Webhook URL")),
        h("input", { id: "notify-webhook-url", name: "webhook_url", type: "url", maxlength: 500, placeholder: "https://discord.com/api/webhooks/…", value: values.webhook_url || "" })),
      check("push", t("In this browser, even when no page of agon is open")),
    );
    if (target.kind === "account") rows.push(check("digest", t("A daily digest by e-mail"), { disabled: mailOff || noAddress }));
    rows.push(check("tab", t("When it is my turn and this tab is hidden, show a notification"),
      { checked: localStorage.getItem(TAB_KEY) === "1" }));
    if (target.kind === "account") rows.push(h("p", { class: "hint" }, t("A seat held by your account is told as your account page says.")));
    const save = h("button", { type: "submit", class: "primary", id: "notify-save" }, t("Save"));
    const test = h("button", { type: "button", id: "notify-test" }, t("Send a test notification"));
    test.addEventListener("click", sendTest);
    rows.push(h("div", { class: "buttons" }, save, " ", test),
      h("p", { id: "notify-note", class: "hint", role: "status" }, note ? NOTES[note]() : ""),
      h("p", { id: "notify-error", class: "error", role: "alert" }, error));
    const form = h("form", { id: "notify-form", novalidate: true }, rows);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      saveForm(form);
    });
    host.replaceChildren(form);
  };

  const show = (okKey, errText) => {
    note = okKey || "";
    error = errText || "";
    document.getElementById("notify-note").textContent = note ? NOTES[note]() : "";
    document.getElementById("notify-error").textContent = error;
  };

  async function saveForm(form) {
    const read = (name) => form.elements[name] && form.elements[name].checked;
    const body = { email: Boolean(read("email")), webhook: Boolean(read("webhook")), push: Boolean(read("push")),
      webhook_url: form.elements.webhook_url.value.trim() || null };
    if (target.kind === "account") body.digest = Boolean(read("digest"));
    else {
      body.address = form.elements.address.value.trim() || null;
      body.language = language();
    }
    show("", "");
    try {
      if (read("tab")) {
        if (!notificationsWork()) throw new Error(t("This browser cannot show notifications."));
        if (!(await permitted())) throw new Error(t("Notifications are blocked for this site in the browser's settings."));
        localStorage.setItem(TAB_KEY, "1");
      } else {
        localStorage.removeItem(TAB_KEY);
      }
      if (body.push) {
        if (!(await permitted())) throw new Error(t("Notifications are blocked for this site in the browser's settings."));
        const subscription = await pushSubscription(answer.push_key, true);
        if (!subscription) throw new Error(t("This browser cannot show notifications."));
        const json = subscription.toJSON();
        await api(pushPath, { method: "POST", token, body: { endpoint: json.endpoint, keys: json.keys } });
      } else if (values.push) {
        const subscription = await pushSubscription(answer.push_key, false).catch(() => null);
        if (subscription) await api(pushPath, { method: "DELETE", token, body: { endpoint: subscription.endpoint } });
      }
    } catch (err) {
      body.push = false;
      error = err.message;
    }
    try {
      answer = await api(settingsPath, { method: "PUT", token, body });
      values = { ...values, ...answer.settings };
      draw();
      show("saved", error);
    } catch (err) {
      show("", err.message);
    }
  }

  async function sendTest() {
    show("", "");
    try {
      await api(settingsPath + "/test", { method: "POST", token });
      show("sent", "");
    } catch (err) {
      show("", err.message);
    }
  }

  draw();
  onLanguage(draw);
}

/**
 * Watches a match page's states: when the turn passes to this page's seat while the tab is hidden
 * (and this browser asked for it), the browser shows a notification; a click brings the tab back.
 */
export class TurnWatch {
  constructor(title) {
    this.title = title;
    this.mine = null; // whether it was this seat's turn in the last state seen (null: none seen yet)
  }

  seen(state, yourTurn) {
    const before = this.mine;
    this.mine = yourTurn;
    if (before !== false || !yourTurn) return; // only when the turn passes to the seat, not on opening the page
    if (!document.hidden || localStorage.getItem(TAB_KEY) !== "1") return;
    if (!notificationsWork() || Notification.permission !== "granted") return;
    const shown = new Notification("agon", { body: t("It is your turn in {title}.", { title: raw(state.title || this.title) }), tag: "agon-turn-" + state.id });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
    const page = /** @type {Window & {agonNotified?: number}} */ (window);
    page.agonNotified = (page.agonNotified || 0) + 1; // for the page's tests
  }
}
