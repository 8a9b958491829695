"""CL 1.5.1 Negotiation: voluntary transfers of Resources (1.8) and Cash (4.5.2) to or from the
faction executing (ruling CL-R35)."""

from __future__ import annotations

import json

import pytest

from agon.games.cuba_libre import GAME
from agon.games.cuba_libre.data import DIRECTORIO, FORCES, GOVT, M26, SYN, space
from agon.games.cuba_libre.nonplayer import NonPlayerBot
from agon.testing import fuzz
from agon.testing.fuzz import play_random_game
from tests.games.cuba_libre.helpers import act, blank, legal, put
from tests.games.cuba_libre.np_helpers import at_option, decide

TRANSFER = ("transfer", None)


def game(**options):
    g = blank(**options)
    g.res = [20, 10, 10, 30]
    at_option(g, M26, 15)  # 26July executes (1st Eligible)
    return g


def test_1_5_1_transfer_is_offered_to_the_executing_faction_at_its_option():
    g = game()
    assert g.active == ["m26"] and TRANSFER in legal(g)
    act(g, "transfer")
    assert g.stack[-1]["step"] == "transfer" and g.stack[-2]["step"] == "option"
    assert legal(g) == [("give to", "govt"), ("ask", "govt"), ("give to", "dr"), ("ask", "dr"),
                        ("give to", "syndicate"), ("ask", "syndicate")]


def test_1_5_1_a_gift_from_the_executing_faction():
    g = game()
    act(g, "transfer")
    act(g, "give to", "dr")
    assert legal(g) == [("give resources", n) for n in range(1, 11)]
    act(g, "give resources", 4)
    assert g.res[M26] == 6 and g.res[DIRECTORIO] == 14
    assert g.active == ["m26"] and g.stack[-1]["step"] == "option"  # back at its choice
    act(g, "transfer")
    assert ("give to", "dr") not in legal(g) and ("ask", "dr") in legal(g)
    g.check_pieces(FORCES)  # pieces, Cash markers, Resources 0..49


def test_1_5_1_a_gift_of_a_cash_marker_goes_to_the_receivers_piece():
    g = game()
    put(g, "havana", m26_u=1, dr_u=1)
    put(g, "matanzas", m26_u=1)
    g.cash[0] = space("havana") * 4 + M26
    g.cash[1] = space("matanzas") * 4 + M26
    g.res[M26] = 0
    g.changed()
    act(g, "transfer")
    act(g, "give to", "dr")
    assert legal(g) == [("give cash marker", "Havana")]  # no DR piece in Matanzas to hold Cash
    act(g, "give cash marker", "Havana")
    assert g.cash[0] == space("havana") * 4 + DIRECTORIO and g.cash[1] == space("matanzas") * 4 + M26
    g.check_pieces(FORCES)  # pieces, Cash markers, Resources 0..49


def test_1_5_1_gifts_never_raise_resources_above_49():
    g = game()
    g.res[GOVT] = 47
    act(g, "transfer")
    act(g, "give to", "govt")
    act(g, "give resources", 5)
    assert g.res == [49, 5, 10, 30]
    g.check_pieces(FORCES)  # pieces, Cash markers, Resources 0..49


def test_1_5_1_a_request_accepted():
    g = game()
    act(g, "transfer")
    act(g, "ask", "syndicate")
    assert g.active == ["syndicate"]  # the giver decides
    assert legal(g) == [*(("give resources", n) for n in range(1, 31)), ("decline", None)]
    act(g, "give resources", 7)
    assert g.res[SYN] == 23 and g.res[M26] == 17
    assert g.active == ["m26"] and g.stack[-1]["step"] == "option"


def test_1_5_1_a_request_declined_uses_up_the_pair():
    g = game()
    act(g, "transfer")
    act(g, "ask", "govt")
    act(g, "decline")
    assert g.res == [20, 10, 10, 30] and g.active == ["m26"]
    act(g, "transfer")
    assert ("ask", "govt") not in legal(g) and ("give to", "govt") in legal(g)


def test_1_5_1_offered_at_the_operations_space_prompt():
    g = game()
    put(g, "havana", m26_u=1)
    act(g, "op")
    act(g, "operation", "rally")
    assert g.stack[-1]["step"] == "op" and TRANSFER in legal(g)
    act(g, "transfer")
    act(g, "give to", "syndicate")
    act(g, "give resources", 10)
    assert g.stack[-1]["step"] == "op" and g.res[M26] == 0
    assert ("done", None) in legal(g) or any(v == "space" for v, _ in legal(g))


