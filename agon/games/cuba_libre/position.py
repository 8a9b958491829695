"""Cuba Libre's positions (issue 35 item 2; agon/engine/position.py): the map by space ids and the
pieces by their keys, resources and eligibility by faction, and the checks a position must pass:
every card in one place (CL 2.1: 48 Event and 4 Propaganda cards), every piece of each kind on the
map or Available (CL 1.4.1), and the tracks in range (CL 1.6, 1.5)."""

from __future__ import annotations

from typing import Any

from agon.engine import PositionError
from agon.engine.position import PositionCodec, by_name, check_places, check_range, from_names
from agon.games.cuba_libre.data import AV_KEYS, AV_OF, CARDS, FORCES, N_SPACES, PIECE_KEYS, ROLES, SPACE_IDS
from agon.games.cuba_libre.frames import from_stored, stored


class CubaLibrePositions(PositionCodec):
    version = 1

    def write(self, state: Any, fields: dict[str, Any]) -> dict[str, Any]:
        # each space with the pieces it holds (CL 1.4), by the keys the rulebook's piece names have
        fields["sp"] = {SPACE_IDS[s]: {PIECE_KEYS[k]: n for k, n in enumerate(row) if n} for s, row in enumerate(state.sp)}
        fields["support"] = by_name("support", state.support, SPACE_IDS)
        fields["terror"] = by_name("terror", state.terror, SPACE_IDS)
        fields["avail"] = by_name("avail", state.avail, AV_KEYS)
        fields["res"] = by_name("res", state.res, tuple(ROLES))
        fields["elig"] = by_name("elig", state.elig, tuple(ROLES))
        # the frames' keys as stored before they had names (frames.py): saved positions stay readable
        fields["stack"] = [stored(frame) if isinstance(frame, dict) else frame for frame in fields["stack"]]
        return fields

    def read(self, game: Any, fields: dict[str, Any], version: int) -> dict[str, Any]:
        if "sp" in fields:
            rows = from_names("sp", fields["sp"], SPACE_IDS)
            fields["sp"] = [self._row(SPACE_IDS[s], row) for s, row in enumerate(rows)]
        for name, names in (("support", SPACE_IDS), ("terror", SPACE_IDS), ("avail", AV_KEYS), ("res", tuple(ROLES)),
                            ("elig", tuple(ROLES))):
            if name in fields:
                fields[name] = from_names(name, fields[name], names)
        if isinstance(fields.get("stack"), list):
            fields["stack"] = [from_stored(frame) if isinstance(frame, dict) else frame for frame in fields["stack"]]
        return fields

    @staticmethod
    def _row(space: str, pieces: Any) -> list[int]:
        counts = from_names(f"sp.{space}", pieces, PIECE_KEYS, default=0)
        for key, n in zip(PIECE_KEYS, counts, strict=True):
            check_range(f"sp.{space}.{key}", n, 0, 99)
        return counts

    def check(self, state: Any) -> None:
        for role, n in zip(ROLES, state.res, strict=True):
            check_range(f"res.{role}", n, 0, 49)  # CL 1.5: resources 0 to 49
        check_range("aid", state.aid, 0, 49)
        check_range("alliance", state.alliance, 0, 2)
        for s in range(N_SPACES):
            check_range(f"support.{SPACE_IDS[s]}", state.support[s], -2, 2)  # CL 1.6: Active Opposition to Active Support
            check_range(f"terror.{SPACE_IDS[s]}", state.terror[s], 0, 15)
        totals = [0] * len(FORCES)
        for row in state.sp:
            for k, n in enumerate(row):
                totals[AV_OF[k]] += n
        for i, key in enumerate(AV_KEYS):  # CL 1.4.1: the force pool is fixed
            check_range(f"avail.{key}", state.avail[i], 0, FORCES[i])
            if totals[i] + state.avail[i] != FORCES[i]:
                raise PositionError(f"{key}: {totals[i]} on the map and {state.avail[i]} available make "
                                    f"{totals[i] + state.avail[i]}, not the game's {FORCES[i]}")
        single = {"current": [state.current] if state.current >= 0 else [],
                  "next_card": [state.next_card] if state.next_card >= 0 else []}
        check_places("card", {"deck": state.deck, "played": state.played, "aside": state.aside, **single}, set(CARDS))
        if not state.stack and state.over is None:
            raise PositionError("stack: a game under way has a decision pending (its frames)")


CODEC = CubaLibrePositions()
