"""Event cards 25-48, one test (at least) per side (CL 5.0; texts: agon/games/cuba_libre/data/card_texts.json)."""

from __future__ import annotations

from agon.games.cuba_libre.data import DIRECTORIO, FORCES, GOVT, HAVANA, M26, SYN, space
from agon.games.cuba_libre.insurgent_ops import rally_result
from tests.games.cuba_libre.helpers import act, blank, legal, op_in, put, situation, start
from tests.games.cuba_libre.test_events_cards import N, done_card, n, play

# -- 25 Escapade ---------------------------------------------------------------------------------


def test_card_25_unshaded_dr_guerrilla_and_base_land():
    g = blank()
    play(g, 25)
    assert {a for _, a in legal(g)} == {N("camaguey_province"), N("oriente")}
    act(g, "space", N("oriente"))
    assert n(g, "oriente", "dr_u") == 1 and n(g, "oriente", "dr_base") == 1


def test_card_25_shaded_dr_base_removed():
    g = situation({"matanzas": {"dr_base": 1}})
    play(g, 25, shaded=True)
    act(g, "remove", (N("matanzas"), "dr_base"))
    assert n(g, "matanzas", "dr_base") == 0


# -- 26 Rodriguez Loeches -------------------------------------------------------------------------


def test_card_26_unshaded_dr_places_then_ambushes():
    g = situation({"matanzas": {"police": 1}})
    play(g, 26, f=GOVT)
    assert g.active == ["dr"]  # ruling EV-26: DR decides
    act(g, "space", N("matanzas"))
    assert ("choose", "ambush") in legal(g) and ("choose", "rally") in legal(g)
    act(g, "choose", "ambush")
    assert n(g, "matanzas", "police") == 0
    assert n(g, "matanzas", "dr_a") == 1 and n(g, "matanzas", "dr_u") == 1 and done_card(g)


def test_card_26_unshaded_pending_choice_is_a_position():
    """Its choice of any space was kept as a `range`, which a position cannot hold: `position()`
    refused a game waiting on that choice ("stack: a range has no form in a position")."""
    from agon.games.cuba_libre.data import N_SPACES

    g = situation({"matanzas": {"police": 1}})
    play(g, 26, f=GOVT)
    (choice,) = [frame for frame in g.position()["state"]["stack"] if frame.get("what") == "space"]
    assert choice["opts"] == {"$tuple": list(range(N_SPACES))}


def test_card_26_unshaded_or_marches_in():
    g = situation({"la_habana": {"dr_u": 2}})
    play(g, 26)
    act(g, "space", N("matanzas"))
    act(g, "choose", "march")
    act(g, "operation", "march")
    act(g, "space", N("matanzas"))
    act(g, "move", (N("la_habana"), "underground"))
    act(g, "done")
    act(g, "done")
    assert n(g, "matanzas", "dr_u") == 2 and n(g, "la_habana", "dr_u") == 1


def test_card_26_shaded_dr_guerrilla_removed_and_resources():
    g = situation({"havana": {"dr_a": 1}}, res={"dr": 7})
    play(g, 26, shaded=True)
    act(g, "remove", (N("havana"), "dr_a"))
    assert n(g, "havana", "dr_a") == 0 and g.res[DIRECTORIO] == 2


# -- 27 Echeverria -------------------------------------------------------------------------------


def test_card_27_unshaded_guerrillas_havana_neutral_dr_eligible():
    g = blank()
    g.support[HAVANA] = 2
    play(g, 27)
    act(g, "place", (N("havana"), "dr_u"))
    act(g, "place", (N("oriente"), "dr_u"))
    assert n(g, "havana", "dr_u") == 1 and n(g, "oriente", "dr_u") == 1 and g.support[HAVANA] == 0
    assert done_card(g) and g.elig[DIRECTORIO]


