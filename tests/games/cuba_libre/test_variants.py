"""1st-edition optional rules kept by the Greek seed: No Reveal (2.2), Eligibility A/B (2.3.1)."""

from __future__ import annotations

import pytest

import agon
from agon.engine.rng import Rng
from agon.games.cuba_libre.data import DIRECTORIO, GOVT, M26, ORDER
from tests.games.cuba_libre.helpers import act, blank, legal, put
from tests.games.cuba_libre.test_sequence import on_card

GAME = agon.load("cuba-libre")


def test_options_combination_rules():
    with pytest.raises(ValueError, match="no_reveal"):
        GAME.new(1, no_reveal=True, eligibility="A")
    with pytest.raises(ValueError, match="eligibility"):
        GAME.new(1, eligibility="C")


def test_2_2_no_reveal_hides_the_next_card_and_determinize_resamples_it():
    g = GAME.new(9, no_reveal=True)
    for role in (*GAME.roles(), None):
        view = g.view(role)
        assert view["next_card"] is None and view["next_title"] == "(face down)"
    nexts = {g.determinize("govt", Rng(k)).next_card for k in range(15)}
    assert len(nexts) > 1
    d = g.determinize("govt", Rng(1))
    assert sorted([*d.deck, d.next_card]) == sorted([*g.deck, g.next_card])


def test_2_2_no_reveal_ignores_the_final_event_card_restriction():
    g = blank(no_reveal=True)
    put(g, "matanzas", m26_u=1)
    g.prop_played = 3
    on_card(g, 13, nxt=50)
    assert ("op", None) in legal(g)


def test_2_3_1_option_a_orders_by_the_next_event_card():
    g = blank(eligibility="A")
    g.deck = [40, 39, 38, 37]
    on_card(g, 13, nxt=1)  # current 26July-first, next card 1 is Government-first
    g.stack = []
    g.next_turn()  # current becomes 1, next is 37 (Syndicate first)
    g._run()
    assert g.order_card == 37 and g.active == ["syndicate"]
    assert g.cand == tuple(f for f in ORDER[37] if g.elig[f])


def test_2_3_1_option_a_turns_up_propaganda_cards_to_find_an_event():
    g2 = blank(eligibility="A")
    g2.deck = [40, 39, 50]
    g2.current, g2.next_card = 12, 49
    g2.order_card = g2.current
    from agon.games.cuba_libre import variants

    assert variants.order_card(g2) == 39 and g2.peek == 2
    assert variants.seen_top(g2) == [50, 39]
    d = g2.determinize("govt", Rng(4))
    assert d.deck[-2:] == [39, 50]


def test_2_3_1_option_b_acting_does_not_make_ineligible():
    g = blank(eligibility="B")
    put(g, "matanzas", m26_u=1)
    g.executed = frozenset({M26, GOVT})
    g.inelig_next = frozenset({DIRECTORIO})
    g.end_card()
    assert g.elig == [True, True, False, True]
    _ = act
