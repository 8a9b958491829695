"""Operations (CL 3.x): legal spaces, costs, limits, and the rulebook's examples."""

from __future__ import annotations

from agon.games.cuba_libre.data import DIRECTORIO, GOVT, M26, SYN, space
from agon.games.cuba_libre.op_spaces import assault_capacity
from tests.games.cuba_libre.helpers import act, blank, example, legal, op_in, put, situation, start


def S(name: str) -> int:
    return space(name)


def names(g, verb="space"):
    return sorted(a for v, a in legal(g) if v == verb)


# -- Train (3.2.1) -----------------------------------------------------------------------------

def test_3_2_1_train_costs_per_space_and_places_only_in_cities_or_base_provinces():
    g = situation(res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "train")
    assert "Cigar EC" not in names(g)  # never ECs
    act(g, "space", "Havana")
    assert g.res[GOVT] == 8  # Firm: 2 per space
    for _ in range(4):
        act(g, "place", "troop")
    assert g.sp[S("havana")][0] == 4
    act(g, "space", "Matanzas")  # no Govt Base: nothing placed, still paid
    assert g.res[GOVT] == 6
    assert g.sp[S("matanzas")][0] == 0
    assert ("place", "troop") not in legal(g)


def test_3_2_1_train_cost_follows_us_alliance():
    g = situation(res={"govt": 10}, alliance=2)
    op_in(g, GOVT, "train", "Havana")
    assert g.res[GOVT] == 6


def test_3_2_1_train_base_from_two_cubes_respects_stacking():
    g = situation({"la_habana": {"troop": 1, "police": 1, "m26_base": 1, "dr_base": 1}}, res={"govt": 10})
    op_in(g, GOVT, "train", "La Habana")
    assert not [a for v, a in legal(g) if v == "base"]
    g2 = situation({"la_habana": {"troop": 1, "police": 1}}, res={"govt": 10})
    op_in(g2, GOVT, "train", "La Habana")
    act(g2, "base", ("La Habana", "TP"))
    assert g2.sp[S("la_habana")][2] == 1 and g2.sp[S("la_habana")][0] == 0


def test_3_2_1_train_civic_action_costs_4_more():
    g = situation({"havana": {"troop": 2, "police": 2}}, res={"govt": 10}, support={"havana": 1})
    op_in(g, GOVT, "train", "Havana")
    act(g, "done")  # no cubes placed
    act(g, "civic", "Havana")
    assert g.support[S("havana")] == 2 and g.res[GOVT] == 4


# -- Garrison (3.2.2) --------------------------------------------------------------------------

