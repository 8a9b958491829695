"""Fixtures for Intrigue City tests: build positions by setting fields on a new game.

Example cast (spec §7): Nikoleta = p1 (purple), Alexandros = p2 (red), Vasilis = p3 (blue).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import agon
from agon.engine import Action
from agon.games.intrigue_city.data import BANK, GI
from agon.games.intrigue_city.rules import IntrigueState
from agon.testing import position_file

GAME = agon.load("intrigue-city")
N, A, V = 0, 1, 2


def example(name: str) -> IntrigueState:
    """A worked example's situation from its position file, `positions/NAME.json` (issue 35 item 2)."""
    return position_file(Path(__file__).parent / "positions" / f"{name}.json")  # type: ignore[return-value]


def begin(players: int = 3, seed: int = 0, **options: Any) -> IntrigueState:
    """A new game with the starting sets placed (first legal choice each time)."""
    s: IntrigueState = GAME.new(seed, players=players, **options)  # type: ignore[assignment]
    while s.phase == "setup":
        role = s.active[0]
        s.apply(role, s.legal_actions(role)[0])
    return s


def put(s: IntrigueState, p: int, guilds: dict[str, list[int]]) -> None:
    """Set the named guilds of player p's board to exactly these cubes (the Bank pays or receives)."""
    for g, cubes in guilds.items():
        i = p * 18 + GI[g] * 3
        for v in (1, 2, 3):
            want = cubes.count(v)
            s.bank[v - 1] -= want - s.cu[i + v - 1]
            s.cu[i + v - 1] = want
    s.changed()


def board(s: IntrigueState, p: int, guilds: dict[str, list[int]]) -> None:
    """Set player p's whole board (guilds not named are emptied)."""
    put(s, p, {g: guilds.get(g, []) for g in GI})


def deal(s: IntrigueState, cards: list[tuple[str, int]]) -> None:
    """Replace the central board by these (card, spiders) pairs, all unoccupied; the cards that
    leave the board go to the box, those dealt come out of it (each card in one place: a position
    holding one twice is refused, issue 35 item 2)."""
    dealt = {c for c, _ in cards}
    s.box = [c for c in [*s.box, *s.board] if c not in dealt]
    s.board = tuple(c for c, _ in cards)
    s.spiders = tuple(x for _, x in cards)
    s.occ = [()] * len(cards)
    s._fast = {}  # the per-board feasibility cache belongs to the old board
    s.changed()


def intrigue(s: IntrigueState, *positions: int) -> None:
    """Set the markers (p1, p2, ...); arrival order = argument order, so a later one stacks on top."""
    for p, x in enumerate(positions):
        s.pos[p] = x
        s.arr[p] = 100 + p
    s.arr_next = 200


def restart(s: IntrigueState) -> None:
    """Find the active player again after fields were set."""
    s.start_turn()
    s.changed()


def legal(s: IntrigueState, role: str | None = None) -> list[Action]:
    return s.legal_actions(role or s.active[0])


def act(s: IntrigueState, verb: str, arg: Any = None, role: str | None = None) -> None:
    s.apply(role or s.active[0], Action(verb, arg))


def pos_of(s: IntrigueState, card: str) -> int:
    return s.board.index(card)


def sums(s: IntrigueState, p: int) -> dict[str, int]:
    from agon.games.intrigue_city.effects import guild_sum

    return {g: guild_sum(s.cu, p * 18, i) for g, i in GI.items()}


def bank_ok(s: IntrigueState) -> bool:
    return all(s.bank[v] + sum(s.cu[p * 18 + g * 3 + v] for p in range(s.n) for g in range(6)) == BANK[v]
               for v in range(3))


def choose(s: IntrigueState, verb: str, arg: Any = None) -> None:
    """Make an effect choice, unless it was the only option and was taken at once."""
    if s.phase == "exec" and Action(verb, arg) in legal(s):
        act(s, verb, arg)
