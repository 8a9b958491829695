"""Intrigue City's positions (issue 35 item 2; agon/engine/position.py): the checks a position
must pass beyond the engine's: each action card in one place (on the board, in the box, in a
hand or used), each player's twelve Guild Power cards in one place (deck, drawn, discards, the
pile, shown), and the tracks in range (IC-1.4)."""

from __future__ import annotations

from typing import Any

from agon.engine import PositionError
from agon.engine.position import PositionCodec, check_places, check_range
from agon.games.intrigue_city.data import CARDS


class IntriguePositions(PositionCodec):
    version = 1

    def check(self, state: Any) -> None:
        places = {"board": state.board, "box": state.box, "used_hand": state.used_hand}
        places.update({f"hands[{p}]": hand for p, hand in enumerate(state.hands)})
        check_places("action card", places, set(CARDS), all_there=False)
        for p in range(state.n):  # each player's own Guild Power deck of twelve
            pile = [card for owner, card, _era in state.pile if owner == p]
            shown = [card for owner, card in state.shown if owner == p]
            check_places(f"{state.roles[p]}'s Guild Power card",
                         {f"decks[{p}]": state.decks[p], f"drawn[{p}]": state.drawn[p], f"discards[{p}]": state.discards[p],
                          "pile": pile, "shown": shown}, range(12))
        for p in range(state.n):
            check_range(f"pos[{p}]", state.pos[p], 0, 99)  # the intrigue track
        for g, power in enumerate(state.power):
            check_range(f"power[{g}]", power, 1, 20)
        for i, favour in enumerate(state.fav):
            check_range(f"fav[{i}]", favour, 0, 2)
        if len(state.cu) != 18 * state.n:
            raise PositionError(f"cu: {len(state.cu)} counts; {state.n} players' boards have {18 * state.n}")


CODEC = IntriguePositions()
