"""The spec's additional scenarios T-R1..T-R16 (derived from the rules, not rulebook examples)."""

from __future__ import annotations

import pytest

from agon.engine.rng import Rng
from agon.games.dual_powers import scoring, solo
from agon.games.dual_powers.board import OUT, WAITING, controller, strength, stronger
from agon.games.dual_powers.data import MONTH_END, OPP_UNITS, TROTSKY_N, TROTSKY_R

from .helpers import (
    LEADER,
    RED,
    WHITE,
    act,
    begin,
    clear,
    d,
    new,
    play,
    put,
    set_objective,
    to_opp_stack,
    turn,
    verbs,
)


def test_T_R1_month_wrap_moves_popular_will_and_trotsky_returns() -> None:
    s = begin(day=28)
    turn(s, WHITE, "red-5")
    play(s, WHITE, "red-5")
    assert s.day == 2 and s.month == 1  # DP R3.4.2
    assert s.pw == WHITE  # DP R3.4.3
    assert s.loc[TROTSKY_N] == s.unrest and controller(s, TROTSKY_N) == WHITE  # DP R3.5.1
    assert s.xpend == 0


def test_T_R2_day_31_does_not_advance_the_month_the_next_card_does() -> None:
    s = begin(day=27)
    turn(s, RED, "red-3", "white-2")
    play(s, RED, "red-3")
    assert s.day == 31 and s.month == 0 and s.xpend == 1
    act(s, RED, "pass")
    act(s, RED, "pass")  # forgo the extra action
    assert s.cur == WHITE
    turn(s, WHITE, "white-2")
    play(s, WHITE, "white-2")
    assert s.day == 2 and s.month == 1 and s.pw == WHITE


def test_T_R3_passing_15_earns_nothing() -> None:
    s = begin(day=12)
    turn(s, RED, "red-4")
    play(s, RED, "red-4")
    assert s.day == 16 and s.xpend == 0


def test_T_R4_trotsky_joins_the_bolsheviks_keeping_side_and_district() -> None:
    s = begin(month=2, day=28, pw=WHITE)
    s.loc[TROTSKY_N] = d("blue")
    s.exh[TROTSKY_N] = 1
    turn(s, WHITE, "red-5")
    play(s, WHITE, "red-5")
    assert s.month == 3
    assert s.loc[TROTSKY_R] == d("blue") and s.exh[TROTSKY_R] == 1 and controller(s, TROTSKY_R) == RED
    assert s.loc[TROTSKY_N] == OUT and s.pw == WHITE


def test_T_R5_trotsky_removed_earlier_never_joins() -> None:
    s = begin(month=2, day=28)
    s.loc[TROTSKY_N] = OUT
    turn(s, WHITE, "red-5")
    play(s, WHITE, "red-5")
    assert s.loc[TROTSKY_R] == OUT


def test_T_R6_a_neutral_needs_company() -> None:
    s = begin()
    clear(s)
    s.pw = RED
    put(s, 22, "green")  # neutral 2/1
    put(s, 10, "green")  # White 1
    assert stronger(s, d("green")) == WHITE
    put(s, 0, "green", exhausted=True)  # Red's own unit of strength 0
    assert stronger(s, d("green")) == RED


@pytest.mark.parametrize(("score", "pw", "first"), [(2, RED, WHITE), (0, RED, WHITE), (-2, WHITE, RED), (0, WHITE, RED)])
def test_T_R7_reveal_order(score: int, pw: int, first: int) -> None:
    s = begin()
    clear(s)
    s.score, s.pw = score, pw
    set_objective(s, RED, "red-1")
    set_objective(s, WHITE, "blue-1")
    scoring.scoring(s)
    district = "Vyborg Side" if first == RED else "Narva District"
    assert any(e.message().endswith(f"objective marker 2 goes to {district}.") for e in s.log)


def test_T_R8_immediate_win_skips_the_rest_of_scoring() -> None:
    s = begin()
    clear(s)
    s.score, s.month = -11, 3
    s.unrest = d("green")
    put(s, 10, "green")
    scoring.scoring(s)
    act(s, WHITE, "unrest", "objective")
    assert s.score == -15 and s.is_over and s.result["winners"] == ["white"]
    assert s.so_up == (0, 0) and s.exh[10] == 0 and s.obj[1] == -1


