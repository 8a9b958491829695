// The lobby, /: choose a game, its options and who plays each seat; create the match; hand out
// one invite link per other human seat (shown once: the browser keeps none of them) and a
// spectator link. "My games" lists the matches of the account logged in, on any device, or, for a
// guest, of the seats this browser holds (its own only), with a badge where it is your turn.

import { accountBar } from "./account.js";
import { paceBody, setupPaceForm, showPace } from "./pace-form.js";
import {
  api, botName, catalogueTerm, describeResult, clear, forgetSeat, h, LANGUAGES, language, linkField, listNames, onLanguage, raw, rememberSeat, roleName,
  rulesUrl, seats, setRoleNames, setupLanguage, t, term, useGame,
} from "./common.js";
import { mountOpenGames } from "./open-games.js";

const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)); // the page's own ids: most are fields
let games = [];
let ladder = {}; // game id -> {bot, seconds, random: [won, played], greedy: [won, played]} (static/ladder.json)
let created = null; // [game, answer] of the match created last, shown again in another language
let account = null; // the account logged in, or null (a guest)
const titles = new Map(); // game id -> its title in the page's language (from that game's catalogue)

/** A game's title in the page's language: each game's catalogue holds its own title. */
function titleOf(id, english) {
  return titles.get(language() + "|" + id) ?? english ?? id;
}

async function loadTitles() {
  const lang = language();
  await Promise.all(games.map(async (game) => {
    titles.set(lang + "|" + game.id, await catalogueTerm(lang, game.id, game.title));
  }));
  if (lang !== language()) return;
  for (const option of /** @type {HTMLSelectElement} */ (/** @type {unknown} */ ($("game"))).options) option.textContent = titleOf(option.value);
}

/** /api/games as a list of {id, title, roles, options: [spec], bots: [name]} */
function normalizeGames(data) {
  const list = Array.isArray(data) ? data : data && Array.isArray(data.games) ? data.games : [];
  return list.map((game) => ({
    ...game,
    title: game.title || game.id,
    options: normalizeOptions(game.options),
    bots: (game.bots || []).map((bot) => (typeof bot === "string" ? bot : bot.name)).filter(Boolean),
  }));
}

function normalizeOptions(options) {
  if (Array.isArray(options)) return options;
  if (options && typeof options === "object") return Object.entries(options).map(([name, spec]) => ({ name, ...spec }));
  return [];
}

function currentGame() {
  const game = games.find((g) => g.id === $("game").value) || games[0];
  if (game) setRoleNames(game.role_names, game.id);
  return game;
}

/** The option values the form holds now (only the options that apply). */
function chosenOptions(game) {
  const values = {};
  for (const spec of game.options) {
    const input = $("opt-" + spec.name);
    if (!input || /** @type {HTMLElement} */ (input.closest(".field")).hidden) continue;
    values[spec.name] = readOption(spec, input);
  }
  return values;
}

function readOption(spec, input) {
  if (spec.type === "bool") return input.checked;
  const choices = spec.choices || [];
  if (choices.length) return choices[Number(input.value)];
  return Number(input.value);
}

function applies(spec, values) {
  if (Array.isArray(spec.players) && values.players !== undefined && !spec.players.includes(values.players)) return false;
  for (const [name, wanted] of Object.entries(spec.requires || {})) if (values[name] !== wanted) return false;
  return true;
}

function optionInput(spec) {
  const id = "opt-" + spec.name;
  // option names, values and help are terms of the game's catalogue; where a catalogue has the
  // help but not the name (an identifier more than a word), the help alone names the option
  const named = term(spec.name);
  const explained = spec.help ? term(spec.help) : "";
  const helpOnly = named === spec.name && language() !== "en" && explained && explained !== spec.help;
  const label = helpOnly ? explained : named === spec.name ? spec.name.replace(/_/g, " ") : named;
  const help = explained && !helpOnly ? h("span", { class: "hint" }, explained) : null;
  if (spec.type === "bool") {
    return h("div", { class: "field check" }, h("input", { id, type: "checkbox", checked: Boolean(spec.default) }), h("label", { for: id }, label, " ", help));
  }
  const choices = spec.choices || [];
  let input;
  if (choices.length) {
    input = h("select", { id }, choices.map((value, i) => h("option", { value: i, selected: value === spec.default }, typeof value === "string" ? term(value) : String(value))));
  } else {
    input = h("input", { id, type: "number", step: 1, min: spec.minimum ?? undefined, max: spec.maximum ?? undefined, value: spec.default ?? 0 });
  }
  return h("div", { class: "field" }, h("label", { for: id }, label, " ", help), input);
}

