"""Event cards 1-24, one test (at least) per side (CL 5.0; texts: agon/games/cuba_libre/data/card_texts.json)."""

from __future__ import annotations

from agon.games.cuba_libre import activities
from agon.games.cuba_libre.data import DIRECTORIO, GOVT, M26, NAMES, ORDER, SYN, space
from agon.games.cuba_libre.op_spaces import assault_capacity
from tests.games.cuba_libre.helpers import act, blank, legal, op_in, put, situation, start


def N(sid: str) -> str:
    return NAMES[space(sid)]


def n(g, sid: str, key: str) -> int:
    return g.sp[space(sid)][g.slot(key)]


def play(g, card: int, shaded: bool = False, f: int | None = None) -> None:
    """Faction f (default: the card's first) is the only Eligible one and takes the Event."""
    f = ORDER[card][0] if f is None else f
    g.current = card
    g.next_card = 41
    g.phase = "card"
    g.card_reset()
    g.elig = [x == f for x in range(4)]
    g.cand = (f,)
    g.stack = []
    g.changed()
    g._run()
    assert g.active == [g.role(f)]
    act(g, "event", "shaded" if shaded else "unshaded")


def done_card(g) -> bool:
    """The event is over: the next card (41) is being offered."""
    return g.current == 41


# -- 1 Armored Cars -------------------------------------------------------------------------------


def test_card_1_unshaded_march_in_then_ambush():
    g = situation({"la_habana": {"m26_u": 2}, "havana": {"troop": 1, "police": 1}})
    play(g, 1, f=GOVT)
    act(g, "faction", "m26")
    act(g, "space", N("havana"))
    act(g, "operation", "march")
    act(g, "space", N("havana"))
    act(g, "move", (N("la_habana"), "underground"))
    act(g, "move", (N("la_habana"), "underground"))
    act(g, "done")  # the LimOp March is over
    act(g, "remove", "troop")  # the Ambush: 2 removals, no roll
    assert n(g, "havana", "troop") == 0 and n(g, "havana", "police") == 0
    assert n(g, "havana", "m26_a") == 1 and n(g, "havana", "m26_u") == 2  # + Captured Goods
    assert done_card(g)


def test_card_1_shaded_momentum_troops_from_anywhere_join_the_assault():
    g = blank()
    play(g, 1, shaded=True)
    assert g.has_mom(1)
    g.res[GOVT] = 10
    put(g, "havana", police=1, m26_a=3)
    put(g, "oriente", troop=2)
    op_in(g, GOVT, "assault", N("havana"))
    act(g, "move", (N("oriente"), "troop"))
    act(g, "move", (N("oriente"), "troop"))
    act(g, "done")
    assert n(g, "havana", "m26_a") == 0 and n(g, "havana", "troop") == 2


def test_card_1_shaded_momentum_also_for_masferrer_free_assault():
    """Ruling CL-E1s: every Government Assault, here the Sweep's free Assault of card 5 shaded."""
    g = blank()
    play(g, 1, shaded=True)
    g.momentum = g.momentum | {(5, True)}
    g.res[GOVT] = 10
    put(g, "havana", police=1, m26_a=2)
    put(g, "oriente", troop=2)
    start(g, GOVT)
    act(g, "operation", "sweep")
    act(g, "activity", "masferrer")
    act(g, "space", N("havana"))
    act(g, "move", (N("oriente"), "troop"))
    act(g, "done")
    assert n(g, "havana", "m26_a") == 0 and n(g, "havana", "troop") == 1


def test_card_1_shaded_momentum_also_for_the_garrison_assault():
    g = blank()
    play(g, 1, shaded=True)
    g.res[GOVT] = 10
    put(g, "ec_sugar_cane", police=1, m26_a=2)
    put(g, "oriente", troop=2)
    start(g, GOVT)
    act(g, "operation", "garrison")
    act(g, "done")
    act(g, "assault", N("ec_sugar_cane"))
    act(g, "move", (N("oriente"), "troop"))
    act(g, "done")
    assert n(g, "ec_sugar_cane", "m26_a") == 0 and n(g, "ec_sugar_cane", "troop") == 1


# -- 2 Guantanamo Bay -----------------------------------------------------------------------------


