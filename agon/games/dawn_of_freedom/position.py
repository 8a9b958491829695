"""1989's positions (issue 35 item 2; agon/engine/position.py): Support Points and control by
space name, and the checks a position must pass: each of the 110 Strategy cards in one place
(the draw deck, the discard, removed, the hands, in play, the cards still to come in), SPs never
negative, the tracks in range."""

from __future__ import annotations

from typing import Any

from agon.engine import PositionError
from agon.engine.position import PositionCodec, check_places, check_range
from agon.games.dawn_of_freedom.data import CARDS, ROLES, SPACES

SPACE_NAMES = tuple(space.name for space in SPACES)
_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}


class DawnPositions(PositionCodec):
    version = 1

    def write(self, state: Any, fields: dict[str, Any]) -> dict[str, Any]:
        # each side's Support Points where it has any, by space name (the map's words)
        fields["sp"] = {ROLES[side]: {SPACE_NAMES[s]: n for s, n in enumerate(state.sp[side]) if n} for side in (0, 1)}
        return fields

    def read(self, game: Any, fields: dict[str, Any], version: int) -> dict[str, Any]:
        raw = fields.get("sp")
        if raw is None:
            return fields
        if not isinstance(raw, dict) or set(raw) != set(ROLES):
            raise PositionError(f"sp: an object with {' and '.join(ROLES)}, each space name -> Support Points")
        rows = []
        for role in ROLES:
            row = [0] * len(SPACES)
            if not isinstance(raw[role], dict):
                raise PositionError(f"sp.{role}: an object of space name -> Support Points")
            for name, n in raw[role].items():
                if name not in _INDEX:
                    raise PositionError(f"sp.{role}: no space {name!r} on the map")
                check_range(f"sp.{role}.{name}", n, 0, 99)  # 1989: SPs are never negative
                row[_INDEX[name]] = n
            rows.append(row)
        fields["sp"] = rows
        return fields

    def check(self, state: Any) -> None:
        hands = {f"hands.{ROLES[side]}": state.hands[side] for side in (0, 1)}
        check_places("card", {"deck": state.deck, "discard": state.discard, "removed": state.removed, **hands,
                              "in_play": state.in_play, "future": state.future}, set(CARDS))
        check_range("turn", state.turn, 1, 10)
        for side in (0, 1):
            check_range(f"tst[{side}]", state.tst[side], 0, 8)  # the Tiananmen Square track
        if not (state.final or state.in_ps):
            check_range("vp", state.vp, -20, 20)


CODEC = DawnPositions()
