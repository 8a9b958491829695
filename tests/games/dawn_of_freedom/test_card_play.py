"""1989 card play, events and the Tiananmen Square track (scenarios T-07 .. T-10, T-12, T-13,
T-19 .. T-24, T-39, T-40 of the 1989 specification), with the events written in core_events.py."""

from __future__ import annotations

from agon.engine import Action
from agon.games.dawn_of_freedom.data import C, D, space
from agon.games.dawn_of_freedom.events import Effect

from .helpers import (
    act,
    clear_map,
    dice,
    event,
    finish_place_ops,
    legal,
    my_round,
    new_game,
    play,
    set_hand,
    set_sp,
    top,
)

JAN_PALACH, WALESA, HONECKER, MODROW, NORMALIZATION = 29, 3, 15, 83, 52
QUESTIONING, KISS_OF_DEATH, POLAND_SCORING = 6, 71, 22
PRUDENCE, PERESTROIKA, CONSUMERISM, MICHNIK, ROUNDTABLE = 8, 25, 27, 4, 17
AUSTRIA_HUNGARY, FRG, TANK, FACTORY_CELLS = 58, 74, 85, 28


def test_T_07_opponent_event_first_then_ops() -> None:
    g = new_game()
    set_hand(g, C, [JAN_PALACH])
    cu = space("Charles University")
    before = g.sp[D][cu]
    play(g, C, JAN_PALACH, "ops")
    assert {a.arg for a in legal(g, C)} >= {"event first", "ops first"}
    act(g, C, "order", "event first")
    assert g.sp[D][cu] == before + 6
    assert top(g) == "operations" and g.active == ["communist"]
    act(g, C, "use", "place")
    act(g, C, "space", space("Praha"))
    assert JAN_PALACH in g.removed  # starred, its event happened


def test_T_08_prerequisite_missing_goes_to_discard() -> None:
    g = new_game()
    set_hand(g, C, [WALESA])
    play(g, C, WALESA, "ops")
    assert top(g) == "operations"  # no event to order: Solidarity Legalized never happened
    act(g, C, "use", "place")
    for _ in range(3):
        act(g, C, "space", space("Warszawa"))
    assert WALESA in g.discard and WALESA not in g.removed


def test_T_09_modrow_prevents_honecker() -> None:
    g = new_game()
    g.forbid_event(HONECKER)
    set_hand(g, D, [HONECKER])
    my_round(g, D)
    play(g, D, HONECKER, "ops")
    assert top(g) == "operations"
    act(g, D, "use", "place")
    while top(g) == "place_ops":
        act(g, D, "space", legal(g, D)[0].arg)
    assert HONECKER in g.discard
    set_hand(g, C, [HONECKER])
    my_round(g, C)
    act(g, C, "card", HONECKER)
    assert Action("play", "event") not in legal(g, C) and Action("play", "ops") in legal(g, C)


def test_modrow_event_forbids_honecker() -> None:
    g = new_game()
    set_hand(g, C, [MODROW])
    dice(g, 6)
    play(g, C, MODROW, "event")
    assert HONECKER in g.no_event and top(g) == "place"


def test_T_10_event_without_targets_still_counts() -> None:
    g = new_game()
    set_sp(g, "Praha", d=0)
    set_sp(g, "Plzeň", d=0)
    set_hand(g, D, [NORMALIZATION])
    my_round(g, D)
    play(g, D, NORMALIZATION, "ops")
    act(g, D, "order", "ops first")
    act(g, D, "use", "place")
    while top(g) == "place_ops":
        act(g, D, "space", legal(g, D)[0].arg)
    assert NORMALIZATION in g.events_played and NORMALIZATION in g.removed


def test_T_12_forced_discard_of_a_scoring_card_no_event() -> None:
    g = new_game()
    set_hand(g, D, [QUESTIONING, POLAND_SCORING])
    my_round(g, D)
    play(g, D, QUESTIONING, "ops")
    act(g, D, "order", "event first")  # the Democrat's only other card is Poland Scoring
    assert POLAND_SCORING in g.discard and g.ps is None and top(g) == "operations"
    assert g.hands[D] == []


