"""1989 position evaluation (for `greedy` and the ISMCTS cut-off; docs/bots.md).

Features, all public: the VP marker (positive for the Democrat; 20 wins, rule 10.4), control of
the battleground spaces (they decide the scoring cards, 7.3: each worth half a VP here), control of
the other spaces (a quarter) and the cards in hand (a quarter each: tempo). A lead of 5 VP is odds
of e to 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from agon.bots.evaluation import two_sided
from agon.engine import State
from agon.games.dawn_of_freedom.data import SPACES, C, D

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

CUTOFF = 10  # ISMCTS playout actions before this evaluation scores (docs/bots.md: measured)

def evaluate(state: State) -> dict[str, float]:
    s = cast("DawnState", state)
    lead = float(s.vp)  # 10.4
    for sid, side in enumerate(s.ctrl):
        if side is not None:
            worth = 0.5 if SPACES[sid].battleground else 0.25  # 7.3 control of spaces
            lead += worth if side == D else -worth
    lead += 0.25 * (len(s.hands[D]) - len(s.hands[C]))  # cards in hand
    return two_sided("democrat", "communist", lead, 5.0, state.game.roles(**state.options))
