"""Event audit against the card texts (agon/games/cuba_libre/data/card_texts.json): one test per fix."""

from __future__ import annotations

from agon.games.cuba_libre.data import DIRECTORIO, M26, space
from tests.games.cuba_libre.helpers import act, blank, legal, put, situation, start
from tests.games.cuba_libre.test_events_cards import N, done_card, n, play

# -- 27 Echeverria -------------------------------------------------------------------------------


def test_card_27_shaded_dr_does_not_stay_eligible():
    """Only the unshaded text ends the card with DR Eligible (cards §2, card 27)."""
    g = situation({"la_habana": {"dr_u": 2}})
    play(g, 27, shaded=True)
    act(g, "remove", (N("la_habana"), "dr_u"))
    act(g, "remove", (N("la_habana"), "dr_u"))
    assert done_card(g) and not g.elig[DIRECTORIO]


# -- 20 The Twelve -------------------------------------------------------------------------------


def test_card_20_unshaded_no_march_no_rally_from_an_older_march():
    """The Rally needs a space entered in the card's own March, not one recorded earlier."""
    # no 26July Guerrilla on the map: no March possible
    g = situation({"las_villas": {"m26_base": 1}})
    g.last_op = (M26, "march", (space("las_villas"),))  # a March of an earlier card
    play(g, 20, f=DIRECTORIO)
    act(g, "faction", "m26")
    assert done_card(g) and n(g, "las_villas", "m26_u") == 0


# -- 1.4.1 voluntary removal in Event placements -------------------------------------------------


def _none_available(g, key: str) -> None:
    from agon.games.cuba_libre.data import AV_OF

    g.avail[AV_OF[g.slot(key)]] = 0


def test_card_15_unshaded_player_takes_back_own_guerrillas_to_place_them():
    """CL 1.4.1: a player with no Guerrilla Available may take its own from the map first."""
    g = situation({"oriente": {"m26_a": 2}})
    _none_available(g, "m26_u")
    play(g, 15)
    assert ("withdraw", (N("oriente"), "m26_a")) in legal(g) and ("done", None) in legal(g)
    act(g, "withdraw", (N("oriente"), "m26_a"))
    act(g, "place", (N("havana"), "m26_u"))
    assert n(g, "havana", "m26_u") == 1 and n(g, "oriente", "m26_a") == 1
    act(g, "done")  # keeps its last Guerrilla
    assert done_card(g) and n(g, "oriente", "m26_a") == 1


def test_card_15_unshaded_nonplayer_never_takes_pieces_back():
    """AMB-54: a Non-player does not remove its own pieces to place them."""
    g = blank()
    g.np = frozenset({M26})
    put(g, "oriente", m26_a=2)
    _none_available(g, "m26_u")
    play(g, 15)
    assert done_card(g) and n(g, "oriente", "m26_a") == 2


def test_card_25_unshaded_dr_takes_back_a_guerrilla_to_land_it():
    g = situation({"havana": {"dr_a": 1}})
    _none_available(g, "dr_u")
    play(g, 25)
    act(g, "space", N("oriente"))
    assert n(g, "oriente", "dr_base") == 1  # the Base was Available
    act(g, "withdraw", (N("havana"), "dr_a"))
    act(g, "place", (N("oriente"), "dr_u"))
    assert n(g, "oriente", "dr_u") == 1 and n(g, "havana", "dr_a") == 0 and done_card(g)


def test_card_26_unshaded_dr_may_take_one_back_then_acts():
    g = situation({"havana": {"dr_a": 1}, "matanzas": {"police": 1}})
    _none_available(g, "dr_u")
    play(g, 26)
    act(g, "space", N("matanzas"))
    act(g, "withdraw", (N("havana"), "dr_a"))
    act(g, "place", (N("matanzas"), "dr_u"))
    act(g, "choose", "ambush")
    assert n(g, "matanzas", "police") == 0 and done_card(g)


# -- 13 El Che -----------------------------------------------------------------------------------


