// The account in every page's top bar (issue 30): log in, sign up, log out, and a link to the
// account page. A log-in is a session cookie the server sets (HttpOnly); the page keeps only the
// session's CSRF token, in memory (common.js).

import { api, h, language, me, onLanguage, setMe, t } from "./common.js";

let redrawn = false;

/** The account's part of the top bar: its name and "Log out", or "Log in" and "Sign up". */
export async function accountBar() {
  const bar = document.querySelector("header.bar");
  if (!bar) return null;
  const account = await me();
  if (!redrawn) {
    redrawn = true;
    onLanguage(() => accountBar());
  }
  const box = h("span", { id: "account-bar", class: "account-bar" });
  if (account) {
    box.append(
      h("a", { id: "account-name", class: "bar-link", href: "/account" }, account.name),
      " ",
      h("button", { id: "log-out", type: "button", class: "small", onclick: logOut }, t("Log out")),
    );
  } else {
    box.append(
      h("button", { id: "log-in", type: "button", class: "small", onclick: () => showForm("log-in") }, t("Log in")),
      " ",
      h("button", { id: "sign-up", type: "button", class: "small", onclick: () => showForm("sign-up") }, t("Sign up")),
    );
  }
  document.getElementById("account-bar")?.remove();
  bar.insertBefore(box, document.getElementById("language"));
  return account;
}

async function logOut() {
  try {
    await api("/api/session", { method: "DELETE" });
  } catch {
    // the session is gone already: the page is a guest's either way
  }
  setMe(null);
  location.reload();
}

/** The log-in or sign-up form, under the top bar. */
function showForm(kind) {
  document.getElementById("auth")?.remove();
  const signUp = kind === "sign-up";
  const error = h("p", { id: "auth-error", class: "error", role: "alert" });
  const field = (id, label, attrs) => h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, ...attrs }));
  const form = h(
    "form",
    { id: "auth-form", class: "auth-form", novalidate: true },
    h("h2", {}, signUp ? t("Sign up") : t("Log in")),
    field("auth-name", t("Name"), { name: "name", autocomplete: "username", maxlength: 32, required: true }),
    field("auth-password", t("Password"), { name: "password", type: "password", maxlength: 256, required: true,
      autocomplete: signUp ? "new-password" : "current-password" }),
    signUp ? h("p", { class: "hint" }, t("3 to 32 letters, digits, _ or -; a password of 10 characters or more.")) : null,
    signUp ? field("auth-email", t("E-mail (optional)"), { name: "email", type: "email", maxlength: 254, autocomplete: "email" }) : null,
    h("button", { id: "auth-submit", type: "submit", class: "primary" }, signUp ? t("Sign up") : t("Log in")),
    " ",
    h("button", { type: "button", class: "small link", onclick: () => document.getElementById("auth").remove() }, t("Cancel")),
    signUp ? null : h("button", { id: "forgot", type: "button", class: "small link", onclick: () => askReset(form, error) }, t("Forgot the password?")),
    error,
  );
  const input = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    /** @type {{name: string, password: string, email?: string}} */
    const body = { name: input("name").value.trim(), password: input("password").value };
    if (signUp && input("email").value.trim()) body.email = input("email").value.trim();
    try {
      const answer = await api(signUp ? "/api/accounts" : "/api/session", { method: "POST", body });
      setMe(answer);
      if (signUp) await api("/api/me", { method: "PATCH", body: { language: language() } }); // the language in use now
      location.reload();
    } catch (err) {
      error.textContent = err.message;
    }
  });
  const panel = h("section", { id: "auth", class: "panel auth" }, form);
  document.querySelector("header.bar").after(panel);
  input("name").focus();
}

/** Ask for a reset link by mail for the name typed (where the server has mail set up). */
async function askReset(form, error) {
  error.textContent = "";
  const name = form.elements.name.value.trim();
  if (!name) {
    error.textContent = t("Type your name first.");
    return;
  }
  try {
    await api("/api/password-reset", { method: "POST", body: { name } });
    error.textContent = t("If that account has an e-mail address, a reset link is on its way.");
  } catch (err) {
    error.textContent = err.message;
  }
}
