"""Non-player Syndicate (CL 8.5): each step of the flowchart and its Special Activities."""

from __future__ import annotations

from agon.games.cuba_libre.data import AV_C, DIRECTORIO, GOVT, M26, SYN, space
from tests.games.cuba_libre.np_helpers import decide, np_game, op_steps, put, start


def test_8_5_1_rally_casino_spaces_first_then_flip_then_profit():
    g = np_game()
    put(g, "havana", casino=1)
    put(g, "la_habana", casino=1, syn_a=1, police=1)
    start(g, SYN)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "rally") and d.reason.startswith("8.5.1")
    out = op_steps(g, SYN)
    acts = [(v, a) for v, a, _ in out]
    assert acts[0] == ("space", "Havana") and ("rally", "place") in acts
    assert acts.index(("space", "La Habana")) > acts.index(("space", "Havana"))
    assert ("rally", "flip") in acts
    assert ("activity", "profit") in acts and ("profit", "stash") in acts
    assert g.sp[space("la_habana")][g.slot("syn_u")] == 1


def test_8_5_2_march_one_guerrilla_into_an_empty_ec_from_the_most():
    g = np_game()
    put(g, "pinar_del_rio", syn_u=3, casino=1)
    put(g, "la_habana", syn_u=1)
    start(g, SYN)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march") and d.reason.startswith("8.5.2")
    out = op_steps(g, SYN)
    assert out[0][:2] == ("space", "Cigar EC") and "8.5.2 step 1" in out[0][2]
    assert out[1][:2] == ("move", ("Pinar del Río", "active")) or out[1][:2] == ("move", ("Pinar del Río", "underground"))
    assert g.guerrillas(space("ec_cigar"), SYN) == 1


def test_8_5_3_construct_where_casinos_already_are():
    g = np_game()
    put(g, "havana", casino=1, syn_u=1, troop=4)
    put(g, "matanzas", troop=2)
    start(g, SYN)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "construct") and d.reason.startswith("8.5.3")
    out = op_steps(g, SYN)
    assert out[0][:2] == ("space", "Havana")
    assert g.sp[space("havana")][g.slot("closed_casino")] == 1
    assert ("activity", "profit") in [(v, a) for v, a, _ in out]


def test_8_5_3_before_the_final_propaganda_open_closed_casinos_first():
    g = np_game()
    g.prop_played = 3
    put(g, "havana", closed_casino=1, syn_u=1, troop=4)
    start(g, SYN)
    out = op_steps(g, SYN)
    assert out[0][:2] == ("space", "Havana") and "final" in out[0][2]
    assert ("construct", "open") in [(v, a) for v, a, _ in out]


def test_8_5_3_if_none_terror_then_bribe():
    g = np_game()
    g.res[SYN] = 7  # no space to Construct in (no Government or Syndicate Control)
    put(g, "matanzas", syn_u=1, m26_a=1)
    start(g, SYN)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "terror") and "IF NONE" in d.reason
    out = op_steps(g, SYN)
    assert g.res[SYN] == 3
    acts = [(v, a) for v, a, _ in out]
    assert acts[0] == ("space", "Matanzas")
    assert ("activity", "bribe") in acts
    assert g.guerrillas(space("matanzas"), M26) == 0


def test_8_5_4_terror_at_opposition_when_26july_player_is_at_victory():
    g = np_game(players=1)  # 26July is the player
    g.support[space("havana")] = -2
    g.support[space("las_villas")] = -2
    g.res[SYN] = 4
    put(g, "havana", syn_u=1)
    put(g, "camaguey_city", syn_u=1)
    start(g, SYN)
    out = op_steps(g, SYN)
    assert out[0][:2] == ("space", "Havana") and "8.5.4 step 1" in out[0][2]


def test_8_5_4_if_none_pass_without_underground_guerrillas():
    g = np_game()
    g.res[SYN] = 4
    put(g, "matanzas", syn_a=1)
    g.current = 32
    g.phase = "card"
    g.n_acted = 0
    g.stack = [{"step": "option", "faction": SYN}]
    g.changed()
    g._run()
    d = decide(g)
    assert d.verb == "pass"


def test_8_5_5_muscle_when_profit_is_impossible():
    g = np_game()
    put(g, "havana", police=1)
    g.cash = [space("havana") * 4 + GOVT] * 4  # no Cash Available: no Profit
    put(g, "oriente", casino=1, m26_u=3)
    put(g, "las_villas", troop=3)
    put(g, "camaguey_province", troop=1)
    start(g, SYN)
    out = op_steps(g, SYN)
    acts = [(v, a) for v, a, _ in out]
    assert ("activity", "muscle") in acts
    assert ("space", "Oriente") in acts[acts.index(("activity", "muscle")):]
    assert acts.count(("from", "Las Villas")) >= 1
    assert g.sp[space("oriente")][g.slot("troop")] == 2


def test_8_5_2_step_2_cash_holders_march_to_a_closed_casino_before_the_final_propaganda():
    g = np_game()
    g.prop_played = 3
    put(g, "matanzas", syn_u=2)
    g.cash[0] = space("matanzas") * 4 + SYN
    put(g, "la_habana", closed_casino=1, syn_u=1)
    put(g, "ec_cigar", police=1)  # no empty EC to March into (step 1)
    put(g, "ec_factory", police=1)
    start(g, SYN)
    out = op_steps(g, SYN)
    assert out[0][:2] == ("space", "La Habana") and "step 2" in out[0][2]
    # only the Guerrilla holding the Cash marches, and it carries the marker (4.5.2)
    assert g.guerrillas(space("matanzas"), SYN) == 1 and g.cash[0] == space("la_habana") * 4 + SYN
    assert [a for v, a, _ in out if v == "move"] == [("Matanzas", "underground with cash")]


