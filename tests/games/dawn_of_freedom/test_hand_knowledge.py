"""What a side knows of the other's hand (issue 36 item 3): the cards it has seen there, how many
of the unseen ones are not red-title (Goodbye Lenin!, card 46) and the printed-Ops caps on them
(Deutsche Marks, card 20) are in its view and its observation, and `determinize` keeps them. The
knowledge is about the hand as the side sees it, never about which hidden card is which: two
states that differ only in which unseen cards the opponent holds (a twin) give the same samples,
the same search and the same view."""

from __future__ import annotations

import agon
from agon.engine.rng import Rng
from agon.games.dawn_of_freedom.data import CARDS, C, D
from tests.games.dawn_of_freedom.helpers import act, event, finish_place_ops, new_game, play, set_hand


def _swap(g, side: int, mine: int, fits) -> object:
    """A twin of `g`: `side` holds, in the slot of unseen card `mine`, a deck card that `fits` what
    the other side learnt; nothing else changes (the other side cannot tell the two apart)."""
    twin = g.clone()
    other = next(c for c in twin.deck if fits(c) and c != mine)
    hand = twin.hands[side]
    hand[hand.index(mine)] = other
    twin.deck[twin.deck.index(other)] = mine
    twin.changed()
    return twin


def _goodbye_lenin():
    g = new_game()
    set_hand(g, C, [2, 24, 33, 7, 5, 8])  # 2, 24, 33: red-title (1989 card 46 shows them)
    event(g, D, 46)
    act(g, D, "option", "use Goodbye Lenin's Operations")
    return g


def _deutsche_marks():
    g = new_game()
    set_hand(g, D, [29, 4, 9, 24, 26])  # 1-Op cards
    set_hand(g, C, [20])
    play(g, C, 20, "event")
    act(g, D, "card", 29)  # the highest printed Ops (all tie at 1): the Communist learns no other is higher
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Sofia")
    return g


def _same_for(g, twin, role: str) -> None:
    assert g.view(role) == twin.view(role)
    for seed in range(6):
        assert g.determinize(role, Rng(seed)).digest() == twin.determinize(role, Rng(seed)).digest()
    bot = "ismcts:iterations=12,cutoff=10"
    ours, theirs = agon.make_bot(bot, "1989", 5), agon.make_bot(bot, "1989", 5)
    assert ours.choose(g, role) == theirs.choose(twin, role)
    assert ours.rng.state == theirs.rng.state  # the same search, draw for draw


def test_card_46_the_democrat_knows_how_many_unseen_cards_are_not_red_whichever_they_are():
    g = _goodbye_lenin()
    assert g.active == ["democrat"]
    known = g.view("democrat")["opponent_hand"]
    assert known["seen"] == [2, 24, 33] and known["not_red"] == 3
    twin = _swap(g, C, 7, lambda c: not CARDS[c].red and not CARDS[c].scoring)
    _same_for(g, twin, "democrat")
    for seed in range(8):  # and what he learnt holds in every sample
        sample = g.determinize("democrat", Rng(seed))
        assert {2, 24, 33} <= set(sample.hands[C])
        assert not any(CARDS[c].red for c in sample.hands[C] if c not in (2, 24, 33))


def test_card_20_the_communist_knows_the_caps_on_the_unseen_cards_whichever_they_are():
    g = _deutsche_marks()
    role = g.active[0]
    assert role == "democrat"
    assert g.view("communist")["opponent_hand"]["ops_caps"] == [1, 1, 1, 1]
    twin = _swap(g, D, 4, lambda c: not CARDS[c].scoring and CARDS[c].ops <= 1)
    assert twin.view("communist") == g.view("communist")
    for seed in range(6):
        ours, theirs = g.determinize("communist", Rng(seed)), twin.determinize("communist", Rng(seed))
        assert ours.digest() == theirs.digest()
        assert all(CARDS[c].scoring or CARDS[c].ops <= 1 for c in ours.hands[D])


def test_a_card_leaving_face_up_takes_the_tightest_knowledge_it_fits_with_it():
    """After Goodbye Lenin! the Communist draws a card and plays an unseen card that is not
    red-title: the Democrat cannot tell whether it was one of the three he knew of, so he knows
    two now, in the real game and in a twin where the played card had been drawn."""
    g = _goodbye_lenin()
    g.hands[C].append(g.deck.pop())  # (a card drawn unseen)
    g.changed()
    assert g.view("democrat")["opponent_hand"]["not_red"] == 3
    g.left_hand(C, 7, shown=True)
    g.hands[C].remove(7)
    assert g.view("democrat")["opponent_hand"]["not_red"] == 2
    g.left_hand(C, 2, shown=True)  # a card he had seen: nothing more is lost
    assert g.view("democrat")["opponent_hand"]["not_red"] == 2


def test_the_knowledge_is_the_knowing_sides_own():
    g = _goodbye_lenin()
    assert "opponent_hand" not in g.view("communist") and "opponent_hand" not in g.view(None)


def test_the_observation_holds_it_too():
    from agon.rl.spaces import spec

    space = spec("1989")
    observer = space.observer()
    vector = dict(zip(space.features, observer.vector(_goodbye_lenin().view("democrat")), strict=True))
    assert vector["opponent_hand/not_red"] == 3.0
    assert vector["opponent_hand/seen=2"] == vector["opponent_hand/seen=33"] == 1.0
    caps = dict(zip(space.features, observer.vector(_deutsche_marks().view("communist")), strict=True))
    assert caps["opponent_hand/ops_caps=1"] == 4.0
