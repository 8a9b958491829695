"""The web page in English, Greek and Hungarian (issue 12), in headless Chromium: a seat's match
page of every game in every language shows its prompt, buttons, log and board in that language
(no msgid of the catalogue left in English on screen; a few of the rulebook's own words there),
the language switch is remembered across the lobby, match and replay pages and redraws a page
without reloading it, and a browser's own language is the default. One screenshot per game and
language goes to tests/artifacts/i18n/ (git-ignored) to be looked at.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
from pathlib import Path
from typing import Any

import pytest

from agon.engine import load
from agon.i18n import locale_dir
from agon.testing import games_that

GAMES = games_that(lambda game: game.languages())  # the games with catalogues of their own
LANGS = ["en", "el", "hu"]
SEED = 11
PLAYABLE = "#actions button.action:not(.undo):enabled"

# Words of the rulebooks (through the games' catalogues) that a first position shows on screen
# (the board's names, its <title>s included)
RULEBOOK = {
    ("dual-powers", "el"): ["Πλευρά Βίμποργκ", "Λαϊκή Θέληση"],
    ("dual-powers", "hu"): ["Viborgi oldal", "Népakarat"],
    ("1989", "el"): ["Πολωνία", "Δημοκράτης"],
    ("1989", "hu"): ["Lengyelország", "demokrata"],
    ("intrigue-city", "el"): ["Χειραγώγηση", "Τράπεζα"],
    ("intrigue-city", "hu"): ["Manipuláció", "Acél Testvériség"],
    ("cuba-libre", "el"): ["Κυβέρνηση", "Επαρχία"],
    ("cuba-libre", "hu"): ["Havanna", "Kormány"],
}

# The English msgids among a page's text nodes (script, the JSON dump and the view's raw keys
# and values in "Numbers of the position" aside): what the page failed to translate.
LEFT_ENGLISH = """(ids) => {
  const wanted = new Set(ids);
  const found = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!el || el.closest("script, style, pre, #facts, .facts-box, #language")) continue;
    const text = node.textContent.trim();
    if (wanted.has(text)) found.add(text);
  }
  return [...found];
}"""


def english_ids(catalogue: dict[str, Any]) -> list[str]:
    """The msgids a page in this language must never show as they are: translated to something
    else, no placeholder, and not also the translation of another id."""
    translations = set()
    for value in catalogue["messages"].values():
        translations.update(value if isinstance(value, list) else [value])
    ids = []
    for msgid, value in catalogue["messages"].items():
        shown = value[0] if isinstance(value, list) else value
        if shown and shown != msgid and "{" not in msgid and msgid not in translations and len(msgid) > 2:
            ids.append(msgid)
    return ids


def seated(server: Any, game: str, moves: int = 3) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A match of `game`: the first seat a person, the others random bots; the person makes
    `moves` random choices through the API so that the log has lines, then waits for the bots
    until it is the person's turn again. Returns (created, role, the seat's state object)."""
    roles = load(game).roles()
    made = server.call("/api/matches", {"game": game, "seed": SEED, "seats": {r: "human" if i == 0 else "random" for i, r in enumerate(roles)}})
    role = roles[0]
    token = made["seats"][role]["token"]
    path = f"/api/matches/{made['id']}"
    rng = random.Random(SEED)
    deadline = time.monotonic() + 30
    while True:
        state = server.call(path, token=token)
        assert not state["is_over"] and time.monotonic() < deadline, "no turn of the person's seat"
        if not state["prompt"]:
            time.sleep(0.1)  # the bots are moving
            continue
        if moves == 0:
            return made, role, state
        choice = rng.choice([a for a in state["prompt"]["actions"] if a["verb"] != "undo"])
        try:
            server.call(path + "/actions", {"version": state["version"], "verb": choice["verb"], "arg": choice["arg"]}, token=token)
        except urllib.error.HTTPError as err:
            if err.code != 409:  # 409: a bot moved first (simultaneous choices); ask again
                raise
            continue
        moves -= 1


def in_language(page: Any, lang: str) -> None:
    page.context.add_init_script(f"localStorage.setItem('agon.lang', '{lang}')")


