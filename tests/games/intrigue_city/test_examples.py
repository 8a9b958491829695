"""The spec's worked examples T-1 .. T-21 (§7) as scenarios, their situations position files
(positions/*.json, issue 35 item 2).

Nikoleta = p1, Alexandros = p2, Vasilis = p3 (3 players) unless a test says otherwise.
"""

from __future__ import annotations

from agon.engine import Action
from agon.engine.rng import Rng
from agon.games.intrigue_city import scoring
from agon.games.intrigue_city.data import GI, POWER_INDEX, TRACK
from agon.games.intrigue_city.effects import executions, favour_executions, guild_sum, target_ok
from agon.games.intrigue_city.rules import IntrigueState

from .helpers import GAME, A, N, V, act, begin, board, example, intrigue, legal, pos_of, put, restart, sums

EXAMPLE_CARDS = [("ACT-B1", 1), ("ACT-B2", 2), ("ACT-B3", 2), ("ACT-B4", 3), ("ACT-A1", 3), ("ACT-B5", 4),
                 ("ACT-A2", 5), ("ACT-P1", 5), ("ACT-P2", 1)]


def example_1() -> IntrigueState:
    """Round 4 of Example 1: intrigue N 20, A 19, V 16; everyone holds both pawns; the board's
    cards and spiders EXAMPLE_CARDS; N holds Strong Raven Lords, A Strong Crescent Moon, gained
    earlier; the guilds: N BoS 1 2 3, RL 3 3, DB 2; A RL 3 3 1, BoS 1 2, ES 2; V CM 1 2, BoS 1 2 3,
    ES 3 (positions/example_1.json)."""
    return example("example_1")


def test_T_1_active_player_is_the_one_furthest_behind() -> None:
    s = example_1()
    assert s.active == ["p3"]


def test_T_2_defensive_blackmail_gives_strong_favour_from_temporary_equilibrium() -> None:
    s = example_1()
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))  # only "place a 3" is possible: done at once
    assert sums(s, V)["CM"] == 6
    assert s.fav[V * 6 + GI["CM"]] == 2  # IC-6.2 Strong side
    assert s.pos[V] == 19 and s.arr[V] > s.arr[A]  # on top of Alexandros


def test_T_3_stack_tie_break_first_to_arrive_acts() -> None:
    s = example_1()
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))
    assert s.active == ["p2"]


def _t4(s: IntrigueState) -> None:
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))
    act(s, "offensive", pos_of(s, "ACT-B5"))
    act(s, "target", ("p1", "RL"))
    assert Action("chosen", "BoS") in legal(s)
    act(s, "chosen", "BoS")
    act(s, "move", 2)


def test_T_4_offensive_move_breaks_two_equilibria_and_origin_blocks_raven_lords() -> None:
    s = example_1()
    _t4(s)
    assert sums(s, N)["BoS"] == 4 and sums(s, N)["RL"] == 8
    assert s.phase == "post" and s.active == ["p2"]  # N was never asked: IC-6.8
    assert s.fav[N * 6 + GI["RL"]] == 2


def test_T_5_post_offensive_crescent_moon_on_own_board() -> None:
    s = example_1()
    _t4(s)
    act(s, "favour", "CM")
    act(s, "remove", 1)
    assert sums(s, A)["RL"] == 6
    assert s.fav[A * 6 + GI["CM"]] == 0  # back to the supply
    assert s.pos[A] == 23


def test_T_5_negative_last_one_cube_cannot_be_removed() -> None:
    s = example_1()
    put(s, A, {"BoS": [3, 2]})  # the 1 in Raven Lords is now A's only 1
    execs = favour_executions("CM", (1, 2, 3), s.cu, A * 18, s.bank, GI["RL"])
    assert Action("remove", 1) not in [e[0][0] for e in execs]


def test_T_6_same_player_again_must_play_remaining_pawn() -> None:
    s = example_1()
    intrigue(s, 20, 23, 19)
    s.pawns[2 * V + 1] = 0  # V already played his defensive pawn
    s.pawns[2 * A] = s.pawns[2 * A + 1] = 0
    restart(s)
    assert s.active == ["p3"]
    assert {a.verb for a in legal(s)} == {"offensive"}