def test_card_2_unshaded_capability_kidnap_in_sierra_maestra():
    g = blank()
    assert not activities.kidnap_space_kind(g, space("sierra_maestra"))
    play(g, 2)
    assert g.has_cap(2) and activities.kidnap_space_kind(g, space("sierra_maestra"))


def test_card_2_shaded_momentum_air_strike_when_embargoed():
    g = situation({"oriente": {"m26_a": 2}}, alliance=2)
    ctx = {"spaces": (), "faction": GOVT, "operation": "sweep"}
    assert activities.spaces(g, GOVT, "airstrike", ctx) == []
    play(g, 2, shaded=True)
    assert g.has_mom(2) and activities.spaces(g, GOVT, "airstrike", ctx) == [space("oriente")]


# -- 3 Eulogio Cantillo ---------------------------------------------------------------------------


def test_card_3_unshaded_marching_faction_leaves_underground():
    g = situation({"oriente": {"troop": 1, "m26_a": 1, "m26_u": 1, "dr_u": 1}})
    play(g, 3, f=GOVT)
    act(g, "space", N("oriente"))
    act(g, "faction", "m26")
    assert g.active == ["m26"]  # the marching faction picks the destinations (5.1 example)
    act(g, "to", N("sierra_maestra"))
    act(g, "to", N("camaguey_province"))
    assert n(g, "oriente", "m26_u") + n(g, "oriente", "m26_a") == 0 and n(g, "oriente", "dr_u") == 1
    assert n(g, "sierra_maestra", "m26_u") == 1 and n(g, "camaguey_province", "m26_u") == 1
    assert n(g, "sierra_maestra", "m26_a") == 0 and done_card(g)


def test_card_3_shaded_sweep_in_place_then_assault():
    g = situation({"camaguey_province": {"troop": 2, "police": 2, "m26_u": 3}})
    play(g, 3, shaded=True)
    act(g, "space", N("camaguey_province"))
    # Forest: 4 cubes Activate 2; Province Assault: 2 Troops remove 2 Active Guerrillas
    assert n(g, "camaguey_province", "m26_u") == 1 and n(g, "camaguey_province", "m26_a") == 0
    assert done_card(g)


def test_card_3_shaded_executing_faction_picks_the_guerrillas():
    """Ruling EV-3s: the executing faction chooses what the free Sweep and Assault hit (5.1)."""
    g = situation({"camaguey_province": {"troop": 2, "m26_u": 2, "dr_u": 2}})
    play(g, 3, shaded=True, f=M26)
    act(g, "space", N("camaguey_province"))
    assert g.active == ["m26"]
    act(g, "activate", "dr")  # Forest: 2 cubes Activate 1
    assert n(g, "camaguey_province", "dr_u") == 1 and n(g, "camaguey_province", "dr_a") == 0
    assert n(g, "camaguey_province", "m26_u") == 2 and done_card(g)


# -- 4 S.I.M. (events_core) -----------------------------------------------------------------------


def test_card_4_unshaded_support_space_without_police_to_neutral():
    g = situation({"havana": {"police": 1}}, support={"havana": 2, "matanzas": 1})
    play(g, 4)
    assert legal(g) == [("space", N("matanzas"))]
    act(g, "space", N("matanzas"))
    assert g.support[space("matanzas")] == 0 and g.support[space("havana")] == 2


def test_card_4_shaded_momentum_police_assault_as_troops():
    g = situation({"oriente": {"police": 2, "m26_a": 2}})
    assert assault_capacity(g, space("oriente")) == 0
    play(g, 4, shaded=True)
    assert g.has_mom(4) and assault_capacity(g, space("oriente")) == 2


# -- 5 Rolando Masferrer --------------------------------------------------------------------------


def test_card_5_unshaded_two_adjacent_provinces_to_passive_opposition():
    g = situation({"pinar_del_rio": {"troop": 1}}, support={"la_habana": 2})
    play(g, 5)
    act(g, "space", N("pinar_del_rio"))
    assert ("space", N("havana")) not in legal(g) and ("space", N("ec_cigar")) not in legal(g)
    act(g, "space", N("la_habana"))
    assert g.support[space("pinar_del_rio")] == -1 and g.support[space("la_habana")] == -1


def test_card_5_shaded_momentum_sweep_adds_free_assault():
    g = blank()
    play(g, 5, shaded=True)
    assert g.has_mom(5)
    g.res[GOVT] = 10
    put(g, "havana", troop=2)
    put(g, "matanzas", troop=1, m26_a=1)
    start(g, GOVT)
    act(g, "operation", "sweep")
    assert ("activity", "masferrer") in legal(g)


