"""Hidden information (R0.10, S3.3): views, determinize, and undo."""

from __future__ import annotations

import json

import pytest

from agon.engine import log_lines
from agon.engine.rng import Rng
from agon.games.dual_powers.data import CARD_LABEL, N_COMMAND

from .helpers import RED, WHITE, begin, new


def _positions(options: dict, seeds: range, every: int = 7) -> list:
    out = []
    for seed in seeds:
        s = new(seed, **options)
        chooser = Rng(seed + 99)
        step = 0
        while not s.is_over:
            if step % every == 0:
                out.append(s.clone())
            role = s.active[0] if len(s.active) == 1 else s.active[chooser.below(len(s.active))]
            legal = s.legal_actions(role)
            s.apply(role, legal[chooser.below(len(legal))])
            step += 1
    return out


def _hidden_from(s, role: str) -> set[int]:
    """Cards `role` may not know where they are."""
    side = 0 if role == "red" else 1
    hidden = set(s.deck) | set(s.opp_stack)
    if s.solo:
        if s.so[side] >= 0 and not s.so_up[side]:
            hidden.add(s.so[side])
    else:
        other = 1 - side
        hidden |= {c for c in s.hands[other] if c < N_COMMAND}
        if s.so[other] >= 0 and not s.so_up[other]:
            hidden.add(s.so[other])
    return hidden


def _public(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "log"})


@pytest.mark.parametrize("options", [{}, {"players": 1, "side": "white", "difficulty": 5}])
def test_no_view_leaks_hands_objectives_or_deck_order(options: dict) -> None:
    for s in _positions(options, range(4)):
        roles = s.game.roles(**s.options)
        for role in [*roles, None]:
            v = s.view(role)
            text = _public(v)
            hidden = _hidden_from(s, role) if role else set(s.deck) | set(s.opp_stack) | {
                c for side in (0, 1) for c in s.hands[side]} | {c for i, c in enumerate(s.so) if c >= 0 and not s.so_up[i]}
            for c in hidden:
                assert f'"{CARD_LABEL[c]}"' not in text, (role, CARD_LABEL[c])
            for name, info in v["sides"].items():
                if name != role:
                    assert isinstance(info["hand"], int)
            assert isinstance(v["deck"], int)
            for line in log_lines(v["log"]):
                assert not (line.startswith("You draw") and role is None)


@pytest.mark.parametrize("options", [{}, {"players": 1, "side": "red", "difficulty": 2}])
def test_determinize_keeps_what_the_role_knows_and_reshuffles_the_rest(options: dict) -> None:
    changed = 0
    for i, s in enumerate(_positions(options, range(3), every=11)):
        for role in s.game.roles(**s.options):
            d = s.determinize(role, Rng(i))
            assert d.view(role) == s.view(role)
            d.check_invariants()
            assert sorted(_hidden_from(d, role)) == sorted(_hidden_from(s, role))
            if d.deck != s.deck or d.hands != s.hands or d.opp_stack != s.opp_stack:
                changed += 1
    assert changed > 0


def test_determinize_keeps_the_opponents_leader_cards() -> None:
    s = begin()
    d = s.determinize("red", Rng(5))
    assert [c for c in d.hands[WHITE] if c >= N_COMMAND] == [c for c in s.hands[WHITE] if c >= N_COMMAND]
    assert d.hands[RED] == s.hands[RED] and d.so[RED] == s.so[RED]


def _fields(s) -> tuple:
    return (list(s.loc), list(s.exh), [list(h) for h in s.hands], list(s.deck), s.so, s.day, s.month, s.pw,
            s.score, s.phase, s.cur, s.ti, [list(p) for p in s.played], s.block, s.xpend, s.rng.state)


def test_undo_restores_the_state_after_an_own_non_random_action() -> None:
    s = begin()
    s.undo_enabled = True
    before = _fields(s)
    snap = s.snapshot()
    s.apply("red", s.legal_actions("red")[0])
    assert ("undo", None) in s.legal_actions("red")
    s.apply("red", ("undo", None))
    after = s.snapshot()
    undone = {"text": "{role} took back a move.", "args": {"role": "Petrograd Soviet (Red)"}}
    for view in [*after["views"].values(), after["spectator"]]:  # every seat reads that a move was taken back
        assert view["log"][-1] == undone
        view["log"] = view["log"][:-1]
    assert _fields(s) == before and after == snap


def test_undo_stops_where_a_card_was_drawn() -> None:
    s = begin()
    s.undo_enabled = True
    s.phase, s.ctx, s.cur = "extra", "xturn", RED
    s.apply("red", ("extra", "draw"))
    assert ("undo", None) not in s.legal_actions(s.active[0])


def test_secret_objectives_are_face_up_once_the_game_is_over() -> None:
    """Issue 33: a game won at once on the Support track (R6.1, R4.4.2: no reveal) left the
    loser's Secret Objective face down for good. At game over there is nothing left to hide:
    every view, a spectator's too, shows both objectives."""
    ended_face_down = 0
    for seed in range(12, 18):
        s = new(seed)
        chooser = Rng(seed)
        while not s.is_over:
            role = s.active[0]
            legal = s.legal_actions(role)
            s.apply(role, legal[chooser.below(len(legal))])
        ended_face_down += not all(s.so_up)
        for viewer in ("red", "white", None):
            for side, card in zip(("red", "white"), s.so, strict=True):
                shown = s.view(viewer)["sides"][side]["secret_objective"]
                assert shown == (CARD_LABEL[card] if card >= 0 else None), (seed, viewer, side)
    assert ended_face_down, "no game of these seeds ended before the reveal (R6.1)"
