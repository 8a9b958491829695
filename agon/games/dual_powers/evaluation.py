"""Dual Powers position evaluation (for `greedy` and the ISMCTS cut-off; docs/bots.md).

Features, all public: the score marker on the Support track (DP R4.4, positive for Red; reaching
the end wins, DP R6.1), Popular Will (it wins a tie on the centre, DP R6.2) and the cards each
side still holds (DP SU3: more choices left in the round). A lead of 4 VP is odds of e to 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from agon.bots.evaluation import two_sided
from agon.engine import State

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.dual_powers.rules import DualPowersState


def evaluate(state: State) -> dict[str, float]:
    s = cast("DualPowersState", state)
    lead = s.score + (0.5 if s.pw == 0 else -0.5)  # DP R4.4, R6.2
    lead += 0.25 * (len(s.hands[0]) - len(s.hands[1]))  # DP SU3: cards in hand
    return two_sided("red", "white", lead, 4.0, state.game.roles(**state.options))
