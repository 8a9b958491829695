"""The rulebook's worked examples A-H (spec section 5), as scenarios. Katia plays White, Viktor Red.
Each example's situation is a position file, positions/example_*.json (issue 35 item 2)."""

from __future__ import annotations

import pytest

from agon.engine import IllegalAction
from agon.games.dual_powers import scoring
from agon.games.dual_powers.board import OUT, SUPPLY, stronger
from agon.games.dual_powers.data import CARD_DAYS, CARD_DIST, CARD_VP, TROTSKY_N
from agon.games.dual_powers.solo import opposition_objective

from .helpers import (
    LEADER,
    RED,
    WHITE,
    act,
    card,
    d,
    example,
    play,
    verbs,
)


def test_T_A_landing_on_30_jumps_to_31_and_earns_an_extra_action_after_the_normal_one() -> None:
    s = example("example_a")  # day 26, White to play with purple-4 in hand
    play(s, WHITE, "purple-4")
    assert s.day == 31 and s.month == 0 and s.pw == RED
    assert s.xpend == 1
    assert "extra" not in verbs(s, WHITE)  # step 3 first
    act(s, WHITE, "pass")
    assert s.phase == "extra" and "extra" in verbs(s, WHITE)


def test_T_B_recruit_places_units_in_the_cards_district() -> None:
    s = example("example_b")  # Red's supply: fresh strengths 1, 2, 2, 3; green-4 in hand
    play(s, RED, "green-4")
    act(s, RED, "recruit")
    assert "district" not in verbs(s, RED)  # no other district can be chosen
    probe = s.clone()
    act(probe, RED, "unit", 4)  # a 2 ...
    with pytest.raises(IllegalAction):
        act(probe, RED, "unit", 5)  # ... and another 2 exceed the recruit value 3
    act(s, RED, "unit", 0)
    act(s, RED, "unit", 4)
    assert s.loc[0] == s.loc[4] == d("green") and s.exh[0] == s.exh[4] == 0
    assert sum(1 for m in range(10) if s.loc[m] == SUPPLY) == 2
    assert s.cur == WHITE and s.phase == "play"  # the printed action was not performed as well


def test_T_C_move_cannot_cross_the_blocked_connection() -> None:
    s = example("example_c")  # Kerensky in green, unit 10 in blue, the Liteyny bridge (green-red) blocked
    play(s, WHITE, "red-2")  # a Move card
    act(s, WHITE, "move")
    probe = s.clone()
    act(probe, WHITE, "marker", LEADER["kerensky"])
    with pytest.raises(IllegalAction):
        act(probe, WHITE, "district", "vyborg")
    before = list(s.loc)
    act(s, WHITE, "marker", 10)
    act(s, WHITE, "district", "admiralty")
    changed = [m for m in range(len(before)) if before[m] != s.loc[m]]
    assert changed == [10] and s.loc[10] == d("white")


def test_T_D_extra_action_after_the_normal_one_may_move_a_controlled_neutral() -> None:
    s = example("example_d")  # Red holds Popular Will; neutral 2/1 in brown, a White 2/1 in purple; day 12
    play(s, RED, "purple-3")
    assert s.day == 15 and s.xpend == 1
    assert "extra" not in verbs(s, RED)
    act(s, RED, "recruit")
    act(s, RED, "unit", 0)  # one 1/0 unit
    act(s, RED, "done")
    assert s.phase == "extra"
    act(s, RED, "extra", "move")
    act(s, RED, "marker", 22)
    act(s, RED, "district", "petrograd_side")
    assert s.loc[0] == s.loc[22] == d("purple")
    assert stronger(s, d("purple")) == RED  # 1 + neutral 2 beats White's 2


def test_T_E_tie_on_strength_more_markers_wins() -> None:
    # in yellow: Red 3 (fresh 3/2) + 1 (fresh 1/0) + 0 (exhausted), White 2 + 2
    for pw in (RED, WHITE):
        s = example("example_e", pw=pw)
        assert stronger(s, d("yellow")) == RED


@pytest.mark.parametrize(("month", "vp"), [(2, 3), (5, 6)])
def test_T_F_unrest_counted_as_an_objective_in_july(month: int, vp: int) -> None:
    s = example("example_f", month=month)  # Unrest in brown: Katia 1 + 1 + 1, Viktor 2 + 0
    scoring.scoring(s)
    assert s.obj[0] == d("brown") and s.phase == "unrest" and s.cur == WHITE
    act(s, WHITE, "unrest", "objective")
    assert s.score == -vp
    assert all(s.exh[m] for m in (10, 11, 12))  # brown was exhausted


def test_T_F_variant_extra_action_instead_of_vp() -> None:
    s = example("example_f_variant")  # Unrest in brown: Katia 1 + 1 + 1 alone
    scoring.scoring(s)
    act(s, WHITE, "unrest", "extra")
    assert s.score == 0 and s.phase == "extra" and s.cur == WHITE
    act(s, WHITE, "extra", "draw")  # B1: the chosen extra action is taken, not forgone
    assert all(s.exh[m] for m in (10, 11, 12))


def test_T_G_exhaust_flips_fresh_markers_and_removes_exhausted_ones() -> None:
    # in white: Katia's fresh 2/1 unit (2) and exhausted Kerensky (1), Viktor's exhausted 3/3 (3); the objective there
    s = example("example_g")
    assert stronger(s, d("white")) == WHITE  # derived: 3 = 3, two markers against one
    scoring.exhaust(s)
    assert s.loc[14] == d("white") and s.exh[14] == 1
    assert s.loc[LEADER["kerensky"]] == OUT
    assert s.loc[9] == SUPPLY and s.exh[9] == 0
    assert s.loc[TROTSKY_N] != SUPPLY


def test_T_H_deriving_the_oppositions_secret_objective() -> None:
    played = [card(x) for x in ("red-2", "red-4", "purple-4", "brown-5", "purple-2")]
    assert opposition_objective(played) == card("purple-4")
    again = [card(x) for x in ("purple-4", "purple-2", "red-2", "brown-5", "red-4")]
    assert opposition_objective(again) == card("red-4")


def test_T_H_variant_most_cards_breaks_a_tie_on_days() -> None:
    # fixture cards: 0-2 are three red-2 cards, 3 is purple-6, 4 is green-1
    dist = [d("red")] * 3 + [d("purple"), d("green")]
    days = [2, 2, 2, 6, 1]
    vp = [1, 1, 1, 4, 1]
    assert dist[opposition_objective([0, 1, 2, 3, 4], dist, days, vp)] == d("red")
    assert CARD_DAYS[card("purple-4")] == 4 and CARD_VP[card("purple-4")] > CARD_VP[card("purple-2")]
    assert CARD_DIST[card("brown-5")] == d("yellow")