/** The option inputs of the game chosen; `keep`: the values chosen so far stay (another language). */
function showOptions(keep = false) {
  const game = currentGame();
  const before = new Map();
  if (keep) for (const input of /** @type {NodeListOf<HTMLInputElement>} */ ($("options").querySelectorAll("input, select"))) before.set(input.id, input.type === "checkbox" ? input.checked : input.value);
  if (!keep) clear($("seats"));
  const box = clear($("options"));
  for (const spec of game.options) box.append(optionInput(spec));
  for (const [id, value] of before) {
    const input = $(id);
    if (!input) continue;
    if (input.type === "checkbox") input.checked = value;
    else input.value = value;
  }
  $("options-box").hidden = !game.options.length;
  refreshForm(keep);
}

/** Hide the options that do not apply to the values chosen, then lay out the seats. */
function refreshForm(keep = false) {
  const game = currentGame();
  for (let pass = 0; pass < 3; pass++) {
    // an option that does not apply counts at its default, as the engine reads it (Cuba Libre's
    // deception requires no_nonplayers=false, an option of 2-3 players only)
    const values = {};
    for (const spec of game.options) {
      const input = $("opt-" + spec.name);
      const shown = input && !/** @type {HTMLElement} */ (input.closest(".field")).hidden;
      values[spec.name] = shown ? readOption(spec, input) : spec.default;
    }
    for (const spec of game.options) {
      const field = /** @type {HTMLElement} */ ($("opt-" + spec.name).closest(".field"));
      field.hidden = !applies(spec, values);
    }
  }
  showSeats(keep);
}

/** The roles and default seats for these options: the server's answer, else the table of /api/games. */
async function seatsFor(game, options) {
  try {
    const answer = await api("/api/games/" + encodeURIComponent(game.id) + "/roles", { method: "POST", body: { options } });
    if (Array.isArray(answer.roles)) return { roles: answer.roles, defaults: answer.default_seats || {} };
  } catch {
    // an option set the server refuses: the create button will say why; show the table's seats
  }
  const key = options.players !== undefined ? String(options.players) : null;
  const table = game.roles && typeof game.roles === "object" ? game.roles : {};
  const roles = Array.isArray(table) ? table : (key !== null && table[key]) || Object.values(table).find(Array.isArray) || [];
  const defaults = (game.default_seats && ((key !== null && game.default_seats[key]) || Object.values(game.default_seats)[0])) || {};
  return { roles, defaults };
}

let seatsAsked = 0;

/** One row per seat: a person (the first seat, by default) or a bot (the game's default bot);
 * the seats chosen by hand stay (all of them with `keep`). */
