"""The speed shortcuts of rules.py (issue 15) over random games: the supply scan against the plain
one, the "is there one" tests against the full lists, and no shared prebuilt list ever edited."""

from __future__ import annotations

import pytest

import agon
from agon.engine.rng import Rng
from agon.games.dual_powers import rules
from agon.games.dual_powers.board import SUPPLY
from agon.games.dual_powers.data import EXH, FRESH, SIDE_UNITS

GAME = agon.load("dual-powers")
SHARED = ("_ALL_DISTRICTS", "_UNREST_LISTS", "_COMMAND_LISTS", "_LEADER_LISTS", "_EXTRA_LISTS", "MOVES_TO",
          "MOVES_ON", "PROTEST_TO", "_NOBODY", "_ONE_ACTIVE", "_CHOOSING")


def plain_supply_units(s: rules.DualPowersState, side: int, limit: int) -> list[int]:
    """A22: the first unit of each (fresh, exhausted) kind in supply with fresh strength <= limit."""
    seen: set[tuple[int, int]] = set()
    out = []
    for m in SIDE_UNITS[side]:
        if s.loc[m] == SUPPLY and FRESH[m] <= limit and (FRESH[m], EXH[m]) not in seen:
            seen.add((FRESH[m], EXH[m]))
            out.append(m)
    return out


@pytest.mark.parametrize("options", [{}, {"players": 1}, {"players": 1, "side": "white", "difficulty": 5}])
def test_shortcuts_match_the_plain_computations(options: dict) -> None:
    before = {name: repr(getattr(rules, name)) for name in SHARED}
    for seed in range(30):
        s = GAME.new(seed, quiet=True, **options)
        pick = Rng(seed + 7)
        while s.active:
            for side in (0, 1):
                for limit in (0, 1, 2, 3, 99):
                    assert s._supply_units(side, limit) == plain_supply_units(s, side, limit)
                    assert s._can_recruit(side, limit) == bool(plain_supply_units(s, side, limit))
                assert s._can_move(side) == bool(s._movable(side))
                assert s._can_refresh(side) == bool(s._refreshable(side))
            role = s.active[pick.below(len(s.active))]
            legal = s.legal_actions(role)
            s.apply(role, legal[pick.below(len(legal))])
    # the prebuilt lists the positions share are never edited
    assert {name: repr(getattr(rules, name)) for name in SHARED} == before
