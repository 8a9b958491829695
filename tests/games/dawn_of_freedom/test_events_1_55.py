"""1989 strategy card events 1-55 written in events_early_a.py and events_a_2.py: given a position,
playing the event does exactly what the card says (card_texts.json)."""

from __future__ import annotations

from agon.engine import Action
from agon.games.dawn_of_freedom.data import POWER_CARDS, SPACES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import Effect
from agon.games.dawn_of_freedom.events_early_a import STASI_SHOWN, crowd_pending
from agon.games.dawn_of_freedom.ops import check_targets, support_check

from .helpers import (
    act,
    clear_country,
    clear_map,
    dice,
    event,
    finish_place_ops,
    give,
    legal,
    my_round,
    new_game,
    play,
    set_hand,
    set_sp,
    spaces_legal,
    top,
)


def names(ids):
    return {SPACES[s].name for s in ids}


# -- cards 1-24 -------------------------------------------------------------------------------------

def test_card_1_legacy_of_martial_law_swaps_an_sp_then_checks_poland() -> None:
    g = new_game()
    clear_country(g, "Poland")
    gdansk = set_sp(g, "Gdańsk", d=2)
    set_sp(g, "Kraków", d=1)
    set_hand(g, C, [1])
    play(g, C, 1, "event")
    assert spaces_legal(g, C) == {gdansk, space("Kraków")}
    act(g, C, "space", gdansk)
    assert g.sp[D][gdansk] == 1 and g.sp[C][gdansk] == 1
    assert top(g) == "checks" and g.stack[-1]["n"] == 1 and g.stack[-1]["ops"] == 2
    assert names(spaces_legal(g, C)) == {"Gdańsk", "Kraków"}
    dice(g, 6)  # Kraków stability 3: 6 + 2 = 8 > 6, margin 2
    act(g, C, "space", space("Kraków"))
    assert g.sp[D][space("Kraków")] == 0 and g.sp[C][space("Kraków")] == 1
    assert 1 in g.removed


def _start_ar(g, side, n):
    g.stack.append({"p": "ar", "side": side, "n": n})
    g.run()


def test_card_5_general_strike_replaces_communist_rounds_until_a_roll_above_five() -> None:
    g = new_game()
    set_hand(g, C, [12, 28, 22])
    event(g, D, 5)
    assert g.effect("General Strike") is not None and 5 in g.in_play
    _start_ar(g, C, 2)
    assert top(g) == "pick_card" and g.active == ["communist"]
    assert {a.arg for a in legal(g, C)} == {12, 28, 22}  # any card, a scoring card included
    dice(g, 3)  # 3 + 2 Ops = 5: not more than 5, the strike goes on
    act(g, C, "card", 12)
    assert 12 in g.discard and 12 not in g.events_played and g.effect("General Strike") is not None
    _start_ar(g, C, 3)
    dice(g, 3)  # 3 + 3 Ops = 6 > 5: the strike ends
    act(g, C, "card", 28)
    assert g.effect("General Strike") is None and 5 in g.removed and 28 in g.discard


def test_card_5_general_strike_allows_a_scoring_card_without_a_roll() -> None:
    g = new_game()
    set_hand(g, C, [12, 22])
    event(g, D, 5)
    _start_ar(g, C, 2)
    act(g, C, "card", 22)
    assert g.ps is not None and g.ps["country"] == "Poland" and g.ps["starter"] == C
    assert g.effect("General Strike") is not None


def test_card_9_the_wall_ignores_adjacent_democrat_control_once() -> None:
    g = new_game()
    clear_map(g)
    leipzig = set_sp(g, "Leipzig", d=1)
    set_sp(g, "Lutheran Church", d=5)  # Democrat-controlled neighbour of Leipzig
    set_hand(g, C, [9])
    play(g, C, 9, "event")
    assert g.effect("The Wall") is not None and 9 in g.in_play
    dice(g, 4)
    assert support_check(g, C, leipzig, 1) == 4 + 1 - 6  # no -1 for the Lutheran Church
    assert g.effect("The Wall") is None and 9 in g.removed
    dice(g, 4)
    assert support_check(g, C, leipzig, 1) == 4 + 1 - 1 - 6


def test_card_9_the_wall_waiting_is_cancelled_by_the_wall_must_go() -> None:
    g = new_game()
    set_hand(g, C, [9])
    play(g, C, 9, "event")
    g.forbid_event(9)  # "The Wall Must Go!" succeeded
    g.run_hooks("turn_start")
    assert g.effect("The Wall") is None and 9 in g.removed


