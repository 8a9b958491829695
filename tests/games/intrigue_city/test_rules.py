"""Rule-by-rule tests; each names the rule id it pins (reference: agon/rules/intrigue-city.md)."""

from __future__ import annotations

import pytest

from agon.engine import Action, IllegalAction, log_lines
from agon.games.intrigue_city import scoring
from agon.games.intrigue_city.data import (
    ADJ,
    ADVANCED,
    BASIC,
    CARDS,
    GI,
    NONADJ,
    OPP,
    POWER_INDEX,
    POWER_VALUE,
    SLOT_SPIDERS,
    TRACK,
)
from agon.games.intrigue_city.effects import executions, favour_executions

from .helpers import GAME, A, N, V, act, begin, board, choose, deal, intrigue, legal, pos_of, put, restart, sums
from .test_examples import example_1


def ops_of(card: str, s, p: int, g: str) -> list[tuple]:
    return [ops for _, ops in executions(card, s.cu, p * 18, s.bank, GI[g])]


# -- options, setup ------------------------------------------------------------------------------


def test_options_are_validated_and_roles_follow_players() -> None:
    assert GAME.roles(players=5) == ["p1", "p2", "p3", "p4", "p5"]
    assert GAME.normalize_options({}) == {"players": 3, "beginner": False, "short": False, "blank_vote": False,
                                          "strict_victory": False, "formed_favour": True,
                                          "limit_equilibrium": False, "unlimited_bank": False, "schemer_tie": "top",
                                          "arrangement_value": "any", "advanced": "none"}
    for bad in ({"players": 1}, {"players": 6}, {"colour": "red"}, {"advanced": "C"}, {"theme": "whispers"},
                {"advanced": "B", "theme": "nope"}, {"short": "yes"}, {"schemer_tie": "random"},
                {"arrangement_value": 4}, {"arrangement_value": True}):
        with pytest.raises(ValueError):
            GAME.normalize_options(bad)
    assert GAME.normalize_options({"advanced": "B"})["theme"] == "whispers"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_2_1_board_cards_and_slots_per_player_count(players: int) -> None:
    s = GAME.new(4, players=players)
    slots = len(SLOT_SPIDERS[players])
    assert len(s.board) == slots + (0 if players == 2 else 2)  # IC-2P.4
    assert sum(1 for c in s.board if c in BASIC) == 5
    assert sum(1 for c in s.board if c in ADVANCED) == slots - 5
    assert s.power == [1] * 6 and s.pos == [0] * players and s.tpos == 0
    assert sorted(s.arr) == list(range(players))  # IC-3.2 random stack
    if players == 2:
        assert all(len(h) == 3 and set(h) <= set(ADVANCED) for h in s.hands)  # IC-2P.1
        assert not set(s.hands[0]) & set(s.hands[1]) and not set(s.hands[0] + s.hands[1]) & set(s.board)


def test_setup_2_4_sets_go_in_different_guilds_in_stack_order() -> None:
    s = GAME.new(2, players=3)
    first = s.roles[s.setup_order[0]]
    assert s.active == [first] and s.setup_order == sorted(range(3), key=lambda p: s.arr[p])
    act(s, "guild", "CM")
    assert Action("guild", "CM") not in legal(s) and len(legal(s)) == 5
    with pytest.raises(IllegalAction):
        act(s, "guild", "CM")


def test_IC_2P_2_two_players_get_a_fourth_set() -> None:
    s = begin(2)
    assert all(sum(sums(s, p).values()) == 17 for p in range(2))


def test_IC_V_5_variant_A_deals_from_all_fifteen_and_hands_may_be_basic() -> None:
    kinds = set()
    for seed in range(30):
        s = GAME.new(seed, players=2, advanced="A")
        assert len(s.board) == 7
        kinds |= {CARDS[c]["type"] for h in s.hands for c in h}
    assert kinds == {"basic", "advanced"}


def test_IC_V_6_variant_B_uses_the_theme() -> None:
    s = GAME.new(0, players=4, advanced="B", theme="web_of_lies")
    from agon.games.intrigue_city.data import THEMES

    assert sorted(s.board[:9]) == sorted(THEMES["web_of_lies"]["cards"][:9])


# -- geometry, cubes -----------------------------------------------------------------------------


def test_IC_2_2_ring_geometry() -> None:
    for g in range(6):
        assert len(ADJ[g]) == 2 and len(NONADJ[g]) == 3 and OPP[g][0] in NONADJ[g]
        assert not set(ADJ[g]) & set(NONADJ[g]) and g not in ADJ[g] + NONADJ[g]
    assert GI["RL"] in NONADJ[GI["BoS"]] and OPP[GI["BoS"]] == (GI["DR"],)