# -- 6 Sanchez Mosquera ---------------------------------------------------------------------------


def test_card_6_unshaded_troops_leave_a_mountain_province():
    g = situation({"las_villas": {"troop": 3, "police": 1}})
    play(g, 6)
    act(g, "space", N("las_villas"))
    assert n(g, "las_villas", "troop") == 0 and n(g, "las_villas", "police") == 1


def test_card_6_shaded_momentum_mountain_assault_as_city():
    g = situation({"sierra_maestra": {"troop": 2, "police": 1, "m26_a": 3}})
    assert assault_capacity(g, space("sierra_maestra")) == 1
    play(g, 6, shaded=True)
    assert assault_capacity(g, space("sierra_maestra")) == 3


# -- 7 Election -----------------------------------------------------------------------------------


def test_card_7_unshaded_a_guerrilla_in_each_city():
    g = blank()
    play(g, 7)
    act(g, "place", (N("havana"), "m26_u"))
    act(g, "place", (N("camaguey_city"), "syn_u"))
    act(g, "place", (N("santiago_de_cuba"), "dr_u"))
    assert n(g, "havana", "m26_u") == 1 and n(g, "camaguey_city", "syn_u") == 1
    assert n(g, "santiago_de_cuba", "dr_u") == 1 and done_card(g)


def test_card_7_shaded_city_neutral_and_aid():
    g = situation(support={"havana": -2})
    aid = g.aid
    play(g, 7, shaded=True)
    act(g, "space", N("havana"))
    assert g.support[space("havana")] == 0 and g.aid == aid + 10


# -- 8 General Strike -----------------------------------------------------------------------------


def test_card_8_unshaded_cities_toward_neutral_and_guerrillas():
    g = situation(support={"havana": 2, "camaguey_city": -1})
    play(g, 8)
    for c in ("havana", "camaguey_city", "santiago_de_cuba"):
        act(g, "place", (N(c), "dr_u"))
    assert g.support[space("havana")] == 1 and g.support[space("camaguey_city")] == 0
    assert n(g, "santiago_de_cuba", "dr_u") == 1


def test_card_8_shaded_active_support_activate_and_open_casino():
    g = situation({"havana": {"m26_u": 2, "dr_u": 1}, "matanzas": {"closed_casino": 1}})
    play(g, 8, shaded=True)
    act(g, "space", N("havana"))
    act(g, "space", N("matanzas"))
    assert g.support[space("havana")] == 2
    assert n(g, "havana", "m26_a") == 2 and n(g, "havana", "dr_a") == 1
    assert n(g, "matanzas", "casino") == 1 and n(g, "matanzas", "closed_casino") == 0


# -- 9 Coup ---------------------------------------------------------------------------------------


def test_card_9_unshaded_govt_controlled_spaces_toward_neutral_alliance_up():
    g = situation({"havana": {"troop": 3}, "matanzas": {"m26_u": 2}}, support={"havana": 2, "matanzas": -1}, alliance=1)
    aid = g.aid
    play(g, 9)
    assert g.support[space("havana")] == 1 and g.support[space("matanzas")] == -1
    assert g.alliance == 0 and g.aid == aid


def test_card_9_shaded_dr_assaulted_in_cities_alliance_down():
    g = situation({"havana": {"troop": 2, "police": 1, "dr_u": 2, "dr_base": 1, "m26_a": 1}})
    play(g, 9, shaded=True)
    assert n(g, "havana", "dr_u") + n(g, "havana", "dr_a") + n(g, "havana", "dr_base") == 0
    assert n(g, "havana", "m26_a") == 1 and g.alliance == 1


# -- 10 MAP ---------------------------------------------------------------------------------------


def test_card_10_unshaded_cube_replaced_by_two_guerrillas():
    g = situation({"havana": {"police": 1}})
    play(g, 10)
    act(g, "remove", (N("havana"), "police"))
    act(g, "place", (N("havana"), "m26_u"))
    act(g, "place", (N("havana"), "syn_u"))
    assert n(g, "havana", "police") == 0 and n(g, "havana", "m26_u") == 1 and n(g, "havana", "syn_u") == 1


