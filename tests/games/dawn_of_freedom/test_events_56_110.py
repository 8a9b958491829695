"""1989 events of cards 56-110 written in events_b_middle.py / events_b_late.py: given a position,
playing the event does exactly what its card says (the card texts in
agon/games/dawn_of_freedom/card_texts.json); scenarios T-11 and T-25..T-27 (Romanian events)."""

from __future__ import annotations

import json

from agon.engine import Action
from agon.games.dawn_of_freedom.data import COUNTRY_NAMES, SPACES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import EVENTS, TYRANT_GONE, Effect, Ev, in_country, power_struggle
from agon.games.dawn_of_freedom.events_b_late import REFUGE, TYRANT_WAITING, WALL_FELL
from agon.games.dawn_of_freedom.ops import place_cost, support_check
from agon.games.dawn_of_freedom.power import ps_cards
from agon.games.dawn_of_freedom.turn import hand_size

from .helpers import (
    act,
    clear_map,
    dice,
    event,
    give,
    legal,
    my_round,
    new_game,
    play,
    set_hand,
    set_sp,
    spaces_legal,
    take,
    top,
)


def options(g, side: int) -> list[str]:
    return [a.arg for a in legal(g, side) if a.verb == "option"]


def fill(g, side: int, sid: int) -> None:
    """Answer every pending placement/removal of `side` with the same space while allowed."""
    while top(g) in ("place", "remove") and g.stack[-1]["role"] == side and sid in spaces_legal(g, side):
        act(g, side, "space", sid)


def set_power(g, side: int, *countries: str) -> None:
    for n in countries:
        g.power[COUNTRY_NAMES.index(n)] = side


def of(country: str, cls: str) -> list[int]:
    return [s for s in SPACES_IN[country] if SPACES[s].cls == cls]


# -- Middle Year -----------------------------------------------------------------------------------

def test_card_56_foreign_television_spares_dresden() -> None:
    g = new_game()
    clear_map(g)
    dresden, berlin, leipzig = set_sp(g, "Dresden", c=3), set_sp(g, "Berlin", c=3), set_sp(g, "Leipzig", c=1)
    event(g, D, 56)
    assert top(g) == "remove" and dresden not in spaces_legal(g, D)
    act(g, D, "space", berlin)
    act(g, D, "space", berlin)
    assert berlin not in spaces_legal(g, D)  # at most 2 per space
    act(g, D, "space", leipzig)
    assert g.sp[C][berlin] == 1 and g.sp[C][leipzig] == 0 and g.sp[C][dresden] == 3
    assert top(g) == "choose_card" and 56 in g.removed


def test_card_57_central_committee_reshuffle_in_a_country_held() -> None:
    g = new_game()
    set_power(g, D, "Poland")
    event(g, C, 57)
    assert "Poland" not in options(g, C) and "Hungary" in options(g, C)
    act(g, C, "option", "Hungary")
    assert spaces_legal(g, C) == set(SPACES_IN["Hungary"])
    budapest = space("Budapest")
    before = g.sp[C][budapest]
    fill(g, C, budapest)
    assert g.sp[C][budapest] == before + 3


def test_card_59_grenztruppen_minus_one_in_east_germany() -> None:
    g = new_game()
    clear_map(g)
    leipzig, gdansk = set_sp(g, "Leipzig", c=1), set_sp(g, "Gdańsk", c=1)
    event(g, C, 59)
    dice(g, 5, 5)
    assert support_check(g, D, leipzig, 2) == 5 + 2 - 1 - 6
    assert support_check(g, D, gdansk, 2) == 5 + 2 - 6
    assert g.effect("Grenztruppen").until == "turn"


def test_card_60_toxic_waste_in_worker_spaces() -> None:
    g = new_game()
    gdansk = set_sp(g, "Gdańsk", d=0)
    event(g, D, 60)
    assert spaces_legal(g, D) == {s.id for s in SPACES if s.cls == "Worker"}
    fill(g, D, gdansk)
    assert g.sp[D][gdansk] == 3


def test_card_61_monday_demonstrations_needs_st_nicholas() -> None:
    g = new_game()
    give(g, D, 61)
    my_round(g, D)
    act(g, D, "card", 61)
    assert Action("play", "event") not in legal(g, D)
    g = new_game()
    g.events_played = g.events_played | {24}
    clear_map(g)
    set_sp(g, "Leipzig", c=2)
    event(g, D, 61)
    assert g.controller(space("Lutheran Church")) == D and g.controller(space("Leipzig")) == D
    assert g.sp[D][space("Leipzig")] == 5 and g.sp[D][space("Lutheran Church")] == 5
    assert top(g) == "checks" and g.stack[-1]["n"] == 5 and g.stack[-1]["ops"] == 4


def test_card_63_genscher_one_op_in_communist_east_germany() -> None:
    g = new_game()
    clear_map(g)
    berlin, warszawa = set_sp(g, "Berlin", c=3), set_sp(g, "Warszawa", c=3)
    assert place_cost(g, D, berlin) == 2
    event(g, D, 63)
    assert place_cost(g, D, berlin) == 1 and place_cost(g, D, warszawa) == 2