def test_card_27_shaded_two_dr_pieces_nearest_havana():
    g = situation({"la_habana": {"dr_u": 1}, "matanzas": {"dr_base": 1}, "oriente": {"dr_u": 1}}, res={"dr": 10})
    play(g, 27, shaded=True)
    assert legal(g) == [("remove", (N("la_habana"), "dr_u"))]
    act(g, "remove", (N("la_habana"), "dr_u"))
    assert legal(g) == [("remove", (N("matanzas"), "dr_base"))]
    act(g, "remove", (N("matanzas"), "dr_base"))
    assert n(g, "oriente", "dr_u") == 1 and g.res[DIRECTORIO] == 7


# -- 28 Morgan -----------------------------------------------------------------------------------


def test_card_28_unshaded_capability_dr_marches_two_spaces():
    g = blank()
    play(g, 28)
    assert g.has_cap(28)
    g.res[DIRECTORIO] = 5
    put(g, "la_habana", dr_u=1)
    start(g, DIRECTORIO)
    act(g, "operation", "march")
    act(g, "space", N("las_villas"))  # two spaces from La Habana, through Matanzas
    act(g, "move", (N("la_habana"), "underground"))
    assert n(g, "las_villas", "dr_u") == 1


def test_card_28_unshaded_activation_tested_in_the_space_passed_through():
    """Ruling CL-E28: a 2-space move is exposed in the middle space too (Support and > 3)."""
    g = blank()
    play(g, 28)
    g.res[DIRECTORIO] = 5
    put(g, "la_habana", dr_u=1)
    put(g, "matanzas", troop=3)
    g.support[space("matanzas")] = 1
    op_in(g, DIRECTORIO, "march", N("las_villas"))
    act(g, "move", (N("la_habana"), "underground"))
    assert n(g, "las_villas", "dr_a") == 1 and n(g, "las_villas", "dr_u") == 0


def test_card_28_shaded_dr_space_to_active_support():
    g = situation({"matanzas": {"dr_a": 1}}, support={"matanzas": -2})
    play(g, 28, shaded=True)
    assert legal(g) == [("space", N("matanzas"))]
    act(g, "space", N("matanzas"))
    assert g.support[space("matanzas")] == 2


# -- 29 Faure Chomon -----------------------------------------------------------------------------


def test_card_29_unshaded_base_and_two_guerrillas_in_las_villas():
    g = blank()
    play(g, 29)
    act(g, "faction", "m26")
    assert n(g, "las_villas", "m26_base") == 1 and n(g, "las_villas", "m26_u") == 2


def test_card_29_shaded_dr_piece_replaced_by_26july():
    g = situation({"havana": {"dr_base": 1, "dr_a": 1}})
    play(g, 29, shaded=True)
    assert ("remove", (N("havana"), "dr_a")) in legal(g)
    act(g, "replace", (N("havana"), "dr_base"))
    assert n(g, "havana", "dr_base") == 0 and n(g, "havana", "m26_base") == 1 and n(g, "havana", "dr_a") == 1


# -- 30 The Guerrilla Life -----------------------------------------------------------------------


def test_card_30_unshaded_capability_rally_also_flips_underground():
    g = blank()
    play(g, 30)
    assert g.has_cap(30)
    put(g, "oriente", m26_a=2)
    rally_result(g, M26, space("oriente"), "place")
    assert n(g, "oriente", "m26_u") == 3 and n(g, "oriente", "m26_a") == 0


def test_card_30_shaded_dr_underground_and_a_guerrilla_in_a_city():
    g = situation({"oriente": {"dr_a": 2}})
    play(g, 30, shaded=True)
    assert {a[0] for _, a in legal(g)} == {N("havana"), N("camaguey_city"), N("santiago_de_cuba")}
    act(g, "place", (N("havana"), "dr_u"))
    assert n(g, "oriente", "dr_u") == 2 and n(g, "havana", "dr_u") == 1


# -- 31 Escopeteros ------------------------------------------------------------------------------


