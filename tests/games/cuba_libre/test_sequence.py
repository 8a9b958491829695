"""Sequence of play (CL 2.x): eligibility, faction order, options, Pass, Launder, final card, deck."""

from __future__ import annotations

import pytest

import agon
from agon.games.cuba_libre.data import CARDS, DIRECTORIO, GOVT, M26, ORDER, SYN, space
from tests.games.cuba_libre.helpers import act, blank, legal, put, rally_place, situation

GAME = agon.load("cuba-libre")


def on_card(g, card: int, nxt: int = 41):
    """Make `card` the current card with every faction Eligible and nobody acted."""
    g.current = card
    g.next_card = nxt
    g.phase = "card"
    g.card_reset()
    g.cand = tuple(f for f in ORDER[card] if g.elig[f])
    g.stack = []
    g.changed()
    g._run()


def test_2_1_deck_has_4_piles_with_one_propaganda_each():
    for short, size in ((False, 13), (True, 11)):
        g = GAME.new(5, short=short)
        deck = [g.current, g.next_card, *reversed(g.deck)]
        assert len(deck) == 4 * size
        for i in range(4):
            pile = deck[i * size:(i + 1) * size]
            assert sum(1 for c in pile if CARDS[c]["type"] == "propaganda") == 1


def test_2_2_start_shows_current_and_next_card_and_hides_the_deck():
    g = GAME.new(2)
    v = g.view("govt")
    assert v["current_card"] == g.current and v["next_card"] == g.next_card
    assert v["deck_count"] == 50 and "deck" not in v


def test_2_3_3_pass_gains_and_next_faction_becomes_first():
    g = blank()
    on_card(g, 1)  # order G, M, D, S
    assert g.active == ["govt"]
    act(g, "pass")
    assert g.res[GOVT] == 18 and g.active == ["m26"]
    opts = legal(g)
    assert ("op", None) in opts  # 26July is now 1st Eligible with full options


def test_2_3_4_second_eligible_after_op_only_gets_limop_then_eligibility():
    g = situation({"matanzas": {"m26_u": 1}, "oriente": {"dr_u": 1}})
    on_card(g, 13)  # order M, G, D, S
    act(g, "op")
    rally_place(g, "Matanzas")
    act(g, "done")
    assert g.active == ["govt"]
    assert ("limop", None) in legal(g) and ("op", None) not in legal(g)
    assert not [a for a in legal(g) if a[0] == "event"]
    act(g, "pass")
    assert g.active == ["dr"]
    act(g, "limop")
    rally_place(g, "Oriente")
    assert [a for a in legal(g) if a[0] == "space"] == []  # LimOp: one space
    act(g, "done")
    # the card ends after 2 factions acted: both Ineligible, the others Eligible
    assert g.elig == [True, False, False, True]
    assert g.current == 41


def test_2_3_4_after_op_with_sa_second_may_take_event_or_limop():
    g = situation({"la_habana": {"troop": 4}, "matanzas": {"m26_u": 1}}, res={"govt": 10})
    on_card(g, 15)  # Come Comrades! order M, G, S, D
    act(g, "op")
    rally_place(g, "Matanzas")
    act(g, "activity", "infiltrate")
    act(g, "space", "La Habana")
    act(g, "done")
    assert g.first_did == "opsa"
    opts = legal(g)
    assert ("limop", None) in opts and ("event", "shaded") in opts


def test_2_3_4_after_event_second_gets_full_op():
    g = situation({"havana": {"troop": 2}})
    on_card(g, 15)
    act(g, "event", "shaded")
    assert g.active == ["govt"] and ("op", None) in legal(g)


def test_2_3_9_final_event_card_limits_players_to_limops():
    g = situation({"matanzas": {"m26_u": 1}})
    g.prop_played = 3
    on_card(g, 13, nxt=50)
    assert ("limop", None) in legal(g) and ("op", None) not in legal(g)


def test_8_1_nonplayers_never_limop():
    g = blank(players=2)
    put(g, "oriente", dr_u=1)
    g.prop_played = 3
    on_card(g, 25, nxt=50)  # DR (Non-player with 2 players) first
    assert g.active == ["dr"] and ("op", None) in legal(g)


def test_2_3_6_launder_gives_a_free_limop_not_construct():
    g = situation({"havana": {"syn_u": 1, "troop": 3}, "matanzas": {"syn_u": 1}})
    g.cash[0] = space("matanzas") * 4 + SYN
    on_card(g, 37)  # Syndicate first
    act(g, "op")
    rally_place(g, "Havana")
    act(g, "done")
    assert legal(g) == [("launder", None), ("decline", None)]
    before = g.res[SYN]
    act(g, "launder")
    assert g.cash[0] == -1
    assert ("operation", "construct") not in legal(g)
    act(g, "operation", "march")
    act(g, "space", "La Habana")
    act(g, "move", ("Havana", "underground"))
    act(g, "done")
    assert g.res[SYN] == before


def test_2_3_6_no_launder_after_an_sa_or_for_free_ops():
    g = situation({"matanzas": {"syn_u": 1}, "havana": {"troop": 1}})
    g.cash[0] = space("matanzas") * 4 + SYN
    on_card(g, 37)
    act(g, "op")
    rally_place(g, "Matanzas")
    act(g, "activity", "bribe")
    act(g, "space", "Havana")
    act(g, "remove", "troop")
    act(g, "done")
    assert g.active != ["syndicate"] or ("launder", None) not in legal(g)