def test_card_64_legacy_of_1968_where_not_communist() -> None:
    g = new_game()
    clear_country = [s for s in SPACES_IN["Czechoslovakia"]]
    for s in clear_country:
        set_sp(g, SPACES[s].name, d=0, c=0)
    praha = set_sp(g, "Praha", c=3)
    event(g, D, 64)
    assert g.sp[D][praha] == 0
    assert all(g.sp[D][s] == 1 for s in clear_country if s != praha)


def test_card_65_presidential_visit_seven_cards() -> None:
    g = new_game()
    event(g, D, 65)
    assert hand_size(g, C) == 7 and hand_size(g, D) == 8
    g.expire("turn")
    assert hand_size(g, C) == 7  # lasts until the next deal, not the turn's end
    g.expire("deal")
    assert hand_size(g, C) == 8


def test_card_66_new_forum_three_different_spaces() -> None:
    g = new_game()
    event(g, D, 66)
    assert spaces_legal(g, D) == set(SPACES_IN["East Germany"])
    act(g, D, "space", space("Berlin"))
    assert space("Berlin") not in spaces_legal(g, D)
    act(g, D, "space", space("Leipzig"))
    act(g, D, "space", space("Dresden"))
    assert top(g) == "choose_card"


def test_card_67_reformer_rehabilitated_only_ahead_on_tiananmen() -> None:
    g = new_game()
    give(g, D, 67)
    my_round(g, D)
    act(g, D, "card", 67)
    assert Action("play", "event") not in legal(g, D)  # level on the track
    g = new_game(tst=[1, 0])
    give(g, D, 29)
    g.discard.append(g.hands[D].pop())  # Jan Palach Week in the discard pile
    charles = space("Charles University")
    before = g.sp[D][charles]
    event(g, D, 67)
    assert [a.arg for a in legal(g, D)] == [29]
    act(g, D, "card", 29)
    assert g.sp[D][charles] == before + 6 and 29 in g.removed and 67 in g.removed


def test_card_67_reformer_rehabilitated_opponent_event_by_its_owner() -> None:
    g = new_game(tst=[0, 2])
    clear_map(g)
    set_sp(g, "Gdańsk", d=2)
    give(g, D, 7)
    g.discard.append(g.hands[D].pop())  # State Run Media (Communist)
    event(g, C, 67)
    act(g, C, "card", 7)
    assert top(g) == "remove" and g.stack[-1]["role"] == C
    fill(g, C, space("Gdańsk"))
    assert g.sp[D][space("Gdańsk")] == 0


def test_card_68_klaus_and_komarek_in_praha() -> None:
    g = new_game()
    praha = set_sp(g, "Praha", d=0, c=3)
    event(g, D, 68)
    assert g.sp[C][praha] == 1 and g.sp[D][praha] == 2


def test_card_69_systematization_destroys_a_space() -> None:
    g = new_game()
    event(g, C, 69)
    assert spaces_legal(g, C) == set(SPACES_IN["Romania"])
    act(g, C, "space", space("Romanian Writers"))
    assert space("Romanian Writers") in g.destroyed and 69 in g.removed


def test_card_69_T_25_systematization_while_tyrant_waits() -> None:
    g = new_game()
    g.add_effect(Effect("The Crowd Turns", side=D, until="manual", card=54))
    g.add_effect(Effect(TYRANT_WAITING, side=D, until="manual", card=97))
    event(g, C, 69)
    act(g, C, "space", space("Romanian Writers"))
    assert space("Romanian Writers") in g.destroyed


def test_card_69_T_11_systematization_after_the_tyrant_does_nothing() -> None:
    g = new_game()
    g.add_effect(Effect(TYRANT_GONE, side=D, until="game"))
    event(g, C, 69)
    assert top(g) == "choose_card" and not g.destroyed and 69 in g.removed and 69 in g.events_played


def test_card_70_securitate_shows_the_democrat_hand_in_romania() -> None:
    g = new_game()
    event(g, C, 70)
    assert 70 in g.in_play
    g.push(power_struggle("Poland", C))
    g.run()
    assert not g.ps["shown"]
    g.ps, g.in_ps = None, False
    g.stack = []
    g.push(power_struggle("Romania", C))
    g.run()
    assert g.ps["shown"]
    view = json.dumps(g.view("communist"))
    assert "democrat_hand" in view


def test_card_72_peasant_parties_revolt_takes_a_card() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Lublin", d=4)  # a Polish Farmer space under Democrat control
    set_sp(g, "Warszawa", c=3)
    set_sp(g, "Gdańsk", c=3)
    event(g, D, 72)
    g.push(power_struggle("Poland", C))
    g.run()
    assert len(g.ps["hands"][D]) == ps_cards(1) + 1 and len(g.ps["hands"][C]) == ps_cards(2) - 1
    assert 72 in g.in_play


def test_card_72_peasant_parties_revolt_without_farmer_takes_nothing() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Gdańsk", d=3)
    set_sp(g, "Warszawa", c=3)
    event(g, D, 72)
    g.push(power_struggle("Poland", C))
    g.run()
    assert len(g.ps["hands"][D]) == ps_cards(1) and len(g.ps["hands"][C]) == ps_cards(1)


def test_card_73_laszlo_tokes_then_operations_in_romania() -> None:
    g = new_game()
    tim, har = space("Timisoara"), space("Harghita/Covasna")
    event(g, D, 73)
    assert g.sp[D][tim] == 1 and g.sp[D][har] == 1
    assert top(g) == "operations" and g.stack[-1]["ops"] == 2
    act(g, D, "use", "place")
    assert spaces_legal(g, D) <= set(SPACES_IN["Romania"]) and tim in spaces_legal(g, D)
    act(g, D, "space", tim)
    act(g, D, "space", tim)
    assert g.sp[D][tim] == 3 and 107 not in g.no_event