def test_card_31_unshaded_base_of_any_faction_and_guerrilla_in_mountain():
    g = blank()
    play(g, 31)
    assert {a for _, a in legal(g)} == {N("las_villas"), N("sierra_maestra")}
    act(g, "space", N("las_villas"))
    act(g, "place", (N("las_villas"), "govt_base"))
    act(g, "place", (N("las_villas"), "syn_u"))
    assert n(g, "las_villas", "govt_base") == 1 and n(g, "las_villas", "syn_u") == 1


def test_card_31_shaded_mountain_toward_support():
    g = situation(support={"sierra_maestra": -2})
    play(g, 31, shaded=True)
    act(g, "space", N("sierra_maestra"))
    assert g.support[space("sierra_maestra")] == -1


# -- 32 Resistencia Civica -----------------------------------------------------------------------


def test_card_32_unshaded_dr_pieces_in_a_city_become_26july():
    g = situation({"havana": {"dr_u": 1, "dr_a": 1, "dr_base": 1}})
    play(g, 32)
    act(g, "space", N("havana"))
    assert g.faction_count(HAVANA, DIRECTORIO) == 0
    assert n(g, "havana", "m26_u") == 2 and n(g, "havana", "m26_base") == 1


def test_card_32_shaded_26july_pieces_in_a_city_become_dr():
    g = situation({"santiago_de_cuba": {"m26_a": 2, "m26_base": 1}})
    g.avail[6] = 0  # no DR Base Available: the 26July Base is simply removed
    play(g, 32, shaded=True)
    act(g, "space", N("santiago_de_cuba"))
    assert g.faction_count(space("santiago_de_cuba"), M26) == 0
    assert n(g, "santiago_de_cuba", "dr_u") == 2 and n(g, "santiago_de_cuba", "dr_base") == 0


# -- 33 Carlos Prio (events_core) ----------------------------------------------------------------


def test_card_33_unshaded_five_resources():
    g = situation(res={"dr": 3})
    play(g, 33)
    act(g, "faction", "dr")
    assert g.res[DIRECTORIO] == 8


def test_card_33_shaded_dr_base_and_neutral_where_no_govt_control():
    g = situation({"havana": {"troop": 2}}, support={"oriente": -2})
    play(g, 33, shaded=True)
    assert ("space", N("havana")) not in legal(g)
    act(g, "space", N("oriente"))
    assert n(g, "oriente", "dr_base") == 1 and g.support[space("oriente")] == 0


# -- 34 US Speaking Tour -------------------------------------------------------------------------


def test_card_34_unshaded_die_roll_for_one_two_for_the_others():
    g = blank()
    g.res = [5, 5, 5, 5]
    play(g, 34)
    act(g, "faction", "m26")
    assert 6 <= g.res[M26] <= 11 and g.res[DIRECTORIO] == 7 and g.res[SYN] == 7 and g.res[GOVT] == 5


def test_card_34_shaded_aid_to_government_then_aid_up():
    g = situation(aid=12, res={"govt": 0})
    play(g, 34, shaded=True)
    assert g.res[GOVT] == 8 and g.aid == 20


# -- 35 Defections -------------------------------------------------------------------------------


def test_card_35_defections_replace_two_enemy_pieces():
    g = situation({"havana": {"m26_u": 1, "police": 2, "syn_u": 1}})
    play(g, 35, f=M26)
    act(g, "space", N("havana"))
    act(g, "faction", "govt")
    act(g, "replace", ("police", "m26_u"))
    act(g, "replace", ("police", "m26_u"))
    assert n(g, "havana", "police") == 0 and n(g, "havana", "m26_u") == 3 and n(g, "havana", "syn_u") == 1


def test_card_35_may_stop_after_one():
    """Ruling CL-E35: "up to 2" lets the executing faction stop after one replacement."""
    g = situation({"oriente": {"troop": 1, "m26_u": 2}})
    play(g, 35, f=GOVT)
    act(g, "space", N("oriente"))
    act(g, "faction", "m26")
    act(g, "replace", ("m26_u", "police"))
    act(g, "done")
    assert n(g, "oriente", "m26_u") == 1 and n(g, "oriente", "police") == 1 and done_card(g)


