"""Intrigue City's positions (issue 35 item 2): a position the game cannot be in is refused with
one line: an action card in two places or not of the game, a Guild Power card missing or twice, a
track out of range (IC-1.4), cubes not conserved (IC-2.3, the game's own invariant)."""

from __future__ import annotations

from typing import Any

import pytest

from agon.engine import load
from agon.testing import edited, position_with, refusal

GAME = load("intrigue-city")


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    return GAME.new(5).position()


def _state(d: dict[str, Any]) -> dict[str, Any]:
    return d["state"]


TABLE = [
    ("an action card in two places", lambda d: edited(d, box=[*_state(d)["box"], _state(d)["board"]["$tuple"][0]]),
     "is in two places: board and box"),
    ("an action card not of the game", lambda d: edited(d, box=["ACT-Z9"]), "box: action card 'ACT-Z9' is not one of the game's"),
    ("a Guild Power card missing", lambda d: edited(d, decks=[_state(d)["decks"][0][1:], *_state(d)["decks"][1:]]),
     "Guild Power card"),
    ("a Guild Power card twice", lambda d: edited(d, discards=[[_state(d)["decks"][0][0]], [], []]), "in two places: decks[0] and discards[0]"),
    ("intrigue off the track", lambda d: edited(d, pos=[100, *_state(d)["pos"][1:]]), "pos[0]: a whole number from 0 to 99; got 100"),
    ("guild power off the track", lambda d: edited(d, power=[0, *_state(d)["power"][1:]]), "power[0]: a whole number from 1 to 20; got 0"),
    ("a cube from nowhere", lambda d: edited(d, cu=[_state(d)["cu"][0] + 1, *_state(d)["cu"][1:]]),
     "the position breaks a rule of intrigue-city: cubes of value"),
    ("boards of another size", lambda d: edited(d, cu=_state(d)["cu"][:18]), "cu: 18 counts; 3 players' boards have 54"),
]


@pytest.mark.parametrize(("name", "change", "error"), TABLE, ids=[row[0] for row in TABLE])
def test_an_impossible_position_is_refused_in_one_line(start: dict[str, Any], name: str, change: Any, error: str) -> None:
    assert error in refusal(GAME, change(start))


def test_a_position_with_a_change_is_taken() -> None:
    assert position_with(GAME, 5, pos=[7, 0, 0]).pos == [7, 0, 0]