def test_card_75_exit_visas_discard_and_draw_as_many() -> None:
    g = new_game()
    set_hand(g, D, [1, 2, 3])
    event(g, D, 75)
    assert top(g) == "pick_card"
    act(g, D, "card", 1)
    act(g, D, "card", 2)
    act(g, D, "pass")
    assert 1 in g.discard and 2 in g.discard and len(g.hands[D]) == 3 and 3 in g.hands[D]
    assert g.effect("Exit Visas") is None and top(g) == "choose_card"


def test_card_76_warsaw_pact_summit_two_ways() -> None:
    g = new_game()
    event(g, C, 76)
    act(g, C, "option", options(g, C)[0])
    f = g.stack[-1]
    assert f["p"] == "checks" and f["n"] == 2 and f["mod"] == 2 and f["ops"] == 2
    assert all(SPACES[s].cls in ("Student", "Intellectual") for s in spaces_legal(g, C))
    g = new_game()
    event(g, C, 76)
    act(g, C, "option", options(g, C)[1])
    assert top(g) == "place" and g.stack[-1]["n"] == 4
    assert all(g.sp[D][s] == 0 for s in spaces_legal(g, C)) and space("Varna") not in spaces_legal(g, C)


def test_card_77_samizdat_sets_a_card_aside_until_next_turn() -> None:
    g = new_game()
    set_hand(g, D, [1, 2, 22])
    event(g, D, 77)
    assert {a.arg for a in legal(g, D)} == {1, 2, "pass"} or [a.arg for a in legal(g, D)][:2] == [1, 2]
    assert Action("card", 22) not in legal(g, D)  # not a scoring card
    act(g, D, "card", 1)
    assert 1 not in g.hands[D] and 1 in g.in_play and len(g.hands[D]) == 3
    assert 1 not in g.view("communist")["in_play"] and 1 in g.view("democrat")["in_play"]
    g.check_invariants()
    g.run_hooks("turn_start")
    g.run()
    assert 1 in g.hands[D] and 1 not in g.in_play and g.effect("Samizdat") is None


def test_card_78_workers_revolt_turns_the_workers() -> None:
    g = new_game()
    clear_map(g)
    gdansk = set_sp(g, "Gdańsk", c=2)
    event(g, D, 78)
    assert spaces_legal(g, D) == {gdansk}
    dice(g, 4)
    act(g, D, "space", gdansk)
    assert g.sp[C][gdansk] == 0 and g.sp[D][gdansk] == 2 and 78 in g.discard  # stays in the deck


def test_card_78_workers_revolt_adjacency_and_power() -> None:
    g = new_game()
    clear_map(g)
    gdansk = set_sp(g, "Gdańsk", c=2)
    set_sp(g, "Bydgoszcz", c=4)  # an adjacent Communist-controlled space: -1
    set_sp(g, "Leipzig", c=2)
    set_power(g, D, "East Germany")  # not a country the Communist holds
    event(g, D, 78)
    assert spaces_legal(g, D) == {gdansk}
    dice(g, 4)
    act(g, D, "space", gdansk)
    assert g.sp[C][gdansk] == 2 and g.sp[D][gdansk] == 0


def test_card_79_the_third_way() -> None:
    g = new_game()
    event(g, C, 79)
    assert g.vp == -2 and g.sp[C][space("German Writers")] == 3


def test_card_80_nepotism_by_the_roll() -> None:
    for die, n in ((1, 4), (4, 3), (6, 1)):
        g = new_game()
        dice(g, die)
        event(g, C, 80)
        assert g.stack[-1]["n"] == n
        assert all(SPACES[s].cls == "Worker" and SPACES[s].country in ("Romania", "Bulgaria")
                   for s in spaces_legal(g, C))


def test_card_81_the_baltic_way() -> None:
    g = new_game()
    give(g, D, 81)
    my_round(g, D)
    act(g, D, "card", 81)
    assert Action("play", "event") not in legal(g, D)  # needs Sajudis
    g = new_game()
    g.events_played = g.events_played | {33}
    event(g, D, 81)
    assert g.vp == 3 and spaces_legal(g, D) == {space("Harghita/Covasna"), space("Razgrad")}
    act(g, D, "space", space("Razgrad"))
    assert g.controller(space("Razgrad")) == D and 84 not in g.no_event


# -- Late Year -------------------------------------------------------------------------------------

def test_card_82_spitzel() -> None:
    g = new_game()
    leipzig = set_sp(g, "Leipzig", d=3)
    event(g, C, 82)
    assert spaces_legal(g, C) <= set(SPACES_IN["East Germany"])
    fill(g, C, leipzig)
    assert g.sp[D][leipzig] == 1


def test_card_84_breakaway_baltic_republics() -> None:
    g = new_game()
    g.events_played = g.events_played | {33, 81}
    event(g, D, 84)
    assert g.vp == 5 and 14 in g.no_event
    act(g, D, "space", space("Harghita/Covasna"))
    assert g.controller(space("Harghita/Covasna")) == D
    assert top(g) == "checks" and g.stack[-1]["n"] == 1 and g.stack[-1]["ops"] == 4