def test_every_event_side_is_registered():
    from agon.games.cuba_libre.data import CARDS, EVENT_CARDS
    from agon.games.cuba_libre.events import has_event, missing_events

    assert not missing_events()
    for c in EVENT_CARDS:
        assert has_event(c, False), c
        assert has_event(c, True) == CARDS[c]["dual"], c


# -- 36 Eloy Gutierrez Menoyo --------------------------------------------------------------------


def test_card_36_unshaded_piece_near_las_villas_becomes_two_dr():
    g = situation({"matanzas": {"troop": 1}, "havana": {"troop": 1}})
    play(g, 36)
    assert legal(g) == [("remove", (N("matanzas"), "troop"))]
    act(g, "remove", (N("matanzas"), "troop"))
    assert n(g, "matanzas", "troop") == 0 and n(g, "matanzas", "dr_u") == 2


def test_card_36_shaded_dr_guerrilla_replaced():
    g = situation({"havana": {"dr_a": 1}})
    play(g, 36, shaded=True)
    act(g, "replace", (N("havana"), "dr_a", "syn_u"))
    assert n(g, "havana", "dr_a") == 0 and n(g, "havana", "syn_u") == 1


# -- 37 Herbert Matthews -------------------------------------------------------------------------


def test_card_37_unshaded_26july_up_aid_down():
    g = situation(res={"m26": 1}, aid=10)
    play(g, 37)
    assert g.res[M26] == 6 and g.aid == 4


def test_card_37_shaded_aid_dr_syndicate_up():
    g = blank()
    g.res = [0, 0, 0, 0]
    g.aid = 10
    play(g, 37, shaded=True)
    assert g.aid == 20 and g.res[DIRECTORIO] == 3 and g.res[SYN] == 5


# -- 38 Meyer Lansky -----------------------------------------------------------------------------


def test_card_38_unshaded_cash_reassigned_in_a_space():
    g = situation({"havana": {"troop": 1, "m26_u": 1}})
    g.cash[0] = HAVANA * 4 + GOVT
    play(g, 38)
    act(g, "space", N("havana"))
    act(g, "faction", "m26")
    assert g.cash[0] == HAVANA * 4 + M26


def test_card_38_shaded_syndicate_moves_casinos_then_all_open():
    g = situation({"havana": {"casino": 1}, "matanzas": {"closed_casino": 1}})
    play(g, 38, shaded=True, f=GOVT)
    assert g.active == ["syndicate"]
    act(g, "move", (N("havana"), "casino", N("oriente")))
    act(g, "done")
    assert n(g, "havana", "casino") == 0 and n(g, "oriente", "casino") == 1
    assert n(g, "matanzas", "casino") == 1 and n(g, "matanzas", "closed_casino") == 0


# -- 39 Turismo ----------------------------------------------------------------------------------


def test_card_39_unshaded_casino_spaces_at_support_toward_neutral():
    g = situation({"havana": {"casino": 1}, "matanzas": {"closed_casino": 1}, "camaguey_city": {"casino": 1}})
    g.support[HAVANA] = 2
    g.support[space("matanzas")] = 1
    g.support[space("camaguey_city")] = -1
    g.support[space("oriente")] = 1
    play(g, 39)
    assert g.support[HAVANA] == 1 and g.support[space("matanzas")] == 0
    assert g.support[space("camaguey_city")] == -1 and g.support[space("oriente")] == 1


def test_card_39_shaded_kickbacks_per_open_casino_with_police():
    g = situation({"havana": {"casino": 1, "police": 1}, "matanzas": {"casino": 1, "police": 1}, "oriente": {"casino": 1}})
    g.res = [0, 0, 0, 0]
    play(g, 39, shaded=True)
    assert g.res[GOVT] == 6 and g.res[SYN] == 6


# -- 40 Ambassador Smith -------------------------------------------------------------------------


def test_card_40_unshaded_alliance_down():
    g = blank()
    aid = g.aid
    play(g, 40)
    assert g.alliance == 1 and g.aid == aid


