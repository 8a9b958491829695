"""Propaganda rounds (CL 6.x) and victory (7.x)."""

from __future__ import annotations

from agon.games.cuba_libre import propaganda
from agon.games.cuba_libre.data import CASINO, CLOSED_CASINO, DIRECTORIO, GOVT, M26, SYN, space
from tests.games.cuba_libre.helpers import act, blank, example, legal, put, situation

NO_RESOURCES = {"govt": 0, "m26": 0, "dr": 0, "syndicate": 0}
FOUR_CASINO_PAIRS = {s: {"casino": 2} for s in ("havana", "la_habana", "pinar_del_rio", "matanzas")}


def S(name: str) -> int:
    return space(name)


def round_(g, n: int = 1) -> None:
    """Start the Propaganda round of the n-th Propaganda card."""
    g.stack = []
    g.phase = "propaganda"
    g.last_was_prop = False
    g.prop_played = n
    g.changed()
    propaganda.start_round(g)
    g._run()


def finish_decisions(g) -> None:
    for _ in range(200):
        if not g.active or g.phase != "propaganda":
            return
        opts = legal(g)
        pick = next((a for a in opts if a[0] in ("done", "pass", "skip")), opts[0])
        act(g, *pick)


def test_6_2_1_government_earnings_with_automatic_sabotage():
    """Rulebook test: Aid 15; an Econ-3 EC with 2 26July Guerrillas and 1 Police is Sabotaged: +20."""
    # 6 Troops in Havana keep the Alliance test out of the way of the numbers
    g = situation({"ec_cigar": {"m26_u": 2, "police": 1}, "havana": {"troop": 6}}, res={"govt": 0})
    propaganda.resources_phase(g)
    assert g.terror[S("ec_cigar")] == 1
    assert g.res[GOVT] == 5 + 15


def test_6_2_2_insurgent_earnings():
    g = situation({"sierra_maestra": {"m26_base": 2}, "oriente": {"dr_u": 1}, "matanzas": {"dr_base": 1},
                   "havana": {"syn_u": 2, "police": 1, "casino": 1}, "ec_factory": {"syn_u": 1}}, res=NO_RESOURCES)
    propaganda.resources_phase(g)
    assert g.res[M26] == 2
    assert g.res[DIRECTORIO] == 2
    assert g.res[SYN] == 6 + 3 + 2 * 1  # Havana Pop + Factory Econ + 2 per open Casino


def test_6_2_3_skim():
    """Rulebook test: Havana Govt-Controlled with 2 open Casinos pays 2 once; La Habana none."""
    g = situation({"havana": {"troop": 5, "casino": 2}, "la_habana": {"casino": 1, "m26_u": 1}},
                  res={**NO_RESOURCES, "syndicate": 20}, aid=0)
    propaganda.resources_phase(g)
    assert g.res[GOVT] == 8 + 2
    assert g.res[SYN] == 20 + 6 - 2


def test_6_2_3_santo_blocks_skim():
    g = blank()
    g.res = [0, 0, 0, 20]
    g.aid = 0
    g.capabilities = frozenset({(48, True)})
    put(g, "havana", troop=5, casino=1, syn_u=1)
    propaganda.resources_phase(g)
    assert g.res[GOVT] == 8


def test_6_2_4_cash_deposits_base_or_resources():
    g = situation({"matanzas": {"m26_u": 1}, "ec_cigar": {"dr_u": 1}},
                  cash=[S("matanzas") * 4 + M26, S("ec_cigar") * 4 + DIRECTORIO, -1, -1])  # a Cash marker: space * 4 + holder
    round_(g)
    # DR's Cash is on an EC: +6 automatically; 26July chooses
    assert g.active == ["m26"]
    act(g, "deposit", "base")
    assert g.sp[S("matanzas")][5] == 1 and g.cash == [-1, -1, -1, -1]


