"""One test per ruling of docs/rulings/intrigue-city.md (AMB-1 .. AMB-22 and R-1 .. R-6)."""

from __future__ import annotations

from agon.engine import Action
from agon.games.intrigue_city import scoring
from agon.games.intrigue_city.data import ADVANCED, BASIC, CARDS, FAVOURS, GI, POWER_INDEX, POWER_VALUE, TRACK
from agon.games.intrigue_city.effects import executions, favour_executions, target_ok

from .helpers import GAME, A, N, V, act, begin, board, choose, deal, intrigue, legal, pos_of, put, restart, sums
from .test_examples import example_1
from .test_leaks import play_until


def test_AMB_1_favour_mapping_by_timing_groups() -> None:
    assert {g: f["window"] for g, f in FAVOURS.items()} == {
        "CM": "post", "DB": "post", "ES": "pre_defensive", "BoS": "pre_offensive", "DR": "react", "RL": "react"}
    assert FAVOURS["DR"]["effect"] == "move_adjacent" and FAVOURS["RL"]["effect"] == "place_or_remove"


def test_AMB_1_the_mapping_is_data_and_can_be_swapped(monkeypatch) -> None:
    from agon.games.intrigue_city import data

    assert data.FAV_REACT == (GI["DR"], GI["RL"]) and data.FAV_POST == (GI["CM"], GI["DB"])
    assert (data.FAV_PRE_OFFENSIVE, data.FAV_PRE_DEFENSIVE) == (GI["BoS"], GI["ES"])
    assert data.FAV_INTRIGUE == {GI["ES"]: (-1, 1)} and data.FAV_STRONG_BONUS == (GI["BoS"],)
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "ES": [1, 2, 3]})
    moves = favour_executions("DR", (1,), s.cu, 0, s.bank, GI["ES"])
    assert {d[0].verb for d, _ in moves} == {"move"}
    monkeypatch.setitem(FAVOURS["DR"], "effect", "place_or_remove")  # the medium-confidence DR/RL swap
    swapped = favour_executions("DR", (1,), s.cu, 0, s.bank, GI["ES"])
    assert [d[0] for d, _ in swapped] == [Action("place", 1), Action("remove", 1)]


def _es_turn(side: int, spiders: int):
    s = example_1()
    deal(s, [("ACT-B1", spiders), ("ACT-B2", 2), ("ACT-B3", 3), ("ACT-P2", 4)])
    s.fav[V * 6 + GI["ES"]] = side
    intrigue(s, 20, 16, 16)  # A arrived first, V is on top of him
    s.pawns[2 * A] = s.pawns[2 * A + 1] = 0
    restart(s)
    act(s, "favour", "ES")
    act(s, "defensive", 0)
    act(s, "target", ("p3", "RL"))
    choose(s, "place", 1)
    return s


def test_AMB_2_eternal_seekers_changes_this_turns_intrigue_move() -> None:
    weak = _es_turn(1, 1)
    assert weak.pos[V] == 16 and weak.arr[V] > weak.arr[A]  # net 0: stays, keeps its stack place
    weak = _es_turn(1, 3)
    assert weak.pos[V] == 18
    strong = _es_turn(2, 3)
    assert strong.pos[V] == 20 and strong.fav[V * 6 + GI["ES"]] == 0


def test_AMB_3_promising_arrangements_places_a_cube_of_any_value() -> None:
    s = begin(3)
    got = executions("ACT-A8", s.cu, 0, s.bank, GI["CM"])
    assert {ops[0][2] for _, ops in got} == {1, 2, 3}


def test_AMB_3_option_arrangement_value_fixes_the_placed_cube() -> None:
    s = begin(3, arrangement_value=1)
    deal(s, [("ACT-A8", 2), ("ACT-A9", 3), ("ACT-B1", 1), ("ACT-B2", 4)])
    board(s, V, {"BoS": [1, 2, 3], "ES": [1, 2, 3]})
    intrigue(s, 20, 19, 16)
    restart(s)
    act(s, "defensive", 0)  # Promising Arrangements on V's own board
    act(s, "target", ("p3", "ES"))
    assert s.execs and {ops[0] for _, ops in s.execs} == {("P", GI["ES"], 1)}  # only a 1 may be placed
    choose(s, "chosen", "BoS")
    choose(s, "place", 1)
    choose(s, "move", 3)
    assert sums(s, V)["ES"] == 6 + 1 + 3
    assert GAME.normalize_options({"arrangement_value": 2})["arrangement_value"] == 2


