// The match page's part of results and ratings (issue 30): the Resign button of a seat, with a
// confirmation, and each seated player's name and rating beside their seat (from
// GET /api/matches/{id}/players, read once and again when the match ends).

import { api, h, raw, roleName, t } from "./common.js";

/** The seat's Resign button, under its choices while the match goes on (none for spectators). */
export function resignButton(page, state, role) {
  document.getElementById("resign-box")?.remove();
  if (!role || state.is_over || state.frozen) return;
  const open = h("button", { id: "resign", type: "button", class: "small danger" }, t("Resign"));
  open.addEventListener("click", () => confirmResign(page, role));
  document.getElementById("prompt-panel").append(h("div", { id: "resign-box", class: "resign-box" }, open));
}

function confirmResign(page, role) {
  document.getElementById("resign-dialog")?.remove();
  const yes = h("button", { id: "resign-yes", type: "button", class: "danger" }, t("Resign"));
  const no = h("button", { id: "resign-no", type: "button" }, t("Keep playing"));
  const dialog = h("dialog", { id: "resign-dialog", class: "resign-dialog", "aria-labelledby": "resign-q" },
    h("h2", { id: "resign-q" }, t("Resign as {role}?", { role: raw(roleName(role)) })),
    h("p", {}, t("In a two-player game the other side wins at once; in a larger game a bot takes your seat and the others play on. A rated match counts as a loss. This cannot be undone.")),
    h("p", { class: "error", role: "alert", id: "resign-error" }),
    h("div", { class: "actions" }, yes, " ", no));
  no.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  yes.addEventListener("click", async () => {
    yes.disabled = true;
    try {
      const state = await api(page.path() + "/seats/" + encodeURIComponent(role) + "/resign", { method: "POST", token: page.token });
      dialog.close();
      page.players = null;
      page.render(state);
    } catch (err) {
      yes.disabled = false;
      dialog.querySelector("#resign-error").textContent = err.message;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  no.focus();
}

/** Read who plays each seat (and their ratings) when the page has not, or the match just ended. */
export async function loadPlayers(page, state) {
  const over = Boolean(state.is_over);
  if (page.players && page.players.over === over) return;
  page.players = { over, seats: {} };
  try {
    const found = await api(page.path() + "/players");
    page.players = { over, seats: found.seats || {}, rated: found.rated };
    page.renderPlayers(page.state, page.role);
  } catch {
    // no names: the seats show as before
  }
}

/** The player of a seat and their rating, for the seat's line in the players' list. */
export function seatPlayer(page, role) {
  const seat = page.players?.seats?.[role];
  if (!seat || !seat.name) return [];
  const rating = seat.rating === null || seat.rating === undefined ? t("unrated") : String(seat.rating);
  const shown = h("span", { class: "rating", title: t("rating in this game") }, "(" + rating + ")");
  if (seat.kind === "bot") { // the seat's line names the bot already: its rating leads to its profile
    return [" ", seat.profile ? h("a", { class: "bot-profile", href: seat.profile }, shown) : shown];
  }
  const name = seat.profile ? h("a", { class: "player-name", href: seat.profile }, seat.name) : h("span", {}, seat.name);
  return [" ", name, " ", shown];
}
