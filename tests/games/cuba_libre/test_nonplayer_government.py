"""Non-player Government (CL 8.8): Momentum, Train, Garrison, Sweep, Assault, SAs, Civic, Redeploy."""

from __future__ import annotations

from agon.games.cuba_libre.data import GOVT, GOVT_BASE, M26, M26_BASE, POLICE, space
from tests.games.cuba_libre.np_helpers import acts, decide, np_game, op_steps, put, start


def cities_held(g):
    """Every City Controlled with Troops and Police: no Train condition."""
    put(g, "havana", troop=2, police=4)
    put(g, "camaguey_city", troop=1, police=1)
    put(g, "santiago_de_cuba", troop=1, police=1)


def train_position():
    """Camagüey City without Government Control, Troops to Transport from Havana (8.8.2)."""
    g = np_game()
    put(g, "havana", troop=6)
    put(g, "santiago_de_cuba", troop=1, police=1)
    put(g, "las_villas", troop=2)
    put(g, "matanzas", m26_a=2)
    return g


def sweep_position():
    """The Cities held; Underground 26July Guerrillas at Passive Support in Pinar del Río, Troops
    next door in La Habana (8.8.4)."""
    g = np_game()
    cities_held(g)
    g.support[space("pinar_del_rio")] = 1
    put(g, "pinar_del_rio", m26_u=2)
    put(g, "la_habana", troop=3)
    return g


def test_8_8_2_train_cities_without_control_first_base_and_transport():
    g = train_position()
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "train") and d.reason.startswith("8.8.2")
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Camagüey City")
    assert out[1:5] == [("place", "police"), ("place", "troop"), ("place", "police"), ("place", "troop")]
    assert out.index(("space", "Havana")) < out.index(("space", "Santiago de Cuba"))
    assert ("base", ("Las Villas", "TT")) in out and g.sp[space("las_villas")][GOVT_BASE] == 1
    assert ("activity", "transport") in out and ("to", "Matanzas") in out


def test_8_8_3_garrison_police_to_an_ec_then_free_assault():
    g = np_game()
    cities_held(g)
    put(g, "ec_factory", m26_u=1)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "garrison") and d.reason.startswith("8.8.3")
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Factory EC") and out[1] == ("move", ("Havana", "police"))
    assert ("assault", "Factory EC") in out
    assert g.guerrillas(space("ec_factory"), M26) == 0


def test_8_8_4_sweep_support_spaces_first():
    g = sweep_position()
    put(g, "matanzas", m26_u=1, police=1)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "sweep") and d.reason.startswith("8.8.4")
    out = op_steps(g, GOVT)
    assert out[0][:2] == ("space", "Pinar del Río") and "Support" in out[0][2]
    assert ("move", ("La Habana", "troop")) in acts(out)
    assert g.sp[space("la_habana")][g.slot("troop")] >= 1  # never loses Control of the origin


def test_8_8_5_assault_bases_first_then_guerrillas():
    g = np_game()
    cities_held(g)
    put(g, "matanzas", m26_a=3, troop=3)
    put(g, "oriente", m26_base=1, troop=2)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "assault")
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Oriente") and ("space", "Matanzas") in out
    assert g.sp[space("oriente")][M26_BASE] == 0 and g.guerrillas(space("matanzas"), M26) == 0


def test_8_8_1_sanchez_mosquera_assaults_a_mountain_base():
    g = np_game()
    g.momentum = frozenset({(6, True)})
    put(g, "sierra_maestra", m26_base=1, troop=1)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "assault") and d.reason.startswith("8.8.1")