def test_3_2_2_garrison_pays_once_moves_cubes_and_activates_in_ecs():
    g = situation({"havana": {"troop": 3, "police": 2}, "ec_cigar": {"m26_u": 2}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "garrison")
    assert g.res[GOVT] == 8
    assert "Matanzas" not in names(g)  # only ECs and Cities
    act(g, "space", "Cigar EC")
    act(g, "move", ("Havana", "police"))
    act(g, "move", ("Havana", "troop"))
    act(g, "done")
    act(g, "done")
    assert g.res[GOVT] == 8
    assert g.sp[S("ec_cigar")][4] == 2  # 2 cubes: both Guerrillas Active


# -- Sweep (3.2.3) -----------------------------------------------------------------------------

def test_3_2_3_sweep_forest_activates_one_per_two_cubes():
    """Rulebook test: Forest Province, 3 cubes after movement, 4 Underground -> exactly 1."""
    g = situation({"oriente": {"police": 1, "m26_u": 4}, "camaguey_province": {"troop": 2}}, res={"govt": 10})
    op_in(g, GOVT, "sweep", "Oriente")
    act(g, "move", ("Camagüey Province", "troop"))
    act(g, "move", ("Camagüey Province", "troop"))
    assert g.sp[S("oriente")][0] == 2
    act(g, "done")  # the Sweep ends: Activation once every Troop has moved
    assert g.sp[S("oriente")][4] == 1 and g.sp[S("oriente")][3] == 3


def test_3_2_3_sweep_moves_only_adjacent_troops_not_police():
    g = situation({"havana": {"troop": 2, "police": 2}, "las_villas": {"troop": 1}}, res={"govt": 10})
    op_in(g, GOVT, "sweep", "La Habana")
    moves = [a for v, a in legal(g) if v == "move"]
    assert moves == [("Havana", "troop")]


# -- Assault (3.2.4) ---------------------------------------------------------------------------

def test_3_2_4_assault_city_troops_and_police_then_base():
    g = situation({"havana": {"troop": 2, "police": 2, "m26_a": 3, "m26_base": 1}})
    assert assault_capacity(g, S("havana")) == 4
    g.res[GOVT] = 10
    op_in(g, GOVT, "assault", "Havana")
    assert g.sp[S("havana")][4] == 0 and g.sp[S("havana")][5] == 0


def test_3_2_4_assault_mountain_half_troops_police_do_not_count():
    g = situation({"sierra_maestra": {"troop": 3, "police": 2, "dr_a": 3}})
    assert assault_capacity(g, S("sierra_maestra")) == 1


def test_3_2_4_assault_ec_underground_stays():
    g = situation({"ec_sugar_cane": {"troop": 1, "m26_a": 1, "m26_u": 1}}, res={"govt": 10})
    op_in(g, GOVT, "assault", "Sugar Cane EC")
    assert g.sp[S("ec_sugar_cane")][4] == 0 and g.sp[S("ec_sugar_cane")][3] == 1


def test_3_2_4_assault_closes_casino_instead_of_removing():
    g = situation({"havana": {"troop": 1, "casino": 1}}, res={"govt": 10})
    op_in(g, GOVT, "assault", "Havana")
    assert g.sp[S("havana")][11] == 0 and g.sp[S("havana")][12] == 1


def test_3_2_4_underground_guerrillas_protect_bases():
    g = situation({"havana": {"troop": 3, "m26_u": 1, "m26_base": 1}})
    start(g, GOVT)
    assert ("operation", "assault") not in legal(g)  # no space where Assault can remove anything


def assault_havana_on_26july_cash(**pieces: int):
    """The Government Assaults Havana, where a 26July Guerrilla holds 26July's Cash."""
    g = situation(res={"govt": 10})
    put(g, "havana", **pieces)
    g.cash[0] = S("havana") * 4 + M26
    op_in(g, GOVT, "assault", "Havana")
    return g


def test_3_2_4_seizure_of_cash():
    g = assault_havana_on_26july_cash(troop=2, m26_a=1)
    assert g.active == ["m26"] and legal(g) == [("give cash", "govt"), ("drop cash", None)]  # 4.5.2
    act(g, "drop cash")
    assert g.cash[0] == S("havana") * 4 + GOVT


def test_4_5_2_a_player_holder_may_hand_its_cash_to_another_factions_piece_when_removed():
    """4.5.2 / AMB-11 / C-17: the last 26July Guerrilla goes; 26July hands its Cash to the Syndicate
    Guerrilla there instead of letting the Government seize it."""
    g = assault_havana_on_26july_cash(troop=2, m26_a=1, syn_u=1)
    assert g.active == ["m26"]
    assert set(legal(g)) == {("give cash", "govt"), ("give cash", "syndicate"), ("drop cash", None)}
    act(g, "give cash", "syndicate")
    assert g.cash[0] == S("havana") * 4 + SYN
    assert g.active == ["govt"]


def test_8_1_2_7_a_nonplayer_holder_passes_its_cash_to_another_nonplayer():
    g = blank(players=2)  # DR and Syndicate are Non-players
    g.res[GOVT] = 10
    put(g, "havana", troop=2, dr_a=1, syn_u=1)
    g.cash[0] = S("havana") * 4 + DIRECTORIO
    op_in(g, GOVT, "assault", "Havana")
    assert g.cash[0] == S("havana") * 4 + SYN and g.active == ["govt"]


# -- Rally (3.3.1) -----------------------------------------------------------------------------

def test_3_3_1_rally_26july_with_base_places_2xbases_plus_2xpop():
    g = situation({"sierra_maestra": {"m26_base": 1}}, support={"sierra_maestra": -2})
    op_in(g, M26, "rally", "Sierra Maestra")
    assert max(a for v, a in legal(g) if v == "rally" and isinstance(a, int)) == 4
    act(g, "rally", 4)
    assert g.sp[S("sierra_maestra")][3] == 4 and g.res[M26] == 9


def test_3_3_1_rally_dr_bases_plus_pop():
    g = situation({"las_villas": {"dr_base": 1}})
    op_in(g, DIRECTORIO, "rally", "Las Villas")
    assert max(a for v, a in legal(g) if v == "rally" and isinstance(a, int)) == 3  # C-12: 1 + 2


def test_3_3_1_rally_space_restrictions():
    g = situation(support={"havana": 2, "matanzas": 1})
    start(g, DIRECTORIO)
    act(g, "operation", "rally")
    assert "Havana" not in names(g) and "Matanzas" in names(g)
    g2 = situation(support={"matanzas": 1})
    start(g2, M26)
    act(g2, "operation", "rally")
    assert "Matanzas" not in names(g2) and "Cigar EC" not in names(g2)


def test_3_3_1_syndicate_closed_casino_only_places():
    g = situation({"havana": {"closed_casino": 1, "syn_a": 1}})
    op_in(g, SYN, "rally", "Havana")
    assert legal(g) == [("rally", "place")]  # no flip without an open Casino


def test_3_3_1_rally_replace_two_guerrillas_with_base():
    g = situation({"matanzas": {"dr_u": 1, "dr_a": 1}})
    op_in(g, DIRECTORIO, "rally", "Matanzas")
    act(g, "rally", "base")
    assert g.sp[S("matanzas")][8] == 1 and g.guerrillas(S("matanzas"), DIRECTORIO) == 0


# -- March (3.3.2) -----------------------------------------------------------------------------

def test_3_3_2_march_example_activation():
    """Rulebook example: 2 Underground from Sierra Maestra into Oriente (Passive Support, 2 cubes)."""
    g = example("march_3_3_2")  # 2 Underground in Sierra Maestra; Oriente at Passive Support with 2 cubes
    act(g, "operation", "march")
    act(g, "space", "Oriente")
    act(g, "move", ("Sierra Maestra", "underground"))
    act(g, "move", ("Sierra Maestra", "underground"))
    assert g.res[M26] == 9
    assert g.sp[S("oriente")][4] == 2


def test_3_3_2_march_three_into_empty_support_stays_underground_and_ec_is_free():
    g = situation({"la_habana": {"m26_u": 3}}, support={"havana": 2})
    op_in(g, M26, "march", "Havana")
    for _ in range(3):
        act(g, "move", ("La Habana", "underground"))
    assert g.sp[S("havana")][3] == 3
    g2 = situation({"la_habana": {"m26_u": 1}})
    op_in(g2, M26, "march", "Cigar EC")
    assert g2.res[M26] == 10


def test_3_3_2_limited_march_single_destination_and_no_second_move():
    g = situation({"la_habana": {"m26_u": 2}})
    start(g, M26, lim=True, special_activity=False)
    act(g, "operation", "march")
    act(g, "space", "Matanzas")
    act(g, "move", ("La Habana", "underground"))
    act(g, "done")
    assert names(g) == []  # LimOp: 1 destination
    assert ("done", None) in legal(g)


# -- Attack (3.3.3) ----------------------------------------------------------------------------

def _attack(roll_target, seed_pred):
    for seed in range(200):
        g = blank(seed)
        put(g, "matanzas", dr_u=3, troop=1, govt_base=1)
        op_in(g, DIRECTORIO, "attack", "Matanzas")
        probe = g.clone()
        roll = probe.rng.die()
        if seed_pred(roll):
            act(g, "roll")
            return g, roll
    raise AssertionError("no seed")


def test_3_3_3_attack_success_removes_troop_then_base():
    g, _roll = _attack(3, lambda r: r in (2, 3))
    assert g.sp[S("matanzas")][0] == 0 and g.sp[S("matanzas")][2] == 0
    assert g.sp[S("matanzas")][7] == 3


def test_3_3_3_attack_failure_all_active():
    g, _roll = _attack(4, lambda r: r >= 4)
    assert g.sp[S("matanzas")][0] == 1 and g.sp[S("matanzas")][7] == 3


def test_3_3_3_attack_roll_one_places_a_guerrilla():
    g, _roll = _attack(1, lambda r: r == 1)
    assert g.sp[S("matanzas")][6] == 1 and g.sp[S("matanzas")][7] == 3


def test_3_3_3_cubes_protect_casino_from_attack():
    from agon.games.cuba_libre.data import CASINO
    from agon.games.cuba_libre.removal import removal_targets
    g = situation({"havana": {"police": 1, "casino": 1, "m26_a": 2}})
    assert CASINO not in removal_targets(g, M26, S("havana"), "attack")


# -- Terror (3.3.4) ----------------------------------------------------------------------------

def test_3_3_4_dr_terror_passive_opposition_to_neutral():
    g = situation({"matanzas": {"dr_u": 1}}, support={"matanzas": -1})
    op_in(g, DIRECTORIO, "terror", "Matanzas")
    assert g.support[S("matanzas")] == 0 and g.terror[S("matanzas")] == 1
    assert g.sp[S("matanzas")][7] == 1 and g.res[DIRECTORIO] == 4


def test_3_3_4_26july_terror_builds_opposition():
    g = situation({"camaguey_city": {"m26_u": 1}})
    op_in(g, M26, "terror", "Camagüey City")
    assert g.support[S("camaguey_city")] == -1


def test_3_3_4_syndicate_terror_sabotages_ec_free():
    g = situation({"ec_factory": {"syn_u": 1}})
    op_in(g, SYN, "terror", "Factory EC")
    assert g.terror[S("ec_factory")] == 1 and g.res[SYN] == 15


# -- Construct (3.3.5) -------------------------------------------------------------------------

def test_3_3_5_construct_costs_5_places_closed_casino_only_where_govt_or_syn_control():
    g = situation({"havana": {"troop": 2}, "matanzas": {"dr_u": 1}})
    start(g, SYN)
    act(g, "operation", "construct")
    assert names(g) == ["Havana"]
    act(g, "space", "Havana")
    assert g.sp[S("havana")][12] == 1 and g.res[SYN] == 10


def test_3_1_2_construct_is_never_free():
    from agon.games.cuba_libre.operations import ops_possible
    g = situation({"havana": {"troop": 2}})
    assert "construct" not in ops_possible(g, SYN, True, True)


def test_1_4_1_voluntary_removal_to_rally_with_none_available():
    """Rulebook example: no Guerrillas Available; Active ones come off the map to be placed."""
    g = example("rally_1_4_1_none_available")  # all 15 26July Guerrillas Active in Oriente, none Available
    act(g, "operation", "rally")
    act(g, "space", "Matanzas")
    assert ("rally", "place") not in legal(g)
    act(g, "withdraw", ("Oriente", "active"))
    act(g, "rally", "place")
    assert g.sp[space("matanzas")][3] == 1 and g.sp[space("oriente")][4] == 14


def test_1_4_1_maximum_effect_on_targets():
    """Rulebook example: Assault in a Forest Province with 3 Troops removes exactly 3 Active pieces."""
    g = example("assault_1_4_1_maximum_effect")  # 3 Troops, 2 Active 26July and 2 Active DR in Oriente (Forest)
    act(g, "operation", "assault")
    act(g, "space", "Oriente")
    act(g, "remove", "m26_a")
    act(g, "remove", "dr_a")  # both Factions targeted (3.1): no stopping short of the capacity
    assert ("done", None) not in legal(g)
    act(g, *legal(g)[0])
    assert g.guerrillas(space("oriente"), M26) + g.guerrillas(space("oriente"), DIRECTORIO) == 1


def test_3_1_a_space_is_selected_only_once_per_operation():
    g = situation(res={"govt": 10})
    op_in(g, GOVT, "train", "Havana")
    act(g, "done")
    assert "Havana" not in names(g)


def test_card_18_pact_of_caracas_bars_attacks_on_each_other_and_is_cancelled_by_2_own_bases():
    g = blank()
    g.capabilities = frozenset({(18, False)})
    put(g, "matanzas", m26_u=2, dr_u=1)
    put(g, "oriente", dr_base=1, dr_u=1)
    put(g, "las_villas", dr_base=1)
    start(g, M26)
    assert ("operation", "attack") not in legal(g)  # only DR pieces to hit
    g2 = blank()
    g2.capabilities = frozenset({(18, False)})
    put(g2, "oriente", dr_base=1, dr_u=1)
    put(g2, "las_villas", dr_base=1)
    start(g2, DIRECTORIO)
    act(g2, "operation", "rally")
    act(g2, "cancel pact")
    act(g2, "remove base", "Oriente")
    act(g2, "remove base", "Las Villas")
    assert not g2.has_cap(18) and g2.on_map(8) == 0


def test_8_1_2_nonplayer_passes_doomed_cash_to_another_nonplayer():
    g = blank(players=2)  # DR and Syndicate are Non-players
    g.res[GOVT] = 10
    put(g, "havana", troop=2, dr_a=1, syn_u=1)
    g.cash[0] = space("havana") * 4 + DIRECTORIO
    op_in(g, GOVT, "assault", "Havana")
    assert g.cash[0] == space("havana") * 4 + SYN  # not seized: the Syndicate holds it now


def test_4_5_2_cash_moves_with_the_guerrilla_that_carries_it():
    def march_to_matanzas():
        """26July Marches into Matanzas from La Habana, where 2 Guerrillas hold its Cash."""
        g = situation({"la_habana": {"m26_u": 2}})
        g.cash[0] = space("la_habana") * 4 + M26
        op_in(g, M26, "march", "Matanzas")
        return g

    g = march_to_matanzas()
    assert ("move", ("La Habana", "underground with cash")) in legal(g)
    act(g, "move", ("La Habana", "underground with cash"))
    assert g.cash[0] == space("matanzas") * 4 + M26
    g2 = march_to_matanzas()
    act(g2, "move", ("La Habana", "underground"))
    assert g2.cash[0] == space("la_habana") * 4 + M26  # stays with the Guerrilla left behind


def test_3_2_3_a_troop_moves_only_once_per_sweep():
    g = situation({"havana": {"troop": 2}, "la_habana": {"troop": 1}}, res={"govt": 10})
    op_in(g, GOVT, "sweep", "La Habana")
    act(g, "move", ("Havana", "troop"))
    act(g, "done")
    act(g, "space", "Matanzas")
    act(g, "move", ("La Habana", "troop"))  # the one that was there may go on
    assert ("move", ("La Habana", "troop")) not in legal(g)  # the one that arrived stays


def test_3_2_3_sweep_activates_only_after_all_troop_moves():
    """Issue 9 item 1: 3 Troops that sweep into La Habana and then on into Matanzas Activate only in
    Matanzas, where they end the moves; nothing Activates before the last move."""
    g = situation({"havana": {"troop": 3}, "la_habana": {"m26_u": 3}, "matanzas": {"dr_u": 3}}, res={"govt": 10})
    op_in(g, GOVT, "sweep", "La Habana")
    for _ in range(3):
        act(g, "move", ("Havana", "troop"))  # Havana is empty: the move step ends by itself
    assert g.sp[S("la_habana")][3] == 3  # no Activation yet
    act(g, "space", "Matanzas")
    # ruling CL-R22: the Troops that arrived stay; move three fresh ones in from La Habana instead
    assert ("move", ("La Habana", "troop")) not in legal(g)
    g2 = situation({"la_habana": {"troop": 3, "m26_u": 3}, "matanzas": {"dr_u": 3}}, res={"govt": 10})
    op_in(g2, GOVT, "sweep", "La Habana")  # no Troop adjacent: nothing moves in
    act(g2, "space", "Matanzas")
    for _ in range(3):
        act(g2, "move", ("La Habana", "troop"))
    act(g2, "done")
    assert g2.sp[S("la_habana")][3] == 3 and g2.sp[S("la_habana")][4] == 0  # no cube ends there
    act(g2, "done")
    assert g2.sp[S("la_habana")][3] == 3 and g2.sp[S("la_habana")][4] == 0
    assert g2.sp[S("matanzas")][6] == 0 and g2.sp[S("matanzas")][7] == 3  # 3 Troops end in Matanzas


# -- voluntary removal (1.4.1) -------------------------------------------------------------------


def test_1_4_1_voluntary_removal_of_cubes_to_train_with_none_available():
    """1.4.1: the Government, Training with no cube Available, takes cubes off the map to place them."""
    g = situation({"pinar_del_rio": {"troop": 15, "police": 15}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "train")
    assert ("withdraw", (g_name("pinar_del_rio"), "troop")) in legal(g)
    act(g, "space", "Havana")
    assert g.active == ["govt"]
    acts = legal(g)
    assert ("place", "troop") not in acts and any(v == "withdraw" for v, _ in acts)
    where = next(a for v, a in acts if v == "withdraw" and a[1] == "police")
    act(g, "withdraw", where)
    act(g, "place", "police")
    assert g.sp[S("havana")][1] == 1 and g.sp[S("pinar_del_rio")][1] == 14


def dr_rally_with_all_bases_out(g) -> None:
    """All 4 DR Bases on the map (none Available), 2 Guerrillas in Oriente; DR starts a Rally."""
    for s_ in ("pinar_del_rio", "la_habana", "matanzas", "las_villas"):
        put(g, s_, dr_base=1)
    put(g, "oriente", dr_u=2)
    start(g, DIRECTORIO)
    act(g, "operation", "rally")


def test_1_4_1_voluntary_removal_of_a_base_to_rally_a_new_one():
    g = blank()
    dr_rally_with_all_bases_out(g)
    assert ("withdraw", (g_name("pinar_del_rio"), "dr_base")) in legal(g)
    act(g, "withdraw", (g_name("pinar_del_rio"), "dr_base"))
    act(g, "space", "Oriente")
    assert ("rally", "base") in legal(g)
    act(g, "rally", "base")
    assert g.sp[S("oriente")][8] == 1 and g.sp[S("pinar_del_rio")][8] == 0


def test_1_4_1_no_voluntary_removal_while_pieces_are_available_or_for_nonplayers():
    g = situation({"pinar_del_rio": {"troop": 3}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "train")
    assert not any(v == "withdraw" for v, _ in legal(g))
    g2 = blank(players=2)  # DR is a Non-player
    dr_rally_with_all_bases_out(g2)
    assert not any(v == "withdraw" for v, _ in legal(g2))


def g_name(key: str) -> str:
    from agon.games.cuba_libre.data import NAMES

    return NAMES[S(key)]


# -- targets (3.1, 1.4.1) ---------------------------------------------------------------------


def test_3_1_assault_may_target_26july_and_leave_the_dr():
    """CL 3.1: an Assault aimed at 26July removes 26July pieces to the maximum and may then stop,
    leaving the DR pieces there (maximum effect applies only to the targeted Factions, 1.4.1)."""
    g = situation({"havana": {"troop": 2, "m26_a": 1, "dr_a": 1}}, res={"govt": 10})
    op_in(g, GOVT, "assault", "Havana")
    assert ("done", None) not in legal(g)  # nothing targeted yet: a piece must go
    act(g, "remove", "m26_a")
    assert legal(g) == [("remove", "dr_a"), ("done", None)]
    act(g, "done")
    assert g.sp[S("havana")][7] == 1 and g.sp[S("havana")][4] == 0


def test_3_1_attack_that_takes_a_troop_need_not_go_on_to_a_dr_guerrilla():
    g = situation({"las_villas": {"troop": 1, "dr_a": 1, "m26_a": 2}})
    start(g, M26, kind="remove", space=S("las_villas"), count=2, mode="attack")
    assert sorted(a for v, a in legal(g)) == ["dr_a", "troop"]
    act(g, "remove", "troop")
    assert legal(g) == [("remove", "dr_a"), ("done", None)]
    act(g, "done")
    assert g.sp[S("las_villas")][7] == 1


def test_3_1_a_targeted_faction_is_removed_to_the_maximum():
    g = situation({"las_villas": {"troop": 2, "dr_a": 1, "m26_a": 2}})
    start(g, M26, kind="remove", space=S("las_villas"), count=2, mode="attack")
    act(g, "remove", "troop")
    assert ("done", None) not in legal(g)  # a second Troop of the targeted Government is there
    act(g, "remove", "troop")
    assert g.sp[S("las_villas")][0] == 0 and g.sp[S("las_villas")][7] == 1


def test_3_1_sweep_activation_may_target_one_faction():
    g = situation({"matanzas": {"troop": 3, "m26_u": 1, "dr_u": 2}})
    start(g, GOVT, kind="activate", space=S("matanzas"), count=3)
    assert sorted(a for v, a in legal(g)) == ["dr", "m26"]  # not all at once: the Government chooses
    act(g, "activate", "m26")
    assert legal(g) == [("activate", "dr"), ("done", None)]
    act(g, "done")
    assert g.sp[S("matanzas")][4] == 1 and g.sp[S("matanzas")][6] == 2