def test_8_5_3_two_spaces_with_more_than_35_resources():
    g = np_game()
    g.res[SYN] = 40
    put(g, "havana", casino=1, syn_u=1, troop=4)
    put(g, "matanzas", troop=2)
    start(g, SYN)
    out = op_steps(g, SYN)
    spaces = [a for v, a, _ in out if v == "space"]
    assert spaces[:2] == ["Havana", "Matanzas"]


def test_8_5_5_profit_first_where_the_syndicate_has_no_cash():
    g = np_game()
    put(g, "havana", casino=1, syn_u=1)
    put(g, "pinar_del_rio", casino=1, syn_u=1)
    g.cash[0] = space("havana") * 4 + SYN
    put(g, "camaguey_city", casino=1)  # Rally condition
    start(g, SYN)
    out = acts = [(v, a) for v, a, _ in op_steps(g, SYN)]
    i = acts.index(("profit", "stash"))
    # the Rally put a Guerrilla in Camagüey City: it ties with Pinar del Río (no Cash, 8.2 at random)
    assert {out[i + 1], out[i + 3]} == {("space", "Pinar del Río"), ("space", "Camagüey City")}


def test_8_5_5_bribe_step_1_contraband_first():
    g = np_game()
    g.res[SYN] = 7
    put(g, "matanzas", syn_u=1, m26_a=1)
    put(g, "las_villas", syn_u=1, dr_u=1, m26_u=2)
    g.cash[0] = space("las_villas") * 4 + DIRECTORIO
    put(g, "ec_factory", police=1)  # no empty EC to March into
    start(g, SYN)
    out = [(v, a) for v, a, _ in op_steps(g, SYN)]
    i = out.index(("activity", "bribe"))
    assert out[i + 1] == ("space", "Las Villas")
    assert g.cash[0] == space("las_villas") * 4 + SYN


def test_8_5_4_step_2_follows_step_1_when_no_opposition_space_can_take_terror():
    """Both players at victory (7.2); no Opposition space has an Underground Syndicate Guerrilla,
    so step 1 selects nothing and step 2 (a Support space) comes next, before step 3."""
    g = np_game(players=2)  # Government and 26July players
    for where in ("havana", "camaguey_city", "santiago_de_cuba", "las_villas"):
        g.support[space(where)] = 2
    for where in ("pinar_del_rio", "la_habana", "matanzas", "camaguey_province", "oriente"):
        g.support[space(where)] = -2
    put(g, "oriente", m26_base=2)
    put(g, "pinar_del_rio", m26_base=2)
    put(g, "las_villas", syn_u=1)
    put(g, "sierra_maestra", syn_u=1)
    for ec in ("ec_cigar", "ec_factory", "ec_sugar_cane"):
        put(g, ec, police=1)  # no empty EC: no March (8.5.2)
    g.avail[AV_C] = 0  # no Casino Available: no Construct condition (8.5.3)
    g.changed()
    assert g.meets_condition(GOVT) and g.meets_condition(M26)
    start(g, SYN)
    out = op_steps(g, SYN)
    assert out[0][:2] == ("space", "Las Villas") and "step 2" in out[0][2]


def test_8_5_5_bribe_step_1_only_where_the_cash_would_really_come_to_the_syndicate():
    """Bribe step 1 (Smuggle): a Non-player 26July's Cash would pass to the Non-player Government's
    Police there (8.1.2 #7), so that space is no step-1 space; step 2 (an open Casino) comes first."""
    from agon.games.cuba_libre.nonplayer import NonPlayerBot
    from agon.games.cuba_libre.nonplayer.common import Ctx
    from agon.games.cuba_libre.nonplayer.syndicate import bribe_space

    for players, where, step in ((0, "Havana", "step 2"), (2, "Matanzas", "step 1")):
        g = np_game(players=players)
        g.res[SYN] = 10
        put(g, "matanzas", m26_u=1, police=1, syn_u=1)
        g.cash[0] = space("matanzas") * 4 + M26
        put(g, "havana", casino=1, m26_u=1, syn_u=1)
        start(g, SYN)
        got = bribe_space(Ctx(g, SYN, NonPlayerBot()))
        assert got is not None and got[0] == space(where) and step in got[1], (players, got)


def test_8_5_4_both_players_at_victory_terror_in_two_spaces():
    """8.5.4 (Greek «Αρχικά ... Έπειτα ...», issue 32 item 9): 26July and the Government players both
    at victory: Terror first in 1 space with Opposition, then in 1 space with Support."""
    g = np_game(players=2)  # Government and 26July players
    for where in ("havana", "camaguey_city", "santiago_de_cuba", "las_villas"):
        g.support[space(where)] = 2
    for where in ("pinar_del_rio", "la_habana", "matanzas", "camaguey_province", "oriente"):
        g.support[space(where)] = -2
    put(g, "oriente", m26_base=2)
    put(g, "pinar_del_rio", m26_base=2, syn_u=1)
    put(g, "las_villas", syn_u=1)
    for ec in ("ec_cigar", "ec_factory", "ec_sugar_cane"):
        put(g, ec, police=1)  # no empty EC: no March (8.5.2)
    g.avail[AV_C] = 0  # no Casino Available: no Construct condition (8.5.3)
    g.res[SYN] = 5
    g.changed()
    assert g.meets_condition(GOVT) and g.meets_condition(M26)
    start(g, SYN)
    out = op_steps(g, SYN)
    spaces = [(a, why.split(":")[0]) for v, a, why in out if v == "space"]
    assert spaces[:2] == [("Pinar del Río", "8.5.4 step 1"), ("Las Villas", "8.5.4 step 2")]
