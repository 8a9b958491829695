"""Dual Powers' positions (issue 35 item 2): a position the game cannot be in is refused with one
line: a card in two places, missing or not of the game (DP SU3, SU12), a marker off every place,
the calendar or the Support track out of range (DP R3.4.5)."""

from __future__ import annotations

from typing import Any

import pytest

from agon.engine import load
from agon.testing import edited, position_with, refusal

GAME = load("dual-powers")


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    return GAME.new(5).position()


def _state(d: dict[str, Any]) -> dict[str, Any]:
    return d["state"]


TABLE = [
    ("a card in two places", lambda d: edited(d, discard=[_state(d)["deck"][0]]), "is in two places: deck and discard"),
    ("a card missing", lambda d: edited(d, deck=_state(d)["deck"][1:]), "is missing (in none of deck, discard, gone"),
    ("a card not of the game", lambda d: edited(d, gone=[54]), "gone: card 54 is not one of the game's"),
    ("a leader card in both hands", lambda d: edited(d, hands=[_state(d)["hands"][0], [*_state(d)["hands"][1], _state(d)["hands"][0][0]]]),
     "in two places: hands[0] (red) and hands[1] (white)"),
    ("a marker nowhere", lambda d: edited(d, loc=[9, *_state(d)["loc"][1:]]), "loc[0]: a whole number from -3 to 5; got 9"),
    ("a day past the calendar", lambda d: edited(d, day=99), "day: a whole number from 1 to"),
    ("the score off the track", lambda d: edited(d, score=40), "score: a whole number from"),
    ("Popular Will held by nobody", lambda d: edited(d, pw=2), "pw: a whole number from 0 to 1; got 2"),
    ("a wrong type", lambda d: edited(d, hands="none"), "hands: expected a list; got a text 'none'"),
]


@pytest.mark.parametrize(("name", "change", "error"), TABLE, ids=[row[0] for row in TABLE])
def test_an_impossible_position_is_refused_in_one_line(start: dict[str, Any], name: str, change: Any, error: str) -> None:
    assert error in refusal(GAME, change(start))


def test_a_position_with_a_change_is_taken() -> None:
    assert position_with(GAME, 5, score=3).score == 3
