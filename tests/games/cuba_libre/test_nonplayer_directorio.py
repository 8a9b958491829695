"""Non-player Directorio (CL 8.6): each step of the flowchart, Special Activities, Expat Backing."""

from __future__ import annotations

from agon.games.cuba_libre.data import AV_DG, DIRECTORIO, GOVT_BASE, M26, POLICE, space
from tests.games.cuba_libre.np_helpers import acts, at_option, decide, np_game, op_steps, put, start


def test_8_6_1_terror_at_active_support_first():
    g = np_game()
    g.support[space("havana")] = 2
    put(g, "havana", dr_u=1)
    put(g, "matanzas", dr_u=1)
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "terror") and d.reason.startswith("8.6.1")
    out = op_steps(g, DIRECTORIO)
    assert out[0][:2] == ("space", "Havana") and "step 1" in out[0][2]
    assert ("space", "Matanzas") not in acts(out)  # Neutral, no Assassinate target


def test_8_6_1_step_3_and_assassinate_a_government_base():
    g = np_game()
    put(g, "las_villas", dr_u=2, govt_base=1, police=1)
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "terror")
    out = op_steps(g, DIRECTORIO)
    assert out[0][:2] == ("space", "Las Villas") and "step 3" in out[0][2]
    assert ("activity", "assassinate") in acts(out)
    assert g.sp[space("las_villas")][GOVT_BASE] == 0 and g.sp[space("las_villas")][POLICE] == 1


def test_8_6_2_rally_flip_then_base_then_place_then_subvert():
    g = np_game()
    put(g, "matanzas", dr_a=2, dr_base=1, police=1)
    put(g, "las_villas", dr_u=3)
    put(g, "camaguey_province", dr_base=1)
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "rally") and d.reason.startswith("8.6.2")
    out = acts(op_steps(g, DIRECTORIO))
    assert out[:2] == [("space", "Matanzas"), ("rally", "flip")]
    assert out[2:4] == [("space", "Las Villas"), ("rally", "base")]
    assert out[4] == ("space", "Camagüey Province") and out[5][0] == "rally" and out[5][1] == 2
    assert ("activity", "subvert") in out


def test_8_6_3_march_to_add_control_to_the_highest_pop_space():
    g = np_game()
    g.support[space("matanzas")] = 2
    put(g, "matanzas", dr_a=3)
    put(g, "las_villas", police=1)
    g.avail[AV_DG] = 2  # fewer than 6 Available: no Rally condition
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march") and d.reason.startswith("8.6.3")
    out = op_steps(g, DIRECTORIO)
    assert out[0][:2] == ("space", "Las Villas") and "step 1" in out[0][2]
    assert g.control(space("las_villas")) == DIRECTORIO and g.guerrillas(space("matanzas"), DIRECTORIO) == 1


def test_8_6_4_attack_where_it_adds_control_with_ambush():
    g = np_game()
    put(g, "las_villas", dr_u=1, police=2)
    g.avail[AV_DG] = 2
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "attack") and d.reason.startswith("8.6.4")
    out = acts(op_steps(g, DIRECTORIO))
    assert out[0] == ("space", "Las Villas") and ("activity", "ambush") in out
    assert g.sp[space("las_villas")][POLICE] == 0 and g.control(space("las_villas")) == DIRECTORIO


def test_8_6_2_expat_backing_gains_control_of_the_most_pop():
    g = np_game()
    put(g, "las_villas", dr_base=1, syn_u=1, m26_u=1)
    put(g, "havana", police=1)
    put(g, "oriente", police=1)  # the other Pop 2 Province is Government-Controlled
    g.phase = "propaganda"
    g.stack = [{"step": "prop_expat", "faction": DIRECTORIO}]
    g.changed()
    g._run()
    d = decide(g)
    assert (d.verb, d.arg) == ("space", "Las Villas") and "Expat Backing 1" in d.reason
    g.apply("dr", (d.verb, d.arg))
    d = decide(g)
    assert d.verb == "rally" and d.arg == 3


def test_8_6_3_step_2_toward_havana_from_the_most_guerrillas():
    g = np_game()
    g.support[space("camaguey_province")] = 2
    put(g, "camaguey_province", dr_a=4)
    put(g, "oriente", dr_a=1)
    for s in ("las_villas", "camaguey_city", "sierra_maestra"):
        put(g, s, police=2, troop=1)  # no space where DR can add Control by March (step 1)
    g.avail[AV_DG] = 2
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march")
    out = op_steps(g, DIRECTORIO)
    assert "step 2" in out[0][2] and out[0][1] in ("Las Villas", "Factory EC")
    assert g.guerrillas(space("camaguey_province"), DIRECTORIO) == 1