def test_5_event_ineligibility_and_card_data():
    g = blank()
    on_card(g, 13)  # El Che: capability
    act(g, "event", "unshaded")
    assert g.has_cap(13)
    assert g.active == ["govt"]


def test_options_validation():
    with pytest.raises(ValueError, match="players"):
        GAME.new(1, players=7)
    with pytest.raises(ValueError, match="deployment"):
        GAME.new(1, deployment="random")
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new(1, colour="red")
    assert GAME.normalize_options({}) == {"players": 4, "short": False, "deployment": "standard",
                                          "deception": False, "no_nonplayers": False, "no_reveal": False,
                                          "eligibility": "standard"}
    with pytest.raises(ValueError, match="deception"):
        GAME.new(1, players=2, deception=True)


def test_default_seats_follow_the_player_count():
    assert GAME.nonplayer_roles({"players": 4}) == []
    assert GAME.nonplayer_roles({"players": 3}) == ["syndicate"]
    assert GAME.nonplayer_roles({"players": 2}) == ["dr", "syndicate"]
    assert GAME.nonplayer_roles({"players": 1}) == ["govt", "dr", "syndicate"]
    expected = "nonplayer" if "nonplayer" in GAME.bots() else "random"
    assert GAME.default_seat("dr", {"players": 2}) == expected
    assert GAME.default_seat("govt", {"players": 2}) == "random"


def test_8_9_solo_option_sets_the_players_faction_and_the_default_seats():
    """8.9 / S1.2: 1 player plays 26July by default, or the faction named by `solo` (alias `side`,
    the CLI's --side); the other three are Non-players and only they default to the Non-player bot."""
    expected = "nonplayer" if "nonplayer" in GAME.bots() else "random"
    assert GAME.normalize_options({"players": 1})["solo"] == "m26"
    assert GAME.new(1, players=1).np == frozenset({GOVT, DIRECTORIO, SYN})
    for solo in ("govt", "m26", "dr", "syndicate"):
        opts = {"players": 1, "solo": solo}
        g = GAME.new(2, **opts)
        assert g.np == frozenset(f for f in range(4) if g.role(f) != solo)
        assert GAME.roles(**GAME.normalize_options(opts))[0] == solo  # the CLI seats the person here
        assert GAME.nonplayer_roles(opts) == [r for r in ("govt", "m26", "dr", "syndicate") if r != solo]
        seats = {r: GAME.default_seat(r, opts) for r in GAME.roles()}
        assert seats[solo] == "random"
        assert all(seats[r] == expected for r in seats if r != solo)
    assert GAME.normalize_options({"players": 1, "side": "govt"})["solo"] == "govt"
    assert GAME.new(3, players=1, side="govt").np == frozenset({M26, DIRECTORIO, SYN})
    with pytest.raises(ValueError, match="solo"):
        GAME.new(1, players=1, solo="castro")
    with pytest.raises(ValueError, match="solo"):
        GAME.new(1, players=2, solo="govt")
    assert "solo" not in GAME.normalize_options({"players": 2})


def test_8_9_solo_government_player_does_limited_ops_and_the_nonplayers_do_not():
    """With solo=govt the Government is the player (LimOps on the final card), 26July is a Non-player."""
    g = GAME.new(5, players=1, solo="govt")
    assert g.is_player(GOVT) and not g.is_player(M26)


def test_variable_deployment_places_player_forces():
    g = GAME.new(4, deployment="variable")
    assert g.active == ["syndicate"]
    assert g.open_casinos() == 0 and g.on_map(0) == 0
    while g.phase == "setup":
        act(g, *legal(g)[0])
    assert g.open_casinos() == 3 and g.on_map(0) == 12 and g.on_map(1) == 8
    assert g.on_map(5) == 1 and g.on_map(3) == 4 and g.on_map(6) == 3
    _ = (DIRECTORIO, M26)


def test_2_3_3_second_eligible_passes_and_the_next_takes_its_place():
    g = situation({"matanzas": {"m26_u": 1}, "havana": {"syn_u": 1}})
    on_card(g, 17)  # order M, D, G, S
    g.elig[GOVT] = False
    on_card(g, 17)
    act(g, "op")
    rally_place(g, "Matanzas")
    act(g, "done")
    assert g.active == ["dr"]
    act(g, "pass")
    assert g.res[DIRECTORIO] == 6 and g.active == ["syndicate"]
    assert ("limop", None) in legal(g)


def test_2_3_6_another_faction_may_give_its_cash_for_the_launder():
    g = situation({"matanzas": {"m26_u": 1}, "havana": {"syn_u": 1, "casino": 1}})
    g.cash[0] = space("havana") * 4 + SYN
    on_card(g, 13)  # 26July first
    act(g, "op")
    rally_place(g, "Matanzas")
    act(g, "done")
    assert g.active == ["syndicate"] and legal(g) == [("give cash", None), ("decline", None)]
    act(g, "give cash")
    assert g.cash[0] == -1 and g.active == ["m26"]
    assert ("operation", "march") in legal(g)