def march_into_matanzas(g, *moves: tuple[str, str]) -> None:
    """A 26July March (no Special Activity) into Matanzas, one Guerrilla per (origin, kind) move."""
    start(g, M26, special_activity=False)
    act(g, "operation", "march")
    act(g, "space", N("matanzas"))
    for origin, kind in moves:
        act(g, "move", (N(origin), kind))
    act(g, "done")


def test_card_13_el_che_the_group_moved_first_stays_underground():
    """26July declares which group moves first (cards §2, card 13): the group of the first
    Guerrilla it moves, not the one from the lowest-numbered space."""
    g = blank()
    play(g, 13)
    assert g.has_cap(13)
    g.res[M26] = 10
    g.support[space("matanzas")] = 1
    put(g, "matanzas", troop=2)
    put(g, "la_habana", m26_u=1)
    put(g, "las_villas", m26_u=2)
    march_into_matanzas(g, ("las_villas", "underground"), ("la_habana", "underground"), ("las_villas", "underground"))
    # the group moved first (2 from Las Villas, 2 + 2 cubes > 3) stays Underground; the other one
    # (1 + 2 cubes) would not Activate anyway
    assert n(g, "matanzas", "m26_u") == 3 and n(g, "matanzas", "m26_a") == 0


def test_card_16_unshaded_bases_under_the_pact_are_not_taken_back():
    """The core's 1.4.1 rule: under the Pact of Caracas 26July/DR Bases leave only by cancelling
    it (card 18), so an Event does not offer them; without the Pact it does."""
    for pact in (True, False):
        g = blank()
        if pact:
            g.capabilities = g.capabilities | {(18, False)}
        put(g, "oriente", m26_base=1)
        put(g, "havana", m26_u=1)
        _none_available(g, "m26_base")
        play(g, 16)
        offered = ("withdraw", (N("oriente"), "m26_base")) in legal(g)
        assert offered != pact


def test_card_35_player_takes_back_own_guerrillas_to_replace_enemy_pieces():
    g = situation({"havana": {"m26_u": 1, "police": 2}, "oriente": {"m26_a": 1}})
    _none_available(g, "m26_u")
    play(g, 35, f=M26)
    act(g, "space", N("havana"))
    act(g, "faction", "govt")
    assert ("withdraw", (N("oriente"), "m26_a")) in legal(g)
    act(g, "withdraw", (N("oriente"), "m26_a"))
    act(g, "replace", ("police", "m26_u"))
    act(g, "replace", ("police", "m26_u"))  # the second: none Available, the Police is removed
    assert n(g, "havana", "police") == 0 and n(g, "havana", "m26_u") == 2 and done_card(g)


def test_card_19_a_player_faction_may_take_pieces_back_to_place_them():
    g = situation({"havana": {"troop": 1}, "oriente": {"troop": 2}})
    _none_available(g, "troop")
    _none_available(g, "police")
    _none_available(g, "govt_base")
    play(g, 19, f=M26)
    assert g.active == ["govt"]  # 26July, DR and the Syndicate have no piece: not asked
    act(g, "space", N("havana"))
    act(g, "withdraw", (N("oriente"), "troop"))
    act(g, "place", (N("havana"), "troop"))
    act(g, "done")
    assert n(g, "havana", "troop") == 2 and n(g, "oriente", "troop") == 1 and done_card(g)


def test_card_13_el_che_the_first_group_ends_its_move_underground():
    """Card 13 (ruling CL-E13, issue 9 item 5): the first group of a 26July March ends Underground,
    its Active Guerrillas flipped, not only spared the Activation test; later groups are not."""
    g = blank()
    play(g, 13)
    g.res[M26] = 10
    put(g, "la_habana", m26_a=2)
    put(g, "las_villas", m26_a=1)
    march_into_matanzas(g, ("la_habana", "active"), ("la_habana", "active"), ("las_villas", "active"))
    assert n(g, "matanzas", "m26_u") == 2 and n(g, "matanzas", "m26_a") == 1