def test_8_6_2_if_none_rally_condition_without_a_rally_space_marches():
    g = np_game()
    for s in ("pinar_del_rio", "la_habana", "havana", "matanzas", "las_villas", "camaguey_province", "camaguey_city",
              "oriente", "sierra_maestra", "santiago_de_cuba"):
        g.support[space(s)] = 2  # no DR Rally anywhere
    put(g, "ec_factory", dr_a=3)
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march") and "8.6.2 IF NONE" in d.reason


def test_8_6_2_subvert_most_opposition_when_26july_is_at_victory():
    g = np_game()
    g.support[space("havana")] = -2
    g.support[space("oriente")] = -1
    g.support[space("matanzas")] = -1
    put(g, "havana", m26_base=2)
    put(g, "las_villas", dr_u=2)
    put(g, "matanzas", dr_u=2)
    put(g, "oriente", dr_u=1)
    assert g.meets_condition(1)
    start(g, DIRECTORIO)
    out = [(v, a) for v, a, _ in op_steps(g, DIRECTORIO)]
    i = out.index(("activity", "subvert"))
    assert out[i + 1] == ("space", "Oriente")


def test_8_6_4_if_none_attack_impossible_marches():
    g = np_game()
    put(g, "las_villas", dr_a=1, police=2)  # removing 2 would add Control, but no Underground or 4+
    g.support[space("matanzas")] = 2  # no Rally there
    put(g, "matanzas", dr_a=3)
    g.avail[AV_DG] = 2
    start(g, DIRECTORIO)
    d = decide(g)
    assert (d.verb, d.arg) == ("operation", "march") and "8.6.4 IF NONE" in d.reason


def test_8_6_1_assassinate_govt_base_before_a_cube():
    g = np_game()
    g.support[space("havana")] = 2
    put(g, "havana", dr_u=3, police=1, troop=1, govt_base=1)
    start(g, DIRECTORIO)
    op_steps(g, DIRECTORIO)
    assert g.sp[space("havana")][GOVT_BASE] == 0 and g.sp[space("havana")][POLICE] == 1


def test_8_6_3_morgan_draws_guerrillas_from_2_spaces_away():
    def position(morgan: bool):
        g = np_game()
        g.support[space("la_habana")] = 2
        put(g, "la_habana", dr_a=3)
        put(g, "havana", police=3)
        put(g, "las_villas", police=1)
        put(g, "matanzas", police=2)
        put(g, "pinar_del_rio", police=2)
        g.avail[AV_DG] = 2
        if morgan:
            g.capabilities = frozenset({(28, False)})
        start(g, DIRECTORIO)
        return op_steps(g, DIRECTORIO)

    assert "step 1" not in position(morgan=False)[0][2]
    out = position(morgan=True)
    assert out[0][:2] == ("space", "Las Villas") and "step 1" in out[0][2]


def _m26_player_at_victory(g):
    for where in ("havana", "oriente", "las_villas", "camaguey_province", "santiago_de_cuba", "matanzas"):
        g.support[space(where)] = -2
    g.changed()
    assert g.meets_condition(M26)


def pact_with_dr_bases(g, n: int) -> None:
    """Pact of Caracas in effect; a DR Base and Underground Guerrilla in each of n spaces."""
    g.capabilities = frozenset({(18, False)})
    for where in ("matanzas", "pinar_del_rio", "la_habana")[:n]:
        put(g, where, dr_base=1, dr_u=1)


def test_8_6_5_caracas_dr_removes_2_bases_when_26july_player_is_at_victory():
    g = np_game(players=1)  # 26July the player
    assert g.is_player(M26) and not g.is_player(DIRECTORIO)
    _m26_player_at_victory(g)
    pact_with_dr_bases(g, 3)
    start(g, DIRECTORIO)
    out = op_steps(g, DIRECTORIO)
    assert out[0][0] == "cancel pact" and out[0][2].startswith("8.6.5")
    assert [v for v, _a, _r in out[1:3]] == ["remove base", "remove base"]
    assert all(r.startswith("8.6.5") for _v, _a, r in out[1:3])
    assert not g.has_cap(18) and g.on_map(g.base_slot(DIRECTORIO)) == 1


def test_8_6_5_no_caracas_when_26july_is_a_non_player_or_not_at_victory():
    for players, victory in ((0, True), (1, False)):
        g = np_game(players=players)
        if victory:
            _m26_player_at_victory(g)
        pact_with_dr_bases(g, 2)
        start(g, DIRECTORIO)
        out = op_steps(g, DIRECTORIO)
        assert "cancel pact" not in [v for v, _a, _r in out] and g.has_cap(18)


