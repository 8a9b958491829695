"""An axe-core scan of every page a player meets (issue 33): the lobby, a seat's game page of each
game in mid-game, a spectator's, the replay viewer and a rules reference. axe-core comes from npm
through tests/web/get-axe.sh into a cache outside the tree; without npm the test is skipped (or
fails where AGON_REQUIRE_BROWSER=1 asks for every browser test)."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from agon.testing import every_game
from tests.web.conftest import _missing
from tests.web.test_players_meet import STATIC_BOARDS, advance, all_human, short_game

GET_AXE = Path(__file__).with_name("get-axe.sh")


@pytest.fixture(scope="session")
def axe_script() -> str:
    if not shutil.which("npm"):
        _missing("npm is not installed: axe-core cannot be fetched (apt-get install npm)")
    try:
        found = subprocess.run(["sh", str(GET_AXE)], capture_output=True, text=True, timeout=300, check=True)
    except (subprocess.SubprocessError, OSError) as err:
        _missing(f"axe-core could not be installed with npm: {err}")
    path = Path(found.stdout.strip().splitlines()[-1])
    if not path.is_file():
        _missing(f"no axe-core at {path}")
    return path.read_text(encoding="utf-8")


def scan(browser: Any, server: Any, url: str, wait: str, script: str) -> list[str]:
    """axe-core's violations on the page at `url` once `wait` shows, one line each."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, base_url=server.base, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(wait)
        page.add_script_tag(content=script)
        found = page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
                              ".map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }))")
    finally:
        context.close()
    return [f"{v['id']} ({v['impact']}): {', '.join(v['nodes'])}" for v in found]


# the pages of the games agon draws (agon/web/static/boards): a board a game ships in its own
# package is played by test_pages' smoke test (the CI's browser time holds one test for it)
GAMES = [game for game in every_game() if (STATIC_BOARDS / f"{game}.js").is_file()]


def test_the_pages_a_player_meets_pass_axe(browser: Any, server: Any, axe_script: str) -> None:
    pages = [("/", "#seats select"), ("/replay", "#record-file"), ("/rules/1989?lang=el", "main.rules")]
    for game in GAMES:
        options = short_game(game)
        made = all_human(server, game, options=options)
        token = advance(server, made, random.Random(3), 30)
        pages += [(f"/m/{made['id']}#{token}", "#players li"), (made["spectate_url"], "#players li")]
    problems = {url: found for url, wait in pages if (found := scan(browser, server, url, wait, axe_script))}
    assert problems == {}, "\n".join(f"{url}: {line}" for url, lines in problems.items() for line in lines)
