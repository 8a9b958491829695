"""Little Tricks' positions (agon/engine/position.py, as any game's): every card at most in one
place, and a bid no larger than the tricks there are (LT 3)."""

from __future__ import annotations

from typing import Any

from agon.engine.position import PositionCodec, check_places, check_range


class TricksPositions(PositionCodec):
    version = 1

    def check(self, state: Any) -> None:
        from little_tricks import DECK, HAND

        places: dict[str, list[str]] = {"deck": state.deck}
        places.update({f"hands.{role}": hand for role, hand in state.hands.items()})
        places["trick"] = [card for _role, card in state.trick]
        places["turned_up"] = [state.turned_up] if state.turned_up else []
        check_places("card", places, DECK, all_there=False)  # (the tricks taken are not kept: LT 4)
        for role, bid in state.bids.items():
            if bid is not None:
                check_range(f"bids.{role}", bid, 0, HAND)  # LT 3


CODEC = TricksPositions()
