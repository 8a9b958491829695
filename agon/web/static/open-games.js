// The lobby's lists (issue 30): public matches with open seats, joined with one click by anyone
// logged in, and public matches being played, to watch; filtered by game and table language, a
// page at a time. Private matches are never listed (GET /api/lobby).

import { api, clear, h, LANGUAGES, language, onLanguage, raw, roleName, setRoleNames, t, term } from "./common.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields

/** The lists in #open-games; `account`: the logged-in account or null; `titleOf(id, english)`:
 * a game's title in the page's language; `games`: /api/games. Returns `refresh()`. */
export function mountOpenGames({ account, titleOf, games }) {
  let page = 0;
  let shown = null; // the last answer, drawn again in another language

  function fillFilters() {
    const game = $("filter-game");
    const lang = $("filter-language");
    const chosen = [game.value, lang.value];
    game.replaceChildren(h("option", { value: "" }, t("all games")),
      ...games.map((g) => h("option", { value: g.id }, titleOf(g.id, g.title))));
    lang.replaceChildren(h("option", { value: "" }, t("all languages")),
      ...LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code }, name)));
    [game.value, lang.value] = chosen;
  }

  async function refresh() {
    const query = new URLSearchParams({ page: String(page) });
    if ($("filter-game").value) query.set("game", $("filter-game").value);
    if ($("filter-language").value) query.set("language", $("filter-language").value);
    try {
      shown = await api("/api/lobby?" + query);
      $("open-error").textContent = "";
    } catch (err) {
      $("open-error").textContent = t("The open matches cannot be listed now: {reason}", { reason: raw(err.message) });
      return;
    }
    draw();
  }

  function draw() {
    if (!shown) return;
    fillFilters(); // the games' titles may have come in the page's language meanwhile
    for (const game of games) setRoleNames(game.role_names, game.id);
    list($("open-list"), shown.open, t("No open match now: create one with an open seat."), true);
    list($("playing-list"), shown.playing, t("No public match is being played now."), false);
    $("lobby-newer").disabled = page === 0;
    $("lobby-older").disabled = !shown.more;
    $("lobby-pager").hidden = page === 0 && !shown.more;
  }

  function list(box, matches, empty, joinable) {
    clear(box);
    if (!matches.length) box.append(h("li", { class: "empty hint" }, empty));
    for (const match of matches) box.append(entry(match, joinable));
  }

  function entry(match, joinable) {
    const when = new Date(match.created * 1000).toLocaleString(language(), { dateStyle: "short", timeStyle: "short" });
    const languageName = (LANGUAGES.find(([code]) => code === match.language) || [null, match.language])[1];
    const options = Object.entries(match.options || {}).map(([name, value]) => term(name).replace(/_/g, " ") + " " + (typeof value === "string" ? term(value) : value));
    const seats = match.seats.map((seat) => h("li", { class: seat.open ? "seat-open" : "" },
      h("strong", {}, roleName(seat.role, match.game)), ": ", holder(seat)));
    const actions = [];
    if (joinable) {
      for (const role of match.free) {
        actions.push(account
          ? h("button", { type: "button", class: "small primary join", "data-match": match.id, "data-role": role, onclick: (e) => join(match, role, e.target) },
            t("Join as {role}", { role: raw(roleName(role, match.game)) }))
          : h("span", { class: "hint" }, t("Log in to join.")));
        if (!account) break;
      }
    }
    actions.push(h("a", { class: "button small", href: match.url }, t("Watch")));
    return h("li", { class: "open-game", "data-match": match.id },
      h("div", { class: "open-head" }, h("strong", {}, titleOf(match.game, match.title)), " ",
        h("span", { class: "tag" }, languageName), " ", h("span", { class: "hint" }, [...options, when].join(" · "))),
      h("ul", { class: "open-seats" }, seats),
      h("div", { class: "open-actions" }, actions));
  }

  /** Who holds a seat: an account's name or a bot (with its rating in this game, once it has one), a guest, or nobody yet. */
  function holder(seat) {
    if (seat.open) return h("em", {}, t("open"));
    if (!seat.account && seat.kind === "human") return t("guest");
    const who = seat.kind !== "human" ? t("bot {bot}", { bot: raw(seat.bot || "") }) : seat.account;
    return seat.rating === null || seat.rating === undefined ? who : who + " (" + seat.rating + ")";
  }

  async function join(match, role, button) {
    button.disabled = true;
    $("open-error").textContent = "";
    try {
      const taken = await api("/api/matches/" + encodeURIComponent(match.id) + "/seats/" + encodeURIComponent(role) + "/take", { method: "POST" });
      location.href = taken.url;
    } catch (err) {
      $("open-error").textContent = err.message;
      button.disabled = false;
      refresh();
    }
  }

  $("filter-game").addEventListener("change", () => ((page = 0), refresh()));
  $("filter-language").addEventListener("change", () => ((page = 0), refresh()));
  $("lobby-newer").addEventListener("click", () => ((page = Math.max(0, page - 1)), refresh()));
  $("lobby-older").addEventListener("click", () => ((page += 1), refresh()));
  onLanguage(draw);
  fillFilters();
  refresh();
  setInterval(refresh, 15000);
  window.addEventListener("focus", refresh);
  return refresh;
}