def test_card_86_the_wall_must_go_democrat_wins() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Berlin", c=3)  # the Communist controls 1 East German space
    set_sp(g, "Leipzig", c=2)
    take(g, 9)
    g.discard.append(9)
    g.add_effect(Effect("The Wall", side=C, until="manual", card=9))  # waiting in front of the Communist
    dice(g, 5, 3, 4, 4, 3, 2, 6, 1)  # 5-4: D, 4-5: C, 3-3: tie, 6-2: D
    event(g, D, 86)
    assert g.vp == 3 and 9 in g.no_event and g.effect(WALL_FELL) is not None
    assert g.effect("The Wall") is None and 9 in g.removed
    assert top(g) == "remove" and g.stack[-1]["role"] == C and g.stack[-1]["whose"] == C
    act(g, C, "space", space("Leipzig"))
    act(g, C, "space", space("Leipzig"))
    act(g, C, "space", space("Berlin"))
    assert g.sp[C][space("Berlin")] == 2


def test_card_86_the_wall_must_go_communist_wins() -> None:
    g = new_game()
    clear_map(g)
    dice(g, 1, 6, 6, 1, 3, 3, 2, 5)  # C, D, tie, C
    event(g, D, 86)
    assert g.vp == 0 and 9 not in g.no_event and g.effect(WALL_FELL) is None and 86 in g.removed


def test_card_87_kohl_proposes_reunification() -> None:
    g = new_game()
    event(g, D, 87)
    assert g.vp == 2 and top(g) == "choose_card"
    g = new_game()
    g.add_effect(Effect(WALL_FELL, side=D, until="game"))
    event(g, D, 87)
    assert g.vp == 2 and top(g) == "operations" and g.stack[-1]["ops"] == 3


def test_card_88_adamec() -> None:
    g = new_game()
    clear_map(g)
    dice(g, 3)
    event(g, C, 88)
    assert top(g) == "place" and g.stack[-1]["per"] == 2 and spaces_legal(g, C) == set(SPACES_IN["Czechoslovakia"])
    g = new_game()
    clear_map(g)
    set_sp(g, "Brno", d=3)  # a Democrat-controlled Czech Worker space: -1
    dice(g, 3)
    event(g, C, 88)
    assert top(g) == "choose_card"


def test_card_89_domino_theory() -> None:
    g = new_game()
    give(g, D, 22)
    g.discard.append(g.hands[D].pop())  # Poland Scoring in the discard pile
    give(g, D, 89)
    my_round(g, D)
    act(g, D, "card", 89)
    assert Action("play", "event") not in legal(g, D)  # Power in fewer than 2 countries
    g = new_game()
    give(g, D, 22)
    g.discard.append(g.hands[D].pop())
    set_power(g, D, "Hungary", "Poland")
    event(g, D, 89)
    assert [a.arg for a in legal(g, D)] == [22]
    act(g, D, "card", 22)
    assert g.ps is not None and g.ps["country"] == "Poland" and g.ps["starter"] == D and g.ps["card"] == 22


def test_card_90_civic_forum() -> None:
    g = new_game()
    clear_map(g)
    writers = space("Czech Writers")
    set_sp(g, "Brno", c=1)
    event(g, D, 90)
    assert g.vp == 1 and spaces_legal(g, D) == set(SPACES_IN["Czechoslovakia"])
    for _ in range(2):
        act(g, D, "space", writers)
    for _ in range(2):
        act(g, D, "space", space("Praha"))
    assert g.controller(writers) == D and top(g) == "checks" and g.stack[-1]["n"] == 2
    g = new_game()
    clear_map(g)
    event(g, D, 90)
    fill(g, D, space("Praha"))
    assert top(g) == "choose_card"  # Czech Writers not controlled: no checks


def test_card_91_my_first_banana() -> None:
    g = new_game()
    leipzig = set_sp(g, "Leipzig", c=2)
    event(g, D, 91)
    fill(g, D, leipzig)
    assert g.sp[C][leipzig] == 0
    set_sp(g, "Berlin", c=1)
    assert top(g) == "checks" and g.stack[-1]["n"] == 2 and spaces_legal(g, D) <= set(SPACES_IN["East Germany"])


def test_card_92_betrayal_turns_the_orthodox_church() -> None:
    g = new_game()
    church = set_sp(g, "Orthodox Church, Romania", d=2, c=1)
    event(g, C, 92)
    assert spaces_legal(g, C) == {church}
    act(g, C, "space", church)
    assert g.sp[D][church] == 0 and g.sp[C][church] == 3


def test_card_93_shock_therapy() -> None:
    g = new_game()
    give(g, D, 93)
    my_round(g, D)
    act(g, D, "card", 93)
    assert Action("play", "event") not in legal(g, D)
    g = new_game()
    clear_map(g)
    set_power(g, D, "Poland")
    set_sp(g, "Gdańsk", c=3)  # a Communist-controlled Worker space: -1
    dice(g, 4)
    event(g, D, 93)
    assert options(g, D) == ["Poland"]
    act(g, D, "option", "Poland")
    assert g.vp == 3 and top(g) == "place" and spaces_legal(g, D) == set(SPACES_IN["Poland"])
    g = new_game()
    clear_map(g)
    set_power(g, D, "Poland")
    set_sp(g, "Gdańsk", c=3)
    dice(g, 3)
    event(g, D, 93)
    act(g, D, "option", "Poland")
    assert g.vp == 0 and top(g) == "choose_card"