def test_card_10_cult_of_personality_places_in_romanian_workers_and_farmers() -> None:
    g = new_game()
    set_hand(g, C, [10])
    play(g, C, 10, "event")
    assert top(g) == "place" and g.stack[-1]["n"] == 4
    offered = spaces_legal(g, C)
    assert offered == {s for s in SPACES_IN["Romania"] if SPACES[s].cls in ("Worker", "Farmer")}
    t = space("Timişoara")
    before = g.sp[C][t]
    act(g, C, "space", t)
    act(g, C, "space", t)
    assert t not in spaces_legal(g, C) and g.sp[C][t] == before + 2


def test_card_10_cult_of_personality_does_nothing_after_the_tyrant() -> None:
    g = new_game()
    g.add_effect(Effect("The Tyrant is Gone", side=D, until="game"))
    set_hand(g, C, [10])
    play(g, C, 10, "event")
    assert top(g) != "place" and 10 in g.removed


def test_card_11_dissident_arrested_removes_two_from_one_intellectual_space() -> None:
    g = new_game()
    clear_map(g)
    pw = set_sp(g, "Polish Writers", d=3)
    gw = set_sp(g, "German Writers", d=1)
    set_sp(g, "Gdańsk", d=2)
    set_hand(g, C, [11])
    play(g, C, 11, "event")
    assert spaces_legal(g, C) == {pw, gw}
    act(g, C, "space", pw)
    assert spaces_legal(g, C) == {pw}
    act(g, C, "space", pw)
    assert g.sp[D][pw] == 1 and g.sp[D][gw] == 1 and top(g) != "remove"
    assert 11 in g.discard  # not starred


def test_card_12_apparatchiks_places_three_in_bureaucrat_spaces() -> None:
    g = new_game()
    set_hand(g, C, [12])
    play(g, C, 12, "event")
    assert names(spaces_legal(g, C)) == {"Berlin", "Warszawa", "Praha", "Budapest", "Bucureşti", "Sofia"}
    before = g.sp[C][space("Sofia")]
    for _ in range(3):
        act(g, C, "space", space("Sofia"))
    assert g.sp[C][space("Sofia")] == before + 3 and top(g) == "choose_card"


def test_card_13_stasi_makes_the_democrat_name_and_play_his_next_card() -> None:
    g = new_game()
    set_hand(g, C, [13, 35])
    set_hand(g, D, [4, 29, 34])
    play(g, C, 13, "event")
    assert {a.arg for a in legal(g, D)} == {4, 29, 34}  # his first round after Stasi is free
    play(g, D, 4, "event")
    assert top(g) == "pick_card" and g.active == ["democrat"]  # before the Communist's round
    act(g, D, "card", 29)
    assert g.must_play[D] == 29 and g.active == ["communist"]
    play(g, C, 35, "event")
    assert legal(g, D) == [Action("card", 29)]


def test_card_13_stasi_named_card_is_cleared_at_the_end_of_the_turn() -> None:
    g = new_game()
    set_hand(g, C, [13])
    play(g, C, 13, "event")
    g.must_play[D] = 29
    g.run_hooks("turn_end")
    assert g.must_play[D] is None


def test_card_14_gorbachev_charms_the_west_removes_two_then_checks() -> None:
    g = new_game()
    clear_map(g)
    a = set_sp(g, "Praha", c=2)
    b = set_sp(g, "Sofia", c=1)
    event(g, D, 14)
    act(g, D, "space", a)
    act(g, D, "space", b)
    assert g.sp[C][a] == 1 and g.sp[C][b] == 0
    assert top(g) == "checks" and g.stack[-1]["n"] == 1 and g.stack[-1]["ops"] == 4
    assert 14 not in g.removed


def test_card_14_gorbachev_not_an_event_after_breakaway_baltic_republics() -> None:
    g = new_game()
    assert g.event_playable(14, C)
    g.events_played = g.events_played | {84}
    assert not g.event_playable(14, C) and not g.event_playable(14, D)


def test_card_18_pozsgay_one_sp_in_four_hungarian_spaces_not_democrat_controlled() -> None:
    g = new_game()
    clear_country(g, "Hungary")
    budapest = set_sp(g, "Budapest", d=3)
    set_hand(g, C, [18])
    play(g, C, 18, "event")
    offered = spaces_legal(g, C)
    assert budapest not in offered and offered == set(SPACES_IN["Hungary"]) - {budapest}
    first = space("Szombathely")
    act(g, C, "space", first)
    assert first not in spaces_legal(g, C)
    for name in ("Győr", "Pécs", "Szeged"):
        act(g, C, "space", space(name))
    assert top(g) == "choose_card"
    assert sum(g.sp[C][s] for s in SPACES_IN["Hungary"]) == 4


