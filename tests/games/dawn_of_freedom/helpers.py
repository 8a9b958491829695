"""Fixtures for 1989 tests: build positions by setting fields, force dice, play scripted actions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import agon
from agon.engine import Action
from agon.engine.rng import Rng
from agon.games.dawn_of_freedom.data import ROLES, SPACES, C, D, space
from agon.testing import position_with

GAME = agon.load("1989")
POSITION_FIELDS = frozenset(GAME.new(0).position()["state"])  # the state's fields, as a position names them

# a fixed setup that places every free SP far from the test areas (Bulgaria / Romania)
SETUP_SPACES = {C: ["Pleven", "Sliven", "Razgrad", "Pleven", "Sliven", "Razgrad", "Pleven"],
                D: ["Varna", "Burgas", "Varna", "Burgas", "Varna", "Burgas", "Varna"]}


def new_game(seed: int = 0, *, fields: dict[str, Any] | None = None, **options: Any) -> Any:
    """A game just after the set-up placements: the Communist chooses his first card; with
    `fields` (or a keyword that is a field of the state, not an option: `new_game(vp=3)`), that
    position with these fields changed (a checked position, issue 35 item 2)."""
    fields = dict(fields or {})
    for name in [name for name in options if name in POSITION_FIELDS]:
        fields[name] = options.pop(name)
    g = GAME.new(seed, **options)
    used = {C: 0, D: 0}
    for _ in range(20):
        f = g.stack[-1]
        if f["p"] != "setup_place":
            break
        side = f["role"]
        g.apply(ROLES[side], Action("space", space(SETUP_SPACES[side][used[side] % 7])))
        used[side] += 1
    return position_with(GAME, start=g, **fields) if fields else g


def set_sp(g: Any, name: str, d: int | None = None, c: int | None = None) -> int:
    sid = space(name)
    if d is not None:
        g.sp[D][sid] = d
    if c is not None:
        g.sp[C][sid] = c
    g.ctrl[sid] = g._compute_ctrl(sid)
    g.changed()  # a hand edit: the state's caches (the spaces each side holds) are rebuilt
    return sid


def clear_country(g: Any, country: str) -> None:
    for s in SPACES:
        if s.country == country:
            g.sp[D][s.id] = g.sp[C][s.id] = 0
            g.ctrl[s.id] = None
    g.changed()


def clear_map(g: Any) -> None:
    for s in SPACES:
        g.sp[D][s.id] = g.sp[C][s.id] = 0
        g.ctrl[s.id] = None
    g.changed()


def take(g: Any, card: int) -> None:
    for pile in (g.deck, g.discard, g.removed, g.hands[0], g.hands[1], g.in_play, g.future):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"card {card} not found")


def give(g: Any, side: int, *cards: int) -> None:
    for card in cards:
        take(g, card)
        g.hands[side].append(card)


def set_hand(g: Any, side: int, cards: Iterable[int]) -> None:
    """Replace `side`'s hand (the old cards go back to the deck)."""
    g.deck.extend(g.hands[side])
    g.hands[side] = []
    give(g, side, *cards)


class _ForcedDice(Rng):
    """The game's generator, except that its die rolls are the ones a test forced."""

    __slots__ = ("rolls",)
    rolls: Iterator[int]

    def die(self, sides: int = 6) -> int:
        try:
            return next(self.rolls)
        except StopIteration:
            raise AssertionError("more dice were rolled than the test forced") from None

    def clone(self) -> _ForcedDice:
        twin = _ForcedDice.__new__(_ForcedDice)
        twin.state, twin.draws, twin.rolls = self.state, self.draws, self.rolls
        return twin


def dice(g: Any, *rolls: int) -> None:
    """Force the next die rolls (then fail loudly if more are asked)."""
    forced = _ForcedDice.__new__(_ForcedDice)
    forced.state, forced.draws, forced.rolls = g.rng.state, g.rng.draws, iter(rolls)
    g.rng = forced


def my_round(g: Any, side: int) -> None:
    """Make it `side`'s action round now (on top of the current flow)."""
    g.phasing = side
    g.stack.append({"p": "choose_card", "role": side})
    g.changed()  # a hand edit: the position the flow handed to the engine is gone


def act(g: Any, side: int, verb: str, arg: Any = None) -> None:
    g.changed()  # the tests edit states by hand between actions: forget the memoised legal lists
    g.apply(ROLES[side], Action(verb, arg))


def legal(g: Any, side: int) -> list[Action]:
    g.changed()
    return g.legal_actions(ROLES[side])


def spaces_legal(g: Any, side: int) -> set[int]:
    """The spaces `side` may choose now."""
    return {a.arg for a in legal(g, side) if a.verb == "space"}


def top(g: Any) -> str:
    return g.stack[-1]["p"] if g.stack else ""


def play(g: Any, side: int, card: int, mode: str | None = None) -> None:
    act(g, side, "card", card)
    if mode is not None:
        act(g, side, "play", mode)


def event(g: Any, side: int, card: int) -> None:
    """`side` plays `card` as an event in an action round of his own, now."""
    give(g, side, card)
    my_round(g, side)
    play(g, side, card, "event")


def finish_place_ops(g: Any, side: int, name: str) -> None:
    """Spend the rest of an Ops placement in one space."""
    while top(g) == "place_ops":
        act(g, side, "space", space(name))