def test_AMB_4_power_card_values_by_player_count() -> None:
    a, b = POWER_INDEX["CM-a"], POWER_INDEX["CM-b"]
    assert [POWER_VALUE[a][n] for n in (2, 3, 4, 5)] == [2, 2, 2, 1]
    assert [POWER_VALUE[b][n] for n in (2, 3, 4, 5)] == [3, 3, 2, 2]


def test_AMB_5_double_move_fallback_is_decided_per_target() -> None:
    s = begin(3)
    board(s, N, {"BoS": [2, 3], "ES": [1], "DR": [2]})
    doubles = executions("ACT-A5", s.cu, 0, s.bank, GI["BoS"])  # a 1 in from ES, a 2 or 3 back
    assert doubles and all(len(ops) == 2 for _, ops in doubles)
    singles = executions("ACT-A5", s.cu, 0, s.bank, GI["DB"])  # a 2 in from DR, nothing else to send back
    assert singles and all(len(ops) == 1 for _, ops in singles)


def test_AMB_6_brotherhood_strong_gives_the_weak_card_of_the_attacked_guild() -> None:
    s = example_1()
    s.fav[V * 6 + GI["BoS"]] = 2
    act(s, "favour", "BoS")
    act(s, "offensive", pos_of(s, "ACT-P2"))
    act(s, "target", ("p2", "DR"))
    assert s.fav[V * 6 + GI["DR"]] == 1 and s.fav[V * 6 + GI["BoS"]] == 0


def test_AMB_7_defender_reacts_before_the_attackers_post_offensive_favour() -> None:
    s = example_1()
    s.fav[N * 6 + GI["DR"]] = 1
    s.fav[V * 6 + GI["CM"]] = 1
    put(s, V, {"DB": [1]})
    act(s, "offensive", pos_of(s, "ACT-B2"))
    act(s, "target", ("p1", "DB"))
    choose(s, "place", 2)
    assert s.phase == "react" and s.active == ["p1"]
    act(s, "pass")
    assert s.phase == "post" and s.active == ["p3"]


def test_AMB_8_neutral_card_only_in_eras_I_and_II() -> None:
    s = begin(2)
    for tpos, expect in ((TRACK.index("CoE I"), 1), (TRACK.index("CoE III"), 0)):
        s.tpos = tpos
        before = len(s.neutral)
        scoring.start_era(s)
        s.changed()
        for r in s.roles:
            act(s, "vote", legal(s, r)[0].arg, role=r)
        assert before - len(s.neutral) == expect


def test_AMB_9_a_card_with_your_own_pawn_is_occupied() -> None:
    s = example_1()
    s.fav[N * 6 + GI["RL"]] = 0
    taken = pos_of(s, "ACT-P2")
    act(s, "offensive", taken)
    act(s, "target", ("p1", "ES"))
    assert s.active == ["p3"] and Action("defensive", taken) not in legal(s)


def test_AMB_10_reactive_use_does_not_spend_the_own_turn_allowance() -> None:
    s = example_1()
    s.fav[N * 6 + GI["RL"]] = 0
    s.fav[N * 6 + GI["DR"]] = 1
    s.fav[N * 6 + GI["BoS"]] = 1
    put(s, N, {"DB": [2, 1]})
    act(s, "offensive", pos_of(s, "ACT-B1"))  # V attacks N's Dragon's Blood
    act(s, "target", ("p1", "DB"))
    choose(s, "place", 1)
    assert s.phase == "react"
    act(s, "favour", "DR")
    choose(s, "move", ("DB", "DR", 1))
    intrigue(s, 1, 19, 20)
    restart(s)
    assert s.active == ["p1"] and Action("favour", "BoS") in legal(s)


def test_AMB_11_origin_restriction_covers_only_the_target_guild() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "DR": [1, 2]})
    got = favour_executions("DB", (1, 2), s.cu, 0, s.bank, GI["DR"])
    assert Action("move", ("DR", "DB", 1)) in [d[0] for d, _ in got]


def test_AMB_12_grand_schemer_tie_goes_to_the_top_of_the_stack() -> None:
    s = begin(3)
    intrigue(s, 40, 40, 12)  # p2 arrived later: on top
    scoring.final_scoring(s)
    assert s.result["schemer"] == "p2"


