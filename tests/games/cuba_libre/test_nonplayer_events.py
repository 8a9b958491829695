"""Non-player Events (CL 8.4.3 placement, 8.4.4 Who and Where; issue 32 items 1-3): the Event's
whole effect decides, whoever's prompt it is."""

from __future__ import annotations

from typing import Any

from agon.games.cuba_libre.data import DIRECTORIO, GOVT, GUER_A, GUER_U, M26, ROLES, SYN, TROOPS, space
from agon.games.cuba_libre.nonplayer import NonPlayerBot
from tests.games.cuba_libre.np_helpers import at_option, np_game, put


def play_event(g: Any, f: int, card: int, side: str, seed: int = 0) -> list[tuple[str, str, Any, str]]:
    """Faction f executes `side` of `card`; the Non-player bots answer every prompt of the Event
    until it ends. Returns (role, verb, arg, reason) of each decision."""
    at_option(g, f, card)
    g.apply(ROLES[f], ("event", side))
    bots = {r: NonPlayerBot(seed=seed) for r in ROLES}
    out = []
    for _ in range(200):
        if not g.active or not any(fr["step"] == "ev_end" for fr in g.stack):
            break
        role = g.active[0]
        d = bots[role].decide(g, role)
        out.append((role, d.verb, d.arg, d.reason))
        g.apply(role, (d.verb, d.arg))
    return out


def pieces(g: Any, f: int) -> int:
    return sum(g.on_map(pt) for pt in (GUER_U[f], GUER_A[f], g.base_slot(f))) if f != GOVT else \
        sum(g.on_map(pt) for pt in (0, 1, 2))


def test_8_4_3_manifesto_every_nonplayer_places_its_two_pieces_bases_first():
    """Card 19 (issue 32 item 1): each Non-player places 2 pieces where it has one, a Base wherever
    possible (8.1.2 #1; the Government none in a City), whoever executes the card."""
    for executor in (M26, GOVT):
        g = np_game()
        put(g, "sierra_maestra", m26_u=1)
        put(g, "las_villas", dr_u=1)
        put(g, "havana", syn_u=1, casino=1, police=1)
        before = [pieces(g, f) for f in range(4)]
        play_event(g, executor, 19, "unshaded")
        assert [pieces(g, f) - before[f] for f in range(4)] == [2, 2, 2, 2], executor
        assert g.sp[space("sierra_maestra")][g.base_slot(M26)] == 2  # stacking allows 2 (1.4.2)
        assert g.sp[space("las_villas")][g.base_slot(DIRECTORIO)] == 2
        assert g.sp[space("havana")][g.base_slot(GOVT)] == 0


def test_8_4_4_who_election_places_only_the_executing_dr_guerrillas():
    """Card 7 unshaded (issue 32 item 2): a Guerrilla in each City, and the Non-player DR executing
    it chooses its own every time (never 26July's or the Syndicate's)."""
    for seed in range(4):
        g = np_game()
        play_event(g, DIRECTORIO, 7, "unshaded", seed)
        cities = [space(c) for c in ("havana", "camaguey_city", "santiago_de_cuba")]
        assert [g.guerrillas(c, DIRECTORIO) for c in cities] == [1, 1, 1], seed
        assert not any(g.guerrillas(c, x) for c in cities for x in (M26, SYN)), seed


def test_8_4_4_who_menoyo_shaded_replaces_by_a_nonplayer_never_the_player():
    """Card 36 shaded executed by the Non-player Government (which cannot benefit): the DR Guerrilla
    becomes a Syndicate one (a Non-player), never one of the player's 26July."""
    for seed in range(6):
        g = np_game(players=1, solo="m26")
        put(g, "las_villas", dr_u=1)
        play_event(g, GOVT, 36, "shaded", seed)
        assert g.guerrillas(space("las_villas"), SYN) == 1 and g.guerrillas(space("las_villas"), M26) == 0


def test_8_4_4_where_armored_cars_marches_and_ambushes_into_the_troops_space():
    """Card 1 unshaded (issue 32 item 3a): the free March and Ambush queued after the choice of
    space decide it: the space with 2 Troops, where the Ambush removes both."""
    for seed in range(6):
        g = np_game()
        put(g, "sierra_maestra", m26_u=3, m26_a=2)
        put(g, "santiago_de_cuba", troop=2)
        play_event(g, M26, 1, "unshaded", seed)
        assert g.sp[space("santiago_de_cuba")][TROOPS] == 0, seed


def test_8_4_4_where_cantillo_shaded_chooses_the_space_removing_the_most():
    """Card 3 shaded (issue 32 item 3b): Activating a Guerrilla is no piece placed or removed. In Las
    Villas the Sweep Activates 2 Guerrillas and the Assault removes 1; in Havana it removes 2."""
    for seed in range(4):
        g = np_game()
        put(g, "las_villas", troop=2, m26_u=4)
        put(g, "havana", troop=2, m26_a=1, dr_a=1)
        play_event(g, GOVT, 3, "shaded", seed)
        assert g.guerrillas(space("havana"), M26) + g.guerrillas(space("havana"), DIRECTORIO) == 0, seed
        assert g.guerrillas(space("las_villas"), M26) == 4, seed


def test_card_44_shaded_the_nonplayer_syndicate_robs_the_player_first():
    """Card 44 shaded (issue 32 item 11, ruling CL-NP29): the faction named loses Resources, so it
    is a target (8.1.2 #4: players first), not a beneficiary (8.4.4): the Non-player Syndicate robs
    the player's 26July, not the Non-player DR."""
    for seed in range(4):
        g = np_game(players=1, solo="m26")
        g.res[M26], g.res[DIRECTORIO] = 10, 10
        play_event(g, SYN, 44, "shaded", seed)
        assert g.res[M26] < 10 and g.res[DIRECTORIO] == 10, seed


def test_card_43_unshaded_the_nonplayer_gives_back_an_active_guerrilla_first():
    """Card 43 unshaded (ruling CL-E43b): after the LimOp the faction names which of its Guerrillas
    was the Syndicate one; the Non-player gives back an Active one (8.1.2 #6), keeping its own
    Underground Guerrilla."""
    from agon.games.cuba_libre.events_cards_25_48 import give_back

    for seed in range(6):
        g = np_game()
        put(g, "las_villas", dr_u=1, dr_a=1)
        g.last_op = (-1, "", ())
        g.phase = "card"
        g.stack = []
        give_back(g, DIRECTORIO, space("las_villas"))
        g.changed()
        g._run()
        d = NonPlayerBot(seed=seed).decide(g, "dr")
        assert (d.verb, d.arg) == ("return", ("Las Villas", "dr_a")), seed


def test_8_4_3_and_8_4_4_counts_over_games_with_four_nonplayers():
    """The issue 32 count (tests/games/cuba_libre/np_event_count.py; 100 games: 270 and 196 before
    the fix, 0 and 0 after) on a few games: no skipped Manifesto placement, no Event placement for
    a faction other than the executor or a Non-player."""
    from tests.games.cuba_libre.np_event_count import count

    counts = count(games=6, first_seed=0)
    assert (counts.skipped_manifesto, counts.wrong_beneficiary) == (0, 0), counts.summary()