def wait_for_choice(page: Any) -> None:
    page.wait_for_selector(PLAYABLE)
    page.wait_for_function("() => document.querySelector('#prompt-text').textContent.trim() !== ''")


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(__file__).resolve().parents[1] / "artifacts" / "i18n"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_seats_page_shows_prompt_buttons_log_and_board_in_its_language(page: Any, server: Any, game: str, lang: str, shots: Path) -> None:
    if lang != "en" and not (locale_dir(game) / f"{lang}.po").is_file():
        pytest.skip(f"{game} has no {lang} catalogue yet ({locale_dir(game)}/{lang}.po)")
    made, role, state = seated(server, game)
    url = made["seats"][role]["url"]
    catalogue = server.call(f"/api/i18n/{lang}?game={game}")
    in_language(page, lang)
    page.goto(url)
    wait_for_choice(page)
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.wait_for_selector("#log li:not(.empty)")
    page.wait_for_timeout(300)  # the websocket's first push and the board's last redraw
    page.screenshot(path=str(shots / f"{game}-{lang}.png"))
    prompt = page.locator("#prompt-text").inner_text()
    if lang == "en":
        assert prompt == state["prompt"]["text"]
        assert catalogue == {"lang": "en", "messages": {}, "contexts": {}, "plural": "(n != 1)"}
        return
    messages = catalogue["messages"]
    assert prompt != state["prompt"]["text"], "the prompt is still English"
    assert page.locator("#prompt-h").inner_text() == messages["Your choice"]
    left = page.evaluate(LEFT_ENGLISH, english_ids(catalogue))
    assert left == [], f"English words left on the {lang} page of {game}"
    everything = page.locator("body").text_content()
    # (a game newly translated fails here until two of its rulebook's words on this page are named above)
    assert (game, lang) in RULEBOOK, f"name two words of {game}'s rulebook in {lang} that its first page shows"
    missing = [word for word in RULEBOOK[(game, lang)] if word not in everything]
    assert missing == [], f"the rulebook's words are not on the page: {missing}"
    seat_name = load(game).role_name(role)
    assert messages.get(seat_name, seat_name) in page.locator("#seat").inner_text()


def test_the_language_switch_is_remembered_across_pages_and_redraws_a_page_without_a_reload(page: Any, server: Any) -> None:
    made, role, _ = seated(server, "1989", moves=1)
    url = made["seats"][role]["url"]
    greek = server.call("/api/i18n/el")["messages"]
    hungarian = server.call("/api/i18n/hu?game=1989")["messages"]
    page.goto("/")
    page.wait_for_selector("#seats select")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.select_option("#language", "el")
    page.wait_for_function("() => document.documentElement.lang === 'el'")
    assert page.locator("#new-h").inner_text() == greek["New match"]
    # the seat choices are redrawn once the game's catalogue has come too: wait for them, do not read at once
    page.wait_for_function(f"() => document.querySelector('#seats option[value=human]')?.textContent === "
                           f"{json.dumps(greek['a person (invite link)'])}")
    page.goto(url)  # another page: still Greek
    wait_for_choice(page)
    page.wait_for_function("() => document.documentElement.lang === 'el'")
    assert page.locator("#prompt-h").inner_text() == greek["Your choice"]
    page.evaluate("window.notReloaded = true")
    version = page.locator("body").get_attribute("data-version")
    page.select_option("#language", "hu")
    page.wait_for_function("() => document.documentElement.lang === 'hu'")
    page.wait_for_function(f"() => document.querySelector('#prompt-h').textContent === {hungarian['Your choice']!r}")
    assert page.evaluate("window.notReloaded") is True  # the same page, redrawn
    assert page.locator("body").get_attribute("data-version") == version
    board = page.locator("#board").text_content()  # the board, redrawn in Hungarian
    assert hungarian["Power struggle"] in board and greek["Power struggle"] not in board
    assert page.locator("#log li").count() > 0
    assert hungarian["VP marker"] in page.locator("#legend").text_content()  # the legend too
    page.goto("/replay")  # and the replay viewer, in the language chosen last
    page.wait_for_function("() => document.documentElement.lang === 'hu'")
    assert page.locator("#upload-h").inner_text() == hungarian["Open a game record"]


def test_the_browsers_own_language_is_the_default(browser: Any, server: Any) -> None:
    context = browser.new_context(locale="hu-HU", base_url=server.base)
    try:
        opened = context.new_page()
        opened.goto("/")
        opened.wait_for_function("() => document.documentElement.lang === 'hu'")
        assert opened.locator("#language").input_value() == "hu"
        assert opened.locator("#new-h").inner_text() == server.call("/api/i18n/hu")["messages"]["New match"]
    finally:
        context.close()


def test_the_replay_viewer_steps_through_a_match_in_the_language_chosen(page: Any, server: Any) -> None:
    state = load("dual-powers").new(seed=SEED)
    rng = random.Random(SEED)
    while not state.is_over:
        role = state.active[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    made = server.call("/api/matches/import", state.record())
    greek = server.call("/api/i18n/el?game=dual-powers")["messages"]
    in_language(page, "el")
    page.goto(made["url"] + "#3")
    page.wait_for_selector("body[data-step='3']")
    step = page.locator("#step-action").inner_text()
    assert step.startswith(greek["Step {n} of {total}: {role}: {action}."].split("{n}")[0] + "3")
    assert page.locator("#forward").inner_text().startswith(greek["Next"])
    assert page.locator("#log li").count() > 0
    assert greek["Support (White - / Red +)"] in page.locator("#board").text_content()  # the board too