def test_8_8_6_civic_action_highest_pop_keeping_9_resources():
    g = np_game()
    put(g, "havana", troop=1, police=1)
    put(g, "pinar_del_rio", troop=1, police=1)
    g.res[GOVT] = 13
    g.phase = "propaganda"
    g.stack = [{"step": "prop_civic", "faction": GOVT}]
    g.changed()
    g._run()
    assert (decide(g).verb, decide(g).arg) == ("civic", "Havana")
    g.res[GOVT] = 12
    g.changed()
    assert decide(g).verb == "done"
    g.prop_played = 4  # 8.8.6 exception: the final Round spends below 9
    g.changed()
    assert (decide(g).verb, decide(g).arg) == ("civic", "Havana")


def test_8_8_7_redeploy_police_to_ecs_first():
    g = np_game()
    put(g, "havana", troop=2, police=3)
    put(g, "ec_factory", m26_u=2)
    g.phase = "propaganda"
    g.stack = [{"step": "prop_redeploy", "faction": GOVT}]
    g.changed()
    g._run()
    d = decide(g)
    assert (d.verb, d.arg) == ("move", ("Havana", "police")) and "8.8.7" in d.reason
    g.apply("govt", (d.verb, d.arg))
    assert (decide(g).verb, decide(g).arg) == ("to", "Factory EC")
    _ = POLICE


def test_8_8_1_armored_cars_assault_with_troops_from_anywhere():
    g = np_game()
    g.momentum = frozenset({(1, True)})
    put(g, "havana", troop=6)
    put(g, "oriente", m26_base=1)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "assault") and "Armored Cars" in d.reason
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Oriente") and ("move", ("Havana", "troop")) in out
    assert g.sp[space("oriente")][M26_BASE] == 0


def test_8_8_3_air_strike_targets_a_26july_base_before_a_dr_base():
    g = np_game()
    cities_held(g)
    put(g, "matanzas", m26_a=3, troop=3)
    put(g, "oriente", m26_base=1)
    put(g, "las_villas", dr_base=1)
    start(g, GOVT)
    out = acts(op_steps(g, GOVT))
    assert ("activity", "airstrike") in out
    assert ("space", "Oriente") in out[out.index(("activity", "airstrike")):]
    assert g.sp[space("oriente")][M26_BASE] == 0 and g.sp[space("las_villas")][g.slot("dr_base")] == 1


def test_8_8_3_reprisal_when_embargoed():
    g = np_game()
    g.alliance = 2  # Embargoed: no Air Strike
    cities_held(g)
    g.support[space("havana")] = -1
    put(g, "havana", m26_u=1)
    put(g, "matanzas", m26_a=3, troop=3)
    start(g, GOVT)
    out = acts(op_steps(g, GOVT))
    assert ("activity", "reprisal") in out and ("space", "Havana") in out
    assert ("relocate", "m26_u") in out and ("to", "La Habana") in out


def test_8_8_2_if_none_train_impossible_goes_to_garrison():
    g = np_game()
    put(g, "havana", troop=2)
    put(g, "camaguey_city", police=3)
    g.avail[0] = 0  # no Troops and only 2 Police Available: no 4-cube Train, no Province Base
    g.avail[1] = 2
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "garrison") and "8.8.2 IF NONE" in d.reason
    out = acts(op_steps(g, GOVT))
    assert ("space", "Havana") in out and ("move", ("Camagüey City", "police")) in out


def _sweep_position(sim: bool):
    g = np_game()
    cities_held(g)
    g.support[space("pinar_del_rio")] = 1
    g.support[space("la_habana")] = 1
    put(g, "pinar_del_rio", m26_u=1, police=2)  # a Forest: 2 cubes Activate 1 (3.2.3)
    put(g, "la_habana", m26_u=1)
    if sim:
        g.momentum = frozenset({(4, True)})
    start(g, GOVT)
    return g


def test_8_8_4_sweep_where_cubes_already_are_first():
    out = op_steps(_sweep_position(sim=False), GOVT)
    assert out[0][:2] == ("space", "Pinar del Río")


