"""One test per ruling of docs/rulings/dual-powers.md (the spec's ambiguities A1-A30, and B1-B5)."""

from __future__ import annotations

import pytest

from agon.games.dual_powers import scoring, solo
from agon.games.dual_powers.board import OUT, SUPPLY, WAITING, stronger
from agon.games.dual_powers.data import (
    CARD_REC,
    CARD_VP,
    CONNECTIONS,
    DISTRICT_COLOUR,
    DISTRICTS,
    FRESH,
    MONTH_END,
    N_COMMAND,
    NEUTRAL_UNITS,
    OPP_LEVEL,
    OPP_UNITS,
    TRACK_END,
    TROTSKY_N,
    TROTSKY_R,
)

from .helpers import (
    LEADER,
    LEADER_CARD,
    RED,
    WHITE,
    act,
    begin,
    card,
    clear,
    d,
    empty_objectives,
    new,
    play,
    put,
    set_objective,
    turn,
    verbs,
)


def test_A1_the_stronger_side_scores_either_objective_whoever_owns_it() -> None:
    s = begin()
    clear(s)
    set_objective(s, RED, "purple-6a")
    set_objective(s, WHITE, "green-1")
    put(s, 10, "purple")
    scoring.score_rest(s)
    assert s.score == -CARD_VP[card("purple-6a")]


def test_A2a_an_own_leader_gives_presence_for_neutral_units() -> None:
    s = begin()
    clear(s)
    s.pw = RED
    put(s, LEADER["lenin"], "green", exhausted=True)  # 1
    put(s, 22, "green")  # neutral 2
    put(s, 12, "green")
    put(s, 13, "green")  # White 1 + 1
    assert stronger(s, d("green")) == RED  # 3 > 2


def test_A2b_neutral_trotsky_also_needs_presence() -> None:
    """A2b: neutral Trotsky is controlled like the neutral units, so R4.2.2's presence condition holds for him."""
    s = begin()
    clear(s)
    s.pw = RED
    put(s, TROTSKY_N, "green")
    put(s, 10, "green")
    assert stronger(s, d("green")) == WHITE
    put(s, 0, "green")  # a Red unit gives presence: Trotsky now counts for Red
    assert stronger(s, d("green")) == RED


def test_A2c_only_contributing_markers_count_in_the_tie_break() -> None:
    s = begin()
    clear(s)
    s.pw = RED
    put(s, 20, "green")
    put(s, 21, "green")  # two neutral 1/0 units, no Red presence
    put(s, 10, "green", exhausted=True)  # White 0
    assert stronger(s, d("green")) == WHITE  # 0 = 0; one counted marker against none


def test_A2d_a_district_with_only_neutral_markers_has_no_stronger_side() -> None:
    s = begin()
    clear(s)
    put(s, NEUTRAL_UNITS[4], "green")
    assert stronger(s, d("green")) == -1


def test_A3_opposition_extra_recruit_level_fallback_and_pool_return() -> None:
    s = new(0, players=1, side="red", difficulty=3)
    for m in OPP_UNITS:
        s.loc[m] = d("red") if OPP_LEVEL[m] == 2 else SUPPLY
    m = solo.place_unit(s, 2, d("green"))
    assert OPP_LEVEL[m] == 1  # the nearest lower Level first
    for x in OPP_UNITS:
        if OPP_LEVEL[x] == 1:
            s.loc[x] = d("red")
    m3 = solo.place_unit(s, 2, d("green"))
    assert OPP_LEVEL[m3] == 3  # then the nearest higher
    s.exh[m3] = 1
    s.obj = (d("green"), -1, -1)
    scoring.exhaust(s)
    assert s.loc[m3] == SUPPLY  # removed Opposition units return to the pool


def test_A4_brown_and_yellow_are_the_beige_district() -> None:
    assert d("brown") == d("yellow") == d("beige") and DISTRICT_COLOUR[d("brown")] == "beige"
    assert len(set(DISTRICT_COLOUR)) == 6


def test_A5_day_wrap_month_spaces_and_the_last_month() -> None:
    s = begin(day=28, month=MONTH_END, pw=RED)
    turn(s, WHITE, "red-6a")
    play(s, WHITE, "red-6a")
    assert s.day == 3 and s.month == MONTH_END and s.pw == WHITE


