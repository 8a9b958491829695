"""The solo Opposition (S1–S11): a fixed procedure run inside the flow, never a choice of the person.

Its face-down cards are revealed with `state.rng` (a random card of the face-down stack is the
top card the person cannot see). Each of its turns is written to the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from agon.engine import msg
from agon.games.dual_powers.board import SUPPLY, advance_date, take_pw
from agon.games.dual_powers.data import (
    CARD_DAYS,
    CARD_DIST,
    CARD_LABEL,
    CARD_LEADER,
    CARD_REC,
    CARD_VP,
    DISTRICT_NAME,
    MARKER_NAME,
    OPP_LEVEL,
    OPP_UNITS,
)
from agon.games.dual_powers.text import days_text

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.dual_powers.rules import DualPowersState

# A3: when a Level runs out, the nearest lower Level, then the nearest higher one
LEVEL_FALLBACK = {1: (1, 2, 3), 2: (2, 1, 3), 3: (3, 2, 1)}


def objective_phase(s: DualPowersState) -> None:
    """DP S3: reveal the top Opposition Leader card, its leader into the Unrest district; PW to it."""
    if s.opp_leaders:
        c = s.opp_leaders.pop(s.rng.below(len(s.opp_leaders)))
        s.opp_leader_card = c
        m = CARD_LEADER[c]
        if s.loc[m] == SUPPLY:
            s.loc[m] = s.unrest  # DP S3.1: not an action, no special, no calendar (A28: fresh)
            s.exh[m] = 0
        s.say("The Opposition reveals {leader}, who enters {d}.", leader=CARD_LABEL[c], d=DISTRICT_NAME[s.unrest])
    take_pw(s, s.opp, msg("the Opposition's Objective phase"))  # DP S3.2


def place_unit(s: DualPowersState, level: int, d: int) -> int:
    """Place a fresh Opposition unit of `level` in district d (S5.2); -1 if the pool is empty."""
    loc = s.loc
    for lvl in LEVEL_FALLBACK[level]:
        for m in OPP_UNITS:
            if OPP_LEVEL[m] == lvl and loc[m] == SUPPLY:
                loc[m] = d
                s.exh[m] = 0
                return m
    return -1


def opposition_turn(s: DualPowersState) -> None:
    """DP S5: reveal, advance the calendar, place one unit, Extra Recruit on 15/31."""
    c = s.opp_stack.pop(s.rng.below(len(s.opp_stack)))  # DP S5.1
    s.opp_played.append(c)  # DP S5.6: in order
    s.say("The Opposition reveals {card} ({days}, recruit {r}).", card=CARD_LABEL[c], days=days_text(CARD_DAYS[c]),
          r=CARD_REC[c])
    bonus = advance_date(s, s.opp, c)  # DP S5.1, S5.5
    d = CARD_DIST[c]
    m = place_unit(s, CARD_REC[c], d)  # DP S5.2 (A15), never moves or refreshes (S5.3)
    if m >= 0:
        s.say("The Opposition places an {unit} in {d}.", unit=MARKER_NAME[m], d=DISTRICT_NAME[d])
    if bonus:  # DP S5.4: Extra Recruit in the Unrest district (A3 a: the card's recruit value)
        m = place_unit(s, CARD_REC[c], s.unrest)
        if m >= 0:
            s.say("Extra Recruit: the Opposition places an {unit} in {d}.", unit=MARKER_NAME[m],
                  d=DISTRICT_NAME[s.unrest])


def opposition_objective(played: list[int], dist: Sequence[int] = CARD_DIST, days: Sequence[int] = CARD_DAYS,
                         vp: Sequence[int] = CARD_VP) -> int:
    """DP S8.3: the Opposition's Secret Objective from its played Command cards (-1 if none).

    `dist`, `days` and `vp` are the card tables (tests may pass fixture cards).
    """
    if not played:
        return -1
    totals: dict[int, int] = {}
    counts: dict[int, int] = {}
    for c in played:
        d = dist[c]
        totals[d] = totals.get(d, 0) + days[c]
        counts[d] = counts.get(d, 0) + 1
    best = max(totals.values())
    tied = [d for d in totals if totals[d] == best]
    if len(tied) > 1:  # tie-break 1: most cards
        most = max(counts[d] for d in tied)
        tied = [d for d in tied if counts[d] == most]
    if len(tied) > 1:  # tie-break 2: the last played card among the tied districts
        district = next(dist[c] for c in reversed(played) if dist[c] in tied)
    else:
        district = tied[0]
    cands = [c for c in played if dist[c] == district]
    top = max(vp[c] for c in cands)
    return [c for c in cands if vp[c] == top][-1]  # equal VP: the later one (immaterial)