def test_T_7_end_of_round_equilibrium_cards_pawns_back_round_marker_on() -> None:
    s = example_1()
    board(s, N, {"BoS": [3, 2, 1], "RL": [3, 3, 1], "DB": [2]})
    board(s, A, {"RL": [3, 2, 1], "DB": [2, 2, 2], "BoS": [1, 3]})
    board(s, V, {"CM": [1, 2], "BoS": [1, 2, 3, 1], "ES": [3]})
    s.pawns = [0] * 6
    restart(s)
    assert [s.eq[N * 6 + g] for g in range(6)] == [1, 0, 0, 0, 0, 0]
    assert s.eq[A * 6 + GI["RL"]] == 1 and s.eq[A * 6 + GI["DB"]] == 1 and sum(s.eq[A * 6:A * 6 + 6]) == 2
    assert sum(s.eq[V * 6:V * 6 + 6]) == 0
    assert s.pawns == [1] * 6 and not any(s.occ)
    assert TRACK[s.tpos] == "CoE II" and s.phase == "vote"
    view = s.view("p1")["players"]
    assert "equilibrium" not in view[A] and view[A]["equilibrium_cards"] == 2  # IC-7.3 hidden


def _era(s: IntrigueState, tpos: int, kept: dict[int, str]) -> None:
    s.tpos = tpos
    for p, card in kept.items():
        c = POWER_INDEX[card]
        s.decks[p] = [c, *[x for x in s.decks[p] if x != c]]
    scoring.start_era(s)
    s.changed()
    for p, card in kept.items():
        act(s, "vote", card, role=s.roles[p])


def test_T_8_change_of_era_II_open_vote() -> None:
    s = example_1()
    s.power[GI["BoS"]] = 3
    _era(s, TRACK.index("CoE II"), {N: "BoS-a", A: "CM-b", V: "CM-a"})
    assert s.power[GI["BoS"]] == 5 and s.power[GI["CM"]] == 6
    assert TRACK[s.tpos] == "R5" and s.phase == "turn"
    assert all(len(d) == 2 for d in s.discards) and not s.pile


def test_T_9_change_of_era_III_hidden_vote_revealed_at_final_scoring() -> None:
    s = example_1()
    before = list(s.power)
    _era(s, TRACK.index("CoE III"), {N: "BoS-a", A: "CM-b", V: "CM-a"})
    assert s.power == before and len(s.pile) == 3
    assert s.view("p1")["pile"] == 3 and s.view("p1")["my_pile"] == ["BoS-a"]
    scoring.final_scoring(s)
    assert s.power[GI["BoS"]] == before[GI["BoS"]] + 2 and s.power[GI["CM"]] == before[GI["CM"]] + 5


def test_T_10_final_scoring_example_4() -> None:
    # intrigue 48, 52, 51; guild power BoS 8 ES 4 RL 6 DR 3 DB 9 CM 6; N Strong ES and DB, A a Weak CM
    # (it scores nothing); Equilibrium cards A RL 4 ES 2 DB 1, V BoS 2 CM 3 DB 2, N BoS 5 DR 4; the
    # boards of Example 4 (positions/example_4_final_scoring.json)
    s = example("example_4_final_scoring")
    assert [sum(sums(s, p).values()) for p in (A, V, N)] == [28, 39, 34]
    scoring.final_scoring(s)
    result = s.result
    assert result["scores"] == {"p1": 54, "p2": 49, "p3": 57}
    assert result["schemer"] == "p2" and result["winners"] == ["p3"]
    assert result["breakdown"]["p2"]["variety"] == result["breakdown"]["p3"]["variety"] == 5
    assert result["breakdown"]["p1"]["variety"] == 0


