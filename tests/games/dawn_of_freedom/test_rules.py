"""1989 core rules: control, VP, setup, turn structure, decks, placement, support checks
(scenarios T-01, T-02, T-04, T-05, T-06, T-14 .. T-18, T-37, T-38 of the 1989
specification)."""

from __future__ import annotations

import pytest

from agon.engine import Action, IllegalAction
from agon.games.dawn_of_freedom.data import CARDS, PERIOD_CARDS, SPACES, C, D, space
from agon.games.dawn_of_freedom.ops import support_check

from .helpers import GAME, act, clear_map, dice, give, legal, my_round, new_game, play, set_hand, set_sp, top


def test_T_01_control_threshold() -> None:
    """1989 2.1: a side controls a space when its SPs exceed the opponent's by the stability."""
    g = new_game()
    dresden = set_sp(g, "Dresden", d=0, c=3)
    assert g.controller(dresden) is None
    set_sp(g, "Dresden", c=4)
    assert g.controller(dresden) == C
    set_sp(g, "Dresden", d=5, c=2)
    assert g.controller(dresden) is None
    set_sp(g, "Dresden", d=6)
    assert g.controller(dresden) == D


def test_T_02_vp_track_and_automatic_victory() -> None:
    g = new_game(vp=10)
    g.add_vp(-2)
    assert g.vp == 8
    g.vp = -19
    g.in_ps = True  # 8.3 note: no automatic victory inside a power struggle
    g.add_vp(-2)
    assert g.outcome is None
    g.in_ps = False
    g.vp = -19
    g.add_vp(-2)
    assert g.vp == -20 and g.outcome is not None and g.outcome["winners"] == ["communist"]
    g.changed()  # the VP were moved by hand, outside an action
    assert g.active == []


def test_T_04_setup() -> None:
    g = GAME.new(3)
    sp = g.sp
    assert sum(sp[C]) == 20 and sum(1 for x in sp[C] if x) == 13
    assert sum(sp[D]) == 15 and sum(1 for x in sp[D] if x) == 10
    assert g.tst == [0, 0] and g.turn == 1 and g.vp == 0 and g.power == [C] * 6
    assert len(g.hands[D]) == len(g.hands[C]) == 8
    assert all(CARDS[c].period == 0 for c in g.hands[D] + g.hands[C])
    # control follows from the data: the Democrat holds the Polish Church and Czech Writers only
    assert sorted(SPACES[s].name for s in range(75) if g.ctrl[s] == D) == ["Catholic Church, Poland", "Czech Writers"]
    assert not any(g.ctrl[s] == C for s in range(75))
    with pytest.raises(IllegalAction):
        g.apply("communist", Action("space", space("Gdańsk")))  # holds a Democrat SP
    order = []
    for _ in range(14):
        if top(g) != "setup_place":
            break
        f = g.stack[-1]
        order.append((f["role"], f["left"]))
        g.apply(("democrat", "communist")[f["role"]], Action("space", space("Łódź") if f["role"] == C else space("Varna")))
    assert order[0] == (C, 2)
    assert g.sp[C][space("Łódź")] == 7 and g.sp[D][space("Varna")] == 7  # 7 free SPs each
    assert top(g) == "choose_card" and g.active == ["communist"]


def test_T_04_setup_order_is_c2_d3_c3_d4_c2() -> None:
    g = GAME.new(4)
    seen = []
    while top(g) == "setup_place":
        f = g.stack[-1]
        if not seen or seen[-1][0] != f["role"] or seen[-1][1] == 0:
            seen.append([f["role"], 0])
        seen[-1][1] += 1
        g.apply(("democrat", "communist")[f["role"]], Action("space", space(("Varna", "Sliven")[f["role"]])))
    assert [tuple(x) for x in seen] == [(C, 2), (D, 3), (C, 3), (D, 4), (C, 2)]


def test_handicap_option_gives_the_democrat_more_setup_sps() -> None:
    g = GAME.new(5, handicap=2)
    count = {C: 0, D: 0}
    while top(g) == "setup_place":
        side = g.stack[-1]["role"]
        count[side] += 1
        g.apply(("democrat", "communist")[side], Action("space", space(("Varna", "Sliven")[side])))
    assert count == {C: 7, D: 9}
    with pytest.raises(ValueError):
        GAME.new(1, handicap=3)


