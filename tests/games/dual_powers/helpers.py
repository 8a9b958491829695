"""Fixtures for Dual Powers tests: positions from files (the rulebook's examples, `example`), or
built by setting fields on a new game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import agon
from agon.games.dual_powers.board import OUT, SUPPLY
from agon.games.dual_powers.data import (
    CARD_LABEL_IDX,
    DIDX,
    IS_LEADER,
    LEADER_MARKERS,
    N_COMMAND,
    N_MARKERS,
    NEUTRAL,
    OWNER,
)
from agon.games.dual_powers.rules import DualPowersState
from agon.testing import position_file, position_with

RED, WHITE = 0, 1
GAME = agon.load("dual-powers")
ALIASES = {"red": "vyborg", "purple": "petrograd_side", "brown": "vasilievsky", "yellow": "vasilievsky",
           "beige": "vasilievsky", "white": "admiralty", "green": "liteyny", "blue": "narva"}
LEADER = {name: LEADER_MARKERS[i] for i, name in
          enumerate(("lenin", "kollontai", "dzerzhinsky", "kerensky", "kornilov", "savinkov"))}
LEADER_CARD = {name: N_COMMAND + i for i, name in
               enumerate(("lenin", "kollontai", "dzerzhinsky", "kerensky", "kornilov", "savinkov"))}


def d(name: str) -> int:
    """District index from an id or a colour word."""
    return DIDX[ALIASES.get(name, name)]


def card(label: str) -> int:
    return CARD_LABEL_IDX[label.replace("brown", "beige").replace("yellow", "beige")]


def example(name: str, **changes: Any) -> DualPowersState:
    """A rulebook situation from its position file, `positions/NAME.json` (issue 35 item 2), with
    some fields changed in the position's own form (agon.testing.edited)."""
    state = position_file(Path(__file__).parent / "positions" / f"{name}.json")
    return position_with(GAME, start=state, **changes) if changes else state  # type: ignore[return-value]


def new(seed: int = 0, **options: Any) -> DualPowersState:
    return GAME.new(seed, **options)  # type: ignore[return-value]


def begin(seed: int = 0, **fields: Any) -> DualPowersState:
    """A 2-player game in round 1 after both Secret Objectives are chosen: Red to play; with
    `fields`, that position with these fields changed (a checked position, issue 35 item 2)."""
    s = new(seed)
    for role in ("red", "white"):
        s.apply(role, s.legal_actions(role)[0])
    assert s.phase == "play" and s.cur == RED
    return position_with(GAME, start=s, **fields) if fields else s  # type: ignore[return-value]


def clear(s: DualPowersState) -> None:
    """Empty the city: faction units to supply, neutral units out of the game."""
    for m in range(N_MARKERS):
        if s.loc[m] >= 0:
            if OWNER[m] == NEUTRAL or IS_LEADER[m]:
                s.loc[m] = OUT
            else:
                s.loc[m] = SUPPLY
        s.exh[m] = 0


def put(s: DualPowersState, m: int, where: str, exhausted: bool = False) -> None:
    s.loc[m] = d(where)
    s.exh[m] = 1 if exhausted else 0


def _containers(s: DualPowersState) -> list[list[int]]:
    return [s.deck, s.discard, s.hands[0], s.hands[1], s.played[0], s.played[1], s.opp_stack, s.opp_played]


def give(s: DualPowersState, side: int, c: int, keep: tuple[int, ...] = ()) -> None:
    """Put card c in side's hand, swapping it with one of that hand's other Command cards."""
    hand = s.hands[side]
    if c in hand:
        return
    swap = next(x for x in hand if x < N_COMMAND and x not in keep)
    for box in _containers(s):
        if c in box:
            box[box.index(c)] = swap
            hand[hand.index(swap)] = c
            return
    for side2 in (0, 1):
        if s.so[side2] == c:
            s.set_so(side2, swap, s.so_up[side2])
            hand[hand.index(swap)] = c
            return
    raise AssertionError(f"card {c} not found")


def set_objective(s: DualPowersState, side: int, label: str) -> None:
    """Make `label` side's Secret Objective (swapping cards to keep every card once)."""
    c = card(label)
    if s.so[side] == c:
        return
    old = s.so[side]
    for box in _containers(s):
        if c in box:
            box[box.index(c)] = old
            break
    else:
        other = 1 - side
        assert s.so[other] == c
        s.set_so(other, old, s.so_up[other])
    s.set_so(side, c, s.so_up[side])


def empty_objectives(s: DualPowersState) -> None:
    """Secret Objectives in districts the test leaves empty: Red blue-1, White green-1."""
    set_objective(s, RED, "blue-1")
    set_objective(s, WHITE, "green-1")


def turn(s: DualPowersState, side: int, *labels: str) -> None:
    """Make it side's turn (first of a fresh alternation) with these cards in hand."""
    cards = tuple(card(lab) if "-" in lab else LEADER_CARD[lab] for lab in labels)
    for c in cards:
        give(s, side, c, keep=cards)
    s.phase = "play"
    s.cur = side
    s.order = (side, 1 - side) * 4
    s.ti = 0


def play(s: DualPowersState, side: int, label: str) -> None:
    c = card(label) if "-" in label else LEADER_CARD[label]
    s.changed()  # the tests edit states by hand between actions: forget the memoised legal lists
    s.apply(("red", "white")[side], ("card", c))


def act(s: DualPowersState, side: int, verb: str, arg: Any = None) -> None:
    s.changed()
    s.apply(("red", "white")[side], (verb, arg))


def verbs(s: DualPowersState, side: int) -> set[str]:
    s.changed()
    return {a.verb for a in s.legal_actions(("red", "white")[side])}


def to_opp_stack(s: DualPowersState, label: str) -> None:
    """Make the Opposition's face-down stack exactly [label] (solo), keeping every card once."""
    c = card(label)
    for box in _containers(s):
        if c in box and box is not s.opp_stack:
            box.remove(c)
            break
    if c in s.opp_stack:
        s.opp_stack.remove(c)
    s.deck.extend(s.opp_stack)
    s.opp_stack[:] = [c]
    if s.so[s.human] == c:
        s.set_so(s.human, s.deck.pop(0), 0)