def test_T_13_forced_discard_of_a_scoring_card_starts_the_struggle() -> None:
    g = new_game()
    set_hand(g, C, [KISS_OF_DEATH, POLAND_SCORING])
    play(g, C, KISS_OF_DEATH, "ops")
    act(g, C, "order", "event first")
    assert g.ps is not None and g.ps["country"] == "Poland" and g.ps["starter"] == D


def test_T_19_tiananmen_attempt_discards_even_a_starred_opponent_card() -> None:
    g = new_game()
    set_hand(g, D, [NORMALIZATION, FACTORY_CELLS, TANK])
    my_round(g, D)
    dice(g, 2)  # 2 + 3 Ops = 5 >= 5 (the Democrat's box 1); a Communist card: no +1
    play(g, D, NORMALIZATION, "tiananmen")
    assert g.tst[D] == 1 and NORMALIZATION in g.discard and NORMALIZATION not in g.events_played
    my_round(g, D)
    act(g, D, "card", FACTORY_CELLS)
    assert Action("play", "tiananmen") not in legal(g, D)  # one attempt per turn
    act(g, D, "play", "ops")
    act(g, D, "order", "ops first")
    act(g, D, "use", "place")
    while top(g) in ("place_ops", "remove"):  # D's Ops, then the Communist's event
        side = g.stack[-1]["role"]
        act(g, side, "space", legal(g, side)[0].arg)
    my_round(g, D)
    play(g, D, TANK, "event")  # Tank Column moves the marker on top of the attempt
    assert g.tst[D] == 2


def test_T_19_attempt_modifiers() -> None:
    """1989 6.3.2: own event +1, a second try at the same box +1, box 1 +1, Li Peng +1."""
    g = new_game()
    set_hand(g, C, [FACTORY_CELLS])
    dice(g, 1)
    play(g, C, FACTORY_CELLS, "tiananmen")  # 1 + 3 + 1 (own event) = 5 < 6
    assert g.tst[C] == 0 and g.tst_failed[C]
    from agon.games.dawn_of_freedom.ops import tst_modifiers

    g.add_effect(Effect("Li Peng", side=C, until="game", hook="tst_bonus", value=1))
    assert tst_modifiers(g, C, FACTORY_CELLS) == 3
    g.tst[C], g.tst_failed[C] = 1, False
    assert tst_modifiers(g, C, PRUDENCE) == 2  # a both-sides card is not "own"; box 1 +1; Li Peng +1


def test_T_20_awards_are_first_come_and_lasting() -> None:
    g = new_game(tst=[2, 0])
    assert g.card_ops(MICHNIK, D) == 2 and g.award(D, 2)
    g.tst = [2, 2]
    assert g.card_ops(MICHNIK, D) == 1 and not g.award(C, 2)
    # box 4: the Communist removes 2 Democrat SPs of his choice
    g.tst = [2, 3]
    g.stack.append({"p": "tst_advance", "side": C})
    g.run()
    assert top(g) == "remove" and g.stack[-1]["n"] == 2 and g.stack[-1]["whose"] == D
    # box 3: the Democrat draws 3, keeps 1, discards 2
    g.stack.pop()
    g.tst = [2, 0]
    n = len(g.hands[D])
    g.stack.append({"p": "tst_advance", "side": D})
    g.run()
    assert top(g) == "tst_discard" and len(g.hands[D]) == n + 3
    act(g, D, "card", legal(g, D)[0].arg)
    act(g, D, "card", legal(g, D)[0].arg)
    assert len(g.hands[D]) == n + 1


