"""Dual Powers' positions (issue 35 item 2; agon/engine/position.py): the checks a position must
pass beyond the engine's: each Command and Leader card in one place (DP SU3, SU12; A11: played
Leader cards leave the game), markers on the board or off it, and the calendar and the Support
track in range (DP R3.4.5)."""

from __future__ import annotations

from typing import Any

from agon.engine.position import PositionCodec, check_places, check_range
from agon.games.dual_powers.data import LAST_DAY, N_CARDS, SIDES, TRACK_END


class DualPowersPositions(PositionCodec):
    version = 1

    def check(self, state: Any) -> None:
        places: dict[str, list[int]] = {"deck": state.deck, "discard": state.discard, "gone": state.gone}
        for side in (0, 1):
            places[f"hands[{side}] ({SIDES[side]})"] = state.hands[side]
            places[f"played[{side}] ({SIDES[side]})"] = state.played[side]
        places.update(opp_stack=state.opp_stack, opp_played=state.opp_played, opp_leaders=state.opp_leaders,
                      opp_leader_card=[state.opp_leader_card] if state.opp_leader_card >= 0 else [])
        for side in (0, 1):  # a Secret Objective face down is out of the hand (DP R2.1); the Opposition's is one it played
            if state.so[side] >= 0 and not (state.solo and side == state.opp):
                places[f"so[{side}] ({SIDES[side]})"] = [state.so[side]]
        check_places("card", places, range(N_CARDS))
        for marker, where in enumerate(state.loc):
            check_range(f"loc[{marker}]", where, -3, 5)  # a district 0-5, or in supply, waiting, out
        check_range("day", state.day, 1, LAST_DAY)
        check_range("score", state.score, -TRACK_END, TRACK_END)
        check_range("pw", state.pw, 0, 1)


CODEC = DualPowersPositions()
