"""End-to-end tests of the web page (issue 17) in headless Chromium, for every declared game (the
registry's: a game of another distribution, tests/little_tricks, with the board its package ships):
a person creates a match against bots in the lobby, makes ten decisions (or plays to the end of a
short game) by clicking (the board where the prompt names a board element, a button otherwise),
reloads mid-game and goes on; the
replay viewer opens a finished game's record; a seat's page holds no card of another seat's hand.
Screenshots of every game page go to tests/artifacts/ (git-ignored) to be looked at.
"""

from __future__ import annotations

import importlib.resources
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from agon.engine import load
from agon.testing import every_game

GAMES = every_game()
SEED = 11
PLAYABLE = "#actions button.action:not(.undo):enabled"


def create_in_lobby(page: Any, game: str) -> None:
    """Lobby: choose the game, the first seat a person and every other seat the random bot."""
    page.goto("/")
    page.select_option("#game", game)
    page.wait_for_selector(f"#seats[data-game='{game}'] select")
    seats = page.locator("#seats select")
    assert seats.count() >= 2
    seats.nth(0).select_option("human")
    for i in range(1, seats.count()):
        seats.nth(i).select_option("random")
    page.fill("#seed", str(SEED))
    page.click("#create")
    page.wait_for_selector(".created .link-field input")
    assert page.locator(".created .link-field").count() == 2  # one invite link and the spectator link
    page.click(".created a.button.primary")
    page.wait_for_url(lambda url: "/m/" in url and "#" in url)


UNCOVERED = """() => [...document.querySelectorAll("svg.board .target, #hand .target")].findIndex((t) => {
  t.scrollIntoView({ block: "nearest" });
  const r = t.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit !== null && t.contains(hit);
})"""


def wait_for_turn(page: Any) -> bool:
    """Wait until the page offers this seat a choice (True) or shows the game over (False)."""
    page.wait_for_selector(f"{PLAYABLE}, .prompt-panel:has-text('Game over')")
    return page.locator(PLAYABLE).count() > 0


