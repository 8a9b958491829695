"""1989's positions (issue 35 item 2): a position the game cannot be in is refused with one line:
a Strategy card in two places, missing or not one of the 110, a space not on the map, SPs below
zero, a track out of range, control out of step with the SPs (the game's own invariant)."""

from __future__ import annotations

from typing import Any

import pytest

from agon.engine import load
from agon.testing import edited, position_with, refusal

GAME = load("1989")


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    return GAME.new(5).position()


def _state(d: dict[str, Any]) -> dict[str, Any]:
    return d["state"]


TABLE = [
    ("a card in two places", lambda d: edited(d, discard=[_state(d)["deck"][0]]), "is in two places: deck and discard"),
    ("a card missing", lambda d: edited(d, deck=_state(d)["deck"][1:]), "is missing (in none of deck, discard, removed"),
    ("a card not of the game", lambda d: edited(d, removed=[111]), "removed: card 111 is not one of the game's"),
    ("a card twice in a hand", lambda d: edited(d, hands=[[*_state(d)["hands"][0], _state(d)["hands"][0][0]], _state(d)["hands"][1]]),
     "is twice in hands.democrat"),
    ("a space not on the map", lambda d: edited(d, sp={"democrat": {"Atlantis": 1}}), "sp.democrat: no space 'Atlantis' on the map"),
    ("negative Support Points", lambda d: edited(d, sp={"communist": {"Leipzig": -2}}), "sp.communist.Leipzig: a whole number from 0 to 99"),
    ("a side that does not exist", lambda d: edited(d, sp={"royalist": {}}), "sp: an object with democrat and communist"),
    ("Tiananmen off the track", lambda d: edited(d, tst=[9, 0]), "tst[0]: a whole number from 0 to 8; got 9"),
    ("VPs off the track", lambda d: edited(d, vp=25), "vp: a whole number from -20 to 20; got 25"),
    ("turn 11", lambda d: edited(d, turn=11), "turn: a whole number from 1 to 10; got 11"),
    ("control out of step", lambda d: edited(d, sp={"democrat": {"Leipzig": 9}}), "the position breaks a rule of 1989: control of Leipzig is stale"),
    ("a wrong type", lambda d: edited(d, vp="ten"), "vp: expected a whole number; got a text 'ten'"),
]


@pytest.mark.parametrize(("name", "change", "error"), TABLE, ids=[row[0] for row in TABLE])
def test_an_impossible_position_is_refused_in_one_line(start: dict[str, Any], name: str, change: Any, error: str) -> None:
    assert error in refusal(GAME, change(start))


def test_a_position_with_a_change_is_taken() -> None:
    state = position_with(GAME, 5, vp=-3, tst=[2, 0])
    assert (state.vp, state.tst) == (-3, [2, 0])