def test_IC_2_7_claiming_ground_cannot_remove_the_last_cube_of_a_value() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3]})
    assert ops_of("ACT-A6", s, N, "BoS") == []
    put(s, N, {"ES": [3]})
    assert ops_of("ACT-A6", s, N, "BoS") == [(("R", 0, 3), ("P", GI["CM"], 1), ("P", GI["ES"], 1))]


# -- turn order, intrigue ------------------------------------------------------------------------


def test_IC_3_9_intrigue_moves_even_when_nothing_changes_scapegoat() -> None:
    s = example_1()
    s.fav[N * 6 + GI["RL"]] = 0
    act(s, "offensive", pos_of(s, "ACT-P2"))
    act(s, "target", ("p1", "ES"))
    assert s.pos[V] == 17


def test_IC_4_4_and_4_5_offensive_targets_other_boards_defensive_own() -> None:
    s = example_1()
    act(s, "offensive", pos_of(s, "ACT-B1"))
    assert {a.arg[0] for a in legal(s)} == {"p1", "p2"}
    s = example_1()
    act(s, "defensive", pos_of(s, "ACT-B1"))
    assert {a.arg[0] for a in legal(s)} == {"p3"}


def test_IC_4_2_each_pawn_once_per_round() -> None:
    s = example_1()
    s.fav[N * 6 + GI["RL"]] = 0
    act(s, "offensive", pos_of(s, "ACT-P2"))
    act(s, "target", ("p1", "ES"))  # V 16 -> 17, still behind
    assert s.active == ["p3"] and {a.verb for a in legal(s)} == {"defensive"}


def test_IC_5_5_a_card_without_a_full_execution_cannot_be_chosen() -> None:
    s = example_1()
    s.bank[0] = 0  # no 1-cubes: Establishing Trust cannot place its 1
    s.changed()
    assert Action("defensive", pos_of(s, "ACT-A1")) not in legal(s)


def test_IC_5_6_no_legal_play_places_the_pawn_to_no_effect() -> None:
    s = example_1()
    deal(s, [("ACT-B1", 2), ("ACT-B2", 3)])
    board(s, V, {"BoS": [1, 2, 3]})
    s.bank[0] = s.bank[1] = 0
    s.changed()
    assert len(legal(s)) == 4  # both pawns, both cards
    act(s, "defensive", 0)
    assert s.noeff and len(legal(s)) == 6
    act(s, "target", ("p3", "RL"))
    assert s.fav[V * 6 + GI["RL"]] == 1 and s.pos[V] == 18  # still a Favour card and the intrigue move


# -- Favour cards --------------------------------------------------------------------------------


def test_IC_6_2_weak_side_when_target_is_not_at_six_and_chosen_guild_does_not_count() -> None:
    s = example_1()
    board(s, V, {"BoS": [1, 2, 3], "ES": [2, 2], "RL": [3]})
    act(s, "defensive", pos_of(s, "ACT-A1"))  # Establishing Trust: 2 in target, 1 in an adjacent
    act(s, "target", ("p3", "RL"))
    act(s, "chosen", "ES")
    assert sums(s, V)["ES"] == 5 and sums(s, V)["RL"] == 5
    assert s.fav[V * 6 + GI["RL"]] == 1 and s.fav[V * 6 + GI["ES"]] == 0


def test_IC_6_4_react_window_dreamers_moves_in_attacked_guild() -> None:
    s = example_1()
    s.fav[N * 6 + GI["DR"]] = 2
    act(s, "offensive", pos_of(s, "ACT-B1"))
    act(s, "target", ("p1", "DB"))
    choose(s, "place", 1)
    assert s.phase == "react" and s.active == ["p1"]
    assert legal(s) == [Action("favour", "DR"), Action("favour", "RL"), Action("pass")]
    act(s, "favour", "DR")
    assert s.prompt("p1").message() == "Player 1: the Dreamers Favour card: choose the cube to move"
    moves = {a.arg for a in legal(s)}
    assert ("DB", "DR", 2) in moves and ("DB", "CM", 1) in moves and all(m[2] in (1, 2) for m in moves)
    act(s, "move", ("DB", "CM", 1))
    assert s.fav[N * 6 + GI["DR"]] == 0 and s.fav[N * 6 + GI["RL"]] == 2  # one reactive card per attack
    assert s.phase == "turn" and s.pos[V] == 17