def test_card_19_papal_visit_three_sps_in_one_catholic_church() -> None:
    g = new_game()
    event(g, D, 19)
    assert names(spaces_legal(g, D)) == {"Catholic Church, Poland", "Catholic Church, Czechoslovakia",
                                           "Catholic Church, Hungary"}
    church = space("Catholic Church, Hungary")
    before = g.sp[D][church]
    act(g, D, "space", church)
    assert spaces_legal(g, D) == {church}
    act(g, D, "space", church)
    act(g, D, "space", church)
    assert g.sp[D][church] == before + 3 and top(g) != "place"


def test_card_20_deutsche_marks_highest_ops_card_used_for_ops() -> None:
    g = new_game()
    set_hand(g, D, [2, 8, 22, 4])
    set_hand(g, C, [20])
    play(g, C, 20, "event")
    assert g.active == ["democrat"] and {a.arg for a in legal(g, D)} == {2, 8}  # ties: 4 Ops each
    act(g, D, "card", 2)
    assert top(g) == "operations" and g.active == ["communist"] and 2 not in g.hands[D]
    assert Action("use", "tiananmen") in legal(g, C)
    assert 2 not in g.events_played
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Sofia")
    assert 2 in g.discard and 20 in g.removed


def test_card_20_deutsche_marks_communist_event_happens() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Praha", d=3)
    set_hand(g, D, [7, 4])
    set_hand(g, C, [20])
    play(g, C, 20, "event")
    act(g, D, "card", 7)  # State Run Media: a playable Communist event
    assert top(g) == "remove" and g.active == ["communist"] and g.stack[-1]["n"] == 4
    act(g, C, "space", space("Praha"))
    act(g, C, "space", space("Praha"))
    assert g.sp[D][space("Praha")] == 1 and 7 in g.removed


def test_card_21_common_european_home_uses_an_opponent_card_without_its_event() -> None:
    g = new_game()
    cu = space("Charles University")
    before = g.sp[D][cu]
    set_hand(g, C, [21, 29])
    play(g, C, 21, "event")
    assert g.active == ["communist"] and {a.arg for a in legal(g, C)} == {29}
    act(g, C, "card", 29)
    assert top(g) == "operations"
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Sofia")
    assert g.sp[D][cu] == before and 29 in g.discard and 29 not in g.removed and 21 in g.discard
    assert g.vp == 0


def test_card_21_common_european_home_for_ops_gives_the_opponent_a_vp() -> None:
    g = new_game()
    set_hand(g, C, [21])
    play(g, C, 21)
    assert Action("play", "event") not in legal(g, C)  # no Democrat card in hand
    act(g, C, "play", "ops")
    assert g.vp == 1
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Sofia")
    assert 21 in g.discard and not g.event_playable(21, D)  # never from a pile or a forced discard


def test_card_21_common_european_home_shown_to_stasi_is_played_for_ops() -> None:
    g = new_game()
    give(g, D, 21, 12)
    g.add_effect(Effect(STASI_SHOWN, side=D, until="turn", value=21))
    g.must_play[D] = 21
    my_round(g, D)
    act(g, D, "card", 21)
    assert Action("play", "event") not in legal(g, D) and Action("play", "ops") in legal(g, D)


def test_card_21_common_european_home_paired_with_the_card_shown_to_stasi() -> None:
    g = new_game()
    set_hand(g, C, [13, 35, 47])
    set_hand(g, D, [4, 7, 21, 34])
    play(g, C, 13, "event")
    play(g, D, 4, "event")
    act(g, D, "card", 7)  # shows State Run Media, a Communist card
    play(g, C, 35, "event")
    assert top(g) == "pick_option" and g.active == ["democrat"]
    act(g, D, "option", "play Common European Home with the shown card")
    assert legal(g, D) == [Action("card", 7)]
    act(g, D, "card", 7)
    assert top(g) == "operations" and g.stack[-1]["card"] == 7
    act(g, D, "use", "place")
    finish_place_ops(g, D, "Varna")
    assert 7 in g.discard and 7 not in g.events_played and 21 in g.discard and g.hands[D] == [34]
    assert top(g) == "pick_card" and legal(g, D) == [Action("card", 34)]  # naming for the next round