def test_1_5_no_transfer_between_factions_of_the_same_player():
    g = game(players=2, no_nonplayers=True)  # 26July + DR, Government + Syndicate
    act(g, "transfer")
    assert [a for a in legal(g) if a[1] == "dr"] == []
    assert ("give to", "govt") in legal(g) and ("ask", "syndicate") in legal(g)


def test_card_18_pact_of_caracas_allows_transfers_between_one_players_26july_and_dr():
    """Card 18: "if 26July and DR are the same player, mutual transfers allowed" overrides 1.5's ban
    (issue 32 item 10): under the Pact the 26July/DR player may give and ask between them; the
    Government/Syndicate player still may not."""
    g = game(players=2, no_nonplayers=True)  # 26July + DR, Government + Syndicate
    g.capabilities = frozenset({(18, False)})
    g.changed()
    act(g, "transfer")
    assert ("give to", "dr") in legal(g) and ("ask", "dr") in legal(g)
    from agon.games.cuba_libre.negotiation import can_give

    assert not can_give(g, GOVT, SYN) and not can_give(g, SYN, GOVT)
    act(g, "give to", "dr")
    act(g, "give resources", 3)
    assert g.res[M26] == 7 and g.res[DIRECTORIO] == 13


def test_1_5_1_bound_one_transfer_per_ordered_pair_per_card():
    g = game()
    for other in ("govt", "dr", "syndicate"):
        act(g, "transfer")
        act(g, "give to", other)
        act(g, "give resources", 1)
        act(g, "transfer")
        act(g, "ask", other)
        act(g, "decline")
    assert TRANSFER not in legal(g)  # all 6 ordered pairs used on this card
    g.card_reset()
    g.changed()
    assert TRANSFER in legal(g)  # a new card


def test_1_5_1_nothing_to_give_nothing_offered():
    g = game()
    g.res = [0, 0, 0, 0]
    g.changed()
    assert TRANSFER not in legal(g)


def test_8_1_2_players_give_to_non_players_but_never_ask_them():
    g = game(players=3)  # the Syndicate is a Non-player
    act(g, "transfer")
    assert ("give to", "syndicate") in legal(g) and ("ask", "syndicate") not in legal(g)
    act(g, "give to", "syndicate")
    act(g, "give resources", 2)
    assert g.res[SYN] == 32


def test_8_1_2_an_executing_non_player_never_opens_a_transfer():
    g = blank(players=3)
    g.res = [20, 10, 10, 30]
    at_option(g, SYN, 15)
    assert TRANSFER not in legal(g)


def test_8_1_2_a_non_player_asked_to_give_declines():
    g = game(players=3)
    g.push("transfer_request", SYN, recipient=M26)  # forced: the engine never asks a Non-player
    g.changed()
    g._run()
    assert legal(g) == [("decline", None)]
    d = decide(g)
    assert (d.verb, d.arg) == ("decline", None)


def test_8_1_2_the_bot_on_a_player_seat_declines_a_request_and_never_opens_a_transfer():
    g = game()
    assert TRANSFER in legal(g) and decide(g).verb != "transfer"
    act(g, "transfer")
    act(g, "ask", "syndicate")
    d = decide(g)
    assert (d.verb, d.arg) == ("decline", None) and "8.1.2" in d.reason


def test_8_1_2_bots_on_every_seat_never_transfer():
    state = GAME.new(11, players=4)  # every faction a player: the verb is offered at every option
    bot = NonPlayerBot()
    for _ in range(1500):
        if state.is_over:
            break
        role = state.active[0]
        a = bot.choose(state, role)
        assert a.verb not in ("transfer", "give to", "ask")
        state.apply(role, a)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2, "no_nonplayers": True}, {"players": 1}])
def test_1_5_1_random_play_with_transfers_ends_every_game(options):
    report = fuzz("cuba-libre", 6, options, first_seed=900)
    assert report.ok, report.summary()
    state, problem = play_random_game("cuba-libre", 901, options)
    assert problem is None and state.is_over
    assert '"transfer"' in json.dumps(state.record())