def test_card_94_union_of_democratic_forces() -> None:
    g = new_game()
    clear_map(g)
    sofia, varna = set_sp(g, "Sofia", c=3), set_sp(g, "Varna", c=3)
    event(g, D, 94)
    fill(g, D, sofia)
    fill(g, D, varna)
    assert g.sp[C][sofia] == 1 and g.sp[C][varna] == 1
    assert top(g) == "checks" and g.stack[-1]["n"] == 2 and spaces_legal(g, D) == {sofia, varna}


def test_card_96_the_chinese_solution() -> None:
    g = new_game()
    give(g, C, 96)
    my_round(g, C)
    act(g, C, "card", 96)
    assert Action("play", "event") not in legal(g, C)
    g = new_game(tst=[0, 7])
    set_power(g, D, "Poland")
    event(g, C, 96)
    assert "Poland" not in options(g, C) and "decline" in options(g, C)
    act(g, C, "option", "Hungary")
    f = g.stack[-1]
    assert g.vp == 3 and f["p"] == "checks" and f["n"] == 5 and f["mod"] == 3 and f["ops"] == 2  # box 2: a 1-Op card is worth 2
    g = new_game(tst=[0, 7])
    event(g, C, 96)
    act(g, C, "option", "decline")
    assert g.vp == 0 and top(g) == "choose_card"


def test_card_97_T_26_tyrant_resolves_at_once_after_the_crowd() -> None:
    g = new_game()
    g.events_played = g.events_played | {54}
    cluj = set_sp(g, "Cluj-Napoca", c=5)
    event(g, D, 97)
    assert g.sp[C][cluj] == 1 and g.effect(TYRANT_GONE) is not None
    assert spaces_legal(g, D) == {s for s in SPACES_IN["Romania"] if g.sp[D][s] == 0}


def test_card_97_needs_the_crowd_turns() -> None:
    g = new_game()
    give(g, D, 97)
    my_round(g, D)
    act(g, D, "card", 97)
    assert Action("play", "event") not in legal(g, D)


def test_card_97_T_27_capture_and_escape() -> None:
    g = new_game()
    g.events_played = g.events_played | {54}
    event(g, D, 97)
    iasi = space("Iasi")
    act(g, D, "space", iasi)
    assert g.effect(REFUGE).value == iasi
    g.add_sp(D, iasi, 2)
    assert g.vp == 0
    g.add_sp(D, iasi, 1)  # control: captured
    assert g.vp == 2 and g.effect(REFUGE) is None
    g.run_hooks("game_end")
    assert g.vp == 2
    g = new_game()
    g.events_played = g.events_played | {54}
    event(g, D, 97)
    act(g, D, "space", iasi)
    g.final = True
    g.run_hooks("game_end")
    assert g.vp == -2


def test_card_97_T_27_no_refuge_gives_two_vp() -> None:
    g = new_game()
    g.events_played = g.events_played | {54}
    for s in SPACES_IN["Romania"]:
        set_sp(g, SPACES[s].name, d=1)
    event(g, D, 97)
    assert g.vp == 2 and top(g) == "choose_card"


def test_card_97_T_26_tyrant_waits_for_the_romania_struggle() -> None:
    g = new_game()
    g.events_played = g.events_played | {54}
    g.add_effect(Effect("The Crowd Turns", side=D, until="manual", card=54))
    cluj = set_sp(g, "Cluj-Napoca", c=5)
    event(g, D, 97)
    assert g.effect(TYRANT_WAITING) is not None and 97 in g.in_play and g.sp[C][cluj] == 5
    g.run_hooks("after_ps", "Poland")
    assert g.effect(TYRANT_WAITING) is not None
    g.run_hooks("after_ps", "Romania")
    g.run()
    assert g.effect(TYRANT_WAITING) is None and 97 in g.removed and g.sp[C][cluj] == 1
    assert g.effect(TYRANT_GONE) is not None and top(g) == "pick_space"


def test_card_98_politburo_intrigue() -> None:
    g = new_game()
    varna = space("Varna")
    event(g, C, 98)
    assert spaces_legal(g, C) <= set(SPACES_IN["Bulgaria"])
    fill(g, C, varna)
    assert top(g) == "remove" and varna not in spaces_legal(g, C)
    fill(g, C, space("Burgas"))
    set_sp(g, "Burgas", d=1)
    assert top(g) == "checks" and g.stack[-1]["n"] == 1


def test_card_99_ligachev_punishes_the_next_democrat_card() -> None:
    g = new_game()
    event(g, C, 99)
    assert 99 in g.in_play
    give(g, D, 4)
    my_round(g, D)
    act(g, D, "card", 4)
    assert g.vp == -3 and g.effect("Ligachev") is None and top(g) == "card_mode"
    act(g, D, "play", "ops")
    assert g.vp == -3


def test_card_99_ligachev_gorbachev_as_event_escapes() -> None:
    g = new_game()
    event(g, C, 99)
    g.vp = 0
    clear_map(g)
    set_sp(g, "Berlin", c=1)
    event(g, D, 14)
    assert g.vp == 0 and g.effect("Ligachev") is None and 99 in g.removed