def test_AMB_12_option_schemer_tie_bottom_shared_none() -> None:
    for rule, expect in (("bottom", "p1"), ("shared", ["p1", "p2"]), ("none", [])):
        s = GAME.new(0, players=3, schemer_tie=rule)
        intrigue(s, 40, 40, 12)
        scoring.final_scoring(s)
        assert s.result["schemer"] == expect


def test_AMB_13_variety_zero_never_scores() -> None:
    s = begin(3)
    r = scoring.score(s, 0)
    assert all(row["variety"] == 0 for row in r["breakdown"].values())


def test_AMB_14_special_victory_is_checked_after_the_whole_action() -> None:
    s = example_1()
    deal(s, [("ACT-A5", 3), ("ACT-B1", 2), ("ACT-B2", 2), ("ACT-B3", 4), ("ACT-P2", 5)])
    six = {"BoS": [3, 3], "ES": [2, 2, 2], "RL": [3, 2, 1], "DR": [1, 1, 1, 3]}
    board(s, N, {**six, "DB": [2, 2, 1], "CM": [2, 1, 1, 1, 1, 1]})  # DB 5, CM 7
    act(s, "offensive", 0)
    act(s, "target", ("p1", "DB"))
    choose(s, "chosen", "CM")
    choose(s, "move", 1)  # for a moment all six guilds are at 6; the 2 going back is forced
    assert not s.is_over and sums(s, N)["DB"] == 4 and sums(s, N)["CM"] == 8


def test_AMB_14_option_strict_victory_checks_every_cube_operation() -> None:
    s = example_1()
    s.options = {**s.options, "strict_victory": True}
    deal(s, [("ACT-A5", 3), ("ACT-B1", 2), ("ACT-B2", 2), ("ACT-B3", 4), ("ACT-P2", 5)])
    six = {"BoS": [3, 3], "ES": [2, 2, 2], "RL": [3, 2, 1], "DR": [1, 1, 1, 3]}
    board(s, N, {**six, "DB": [2, 2, 1], "CM": [2, 1, 1, 1, 1, 1]})
    act(s, "offensive", 0)
    act(s, "target", ("p1", "DB"))
    choose(s, "chosen", "CM")
    choose(s, "move", 1)
    assert s.is_over and s.result["winners"] == ["p1"] and sums(s, N)["DB"] == 6


def test_AMB_15_bank_is_limited_equilibrium_cards_are_not() -> None:
    s = begin(3)
    s.bank[2] = 0
    assert not target_ok("ACT-A2", s.cu, 0, s.bank, GI["BoS"])
    s.eq[GI["BoS"]] = 20
    put(s, N, {"BoS": [3, 3], "ES": [], "RL": [1, 2]})
    s.pawns = [0] * 6
    restart(s)
    assert s.eq[GI["BoS"]] == 21


def test_AMB_15_option_limited_equilibrium_stacks() -> None:
    s = GAME.new(0, players=3, limit_equilibrium=True)
    while s.phase == "setup":
        act(s, legal(s)[0].verb, legal(s)[0].arg)
    s.eq[A * 6 + GI["BoS"]] = 15
    put(s, N, {"BoS": [3, 3], "ES": [], "RL": [1, 2]})
    s.pawns = [0] * 6
    restart(s)
    assert s.eq[GI["BoS"]] == 0


def test_AMB_15_GAP_14_option_unlimited_bank() -> None:
    s = begin(3, unlimited_bank=True)
    assert min(s.bank) > 1000 and s.view(None)["bank_limited"] is False
    assert "Bank: unlimited" in GAME.render(s.view("p1"), "p1")
    play_until(s, lambda x: False)
    s.check_invariants()  # cubes are still conserved against the larger piles
    assert begin(3).view(None)["bank_limited"] is True


def test_AMB_16_a_choice_is_legal_only_if_the_whole_effect_can_be_done() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3]})
    assert not target_ok("ACT-A6", s.cu, 0, s.bank, GI["ES"])  # nothing to remove: no free cubes


def test_AMB_17_markers_start_stacked_in_random_order() -> None:
    firsts = {GAME.new(seed, players=4).setup_order[0] for seed in range(20)}
    assert len(firsts) > 1


def test_AMB_18_components_five_basic_ten_advanced_two_printed() -> None:
    assert len(BASIC) == 5 and len(ADVANCED) == 10
    assert sorted(c for c, d in CARDS.items() if d["type"] == "printed") == ["ACT-P1", "ACT-P2"]