def test_A6_the_special_action_may_come_before_leader_recruit() -> None:
    s = begin()
    put(s, 22, "green", exhausted=True)
    turn(s, WHITE, "kerensky")
    play(s, WHITE, "kerensky")
    act(s, WHITE, "agitation")
    act(s, WHITE, "leader_recruit")
    act(s, WHITE, "district", "liteyny")
    assert s.pw == WHITE and s.exh[22] == 0


def test_A7_a_player_may_decline_the_action() -> None:
    s = begin()
    turn(s, RED, "red-4")
    play(s, RED, "red-4")
    assert "pass" in verbs(s, RED)
    act(s, RED, "pass")
    assert s.day == 5 and s.cur == WHITE


def test_A8_a_popular_will_change_does_not_change_the_turn_order() -> None:
    s = begin()
    order = s.order
    turn(s, WHITE, "kerensky")
    s.order, s.ti = order, 1
    play(s, WHITE, "kerensky")
    act(s, WHITE, "agitation")
    act(s, WHITE, "done")
    assert s.order == order and s.cur == RED


def _kerensky_recruited_where_trotsky_is(s, holder: int) -> None:
    """After Red's Trotsky turn (he is exhausted there), White recruits Kerensky in his district."""
    s.exh[TROTSKY_N] = 1
    act(s, RED, "pass")
    turn(s, WHITE, "kerensky")
    s.pw = holder
    play(s, WHITE, "kerensky")
    act(s, WHITE, "leader_recruit")
    act(s, WHITE, "district", DISTRICTS[s.loc[TROTSKY_N]])


def test_A9_trotsky_enters_fresh_and_leader_recruit_does_not_refresh_him() -> None:
    """A9: R3.8.1 refreshes exhausted neutral *units*; neutral Trotsky is a leader marker (the
    components list him among the leader markers), so he stays exhausted even for the PW holder."""
    s = begin(day=28)
    turn(s, RED, "red-5")
    play(s, RED, "red-5")
    assert s.exh[TROTSKY_N] == 0
    s.exh[TROTSKY_N] = 1
    _kerensky_recruited_where_trotsky_is(s, WHITE)
    assert s.exh[TROTSKY_N] == 1


def test_A9_leader_recruit_refreshes_the_neutral_units_of_the_popular_will_holder() -> None:
    """A9 / R3.8.1: the exhausted neutral units in the recruiting district are refreshed for the PW holder."""
    s = begin(day=28)
    turn(s, RED, "red-5")
    play(s, RED, "red-5")
    unit = NEUTRAL_UNITS[0]
    s.loc[unit], s.exh[unit] = s.loc[TROTSKY_N], 1
    _kerensky_recruited_where_trotsky_is(s, WHITE)
    assert s.exh[unit] == 0


def _exhausted_in_a_scored_district(m: int):
    """Marker m alone and exhausted in a scored district (green) when markers are exhausted (R4.7)."""
    s = begin()
    clear(s)
    put(s, m, "green", exhausted=True)
    s.obj = (d("green"), -1, -1)
    scoring.exhaust(s)
    return s


def test_A10_removed_neutral_units_leave_the_game() -> None:
    s = _exhausted_in_a_scored_district(20)
    assert s.loc[20] == OUT


def test_A11_played_leader_cards_leave_the_game() -> None:
    s = begin()
    turn(s, RED, "lenin")
    play(s, RED, "lenin")
    act(s, RED, "done")
    scoring.cleanup(s)
    assert LEADER_CARD["lenin"] in s.gone and LEADER_CARD["lenin"] not in s.discard


def test_A12_no_tile_left_means_no_blockade_then_a_reshuffle_for_round_7() -> None:
    s = begin()
    s.tiles = []
    scoring.cleanup(s)
    assert s.btile == -1 and s.block == -1
    assert s.view("red")["blockade"] is None
    scoring.cleanup(s)
    assert s.unrest == -1
    scoring.start_round(s)
    assert s.unrest >= 0 and s.btile >= 0 and s.block >= 0


def test_A13_the_recruit_value_is_one_integer_from_1_to_3() -> None:
    assert all(CARD_REC[c] in (1, 2, 3) for c in range(N_COMMAND))


def test_A14_example_b_uses_recruit_value_3() -> None:
    assert CARD_REC[card("green-4")] == 3


