"""Non-player 26July (CL 8.7): each step of the flowchart, Special Activities, Agitation, Raul."""

from __future__ import annotations

from agon.games.cuba_libre.data import AV_MB, AV_MG, GOVT, M26, POLICE, space
from tests.games.cuba_libre.np_helpers import acts, decide, np_game, op_steps, put, start


def at(g, kind, **params):
    g.stack = [{"step": kind, "faction": M26, **params}]
    g.changed()
    g._run()


def test_8_7_1_terror_kidnap_space_ec_first_then_support_or_neutral_then_kidnap():
    g = np_game()
    put(g, "ec_factory", m26_u=2)
    put(g, "havana", m26_u=1)
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "terror") and d.reason.startswith("8.7.1")
    out = op_steps(g, M26)
    assert out[0][:2] == ("space", "Factory EC") and "step 1" in out[0][2]
    assert ("space", "Havana") in acts(out)
    assert ("activity", "kidnap") in acts(out) and ("space", "Factory EC") in acts(out)[acts(out).index(("activity", "kidnap")):]
    assert g.support[space("havana")] == -1


def test_8_7_1_if_none_only_passive_opposition_goes_to_rally():
    g = np_game()
    g.support[space("matanzas")] = -1
    put(g, "matanzas", m26_u=1)
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "rally") and "8.7.1 IF NONE" in d.reason


def test_8_7_2_rally_flip_then_base_then_infiltrate_an_ec():
    g = np_game()
    put(g, "pinar_del_rio", m26_a=2, m26_base=1, police=1)
    g.support[space("oriente")] = -2
    put(g, "oriente", m26_u=3)
    put(g, "ec_sugar_cane", police=1)
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "rally") and d.reason.startswith("8.7.2")
    out = acts(op_steps(g, M26))
    assert out[:4] == [("space", "Pinar del Río"), ("rally", "flip"), ("space", "Oriente"), ("rally", "base")]
    assert ("activity", "infiltrate") in out and ("space", "Sugar Cane EC") in out
    assert g.sp[space("ec_sugar_cane")][POLICE] == 0 and g.sp[space("ec_sugar_cane")][g.slot("m26_u")] == 1


def test_8_7_3_march_into_a_government_space_from_an_ec():
    g = np_game()
    g.res[GOVT] = 0
    put(g, "ec_sugar_cane", m26_u=3)
    g.terror[space("ec_sugar_cane")] = 1  # already Sabotaged: Terror there does nothing
    put(g, "sierra_maestra", police=1)
    g.avail[AV_MG] = 2
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march") and d.reason.startswith("8.7.3")
    out = op_steps(g, M26)
    assert out[0][:2] == ("space", "Sierra Maestra") and "step 2" in out[0][2]
    assert g.guerrillas(space("ec_sugar_cane"), M26) == 1  # never the last Guerrilla


def test_8_7_4_attack_with_4_guerrillas_and_ambush():
    g = np_game()
    g.res[GOVT] = 0
    g.support[space("havana")] = -2
    put(g, "havana", m26_u=4, police=1)
    g.avail[AV_MG] = 2
    g.avail[AV_MB] = 0
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "attack") and d.reason.startswith("8.7.4")
    out = acts(op_steps(g, M26))
    assert out[0] == ("space", "Havana") and ("activity", "ambush") in out
    assert g.sp[space("havana")][POLICE] == 0


def test_8_7_5_agitation_highest_pop_and_only_where_a_shift_happens():
    g = np_game()
    put(g, "havana", m26_u=2)
    put(g, "pinar_del_rio", m26_u=1)
    put(g, "matanzas", m26_u=1)
    g.support[space("matanzas")] = -2
    g.terror[space("matanzas")] = 1
    g.res[M26] = 1
    g.phase = "propaganda"
    at(g, "prop_agitation")
    d = decide(g)
    assert (d.verb, d.arg) == ("agitate", "Havana")
    g.support[space("havana")] = -2
    g.support[space("pinar_del_rio")] = -2
    g.changed()
    d = decide(g)
    assert d.verb == "done"  # Matanzas: removing Terror would shift nothing


def test_8_7_raul_rerolls_failed_attacks_and_low_kidnaps_only():
    g = np_game()
    put(g, "havana", m26_a=3)
    s = space("havana")
    at(g, "reroll", space=s, roll=5, what="attack")
    assert decide(g).verb == "reroll"
    at(g, "reroll", space=s, roll=2, what="attack")
    assert decide(g).verb == "keep"
    at(g, "reroll", space=s, roll=2, what="kidnap", target=GOVT)
    assert decide(g).verb == "reroll"
    at(g, "reroll", space=s, roll=4, what="kidnap", target=GOVT)
    assert decide(g).verb == "keep"


def _march_position(el_che: bool):
    g = np_game()
    g.res[GOVT] = 0
    g.support[space("camaguey_province")] = -2
    put(g, "camaguey_province", m26_u=2)
    put(g, "camaguey_city", police=1)
    g.avail[AV_MG] = 0
    g.avail[AV_MB] = 0
    if el_che:
        g.capabilities = frozenset({(13, False)})
    start(g, M26)
    return g


def test_8_7_3_ec_first_then_government_space():
    g = _march_position(el_che=False)
    out = op_steps(g, M26)
    assert out[0][:2] == ("space", "Factory EC") and "step 1" in out[0][2]


def test_8_7_3_el_che_swaps_the_first_two_priorities():
    g = _march_position(el_che=True)
    out = op_steps(g, M26)
    assert out[0][:2] == ("space", "Camagüey City") and "step 2" in out[0][2]