def test_T_11_exact_six_and_the_seven_forms() -> None:
    s = begin(3)
    forms = [[3, 3], [3, 2, 1], [2, 2, 2], [3, 1, 1, 1], [2, 2, 1, 1], [2, 1, 1, 1, 1], [1] * 6]
    for form in forms:
        put(s, N, {"CM": form})
        assert guild_sum(s.cu, 0, GI["CM"]) == 6
    found = [(a, b, c) for a in range(7) for b in range(4) for c in range(3) if a + 2 * b + 3 * c == 6]
    assert len(found) == 7  # IC-2.6
    for cubes in ([3, 2], [3, 3, 1]):
        put(s, N, {"CM": cubes})
        assert guild_sum(s.cu, 0, GI["CM"]) != 6


def test_T_12_minimum_cube_rule_limits_removals_not_moves() -> None:
    s = begin(3)
    board(s, N, {"BoS": [1, 3], "ES": [2], "RL": [3, 1]})
    es = GI["ES"]
    assert [e[0] for e in executions("ACT-B2", s.cu, 0, s.bank, es)] == [(Action("place", 2),)]
    s.bank[1] = 0
    assert not target_ok("ACT-B2", s.cu, 0, s.bank, es)
    moves = executions("ACT-B5", s.cu, 0, s.bank, GI["DB"])  # ES is Non-adjacent to DB
    assert any(ops == (("M", es, GI["DB"], 2),) for _, ops in moves)
    board(s, N, {"BoS": [1, 2], "RL": [3, 1, 2]})
    reacts = favour_executions("RL", (1, 2, 3), s.cu, 0, s.bank, GI["RL"])
    assert Action("remove", 3) not in [e[0][0] for e in reacts]


def test_T_13_favour_flip_and_cap() -> None:
    s = begin(3)
    dr = GI["DR"]
    s.fav[N * 6 + dr] = 1
    s._gain_favour(N, dr, True)
    assert s.fav[N * 6 + dr] == 2 and sum(1 for f in s.fav[:6] if f) == 1
    s._gain_favour(N, dr, False)
    assert s.fav[N * 6 + dr] == 2


def test_T_14_one_favour_per_turn() -> None:
    s = example("t14_one_favour_per_turn")  # Example 1 with A at 10 on the intrigue track, holding a Weak BoS
    act(s, "favour", "BoS")
    act(s, "offensive", pos_of(s, "ACT-B1"))
    act(s, "target", ("p3", "RL"))  # place a 1 only
    assert s.phase == "turn" and s.fav[A * 6 + GI["CM"]] == 2  # no Crescent Moon window


def test_T_15_occupied_cards() -> None:
    s = example_1()
    act(s, "defensive", pos_of(s, "ACT-B4"))
    act(s, "target", ("p3", "CM"))
    taken = pos_of(s, "ACT-B4")
    assert Action("offensive", taken) not in legal(s)  # A, no Favour
    s.fav[A * 6 + GI["BoS"]] = 1
    s.fav[A * 6 + GI["ES"]] = 1
    s.changed()
    act(s, "favour", "BoS")
    assert Action("offensive", taken) in legal(s) and not any(a.verb == "defensive" for a in legal(s))
    t = example_1()
    act(t, "defensive", pos_of(t, "ACT-B4"))
    act(t, "target", ("p3", "CM"))
    t.fav[A * 6 + GI["ES"]] = 1
    t.changed()
    act(t, "favour", "ES")
    assert Action("defensive", taken) in legal(t)


def _scored(s: IntrigueState, eq: dict[int, dict[str, int]], power: list[int]) -> dict:
    s.eq = [0] * (6 * s.n)
    for p, cards in eq.items():
        for g, k in cards.items():
            s.eq[p * 6 + GI[g]] = k
    s.power = power
    s.fav = [0] * (6 * s.n)
    return scoring.score(s, schemer=2)