def test_AMB_19_favours_public_equilibrium_guilds_and_discards_hidden() -> None:
    s = play_until(GAME.new(3, players=3), lambda x: x.tpos >= 7 and x.phase == "turn")
    s.fav[A * 6 + GI["RL"]] = 2
    v = s.view("p1")
    assert v["players"][A]["favours"]["RL"] == "strong"
    assert "equilibrium" not in v["players"][A] and "discards" not in str(v)


def test_AMB_20_final_scoring_order_matches_example_4() -> None:
    from .test_examples import test_T_10_final_scoring_example_4

    test_T_10_final_scoring_example_4()


def test_AMB_21_favour_pawn_may_go_on_an_unoccupied_card() -> None:
    s = example_1()
    s.fav[V * 6 + GI["BoS"]] = 1
    act(s, "favour", "BoS")
    assert len(legal(s)) == len(s.board)


def test_AMB_22_two_player_hands_come_after_the_board() -> None:
    for seed in range(10):
        s = GAME.new(seed, players=2)
        hands = s.hands[0] + s.hands[1]
        assert set(hands) <= set(ADVANCED) and not set(hands) & set(s.board) and len(set(hands)) == 6


def _scapegoat_on_own_raven_lords_at_six(s) -> int:
    """Vasilis plays Scapegoat defensively on his Raven Lords already at 6; his RL Favour side."""
    put(s, V, {"RL": [3, 3]})
    act(s, "defensive", pos_of(s, "ACT-P2"))
    act(s, "target", ("p3", "RL"))
    return s.fav[V * 6 + GI["RL"]]


def test_R_1_IC_6_2_scapegoat_on_a_guild_already_at_six_gives_weak_favour() -> None:
    """R-1 (default formed_favour): Scapegoat forms nothing, so a guild already at 6 gives the Weak Favour."""
    s = example_1()
    assert s.options["formed_favour"] is True
    assert _scapegoat_on_own_raven_lords_at_six(s) == 1


def test_R_1_option_formed_favour_off_tests_the_state_after_the_action() -> None:
    s = example_1()
    s.options = {**s.options, "formed_favour": False}
    assert _scapegoat_on_own_raven_lords_at_six(s) == 2


def test_R_2_a_forced_choice_is_taken_at_once() -> None:
    s = example_1()
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))  # only "place a 3": no further prompt
    assert s.phase == "turn" and sums(s, V)["CM"] == 6


def test_R_3_a_favour_is_offered_only_if_its_effect_can_be_done() -> None:
    s = example_1()
    board(s, N, {"BoS": [1, 2, 3], "RL": [3, 3], "DB": [2]})
    s.fav[N * 6 + GI["RL"]] = 0
    s.fav[N * 6 + GI["DR"]] = 1  # Weak Dreamers: a 1 between DB and a neighbour; none there
    act(s, "offensive", pos_of(s, "ACT-B2"))
    act(s, "target", ("p1", "DB"))
    choose(s, "place", 2)
    assert s.phase != "react"


def test_R_4_two_player_hand_card_replaces_the_action_but_the_slot_sets_intrigue() -> None:
    s = play_until(GAME.new(4, players=2), lambda x: x.phase == "hand", seed=9)
    role = s.active[0]
    p = s.roles.index(role)
    before, spiders = s.pos[p], s.spiders[s.cpos]
    card = next(a for a in s.legal_actions(role) if a.verb == "hand")
    s.apply(role, card)
    assert s.card == card.arg and card.arg not in s.hands[p]
    play_until(s, lambda x: x.cur != p or (x.phase == "turn" and x.pawn < 0), seed=1)
    assert s.pos[p] == before + spiders


def test_R_5_no_legal_play_is_decided_per_pawn() -> None:
    s = example_1()
    deal(s, [("ACT-B1", 2), ("ACT-A1", 3)])
    s.bank[0] = 0
    board(s, V, {"BoS": [1, 2, 3], "ES": [2, 3]})
    board(s, N, {"BoS": [1, 2, 3]})
    board(s, A, {"BoS": [1, 2, 3]})
    s.changed()
    assert legal(s) == [Action("offensive", 0), Action("offensive", 1), Action("defensive", 0), Action("defensive", 1)]


def test_R_6_setup_sets_are_placed_in_turn_order_by_each_player() -> None:
    s = GAME.new(7, players=4)
    order = [s.roles[p] for p in s.setup_order]
    seen = []
    while s.phase == "setup":
        seen.append(s.active[0])
        act(s, legal(s)[0].verb, legal(s)[0].arg)
    assert seen == [r for r in order for _ in range(3)]