def test_A15_the_opposition_places_one_unit_of_the_recruit_value_in_the_cards_district() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    before = sum(1 for m in OPP_UNITS if s.loc[m] >= 0)
    s.day = 1
    solo.opposition_turn(s)
    c = s.opp_played[-1]
    placed = sum(1 for m in OPP_UNITS if s.loc[m] >= 0) - before
    assert placed == (2 if s.day in (15, 31) else 1)
    assert CARD_REC[c] in (1, 2, 3)


def _red_reveals_first(score: int) -> bool:
    """Score an empty city with this Support track score and White holding PW (R4.5 reveal order)."""
    s = begin()
    clear(s)
    s.score, s.pw = score, WHITE
    empty_objectives(s)
    scoring.scoring(s)
    return any(e.message().startswith("Red reveals the Secret Objective Narva District 1: objective marker 2") for e in s.log)


def test_A16_the_centre_is_the_tie_for_reveal_order() -> None:
    assert _red_reveals_first(0)


def test_A17_fewer_vp_is_the_side_the_marker_is_away_from() -> None:
    assert _red_reveals_first(-3)


def _red_wins_the_unrest_in_purple():
    """Scoring with one Red unit in the Unrest district (purple): Red chooses VP or an extra action."""
    s = begin()
    clear(s)
    s.unrest = d("purple")
    put(s, 0, "purple")
    empty_objectives(s)
    scoring.scoring(s)
    return s


def test_A18_the_unrest_district_is_exhausted_even_after_an_extra_action() -> None:
    s = _red_wins_the_unrest_in_purple()
    act(s, RED, "unrest", "extra")
    act(s, RED, "extra", "draw")
    assert s.exh[0] == 1


def test_A19_solo_objective_markers_follow_the_two_player_order() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    clear(s)
    s.score = 4  # Red (the person) leads: the Opposition reveals first
    s.unrest = d("green")
    scoring.scoring(s)
    assert any(e.message().startswith("The Opposition reveals the Secret Objective") and "marker 2" in e.message()
               for e in s.log)


def test_A20_organize_is_offered_for_the_unrest_extra_action_until_the_objective_is_up() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    clear(s)
    s.unrest = d("green")
    put(s, 0, "green")
    s.phase, s.cur = "unrest", RED
    act(s, RED, "unrest", "extra")
    assert ("extra", "organize") in s.legal_actions("red")
    s.set_so(RED, s.so[RED], 1)
    s.changed()
    assert ("extra", "organize") not in s.legal_actions("red")


def test_A21_every_crossed_connection_must_be_open_and_back_and_forth_is_allowed() -> None:
    s = begin()
    clear(s)
    put(s, 0, "red")
    s.block = 1
    turn(s, RED, "red-3")
    play(s, RED, "red-3")
    act(s, RED, "double_move")
    act(s, RED, "marker", 0)
    assert {a.arg for a in s.legal_actions("red")} == {"petrograd_side"}
    act(s, RED, "district", "petrograd_side")
    act(s, RED, "district", "vyborg")
    assert s.loc[0] == d("red")


def test_A22_recruit_cost_is_the_fresh_strength_and_returned_units_are_fresh() -> None:
    s = _exhausted_in_a_scored_district(9)
    assert s.loc[9] == SUPPLY and s.exh[9] == 0
    turn(s, RED, "red-2")  # recruit 3
    play(s, RED, "red-2")
    act(s, RED, "recruit")
    assert all(FRESH[a.arg] <= 3 for a in s.legal_actions("red"))


def test_A23_extra_recruit_ignores_the_blockade_and_strength() -> None:
    s = begin()
    s.phase, s.ctx, s.cur = "extra", "xturn", RED
    act(s, RED, "extra", "recruit")
    act(s, RED, "unit", 9)
    assert len(s.legal_actions("red")) == 6


def test_A24_the_month_advances_and_events_fire_when_the_holder_already_has_popular_will() -> None:
    s = begin(day=28, pw=RED)
    turn(s, RED, "red-5")
    play(s, RED, "red-5")
    assert s.month == 1 and s.loc[TROTSKY_N] >= 0 and s.pw == RED