def test_card_24_st_nicholas_church_takes_control_of_the_lutheran_church() -> None:
    g = new_game()
    lc = set_sp(g, "Lutheran Church", d=1, c=1)
    event(g, D, 24)
    assert g.sp[D][lc] == 6 and g.controller(lc) == D and 24 in g.events_played and 24 in g.removed


# -- cards 28-54 ------------------------------------------------------------------------------------

def test_card_28_factory_party_cells_removes_three_from_workers() -> None:
    g = new_game()
    clear_map(g)
    gd = set_sp(g, "Gdańsk", d=3)
    lz = set_sp(g, "Leipzig", d=1)
    set_sp(g, "Polish Writers", d=2)
    set_hand(g, C, [28])
    play(g, C, 28, "event")
    assert spaces_legal(g, C) == {gd, lz}
    act(g, C, "space", gd)
    act(g, C, "space", gd)
    assert spaces_legal(g, C) == {lz}
    act(g, C, "space", lz)
    assert g.sp[D][gd] == 1 and g.sp[D][lz] == 0 and 28 in g.discard


def test_card_31_intelligentsia_four_in_intellectual_spaces() -> None:
    g = new_game()
    event(g, D, 31)
    assert all(SPACES[s].cls == "Intellectual" for s in spaces_legal(g, D)) and len(spaces_legal(g, D)) == 6
    hw = space("Hungarian Writers")
    act(g, D, "space", hw)
    act(g, D, "space", hw)
    assert hw not in spaces_legal(g, D)
    act(g, D, "space", space("Czech Writers"))
    act(g, D, "space", space("Czech Writers"))
    assert g.sp[D][hw] == 2 and top(g) != "place"


def test_card_32_peasant_parties_four_in_farmer_spaces() -> None:
    g = new_game()
    set_hand(g, C, [32])
    play(g, C, 32, "event")
    assert {SPACES[s].cls for s in spaces_legal(g, C)} == {"Farmer"}
    f = sorted(spaces_legal(g, C))[0]
    before = g.sp[C][f]
    act(g, C, "space", f)
    act(g, C, "space", f)
    assert f not in spaces_legal(g, C) and g.sp[C][f] == before + 2 and g.stack[-1]["n"] == 2


def test_card_33_sajudis_vp_and_control_of_a_minority_space() -> None:
    g = new_game()
    raz = set_sp(g, "Razgrad", d=0, c=2)
    set_sp(g, "Harghita/Covasna", d=4, c=0)  # already Democrat-controlled: not offered
    event(g, D, 33)
    assert g.vp == 1 and spaces_legal(g, D) == {raz}
    act(g, D, "space", raz)
    assert g.sp[D][raz] == 6 and g.controller(raz) == D and 33 in g.events_played


def test_card_34_fidesz_five_sps_in_elte() -> None:
    g = new_game()
    event(g, D, 34)
    assert g.sp[D][space("Eötvös Loránd University")] == 5


def test_card_35_heal_our_bleeding_wound_by_turn() -> None:
    for turn, vp in ((1, -3), (3, -3), (4, -1), (7, -1), (8, 3), (10, 3)):
        g = new_game(turn=turn)
        set_hand(g, C, [35])
        play(g, C, 35, "event")
        assert g.vp == vp, turn


def test_card_36_dash_for_the_west_success_replays_a_starred_democrat_event() -> None:
    g = new_game()
    clear_country(g, "East Germany")
    set_sp(g, "Berlin", c=3)
    for c in (29, 17, 7):
        give(g, D, c)
        g.hands[D].remove(c)
        g.discard.append(c)
    give(g, D, 36)
    my_round(g, D)
    dice(g, 2)  # 2 > 1 Communist-controlled East German space
    play(g, D, 36, "event")
    assert g.vp == 1 and legal(g, D) == [Action("card", 29), Action("pass")]  # 17 unstarred, 7 Communist
    cu = space("Charles University")
    before = g.sp[D][cu]
    act(g, D, "card", 29)
    assert g.sp[D][cu] == before + 6 and 29 in g.removed and 36 in g.removed


def test_card_36_dash_for_the_west_fails_on_a_low_roll() -> None:
    g = new_game()
    clear_country(g, "East Germany")
    set_sp(g, "Berlin", c=3)
    set_sp(g, "Dresden", c=4)
    give(g, D, 36)
    my_round(g, D)
    dice(g, 2)  # not greater than 2
    play(g, D, 36, "event")
    assert g.vp == 0 and top(g) == "choose_card" and 36 in g.removed