def test_T_21_ops_modifiers_stack_for_michnik() -> None:
    g = new_game(tst=[2, 0])
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))
    g.add_effect(Effect("Austria-Hungary Border Reopened", side=D, until="turn", ops=1, ops_where=True,
                        where=__import__("agon.games.dawn_of_freedom.events", fromlist=["x"]).in_country("East Germany")))
    set_sp(g, "Leipzig", d=1)
    set_hand(g, D, [MICHNIK])
    my_round(g, D)
    play(g, D, MICHNIK, "ops")
    assert Action("use", "place+") in legal(g, D)
    act(g, D, "use", "place+")
    assert g.stack[-1]["left"] == 2  # 1 + 1 (box 2) + 1 (Austria-Hungary) - 1 (Prudence)
    assert all(__import__("agon.games.dawn_of_freedom.data", fromlist=["x"]).SPACES[a.arg].country == "East Germany"
               for a in legal(g, D))
    act(g, D, "space", space("Leipzig"))
    act(g, D, "space", space("Leipzig"))
    assert g.sp[D][space("Leipzig")] == 3


def test_T_22_modified_value_for_both_checks() -> None:
    g = new_game()
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))
    set_hand(g, D, [ROUNDTABLE])
    my_round(g, D)
    play(g, D, ROUNDTABLE, "ops")
    act(g, D, "use", "checks")
    assert g.stack[-1]["ops"] == 2 and g.stack[-1]["n"] == 2


def test_T_23_the_event_side_modifiers_apply_to_a_triggered_event() -> None:
    g = new_game()
    g.add_effect(Effect("Perestroika", side=C, until="turn", ops=1))
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))
    set_sp(g, "Gdańsk", c=2)
    set_hand(g, C, [CONSUMERISM])
    play(g, C, CONSUMERISM, "ops")
    act(g, C, "order", "ops first")
    act(g, C, "use", "place")
    assert g.stack[-1]["left"] == 4
    for _ in range(4):
        act(g, C, "space", space("Warszawa"))
    assert top(g) == "pick_space" and g.active == ["democrat"]
    act(g, D, "space", space("Gdańsk"))
    assert g.sp[C][space("Gdańsk")] == 1 and top(g) == "checks" and g.stack[-1]["ops"] == 2


def test_T_24_minimum_one_op() -> None:
    g = new_game()
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))
    assert g.card_ops(MICHNIK, D) == 1
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))  # cumulative
    assert g.effect("Prudence").ops == -2 and g.card_ops(MICHNIK, D) == 1 and g.card_ops(ROUNDTABLE, D) == 1


def test_T_39_end_of_turn_check_keeps_turn_effects() -> None:
    g = new_game()
    clear_map(g)
    g.tst = [6, 0]
    g.add_effect(Effect("FRG Embassies", side=D, until="turn", check=1,
                        where=__import__("agon.games.dawn_of_freedom.events", fromlist=["x"]).in_region("Eastern Europe")))
    set_sp(g, "Polish Writers", c=1)
    set_hand(g, D, [])
    set_hand(g, C, [])
    g.stack = [{"p": "turn_end", "stage": 0}]
    g.run()
    assert top(g) == "checks" and g.active == ["democrat"] and g.stack[-1]["ops"] == 2
    dice(g, 1)  # 1 + 2 + 1 (FRG) = 4 = 2 x 2: fails; without FRG it would be 3
    act(g, D, "space", space("Polish Writers"))
    assert g.effect("FRG Embassies") is None and g.turn == 2


def test_T_40_own_event_played_for_ops_does_not_fire() -> None:
    g = new_game()
    set_hand(g, D, [JAN_PALACH])
    cu = space("Charles University")
    my_round(g, D)
    play(g, D, JAN_PALACH, "ops")
    assert top(g) == "operations"
    act(g, D, "use", "place")
    act(g, D, "space", space("Czech Writers"))
    assert g.sp[D][cu] == 0 and JAN_PALACH in g.discard and JAN_PALACH not in g.events_played


def test_walesa_with_its_prerequisite() -> None:
    g = new_game()
    g.events_played = frozenset({2})
    set_hand(g, D, [WALESA])
    my_round(g, D)
    play(g, D, WALESA, "event")
    assert top(g) == "place" and g.stack[-1]["n"] == 4