def test_A25_no_refill_rule_hands_only_grow_by_the_draw() -> None:
    s = begin()
    turn(s, RED, "red-4")
    play(s, RED, "red-4")
    act(s, RED, "pass")
    assert len(s.hands[RED]) == 6
    s.phase, s.ctx, s.cur = "extra", "xturn", WHITE
    act(s, WHITE, "extra", "draw")
    assert len(s.hands[RED]) == 6 and len(s.hands[WHITE]) == 8  # no refill to 8, only draws


def test_A26_component_counts_despite_the_garbled_component_list() -> None:
    assert len(OPP_UNITS) == 27 and sorted({OPP_LEVEL[m] for m in OPP_UNITS}) == [1, 2, 3]
    assert len(CONNECTIONS) == 8


def test_A27_solo_does_not_end_in_october_before_round_3() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    clear(s)
    s.month, s.rnd = MONTH_END, 2
    scoring.scoring(s)
    assert not s.is_over and s.rnd == 3


def test_A28_the_opposition_leader_card_is_not_one_of_its_command_cards_and_leaves_at_cleanup() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    lc = s.opp_leader_card
    assert lc >= N_COMMAND and lc not in s.opp_played
    scoring.cleanup(s)
    assert lc in s.gone and s.opp_leader_card == -1


def test_A29_example_g_derived_winner() -> None:
    s = begin()
    clear(s)
    put(s, 14, "white")
    put(s, LEADER["kerensky"], "white", exhausted=True)
    put(s, 9, "white", exhausted=True)
    assert stronger(s, d("white")) == WHITE


def test_A30_effectless_options_are_not_offered_but_the_card_may_be_played() -> None:
    s = begin()
    s.set_so(RED, s.so[RED], 1)
    turn(s, WHITE, "savinkov")
    play(s, WHITE, "savinkov")
    assert "espionage" not in verbs(s, WHITE) and "done" in verbs(s, WHITE)


def test_B1_the_extra_action_may_be_forgone() -> None:
    """B1: the calendar's extra action («δικαιούται») may be forgone."""
    s = begin()
    s.phase, s.ctx, s.cur = "extra", "xturn", RED
    act(s, RED, "pass")
    assert s.cur == WHITE


def test_B1_the_unrest_extra_action_once_chosen_cannot_be_forgone() -> None:
    """B1, R4.3.4: the Unrest winner takes VP or an extra action; there is no third option."""
    s = _red_wins_the_unrest_in_purple()
    assert verbs(s, RED) == {"unrest"}
    act(s, RED, "unrest", "extra")
    assert s.phase == "extra" and "pass" not in verbs(s, RED)


def test_B1_the_unrest_extra_action_is_offered_only_when_one_is_possible(monkeypatch: pytest.MonkeyPatch) -> None:
    """B1 with A30: with no possible extra action the Unrest winner can only count the VP."""
    s = begin()
    s.phase, s.cur = "unrest", RED
    assert [a.arg for a in s.legal_actions("red")] == ["objective", "extra"]
    monkeypatch.setattr(type(s), "_extra_options", lambda self, side: [])  # (a state's fields are slots)
    s.changed()
    assert [a.arg for a in s.legal_actions("red")] == ["objective"]


def test_B2_the_popular_will_holder_draws_first() -> None:
    s = new(9)
    assert s.log[2].to == "red" and s.log[7].to == "white"


def test_B3_the_opposition_reveals_with_the_game_generator() -> None:
    a = new(4, players=1, side="white", difficulty=2)
    b = new(4, players=1, side="white", difficulty=2)
    assert a.opp_played == b.opp_played and a.rng.draws == b.rng.draws


def test_B4_trotsky_markers_waiting_or_out_are_never_in_a_supply() -> None:
    s = new(0)
    assert s.loc[TROTSKY_N] == WAITING and s.loc[TROTSKY_R] == WAITING


def test_B5_the_support_track_runs_to_15_each_way() -> None:
    assert TRACK_END == 15


def test_B6_an_empty_deck_and_discard_give_fewer_cards() -> None:
    from agon.games.dual_powers.board import draw

    s = begin()
    s.phase, s.ctx, s.cur = "extra", "xturn", RED
    s.gone.extend(s.deck)
    s.deck = []
    assert ("extra", "draw") not in s.legal_actions("red")
    assert draw(s, RED, 2, to=[]) == [] and s.short[RED] == 2
