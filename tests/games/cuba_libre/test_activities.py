"""Special Activities (CL 4.x): where they may happen, what they do, with which Operations."""

from __future__ import annotations

from agon.games.cuba_libre.data import CASINO, CLOSED_CASINO, DIRECTORIO, GOVT, M26, SYN, space
from tests.games.cuba_libre.helpers import act, blank, example, legal, op_in, put, rally_place, situation, start


def S(name: str) -> int:
    return space(name)


def reprisal_in_matanzas(g) -> None:
    """The Government Sweeps with a Reprisal in Matanzas (4.2.3)."""
    start(g, GOVT)
    act(g, "operation", "sweep")
    act(g, "activity", "reprisal")
    act(g, "space", "Matanzas")


def muscle_position():
    """An open Casino in Havana, 2 Police in Camagüey City, a Syndicate Guerrilla to March (4.5.3)."""
    g = situation({"havana": {"casino": 1}, "camaguey_city": {"police": 2}, "ec_cigar": {"syn_u": 1}})
    return g


def muscle_in_havana(g) -> None:
    """The Syndicate Marches with a Muscle into Havana, moving a Police from Camagüey City."""
    start(g, SYN)
    act(g, "operation", "march")
    act(g, "activity", "muscle")
    act(g, "space", "Havana")
    act(g, "from", "Camagüey City")


def activities(g):
    return sorted(a for v, a in legal(g) if v == "activity")


def test_4_1_1_accompanying_operations():
    def government_op(op: str):
        g = situation({"havana": {"troop": 4}, "la_habana": {"m26_a": 1}}, res={"govt": 10})
        start(g, GOVT)
        act(g, "operation", op)
        return g

    g = government_op("train")
    assert activities(g) == ["transport"]  # Air Strike and Reprisal only with Garrison/Sweep/Assault
    g2 = government_op("sweep")
    assert activities(g2) == ["airstrike", "reprisal", "transport"]


def test_2_3_5_limited_operation_has_no_special_activity():
    g = situation({"havana": {"troop": 4}}, res={"govt": 10})
    start(g, GOVT, lim=True, special_activity=False)
    act(g, "operation", "sweep")
    assert activities(g) == []


