"""The quick forms of the legal lists (issue 15) agree with the full computations they stand for,
in every position of random games: a turn's placements from bit masks (IC-4.2, IC-5.6, IC-2P.5),
an exec decision's choices and groups handed over from the walk of the executions (IC-5.5), the
Favour windows' "is there an execution" (IC-6.4), the kept mask of occupied cards, the written-out
`held`, and quiet and loud games playing alike."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import agon
from agon.engine import Action
from agon.engine.rng import Rng
from agon.games.intrigue_city.data import FAV_POST, FAV_REACT, GUILDS
from agon.games.intrigue_city.effects import card_ok, favour_executions, favour_usable, held
from agon.games.intrigue_city.rules import BOARDS, FAVOUR_ACTIONS, PLACE_ACTIONS, PRE_DEF, PRE_OFF, IntrigueState
from agon.testing.walk import random_positions

GAME = agon.load("intrigue-city")

GAMES = [
    (1, {}),
    (2, {"players": 2}),
    (3, {"players": 5, "advanced": "A"}),
    (4, {"players": 2, "advanced": "A", "strict_victory": True}),
    (5, {"players": 4, "advanced": "B", "theme": "web_of_lies"}),
    (6, {"players": 3, "advanced": "A", "arrangement_value": 2, "limit_equilibrium": True}),
]


def positions(seed: int, options: dict[str, Any], games: int = 3) -> Iterator[IntrigueState]:
    """Every position of a few random quiet games."""
    for k in range(games):
        yield from random_positions("intrigue-city", seed * 100 + k, 1, options, pick_role=True)  # type: ignore[misc]


def full_turn_list(s: IntrigueState) -> list[Action]:
    """IC-4.1 a-c as first written: every free card, less those with no legal play (IC-5.6) unless
    none has one or a hand card has one (IC-2P.5), card by card."""
    p, tfav = s.cur, s.tfav
    out: list[Action] = []
    if tfav < 0:
        if not s.options["beginner"]:
            if s.pawns[2 * p] and s.fav[p * 6 + PRE_OFF]:
                out.append(FAVOUR_ACTIONS[PRE_OFF])
            if s.pawns[2 * p + 1] and s.fav[p * 6 + PRE_DEF]:
                out.append(FAVOUR_ACTIONS[PRE_DEF])
        usable = [i for i, o in enumerate(s.occ) if not o]
        sides = (0, 1)
        forbid = -1
    else:
        usable = list(range(len(s.board)))
        sides = (1,) if tfav == PRE_DEF else (0,)
        forbid = tfav
    for pawn in sides:
        if not s.pawns[2 * p + pawn]:
            continue
        boards = BOARDS[s.n][p][pawn]
        hand_ok = any(card_ok(h, s.cu, boards, s.bank, forbid, s.pm) for h in s.hands[p])
        ok = [i for i in usable if hand_ok or card_ok(s.board[i], s.cu, boards, s.bank, forbid, s.pm)] or usable
        out += [PLACE_ACTIONS[pawn][i] for i in ok]
    return out


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_ic_4_2_a_turns_placements_are_the_card_by_card_listing(seed: int, options: dict[str, Any]) -> None:
    for s in positions(seed, options):
        assert s._occupied == sum(1 << i for i, o in enumerate(s.occ) if o)
        if s.phase == "turn":
            assert s._legal(s.active[0]) == full_turn_list(s)


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_ic_5_5_exec_choices_handed_over_are_a_fresh_listing(seed: int, options: dict[str, Any]) -> None:
    for s in positions(seed, options):
        if s.phase != "exec":
            continue
        fresh: list[Action] = []
        for decisions, _ops in s.execs:
            if decisions[s.dec] not in fresh:
                fresh.append(decisions[s.dec])
        role = s.active[0]
        assert s.legal_actions(role) == fresh
        choices = s._choices
        assert choices is not None and choices[0] is s.execs and choices[1] == s.dec
        for a in fresh:  # what each option leaves: the executions that take it, in order
            assert choices[3][a] == [e for e in s.execs if e[0][s.dec] == a]
        twin = s.clone()
        twin.changed()  # a clone that forgot the handed-over list lists the same
        assert twin.legal_actions(role) == fresh


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_ic_6_4_favour_usable_is_favour_executions_not_empty(seed: int, options: dict[str, Any]) -> None:
    for s in positions(seed, options):
        if s.tg < 0:
            continue
        for who in range(s.n):
            for g in (*FAV_REACT, *FAV_POST):
                for values in ((1,), (2,), (3,), (1, 2, 3)):
                    listed = favour_executions(GUILDS[g], values, s.cu, who * 18, s.bank, s.tg)
                    assert favour_usable(GUILDS[g], values, s.cu, who * 18, s.bank, s.tg) == bool(listed)


def test_held_is_the_guild_by_guild_loop() -> None:
    rng = Rng(7)
    for _ in range(3000):
        cu = [(0, 0, 0, 1, 2, 3)[rng.below(6)] for _ in range(54)]
        b, w = 18 * rng.below(3), rng.below(4)
        want = sum(1 << g for g in range(6)
                   if (cu[b + 3 * g + w - 1] if w else cu[b + 3 * g] or cu[b + 3 * g + 1] or cu[b + 3 * g + 2]))
        assert held(cu, b, w) == want


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_quiet_and_loud_games_play_alike(seed: int, options: dict[str, Any]) -> None:
    # quiet mode skips the log and takes the end of round's cards in any order (scoring.end_round)
    for k in range(2):
        loud, quiet = GAME.new(seed + k, **options), GAME.new(seed + k, quiet=True, **options)
        chooser = Rng(seed + k)
        while loud.active:
            assert quiet.active == loud.active
            role = loud.active[chooser.below(len(loud.active))]
            legal = loud.legal_actions(role)
            assert quiet.legal_actions(role) == legal
            action = legal[chooser.below(len(legal))]
            loud.apply(role, action)
            quiet.apply(role, action)
        assert not quiet.active and quiet.result == loud.result
        assert quiet.record() == loud.record() and quiet.log == loud.log