def test_card_37_nagy_reburied_empties_szombathely_then_places_in_hungary() -> None:
    g = new_game()
    sz = set_sp(g, "Szombathely", d=1, c=3)
    set_hand(g, C, [37])
    play(g, C, 37, "event")
    assert g.sp[C][sz] == 0 and g.sp[D][sz] == 1
    assert spaces_legal(g, C) == set(SPACES_IN["Hungary"]) and g.stack[-1]["n"] == 4
    bp = space("Budapest")
    act(g, C, "space", bp)
    act(g, C, "space", bp)
    assert bp not in spaces_legal(g, C)


def test_card_38_the_july_concept_three_in_bulgaria() -> None:
    g = new_game()
    set_hand(g, C, [38])
    play(g, C, 38, "event")
    assert spaces_legal(g, C) == set(SPACES_IN["Bulgaria"])
    sofia = space("Sofia")
    before = g.sp[C][sofia]
    for _ in range(3):
        act(g, C, "space", sofia)
    assert g.sp[C][sofia] == before + 3 and top(g) == "choose_card"


def test_card_39_eco_glasnost_four_sps_in_ruse_and_vp_on_communist_checks() -> None:
    g = new_game()
    ruse = space("Ruse")
    event(g, D, 39)
    assert g.sp[D][ruse] == 4 and 39 in g.removed
    dice(g, 1)
    support_check(g, C, ruse, 2)
    assert g.vp == 1
    set_sp(g, "Sofia", d=1)
    dice(g, 1)
    support_check(g, C, space("Sofia"), 2)
    assert g.vp == 1  # only checks in Ruse score


def test_card_40_hungarian_democratic_forum_three_sps_then_one_check() -> None:
    g = new_game()
    event(g, D, 40)
    assert spaces_legal(g, D) == set(SPACES_IN["Hungary"])
    for _ in range(3):
        act(g, D, "space", space("Budapest"))
    assert top(g) == "checks" and g.stack[-1]["n"] == 1 and g.stack[-1]["ops"] == 3
    assert all(SPACES[s].country == "Hungary" for s in spaces_legal(g, D))


def test_card_41_ceausescu_removes_checks_and_at_round_end_weakens_bucuresti() -> None:
    g = new_game()
    clear_country(g, "Romania")
    tim = set_sp(g, "Timişoara", d=2)  # next to Cluj-Napoca
    buc = set_sp(g, "București", c=3)
    give(g, D, 41)
    my_round(g, D)
    play(g, D, 41, "ops")
    act(g, D, "order", "event first")
    assert g.active == ["communist"] and top(g) == "remove"
    act(g, C, "space", tim)
    assert g.sp[D][tim] == 1  # only 2 Democrat SPs in Romania: the removal ends with them
    act(g, C, "space", tim)
    assert top(g) == "operations" and g.active == ["democrat"]  # no check target left in Romania
    assert g.sp[C][buc] == 3
    # the Democrat spends his Ops next (no Democrat SP left in Romania: the clause will not fire)
    act(g, D, "use", "place")
    finish_place_ops(g, D, "Varna")
    assert g.sp[C][buc] == 3 and 41 in g.removed


def test_card_41_ceausescu_clause_after_the_democrats_ops() -> None:
    g = new_game()
    clear_country(g, "Romania")
    tim = set_sp(g, "Timişoara", d=4)
    buc = set_sp(g, "București", c=3)
    give(g, D, 41)
    my_round(g, D)
    play(g, D, 41, "ops")
    act(g, D, "order", "event first")
    for _ in range(3):
        act(g, C, "space", tim)
    dice(g, 1)  # Timişoara stability 3: 1 + 3 Ops fails
    act(g, C, "space", tim)
    assert g.sp[D][tim] == 1 and top(g) == "operations" and g.sp[C][buc] == 3  # not yet
    act(g, D, "use", "place")
    finish_place_ops(g, D, "Varna")
    assert g.sp[C][buc] == 2 and 41 in g.removed


def test_card_41_ceausescu_does_nothing_after_the_tyrant() -> None:
    g = new_game()
    g.add_effect(Effect("The Tyrant is Gone", side=D, until="game"))
    set_hand(g, C, [41])
    play(g, C, 41, "event")
    assert top(g) == "choose_card" and 41 in g.removed