def test_card_10_shaded_momentum_limop_with_special_activity():
    g = blank()
    play(g, 10, shaded=True)
    assert g.has_mom(10)


# -- 11 Batista Flees -----------------------------------------------------------------------------


def test_card_11_batista_flees():
    g = situation({"havana": {"troop": 8, "police": 2}}, res={"govt": 20}, alliance=1)
    aid = g.aid
    play(g, 11)
    removed = 0
    while g.stack and g.stack[-1]["step"] == "ev_remove":
        act(g, "remove", (N("havana"), "troop"))
        removed += 1
    assert 1 <= removed <= 6 and n(g, "havana", "troop") == 8 - removed
    assert g.res[GOVT] == 10 and g.alliance == 0 and g.aid == aid + 10
    assert g.stack[-1]["step"] == "prop_redeploy"  # then the Redeploy procedure (6.4)


# -- 12 BRAC (events_core) ------------------------------------------------------------------------


def test_card_12_unshaded_remove_two_guerrillas():
    g = situation({"havana": {"m26_u": 1, "dr_a": 1, "syn_u": 1}})
    play(g, 12)
    act(g, "remove", (N("havana"), "m26_u"))
    act(g, "remove", (N("havana"), "dr_a"))
    assert n(g, "havana", "syn_u") == 1 and n(g, "havana", "m26_u") + n(g, "havana", "dr_a") == 0


def test_card_12_shaded_police_and_aid_to_resources():
    g = situation(aid=9, res={"govt": 5})
    play(g, 12, shaded=True)
    act(g, "place", (N("matanzas"), "police"))
    assert n(g, "matanzas", "police") == 1 and g.res[GOVT] == 11 and g.aid == 9


# -- 13 El Che, 14 Operation Fisherman, 15 Come Comrades!, 16 Larrazabal (events_core) ----------


def test_card_13_el_che_capability():
    g = blank()
    play(g, 13)
    assert g.has_cap(13)


def test_card_14_unshaded_base_and_guerrilla_in_pinar():
    g = blank()
    play(g, 14)
    assert n(g, "pinar_del_rio", "m26_base") == 1 and n(g, "pinar_del_rio", "m26_u") == 1


def test_card_14_shaded_pinar_two_levels_toward_support():
    g = situation(support={"pinar_del_rio": -1})
    play(g, 14, shaded=True)
    assert g.support[space("pinar_del_rio")] == 1


def test_card_15_unshaded_three_26july_guerrillas():
    g = blank()
    play(g, 15)
    for c in ("havana", "havana", "oriente"):
        act(g, "place", (N(c), "m26_u"))
    assert n(g, "havana", "m26_u") == 2 and n(g, "oriente", "m26_u") == 1


def test_card_15_shaded_soviet_scare():
    g = situation(aid=12, res={"govt": 3})
    play(g, 15, shaded=True)
    assert g.res[GOVT] == 13 and g.aid == 17


def test_card_16_unshaded_base_where_26july_is():
    g = situation({"oriente": {"m26_u": 1}})
    play(g, 16)
    assert legal(g) == [("place", (N("oriente"), "m26_base"))]
    act(g, "place", (N("oriente"), "m26_base"))
    assert n(g, "oriente", "m26_base") == 1


def test_card_16_shaded_base_removed_and_resources():
    g = situation({"oriente": {"m26_base": 1}}, res={"m26": 2})
    play(g, 16, shaded=True)
    act(g, "remove", (N("oriente"), "m26_base"))
    assert n(g, "oriente", "m26_base") == 0 and g.res[M26] == 0


# -- 17 Alberto Bayo ------------------------------------------------------------------------------


def test_card_17_unshaded_rally_in_every_base_space_ignoring_support():
    # 26July could not normally Rally at Support
    g = situation({"havana": {"m26_base": 1}, "oriente": {"m26_base": 1, "m26_a": 1}}, support={"havana": 2})
    play(g, 17, f=M26)
    act(g, "faction", "m26")
    act(g, "rally", "place")
    act(g, "rally", "flip")
    assert n(g, "havana", "m26_u") == 1 and n(g, "oriente", "m26_u") == 1 and n(g, "oriente", "m26_a") == 0
    assert g.support[space("havana")] == 2 and done_card(g)