def decide(page: Any) -> str:
    """One decision by clicking: a highlighted board target if there is one, else the first button.
    Returns "board" or "button"."""
    before = page.locator("body").get_attribute("data-version")
    targets = page.locator("svg.board .target, #hand .target")
    how = "board" if targets.count() else "button"
    if how == "board":
        # a target whose centre is not covered by another element (a space may be drawn twice)
        index = page.evaluate(UNCOVERED)
        if index >= 0:
            targets.nth(index).click()
        else:  # every target is covered at its centre: the keyboard reaches them all
            targets.first.focus()
            page.keyboard.press("Enter")
        menu = page.locator(".target-menu button[role=menuitem]:not(.cancel)")
        if menu.count():
            menu.first.click()
    else:
        page.locator(PLAYABLE).first.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    return how


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_ten_decisions_by_clicking_reloads_and_continues(page: Any, game: str, artifacts: Path) -> None:
    create_in_lobby(page, game)
    assert wait_for_turn(page)
    assert "playing as" in page.locator("#seat").inner_text()
    match_path = page.url.split("#")[0].removeprefix(page.url.split("/m/")[0])  # /m/ID
    ways = []
    for n in range(10):
        if n == 2:  # reload mid-game: the same position, the same choice, and play goes on
            version = page.locator("body").get_attribute("data-version")
            prompt = page.locator("#prompt-text").inner_text()
            page.reload()
            assert wait_for_turn(page)
            assert page.locator("body").get_attribute("data-version") == version
            assert page.locator("#prompt-text").inner_text() == prompt
        ways.append(decide(page))
        if not wait_for_turn(page):
            break
    over = page.locator(".prompt-panel:has-text('Game over')").count() > 0
    assert len(ways) == 10 or over, f"the page stopped after {len(ways)} decisions"
    if load(game).board_script() is not None:  # the game's board (Game.board_script: its own package's)
        assert "board" in ways, "no decision of the ten was offered on the board"
    assert page.locator("#log li").count() > 0
    page.screenshot(path=str(artifacts / f"{game}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / f"{game}-phone.png"))
    if page.locator("button.zoom").count():
        page.click("button.zoom")
        page.screenshot(path=str(artifacts / f"{game}-phone-zoomed.png"))
    page.goto("/")  # the lobby's "My games" lists the seat, with a badge when it is this seat's turn
    page.wait_for_selector("#mine li a")
    # (this match's entry: the worker's browser remembers the seats of its earlier tests too, and
    # another of them may also be waiting for its seat)
    waiting = "li.mine-turn" if not over else "li"
    assert page.locator(f"#mine {waiting}:has(a[href^='{match_path}#'])" + (" .badge" if not over else "")).count() == 1


def short_game(game: str) -> dict[str, Any]:
    """The options of the game's short game where it has one (an option `short`), else none."""
    return {"short": True} if any(spec.name == "short" for spec in load(game).option_specs()) else {}


def finished_record(game: str) -> dict[str, Any]:
    """A whole random game of `game`, as a record."""
    state = load(game).new(seed=SEED, **short_game(game))
    rng = random.Random(SEED)
    while not state.is_over:
        role = state.active[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    return state.record()


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_viewer_opens_an_uploaded_record_steps_and_downloads_it(
    page: Any, game: str, tmp_path: Path, artifacts: Path
) -> None:
    record = finished_record(game)
    total = len(record["actions"])
    upload = tmp_path / f"{game}.json"
    upload.write_text(json.dumps(record))
    page.goto("/replay")
    page.set_input_files("#record-file", str(upload))
    page.wait_for_url(lambda url: "/replay/" in url)
    page.wait_for_selector("body[data-step='0']")
    assert f"of {total}" in page.locator("#step-action").inner_text()
    page.click("#forward")
    page.click("#forward")
    page.wait_for_selector("body[data-step='2']")
    page.click("#back")
    page.wait_for_selector("body[data-step='1']")
    step = record["actions"][0]
    role_name = load(game).role_name(step[0])  # the role that took the first action, as a person calls it
    assert role_name in page.locator("#step-action").inner_text()
    page.fill("#jump", str(total // 2))
    page.press("#jump", "Enter")
    page.wait_for_selector(f"body[data-step='{total // 2}']")
    page.click("#last")
    page.wait_for_selector(f"body[data-step='{total}']")
    assert "Game over" in page.locator("#step-action").inner_text()
    page.screenshot(path=str(artifacts / f"{game}-replay.png"))
    with page.expect_download() as info:
        page.click("#download")
    downloaded = json.loads(Path(info.value.path()).read_text())
    assert downloaded["game"] == game
    assert [a[:3] for a in downloaded["actions"]] == [a[:3] for a in record["actions"]]


def _strings(value: Any, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "log":
                _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


def hand_names(game: str, view: dict[str, Any]) -> set[str]:
    """The names of the cards in a view's own hand (where the view holds ids, from the game's data)."""
    if game == "1989":
        source = importlib.resources.files(type(load(game)).__module__).joinpath("cards.json")
        catalogue = json.loads(source.read_text(encoding="utf-8"))
        titles = {card["number"]: card["title"] for card in catalogue}
        return {titles[n] for n in view["hand"]}
    return {s for s in _strings(view, set()) if len(s) >= 4}


@pytest.mark.parametrize(("game", "me", "other"), [("dual-powers", "red", "white"), ("1989", "democrat", "communist")])
def test_a_seats_page_holds_no_card_of_another_seats_hand(page: Any, server: Any, game: str, me: str, other: str) -> None:
    roles = load(game).roles()
    made = server.call("/api/matches", {"game": game, "seed": SEED, "seats": dict.fromkeys(roles, "human")})
    tokens = {role: seat["token"] for role, seat in made["seats"].items()}
    path = f"/api/matches/{made['id']}"
    mine = server.call(path, token=tokens[me])["view"]
    theirs = server.call(path, token=tokens[other])["view"]
    page.goto(made["spectate_url"])  # what anybody sees (a leader's marker on the board, say)
    page.wait_for_selector("body[data-version]")
    page.wait_for_selector("#players li")
    public = page.content()
    visible = json.dumps(mine, ensure_ascii=False)
    hidden = {name for name in hand_names(game, theirs) - hand_names(game, mine) if name not in visible and name not in public}
    assert hidden, "the other seat's hand should hold cards this seat cannot see"
    page.goto(made["seats"][me]["url"])
    page.wait_for_selector("body[data-version]")
    page.wait_for_selector("#players li")
    dom = page.content()
    assert [name for name in hidden if name in dom] == []
    assert load(game).role_name(me) in page.locator("#seat").inner_text()  # the seat, as a person calls it


def test_two_people_in_two_browsers_see_each_others_moves_live(browser: Any, server: Any) -> None:
    """Each seat's page and a spectator's page follow the match over the websocket, no reload."""
    made = server.call("/api/matches", {"game": "1989", "seed": SEED, "seats": {"democrat": "human", "communist": "human"}})
    contexts = [browser.new_context(base_url=server.base) for _ in range(3)]
    try:
        pages = [context.new_page() for context in contexts]
        urls = [made["seats"]["democrat"]["url"], made["seats"]["communist"]["url"], made["spectate_url"]]
        for opened, url in zip(pages, urls, strict=True):
            opened.goto(url)
            opened.wait_for_selector("#live.up")
        for _ in range(3):
            mover = next(p for p in pages[:2] if p.locator(PLAYABLE).count())
            before = mover.locator("body").get_attribute("data-version")
            mover.locator(PLAYABLE).first.click()
            for opened in pages:
                opened.wait_for_function("v => document.body.dataset.version !== v", arg=before)
            pages[0].wait_for_selector(f"{PLAYABLE}, #prompt-h:has-text('Not your turn')")
            pages[1].wait_for_selector(f"{PLAYABLE}, #prompt-h:has-text('Not your turn')")
        assert pages[2].locator("#prompt-h").inner_text() == "Spectating"
        assert pages[2].locator("#hand-panel").is_hidden()
        # pushes carry only the log lines a page lacks (issue 11); each page puts its whole log together
        tokens = [made["seats"]["democrat"]["token"], made["seats"]["communist"]["token"], None]
        for opened, token in zip(pages, tokens, strict=True):
            whole = server.call(f"/api/matches/{made['id']}", token=token)["view"]["log"]
            assert len(whole) > 3 and opened.locator("#log li").count() == len(whole)
    finally:
        for context in contexts:
            context.close()


def test_the_choices_are_reachable_and_chosen_by_keyboard(page: Any, server: Any) -> None:
    """Tab reaches the board's highlighted targets and the prompt's buttons; Enter chooses."""
    made = server.call("/api/matches", {"game": "1989", "seed": SEED, "seats": {"democrat": "random", "communist": "human"}})
    page.goto(made["seats"]["communist"]["url"])
    assert wait_for_turn(page)
    reached = set()
    for _ in range(400):
        page.keyboard.press("Tab")
        kind = page.evaluate(
            "() => { const e = document.activeElement; return e.matches('svg .target') ? 'board'"
            " : e.matches('button.action') ? 'button' : ''; }"
        )
        if kind:
            reached.add(kind)
        if kind == "button":
            break
    assert reached == {"board", "button"}
    before = page.locator("body").get_attribute("data-version")
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def test_undo_takes_back_the_last_choice(page: Any, server: Any) -> None:
    made = server.call("/api/matches", {"game": "1989", "seed": SEED, "seats": {"democrat": "random", "communist": "human"}})
    page.goto(made["seats"]["communist"]["url"])
    assert wait_for_turn(page)
    asked = page.locator("#prompt-text").inner_text()
    assert page.locator("#actions button.undo").count() == 0
    decide(page)
    page.wait_for_selector("#actions button.undo:enabled")
    assert page.locator("#prompt-text").inner_text() != asked
    before = page.locator("body").get_attribute("data-version")
    page.click("#actions button.undo")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    assert page.locator("#prompt-text").inner_text() == asked
    assert page.locator("#actions button.undo").count() == 0


def test_the_lobby_shows_the_options_and_seats_that_apply(page: Any, artifacts: Path) -> None:
    """Cuba Libre: with one player the solo faction option appears, Victory Deception (3-4 players)
    goes, and the seats follow the server's roles and default seats for those options."""
    page.goto("/")
    page.select_option("#game", "cuba-libre")
    page.wait_for_selector("#seats[data-game='cuba-libre'] select")
    assert page.locator("#opt-solo").is_hidden() and page.locator("#opt-deception").is_visible()
    page.select_option("#opt-players", label="1")
    page.wait_for_function("() => document.querySelector('#seats label').textContent === '26July'")  # by name
    assert page.locator("#opt-solo").is_visible() and page.locator("#opt-deception").is_hidden()
    assert page.locator("#seat-m26").input_value() == "human"
    assert page.locator("#seat-govt").input_value() == "nonplayer"
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)


def test_the_page_reconnects_after_the_websocket_drops_and_catches_up(page: Any, server: Any) -> None:
    made = server.call("/api/matches", {"game": "1989", "seed": SEED, "seats": {"democrat": "human", "communist": "human"}})
    sockets: list[Any] = []

    def through(ws: Any) -> None:  # every live socket goes through here, so the test can cut it
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket("**/live", through)
    page.goto(made["seats"]["democrat"]["url"])
    page.wait_for_selector("#live.up")
    version = int(page.locator("body").get_attribute("data-version"))
    sockets[-1].close()
    page.wait_for_selector("#live.down")
    communist = made["seats"]["communist"]["token"]
    asked = server.call(f"/api/matches/{made['id']}", token=communist)
    move = asked["prompt"]["actions"][0]
    body = {"version": asked["version"], "verb": move["verb"], "arg": move["arg"]}
    server.call(f"/api/matches/{made['id']}/actions", body, token=communist)
    page.wait_for_selector("#live.up")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    assert len(sockets) == 2


def test_bad_links_and_files_get_a_one_line_reason(page: Any, server: Any, tmp_path: Path) -> None:
    page.goto("/m/no-such-match")
    page.wait_for_selector("#title:has-text('cannot be opened')")
    assert page.locator("#status").inner_text().strip()
    made = server.call("/api/matches", {"game": "1989", "seed": SEED, "seats": {"democrat": "human", "communist": "random"}})
    page.goto(f"/m/{made['id']}#not-a-token")
    page.wait_for_selector("#title:has-text('cannot be opened')")
    assert "\n" not in page.locator("#status").inner_text().strip()
    junk = tmp_path / "junk.json"
    junk.write_text("this is not a record")
    page.goto("/replay")
    page.set_input_files("#record-file", str(junk))
    page.wait_for_selector("#upload-error:has-text('not JSON')")
    junk.write_text(json.dumps({"game": "1989", "seed": 1, "actions": [["democrat", "fly", "moon"]]}))
    page.set_input_files("#record-file", str(junk))
    page.wait_for_selector("#upload-error:has-text('cannot be opened')")


def test_a_finished_match_links_its_page_to_the_replay_viewer(page: Any, server: Any) -> None:
    """Bots play a whole match; its page (a spectator's) says who won and opens the replay."""
    made = server.call("/api/matches", {"game": "dual-powers", "seed": SEED, "seats": {"red": "random", "white": "random"}})
    deadline = time.monotonic() + 90
    while not server.call(f"/api/matches/{made['id']}")["is_over"]:
        assert time.monotonic() < deadline, "the bots did not finish the match in time"
        time.sleep(0.5)
    page.goto(made["spectate_url"])
    page.wait_for_selector("#prompt-text:has-text('Game over')")
    page.click("a:has-text('Open the replay viewer')")
    page.wait_for_selector("body[data-step='0']")
    page.keyboard.press("End")
    total = server.call(f"/api/matches/{made['id']}")["version"]
    page.wait_for_selector(f"body[data-step='{total}']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"body[data-step='{total - 1}']")


def test_a_late_push_of_an_older_state_does_not_undo_the_page(page: Any, server: Any) -> None:
    """Pushes can arrive after the reply to one's own action; the page keeps the newer state."""
    made = server.call("/api/matches", {"game": "1989", "seed": SEED, "seats": {"democrat": "human", "communist": "human"}})
    pushed: list[str] = []
    routes: list[Any] = []

    def through(ws: Any) -> None:
        upstream = ws.connect_to_server()
        upstream.on_message(lambda message: (pushed.append(message), ws.send(message)))
        routes.append(ws)

    page.route_web_socket("**/live", through)
    page.goto(made["seats"]["communist"]["url"])
    page.wait_for_selector("#live.up")
    assert wait_for_turn(page)
    page.wait_for_function("() => document.body.dataset.version === '0'")
    decide(page)
    page.wait_for_function("() => document.body.dataset.version === '1'")
    shown = page.locator("#prompt-text").inner_text()
    oldest = next(m for m in pushed if json.loads(m).get("version") == 0)
    routes[-1].send(oldest)
    page.wait_for_timeout(500)
    assert page.locator("body").get_attribute("data-version") == "1"
    assert page.locator("#prompt-text").inner_text() == shown