def test_card_40_shaded_alliance_up_aid_and_syndicate():
    g = situation(alliance=1, aid=5, res={"syndicate": 0})
    play(g, 40, shaded=True)
    assert g.alliance == 0 and g.aid == 14 and g.res[SYN] == 7


# -- 41 Fat Butcher ------------------------------------------------------------------------------


def test_card_41_unshaded_close_a_casino_or_aid_down():
    g = situation({"havana": {"casino": 1}}, aid=10)
    play(g, 41)
    act(g, "choose", "close")
    act(g, "space", N("havana"))
    assert n(g, "havana", "closed_casino") == 1 and g.aid == 10
    g2 = situation(aid=10)
    play(g2, 41)
    assert legal(g2) == [("choose", "aid")]
    act(g2, "choose", "aid")
    assert g2.aid == 2


def test_card_41_shaded_syndicate_ambush_then_open_a_casino():
    g = situation({"matanzas": {"syn_u": 1, "troop": 1, "m26_a": 1}, "havana": {"closed_casino": 1}})
    play(g, 41, shaded=True)
    act(g, "space", N("matanzas"))
    act(g, "remove", "troop")
    assert ("done", None) in legal(g)  # CL 3.1: the Syndicate need not target 26July as well
    act(g, "remove", "m26_a")
    act(g, "space", N("havana"))
    assert n(g, "matanzas", "troop") == 0 and n(g, "matanzas", "m26_a") == 0
    assert n(g, "matanzas", "syn_a") == 1 and n(g, "matanzas", "syn_u") == 1
    assert n(g, "havana", "casino") == 1


# -- 42 Llano ------------------------------------------------------------------------------------


def test_card_42_unshaded_26july_base_and_insurgent_guerrilla_in_a_city():
    g = blank()
    play(g, 42)
    act(g, "space", N("havana"))
    act(g, "place", (N("havana"), "dr_u"))
    assert n(g, "havana", "m26_base") == 1 and n(g, "havana", "dr_u") == 1


def test_card_42_shaded_opposition_city_to_neutral_and_casino():
    g = situation(support={"santiago_de_cuba": -2})
    play(g, 42, shaded=True)
    act(g, "space", N("santiago_de_cuba"))
    assert g.support[space("santiago_de_cuba")] == 0 and n(g, "santiago_de_cuba", "casino") == 1


# -- 43 Mafia Offensive --------------------------------------------------------------------------


def test_card_43_unshaded_limop_with_a_syndicate_guerrilla():
    g = situation({"matanzas": {"syn_u": 1}}, support={"matanzas": 1})
    play(g, 43)
    act(g, "faction", "dr")
    act(g, "borrow", (N("matanzas"), "syn_u"))
    act(g, "operation", "terror")  # the Syndicate Guerrilla meets the Underground requirement
    act(g, "space", N("matanzas"))
    act(g, "done")
    assert legal(g) == [("return", (N("matanzas"), "dr_a"))]
    act(g, "return", (N("matanzas"), "dr_a"))
    assert g.terror[space("matanzas")] == 1 and g.support[space("matanzas")] == 0
    assert n(g, "matanzas", "syn_a") == 1 and n(g, "matanzas", "dr_a") == 0 and done_card(g)


def test_card_43_shaded_capability_syndicate_assassinate():
    g = blank()
    play(g, 43, shaded=True)
    assert g.has_cap(43, True)


# -- 44 Rebel Air Force --------------------------------------------------------------------------


def test_card_44_unshaded_ambush_government_bases_first():
    g = situation({"havana": {"govt_base": 1, "troop": 2, "m26_u": 1}})
    play(g, 44)
    act(g, "guerrilla", (N("havana"), "m26_u"))
    assert legal(g) == [("remove", "govt_base")]
    act(g, "remove", "govt_base")
    act(g, "remove", "troop")
    assert n(g, "havana", "govt_base") == 0 and n(g, "havana", "troop") == 1
    assert n(g, "havana", "m26_a") == 1 and n(g, "havana", "m26_u") == 1