def test_8_7_1_kidnap_takes_cash_first():
    g = np_game()
    put(g, "havana", m26_u=2, police=1)
    put(g, "camaguey_city", m26_u=2)
    g.cash[0] = space("havana") * 4 + GOVT
    start(g, M26)
    out = acts(op_steps(g, M26))
    i = out.index(("activity", "kidnap"))
    assert out[i + 1] == ("space", "Havana") and g.cash[0] == space("havana") * 4 + M26


def test_8_7_3_step_2_ec_marches_cost_nothing_so_1_resource_still_pays_the_government_space():
    """8.7.3: the V-39 EC March costs 0 (3.3.2), so with 1 Resource 26July still Marches into the
    Government-Controlled space (step 2)."""
    g = np_game()
    g.res[GOVT] = 0
    g.res[M26] = 1
    g.support[space("sierra_maestra")] = -2
    g.support[space("camaguey_province")] = -2
    put(g, "sierra_maestra", m26_u=2)          # 1 may go to the Sugar Cane EC (step 1)
    put(g, "camaguey_province", m26_a=2)       # 1 may go to Camagüey City (step 2)
    put(g, "camaguey_city", police=1)
    g.avail[AV_MG] = 2
    g.avail[AV_MB] = 0
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march")
    out = op_steps(g, M26)
    spaces = [(a, r.split(":")[0]) for v, a, r in out if v == "space"]
    assert spaces[:2] == [("Sugar Cane EC", "8.7.3 step 1 (V-39)"), ("Camagüey City", "8.7.3 step 2")]
    assert g.guerrillas(space("camaguey_city"), M26) == 1


def test_8_7_2_infiltrate_step_2_only_where_the_cash_would_come_to_26july():
    """Infiltrate 2 (take Cash): the Non-player Government's Cash would pass to the Non-player
    Syndicate's Guerrilla there (8.1.2 #7), so step 3 (the last Police) decides instead."""
    from agon.games.cuba_libre.nonplayer import NonPlayerBot
    from agon.games.cuba_libre.nonplayer.common import Ctx
    from agon.games.cuba_libre.nonplayer.m26 import infiltrate_space

    for players, where, step in ((0, "Las Villas", "Infiltrate 3"), (2, "Matanzas", "Infiltrate 2")):
        g = np_game(players=players)
        put(g, "matanzas", m26_u=1, troop=1, syn_u=1)
        g.cash[0] = space("matanzas") * 4 + GOVT
        put(g, "las_villas", m26_u=1, police=1)
        start(g, M26)
        got = infiltrate_space(Ctx(g, M26, NonPlayerBot()))
        assert got is not None and got[0] == space(where) and step in got[1], (players, got)


def test_8_7_4_attack_removes_only_government_pieces():
    """8.7.4 (CL 3.1, issue 9 item 2): the Non-player 26July Attack targets Cash first, then only
    Government forces: after the Troop it leaves the DR Guerrilla."""
    g = np_game()
    s = space("las_villas")
    put(g, "las_villas", troop=1, dr_a=1, m26_a=4)
    at(g, "remove", space=s, count=2, mode="attack")
    assert (decide(g).verb, decide(g).arg) == ("remove", "troop")
    g.apply("m26", ("remove", "troop"))
    d = decide(g)
    assert (d.verb, d.arg) == ("done", None) and d.reason.startswith("8.7.4")
    g.apply("m26", ("done", None))
    assert g.sp[s][7] == 1


def test_8_7_4_attack_takes_the_cash_of_a_dr_guerrilla_first():
    g = np_game(players=1, solo="dr")  # a DR player's Cash does not pass to a Non-player (8.1.2 #7)
    s = space("las_villas")
    put(g, "las_villas", troop=1, dr_a=1, m26_a=4)
    g.cash[0] = s * 4 + 2  # the DR Guerrilla holds Cash
    at(g, "remove", space=s, count=2, mode="attack")
    assert (decide(g).verb, decide(g).arg) == ("remove", "dr_a")


def test_8_7_1_step_4_terror_at_passive_opposition_under_the_pact_of_caracas():
    """Ruling CL-E18a (issue 9 item 8): the Pact bars reducing Opposition, so 26July may still Terror
    at Passive Opposition (8.7.1 step 4 fires); DR may not Terror there."""
    from agon.games.cuba_libre.data import DIRECTORIO
    from agon.games.cuba_libre.op_spaces import space_ok

    g = np_game()
    g.capabilities = frozenset({(18, False)})
    g.support[space("matanzas")] = -1
    put(g, "matanzas", m26_u=1, dr_u=1)
    assert space_ok(g, {"operation": "terror", "faction": M26}, space("matanzas"))
    assert not space_ok(g, {"operation": "terror", "faction": DIRECTORIO}, space("matanzas"))
    start(g, M26)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "terror")
    out = op_steps(g, M26)
    assert out[0][:2] == ("space", "Matanzas") and "step 4" in out[0][2]
    assert g.support[space("matanzas")] == -2


def test_8_7_2_the_guerrilla_life_combines_flipping_and_placing():
    """8.7.2 with card 30 unshaded (issue 32 item 8): a 26July Rally also flips its Guerrillas
    Underground, so in the step 1 space (all Active, a Base, cubes) it places Guerrillas as well."""
    g = np_game()
    g.capabilities = frozenset({(30, False)})
    put(g, "pinar_del_rio", m26_a=2, m26_base=1, police=1)
    start(g, M26)
    out = acts(op_steps(g, M26))
    assert out[0] == ("space", "Pinar del Río") and out[1][0] == "rally" and out[1][1] != "flip"
    pinar = space("pinar_del_rio")
    assert g.sp[pinar][g.slot("m26_u")] > 2 and g.sp[pinar][g.slot("m26_a")] == 0
