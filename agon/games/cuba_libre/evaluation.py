"""Cuba Libre position evaluation (for `greedy` and the ISMCTS cut-off; docs/bots.md).

Features, all public: each Faction's victory margin (CL 7.3: Government Total Support - 18,
26July Opposition + Bases - 15, DR Population + Bases - 9, Syndicate the worse of open Casinos - 7
and Resources - 30), plus a tenth of its Resources (CL 1.8: what pays for the next Operations).
A lead of 3 margin points is odds of e to 1 over each rival.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from agon.bots.evaluation import shares
from agon.engine import State
from agon.games.cuba_libre.data import ROLES

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

CUTOFF = 30  # ISMCTS playout actions before this evaluation scores (docs/bots.md: measured)

def evaluate(state: State) -> dict[str, float]:
    s = cast("CubaLibreState", state)
    values = {ROLES[f]: s.margin(f) + 0.1 * s.res[f] for f in range(4)}  # CL 7.3, CL 1.8
    return shares(values, 3.0)