def test_8_8_1_sim_sweeps_where_no_cubes_are_first_with_police():
    g = _sweep_position(sim=True)
    out = op_steps(g, GOVT)
    assert out[0][:2] == ("space", "La Habana") and "S.I.M." in out[0][2]
    assert out[1][:2] == ("move", ("Havana", "police"))


def test_8_8_4_sweep_only_where_it_activates_a_forest_needs_2_cubes():
    """8.8.4 with 3.2.3 (issue 32 item 7): a Forest with 1 cube and no Troops next door Activates
    nothing, so the Non-player does not Sweep there (it would pay for nothing)."""
    from agon.games.cuba_libre.nonplayer import NonPlayerBot
    from agon.games.cuba_libre.nonplayer.common import Ctx
    from agon.games.cuba_libre.nonplayer.government import sweep_plan

    g = np_game()
    cities_held(g)
    put(g, "pinar_del_rio", m26_u=1, police=1)
    put(g, "camaguey_province", m26_u=1, police=2)
    start(g, GOVT)
    spaces = [e["s"] for e in sweep_plan(Ctx(g, GOVT, NonPlayerBot()))]
    assert spaces == [space("camaguey_province")]


def test_8_8_1_sim_half_police_only_into_an_empty_space():
    """8.8.1 S.I.M. (Greek «αν γίνεται σε κενό», issue 32 item 6): Pinar del Río already holds 2
    Police, so the Troops needed move in first, not half Police."""
    g = np_game()
    cities_held(g)
    g.momentum = frozenset({(4, True)})
    put(g, "pinar_del_rio", m26_u=3, police=2)
    put(g, "la_habana", troop=2, police=2)
    start(g, GOVT)
    out = op_steps(g, GOVT)
    assert out[0][:2] == ("space", "Pinar del Río")
    assert out[1][:2] == ("move", ("La Habana", "troop"))


def test_8_8_1_masferrer_sweeps_to_activate_4_guerrillas():
    """8.8.1 Rolando Masferrer (issue 32 item 4): 4 Underground Guerrillas a Sweep can Activate
    trigger it (no Assault could remove anything now): Sweep, not Train."""
    g = np_game()
    g.momentum = frozenset({(5, True)})
    put(g, "havana", troop=2, police=2, m26_u=4)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "sweep") and "Masferrer" in d.reason


def test_8_8_1_sanchez_mosquera_counts_26july_bases_and_any_guerrillas():
    """8.8.1 Sanchez Mosquera (issue 32 item 5): a DR Base is no trigger; 4 Guerrillas with the
    Syndicate's among them are."""
    g = np_game()
    g.momentum = frozenset({(6, True)})
    cities_held(g)
    put(g, "sierra_maestra", dr_base=1, troop=2)
    start(g, GOVT)
    assert "Mosquera" not in decide(g).reason
    g = np_game()
    g.momentum = frozenset({(6, True)})
    cities_held(g)
    put(g, "sierra_maestra", m26_a=2, syn_a=2, troop=4)
    start(g, GOVT)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "assault") and "Mosquera" in d.reason


def test_8_1_2_government_cash_deposit_one_base_per_province_none_in_cities():
    g = np_game()
    put(g, "havana", police=1)
    put(g, "matanzas", police=1)
    g.cash[0] = space("havana") * 4 + GOVT
    g.cash[1] = space("matanzas") * 4 + GOVT
    g.phase = "propaganda"
    g.stack = [{"step": "prop_deposit", "faction": GOVT, "marker": 1}, {"step": "prop_deposit", "faction": GOVT, "marker": 0}]
    g.changed()
    g._run()
    assert (decide(g).verb, decide(g).arg) == ("deposit", "resources")  # Havana is a City
    g.apply("govt", ("deposit", "resources"))
    assert (decide(g).verb, decide(g).arg) == ("deposit", "base")