def test_6_2_4_cash_deposits_in_faction_order():
    g = situation({"havana": {"syn_u": 1, "troop": 1}, "matanzas": {"m26_u": 1}, "oriente": {"dr_u": 1}},
                  cash=[S("havana") * 4 + SYN, S("havana") * 4 + GOVT, S("oriente") * 4 + DIRECTORIO, S("matanzas") * 4 + M26])
    round_(g)
    seen = []
    while g.active and g.stack[-1]["step"] == "prop_deposit":
        seen.append(g.active[0])
        act(g, "deposit", "resources")
    assert seen == ["m26", "dr", "govt", "syndicate"]


def test_6_3_1_us_alliance_drops_and_aid_minus_10():
    g = situation(aid=15)
    round_(g)
    finish_decisions(g)
    assert g.alliance == 1 and g.aid == 5


def test_6_3_2_civic_action_example():
    # the Support Phase's Civic Action: Havana at Passive Support with a Terror marker, 2 Troops and 2 Police;
    # the Government at 10 Resources, Aid 0
    g = example("civic_action_6_3_2")
    act(g, "civic", "Havana")
    assert g.terror[S("havana")] == 0 and g.support[S("havana")] == 1
    act(g, "civic", "Havana")
    assert g.support[S("havana")] == 2 and g.res[GOVT] == 2


def test_6_3_support_phase_asks_the_factions_each_rule_names():
    """6.3.2 Civic Action: the Government; 6.3.3 Agitation: 26July; 6.3.4 Expat Backing: DR (the
    round used to ask 26July for Civic Action, DR for Agitation and the Government for Expat Backing)."""
    # Civic Action possible
    # 26July Controls Matanzas: Agitation possible
    # Expat Backing possible
    g = situation({"havana": {"troop": 2, "police": 2}, "matanzas": {"m26_u": 2}, "oriente": {"dr_u": 1}}, res={"govt": 10, "m26": 5}, aid=0)
    round_(g)
    asked = []
    for _ in range(50):
        k = g.stack[-1]["step"]
        if k in ("prop_civic", "prop_agitation", "prop_expat"):
            asked.append((k, g.active[0]))
            if k == "prop_expat":
                break
            act(g, "done")
        else:
            act(g, *legal(g)[-1])
    assert asked == [("prop_civic", "govt"), ("prop_agitation", "m26"), ("prop_expat", "dr")]


def test_6_3_2_civic_action_needs_troops_police_and_control():
    from agon.games.cuba_libre.operations import civic_ok
    g = situation({"matanzas": {"troop": 2}, "havana": {"troop": 1, "police": 1, "m26_u": 3}}, res={"govt": 20})
    assert not civic_ok(g, S("matanzas")) and not civic_ok(g, S("havana"))


def test_6_3_3_agitation():
    g = situation({"matanzas": {"m26_u": 1}}, support={"matanzas": -1})
    g.stack = []
    g.push("prop_agitation", M26)
    g._run()
    act(g, "agitate", "Matanzas")
    assert g.support[S("matanzas")] == -2 and g.res[M26] == 9
    assert ("agitate", "Matanzas") not in legal(g) or g.active == []


def test_6_3_4_expat_backing_spaces_and_free_rally():
    g = situation({"camaguey_province": {"troop": 1}, "oriente": {"dr_base": 1}}, res={"dr": 0})
    spaces = propaganda.expat_spaces(g)
    assert S("oriente") in spaces and S("camaguey_province") not in spaces
    g.stack = []
    g.push("prop_expat", DIRECTORIO)
    g._run()
    act(g, "space", "Oriente")
    act(g, "rally", 3)  # 1 Base + Pop 2
    assert g.sp[S("oriente")][6] == 3 and g.res[DIRECTORIO] == 0


def test_6_4_redeploy_forced_troops_and_police_destinations():
    g = situation({"havana": {"troop": 1, "police": 1}, "pinar_del_rio": {"troop": 3}, "ec_cigar": {"police": 1},
                   "matanzas": {"police": 1, "dr_u": 2}})
    g.stack = []
    g.push("prop_redeploy", GOVT)
    g._run()
    opts = legal(g)
    assert ("done", None) not in opts  # Troops in Pinar del Rio (no Base) must move
    act(g, "move", ("Pinar del Río", "troop"))
    assert legal(g) == [("to", "Havana")]
    act(g, "to", "Havana")
    act(g, "move", ("Matanzas", "police"))
    dests = [a for v, a in legal(g)]
    assert "Matanzas" not in dests and "Cigar EC" in dests and "Havana" in dests