def test_card_44_inflationary_currency_removal_then_a_cancellable_check() -> None:
    g = new_game()
    clear_country(g, "Poland")
    wa = set_sp(g, "Warszawa", c=3)
    set_hand(g, C, [28, 4])
    event(g, D, 44)
    assert {a.arg for a in legal(g, D)} == set(SPACES[s].country for s in range(75))  # C holds power everywhere
    act(g, D, "option", "Poland")
    act(g, D, "space", wa)
    act(g, D, "space", wa)
    assert g.sp[C][wa] == 1
    assert g.active == ["communist"] and top(g) == "pick_option"
    act(g, C, "option", "discard a 3-Ops card to cancel the support check")
    assert {a.arg for a in legal(g, C)} == {28}  # Michnik (1 Op) cannot pay
    act(g, C, "card", 28)
    assert 28 in g.discard and top(g) == "choose_card" and g.sp[C][wa] == 1


def test_card_44_inflationary_currency_check_happens_when_not_paid() -> None:
    g = new_game()
    clear_country(g, "Poland")
    wa = set_sp(g, "Warszawa", c=3)
    set_hand(g, C, [4])  # nothing worth 3 Ops: no choice offered
    event(g, D, 44)
    act(g, D, "option", "Poland")
    act(g, D, "space", wa)
    act(g, D, "space", wa)
    assert top(g) == "checks" and g.active == ["democrat"] and g.stack[-1]["ops"] == 3


def test_card_44_inflationary_currency_no_offer_without_a_check_target() -> None:
    g = new_game()
    clear_country(g, "Poland")
    wa = set_sp(g, "Warszawa", c=2)
    set_hand(g, C, [28])
    event(g, D, 44)
    act(g, D, "option", "Poland")
    act(g, D, "space", wa)
    act(g, D, "space", wa)
    assert g.sp[C][wa] == 0 and top(g) == "choose_card" and g.hands[C] == [28]


def test_card_44_inflationary_currency_needs_the_opponent_in_power() -> None:
    g = new_game()
    assert g.event_playable(44, D) and not g.event_playable(44, C)
    g.power[0] = D
    assert g.event_playable(44, C)


def test_card_45_soviet_troop_withdrawals_five_from_eastern_europe() -> None:
    g = new_game()
    clear_map(g)
    pr = set_sp(g, "Praha", c=3)
    lz = set_sp(g, "Leipzig", c=1)
    set_sp(g, "Sofia", c=2)
    event(g, D, 45)
    assert spaces_legal(g, D) == {pr, lz}  # not the Balkans
    act(g, D, "space", pr)
    act(g, D, "space", pr)
    assert spaces_legal(g, D) == {lz}
    act(g, D, "space", lz)
    assert g.sp[C][pr] == 1 and g.sp[C][lz] == 0 and top(g) == "choose_card" and 45 in g.removed


def test_card_46_goodbye_lenin_takes_a_red_card_from_the_communist() -> None:
    g = new_game()
    lc = set_sp(g, "Lutheran Church", d=1)
    set_hand(g, C, [2, 24, 7])
    event(g, D, 46)
    opts = {a.arg for a in legal(g, D)}
    assert opts == {"carry out Solidarity Legalized", "carry out St. Nicholas Church",
                    "use Goodbye Lenin's Operations"}
    act(g, D, "option", "carry out St. Nicholas Church")
    assert g.controller(lc) == D and 24 in g.removed and 24 not in g.hands[C] and g.hands[C] == [2, 7]
    assert 46 in g.removed


def test_card_46_goodbye_lenin_ops_instead() -> None:
    g = new_game()
    set_hand(g, C, [7])
    event(g, D, 46)
    assert [a.arg for a in legal(g, D)] == ["use Goodbye Lenin's Operations"]
    act(g, D, "option", "use Goodbye Lenin's Operations")
    assert top(g) == "operations" and g.active == ["democrat"]


def test_card_47_bulgarian_turks_expelled() -> None:
    g = new_game()
    raz = set_sp(g, "Razgrad", d=3, c=2)
    set_hand(g, C, [47])
    play(g, C, 47, "event")
    assert g.vp == -2 and g.sp[D][raz] == 0 and g.sp[C][raz] == 2