def test_card_17_shaded_26july_active_and_ineligible():
    g = situation({"oriente": {"m26_u": 3}, "havana": {"m26_u": 1}})
    play(g, 17, shaded=True, f=GOVT)
    assert n(g, "oriente", "m26_a") == 3 and n(g, "havana", "m26_a") == 1
    assert done_card(g) and not g.elig[M26] and g.elig[DIRECTORIO]


# -- 18 Pact of Caracas, 19 Sierra Maestra Manifesto ----------------------------------------------


def test_card_18_pact_of_caracas_capability_and_stays_eligible():
    g = blank()
    play(g, 18, f=M26)
    assert g.has_cap(18) and done_card(g) and g.elig[M26]


def test_card_18_pact_cancelled_by_removing_two_own_bases():
    """Ruling CL-E18: the card's cancellation, through the core's "cancel pact" step."""
    g = blank()
    play(g, 18, f=M26)
    put(g, "oriente", m26_base=1, m26_u=1)
    put(g, "las_villas", m26_base=1)
    g.res[M26] = 5
    start(g, M26)
    act(g, "operation", "rally")
    act(g, "cancel pact")
    act(g, "remove base", N("oriente"))
    act(g, "remove base", N("las_villas"))
    assert not g.has_cap(18) and g.on_map(g.slot("m26_base")) == 0


def test_card_18_8_6_5_pact_cancelled_by_dr_before_executing_an_event():
    """8.6.5 / card 18: DR (2+ Bases, Pact in effect) executing an Event is first asked whether to
    remove 2 of its Bases; it does, then the Event runs. Skipping keeps the Pact."""
    for cancel in (True, False):
        g = blank()
        g.capabilities = frozenset({(18, False)})
        put(g, "matanzas", dr_base=1)
        put(g, "las_villas", dr_base=1)
        play(g, 33, f=DIRECTORIO)
        assert legal(g) == [("cancel pact", None), ("skip", None)]
        if cancel:
            act(g, "cancel pact")
            act(g, "remove base", N("matanzas"))
            act(g, "remove base", N("las_villas"))
        else:
            act(g, "skip")
        assert g.has_cap(18) is not cancel and g.on_map(g.slot("dr_base")) == (0 if cancel else 2)
        assert legal(g) == [("faction", "dr"), ("faction", "m26")]  # card 33: now the Event's text
        act(g, "faction", "dr")
        assert done_card(g)


def test_card_18_no_pact_prompt_before_an_event_with_fewer_than_2_bases():
    g = blank()
    g.capabilities = frozenset({(18, False)})
    put(g, "matanzas", dr_base=1)
    play(g, 33, f=DIRECTORIO)
    assert ("cancel pact", None) not in legal(g)


def test_card_19_each_faction_places_two_pieces_where_it_is():
    g = situation({"oriente": {"m26_u": 1}, "havana": {"troop": 1, "dr_u": 1}, "matanzas": {"casino": 1}})
    play(g, 19, f=DIRECTORIO)
    assert g.active == ["m26"]
    act(g, "space", N("oriente"))
    act(g, "place", (N("oriente"), "m26_base"))
    act(g, "place", (N("oriente"), "m26_u"))
    assert g.active == ["dr"]
    act(g, "skip")
    assert g.active == ["syndicate"]
    act(g, "space", N("matanzas"))
    act(g, "place", (N("matanzas"), "syn_u"))
    act(g, "done")
    assert g.active == ["govt"]
    act(g, "space", N("havana"))
    act(g, "place", (N("havana"), "police"))
    act(g, "place", (N("havana"), "police"))
    assert n(g, "oriente", "m26_base") == 1 and n(g, "oriente", "m26_u") == 2
    assert n(g, "matanzas", "syn_u") == 1 and n(g, "havana", "police") == 2 and n(g, "havana", "dr_u") == 1
    assert done_card(g) and g.elig[DIRECTORIO]


# -- 20 The Twelve --------------------------------------------------------------------------------


def test_card_20_unshaded_march_then_rally_in_a_space_entered():
    g = situation({"la_habana": {"m26_u": 2}})
    play(g, 20)
    act(g, "faction", "m26")
    act(g, "operation", "march")
    act(g, "space", N("pinar_del_rio"))
    act(g, "move", (N("la_habana"), "underground"))
    act(g, "done")
    act(g, "done")
    act(g, "operation", "rally")
    assert legal(g) == [("space", N("pinar_del_rio")), ("transfer", None)]  # 1.5.1 Negotiation
    act(g, "space", N("pinar_del_rio"))
    act(g, "rally", "place")
    act(g, "done")
    assert n(g, "pinar_del_rio", "m26_u") == 2 and n(g, "la_habana", "m26_u") == 1