def _first_non_scoring_policy(g, side):
    acts = legal(g, side)
    if Action("extra round", "pass") in acts:
        return Action("extra round", "pass")
    for a in acts:
        if a.verb == "card" and CARDS[a.arg].scoring:
            return a
    for a in acts:
        if a.verb == "play" and a.arg == "ops":
            return a
    return acts[0]


def test_T_05_action_rounds_alternate_seven_each() -> None:
    g = new_game(11)
    rounds = []
    for _ in range(3000):
        if g.turn != 1 or g.outcome is not None:
            break
        f = g.stack[-1]
        if f["p"] == "choose_card":
            rounds.append((f["role"], g.ar, len(g.hands[f["role"]])))
        side = f["role"]
        g.apply(("democrat", "communist")[side], _first_non_scoring_policy(g, side))
    assert [(s, n) for s, n, _ in rounds] == [(s, n) for n in range(1, 8) for s in (C, D)]
    assert g.turn == 2 and g.outcome is None


def test_T_05_honecker_gives_an_optional_eighth_round() -> None:
    g = new_game(2)
    g.stack = [{"p": "ar_loop", "i": 14}]
    g.add_effect(__import__("agon.games.dawn_of_freedom.events", fromlist=["Effect"]).Effect(
        "extra action round", side=C, until="turn"))
    g.run()
    assert top(g) == "extra_ar"
    act(g, C, "extra round", "take")
    assert top(g) == "choose_card" and g.ar == 8 and g.phasing == C


def test_T_06_middle_year_cards_join_the_draw_deck_only() -> None:
    """1989 4.1, 4.4: after turn 3 the Middle Year cards are shuffled into the draw deck; the
    discard pile stays where it is (it comes back only when the deck runs out)."""
    g = new_game(6)
    set_hand(g, D, [c for c in g.hands[D] if not CARDS[c].scoring][:1])
    set_hand(g, C, [c for c in g.hands[C] if not CARDS[c].scoring][:1])
    g.discard = [g.deck.pop() for _ in range(25)]
    discard = list(g.discard)
    old_deck = set(g.deck)
    g.turn = 3
    g.stack = [{"p": "turn_end", "stage": 3}]
    g.run()
    assert g.turn == 4 and g.discard == discard
    in_hands = set(g.hands[D] + g.hands[C])
    assert set(PERIOD_CARDS[1]) <= set(g.deck) | in_hands
    assert set(g.future) == set(PERIOD_CARDS[2])
    assert set(g.deck) | in_hands == old_deck | set(PERIOD_CARDS[1]) | in_hands


def test_T_06_reshuffle_when_the_deck_runs_out() -> None:
    g = new_game(7)
    g.discard.extend(g.deck)
    g.deck = []
    g.removed.append(g.discard.pop())  # a removed card never comes back
    gone = g.removed[-1]
    got = g.draw(D, 2)
    assert len(got) == 2 and gone not in g.deck and gone not in got


def test_T_14_placement_cost_follows_control() -> None:
    """1989 6.1: 2 Ops in an opponent-controlled space; control is recomputed after each SP."""
    g = new_game()
    budapest = set_sp(g, "Budapest", d=3, c=0)
    set_sp(g, "Tatabánya", c=1)  # the Communist's SP next to Budapest makes it eligible
    set_hand(g, C, [25])  # Perestroika is a 3-Op card; +1 Op from an effect gives 4
    g.effects["test"] = __import__("agon.games.dawn_of_freedom.events", fromlist=["Effect"]).Effect(
        "test", side=C, ops=1)
    play(g, C, 25, "ops")
    act(g, C, "use", "place")
    assert g.stack[-1]["left"] == 4
    act(g, C, "space", budapest)
    assert g.stack[-1]["left"] == 2 and g.controller(budapest) is None
    act(g, C, "space", budapest)
    act(g, C, "space", budapest)
    assert g.sp[C][budapest] == 3 and g.sp[D][budapest] == 3 and g.controller(budapest) is None
    assert top(g) != "place_ops"


