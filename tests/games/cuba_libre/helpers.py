"""Fixtures: Cuba Libre positions from files (the rulebook's examples, `example`), built through
`from_position` (`situation`), or by hand (`blank`, `put`)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import agon
from agon.games.cuba_libre.data import AV_KEYS, AV_OF, FORCES, N_SPACES, PIECE_KEYS, space
from agon.testing import edited, position_file

GAME = agon.load("cuba-libre")
POSITIONS = Path(__file__).parent / "positions"


def example(name: str) -> Any:
    """A rulebook example's situation from its position file, `positions/NAME.json` (issue 35 item 2)."""
    return position_file(POSITIONS / f"{name}.json")


@cache
def _blank(solo: bool) -> dict[str, Any]:
    return json.loads((POSITIONS / ("blank_solo.json" if solo else "blank.json")).read_text(encoding="utf-8"))


def situation(pieces: dict[str, dict[str, int]] | None = None, *, solo: bool = False, **fields: Any) -> Any:
    """A checked position (issue 35 item 2): `blank`'s (positions/blank.json, `solo`: the 1-player
    game's) with `pieces` placed from Available (`{"havana": {"troop": 2}}`) and these fields changed
    in the position's own form (`support={"havana": -2}`, `res={"govt": 10}`); PositionError for a
    situation the game cannot be in (more pieces than the game has, a level out of range)."""
    data = _blank(solo)
    avail = dict(data["state"]["avail"])
    for where in (pieces or {}).values():
        for key, n in where.items():
            avail[AV_KEYS[AV_OF[PIECE_KEYS.index(key)]]] -= n
    changes: dict[str, Any] = {"avail": avail, **fields}
    if pieces:
        changes["sp"] = pieces
    return GAME.from_position(edited(data, **changes))


def blank(seed: int = 1, **options: Any) -> Any:
    """A new game with an empty map (all pieces Available), all spaces Neutral, no markers."""
    g = GAME.new(seed, **options)
    g.sp = [[0] * 13 for _ in range(N_SPACES)]
    g.avail = list(FORCES)
    g.support = [0] * N_SPACES
    g.terror = [0] * N_SPACES
    g.cash = [-1] * 4
    g.deck = [40, 39, 38, 37]  # plain Event cards, so ending a card in a test starts no round
    g.next_card = 41
    g.changed()
    return g


def put(g: Any, where: str, **pieces: int) -> None:
    """put(g, "havana", troop=2, m26_u=1): place pieces from Available."""
    s = space(where)
    for key, n in pieces.items():
        assert g.place(s, g.slot(key), n) == n, f"not enough {key} Available"
    g.changed()


def start(g: Any, f: int, kind: str = "opchoice", **params: Any) -> None:
    """Put faction f at a decision: by default choosing an Operation (full, with SA, paid)."""
    base = {"lim": False, "free": False, "special_activity": True, "src": "card", "slot": 1}
    if kind != "opchoice":
        base = {}
    base.update(params)
    g.phase = "card"
    g.cand = ()
    g.n_acted = 1
    g.stack = [{"step": kind, "faction": f, **base}]
    g.changed()
    g._run()


def act(g: Any, verb: str, arg: Any = None) -> None:
    role = g.active[0]
    g.apply(role, (verb, arg))


def op_in(g: Any, f: int, op: str, where: str) -> None:
    """Faction f starts an Operation (as `start`), chooses `op` and its first space `where`."""
    start(g, f)
    act(g, "operation", op)
    act(g, "space", where)


def rally_place(g: Any, where: str) -> None:
    """At the choice of Operation: Rally in one space, placing a Guerrilla (3.3.1)."""
    act(g, "operation", "rally")
    act(g, "space", where)
    act(g, "rally", "place")


def legal(g: Any) -> list[tuple[str, Any]]:
    return [(a.verb, a.arg) for a in g.legal_actions(g.active[0])] if g.active else []


@pytest.fixture
def game() -> Any:
    return blank()
