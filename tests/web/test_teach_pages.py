"""The bots that teach in the browser (issue 36 items 4 and 5), kept short: a seat asks for a hint
and plays the bot's first choice from it; the replay viewer asks for a finished match's analysis
and draws its graph, with the decisions that lost the most marked and listed. The session's
server runs analyses and hints on a tiny budget (tests/web/conftest.py). Screenshots go to
tests/artifacts/ (and to $AGON_SHOTS when set).

Each test may take over 5 s on a loaded machine: the server's first teaching job starts its worker
process, which imports the games (about a second of CPU time; 13 s of waiting at a load of 20)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parents[1] / "golden"


def _shot(page: Any, artifacts: Path, name: str) -> None:
    path = artifacts / name
    page.screenshot(path=str(path), full_page=True)
    shots = os.environ.get("AGON_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(shots) / name)


def test_a_seat_asks_for_a_hint_and_plays_its_first_choice(page: Any, server: Any, artifacts: Path) -> None:
    made = server.call("/api/matches", {"game": "1989", "seats": {"democrat": "human", "communist": "human"}})
    seen = server.call(f"/api/matches/{made['id']}")
    role = seen["active"][0]
    page.goto(f"/m/{made['id']}#{made['seats'][role]['token']}")
    page.click(".hint-panel button")
    first = page.locator(".hint-choices li button").first
    first.wait_for()
    assert 1 <= page.locator(".hint-choices li").count() <= 3
    assert "%" in page.locator(".hint-choices li").first.inner_text()
    _shot(page, artifacts, "hint-panel.png")
    first.click()
    page.wait_for_function("() => document.body.dataset.version === '1'")


def test_the_replay_viewer_draws_the_analysis_graph(page: Any, server: Any, artifacts: Path) -> None:
    record = json.loads((GOLDEN / "1989-handicap.json").read_text())
    made = server.call("/api/matches/import", record)
    page.goto(f"/replay/{made['id']}")
    page.click("#analyse")
    page.wait_for_selector(".analysis-graph polyline.series-1")
    assert page.locator(".analysis-graph polyline").count() == 2
    marks = page.locator(".analysis-graph .mistake").count()
    assert marks == page.locator(".analysis-worst tbody tr").count() and marks >= 1
    page.locator(".analysis-worst tbody button").first.click()  # a decision's step opens
    step = page.locator(".analysis-worst tbody button").first.inner_text()
    page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
    _shot(page, artifacts, "analysis-graph.png")