async function showSeats(keep = false) {
  const game = currentGame();
  const options = chosenOptions(game);
  const asked = ++seatsAsked;
  const { roles, defaults } = await seatsFor(game, options);
  if (asked !== seatsAsked) return; // the options changed again meanwhile
  const previous = {};
  const held = keep ? "select" : "select[data-touched]";
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ ($("seats").querySelectorAll(held))) previous[select.dataset.role] = { value: select.value, touched: select.dataset.touched };
  const box = clear($("seats"));
  box.dataset.game = game.id;
  roles.forEach((role, index) => {
    const id = "seat-" + role;
    const fallback = index === 0 ? "human" : opponent(game, defaults[role]);
    const chosen = previous[role]?.value || fallback;
    const select = h(
      "select",
      { id, "data-role": role, "data-touched": previous[role]?.touched, onchange: (e) => (/** @type {HTMLElement} */ (e.target).dataset.touched = "1") },
      h("option", { value: "human", selected: chosen === "human" }, t("a person (invite link)")),
      h("option", { value: "open", selected: chosen === "open" }, t("an open seat (anyone logged in takes it)")),
      game.bots.map((bot) => h("option", { value: bot, selected: chosen === bot }, t("bot: {bot}", { bot: raw(botName(bot)) }))),
    );
    // logged in: another person's seat may go to an account by name instead of an invite link
    const invite = account
      ? h("input", { id: "invite-" + role, class: "invite", "data-role": role, maxlength: 32, autocomplete: "off",
        placeholder: t("invite an account by name (optional)"), "aria-label": t("invite an account by name (optional)") })
      : null;
    box.append(h("div", { class: "field seat" }, h("label", { for: id }, roleName(role, game.id)), invite, select));
  });
  showInvites();
}

/** The invite-by-name field of each human seat but the first (the creator's own), logged in. */
function showInvites() {
  let first = true;
  for (const select of $("seats").querySelectorAll("select")) {
    const input = $("invite-" + select.dataset.role);
    const human = select.value === "human";
    if (input) input.hidden = !human || first;
    if (human) first = false;
  }
}

/** The bot a seat gets unless chosen: the game's own default where it is a rulebook automaton (Cuba
 * Libre's Non-players), else the strongest bot a person can wait for (the ladder's, 1 s a move). */
function opponent(game, fallback) {
  const strongest = ladder[game.id]?.bot;
  if (strongest && game.bots.includes(strongest) && (!fallback || fallback === "random")) return strongest;
  return fallback || game.bots[0] || "human";
}

/** What the lobby says of the default opponent's strength, from the strength ladder (docs/bots.md). */
function showStrength(game) {
  const known = ladder[game.id];
  $("strength").hidden = !known;
  if (!known) return;
  const [beatRandom, ofRandom] = known.random;
  const [beatGreedy, ofGreedy] = known.greedy;
  $("strength").textContent = t(
    "The bots' seats default to {bot}, the strongest bot here ({seconds} s a move): in agon's strength ladder it won {won_random} of {random} games against the random bot and {won_greedy} of {greedy} against greedy.",
    { bot: raw(botName(known.bot)), seconds: known.seconds, won_random: beatRandom, random: ofRandom, won_greedy: beatGreedy, greedy: ofGreedy },
  );
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  $("lobby-error").textContent = "";
  const body = { game: game.id, options: chosenOptions(game), seats: {} };
  for (const select of $("seats").querySelectorAll("select")) {
    const open = select.value === "open"; // an open seat: a person's, taken from the lobby (issue 30)
    body.seats[select.dataset.role] = open ? "human" : select.value;
    if (open) body.open = [...(body.open || []), select.dataset.role];
  }
  body.public = $("public").checked;
  body.language = $("table-language").value || language();
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ ($("seats").querySelectorAll("input.invite"))) {
    if (!input.hidden && input.value.trim() && body.seats[input.dataset.role] === "human") {
      body.invite = { ...body.invite, [input.dataset.role]: input.value.trim() };
    }
  }
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) {
      $("lobby-error").textContent = t("The seed must be a whole number of 0 or more, or empty for a random one.");
      return;
    }
    body.seed = Number(seed);
  }
  try {
    const pace = paceBody();
    if (pace) body.pace = pace;
  } catch (err) {
    $("lobby-error").textContent = err.message;
    return;
  }
  $("create").disabled = true;
  try {
    const made = await api("/api/matches", { method: "POST", body });
    created = [game, made];
    showCreated(game, made);
    created = [game, made, false];
    refreshMine();
  } catch (err) {
    $("lobby-error").textContent = err.message;
  } finally {
    $("create").disabled = false;
  }
}

/** The match just made: the creator's own seat, and one invite link per other human seat, shown
 * here once (no browser keeps another person's seat: issue 30). A guest's own seat (the first) is
 * remembered for "My games"; a logged-in creator's is held by the account. */
