"""Little Tricks' positions, as a game made outside agon has them (issue 35 item 2): its own codec
beside its code refuses a card in two places, a card not of the deck and a bid beyond the tricks
there are (LT 3), each in one line; a position round-trips (tests/engine/test_positions.py)."""

from __future__ import annotations

from typing import Any

import pytest

from agon.engine import load
from agon.testing import edited, position_with, refusal


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    return load("little-tricks").new(5).position()


TABLE = [
    ("a card in two places", lambda d: edited(d, deck=[*d["state"]["deck"], d["state"]["hands"]["p1"][0]]),
     "is in two places: deck and hands.p1"),
    ("a card not of the deck", lambda d: edited(d, deck=["moons-9"]), "deck: card 'moons-9' is not one of the game's"),
    ("a bid beyond the tricks", lambda d: edited(d, bids={"p1": 7}), "bids.p1: a whole number from 0 to 4; got 7"),
]


@pytest.mark.parametrize(("name", "change", "error"), TABLE, ids=[row[0] for row in TABLE])
def test_an_impossible_position_is_refused_in_one_line(start: dict[str, Any], name: str, change: Any, error: str) -> None:
    assert error in refusal("little-tricks", change(start))


def test_a_position_with_a_change_is_taken() -> None:
    assert position_with("little-tricks", 5, turn="p2").turn == "p2"