def test_card_44_shaded_die_roll_of_resources_to_the_syndicate():
    g = situation(res={"m26": 10, "syndicate": 0})
    play(g, 44, shaded=True)
    act(g, "faction", "m26")
    assert 1 <= g.res[SYN] <= 6 and g.res[M26] + g.res[SYN] == 10


# -- 45 Anastasia, 46 Sinatra --------------------------------------------------------------------


def test_card_45_unshaded_havana_casinos_closed():
    g = situation({"havana": {"casino": 2}}, res={"syndicate": 8})
    play(g, 45)
    assert n(g, "havana", "closed_casino") == 2 and g.res[SYN] == 3


def test_card_45_shaded_syndicate_plus_ten():
    g = situation(res={"syndicate": 8})
    play(g, 45, shaded=True)
    assert g.res[SYN] == 18


def test_card_46_unshaded_syndicate_minus_six():
    g = situation(res={"syndicate": 8})
    play(g, 46)
    assert g.res[SYN] == 2


def test_card_46_shaded_third_casino_in_havana_and_cash_to_police():
    g = situation({"havana": {"casino": 2, "police": 1}})
    play(g, 46, shaded=True)
    assert n(g, "havana", "casino") == 3 and g.cash_held(HAVANA, GOVT) == 1
    g.check_pieces(FORCES)  # Casinos beyond 2 are allowed by this card only


# -- 47 Pact of Miami, 48 Santo Trafficante ------------------------------------------------------


def test_card_47_unshaded_two_guerrillas_out_government_ineligible():
    g = situation({"oriente": {"m26_u": 2, "dr_u": 1}})
    play(g, 47)
    act(g, "remove", (N("oriente"), "m26_u"))
    act(g, "remove", (N("oriente"), "dr_u"))
    assert n(g, "oriente", "m26_u") == 1 and n(g, "oriente", "dr_u") == 0
    assert done_card(g) and not g.elig[GOVT]


def test_card_47_shaded_rebels_pay_and_are_ineligible():
    g = situation(res={"m26": 5, "dr": 2})
    play(g, 47, shaded=True)
    assert g.res[M26] == 2 and g.res[DIRECTORIO] == 0
    assert done_card(g) and not g.elig[M26] and not g.elig[DIRECTORIO] and g.elig[GOVT]


def test_card_48_unshaded_syndicate_pays_and_is_exposed():
    g = situation({"havana": {"syn_u": 2}, "oriente": {"syn_u": 1}}, res={"syndicate": 12})
    play(g, 48)
    assert g.res[SYN] == 2 and n(g, "havana", "syn_a") == 2 and n(g, "oriente", "syn_a") == 1


def test_card_48_shaded_capability_no_skim_under_underground_syndicate():
    g = blank()
    play(g, 48, shaded=True)
    assert g.has_cap(48, True)


def test_card_47_shaded_ineligible_through_next_card_at_the_end_of_card_adjustment():
    """Ruling CL-E47 (issue 32 item 11): "Ineligible through next card" is applied at the
    end-of-card adjustment (2.3.7): DR, named by the Syndicate's Event, still takes its 2nd Eligible
    option on this card, and is Ineligible on the next one."""
    g = blank()
    g.res[M26], g.res[DIRECTORIO] = 5, 5
    g.current = 47
    g.next_card = 41
    g.phase = "card"
    g.card_reset()
    g.elig = [True] * 4
    g.cand = (SYN, DIRECTORIO, M26, GOVT)
    g.stack = []
    g.changed()
    g._run()
    act(g, "event", "shaded")
    assert g.active == ["dr"] and ("pass", None) in legal(g)
    while g.current == 47:  # DR, then the others still to be asked, Pass (2.3.3)
        act(g, "pass")
    assert g.current == 41 and not g.elig[DIRECTORIO] and not g.elig[M26] and not g.elig[SYN]