def test_card_48_we_are_the_people_moves_sps_and_bans_leipzig_checks() -> None:
    g = new_game()
    clear_country(g, "East Germany")
    lc = set_sp(g, "Lutheran Church", d=6)
    lz = set_sp(g, "Leipzig", d=1)
    event(g, D, 48)
    assert lc not in spaces_legal(g, D) and lz in spaces_legal(g, D)
    act(g, D, "space", lz)
    act(g, D, "space", lz)
    assert lz not in spaces_legal(g, D)
    berlin = space("Berlin")
    act(g, D, "space", berlin)
    act(g, D, "space", berlin)
    assert g.sp[D][lc] == 2 and g.sp[D][lz] == 3 and g.sp[D][berlin] == 2 and top(g) != "pick_space"
    assert lz not in check_targets(g, C, None) and berlin in check_targets(g, C, None)


def test_card_48_we_are_the_people_moving_is_optional() -> None:
    g = new_game()
    lc = set_sp(g, "Lutheran Church", d=2)
    event(g, D, 48)
    act(g, D, "pass")
    assert g.sp[D][lc] == 2 and g.effect("We are the People!") is not None


def test_card_49_foreign_currency_debt_burden_bans_checks_in_a_country() -> None:
    g = new_game()
    clear_map(g)
    pr = set_sp(g, "Praha", d=1)
    wa = set_sp(g, "Warszawa", d=1)
    event(g, D, 49)
    assert g.vp == 1 and "Romania" not in {a.arg for a in legal(g, D)} and len(legal(g, D)) == 5
    act(g, D, "option", "Czechoslovakia")
    assert check_targets(g, C, None) == [wa] and pr not in check_targets(g, C, None)
    g.expire("turn")
    assert pr in check_targets(g, C, None)


def test_card_50_the_sinatra_doctrine_plus_one_op_this_turn() -> None:
    g = new_game()
    event(g, D, 50)
    assert g.card_ops(29, D) == 2 and g.card_ops(45, D) == 5 and g.card_ops(29, C) == 1
    g.expire("turn")
    assert g.card_ops(45, D) == 4


def test_card_51_40th_anniversary_celebration() -> None:
    for vp, n in ((0, 2), (3, 2), (-1, 4)):
        g = new_game(vp=vp)
        set_hand(g, C, [51])
        play(g, C, 51, "event")
        assert top(g) == "place" and g.stack[-1]["n"] == n
        assert spaces_legal(g, C) == set(SPACES_IN["East Germany"])
        for _ in range(n):
            act(g, C, "space", space("Berlin"))
        assert g.vp == vp - 1


def test_card_54_the_crowd_turns_waits_for_the_romania_struggle() -> None:
    g = new_game()
    clear_map(g)
    for name in ("Timişoara", "Iaşi"):
        set_sp(g, name, d=3)
    set_sp(g, "București", c=3)
    event(g, D, 54)
    assert crowd_pending(g) and 54 in g.in_play
    g.stack.append({"p": "ps_start", "country": "Poland", "card": None, "starter": C})
    g.run()
    assert crowd_pending(g)  # not a Romanian struggle
    g.ps, g.in_ps = None, False
    g.stack = [f for f in g.stack if not f["p"].startswith("ps_")]
    g.stack.append({"p": "ps_start", "country": "Romania", "card": None, "starter": C})
    g.run()
    assert not crowd_pending(g) and 54 in g.removed
    ps = g.ps
    assert len(ps["out"]) == 15
    rallies = sum(1 for c in ps["out"] if POWER_CARDS[c].name == "Rally in the Square")
    if rallies:
        assert top(g) == "operations" and g.active == ["democrat"] and g.stack[-1]["ops"] == 3 * rallies
        assert all(SPACES[s].country == "Romania" for s in spaces_legal(g, D))
    else:
        assert top(g) == "ps_stakes"
    g.check_invariants()


def test_card_10_T_25_cult_of_personality_works_while_the_tyrant_waits() -> None:
    g = new_game()
    give(g, D, 54, 97)
    my_round(g, D)
    play(g, D, 54, "event")
    my_round(g, D)
    play(g, D, 97, "event")
    assert crowd_pending(g) and g.effect("The Tyrant is Gone") is None  # the Tyrant waits (7.6.2)
    set_hand(g, C, [10])
    my_round(g, C)
    play(g, C, 10, "event")
    assert top(g) == "place" and g.stack[-1]["n"] == 4


