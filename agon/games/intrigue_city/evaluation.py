"""Intrigue City position evaluation (for `greedy` and the ISMCTS cut-off; docs/bots.md).

Features: the final scoring formula applied to the position as it stands (IC-9.4 to IC-9.7:
Grand Schemer by intrigue, formed favours, variety, a full board of 36, equilibrium times guild
power), on the state the searcher holds (a determinized sample: its hidden votes are guesses).
A lead of 4 VP is odds of e to 1 over each rival.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from agon.bots.evaluation import shares
from agon.engine import State
from agon.games.intrigue_city.scoring import grand_schemers, score

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.intrigue_city.rules import IntrigueState

CUTOFF = 30  # ISMCTS playout actions before this evaluation scores (docs/bots.md: measured)

def evaluate(state: State) -> dict[str, float]:
    s = cast("IntrigueState", state)
    scores = score(s, grand_schemers(s))["scores"]  # IC-9.1, IC-9.4 to IC-9.7
    return shares({role: float(v) for role, v in scores.items()}, 4.0)