def test_4_2_1_transport_up_to_3_troops_from_city_to_any_other_space():
    g = situation({"havana": {"troop": 5}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "train")
    act(g, "activity", "transport")
    assert [a for v, a in legal(g)] == ["Havana"]
    act(g, "space", "Havana")
    assert ("to", "Havana") not in legal(g)
    act(g, "to", "Oriente")
    assert max(a for v, a in legal(g)) == 3
    act(g, "troops", 3)
    assert g.sp[S("oriente")][0] == 3 and g.sp[S("havana")][0] == 2


def test_4_5_2_transport_may_carry_government_cash():
    """4.5.2: Cash moves with its piece; a Transported Troop may carry a Government Cash marker."""
    g = situation({"havana": {"troop": 3, "police": 1}}, res={"govt": 10})
    g.cash[0] = S("havana") * 4 + GOVT
    g.cash[1] = S("havana") * 4 + GOVT
    start(g, GOVT)
    act(g, "operation", "train")
    act(g, "activity", "transport")
    act(g, "space", "Havana")
    act(g, "to", "Oriente")
    assert ("troops with cash", 3) in legal(g)
    act(g, "troops with cash", 2)
    assert sorted(g.cash[:2]) == sorted([S("oriente") * 4 + GOVT, S("havana") * 4 + GOVT])


def test_4_2_2_air_strike_cannot_touch_underground_or_protected_base():
    g = situation({"havana": {"troop": 4}, "matanzas": {"m26_u": 1, "m26_base": 1}, "oriente": {"dr_a": 1}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "sweep")
    act(g, "activity", "airstrike")
    assert [a for v, a in legal(g)] == ["Oriente"]
    act(g, "space", "Oriente")
    assert g.sp[S("oriente")][7] == 0


def test_4_2_2_no_air_strike_when_embargoed():
    g = situation({"havana": {"troop": 4}, "oriente": {"dr_a": 1}}, res={"govt": 10}, alliance=2)
    start(g, GOVT)
    act(g, "operation", "sweep")
    assert "airstrike" not in activities(g)


def test_4_5_2_air_strike_has_no_capture_clause():
    """4.5.2: only Seizure, Captured Goods, Commandeer, Cash Ransom and Contraband capture Cash; Cash
    under the last Guerrilla removed by an Air Strike goes back to the pool."""
    g = blank(players=2)  # DR is a Non-player: no question about the Cash
    g.res[GOVT] = 10
    put(g, "havana", troop=4)
    put(g, "oriente", dr_a=1, police=1)
    g.cash[0] = S("oriente") * 4 + DIRECTORIO
    start(g, GOVT)
    act(g, "operation", "sweep")
    act(g, "activity", "airstrike")
    act(g, "space", "Oriente")
    assert g.sp[S("oriente")][7] == 0 and g.cash[0] == -1


def test_4_2_3_reprisal_terror_shift_and_relocate():
    g = situation({"matanzas": {"troop": 3, "m26_u": 1}}, res={"govt": 10}, support={"matanzas": -2})
    reprisal_in_matanzas(g)
    assert g.terror[S("matanzas")] == 1 and g.support[S("matanzas")] == -1
    act(g, "relocate", "m26_u")
    act(g, "to", "Las Villas")
    assert g.sp[S("las_villas")][3] == 1 and g.sp[S("matanzas")][3] == 0


def test_4_5_2_reprisal_relocated_guerrilla_keeps_its_cash():
    """AMB-46 / 4.5.2: the relocated Guerrilla keeps any Cash; with other 26July Guerrillas left
    behind, 26July (the holder) says whether the Cash was under the one that moved."""
    g = situation({"matanzas": {"troop": 3, "m26_u": 1, "m26_a": 1}}, res={"govt": 10})
    g.cash[0] = S("matanzas") * 4 + M26
    reprisal_in_matanzas(g)
    act(g, "relocate", "m26_u")
    act(g, "to", "Las Villas")
    assert g.active == ["m26"] and legal(g) == [("carry cash", None), ("leave cash", None)]
    act(g, "carry cash")
    assert g.cash[0] == S("las_villas") * 4 + M26 and g.active == ["govt"]
    g2 = situation({"matanzas": {"troop": 3, "m26_u": 1}}, res={"govt": 10})
    g2.cash[0] = S("matanzas") * 4 + M26
    reprisal_in_matanzas(g2)
    act(g2, "relocate", "m26_u")
    act(g2, "to", "Las Villas")
    assert g2.cash[0] == S("las_villas") * 4 + M26 and g2.active == ["govt"]  # its only piece: no question


def test_4_3_1_infiltrate_replaces_police_first():
    # Support: no Rally there, but Infiltrate is about Matanzas
    g = situation({"matanzas": {"troop": 1, "police": 1}, "la_habana": {"m26_u": 1}, "oriente": {"m26_u": 1}}, support={"la_habana": 1})
    start(g, M26)
    act(g, "operation", "rally")
    act(g, "activity", "infiltrate")
    assert "Matanzas" in [a for v, a in legal(g)]
    assert "La Habana" not in [a for v, a in legal(g)]
    act(g, "space", "Matanzas")
    assert g.sp[S("matanzas")][1] == 0 and g.sp[S("matanzas")][0] == 1 and g.sp[S("matanzas")][3] == 1


def test_4_3_2_ambush_example():
    """Rulebook test: Attack + Ambush, 2 Underground 26July and 2 Troops."""
    g = example("ambush_4_3_2")  # 2 Underground 26July and 2 Troops in Matanzas; 26July to choose its Operation
    act(g, "operation", "attack")
    act(g, "space", "Matanzas")
    act(g, "activity", "ambush")
    row = g.sp[S("matanzas")]
    assert row[0] == 0 and row[4] == 1 and row[3] == 2  # 1 Active, 1 + 1 placed Underground


def test_4_1_kidnap_before_terror_pays_for_it():
    """Rulebook example: 26July at 0 Resources resolves Kidnap first, then pays the Terror."""
    g = example("kidnap_4_1")  # 26July at 0 Resources, the Government at 10; 2 Underground and 1 Police in Havana
    act(g, "operation", "terror")
    assert [a for v, a in legal(g) if v == "space"] == []
    act(g, "activity", "kidnap")
    act(g, "space", "Havana")
    act(g, "target", "govt")
    assert S("havana") in g.op_frame()["spaces"]
    assert g.terror[S("havana")] == 1
    assert g.res[M26] + g.res[GOVT] == 9  # took 1..6, then paid 1 for Terror


def test_4_3_3_kidnap_ransom_takes_cash_and_closes_casino():
    g = situation({"havana": {"m26_u": 2, "syn_u": 1, "casino": 1}})
    g.cash[0] = S("havana") * 4 + SYN
    op_in(g, M26, "terror", "Havana")
    act(g, "activity", "kidnap")
    act(g, "space", "Havana")
    act(g, "target", "syndicate")
    assert g.cash[0] == S("havana") * 4 + M26
    assert g.sp[S("havana")][CASINO] == 0 and g.sp[S("havana")][CLOSED_CASINO] == 1


def test_4_4_1_subvert_adds_pop_and_sets_neutral():
    g = situation({"las_villas": {"dr_u": 2}}, support={"las_villas": 1})
    start(g, DIRECTORIO)
    act(g, "operation", "rally")
    act(g, "activity", "subvert")
    act(g, "space", "Las Villas")
    assert g.support[S("las_villas")] == 0 and g.res[DIRECTORIO] == 7


def test_4_4_3_assassinate_ignores_bases_last():
    g = situation({"havana": {"dr_u": 2, "troop": 2, "govt_base": 1}})
    op_in(g, DIRECTORIO, "terror", "Havana")
    act(g, "activity", "assassinate")
    act(g, "space", "Havana")
    act(g, "remove", "govt_base")
    assert g.sp[S("havana")][2] == 0


def test_4_4_3_assassinate_needs_more_dr_than_police():
    g = situation({"havana": {"dr_u": 1, "police": 1}})
    op_in(g, DIRECTORIO, "terror", "Havana")
    assert "assassinate" not in activities(g)


def test_4_5_1_profit_stash_and_cash_in():
    g = situation({"havana": {"casino": 1, "troop": 1, "syn_u": 1}})
    start(g, SYN)
    act(g, "operation", "rally")
    act(g, "activity", "profit")
    act(g, "profit", "stash")
    act(g, "space", "Havana")
    act(g, "holder", "govt")
    assert g.cash_held(S("havana"), GOVT) == 1
    g2 = situation({"havana": {"casino": 1, "syn_u": 1}})
    start(g2, SYN)
    act(g2, "operation", "rally")
    act(g2, "activity", "profit")
    act(g2, "profit", "cash in")
    act(g2, "close", "Havana")
    assert g2.res[SYN] == 18 and g2.sp[S("havana")][CLOSED_CASINO] == 1


def test_4_5_1_profit_stash_only_where_a_piece_can_hold_the_cash():
    """4.5.1 / 4.5.2: Cash always sits under a Guerrilla or cube, so an open-Casino space with no such
    piece is no Stash space (it used to end the SA with nothing done)."""
    g = situation({"havana": {"casino": 1}, "matanzas": {"casino": 1, "police": 1}, "ec_cigar": {"syn_u": 1}})
    start(g, SYN)
    act(g, "operation", "march")
    act(g, "activity", "profit")
    act(g, "profit", "stash")
    assert legal(g) == [("space", "Matanzas")]
    g2 = situation({"havana": {"casino": 1}, "ec_cigar": {"syn_u": 1}})
    start(g2, SYN)
    act(g2, "operation", "march")
    act(g2, "activity", "profit")
    assert ("profit", "stash") not in legal(g2)


def test_4_5_3_muscle_police_to_a_city_casino():
    g = muscle_position()
    muscle_in_havana(g)
    act(g, "from", "Camagüey City")
    assert g.sp[S("havana")][1] == 2


def test_4_5_2_muscle_moved_cube_may_carry_government_cash():
    g = muscle_position()
    g.cash[0] = S("camaguey_city") * 4 + GOVT
    muscle_in_havana(g)
    assert g.active == ["govt"]
    act(g, "carry cash")
    assert g.cash[0] == S("havana") * 4 + GOVT and g.active == ["syndicate"]
    act(g, "from", "Camagüey City")  # the last Police: nothing left to ask
    assert g.sp[S("havana")][1] == 2 and g.active == ["syndicate"]


def test_4_5_4_bribe_costs_3_and_removes_2_cubes():
    g = situation({"havana": {"troop": 2, "police": 1}, "matanzas": {"syn_u": 1}})
    start(g, SYN)
    rally_place(g, "Matanzas")
    act(g, "activity", "bribe")
    assert g.res[SYN] == 14  # paid with the space (4.5.4)
    act(g, "space", "Havana")
    assert g.res[SYN] == 11
    act(g, "remove", "troop")
    act(g, "remove", "police")
    assert g.cubes(S("havana")) == 1
    assert ("flip", "syn_u") not in legal(g)


def test_4_5_4_bribe_with_exactly_3_resources_left_after_the_op_space():
    """4.5.4: the 3 Resources pay for the Bribe space; Syndicate at 4 Rallies (1) then Bribes (3)."""
    g = situation({"havana": {"troop": 2}, "matanzas": {"syn_u": 1}}, res={"syndicate": 4})
    start(g, SYN)
    rally_place(g, "Matanzas")
    assert g.res[SYN] == 3
    act(g, "activity", "bribe")
    assert ("space", "Havana") in legal(g) and g.res[SYN] == 3
    act(g, "space", "Havana")
    assert g.res[SYN] == 0
    act(g, "remove", "troop")
    act(g, "remove", "troop")
    assert g.sp[S("havana")][0] == 0


def test_4_5_4_bribe_not_offered_below_3_resources():
    g = situation({"havana": {"troop": 2}, "matanzas": {"syn_u": 1}}, res={"syndicate": 3})
    start(g, SYN)
    rally_place(g, "Matanzas")
    assert ("activity", "bribe") not in legal(g)


def test_4_5_4_bribe_may_flip_and_remove_guerrillas():
    g = situation({"havana": {"m26_u": 1, "dr_a": 1}, "matanzas": {"syn_u": 1}})
    start(g, SYN)
    act(g, "operation", "terror")
    act(g, "activity", "bribe")
    act(g, "space", "Havana")
    act(g, "flip", "m26_u")
    act(g, "remove", "dr_a")
    assert g.sp[S("havana")][4] == 1 and g.sp[S("havana")][7] == 0


def test_4_4_2_dr_ambush():
    g = situation({"las_villas": {"dr_u": 1, "troop": 1, "govt_base": 1}})
    op_in(g, DIRECTORIO, "attack", "Las Villas")
    act(g, "activity", "ambush")
    row = g.sp[S("las_villas")]
    assert row[0] == 0 and row[2] == 0  # Troop, then the Base (Bases last)
    assert row[7] == 1 and row[6] == 1  # the ambusher Active, +1 Underground placed


def test_2_3_5_limited_garrison_single_destination_and_its_assault():
    g = situation({"havana": {"troop": 3}, "ec_cigar": {"m26_a": 1}, "ec_factory": {"dr_a": 1, "troop": 1}}, res={"govt": 10})
    start(g, GOVT, lim=True, special_activity=False)
    act(g, "operation", "garrison")
    act(g, "space", "Cigar EC")
    act(g, "move", ("Havana", "troop"))
    act(g, "done")
    assert [a for v, a in legal(g) if v == "space"] == []
    act(g, "done")
    assert legal(g) == [("assault", "Cigar EC"), ("skip", None)]  # not the Factory EC
    act(g, "assault", "Cigar EC")
    assert g.sp[S("ec_cigar")][4] == 0


def test_8_1_2_3_nonplayer_cash_goes_with_its_last_underground_guerrilla_under_reprisal():
    """8.1.2 item 3: a Non-player keeps Cash under its Underground Guerrillas first; Reprisal moves its
    only Underground one (an Active one stays): the Cash goes along, and nobody is asked."""
    g = blank(players=2)  # DR is a Non-player
    g.res[GOVT] = 10
    put(g, "matanzas", troop=4, dr_u=1, dr_a=1)
    g.cash[0] = S("matanzas") * 4 + DIRECTORIO
    reprisal_in_matanzas(g)
    act(g, "relocate", "dr_u")
    act(g, "to", "Las Villas")
    assert g.cash[0] == S("las_villas") * 4 + DIRECTORIO and g.active == ["govt"]


def test_1_4_1_free_infiltrate_may_take_26july_guerrillas_back_first():
    """1.4.1 in a free SA (an Event's Infiltrate): with no 26July Guerrilla Available, 26July may take
    one off the map to place it when replacing the cube."""
    from agon.games.cuba_libre import events as ev
    from agon.games.cuba_libre.data import NAMES

    g = situation({"pinar_del_rio": {"m26_a": 14}, "matanzas": {"m26_u": 1}, "las_villas": {"police": 1}})
    g.stack = []
    ev.free_sa(g, M26, "infiltrate")
    g.changed()
    g._run()
    acts = legal(g)
    assert ("space", "Las Villas") in acts
    assert ("withdraw", (NAMES[S("pinar_del_rio")], "m26_a")) in acts
    act(g, "withdraw", (NAMES[S("pinar_del_rio")], "m26_a"))
    act(g, "space", "Las Villas")
    row = g.sp[S("las_villas")]
    assert row[1] == 0 and row[3] == 1 and g.sp[S("pinar_del_rio")][4] == 13