def test_8_1_2_item_9_a_cube_moving_to_a_non_ec_space_carries_the_governments_cash():
    g = sweep_position()
    g.cash[0] = space("la_habana") * 4 + GOVT
    start(g, GOVT)
    out = op_steps(g, GOVT)
    moves = [(a, r) for v, a, r in out if v == "move"]
    assert moves[0][0] == ("La Habana", "troop with cash") and "8.1.2 #9" in moves[0][1]
    assert g.cash[0] == space("pinar_del_rio") * 4 + GOVT


def test_8_8_1_guantanamo_bay_counts_only_air_strike_targets():
    """8.8.1 Guantanamo Bay: 2 Syndicate Guerrillas are not Air Strike targets (8.8.3 lists 26July
    and DR pieces), so they do not make the Government add an Air Strike; 2 26July pieces do."""
    from agon.games.cuba_libre.nonplayer.government import guantanamo_two

    g = np_game()
    put(g, "matanzas", syn_a=2, police=1)
    g.changed()
    assert not guantanamo_two(g)
    put(g, "las_villas", m26_a=2, police=1)
    assert guantanamo_two(g)


def test_8_1_2_item_9_transport_carries_the_governments_cash_to_a_province():
    g = train_position()
    g.cash[0] = space("havana") * 4 + GOVT
    start(g, GOVT)
    out = op_steps(g, GOVT)
    carry = [(v, a, r) for v, a, r in out if v == "troops with cash"]
    assert carry and "8.1.2 #9" in carry[0][2] and ("to", "Matanzas") in acts(out)
    assert g.cash[0] == space("matanzas") * 4 + GOVT


def test_8_8_4_sweep_activates_26july_then_dr_then_syndicate_even_with_a_syndicate_player():
    """8.8.4 names the Activation order (26July, DR, Syndicate; Greek C-46), so it holds even when
    the Syndicate is the solo player (8.1.2 #4's players-first applies only where nothing is said)."""
    from tests.games.cuba_libre.helpers import start as at

    g = np_game(players=1, solo="syndicate")
    put(g, "matanzas", police=1, syn_u=1, m26_u=1)
    at(g, GOVT, kind="activate", space=space("matanzas"), count=1)
    d = decide(g)
    assert (d.verb, d.arg) == ("activate", "m26") and d.reason.startswith("8.8.4")


def test_8_8_4_sweep_counts_cubes_where_they_end_the_moves():
    """CL 3.2.3 / 8.8.4 (issue 9 item 1): the Troops that Activate the Guerrillas of the first Sweep
    space stay there; they do not move on to the next Sweep space, where they would count instead."""
    g = np_game()
    put(g, "havana", troop=1, police=1, m26_a=1)
    put(g, "camaguey_city", troop=1, police=1)
    put(g, "santiago_de_cuba", troop=1, police=1)
    for name in ("pinar_del_rio", "la_habana"):
        g.support[space(name)] = 1
    put(g, "pinar_del_rio", troop=2, m26_u=2, m26_a=1)
    put(g, "la_habana", dr_u=1)
    start(g, GOVT)
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Pinar del Río") and ("space", "La Habana") in out
    assert ("move", ("Pinar del Río", "troop")) not in out
    assert g.sp[space("pinar_del_rio")][0] == 2  # its 2 Troops stay, to Activate 1 in the Forest


def test_8_8_7_redeploy_spreads_troops_as_evenly_as_possible():
    """8.8.7 step 2, the Playbook example: 11/1/3 Troops in three Government-Controlled Cities become
    5/5/5; optional Troops move too, not only those 6.4.2 forces out."""
    g = np_game()
    put(g, "havana", troop=11, police=1)
    put(g, "camaguey_city", troop=1, police=1)
    put(g, "santiago_de_cuba", troop=3, police=1)
    g.phase = "propaganda"
    g.stack = [{"step": "prop_redeploy", "faction": GOVT}]
    g.changed()
    g._run()
    for _ in range(40):
        if not any(fr["step"] == "prop_redeploy" for fr in g.stack):
            break
        d = decide(g)
        g.apply("govt", (d.verb, d.arg))
    assert [g.sp[space(c)][0] for c in ("havana", "camaguey_city", "santiago_de_cuba")] == [5, 5, 5]