def test_6_4_redeploy_havana_fallback():
    g = situation({"pinar_del_rio": {"troop": 3, "m26_u": 5}, "ec_cigar": {"troop": 2}})
    g.stack = []
    g.push("prop_redeploy", GOVT)
    g._run()
    assert g.sp[S("havana")][0] == 5


def test_6_5_reset():
    g = situation({"matanzas": {"m26_a": 2, "closed_casino": 1}}, terror={"matanzas": 3, "ec_cigar": 1})
    g.momentum = frozenset({(4, True)})
    g.capabilities = frozenset({(13, False)})
    g.elig = [False, False, True, True]
    g.stack = []
    g.push("prop_reset", GOVT)
    g._run()
    assert g.sp[S("matanzas")][3] == 2 and g.sp[S("matanzas")][CASINO] == 1 and g.sp[S("matanzas")][CLOSED_CASINO] == 0
    assert sum(g.terror) == 0 and not g.momentum and g.has_cap(13)


def test_6_0_no_round_for_a_propaganda_card_right_after_another_and_final_ends():
    g = blank()
    g.last_was_prop = True
    g.prop_played = 2
    g.stack = []
    propaganda.start_round(g)
    assert not g.stack and g.over is None
    g.prop_played = 4
    propaganda.start_round(g)
    assert g.over is not None and g.over["reason"] == "final Propaganda card"


def test_2_4_1_final_round_stops_after_support_phase():
    g = situation({"pinar_del_rio": {"troop": 3}, "matanzas": {"m26_a": 1}})  # the Troops would be forced to move in a Redeploy
    round_(g, 4)
    finish_decisions(g)
    assert g.over is not None and g.over["reason"] == "final Propaganda round"
    assert g.sp[S("pinar_del_rio")][0] == 3 and g.sp[S("matanzas")][4] == 1


# -- victory (7.x) -------------------------------------------------------------------------------

def test_7_2_government_needs_all_cities_active_support():
    g = situation(support={"havana": 2, "camaguey_city": 2, "santiago_de_cuba": 2,
                           "pinar_del_rio": 1, "la_habana": 1, "matanzas": 1})
    assert g.total_support() == 19 and g.meets_condition(GOVT)
    g.support[S("santiago_de_cuba")] = 1
    for p in ("las_villas", "oriente"):
        g.support[S(p)] = 2
    assert g.total_support() > 19 and not g.meets_condition(GOVT)
    assert g.margin(GOVT) == g.total_support() - 18


def test_7_2_syndicate_casinos_and_resources():
    g = situation(FOUR_CASINO_PAIRS, res={"syndicate": 31})
    assert g.meets_condition(SYN) and g.margin(SYN) == 1
    g.res[SYN] = 30
    assert not g.meets_condition(SYN) and g.margin(SYN) == 0


def test_7_2_dr_pop_plus_bases():
    g = situation({"havana": {"dr_u": 3}, "oriente": {"dr_u": 1, "dr_base": 1}, "matanzas": {"dr_base": 1}})
    assert g.dr_pop_plus_bases() == 6 + 2 + 1 + 2  # Havana, Oriente, Matanzas + 2 Bases
    assert g.meets_condition(DIRECTORIO)


def test_7_3_margins_examples():
    g = example("margins_7_3_dr")  # DR Controls Havana (Pop 6) and has 2 Bases
    assert g.margin(DIRECTORIO) == 6 + 2 - 9
    g2 = example("margins_7_3_m26")  # Havana at Active Opposition (12), 4 26July Bases
    assert g2.margin(M26) == 12 + 4 - 15


def test_7_1_ties_go_to_syndicate_before_government():
    g = situation({**FOUR_CASINO_PAIRS, "las_villas": {"casino": 1}}, support={"havana": 2, "las_villas": 2, "oriente": 2},
                  res={"syndicate": 40})
    assert g.margin(GOVT) == 2 and g.margin(SYN) == 2
    g.end_game("test")
    assert g.over["winners"] == ["syndicate"]