def test_card_99_ligachev_gorbachev_for_ops_pays() -> None:
    g = new_game()
    event(g, C, 99)
    give(g, D, 14)
    my_round(g, D)
    play(g, D, 14, "ops")
    assert g.vp == -3


def test_card_99_ligachev_scoring_card_pays() -> None:
    g = new_game()
    event(g, C, 99)
    give(g, D, 22)
    my_round(g, D)
    act(g, D, "card", 22)
    assert g.vp == -3 and g.ps is not None


def test_card_100_stand_fast_both_sides() -> None:
    g = new_game()
    clear_map(g)
    berlin = set_sp(g, "Berlin", d=1, c=4)  # Communist-controlled
    leipzig = set_sp(g, "Leipzig", c=1)  # uncontrolled
    event(g, C, 100)
    EVENTS[100].fn(g, Ev(100, D, 3))  # the Democrat's own Stand Fast too (e.g. brought back by Reformer)
    assert g.effect("Stand Fast (Communist)").side == D and g.effect("Stand Fast (Democrat)").side == C
    dice(g, 6, 6)
    assert support_check(g, D, berlin, 2) == 6 + 2 - 1 - 6
    assert support_check(g, D, leipzig, 2) == 6 + 2 - 6


def test_card_100_stand_fast_democrat() -> None:
    g = new_game()
    clear_map(g)
    gdansk = set_sp(g, "Gdańsk", d=4, c=1)
    event(g, D, 100)
    assert g.effect("Stand Fast (Democrat)").side == C
    dice(g, 6)
    assert support_check(g, C, gdansk, 2) == 6 + 2 - 1 - 6


def test_card_101_elena() -> None:
    g = new_game()
    clear_map(g)
    cluj, iasi = space("Cluj-Napoca"), set_sp(g, "Iasi", c=1)
    event(g, C, 101)
    assert g.sp[C][cluj] == 2
    dice(g, 6)
    assert support_check(g, D, iasi, 2) == 6 + 2 - 1 - 6
    g = new_game()
    set_sp(g, "Cluj-Napoca", c=0)
    g.add_effect(Effect(TYRANT_GONE, side=D, until="game"))
    event(g, C, 101)
    assert g.sp[C][cluj] == 0 and g.effect("Elena") is None and 101 in g.removed


def test_card_102_national_salvation_front() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Sofia", d=3)
    set_sp(g, "Varna", d=3)
    set_sp(g, "Ruse", c=3)
    set_sp(g, "Gdańsk", d=3)
    set_sp(g, "Warszawa", c=3)
    event(g, C, 102)
    g.push(power_struggle("Poland", C))
    g.run()
    assert len(g.ps["hands"][C]) == ps_cards(1) and g.effect("National Salvation Front") is not None
    g.ps, g.in_ps, g.stack = None, False, []
    g.push(power_struggle("Bulgaria", C))
    g.run()
    assert len(g.ps["hands"][C]) == ps_cards(1) + 2 and len(g.ps["hands"][D]) == ps_cards(2) - 2
    assert g.effect("National Salvation Front") is None and 102 in g.removed


def test_card_103_government_resigns() -> None:
    g = new_game()
    clear_map(g)
    plzen = set_sp(g, "Plzeň", d=1, c=3)
    set_sp(g, "Dresden", c=4)  # controlled: not eligible
    event(g, D, 103)
    assert spaces_legal(g, D) == {plzen}
    act(g, D, "space", plzen)
    assert g.sp[C][plzen] == 0 and g.sp[D][plzen] == 1


def test_card_104_new_years_eve_party_accepted() -> None:
    g = new_game()
    event(g, C, 104)
    act(g, C, "option", "end the game at the end of this turn")
    assert g.vp == -3 and g.ends_this_turn  # the Communist holds Power in 6 countries
    g.stack = [{"p": "turn_end", "stage": 2}]
    g.run()
    assert top(g) == "pick_option" and g.active == ["democrat"]
    assert set(options(g, D)) == set(COUNTRY_NAMES) | {"no struggle"}
    act(g, D, "option", "no struggle")
    assert g.outcome is not None and g.outcome["winners"] == ["communist"]


def test_card_104_new_years_eve_party_last_struggle_and_escape() -> None:
    g = new_game()
    set_power(g, D, "Poland", "Hungary", "Bulgaria")
    g.add_effect(Effect(REFUGE, side=D, until="game", value=space("Iasi")))
    event(g, C, 104)
    act(g, C, "option", "end the game at the end of this turn")
    assert g.vp == 3
    g.stack = [{"p": "turn_end", "stage": 2}]
    g.run()
    assert g.vp == 1 and "Poland" not in options(g, D)  # the Ceausescus escaped: -2
    act(g, D, "option", "Romania")
    assert g.ps is not None and g.ps["country"] == "Romania" and g.ps["starter"] == D


def test_card_104_new_years_eve_party_declined() -> None:
    g = new_game()
    event(g, C, 104)
    act(g, C, "option", "the game goes on")
    assert g.vp == 0 and not g.ends_this_turn and 104 in g.removed


def test_card_105_public_against_violence() -> None:
    g = new_game()
    clear_map(g)
    brat = set_sp(g, "Bratislava", c=2)
    event(g, D, 105)
    assert g.sp[D][space("Kosice")] == 2 and g.sp[D][space("Presov")] == 2
    f = g.stack[-1]
    assert f["p"] == "checks" and f["n"] == 1 and f["mod"] == 2 and spaces_legal(g, D) == {brat}