def test_IC_6_8_origin_restriction_for_each_window() -> None:
    s = example_1()
    s.fav[V * 6 + GI["ES"]] = 1
    s.changed()
    act(s, "favour", "ES")
    act(s, "defensive", pos_of(s, "ACT-B4"))
    assert Action("target", ("p3", "ES")) not in legal(s)
    s = example_1()
    s.fav[V * 6 + GI["BoS"]] = 1
    s.changed()
    act(s, "favour", "BoS")
    act(s, "offensive", pos_of(s, "ACT-B4"))
    assert all(a.arg[1] != "BoS" for a in legal(s))
    s = example_1()
    s.fav[V * 6 + GI["DB"]] = 2
    act(s, "offensive", pos_of(s, "ACT-B1"))
    act(s, "target", ("p2", "DB"))
    choose(s, "place", 1)
    assert s.phase == "turn"  # no Dragon's Blood after targeting Dragon's Blood


def test_IC_6_6_favour_effects_weak_and_strong_values() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "ES": [1, 2, 3]})
    weak = favour_executions("RL", (1,), s.cu, 0, s.bank, GI["ES"])
    assert [e[0][0] for e in weak] == [Action("place", 1), Action("remove", 1)]
    strong = favour_executions("CM", (1, 2, 3), s.cu, 0, s.bank, GI["ES"])
    assert len(strong) == 6
    dr = favour_executions("DR", (1,), s.cu, 0, s.bank, GI["ES"])
    assert {e[0][0].arg for e in dr} == {("ES", "BoS", 1), ("BoS", "ES", 1), ("ES", "RL", 1)}


def test_IC_V_1_beginner_no_favour_cards() -> None:
    s = example_1()
    s.options = {**s.options, "beginner": True}
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))
    assert s.fav[V * 6 + GI["CM"]] == 0


# -- the 17 action cards -------------------------------------------------------------------------


def test_ACT_B1_B2_B4_place_or_remove_fixed_value() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 1, 2, 2, 3, 3]})
    for card, v in (("ACT-B1", 1), ("ACT-B2", 2), ("ACT-B4", 3)):
        assert ops_of(card, s, N, "BoS") == [(("P", 0, v),), (("R", 0, v),)]


def test_ACT_B3_B5_move_from_chosen_into_target() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "ES": [2], "RL": [1, 3]})
    assert sorted(ops_of("ACT-B3", s, N, "CM")) == [(("M", 0, 5, 1),), (("M", 0, 5, 2),), (("M", 0, 5, 3),)]
    assert sorted(ops_of("ACT-B5", s, N, "CM")) == [(("M", 1, 5, 2),), (("M", 2, 5, 1),), (("M", 2, 5, 3),)]


def test_ACT_A1_to_A4_place_two_cubes() -> None:
    s = begin(3)
    assert ops_of("ACT-A1", s, N, "RL") == [(("P", 2, 2), ("P", 1, 1)), (("P", 2, 2), ("P", 3, 1))]
    assert ops_of("ACT-A2", s, N, "RL")[0] == (("P", 2, 3), ("P", 1, 2))
    assert ops_of("ACT-A3", s, N, "RL") == [(("P", 2, 2), ("P", 5, 1))]
    assert ops_of("ACT-A4", s, N, "BoS") == [(("P", 0, 3), ("P", 3, 2))]


def test_ACT_A5_A10_double_move_different_value_and_fallback() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "ES": [1, 1], "RL": [2]})
    doubles = ops_of("ACT-A5", s, N, "ES")
    assert doubles and all(len(o) == 2 and o[0][3] != o[1][3] for o in doubles)
    assert (("M", 0, 1, 1), ("M", 1, 0, 1)) not in doubles
    board(s, N, {"BoS": [1, 2, 3], "RL": [1]})
    singles = ops_of("ACT-A5", s, N, "ES")  # ES is empty: nothing can go back
    assert singles and all(len(o) == 1 for o in singles)
    assert all(len(o) == 2 for o in ops_of("ACT-A10", s, N, "RL"))


def test_ACT_A6_A7_claim_remove_then_place_in_both_neighbours() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "ES": [1, 2, 3]})
    assert ops_of("ACT-A7", s, N, "ES")[0] == (("R", 1, 1), ("P", 0, 2), ("P", 2, 2))


def test_ACT_A8_A9_place_any_value_and_move_in() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3]})
    got = ops_of("ACT-A8", s, N, "ES")
    assert {o[0][2] for o in got} == {1, 2, 3} and all(o[1][:3] == ("M", 0, 1) for o in got)
    assert ops_of("ACT-A9", s, N, "ES") == []  # BoS is adjacent to ES: nothing Non-adjacent to move