def test_T_16_tie_break_chain() -> None:
    s = begin(3)
    # equal VP (11 each): more Equilibrium cards wins
    r = _scored(s, {N: {"BoS": 2}, A: {"CM": 1}}, [3, 1, 1, 1, 1, 6])
    assert r["scores"]["p1"] == r["scores"]["p2"] == 11 and r["winners"] == ["p1"]
    # equal VP and cards: greater variety wins (p3 has the variety bonus)
    third = {"RL": 1, "DR": 1, "DB": 1}
    r = _scored(s, {N: {"BoS": 2}, A: {"ES": 1, "CM": 1}, V: third}, [10, 10, 1, 1, 1, 10])
    assert r["scores"]["p1"] == r["scores"]["p2"] == 20 and r["winners"] == ["p2"]
    # all equal: the victory is shared
    r = _scored(s, {N: {"BoS": 1, "ES": 1}, A: {"DB": 1, "CM": 1}}, [10, 10, 1, 1, 10, 10])
    assert r["scores"]["p1"] == r["scores"]["p2"] == 25 and r["winners"] == ["p1", "p2"]


def test_T_17_variety_tie_both_get_five() -> None:
    s = begin(3)
    r = _scored(s, {N: {"BoS": 1, "ES": 1, "RL": 1}, A: {"DR": 1, "DB": 1, "CM": 1}, V: {"BoS": 4}}, [1] * 6)
    assert r["breakdown"]["p1"]["variety"] == r["breakdown"]["p2"]["variety"] == 5
    assert r["breakdown"]["p3"]["variety"] == 0


def test_T_18_special_victory_even_for_the_attacked_player() -> None:
    # Example 1 with N's board BoS 3 3, ES 2 2 2, RL 3 2 1, DR 1 1 1 3, DB 2 2 1 1, CM 2 1 1 1
    s = example("t18_special_victory")
    assert sum(sums(s, N).values()) == 35
    act(s, "offensive", pos_of(s, "ACT-B1"))
    act(s, "target", ("p1", "CM"))
    act(s, "place", 1)
    assert s.is_over and s.result["winners"] == ["p1"] and s.active == []
    assert "special victory" in s.result["reason"]


def test_T_19_board_total_36_without_six_equilibria() -> None:
    # Example 1 with N's board BoS 3 3 1, ES 3 2, RL 3 3, DR 2 2 2, DB 3 3 2, CM 3 1
    s = example("t19_board_total_36")
    assert sorted(sums(s, N).values()) == [4, 5, 6, 6, 7, 8]
    r = scoring.score(s, schemer=1)
    assert r["breakdown"]["p1"]["board36"] == 5 and not s.is_over


def test_T_20_two_player_neutral_deck_only_in_eras_I_and_II() -> None:
    s = begin(2, seed=3)
    assert "ACT-P1" not in s.board and "ACT-P2" not in s.board
    chooser = Rng(5)
    seen: dict[str, int] = {}
    while not s.is_over:
        role = s.active[0]
        era = TRACK[s.tpos]
        before = len(s.neutral_shown)
        acts = s.legal_actions(role)
        s.apply(role, acts[chooser.below(len(acts))])
        if len(s.neutral_shown) > before:
            seen[era] = seen.get(era, 0) + 1
    assert seen == {"CoE I": 1, "CoE II": 1}


def test_T_21_short_game() -> None:
    for players, sets in ((3, 4), (2, 5)):
        fresh = GAME.new(1, players=players, short=True)
        assert fresh.phase == "setup" and fresh.view(None)["round"] == "CoE I"  # the marker starts there
        s = begin(players, seed=1, short=True)
        assert TRACK[s.tpos] == "CoE I" and s.phase == "vote"
        assert sum(1 for g in range(6) if guild_sum(s.cu, 0, g)) == sets
        chooser = Rng(2)
        while not s.is_over:
            role = s.active[chooser.below(len(s.active))]
            acts = s.legal_actions(role)
            s.apply(role, acts[chooser.below(len(acts))])
        if s.winner is None:
            rounds = [e for e in s.log if e.text == "Round {r} begins"]
            eras = [e for e in s.log if e.text == "Change of Era {era}"]
            assert [e.args["r"] for e in rounds] == ["R3", "R4", "R5", "R6", "R7", "R8"] and len(eras) == 4