def test_box_7_cancels_an_opponent_event_once_per_turn() -> None:
    g = new_game(tst=[0, 7])
    set_hand(g, C, [JAN_PALACH, MICHNIK])
    play(g, C, JAN_PALACH, "ops")
    act(g, C, "order", "cancel event")
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Praha")  # box 2 is his too: the 1-Op card is worth 2
    assert JAN_PALACH in g.discard and g.sp[D][space("Charles University")] == 0
    my_round(g, C)
    play(g, C, MICHNIK, "ops")
    assert Action("order", "cancel event") not in legal(g, C)


def test_box_8_plays_event_and_ops() -> None:
    g = new_game(tst=[8, 0])
    set_hand(g, D, [JAN_PALACH])
    my_round(g, D)
    play(g, D, JAN_PALACH, "both")
    act(g, D, "order", "ops first")
    act(g, D, "use", "place")
    finish_place_ops(g, D, "Czech Writers")
    assert g.sp[D][space("Charles University")] == 6 and JAN_PALACH in g.removed


def test_helsinki_scores_on_communist_checks_of_students() -> None:
    g = new_game()
    event(g, D, 26)
    set_sp(g, "Walter Ulbricht Academy", d=1)
    from agon.games.dawn_of_freedom.ops import support_check

    dice(g, 1)
    support_check(g, C, space("Walter Ulbricht Academy"), 1)
    assert g.vp == 1


def test_box_5_swaps_a_card_after_the_deal() -> None:
    g = new_game(tst=[5, 0])
    set_hand(g, D, [40, 22])
    g.stack = [{"p": "turn_begin"}]
    g.turn = 2
    g.run()
    assert top(g) == "goddess" and g.active == ["democrat"]
    assert Action("card", 22) not in legal(g, D) and Action("pass") in legal(g, D)  # never a scoring card
    act(g, D, "card", 40)
    assert 40 in g.discard and len(g.hands[D]) == 8


def test_box_6_check_is_worth_at_least_one_op() -> None:
    g = new_game(tst=[6, 0])
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))
    g.add_effect(Effect("Prudence", side=D, until="turn", ops=-1))
    set_hand(g, D, [])
    set_hand(g, C, [])
    g.stack = [{"p": "turn_end", "stage": 0}]
    g.run()
    assert top(g) == "checks" and g.stack[-1]["ops"] == 1


def test_A_02_box_8_once_per_turn() -> None:
    """6.3.5 box 8 ("körönként egyszer", A-02): once per turn, not once per action round."""
    g = new_game(tst=[8, 0])
    set_hand(g, D, [JAN_PALACH, 34, 31])
    my_round(g, D)
    play(g, D, JAN_PALACH, "both")
    act(g, D, "order", "event first")
    act(g, D, "use", "place")
    finish_place_ops(g, D, "Czech Writers")
    my_round(g, D)
    act(g, D, "card", 34)
    assert Action("play", "both") not in legal(g, D) and Action("play", "event") in legal(g, D)


def test_T_20_box_3_draw_survives_determinize() -> None:
    """6.3.5 box 3: while the player chooses what to keep, the opponent's determinized states
    resample the three unseen cards and the choice stays among them."""
    from agon.engine.rng import Rng

    g = new_game(tst=[2, 0])
    g.stack.append({"p": "tst_advance", "side": D})
    g.run()
    assert top(g) == "tst_discard"
    drawn = g.hands[D][-3:]
    changed = False
    for k in range(6):
        twin = g.determinize("communist", Rng(k + 1))
        options = [a.arg for a in twin.legal_actions("democrat") if a.verb == "card"]
        assert sorted(options) == sorted(twin.hands[D][-3:])
        changed |= sorted(options) != sorted(drawn)
        twin.apply("democrat", Action("card", options[0]))
        twin.check_invariants()
    assert changed
    assert sorted(a.arg for a in g.legal_actions("democrat") if a.verb == "card") == sorted(drawn)