def test_ACT_P1_old_debts_place_remove_or_move_from_any_guild() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 2, 3], "DR": [1]})
    got = ops_of("ACT-P1", s, N, "BoS")
    assert (("P", 0, 2),) in got and (("R", 0, 1),) in got and (("M", 3, 0, 1),) in got
    assert (("R", 0, 2),) not in got  # IC-2.7


def test_ACT_P2_scapegoat_offensive_still_opens_the_reactive_window() -> None:
    s = example_1()
    s.fav[N * 6 + GI["DR"]] = 1
    put(s, N, {"ES": [1]})
    act(s, "offensive", pos_of(s, "ACT-P2"))
    act(s, "target", ("p1", "ES"))
    assert s.phase == "react" and s.active == ["p1"]


# -- Change of Era, scoring ----------------------------------------------------------------------


def test_IC_8_2_draw_three_keep_one_discard_two_all_vote_at_once() -> None:
    s = example_1()
    s.pawns = [0] * 6
    s.tpos = TRACK.index("R2")
    restart(s)
    assert s.phase == "vote" and s.active == ["p1", "p2", "p3"]
    assert all(len(d) == 3 for d in s.drawn) and all(len(d) == 9 for d in s.decks)
    act(s, "vote", legal(s, "p2")[0].arg, role="p2")
    assert s.active == ["p1", "p3"]
    with pytest.raises(IllegalAction):
        act(s, "vote", legal(s, "p1")[0].arg, role="p2")


def test_IC_V_4_blank_vote_once_and_minus_two() -> None:
    s = GAME.new(0, players=3, blank_vote=True)
    while s.phase == "setup":
        act(s, legal(s)[0].verb, legal(s)[0].arg)
    s.pawns = [0] * 6
    s.tpos = TRACK.index("R2")
    restart(s)
    assert Action("blank") in legal(s, "p1")
    power = sum(s.power)
    kept = {r: legal(s, r)[0].arg for r in ("p2", "p3")}
    act(s, "blank", role="p1")
    for r, card in kept.items():
        act(s, "vote", card, role=r)
    assert s.blank_used == [True, False, False]
    assert sum(s.power) == power + sum(POWER_VALUE[POWER_INDEX[c]][3] for c in kept.values())
    s.pawns = [0] * 6
    s.tpos = TRACK.index("R4")
    restart(s)
    assert Action("blank") not in legal(s, "p1") and Action("blank") in legal(s, "p2")
    assert scoring.score(s, 1)["breakdown"]["p1"]["blank"] == -2


def test_IC_9_1_grand_schemer_highest_intrigue() -> None:
    s = begin(3)
    intrigue(s, 30, 41, 40)
    scoring.final_scoring(s)
    assert s.result["schemer"] == "p2" and s.result["breakdown"]["p2"]["schemer"] == 3


def test_IC_10_special_victory_ends_at_once_for_the_defensive_player() -> None:
    s = example_1()
    board(s, V, {"BoS": [3, 3], "ES": [2, 2, 2], "RL": [3, 2, 1], "DR": [1, 1, 1, 3], "DB": [2, 2, 1, 1], "CM": [3, 1, 1]})
    act(s, "defensive", pos_of(s, "ACT-B1"))
    act(s, "target", ("p3", "CM"))
    choose(s, "place", 1)
    assert s.result["winners"] == ["p3"] and s.legal_actions("p3") == []


def test_IC_4_1_a_prompt_and_labels_after_a_pre_placement_favour() -> None:
    s = example_1()
    s.fav[V * 6 + GI["ES"]] = 2
    s.changed()
    label = s.prompt("p3").labels[legal(s).index(Action("favour", "ES"))]
    assert "defensive pawn may go on an occupied card" in label and "intrigue move +1" in label
    act(s, "favour", "ES")
    prompt = s.prompt("p3")
    assert prompt.message() == "Player 3: place your defensive pawn on any card (Eternal Seekers Favour card)"
    assert {a.verb for a in prompt.actions} == {"defensive"}


def test_IC_4_5_defensive_targets_read_as_your_own_board_and_IC_5_7_favour_log_names_the_board() -> None:
    s = example_1()
    act(s, "defensive", pos_of(s, "ACT-B4"))
    assert all(lbl.endswith("on your own board") for lbl in s.prompt("p3").labels if lbl.startswith("Target"))
    s = example_1()
    act(s, "offensive", pos_of(s, "ACT-B5"))
    assert all("p3" not in lbl for lbl in s.prompt("p3").labels)
    s = example_1()  # T-5: Alexandros's Crescent Moon acts on his own Raven Lords
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))
    act(s, "offensive", pos_of(s, "ACT-B5"))
    act(s, "target", ("p1", "RL"))
    choose(s, "chosen", "BoS")
    choose(s, "move", 2)
    act(s, "favour", "CM")
    choose(s, "remove", 1)
    assert any("Crescent Moon Favour card on their own board" in m for m in log_lines(s.view(None)["log"]))


