// A player's profile, /players/{name} (an account) or /players/bot:{name} (a bot): the rating
// per game, games played and won, and the rated matches with their opponents and rating changes
// (GET /api/players/{name}; issue 30).

import { accountBar } from "./account.js";
import { api, h, language, onLanguage, raw, setupLanguage, t, term } from "./common.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields
const name = decodeURIComponent(location.pathname.split("/").pop() || "");
let profile = null;
let titles = {};

function cells(tag, values) {
  return h("tr", {}, ...values.map((v) => h(tag, {}, v)));
}

function when(seconds) {
  try {
    return new Date(seconds * 1000).toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" });
  } catch {
    return "";
  }
}

function opponent(o) {
  const href = "/players/" + (o.bot ? "bot:" : "") + encodeURIComponent(o.name);
  return h("a", { href }, o.bot ? t("bot {bot}", { bot: raw(o.name) }) : o.name);
}

function draw() {
  if (!profile) return;
  const shown = profile.bot ? t("bot {bot}", { bot: raw(profile.name) }) : profile.name;
  $("player-name").textContent = shown;
  document.title = t("{title} · agon", { title: raw(shown) });
  const ratings = $("ratings");
  ratings.replaceChildren(cells("th", [t("Game"), t("Rating"), t("Games"), t("Won")]),
    ...profile.games.map((g) => cells("td", [term(titles[g.game] || g.game), String(g.rating), String(g.games), String(g.wins)])));
  if (!profile.games.length) ratings.replaceChildren(h("caption", {}, t("No rated games yet.")));
  const history = $("history");
  history.replaceChildren(cells("th", [t("Date"), t("Game"), t("Opponents"), t("Place"), t("Rating"), t("Change")]),
    ...profile.history.map((m) => {
      const list = [];
      m.opponents.forEach((o, i) => list.push(...(i ? [", ", opponent(o)] : [opponent(o)])));
      const change = (m.change > 0 ? "+" : "") + m.change;
      return h("tr", {},
        h("td", {}, when(m.when)),
        h("td", {}, h("a", { href: m.url }, term(m.title))),
        h("td", {}, ...list),
        h("td", {}, m.won ? t("won") : t("place {n}", { n: m.rank })),
        h("td", {}, String(m.after)),
        h("td", { class: m.change >= 0 ? "gain" : "loss" }, change));
    }));
  if (!profile.history.length) history.replaceChildren(h("caption", {}, t("No rated matches yet.")));
}

async function start() {
  await setupLanguage();
  accountBar();
  onLanguage(draw);
  try {
    const [found, games] = await Promise.all([api("/api/players/" + encodeURIComponent(name)), api("/api/games").catch(() => [])]);
    titles = Object.fromEntries((games || []).map((g) => [g.id, g.title]));
    profile = found;
    draw();
  } catch (err) {
    $("player-name").textContent = name;
    $("player-error").textContent = err.message;
  }
}

start();