def test_T_15_eligibility_is_a_snapshot() -> None:
    """1989 6.1: neighbours of spaces entered during the play do not become eligible."""
    g = new_game()
    clear_map(g)
    set_sp(g, "Catholic Church, Czechoslovakia", d=1)
    set_sp(g, "Gdańsk", d=1)
    set_sp(g, "Berlin", c=1)
    set_hand(g, D, [40])  # Hungarian Democratic Forum, 3 Ops, Democrat's own card
    my_round(g, D)
    play(g, D, 40, "ops")
    act(g, D, "use", "place")
    act(g, D, "space", space("Prešov"))
    options = {a.arg for a in legal(g, D)}
    assert space("Košice") not in options
    for name in ("Prešov", "Bratislava", "Ostrava", "Gdańsk", "Warszawa", "Szczecin"):
        assert space(name) in options


def _jagiellonian_fixture(g):
    clear_map(g)
    set_sp(g, "Catholic Church, Poland", d=5)
    set_sp(g, "Kraków", d=3)
    set_sp(g, "Jagiellonian University", d=1)
    set_sp(g, "Polish Writers", d=2)
    set_sp(g, "Łódź", c=3)


def test_T_16_support_check_sequence() -> None:
    g = new_game()
    _jagiellonian_fixture(g)
    set_hand(g, C, [28])  # Factory Party Cells: 3 Ops, own card
    dice(g, 5, 1)
    play(g, C, 28, "ops")
    act(g, C, "use", "checks")
    ju, krakow = space("Jagiellonian University"), space("Kraków")
    act(g, C, "space", ju)
    assert g.sp[D][ju] == 0 and g.sp[C][ju] == 3 and g.controller(ju) == C
    act(g, C, "space", krakow)
    assert g.sp[D][krakow] == 3 and g.sp[C][krakow] == 0
    assert top(g) != "checks"  # exactly two checks


def test_T_17_support_check_targets() -> None:
    g = new_game()
    _jagiellonian_fixture(g)
    set_hand(g, C, [28])
    dice(g, 6)
    play(g, C, 28, "ops")
    act(g, C, "use", "checks")
    targets = {a.arg for a in legal(g, C)}
    assert space("Łódź") not in targets and space("Jagiellonian University") in targets
    act(g, C, "space", space("Jagiellonian University"))  # 6+3-2 = 7 > 2: removes the only SP
    targets = {a.arg for a in legal(g, C)}
    assert space("Jagiellonian University") not in targets and space("Kraków") in targets


def test_T_18_excess_becomes_own_sps() -> None:
    g = new_game()
    writers = set_sp(g, "Polish Writers", d=1, c=0)
    set_sp(g, "Jagiellonian University", d=0, c=0)
    dice(g, 5)
    margin = support_check(g, C, writers, 3)  # 5 + 3 = 8 against 4
    assert margin == 4 and g.sp[D][writers] == 0 and g.sp[C][writers] == 3


def test_T_37_held_scoring_card_loses() -> None:
    g = new_game(8)
    set_hand(g, D, [42])
    set_hand(g, C, [])
    g.stack = [{"p": "turn_end", "stage": 1}]
    g.run()
    assert g.outcome["winners"] == ["communist"] and g.outcome["scores"] == {"democrat": -20, "communist": 20}


def test_both_players_holding_scoring_cards_is_a_draw() -> None:
    g = new_game(8)
    set_hand(g, D, [42])
    set_hand(g, C, [43])
    g.stack = [{"p": "turn_end", "stage": 1}]
    g.run()
    assert g.outcome["winners"] == []


def test_T_38_empty_hand_forfeits_the_round() -> None:
    g = new_game(9)
    set_hand(g, C, [])
    give(g, D, 40)
    g.stack = [g.stack[0], {"p": "ar_loop", "i": 0}]
    g.run()
    assert g.active == ["democrat"] and g.ar == 1 and top(g) == "choose_card"


