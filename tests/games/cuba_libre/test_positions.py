"""Cuba Libre's positions (issue 35 item 2): a position the game cannot be in is refused with one
line naming what is wrong: a space or piece not on the map, a track out of range (CL 1.5, 1.6),
pieces beyond the force pool (CL 1.4.1), a card in two places or missing (CL 2.1)."""

from __future__ import annotations

from typing import Any

import pytest

from agon.engine import load
from agon.engine.rng import Rng
from agon.games.cuba_libre.frames import from_stored, stored
from agon.testing import edited, position_with, refusal

GAME = load("cuba-libre")


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    return GAME.new(5).position()


def _deck(change: Any) -> Any:
    return lambda d: edited(d, deck=change(d["state"]["deck"]))


def _without(data: dict[str, Any], field: str, key: str) -> dict[str, Any]:
    data["state"][field] = {name: value for name, value in data["state"][field].items() if name != key}
    return data


TABLE = [
    ("resources over 49", lambda d: edited(d, res={"m26": 50}), "res.m26: a whole number from 0 to 49; got 50"),
    ("negative resources", lambda d: edited(d, res={"govt": -1}), "res.govt: a whole number from 0 to 49; got -1"),
    ("support beyond Active", lambda d: edited(d, support={"havana": 3}), "support.havana: a whole number from -2 to 2; got 3"),
    ("a space not on the map", lambda d: edited(d, support={"atlantis": 0}), "support: no 'atlantis'"),
    ("a piece that does not exist", lambda d: edited(d, sp={"havana": {"dragon": 1}}), "sp.havana: no 'dragon'"),
    ("a negative piece count", lambda d: edited(d, sp={"havana": {"police": -1}}), "sp.havana.police: a whole number from 0 to 99"),
    ("a Troop from nowhere", lambda d: edited(d, sp={"havana": {"troop": d["state"]["sp"]["havana"]["troop"] + 1}}),
     "troops: 13 on the map and 3 available make 16, not the game's 15"),
    ("a box missing", lambda d: _without(edited(d), "avail", "casinos"), "avail: casinos is missing"),
    ("a card in two places", lambda d: edited(d, played=[d["state"]["deck"][0]]), "is in two places: deck and played"),
    ("a card missing", _deck(lambda deck: deck[1:]), "is missing (in none of deck, played, aside, current, next_card)"),
    ("a card not of the game", _deck(lambda deck: [*deck, 99]), "deck: card 99 is not one of the game's"),
    ("no decision pending", lambda d: edited(d, stack=[]), "stack: a game under way has a decision pending"),
    ("a Base over the stacking limit", lambda d: edited(d, sp={"havana": {"govt_base": 3}}, avail={"govt_bases": -1}),
     "avail.govt_bases: a whole number from 0 to 2; got -1"),
    ("Aid off the track", lambda d: edited(d, aid=60), "aid: a whole number from 0 to 49; got 60"),
]


@pytest.mark.parametrize(("name", "change", "error"), TABLE, ids=[row[0] for row in TABLE])
def test_an_impossible_position_is_refused_in_one_line(start: dict[str, Any], name: str, change: Any, error: str) -> None:
    assert error in refusal(GAME, change(start))


def test_a_position_with_a_change_is_taken() -> None:
    state = position_with(GAME, 5, res={"m26": 49}, support={"havana": -2})
    assert state.res[1] == 49 and state.support[3] == -2


def test_frames_keep_their_stored_spelling_in_positions_and_digests() -> None:
    """Issue 35 (types and names): the frames' keys have names (`step`, `faction`, `space`, ...),
    while positions and digests spell them as before ("k", "f", "s", ...), so that stored
    matches' digests and saved positions stay valid. The digests below are the tree's before the
    rename (seed 7, random choices by Rng(8)); the position reads back to the same frames."""
    state = GAME.new(7)
    assert state.digest() == "86e6fae84b4a0415" and state.stack == [{"step": "option", "faction": 3, "wait": True}]
    chooser = Rng(8)
    for _ in range(27):
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
    data = state.position()
    assert state.digest() == "a0eac93bfb72edba"
    assert data["state"]["stack"][-1] == {"k": "sa", "f": 3, "sa": "bribe", "stage": 1, "opsp": {"$tuple": [0, 3, 8, 12]},
                                          "wait": True, "s": 5, "mode": "cubes", "n": 1}
    again = GAME.from_position(data)
    assert again.stack == state.stack and again.stack[-1]["space"] == 5


def test_both_cash_marker_keys_keep_their_own_stored_spelling() -> None:
    deposit = {"step": "prop_deposit", "faction": 2, "marker": 4}
    gift = {"step": "cash_gift", "faction": 1, "space": 3, "marker": 0, "cap": 2}
    assert stored(deposit) == {"k": "prop_deposit", "f": 2, "c": 4}
    assert stored(gift) == {"k": "cash_gift", "f": 1, "s": 3, "i": 0, "cap": 2}
    assert from_stored(stored(deposit)) == deposit and from_stored(stored(gift)) == gift
