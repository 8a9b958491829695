"""Random games to the end with invariants after every action and replay checks (agon.testing.fuzz)."""

from __future__ import annotations

import pytest

from agon.testing import fuzz


@pytest.mark.parametrize("chunk", range(5))
def test_fuzz_two_players(chunk: int) -> None:
    report = fuzz("dual-powers", 100, {}, first_seed=chunk * 100)
    assert report.ok, report.summary()
    assert report.games == 100


@pytest.mark.parametrize("side", ["red", "white"])
@pytest.mark.parametrize("difficulty", range(1, 7))
def test_fuzz_solo(side: str, difficulty: int) -> None:
    report = fuzz("dual-powers", 42, {"players": 1, "side": side, "difficulty": difficulty},
                  first_seed=1000 * difficulty)
    assert report.ok, report.summary()