function showCreated(game, made, first = true) {
  const box = clear($("created"));
  const humans = Object.entries(made.seats || {});
  const own = humans.find(([, seat]) => seat.yours) || (made.mine === undefined || made.mine === null ? humans.find(([, seat]) => seat.token) : null) || null;
  const invites = humans.filter(([, seat]) => seat.token && seat !== own?.[1]);
  if (first && own && own[1].token) rememberSeat({ match: made.id, token: own[1].token, role: own[0], game: game.id, title: game.title, url: own[1].url });
  box.append(h("h3", {}, t("{game}: match created", { game: raw(titleOf(game.id, game.title)) })));
  if (own) box.append(h("p", { class: "hint" }, own[1].token ? t("Your seat's link: keep it to come back to the game.") : t("Your seat is kept in your account.")));
  if (own && own[1].token) box.append(linkField(t("Seat {role}", { role: raw(roleName(own[0], game.id)) }), own[1].url));
  if (invites.length) {
    box.append(h("p", { class: "invite-note", id: "invite-note" }, t("Send this link to your opponent; it is shown once.")));
    for (const [role, seat] of invites) box.append(linkField(t("Seat {role}", { role: raw(roleName(role, game.id)) }), seat.url));
  }
  for (const [role, seat] of humans) {
    if (seat.held && !seat.yours) box.append(h("p", { class: "hint" }, t("Seat {role}: invited by name.", { role: raw(roleName(role, game.id)) })));
    if (seat.open) box.append(h("p", { class: "hint open-note" }, t("Seat {role}: open; anyone logged in takes it from the lobby or the match's link.", { role: raw(roleName(role, game.id)) })));
  }
  if (!humans.length) box.append(h("p", {}, t("Every seat is a bot: watch them play.")));
  box.append(linkField(t("Spectators"), made.spectate_url || "/m/" + made.id));
  const go = own ? t("Play as {role}", { role: raw(roleName(own[0], game.id)) }) : t("Watch");
  box.append(h("a", { id: "play", class: "button primary", href: own ? own[1].url : made.spectate_url || "/m/" + made.id }, go));
}

// -- My games -----------------------------------------------------------------------------------

function matchesOf(data) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.matches)) return data.matches;
  return [];
}

/** "My games" of a logged-in person: the account's matches, those waiting for you first. */
async function refreshAccountGames() {
  let found;
  try {
    found = await api("/api/me/matches");
  } catch (err) {
    clear($("mine")).append(h("li", { class: "error" }, t("Your games cannot be listed now: {reason}", { reason: raw(err.message) })));
    return;
  }
  const list = clear($("mine"));
  const matches = found.matches || [];
  if (!matches.length) list.append(h("li", { class: "empty" }, t("None yet: create a match, or open an invite link.")));
  for (const match of matches) {
    const active = match.active || [];
    const state = match.is_over ? describeResult(match.result) : match.your_turn ? t("your turn") : active.length ? t("waiting for {roles}", { roles: raw(listNames(active)) }) : "";
    const title = titleOf(match.game, match.title || match.game);
    list.append(
      h(
        "li",
        { class: match.your_turn ? "mine-turn" : "" },
        h("a", { href: match.url }, t("{game} as {role}", { game: raw(title), role: raw(roleName(match.role, match.game)) })),
        " ",
        match.your_turn ? h("span", { class: "badge" }, t("your turn")) : h("span", { class: "hint" }, state),
        match.replay_url ? [" ", h("a", { class: "small", href: match.replay_url }, t("replay"))] : null,
      ),
    );
  }
  const yours = found.waiting || 0;
  $("mine-badge").hidden = !yours;
  $("mine-badge").textContent = t("{n} your turn", { n: yours });
  document.title = (yours ? "(" + yours + ") " : "") + t("agon: lobby");
}