def test_card_106_social_democratic_platform() -> None:
    g = new_game()
    give(g, C, 106)
    my_round(g, C)
    act(g, C, "card", 106)
    assert Action("play", "event") not in legal(g, C)
    g = new_game()
    clear_map(g)
    set_power(g, D, "Poland")
    gdansk = set_sp(g, "Gdańsk", d=2)
    event(g, C, 106)
    assert options(g, C) == ["Poland"]
    act(g, C, "option", "Poland")
    fill(g, C, gdansk)
    assert g.sp[C][gdansk] == 2 and top(g) == "checks" and g.stack[-1]["n"] == 1


def test_card_107_massacre_in_timisoara() -> None:
    g = new_game()
    give(g, C, 107)
    my_round(g, C)
    act(g, C, "card", 107)
    assert Action("play", "event") not in legal(g, C)  # needs Laszlo Tokes
    g = new_game()
    g.events_played = g.events_played | {73}
    set_sp(g, "Timisoara", d=2)
    event(g, C, 107)
    f = g.stack[-1]
    assert f["p"] == "checks" and f["n"] == 2 and f["mod"] == 2 and spaces_legal(g, C) == {space("Timisoara")}
    g = new_game()
    g.events_played = g.events_played | {73}
    g.add_effect(Effect(TYRANT_GONE, side=D, until="game"))
    set_sp(g, "Timisoara", d=2)
    event(g, C, 107)
    assert top(g) == "choose_card" and 107 in g.removed


def test_card_108_army_backs_revolution_cancels_securitate() -> None:
    g = new_game()
    event(g, C, 70)
    event(g, D, 108)
    assert g.effect("Securitate") is None and 70 in g.removed
    g = new_game()
    event(g, D, 108)
    event(g, C, 70)
    assert g.effect("Securitate") is None and 70 in g.removed


def test_card_109_kremlin_coup() -> None:
    g = new_game()
    g.events_played = g.events_played | {33, 81, 84}
    clear_map(g)
    set_power(g, D, "Poland", "Czechoslovakia", "Hungary", "Romania", "Bulgaria")
    berlin = set_sp(g, "Berlin", d=2)
    dice(g, 6)  # 6 + 3 Ops + 1 = 10 against 6: margin 4
    event(g, C, 109)
    assert 110 in g.no_event and g.controller(space("Dresden")) == C and g.sp[C][space("Dresden")] == 4
    assert g.sp[D][berlin] == 0 and g.sp[C][berlin] == 2 and g.vp == -3


def test_card_109_kremlin_coup_communist_chooses_the_order() -> None:
    g = new_game()
    g.events_played = g.events_played | {33, 81, 84}
    set_power(g, D, "Poland", "Czechoslovakia", "Hungary", "Romania")
    dice(g, 1, 1)
    event(g, C, 109)
    assert set(options(g, C)) == {"East Germany", "Bulgaria"}
    act(g, C, "option", "Bulgaria")
    assert g.controller(space("Stara Zagora")) == C and g.controller(space("Dresden")) == C
    assert top(g) == "choose_card"


def test_card_110_malta_summit() -> None:
    g = new_game()
    g.events_played = g.events_played | {33, 81}
    dice(g, 2)
    dresden = set_sp(g, "Dresden", c=3)
    event(g, D, 110)
    assert g.vp == 3 and top(g) == "remove" and g.stack[-1]["n"] == 5
    assert all(SPACES[s].cls == "Elite" for s in spaces_legal(g, D))
    fill(g, D, dresden)
    assert g.sp[C][dresden] == 0
    g = new_game()
    g.events_played = g.events_played | {33}
    dice(g, 2)
    event(g, D, 110)
    assert g.vp == 0 and top(g) == "choose_card"


def test_card_101_T_11_elena_played_for_ops_after_the_tyrant() -> None:
    """1989 5.2 example 5: the Democrat plays Elena for its Op once the Tyrant is gone: the event
    happens without effect and Elena leaves the game after the action round."""
    g = new_game()
    cluj = set_sp(g, "Cluj-Napoca", c=0)
    g.add_effect(Effect(TYRANT_GONE, side=D, until="game"))
    give(g, D, 101)
    my_round(g, D)
    play(g, D, 101, "ops")
    act(g, D, "order", "event first")
    assert g.sp[C][cluj] == 0 and g.effect("Elena") is None and top(g) == "operations"
    act(g, D, "use", "place")
    act(g, D, "space", legal(g, D)[0].arg)
    assert 101 in g.removed and 101 in g.events_played


def test_card_75_exit_visas_may_discard_a_scoring_card() -> None:
    g = new_game()
    set_hand(g, D, [22, 3])
    event(g, D, 75)
    act(g, D, "card", 22)
    act(g, D, "pass")
    assert 22 in g.discard and g.ps is None and len(g.hands[D]) == 2


def test_card_102_national_salvation_front_with_a_short_democrat_hand() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Ruse", c=3)
    event(g, C, 102)
    g.push(power_struggle("Bulgaria", D))
    g.run()
    assert g.ps["hands"][D] == [] and len(g.ps["hands"][C]) == ps_cards(1)
    assert g.effect("National Salvation Front") is None and 102 in g.removed