def test_deal_order_communist_first_alternating() -> None:
    """A-29: one card at a time, Communist first, skipping a full hand."""
    from agon.games.dawn_of_freedom.turn import deal

    g = new_game(12)
    set_hand(g, D, [])
    g.deck[:0] = g.hands[C][6:]
    g.hands[C] = g.hands[C][:6]
    top_cards = g.deck[-4:][::-1]
    deal(g)
    assert g.hands[C][6] == top_cards[0] and g.hands[D][0] == top_cards[1] and g.hands[C][7] == top_cards[2]
    assert len(g.hands[C]) == len(g.hands[D]) == 8


def test_leftover_ops_are_lost() -> None:
    """A-33: 1 Op left and only opponent-controlled spaces eligible: the placement ends."""
    g = new_game()
    clear_map(g)
    set_sp(g, "Pécs", c=1)
    set_sp(g, "Szeged", d=4)
    set_hand(g, C, [11])  # Dissident Arrested, 2 Ops
    play(g, C, 11, "ops")
    act(g, C, "use", "place")
    act(g, C, "space", space("Pécs"))
    assert top(g) == "place_ops" and {a.arg for a in legal(g, C)} == {space("Pécs")}
    act(g, C, "space", space("Pécs"))
    assert top(g) != "place_ops"


def test_T_05_each_player_keeps_one_card() -> None:
    from agon.games.dawn_of_freedom.events import Effect

    g = new_game(13)
    set_hand(g, C, [1, 7, 11, 12, 16, 18, 28, 32])  # Communist events: no event when he uses the Ops
    set_hand(g, D, [4, 19, 24, 31, 34, 36, 39, 40])  # Democrat events
    seen = []
    g.add_effect(Effect("spy", until="game", hook="turn_end",
                        fn=lambda g, eff: seen.append((len(g.hands[D]), len(g.hands[C])))))
    for _ in range(400):
        if seen or g.outcome is not None:
            break
        side = g.stack[-1]["role"]
        acts = legal(g, side)
        choice = Action("play", "ops") if Action("play", "ops") in acts else acts[0]
        g.apply(("democrat", "communist")[side], choice)
    assert seen == [(1, 1)]


def test_T_37_the_card_prompt_warns_of_a_held_scoring_card() -> None:
    """4.5 step 4: the player is told, when choosing a card, that a scoring card must be played."""
    g = new_game()
    set_hand(g, D, [22, 4])
    my_round(g, D)
    assert "scoring card" in g.prompt("democrat").message()


def test_T_15_eligibility_on_a_map_changed_by_systematization() -> None:
    """1989 6.1 with 7.6: a destroyed space's neighbours become adjacent, so own SPs next to it
    make the others eligible; the printed map still holds in another game (the neighbour sets
    are memoised per map)."""
    from agon.games.dawn_of_freedom.ops import eligible_for_ops

    def brute(g, side):
        own = [s for s in range(len(SPACES)) if g.sp[side][s]]
        return tuple(sorted({*own, *(n for s in own for n in g.adj[s])} - g.destroyed))

    g, printed = new_game(), new_game()
    for x in (g, printed):
        clear_map(x)
        set_sp(x, "Timişoara", d=1)
    g.destroy_space(space("Cluj-Napoca"))
    for x in (g, printed, g):
        assert eligible_for_ops(x, D, None) == brute(x, D)
    assert space("București") in eligible_for_ops(g, D, None)
    assert space("Cluj-Napoca") not in eligible_for_ops(g, D, None)
    assert space("Cluj-Napoca") in eligible_for_ops(printed, D, None)


def test_T_14_a_hand_edit_then_changed_gives_a_fresh_placement_list() -> None:
    """1989 6.1: with 1 Op left an opponent-controlled space is too dear; the list the flow found
    when it stopped is forgotten by changed() after an edit by hand."""
    g = new_game()
    clear_map(g)
    set_sp(g, "Gdańsk", d=1)
    set_hand(g, D, [40])  # Hungarian Democratic Forum, 3 Ops
    my_round(g, D)
    play(g, D, 40, "ops")
    act(g, D, "use", "place")
    act(g, D, "space", space("Gdańsk"))
    act(g, D, "space", space("Gdańsk"))
    assert g.stack[-1]["left"] == 1 and g._memo is not None  # the flow handed its options to the engine
    set_sp(g, "Szczecin", c=3)  # the Communist controls it now: 2 Ops
    assert space("Szczecin") not in {a.arg for a in legal(g, D)}