def test_IC_8_2_drawn_and_kept_power_cards_are_logged_as_guild_and_value() -> None:
    s = example_1()
    s.pawns = [0] * 6
    s.tpos = TRACK.index("R2")
    restart(s)
    card = legal(s, "p1")[0].arg
    act(s, "vote", card, role="p1")
    mine = [m for m in log_lines(s.view("p1")["log"]) if m.startswith(("You draw", "You keep"))]
    assert len(mine) == 2 and all("+" in m and "-a" not in m and "-b" not in m for m in mine)
    board_text = [ln for ln in GAME.render(s.view("p1"), "p1").splitlines() if "Change of Era:" in ln]
    assert "drew " in board_text[0] and "-a" not in board_text[0] and "-b" not in board_text[0]


def test_labels_prompts_and_render_cover_every_phase() -> None:
    from agon.engine.rng import Rng

    for players in (2, 5):
        s = GAME.new(9, players=players, blank_vote=True)
        chooser = Rng(1)
        phases = set()
        while not s.is_over:
            role = s.active[chooser.below(len(s.active))]
            prompt = s.prompt(role)
            assert prompt.message() and all(lbl and not lbl.startswith(("(", "'")) for lbl in prompt.labels)
            phases.add(s.phase)
            s.apply(role, prompt.actions[chooser.below(len(prompt.actions))])
        text = GAME.render(s.view("p1"), "p1")
        assert "Intrigue City" in text and all(s.player(p) in text for p in range(s.n)) and "Result" in text
        assert {"setup", "turn", "target", "vote"} <= phases


def test_IC_5_5_quick_feasibility_agrees_with_the_full_list_of_executions() -> None:
    from agon.engine.rng import Rng
    from agon.games.intrigue_city.effects import card_ok, card_ok_anywhere, targets_ok

    rng = Rng(4)
    checked = 0
    for seed in range(12):
        s = GAME.new(seed, players=3 + seed % 3)
        while not s.is_over:
            role = s.active[rng.below(len(s.active))]
            acts = s.legal_actions(role)
            s.apply(role, acts[rng.below(len(acts))])
            if s.phase != "turn" or rng.below(3):
                continue
            if rng.below(2):  # drain the Bank now and then to reach the rare cases
                s.bank = [rng.below(2), rng.below(2), rng.below(2)]
            for card in CARDS:
                for p in range(s.n):
                    ok = targets_ok(card, s.cu, p * 18, s.bank)
                    for g in range(6):
                        assert ok[g] == bool(executions(card, s.cu, p * 18, s.bank, g)), (card, g)
                    full = any(ok[g] for g in range(6) if g != 1)
                    assert card_ok(card, s.cu, (p * 18,), s.bank, 1) == full, card
                    fast = card_ok_anywhere(card, s.bank)
                    assert fast is None or fast == full
                    checked += 1
            break
    assert checked > 100


@pytest.mark.parametrize("players", [2, 4])
def test_IC_1_4_round_track_and_IC_8_8_decks_used_up(players: int) -> None:
    from .test_leaks import play_until

    for seed in range(4):
        s = play_until(GAME.new(seed, players=players), lambda x: False, seed=seed)
        if s.winner is not None:
            continue
        rounds = [e.args["r"] for e in s.log if e.text == "Round {r} begins"]
        eras = [e.args["era"] for e in s.log if e.text == "Change of Era {era}"]
        assert rounds == ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"] and eras == ["I", "II", "III", "IV"]
        assert all(not d for d in s.decks) and s.phase == "over" and s.active == []
        assert len(s.neutral_shown) == (2 if players == 2 else 0)
        return
    raise AssertionError("every game ended in a special victory")


def test_IC_3_3_stacking_a_later_marker_goes_on_top() -> None:
    s = example_1()
    intrigue(s, 20, 19, 16)
    s.cur, s.cpos, s.tfav = V, pos_of(s, "ACT-B4"), -1  # a 3-spider card: 16 -> 19
    s._end_turn()
    assert s.pos[V] == s.pos[A] == 19 and s.arr[V] > s.arr[A] and s.active == ["p2"]