def test_card_54_T_26_crowd_then_the_waiting_tyrant_resolves_after_the_struggle() -> None:
    g = new_game()
    clear_country(g, "Romania")
    set_sp(g, "Timişoara", d=3)
    set_sp(g, "București", c=3)
    give(g, D, 54, 97)
    my_round(g, D)
    play(g, D, 54, "event")
    my_round(g, D)
    play(g, D, 97, "event")
    g.stack.append({"p": "ps_start", "country": "Romania", "card": None, "starter": C})
    g.run()
    assert not crowd_pending(g) and g.effect("The Tyrant is Gone") is None  # still waiting
    if top(g) == "operations":
        act(g, D, "use", "place")
        finish_place_ops(g, D, "Timişoara")
    ps = g.ps
    ps["deck"] = ps["deck"] + ps["hands"][D] + ps["hands"][C]
    ps["hands"] = [[], []]  # the Communist cannot attack: the Democrat wins (8.3.1)
    for _ in range(50):
        if g.ps is None:
            break
        side = g.stack[-1]["role"] if "role" in g.stack[-1] else None
        if side is None or not legal(g, side):  # (hands emptied by hand: nobody can raise)
            g.run()
            continue
        act(g, side, legal(g, side)[0].verb, legal(g, side)[0].arg)
    assert g.effect("The Tyrant is Gone") is not None  # resolved right after the struggle
    set_hand(g, C, [41])
    while g.stack and g.stack[-1].get("role") == D:  # the refuge choice
        act(g, D, "space", legal(g, D)[0].arg)
    my_round(g, C)
    play(g, C, 41, "event")
    assert top(g) == "choose_card" and 41 in g.removed


def test_card_13_stasi_still_asks_before_a_round_taken_by_the_general_strike() -> None:
    g = new_game()
    set_hand(g, C, [13, 12, 28])
    set_hand(g, D, [5, 29, 34])
    play(g, C, 13, "event")
    play(g, D, 5, "event")
    assert top(g) == "pick_card" and g.active == ["democrat"]  # Stasi: name the next card
    act(g, D, "card", 34)
    assert top(g) == "pick_card" and g.active == ["communist"]  # the strike's discard
    dice(g, 1)
    act(g, C, "card", 12)
    assert legal(g, D) == [Action("card", 34)]


def test_card_46_goodbye_lenin_determinize_keeps_the_red_cards_the_democrat_saw() -> None:
    """The Democrat saw the Communist's red-title cards: his determinized states keep those and
    fill the rest of the Communist's hand with cards that are not red-title; the Communist's own
    determinization is unaffected."""
    from agon.engine.rng import Rng
    from agon.games.dawn_of_freedom.data import CARDS

    g = new_game()
    set_hand(g, C, [2, 24, 33, 7, 5, 8])  # 2, 24, 33: red-title
    event(g, D, 46)
    act(g, D, "option", "use Goodbye Lenin's Operations")
    hand_c = sorted(g.hands[C])
    reds = {c for c in hand_c if CARDS[c].red}
    assert reds >= {2, 24}
    others = set()
    for k in range(12):
        twin = g.determinize("democrat", Rng(k + 1))
        twin.check_invariants()
        assert reds <= set(twin.hands[C]) and len(twin.hands[C]) == len(hand_c)
        assert all(not CARDS[c].red for c in twin.hands[C] if c not in reds)
        others |= set(twin.hands[C]) - reds
    assert others - set(hand_c)  # the unseen cards are resampled
    # a card drawn later is unknown again: the Communist plays a red card, draws it back blind
    g.hands[C].remove(24)
    g.deck.append(24)
    g.draw(C, 1)
    assert 24 not in g.known[C]


def test_card_20_deutsche_marks_determinize_keeps_what_the_communist_learnt() -> None:
    """The card handed over has the highest printed Ops of the Democrat's non-scoring cards: the
    Communist's determinized states give the Democrat no unseen card worth more (scoring cards
    aside); a card the Democrat draws later is unknown again."""
    from agon.engine.rng import Rng
    from agon.games.dawn_of_freedom.data import CARDS

    g = new_game()
    set_hand(g, D, [29, 4, 9, 24, 26])  # 1-Op cards
    set_hand(g, C, [20])
    play(g, C, 20, "event")
    act(g, D, "card", 29)  # all ties at 1 Op
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Sofia")
    assert g.ops_cap == [1, 1, 1, 1]  # on the four cards left, whichever they are (issue 36 item 3)
    others = set()
    for k in range(10):
        twin = g.determinize("communist", Rng(k + 1))
        twin.check_invariants()
        assert all(CARDS[c].scoring or CARDS[c].ops <= 1 for c in twin.hands[D])
        others |= set(twin.hands[D])
    assert others - {4, 9, 24, 26}  # still resampled
    g.discard_card(D, 4)  # a capped card leaves face up, and a card is drawn unseen
    g.draw(D, 1)
    assert g.ops_cap == [1, 1, 1]