def test_card_20_shaded_half_the_guerrillas_of_the_fullest_space():
    g = situation({"havana": {"m26_u": 3, "dr_a": 2}, "oriente": {"m26_u": 4}})
    play(g, 20, shaded=True)
    assert legal(g) == [("space", N("havana"))]
    act(g, "space", N("havana"))
    for key in ("m26_u", "m26_u", "dr_a"):
        act(g, "remove", (N("havana"), key))
    assert n(g, "havana", "m26_u") == 1 and n(g, "havana", "dr_a") == 1 and done_card(g)


# -- 21 Fangio ------------------------------------------------------------------------------------


def test_card_21_unshaded_city_toward_opposition_two_with_26july():
    g = situation({"havana": {"m26_u": 1}})
    play(g, 21)
    act(g, "space", N("havana"))
    assert g.support[space("havana")] == -2
    g2 = blank()
    play(g2, 21)
    act(g2, "space", N("santiago_de_cuba"))
    assert g2.support[space("santiago_de_cuba")] == -1


def test_card_21_shaded_open_casino_or_cash_in_two_casino_spaces():
    g = situation({"havana": {"casino": 1, "police": 1}, "matanzas": {"closed_casino": 1, "syn_u": 1}})
    play(g, 21, shaded=True, f=SYN)
    act(g, "cash", (N("havana"), "govt"))
    assert ("cash", (N("havana"), "govt")) not in legal(g)  # 2 different spaces
    act(g, "open", N("matanzas"))
    assert g.cash_held(space("havana"), GOVT) == 1 and n(g, "matanzas", "casino") == 1


# -- 22 Raul --------------------------------------------------------------------------------------


def test_card_22_unshaded_capability_26july_may_reroll_attack():
    g = blank()
    play(g, 22)
    assert g.has_cap(22)
    g.res[M26] = 5
    put(g, "oriente", m26_u=2, troop=2)
    op_in(g, M26, "attack", N("oriente"))
    act(g, "roll")
    assert ("reroll", None) in legal(g)
    act(g, "reroll")
    assert g.stack[-1]["step"] != "reroll"


def test_card_22_shaded_momentum_kidnap_feeds_aid():
    g = blank()
    play(g, 22, shaded=True)
    assert g.has_mom(22)
    g.res[GOVT] = 10
    aid = g.aid
    activities.kidnap(g, space("havana"), GOVT)
    took = 10 - g.res[GOVT]
    assert took >= 1 and g.aid == aid + 2 * took


# -- 23 Radio Rebelde (events_core), 24 Vilma Espin -----------------------------------------------


def test_card_23_unshaded_two_provinces_toward_opposition():
    g = blank()
    play(g, 23)
    act(g, "space", N("oriente"))
    act(g, "space", N("matanzas"))
    assert g.support[space("oriente")] == -1 and g.support[space("matanzas")] == -1


def test_card_23_shaded_26july_base_in_a_province_removed():
    g = situation({"havana": {"m26_base": 1}, "oriente": {"m26_base": 1}})
    play(g, 23, shaded=True)
    assert legal(g) == [("remove", (N("oriente"), "m26_base"))]
    act(g, "remove", (N("oriente"), "m26_base"))
    assert n(g, "oriente", "m26_base") == 0 and n(g, "havana", "m26_base") == 1


def test_card_24_unshaded_sierra_maestra_or_neighbour_to_active_opposition():
    g = blank()
    play(g, 24)
    assert {a for _, a in legal(g)} == {N("sierra_maestra"), N("oriente"), N("santiago_de_cuba")}
    act(g, "space", N("oriente"))
    assert g.support[space("oriente")] == -2


def test_card_24_shaded_26july_pieces_out_of_a_city():
    g = situation({"santiago_de_cuba": {"m26_u": 2, "m26_a": 1, "m26_base": 1, "dr_u": 1}})
    play(g, 24, shaded=True)
    act(g, "space", N("santiago_de_cuba"))
    assert g.faction_count(space("santiago_de_cuba"), M26) == 0 and n(g, "santiago_de_cuba", "dr_u") == 1