def test_6_1_victory_phase_ends_the_game():
    g = situation(FOUR_CASINO_PAIRS, res={"syndicate": 35})
    round_(g)
    assert g.over is not None and g.over["winners"] == ["syndicate"]


def test_8_9_solo_player_never_wins_at_a_victory_check():
    g = situation(solo=True, support={"havana": -2, "oriente": -2, "las_villas": -2})  # the player is 26July
    assert g.meets_condition(M26)
    round_(g)
    assert g.over is None


def test_8_9_solo_player_wins_at_the_end_only_with_a_strictly_higher_margin():
    g = situation(solo=True, support={"havana": -2, "oriente": -2})  # 26July player; Opposition 16: margin +1
    g.end_game("final Propaganda round")
    assert g.over["winners"] == ["m26"]
    # 26July margin -9; DR Controls Havana: 6 - 9 = -3
    g2 = situation({"havana": {"dr_u": 1}}, solo=True, support={"havana": -1})
    g2.end_game("final Propaganda round")
    assert g2.over["winners"] == ["dr"]


def test_8_9_solo_example_stalemate():
    """Rulebook example: DR margin -1 (Pop 6 + 2 Bases), 26July +1 (Opposition 12 + 4 Bases): grade 2."""
    # DR: Havana (Pop 6) and 2 Bases; 26July: 4 Bases, Active Opposition in Las Villas, Oriente (4 each),
    # Camagüey Province and Sierra Maestra (2 each)
    g = example("solo_stalemate_8_9")
    assert g.margin(DIRECTORIO) == -1 and g.margin(M26) == 1
    g.end_game("final Propaganda round")
    assert g.over["winners"] == ["m26"]
    assert g.over["solo"] == {"player": "m26", "won": True, "title": "Stalemate!", "grade": 2}
    assert g.over["title"] == "Stalemate!"


def test_8_9_solo_tie_goes_to_the_nonplayer_with_its_title_and_the_players_grade():
    """8.9: equal margins -> the Non-player wins; ties among Non-players: Syndicate, then DR."""
    # 26July player: Opposition 12 + 2, no Base: margin -1; DR Controls Oriente (Pop 2) and Havana (6), and
    # Las Villas with a Base (+ Pop 2 + 1): 11 - 9 = +2
    g = situation({"oriente": {"dr_u": 1}, "havana": {"dr_u": 1}, "las_villas": {"dr_base": 1, "dr_u": 1}}, solo=True,
                  support={"havana": -2, "oriente": -1})
    assert g.margin(M26) == -1 and g.margin(DIRECTORIO) == 2
    g.end_game("final Propaganda round")
    assert g.over["winners"] == ["dr"]
    assert g.over["solo"] == {"player": "m26", "won": False, "title": "Student Revolution!", "grade": -3}
    # 26July -1; DR 6 + 2 Bases - 9 = -1
    g2 = situation({"havana": {"dr_u": 1}, "matanzas": {"dr_base": 2, "troop": 3}}, solo=True,
                   support={"havana": -2, "oriente": -1})
    assert g2.margin(M26) == g2.margin(DIRECTORIO) == -1
    g2.end_game("final Propaganda round")
    assert g2.over["winners"] == ["dr"] and g2.over["solo"]["grade"] == 0 and not g2.over["solo"]["won"]


def test_8_9_solo_government_player_model_counterinsurgency():
    """8.9 with the player as Government (option solo=govt): 5+ above every Non-player."""
    g = blank(players=1, solo="govt")
    assert g.np == frozenset({M26, DIRECTORIO, SYN})
    for c in ("havana", "camaguey_city", "santiago_de_cuba"):
        g.support[S(c)] = 2  # 16
    for p_ in ("pinar_del_rio", "la_habana", "matanzas", "las_villas"):
        g.support[S(p_)] = 2  # Total Support 26: margin +8 (DR -9 is the best Non-player)
    g.res[SYN] = 0  # Syndicate min(-7, -30); 26July -15; DR -9
    g.end_game("final Propaganda round")
    assert g.over["winners"] == ["govt"]
    assert g.over["solo"] == {"player": "govt", "won": True, "title": "Model Counterinsurgency!", "grade": 17}


