"""Non-player general rules (CL 8.1-8.4, 8.9 seats): Event or Operation, Pass, Launder, randomness."""

from __future__ import annotations

from agon.games.cuba_libre import GAME
from agon.games.cuba_libre.data import DIRECTORIO, GOVT, M26, SYN
from agon.games.cuba_libre.nonplayer import NonPlayerBot
from agon.match import seat_players
from tests.games.cuba_libre.np_helpers import at_option, decide, np_game, put, run_op


def test_8_1_event_first_unshaded_for_26july():
    g = np_game()
    at_option(g, M26, 15)  # Come Comrades!: 3 26July Guerrillas
    d = decide(g)
    assert (d.verb, d.arg) == ("event", "unshaded") and d.reason.startswith("8.1 Event first")


def test_8_4_2_dual_use_government_takes_the_shaded_text():
    g = np_game()
    at_option(g, GOVT, 15)  # shaded Soviet Scare: Government + Aid
    assert (decide(g).verb, decide(g).arg) == ("event", "shaded")


def test_8_1_ineffective_event_resistencia_civica():
    """8.1 example: no DR piece in a City, so 26July does Ops + SA instead."""
    g = np_game()
    at_option(g, M26, 32)
    d = decide(g)
    assert d.verb == "op" and "Ineffective" in d.reason


def test_8_1_second_eligible_syndicate_after_op_sa_when_government_is_a_player():
    g = np_game(players=3)  # only the Syndicate is a Non-player
    put(g, "havana", casino=1)
    at_option(g, SYN, 15, n_acted=1, first_did="opsa")
    d = decide(g)
    assert d.verb == "op" and "2nd Eligible" in d.reason
    g2 = np_game(players=0)  # Government a Non-player too: the Event stays first
    put(g2, "havana", casino=1)
    at_option(g2, SYN, 15, n_acted=1, first_did="opsa")
    assert decide(g2).verb == "event"


def test_8_1_government_momentum_in_effect_means_ops():
    g = np_game()
    g.momentum = frozenset({(4, True)})
    at_option(g, GOVT, 15)
    d = decide(g)
    assert d.verb == "op" and "Momentum" in d.reason


def test_8_1_momentum_event_not_before_a_propaganda_card():
    g = np_game()
    g.next_card = 49
    at_option(g, GOVT, 4)  # S.I.M. shaded is a Momentum Event
    d = decide(g)
    assert d.verb == "op" and "Propaganda" in d.reason
    g2 = np_game()
    at_option(g2, GOVT, 4)
    assert (decide(g2).verb, decide(g2).arg) == ("event", "shaded")


def test_8_4_1_event_instructions_anastasia_dr_does_ops():
    g = np_game()
    at_option(g, DIRECTORIO, 45)
    d = decide(g)
    assert d.verb == "op" and d.reason.startswith("8.4.1")


def test_8_1_minimum_resources_pass():
    g = np_game()
    g.res[M26] = 0
    at_option(g, M26, 32)
    d = decide(g)
    assert d.verb == "pass" and "Minimum Resources" in d.reason


def test_8_1_flowchart_with_nothing_to_do_passes():
    g = np_game()
    at_option(g, SYN, 32)  # no Casino, no Guerrilla: no Syndicate Operation executes
    d = decide(g)
    assert d.verb == "pass" and "IF NONE" in d.reason


def test_8_1_no_launder():
    g = np_game(players=4)
    put(g, "havana", m26_u=1)
    g.cash[0] = 3 * 4 + M26
    g.stack = [{"step": "launder", "faction": M26}]
    g.changed()
    g._run()
    assert decide(g).verb == "decline"


def test_8_4_4_who_the_executing_faction_benefits():
    g = np_game()
    at_option(g, M26, 33)  # Carlos Prio: +5 Resources to DR or 26July
    g.apply("m26", ("event", "unshaded"))
    d = decide(g)
    assert (d.verb, d.arg) == ("faction", "m26")


def test_8_2_random_choices_are_a_function_of_the_position():
    g = np_game()
    at_option(g, M26, 32)
    g.apply("m26", ("op", None))
    a, b = decide(g), decide(g)
    assert (a.verb, a.arg, a.reason) == (b.verb, b.arg, b.reason)
    rng_before = (g.rng.state, g.rng.draws)
    decide(g)
    assert (g.rng.state, g.rng.draws) == rng_before  # the game's generator is never used


def test_bot_records_its_reasons():
    g = np_game()
    at_option(g, M26, 15)
    bot = NonPlayerBot()
    action = bot.choose(g, "m26")
    assert str(action) == "event unshaded"
    assert bot.last_reason.startswith("8.1") and bot.explain[-1][0] == "m26"


def test_seats_default_to_nonplayer_where_the_rulebook_says():
    assert GAME.bots()["nonplayer"] is not None
    assert seat_players("cuba-libre", {"govt": "human"}, 1, {"players": 1, "solo": "govt"}) == {
        "govt": "human", "m26": "nonplayer", "dr": "nonplayer", "syndicate": "nonplayer"}
    two = seat_players("cuba-libre", {}, 1, {"players": 2})
    assert two["dr"] == two["syndicate"] == "nonplayer" and two["govt"] != "nonplayer"
    assert seat_players("cuba-libre", {}, 1, {"players": 3})["syndicate"] == "nonplayer"
    assert set(seat_players("cuba-libre", {}, 1, {"players": 0}).values()) == {"nonplayer"}
    assert seat_players("cuba-libre", {"m26": "nonplayer"}, 1, {"players": 4})["m26"] == "nonplayer"