def test_card_109_kremlin_coup_check_banned_is_skipped() -> None:
    g = new_game()
    g.events_played = g.events_played | {33, 81, 84}
    clear_map(g)
    set_power(g, D, "Poland", "Czechoslovakia", "Hungary", "Romania", "Bulgaria")
    berlin = set_sp(g, "Berlin", d=2)
    g.add_effect(Effect("Foreign Currency Debt Burden", side=C, until="turn", ban_checks=True,
                        where=in_country("East Germany")))
    dice(g)  # no die may be rolled
    event(g, C, 109)
    assert g.controller(space("Dresden")) == C and g.sp[D][berlin] == 2 and g.sp[C][berlin] == 0


def test_card_65_presidential_visit_at_the_real_deal() -> None:
    g = new_game()
    event(g, D, 65)
    set_hand(g, C, [])
    set_hand(g, D, [])
    g.stack = [{"p": "turn_begin"}]
    g.turn = 2
    g.run()
    assert len(g.hands[C]) == 7 and len(g.hands[D]) == 8 and g.effect("Presidential Visit") is None


def test_card_77_samizdat_card_counts_toward_the_next_deal() -> None:
    g = new_game()
    set_hand(g, D, [1, 2])
    event(g, D, 77)
    act(g, D, "card", 1)
    set_hand(g, D, [])
    set_hand(g, C, [])
    g.stack = [{"p": "turn_begin"}]
    g.turn = 2
    g.run()
    assert 1 in g.hands[D] and len(g.hands[D]) == 8 and 1 not in g.in_play
    g.check_invariants()


def test_card_97_T_26_tyrant_resolves_after_a_real_romania_struggle() -> None:
    """The Crowd Turns (54) then The Tyrant is Gone: the Tyrant waits, the Romania power struggle is
    fought and scored, then the Democrat picks the refuge before the next action round."""
    g = new_game()
    clear_map(g)
    set_sp(g, "Cluj-Napoca", c=5)
    set_sp(g, "Iasi", d=3)
    set_sp(g, "Brasov", c=3)
    event(g, D, 54)
    while top(g) != "choose_card":  # whatever the Crowd asks now (nothing, usually)
        act(g, g.stack[-1]["role"], legal(g, g.stack[-1]["role"])[0].verb, legal(g, g.stack[-1]["role"])[0].arg)
    event(g, D, 97)
    assert g.effect(TYRANT_WAITING) is not None and g.effect(TYRANT_GONE) is None
    g.push(power_struggle("Romania", C))
    g.run()
    for _ in range(500):
        if g.effect(TYRANT_GONE) is not None or g.outcome is not None:
            break
        role = g.stack[-1]["role"]
        a = legal(g, role)[0]
        act(g, role, a.verb, a.arg)
    assert g.effect(TYRANT_GONE) is not None and g.ps is None and 97 in g.removed
    assert g.sp[C][space("Cluj-Napoca")] <= 1


def test_card_77_samizdat_determinize_resamples_the_set_aside_card_for_the_communist() -> None:
    """The Communist cannot know the card set aside by Samizdat: a determinized state for him
    draws it anew (never a scoring card, B-04); the Democrat's own determinization keeps it."""
    from agon.engine.rng import Rng
    from agon.games.dawn_of_freedom.data import CARDS

    g = new_game()
    set_hand(g, D, [1, 2, 22])
    event(g, D, 77)
    act(g, D, "card", 1)
    hand_d = sorted(g.hands[D])
    asides = set()
    for k in range(12):
        twin = g.determinize("communist", Rng(k + 1))
        twin.check_invariants()
        eff = twin.effect("Samizdat")
        assert eff is not None and eff.card in twin.in_play and (eff.card == 1 or 1 not in twin.in_play)
        assert not CARDS[eff.card].scoring
        assert json.dumps(twin.view("communist")["in_play"]) == json.dumps(g.view("communist")["in_play"])
        asides.add(eff.card)
    assert len(asides) > 1  # resampled
    for k in range(5):
        twin = g.determinize("democrat", Rng(k + 1))
        assert twin.effect("Samizdat").card == 1 and 1 in twin.in_play and sorted(twin.hands[D]) == hand_d
    # the card comes back into the hand of a determinized game for the Communist: the resampled one
    twin = g.determinize("communist", Rng(3))
    back = twin.effect("Samizdat").card
    twin.run_hooks("turn_start")
    twin.run()
    assert back in twin.hands[D] and back not in twin.in_play
    twin.check_invariants()



def test_card_77_samizdat_choice_stays_pending_after_determinize() -> None:
    """Issue 16: a determinized state keeps the decision the opponent is taking: the Democrat's
    resampled hand always holds a non-scoring card to set aside (samples that do not are drawn
    again), so Samizdat's choice is never skipped and the Communist's view does not move."""
    from agon.engine.rng import Rng

    g = new_game()
    set_hand(g, D, [1])
    event(g, D, 77)
    assert top(g) == "pick_card"
    hands = set()
    for k in range(30):
        twin = g.determinize("communist", Rng(k + 1))
        twin.check_invariants()
        assert top(twin) == "pick_card" and twin.legal_actions("democrat")
        assert twin.view("communist") == g.view("communist")
        hands.add(tuple(twin.hands[D]))
    assert len(hands) > 1  # resampled all the same