async function refreshMine() {
  if (account) {
    $("mine-hint").textContent = t("The matches your account holds a seat in, on any device.");
    return refreshAccountGames();
  }
  const held = seats();
  const list = clear($("mine"));
  if (!held.length) {
    list.append(h("li", { class: "empty" }, t("None yet: create a match, or open an invite link.")));
    $("mine-badge").hidden = true;
    return;
  }
  let found = [];
  try {
    found = matchesOf(await api("/api/my-matches", { method: "POST", body: { tokens: held.map((s) => s.token) } }));
  } catch (err) {
    list.append(h("li", { class: "error" }, t("Your games cannot be listed now: {reason}", { reason: raw(err.message) })));
    return;
  }
  const info = (seat) => found.find((m) => m.token === seat.token) || found.find((m) => (m.id || m.match) === seat.match && (m.role ?? seat.role) === seat.role);
  let yours = 0;
  for (const seat of held) {
    const match = info(seat);
    if (!match) continue;
    const role = match.role ?? seat.role;
    const active = match.active || [];
    const over = match.is_over || match.over;
    const mine = !over && (match.your_turn ?? active.includes(role));
    if (mine) yours += 1;
    const state = over ? t("finished") : mine ? t("your turn") : active.length ? t("waiting for {roles}", { roles: raw(listNames(active)) }) : "";
    const game = match.game || seat.game;
    const title = titleOf(game, match.title || seat.title || game);
    list.append(
      h(
        "li",
        { class: mine ? "mine-turn" : "" },
        h("a", { href: seat.url || "/m/" + seat.match + "#" + seat.token }, t("{game} as {role}", { game: raw(title), role: raw(roleName(role, game)) })),
        " ",
        mine ? h("span", { class: "badge" }, t("your turn")) : h("span", { class: "hint" }, state),
        h("button", { type: "button", class: "small link", "aria-label": t("Forget this seat"), onclick: () => (forgetSeat(seat.token), refreshMine()) }, t("forget")),
      ),
    );
  }
  if (!list.children.length) list.append(h("li", { class: "empty" }, t("None of the seats this browser knew still exists.")));
  $("mine-badge").hidden = !yours;
  $("mine-badge").textContent = t("{n} your turn", { n: yours });
  document.title = (yours ? "(" + yours + ") " : "") + t("agon: lobby");
}

let shown = null; // the game whose options the form shows

/** The table language of a new match: the page's, unless chosen. */
function tableLanguages() {
  const select = $("table-language");
  const chosen = select.dataset.touched ? select.value : language();
  select.replaceChildren(...LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code, selected: code === chosen }, name)));
}

/** Everything the lobby drew, again: in another language, or for another game. */
function redraw() {
  $("seed").placeholder = t("random");
  tableLanguages();
  showPace(false);
  if (!games.length) return;
  const game = currentGame();
  /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ($("rules-link"))).href = rulesUrl(game.id);
  showStrength(game);
  showOptions(shown === game.id);
  shown = game.id;
  loadTitles();
  if (created) showCreated(...created);
  refreshMine();
}

async function start() {
  setupPaceForm(); // before anything waits: the pace can be chosen while the games load
  const lang = setupLanguage(new URLSearchParams(location.search).get("game"));
  const strengths = api("/static/ladder.json").catch(() => ({}));
  try {
    games = normalizeGames(await api("/api/games"));
    ladder = (await strengths) || {};
  } catch (err) {
    await lang;
    $("lobby-error").textContent = t("The games cannot be listed: {reason}", { reason: raw(err.message) });
    return;
  }
  const select = $("game");
  for (const game of games) select.append(h("option", { value: game.id }, game.title));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", () => useGame(currentGame().id));
  $("options").addEventListener("change", () => refreshForm());
  $("seats").addEventListener("change", showInvites);
  $("new-match").addEventListener("submit", create);
  onLanguage(redraw);
  await lang;
  account = await accountBar();
  await useGame(currentGame().id);
  if (!shown) redraw();
  $("table-language").addEventListener("change", (e) => (/** @type {HTMLElement} */ (e.target).dataset.touched = "1"));
  const refreshOpen = mountOpenGames({ account, titleOf, games });
  loadTitles().then(() => refreshOpen());
  setInterval(refreshMine, 30000);
  window.addEventListener("focus", refreshMine);
}

start();
