"""Rule-by-rule tests; each names its rule id (reference: agon/rules/dual-powers.md)."""

from __future__ import annotations

from agon.games.dual_powers import scoring
from agon.games.dual_powers.board import OUT, SUPPLY, WAITING, gain_vp
from agon.games.dual_powers.data import (
    ARROW,
    CARD_DIST,
    CARD_VP,
    LEADER_MARKERS,
    N_COMMAND,
    NEUTRAL_UNITS,
    OPP_UNITS,
    TRACK_END,
    TROTSKY_N,
    TROTSKY_R,
    UNREST_VP,
)

from .helpers import (
    LEADER,
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

# -- setup --------------------------------------------------------------------------------------

def test_SU3_hands_hold_the_three_leader_cards_and_supplies_start_fresh() -> None:
    s = new(1)
    for side in (RED, WHITE):
        assert sum(1 for c in s.hands[side] if c >= N_COMMAND) == 3
        assert all(s.loc[m] == SUPPLY and not s.exh[m] for m in range(side * 10, side * 10 + 10))
    assert all(s.loc[m] == SUPPLY for m in LEADER_MARKERS)


def test_SU4_one_neutral_unit_per_district_at_random() -> None:
    placements = set()
    for seed in range(8):
        s = new(seed)
        where = tuple(s.loc[m] for m in NEUTRAL_UNITS)
        assert sorted(where) == list(range(6))
        placements.add(where)
    assert len(placements) > 1


def test_SU5_to_SU8_track_popular_will_calendar_trotsky_objective_markers() -> None:
    s = new(2)
    assert s.score == 0 and s.pw == RED  # SU5
    assert s.day == 1 and s.month == 0  # SU6
    assert s.loc[TROTSKY_N] == WAITING and s.loc[TROTSKY_R] == WAITING  # SU7
    assert s.obj == (-1, -1, -1)  # SU8


def test_SU9_to_SU12_tiles_blockade_and_deck() -> None:
    s = new(3)
    assert s.unrest != s.btile and len(s.tiles) == 4  # SU9, SU10
    assert s.block == ARROW[s.btile]  # SU11
    assert len(s.deck) == 48 - 10 and s.discard == []  # SU12 then R1.1


# -- R1, R2 ---------------------------------------------------------------------------------------

def test_R1_1_R1_2_each_player_draws_five_for_eight_cards_in_round_1() -> None:
    s = new(4)
    assert len(s.hands[RED]) == len(s.hands[WHITE]) == 8


def test_R1_3_an_empty_deck_is_reshuffled_from_the_discard_pile() -> None:
    s = begin()
    s.discard, s.deck = s.deck, []
    s.xpend = 1
    s.phase, s.ctx, s.cur = "extra", "xturn", RED
    act(s, RED, "extra", "draw")
    assert len(s.hands[RED]) == 8 and len(s.discard) == 0 and len(s.deck) == 37


def test_R2_1_R2_2_objectives_are_hidden_simultaneous_command_card_choices() -> None:
    s = new(5)
    assert s.active == ["red", "white"]
    assert all(a.verb == "objective" and a.arg < N_COMMAND for a in s.legal_actions("red"))
    first = s.legal_actions("white")[0]
    s.apply("white", first)
    assert s.active == ["red"] and first.arg not in s.hands[WHITE]  # R2.4


# -- R3 -------------------------------------------------------------------------------------------

def test_R3_1_popular_will_holder_first_then_alternating_four_turns_each() -> None:
    s = new(6)
    s.pw = WHITE
    for role in ("red", "white"):
        s.apply(role, s.legal_actions(role)[0])
    assert s.order == (WHITE, RED) * 4 and s.cur == WHITE


def test_R3_4_1_the_day_advances_by_the_cards_day_number() -> None:
    s = begin()
    turn(s, RED, "red-4")
    play(s, RED, "red-4")
    assert s.day == 5


def test_R3_6_1_recruit_or_the_printed_action_never_both() -> None:
    s = begin()
    turn(s, RED, "red-1")  # recruit 2, Refresh
    play(s, RED, "red-1")
    assert verbs(s, RED) <= {"recruit", "refresh", "pass"}
    act(s, RED, "recruit")
    act(s, RED, "unit", 4)  # a 2 uses it all: the turn ends
    assert s.cur == WHITE


def test_R3_7_1_recruit_needs_a_unit_within_the_recruit_value() -> None:
    s = begin()
    for m in range(7):  # only the 3-strength units stay in supply
        put(s, m, "red")
    turn(s, RED, "white-2")  # recruit 1
    play(s, RED, "white-2")
    assert "recruit" not in verbs(s, RED)


def test_R3_7_2_move_is_one_district_for_one_marker() -> None:
    s = begin()
    clear(s)
    put(s, 0, "red")
    s.block = -1
    turn(s, RED, "red-2")
    play(s, RED, "red-2")
    act(s, RED, "move")
    act(s, RED, "marker", 0)
    assert {a.arg for a in s.legal_actions("red")} == {"petrograd_side", "liteyny"}
    act(s, RED, "district", "liteyny")
    assert s.cur == WHITE


def test_R3_7_4_refresh_flips_only_an_exhausted_marker() -> None:
    s = begin()
    clear(s)
    put(s, 0, "red")
    put(s, 1, "blue", exhausted=True)
    turn(s, RED, "red-1")
    play(s, RED, "red-1")
    act(s, RED, "refresh")
    assert [a.arg for a in s.legal_actions("red")] == [1]
    act(s, RED, "marker", 1)
    assert s.exh[1] == 0


def test_R3_8_1_leader_recruit_any_district_fresh_once() -> None:
    s = begin()
    turn(s, RED, "lenin")
    play(s, RED, "lenin")
    act(s, RED, "leader_recruit")
    assert len(s.legal_actions("red")) == 6
    act(s, RED, "district", "admiralty")
    assert s.loc[LEADER["lenin"]] == d("white") and s.exh[LEADER["lenin"]] == 0


def test_R3_8_2_mobilize_protest_moves_the_blockade_anywhere() -> None:
    s = begin()
    turn(s, WHITE, "kornilov")
    play(s, WHITE, "kornilov")
    act(s, WHITE, "protest")
    assert len(s.legal_actions("white")) == 7
    act(s, WHITE, "connection", "tuchkov_bridge")
    assert s.block == 2


def test_R3_8_3_espionage_reveals_the_opponents_objective() -> None:
    s = begin()
    turn(s, WHITE, "savinkov")
    play(s, WHITE, "savinkov")
    act(s, WHITE, "espionage")
    assert s.so_up[RED] == 1
    assert s.view("white")["sides"]["red"]["secret_objective"] != "hidden"


def test_R3_8_4_popular_agitation_takes_popular_will() -> None:
    s = begin()
    turn(s, WHITE, "kerensky")
    play(s, WHITE, "kerensky")
    act(s, WHITE, "agitation")
    assert s.pw == WHITE


def test_R3_9_2_extra_recruit_any_unit_any_district_and_extra_draw() -> None:
    s = begin()
    s.phase, s.ctx, s.cur = "extra", "xturn", RED
    probe = s.clone()
    act(s, RED, "extra", "recruit")
    act(s, RED, "unit", 9)  # a 3/3
    act(s, RED, "district", "narva")
    assert s.loc[9] == d("blue")
    act(probe, RED, "extra", "draw")
    assert len(probe.hands[RED]) == 8 and probe.xdraws[RED] == 1


# -- R4 -------------------------------------------------------------------------------------------

def test_R4_3_5_unrest_vp_by_month() -> None:
    assert UNREST_VP == (2, 2, 3, 4, 5, 6)


def test_R4_4_3_the_score_marker_stops_at_the_last_space() -> None:
    s = begin(score=TRACK_END - 1)
    assert gain_vp(s, RED, 5, "test")
    assert s.score == TRACK_END and s.is_over


def test_R4_6_1_the_stronger_player_scores_a_revealed_objective() -> None:
    s = begin()
    clear(s)
    set_objective(s, RED, "blue-6a")
    set_objective(s, WHITE, "green-1")
    put(s, 10, "blue")
    scoring.score_rest(s)
    assert s.score == -CARD_VP[card("blue-6a")]  # White scored Red's objective (A1)


def test_R4_7_exhaust_processes_every_objective_district() -> None:
    s = begin()
    clear(s)
    put(s, 0, "red")
    put(s, 1, "green", exhausted=True)
    put(s, 2, "blue")
    s.obj = (d("red"), d("green"), -1)
    scoring.exhaust(s)
    assert s.exh[0] == 1 and s.loc[1] == SUPPLY and s.exh[2] == 0


# -- R5, R6 ---------------------------------------------------------------------------------------

def test_R5_cleanup_moves_tiles_discards_cards_and_returns_markers() -> None:
    s = begin()
    old_b = s.btile
    turn(s, RED, "red-4", "lenin")
    play(s, RED, "red-4")
    act(s, RED, "pass")
    s.obj = (s.unrest, -1, -1)
    scoring.cleanup(s)
    assert s.unrest == old_b and s.block == ARROW[s.btile] and len(s.tiles) == 3  # R5.1, R5.2
    assert s.obj == (-1, -1, -1)  # R5.3
    assert card("red-4") in s.discard and s.played == [[], []] and s.so == (-1, -1)  # R5.4


def test_R6_2_the_game_ends_after_scoring_in_october_november() -> None:
    s = begin()
    clear(s)
    s.month, s.score = 5, -1
    scoring.scoring(s)
    assert s.result["winners"] == ["white"] and s.result["scores"] == {"red": -1, "white": 1}


# -- solo -----------------------------------------------------------------------------------------

def test_S1_solo_setup_boxes_the_other_factions_units_and_readies_the_pool() -> None:
    s = new(0, players=1, side="red", difficulty=2)
    assert all(s.loc[m] == WAITING for m in range(10, 20))  # S1.1
    assert sum(1 for m in OPP_UNITS if s.loc[m] >= 0) >= 1  # S1.3: the Opposition has begun placing
    assert len(s.opp_leaders) == 2 and s.opp_leader_card >= N_COMMAND  # S1.4, S3.1
    assert s.game.roles(**s.options) == ["red"]


def test_S2_S3_draw_four_a_blind_objective_and_five_for_the_opposition() -> None:
    s = new(3, players=1, side="white", difficulty=1)
    assert len(s.hands[WHITE]) + len(s.played[WHITE]) == 7  # S2.1
    assert s.so[WHITE] >= 0 and s.so_up[WHITE] == 0  # S2.2
    assert len(s.opp_stack) + len(s.opp_played) == 5  # S2.3
    assert s.view("white")["sides"]["white"]["secret_objective"] == "hidden"  # S3.3
    lead = LEADER_MARKERS[[*range(N_COMMAND, N_COMMAND + 6)].index(s.opp_leader_card)]
    assert s.loc[lead] >= 0  # S3.1: placed on the board, in the Unrest district


def test_S4_1_the_opposition_goes_first_and_last() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    assert s.order == (WHITE, RED, WHITE, RED, WHITE, RED, WHITE, RED, WHITE)
    assert len(s.opp_played) == 1 and s.cur == RED


def test_S5_3_the_person_never_controls_opposition_units() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    assert all(m not in OPP_UNITS for m in s._movable(RED))


def test_S7_1_organize_reveals_your_own_objective() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    s.phase, s.ctx = "extra", "xturn"
    assert ("extra", "organize") in s.legal_actions("red")
    s.apply("red", ("extra", "organize"))
    assert s.so_up[RED] == 1


def test_S7_2_espionage_reveals_your_own_objective_in_solo() -> None:
    s = new(0, players=1, side="white", difficulty=1)
    turn(s, WHITE, "savinkov")
    s.order = (RED, WHITE) * 4 + (RED,)
    s.ti = 1
    play(s, WHITE, "savinkov")
    act(s, WHITE, "espionage")
    assert s.so_up[WHITE] == 1


def test_S8_1_the_opposition_always_takes_the_unrest_vp() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    clear(s)
    put(s, OPP_UNITS[0], "green")
    s.unrest = d("green")
    s.score = 0
    scoring.scoring(s)
    vp = UNREST_VP[s.month]
    assert any(e.message().startswith(f"The Opposition gains {vp} VP (the Unrest district") for e in s.log)
    assert s.phase != "unrest"  # no choice was offered


def test_S10_1_the_track_end_ends_the_solo_game() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    s.score = 14
    gain_vp(s, RED, 1, "test")
    assert s.result["winners"] == ["red"]


def test_S11_1_difficulty_is_the_strength_of_an_exhausted_opposition_unit() -> None:
    for x in range(1, 7):
        s = new(0, players=1, side="red", difficulty=x)
        put(s, OPP_UNITS[-1], "green", exhausted=True)
        from agon.games.dual_powers.board import strength

        assert strength(s, OPP_UNITS[-1]) == x


def test_R4_7_3_removed_leaders_are_out_of_the_game() -> None:
    s = begin()
    clear(s)
    put(s, LEADER["lenin"], "green", exhausted=True)
    s.obj = (d("green"), -1, -1)
    scoring.exhaust(s)
    assert s.loc[LEADER["lenin"]] == OUT
    assert CARD_DIST[0] >= 0


def test_S2_4_S3_2_the_opposition_holds_popular_will_and_no_objective_during_play() -> None:
    s = new(7, players=1, side="red", difficulty=2)
    assert s.so[WHITE] == -1  # S2.4: its objective space stays empty until Scoring
    assert s.pw == WHITE or s.month > 0  # S3.2 (only a month advance on your turn takes it back)


def test_S5_5_the_opposition_takes_popular_will_when_it_passes_31() -> None:
    from agon.games.dual_powers import solo

    from .helpers import to_opp_stack

    s = new(1, players=1, side="white", difficulty=1)
    s.pw, s.day = WHITE, 30
    to_opp_stack(s, "red-2")
    solo.opposition_turn(s)
    assert s.day == 1 and s.month == 1 and s.pw == RED


def test_S9_cleanup_discards_the_oppositions_cards_and_empties_its_objective() -> None:
    s = new(2, players=1, side="red", difficulty=1)
    played = list(s.opp_played)
    s.set_so(WHITE, played[0], 1)
    scoring.cleanup(s)
    assert all(c in s.discard for c in played) and s.opp_played == [] and s.so == (-1, -1)


def test_R4_2_5_equal_totals_and_counts_go_to_the_popular_will_holder() -> None:
    from agon.games.dual_powers.board import stronger

    s = begin()
    clear(s)
    put(s, 4, "green")  # Red 2
    put(s, 14, "green")  # White 2
    for holder in (RED, WHITE):
        s.pw = holder
        assert stronger(s, d("green")) == holder


def test_R4_2_6_R4_3_6_an_empty_unrest_district_gives_no_vp_and_no_choice() -> None:
    s = begin()
    clear(s)
    empty_objectives(s)
    s.unrest = d("purple")
    scoring.scoring(s)
    assert s.score == 0 and s.phase == "objective" and s.rnd == 2  # straight on to the next round


def test_R5_2_cleanup_puts_the_blockade_back_on_the_new_tiles_arrow_after_a_protest() -> None:
    s = begin()
    s.block = (ARROW[s.tiles[-1]] + 1) % 8  # as if Mobilize Protest had moved it
    scoring.cleanup(s)
    assert s.block == ARROW[s.btile]


def test_R3_4_3_a_month_advance_on_your_solo_turn_takes_popular_will_from_the_opposition() -> None:
    s = new(0, players=1, side="red", difficulty=1)
    assert s.pw == WHITE  # S3.2
    turn(s, RED, "red-6a")
    s.order, s.ti, s.day = (WHITE, RED) * 4 + (WHITE,), 1, 28
    play(s, RED, "red-6a")
    assert s.pw == RED and s.month == 1  # and the neutral markers are now yours
    assert all(m in s._candidates(RED) for m in NEUTRAL_UNITS)