def test_8_9_solo_government_player_never_wins_at_a_victory_check():
    g = blank(players=1, solo="govt")
    for c in ("havana", "camaguey_city", "santiago_de_cuba"):
        g.support[S(c)] = 2
    for p_ in ("pinar_del_rio", "la_habana", "matanzas", "las_villas"):
        g.support[S(p_)] = 2
    assert g.meets_condition(GOVT)
    round_(g)
    assert g.over is None


def test_8_9_solo_nonplayer_26july_wins_a_victory_check_against_a_government_player():
    g = blank(players=1, solo="govt")
    for s_ in ("havana", "oriente", "las_villas"):
        g.support[S(s_)] = -2  # Opposition 22 > 15
    round_(g)
    assert g.over is not None and g.over["winners"] == ["m26"]
    assert g.over["solo"]["title"] == "Castro Triumph!" and not g.over["solo"]["won"]


def test_A2_agitation_removes_terror_first():
    g = situation({"camaguey_city": {"m26_u": 1}}, terror={"camaguey_city": 2})
    g.stack = []
    g.push("prop_agitation", M26)
    g._run()
    for _ in range(3):
        act(g, "agitate", "Camagüey City")
    assert g.terror[S("camaguey_city")] == 0 and g.support[S("camaguey_city")] == -1 and g.res[M26] == 7


def test_A3_expat_backing_space_conditions():
    g = situation({"camaguey_province": {"troop": 2}, "las_villas": {"dr_u": 2}}, support={"las_villas": 1})
    spaces = propaganda.expat_spaces(g)
    assert S("camaguey_province") not in spaces  # Government-Controlled
    assert S("las_villas") in spaces  # DR-Controlled at Passive Support
    g.support[S("oriente")] = 2
    assert S("oriente") not in propaganda.expat_spaces(g)  # Active Support


def test_A5_redeploy_control_is_fixed_for_the_whole_phase():
    """Police leaving Camagüey City do not stop Troops being redeployed into it."""
    g = situation({"camaguey_city": {"police": 2, "m26_u": 1}, "ec_factory": {"troop": 2}})
    g.stack = []
    g.push("prop_redeploy", GOVT)
    g._run()
    act(g, "move", ("Camagüey City", "police"))
    act(g, "to", "Factory EC")
    act(g, "move", ("Camagüey City", "police"))
    act(g, "to", "Factory EC")
    assert g.control(S("camaguey_city")) != GOVT
    act(g, "move", ("Factory EC", "troop"))
    assert ("to", "Camagüey City") in legal(g)


def test_1_5_no_nonplayer_option_needs_all_factions_of_a_player():
    g = blank(players=2, no_nonplayers=True)  # 26July+DR against Government+Syndicate
    assert not g.np
    g.support[S("havana")] = -2
    g.support[S("oriente")] = -2  # 26July meets its condition, DR does not
    assert g.meets_condition(M26) and not g.meets_condition(DIRECTORIO)
    round_(g)
    assert g.over is None
    g2 = blank(players=2, no_nonplayers=True)
    g2.support[S("havana")] = -2
    g2.support[S("oriente")] = -2
    put(g2, "las_villas", dr_u=2, dr_base=2)
    put(g2, "camaguey_city", dr_u=1)
    put(g2, "matanzas", dr_base=1, dr_u=1)
    put(g2, "havana", dr_u=1)
    assert g2.meets_condition(DIRECTORIO) and g2.meets_condition(M26)
    round_(g2)
    assert g2.over is not None and g2.over["winners"] == ["m26", "dr"]


def test_1_5_no_nonplayer_final_standing_is_the_worse_margin():
    g = blank(players=2, no_nonplayers=True)
    g.support[S("havana")] = 2  # Government 12 - 18 = -6; Syndicate min(-7, -15) = -15
    g.support[S("oriente")] = -2  # 26July 4 - 15 = -11; DR -9
    g.end_game("final Propaganda round")
    assert g.over["winners"] == ["m26", "dr"]  # -11 beats -15
    assert g.over["teams"] == [["govt", "syndicate"], ["m26", "dr"]]