def test_8_8_3_air_strike_only_at_its_listed_targets():
    """8.8.3 (issue 9 item 4): 2 Active 26July Guerrillas in a Province without a cube are no Air
    Strike target (not a Base, no cube there, not the last Guerrilla): no Air Strike."""
    g = np_game()
    cities_held(g)
    put(g, "ec_factory", m26_u=1)
    put(g, "oriente", m26_a=2)
    start(g, GOVT)
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Factory EC") and ("activity", "airstrike") not in out
    g2 = np_game()
    cities_held(g2)
    put(g2, "ec_factory", m26_u=1)
    put(g2, "oriente", m26_a=1)  # the last 26July Guerrilla there: target 5
    start(g2, GOVT)
    out = acts(op_steps(g2, GOVT))
    assert ("activity", "airstrike") in out and ("space", "Oriente") in out


def test_8_8_3_garrison_takes_each_cube_from_the_most_of_that_type_even_losing_control():
    """8.8.3 (issue 9 item 6): "take each cube from the space with the most of that type, never the
    last Police": unlike Sweep and Redeploy the text has no Control clause, so Havana (3 Police)
    gives the Police although it then loses Control."""
    g = np_game()
    put(g, "havana", troop=1, police=3, m26_a=3)
    put(g, "camaguey_city", troop=1, police=2)
    put(g, "santiago_de_cuba", troop=1, police=1)
    put(g, "ec_factory", m26_u=1)
    start(g, GOVT)
    out = acts(op_steps(g, GOVT))
    assert out[0] == ("space", "Factory EC") and out[1] == ("move", ("Havana", "police"))


def _ctx_at_op_choice(g, seed=0):
    from agon.games.cuba_libre.nonplayer import NonPlayerBot
    from agon.games.cuba_libre.nonplayer.common import Ctx

    start(g, GOVT)
    return Ctx(g, GOVT, NonPlayerBot(seed=seed))  # the bot's seed rolls its dice (8.2, issue 29.3)


def test_8_2_transport_and_air_strike_break_ties_at_random():
    """8.2 / ruling CL-NP1 (issue 9 item 7): two equal Transport destinations (Provinces with Police
    and no Troops) and two equal Air Strike targets (26July Bases) are each chosen, seed by seed,
    not always the lowest-numbered space."""
    from agon.games.cuba_libre.nonplayer.government import airstrike_space, transport_plan

    dests, strikes = set(), set()
    for seed in range(1, 13):
        g = np_game(seed=seed)
        put(g, "havana", troop=6, police=2)
        put(g, "matanzas", police=1)
        put(g, "las_villas", police=1)
        put(g, "pinar_del_rio", m26_base=1)
        put(g, "oriente", m26_base=1)
        ctx = _ctx_at_op_choice(g, seed)
        dests.add(transport_plan(ctx)[1])
        strikes.add(airstrike_space(ctx)[0])
    assert dests == {space("matanzas"), space("las_villas")}
    assert strikes == {space("pinar_del_rio"), space("oriente")}


def test_8_8_4_sweep_activates_before_its_air_strike():
    """3.2.3 / 4.1: the Non-player ends the Sweep's spaces, the Activation runs, and only then adds
    the Air Strike, which now strikes a Guerrilla the Sweep Activated in a Province (before an EC)."""
    g = sweep_position()
    put(g, "ec_cigar", m26_a=1, police=1)  # the only target before the Activation, an EC
    start(g, GOVT)
    out = acts(op_steps(g, GOVT))
    assert out.index(("activity", "airstrike")) < len(out) - 1
    assert out[out.index(("activity", "airstrike")) + 1] == ("space", "Pinar del Río")
    assert g.guerrillas(space("ec_cigar"), M26) == 1