def test_8_6_5_caracas_also_when_dr_executes_an_event():
    """8.6.5 "when executing an Op or Event": the Non-player DR executing an Event first removes 2
    of its Bases (random spaces, 8.2), cancelling the Pact, then the Event runs; not when 26July is
    not a player at victory (the Pact stays)."""
    for due in (True, False):
        g = np_game(players=1 if due else 0)
        _m26_player_at_victory(g)
        pact_with_dr_bases(g, 3)
        at_option(g, DIRECTORIO, 33)
        g.apply("dr", ("event", "unshaded"))
        d = decide(g)
        assert d.reason.startswith("8.6.5")
        if not due:
            assert (d.verb, d.arg) == ("skip", None)
            g.apply("dr", ("skip", None))
            assert g.has_cap(18) and g.on_map(g.base_slot(DIRECTORIO)) == 3
            continue
        assert (d.verb, d.arg) == ("cancel pact", None)
        g.apply("dr", ("cancel pact", None))
        for _ in range(2):
            d = decide(g)
            assert d.verb == "remove base" and d.reason.startswith("8.6.5")
            g.apply("dr", (d.verb, d.arg))
        assert not g.has_cap(18) and g.on_map(g.base_slot(DIRECTORIO)) == 1
        assert g.stack[-1]["step"] == "ev_choice"  # card 33's own text comes after


def test_8_6_5_the_pact_prompt_is_no_effect_of_the_event_8_1():
    """8.1 Ineffective Events are judged on the Event's text, not on the 8.6.5 prompt before it."""
    from agon.games.cuba_libre.nonplayer.common import event_effective

    g = np_game(players=1)
    g.capabilities = frozenset({(18, False)})
    put(g, "matanzas", dr_base=1)
    put(g, "pinar_del_rio", dr_base=1)
    at_option(g, DIRECTORIO, 23)
    assert not event_effective(g, DIRECTORIO, True)  # card 23 shaded: no 26July Base in a Province
    put(g, "oriente", m26_base=1)
    assert event_effective(g, DIRECTORIO, True)


def test_8_6_4_targets_cash_only_where_a_non_player_holder_cannot_pass_it_on():
    """8.6.4 with 8.1.2 #7: a Non-player Syndicate's Cash would pass to the Non-player Government's
    Police there, so DR gains nothing by removing its Guerrilla and targets the Government first;
    with a Government player the Cash would come to DR, so the Cash holder goes first."""
    from tests.games.cuba_libre.helpers import start as at

    for players, first in ((0, "police"), (2, "syn_a")):
        g = np_game(players=players)
        put(g, "las_villas", dr_u=2, police=2, syn_a=1)
        g.cash[0] = space("las_villas") * 4 + 3
        at(g, DIRECTORIO, kind="remove", space=space("las_villas"), count=2, mode="attack")
        d = decide(g)
        assert (d.verb, d.arg) == ("remove", first), (players, d)


def test_8_6_1_assassinate_cash_target_only_where_dr_would_gain_it():
    """Assassinate (gain Cash, Commandeer): a Non-player Syndicate's Cash would pass to the
    Non-player Government's Police there, so a cube (Police first) is the target instead."""
    from agon.games.cuba_libre.nonplayer import NonPlayerBot
    from agon.games.cuba_libre.nonplayer.common import Ctx
    from agon.games.cuba_libre.nonplayer.directorio import assassin_key

    for players, first in ((0, "police"), (2, "syn_a")):
        g = np_game(players=players)
        put(g, "las_villas", dr_u=3, police=1, syn_a=1)
        g.cash[0] = space("las_villas") * 4 + 3
        start(g, DIRECTORIO)
        ctx = Ctx(g, DIRECTORIO, NonPlayerBot())
        best = min(("police", "syn_a"), key=lambda k: assassin_key(ctx, space("las_villas"), k))
        assert best == first, players


def test_8_6_3_morgan_widens_step_2_as_well():
    """Ruling CL-NP20 (issue 9 item 8): Morgan lets the whole Non-player DR March reach 2 spaces, so
    the step 2 group from Camagüey City may end 2 spaces nearer Havana (Las Villas, Factory EC)."""
    from agon.games.cuba_libre.data import ADJ
    from agon.games.cuba_libre.nonplayer import NonPlayerBot
    from agon.games.cuba_libre.nonplayer.common import Ctx
    from agon.games.cuba_libre.nonplayer.directorio import march_plan

    seen = set()
    for seed in range(1, 13):
        g = np_game(seed=seed)
        g.capabilities = frozenset({(28, False)})
        put(g, "camaguey_city", dr_a=4)
        start(g, DIRECTORIO)
        seen |= {e["s"] for e in march_plan(Ctx(g, DIRECTORIO, NonPlayerBot(seed=seed))) if "step 2" in e["why"]}
    assert seen and not seen <= set(ADJ[space("camaguey_city")])
