"""The replay viewer opens a position file as a study (agon/web/static/study.js): the board, facts,
log, hand and choices as a spectator and as each seat see the position, chosen in "Seen by"; the page never
holds the position's seed. A screenshot of each view goes to tests/artifacts/ to be looked at."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agon.engine import load
from agon.testing import random_position

GAME = "dual-powers"  # any game with a board: the page never looks at which


def test_a_position_file_opens_as_a_study_seen_by_each_seat(page: Any, server: Any, artifacts: Path, tmp_path: Path) -> None:
    state = random_position(GAME, 4, 30)
    data = {**state.position(), "seed": 2**62 + 4_321}  # a seed whose digits could be looked for
    upload = tmp_path / "position.json"
    upload.write_text(json.dumps(data))
    page.goto("/replay")
    page.set_input_files("#record-file", str(upload))
    page.wait_for_url(lambda url: "/study/" in url)
    page.wait_for_selector("body[data-seen-by=''] #board svg")
    game = load(GAME)
    assert page.locator("#step-action").inner_text().startswith("To act: ")
    assert game.role_name(state.active[0]) in page.locator("#step-action").inner_text()
    assert page.locator("#log li").count() == len(state.view(None)["log"])
    assert page.locator("#hand-panel").is_hidden() and page.locator("#choices-panel").is_hidden()  # a spectator holds no hand
    page.screenshot(path=str(artifacts / "study-spectator.png"))
    role = state.active[0]
    page.select_option("#seen-by", role)
    page.wait_for_selector(f"body[data-seen-by='{role}'] #board svg")
    assert page.url.endswith("#" + role)  # a link to this seat's view
    assert page.locator("#hand-panel").is_visible()
    assert page.locator("#choices li").count() == len(state.legal_actions(role))  # what the seat is asked
    page.screenshot(path=str(artifacts / f"study-{role}.png"), full_page=True)
    assert str(data["seed"]) not in page.content()
    page.reload()
    page.wait_for_selector(f"body[data-seen-by='{role}'] #board svg")