def test_6_3_support_phase_steps_use_the_named_factions_priorities():
    """6.3.2 Civic Action is the Government's (8.8.6), 6.3.3 Agitation 26July's (8.7.5), 6.3.4 Expat
    Backing DR's (8.6.2), whichever seat the prompt is put to."""
    from tests.games.cuba_libre.helpers import start

    for asked in (GOVT, M26):
        g = np_game()
        put(g, "havana", troop=2, police=2)
        g.res[GOVT] = 20
        start(g, asked, kind="prop_civic")
        d = decide(g)
        assert (d.verb, d.arg) == ("civic", "Havana") and d.reason.startswith("8.8.6"), d
    for asked in (M26, DIRECTORIO):
        g = np_game()
        put(g, "matanzas", m26_u=2)
        g.res[M26] = 5
        start(g, asked, kind="prop_agitation")
        d = decide(g)
        assert (d.verb, d.arg) == ("agitate", "Matanzas") and d.reason.startswith("8.7.5"), d


def test_8_1_2_items_4_and_6_event_removal_order():
    """An Event removal: enemy Police before Troops (8.1.2 #4); own Active before Underground (#6)."""
    from tests.games.cuba_libre.helpers import start

    g = np_game()
    put(g, "matanzas", troop=1, police=1)
    start(g, DIRECTORIO, kind="ev_remove", keys=("troop", "police"), count=1, opts=None)
    d = decide(g)
    assert (d.verb, d.arg) == ("remove", ("Matanzas", "police")) and "8.1.2 #4" in d.reason
    g = np_game()
    put(g, "matanzas", dr_u=1, dr_a=1)
    start(g, DIRECTORIO, kind="ev_remove", keys=("dr_u", "dr_a"), count=1, opts=None)
    d = decide(g)
    assert (d.verb, d.arg) == ("remove", ("Matanzas", "dr_a")) and "8.1.2 #6" in d.reason


def test_8_1_second_eligible_reads_who_is_a_player_under_any_solo_faction():
    """8.1 2nd Eligible: the Syndicate prefers Ops + SA only when the Government is a player, under
    whichever `solo` faction the person plays."""
    for solo, ops in (("govt", True), ("m26", False), ("dr", False)):
        g = np_game(players=1, solo=solo)
        assert g.is_player(("govt", "m26", "dr", "syndicate").index(solo))
        put(g, "havana", casino=1)
        at_option(g, SYN, 15, n_acted=1, first_did="opsa")
        d = decide(g)
        assert (d.verb == "op") == ops, (solo, d)


def test_8_6_5_caracas_follows_the_solo_faction():
    """8.6.5 applies only when 26July is a player: with the person on the Government, a 26July
    Non-player at victory never makes DR cancel the Pact."""
    from agon.games.cuba_libre.data import space
    from tests.games.cuba_libre.helpers import start

    g = np_game(players=1, solo="govt")
    for where in ("havana", "oriente", "las_villas", "camaguey_province", "santiago_de_cuba", "matanzas"):
        g.support[space(where)] = -2
    g.capabilities = frozenset({(18, False)})
    put(g, "matanzas", dr_base=1, dr_u=1)
    put(g, "pinar_del_rio", dr_base=1, dr_u=1)
    g.changed()
    assert g.meets_condition(M26) and not g.is_player(M26)
    start(g, DIRECTORIO)
    out = run_op(g, DIRECTORIO)
    assert out and "cancel pact" not in [v for v, _a, _r in out] and g.has_cap(18)


def test_1_4_1_a_bot_on_a_player_faction_never_takes_pieces_back_to_place_them():
    """Ruling CL-NP12 (AMB-54): an Event placing 26July Guerrillas with none Available offers a
    player 1.4.1 voluntary removal; the bot seated there ends the placement instead."""
    from agon.games.cuba_libre.data import AV_MG
    from tests.games.cuba_libre.helpers import start

    g = np_game(players=4)
    put(g, "oriente", m26_a=2)
    g.avail[AV_MG] = 0
    start(g, M26, kind="ev_place", keys=("m26_u",), count=1, opts=None)
    assert any(a.verb == "withdraw" for a in g.legal_actions("m26"))
    d = decide(g)
    assert d.verb == "done" and "AMB-54" in d.reason


def test_8_1_2_item_7_a_bot_on_a_player_faction_gives_cash_to_a_non_player_first():
    """The core asks a player holder whose last piece went (4.5.2); the bot seated there follows
    8.1.2 #7: another Non-player's piece (Government, Syndicate, DR, 26July order), else let go."""
    from agon.games.cuba_libre.data import space
    from tests.games.cuba_libre.helpers import start

    g = np_game(players=2)  # Government and 26July players; DR and Syndicate Non-players
    put(g, "havana", police=1, syn_u=1, dr_u=1)
    g.cash[0] = -2 - (space("havana") * 4 + M26)
    start(g, M26, kind="cash_gift", space=space("havana"), marker=0, cap=-1)
    d = decide(g)
    assert (d.verb, d.arg) == ("give cash", "syndicate") and d.reason.startswith("8.1.2 #7")
    g = np_game(players=2)
    put(g, "havana", police=1)
    g.cash[0] = -2 - (space("havana") * 4 + M26)
    start(g, M26, kind="cash_gift", space=space("havana"), marker=0, cap=-1)
    assert decide(g).verb == "drop cash"


def test_8_1_2_item_7_a_bot_on_a_player_faction_never_carries_cash_voluntarily():
    from agon.games.cuba_libre.data import space
    from tests.games.cuba_libre.helpers import start

    g = np_game(players=4)
    put(g, "havana", police=2)
    put(g, "la_habana", police=1)
    g.cash[0] = space("havana") * 4 + GOVT
    start(g, GOVT, kind="cash_carry", space=space("havana"), destination=space("la_habana"))
    d = decide(g)
    assert d.verb == "leave cash" and d.reason.startswith("8.1.2 #7")