def test_T_R9_calendar_end_on_the_centre_goes_to_popular_will() -> None:
    s = begin()
    clear(s)
    s.month, s.pw = MONTH_END, RED
    scoring.scoring(s)
    assert s.is_over and s.result["winners"] == ["red"]


def test_T_R10_a_district_with_two_objective_markers_is_exhausted_once() -> None:
    s = begin()
    clear(s)
    put(s, 0, "purple")
    s.obj = (d("green"), d("purple"), d("purple"))
    scoring.exhaust(s)
    assert s.loc[0] == d("purple") and s.exh[0] == 1


@pytest.mark.parametrize(("side", "pw", "refreshed"), [(WHITE, WHITE, True), (RED, WHITE, False)])
def test_T_R11_leader_recruit_refreshes_controlled_neutrals(side: int, pw: int, refreshed: bool) -> None:
    s = begin(pw=pw)
    put(s, 22, "green", exhausted=True)
    name = "kerensky" if side == WHITE else "lenin"
    turn(s, side, name)
    play(s, side, name)
    act(s, side, "leader_recruit")
    act(s, side, "district", "liteyny")
    assert s.loc[LEADER[name]] == d("green") and s.exh[22] == (0 if refreshed else 1)


def test_T_R12_double_move() -> None:
    s = begin()
    clear(s)
    put(s, 0, "red")
    put(s, 1, "blue")
    s.block = 7  # zagorodny_prospekt liteyny-narva
    turn(s, RED, "red-3")  # Double Move
    play(s, RED, "red-3")
    act(s, RED, "double_move")
    act(s, RED, "marker", 0)
    act(s, RED, "district", "liteyny")
    assert "narva" not in {a.arg for a in s.legal_actions("red")}  # B-C blocked
    assert "marker" not in verbs(s, RED)  # not a second marker
    act(s, RED, "district", "admiralty")
    assert s.loc[0] == d("white") and s.loc[1] == d("blue")


def test_T_R13_solo_opposition_turn() -> None:
    s = new(0, players=1, side="red", difficulty=2)
    clear(s)
    s.day = 12
    s.unrest = d("green")
    to_opp_stack(s, "purple-3")  # 3 days, recruit 2
    solo.opposition_turn(s)
    placed = [m for m in OPP_UNITS if s.loc[m] >= 0]
    assert s.day == 15
    assert sorted((s.loc[m], strength(s, m), s.exh[m]) for m in placed) == [(d("purple"), 2, 0), (d("green"), 2, 0)]
    s.check_invariants()


def test_T_R14_solo_exhausted_opposition_unit_has_strength_x() -> None:
    s = new(0, players=1, side="white", difficulty=4)
    m = OPP_UNITS[0]
    put(s, m, "green")
    s.obj = (d("green"), -1, -1)
    scoring.exhaust(s)
    assert s.exh[m] == 1 and strength(s, m) == 4


def test_T_R15_solo_ends_after_round_3_whatever_the_month() -> None:
    s = new(0, players=1, side="white", difficulty=1)
    clear(s)
    s.rnd, s.score, s.month = 3, 0, 2
    scoring.score_rest(s)
    assert s.is_over and s.winner == s.pw


@pytest.mark.parametrize("options", [{}, {"players": 1, "side": "red", "difficulty": 3}])
def test_T_R16_hand_size_after_every_draw_phase(options: dict) -> None:
    for seed in range(6):
        s = new(seed, **options)
        chooser = Rng(seed)
        rnd = 0
        while not s.is_over:
            if s.rnd != rnd:
                rnd = s.rnd
                for side in (RED, WHITE) if not s.solo else (s.human,):
                    base = 7 if s.solo else 8
                    assert len(s.hands[side]) + len(s.played[side]) == base + s.xdraws[side]
            role = s.active[0]
            legal = s.legal_actions(role)
            s.apply(role, legal[chooser.below(len(legal))])
    assert WAITING < 0
