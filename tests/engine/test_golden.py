"""Golden records (issue 15): recorded random games of every title replay to the same legal
lists, prompts, views of every role and result at every step, and to the same final digest."""

from __future__ import annotations

import json

import pytest

from agon.engine import load, replay_checked
from agon.testing import games_that
from tests.golden import CASES, HERE, trace


def test_every_game_of_agons_own_has_golden_records() -> None:
    """The golden records are of agon's own games (a game of another distribution keeps its own): a
    new one fails here until its cases are named in tests/golden and written (`python -m tests.golden`)."""
    own = games_that(lambda game: type(game).__module__.startswith("agon.games."))
    assert sorted({case[1] for case in CASES}) == sorted(own)


@pytest.mark.parametrize("name", [case[0] for case in CASES])
def test_golden_record_replays_step_by_step(name: str) -> None:
    record = json.loads((HERE / f"{name}.json").read_text())
    steps = record["steps"]
    got = trace(load(record["game"]).new(record["seed"], **record["options"]), record["actions"])
    first = next((i for i, (a, b) in enumerate(zip(got, steps, strict=True)) if a != b), None)
    assert first is None, f"{name}: what the roles see differs first before action {first}"
    assert replay_checked({k: v for k, v in record.items() if k != "steps"}).verified
