"""A determinization is consistent with everything its role has seen (issue 16 item 2): at every
step of random games of every game, `state.determinize(role, rng).view(role) == state.view(role)`
for every role, and the real state does not move.

The full view (its log rendered) is compared every FULL_EVERY steps; at the other steps its parts
are compared without rendering the log again (the log entries themselves must be equal), which
keeps the test fast enough to run on every push.
"""

from __future__ import annotations

import pytest

import agon
from agon.engine import Rng
from agon.testing import variants

GAMES = variants(
    ("dual-powers", {}, 8),
    ("dual-powers", {"players": 1, "side": "white", "difficulty": 3}, 4),
    ("1989", {}, 4),
    ("intrigue-city", {"players": 4}, 3),
    ("cuba-libre", {}, 1),
    ("cuba-libre", {"players": 2, "no_reveal": True}, 1),
    fill=(4,))  # every declared game, these variants named (a game not named: 4 games)
FULL_EVERY = 40
SAMPLES = 2  # determinizations per role and step


def seen(state: agon.State, role: str) -> tuple:
    return state.active, state.result, state._view(role), state.log  # view(role) without rendering


@pytest.mark.parametrize(("game_id", "options", "games"), GAMES)
def test_determinize_keeps_every_roles_view_at_every_step(game_id, options, games):
    game = agon.load(game_id)
    for seed in range(games):
        state, rng, sampler = game.new(seed, **options), Rng(seed), Rng(1000 + seed)
        roles = game.roles(**state.options)
        step = 0
        while state.active:
            digest = state.digest() if step % FULL_EVERY == 0 else None
            for role in roles:
                view = seen(state, role)
                for _ in range(SAMPLES):
                    twin = state.determinize(role, sampler)
                    assert seen(twin, role) == view, f"seed {seed} step {step}: {role}'s view changed"
                if digest is not None:
                    assert twin.view(role) == state.view(role)
            if digest is not None:
                assert state.digest() == digest
            role = state.active[0]
            legal = state.legal_actions(role)
            state.apply(role, legal[rng.below(len(legal))])
            step += 1


# -- 1989: what a side has seen of the other's hand (issue 29 item 3) ---------------------------------
# 1989 keeps the cards of a hand its opponent has seen (`known`: taken from the discards, shown to
# Stasi or Goodbye Lenin!) and what he learnt of the others (`not_red`, `ops_cap`: how many, and
# never which, issue 36 item 3: tests/games/dawn_of_freedom/test_hand_knowledge.py). A card stays
# listed after it leaves the hand, and a determinization could deal it back into that hand, where a
# determinization of that determinization then kept it as seen: the two samples differed (found
# with the greedy bot, seed 209, near action 165: the Communist played card 39, which he had taken
# from the discards with Honecker). And the hints on unseen cards named the original cards, which a
# sample moved away, so that a second determinization lost them.


def _hand_knowledge_holds(state: agon.State, role: str) -> None:
    """What `role`'s side has seen of the opponent's hand in a determinization is about cards in
    that hand, and true of them."""
    from agon.games.dawn_of_freedom.data import CARDS, SIDE_OF

    opp = 1 - SIDE_OF[role]
    hand = state.hands[opp]
    assert set(state.known[opp]) <= set(hand), f"{role} has seen {state.known[opp]} in a hand of {hand}"
    unseen = [c for c in hand if c not in state.known[opp] and c != state.must_play[opp]]
    if opp == 1:  # the Democrat learnt how many unseen Communist cards are not red-title (card 46)
        assert sum(1 for c in unseen if not CARDS[c].red) >= min(state.not_red, len(unseen))
    else:  # the Communist learnt caps on the Democrat's printed Ops (card 20): as many unseen cards fit them
        caps = state.ops_cap[max(0, len(state.ops_cap) - len(unseen)):]
        worth = sorted(0 if CARDS[c].scoring else CARDS[c].ops for c in unseen)
        assert all(value <= cap for value, cap in zip(worth, caps, strict=False))


def _seen_in_hand(state: agon.State, role: str) -> list[int]:
    from agon.games.dawn_of_freedom.data import SIDE_OF

    opp = 1 - SIDE_OF[role]
    return sorted(c for c in state.known[opp] if c in state.hands[opp])


def _hidden(state: agon.State) -> tuple:
    """The parts of a 1989 state that a determinization resamples, and the hints on them."""
    return (state.hands, state.deck, state.in_play, state.known, state.not_red, state.ops_cap,
            state.ps and (state.ps["hands"], state.ps["deck"], state.ps["out"], state.ps["face_down"]))


def test_1989_a_card_seen_in_a_hand_then_played_is_not_kept_there_by_a_determinization():
    """The Communist takes card 39 from the discards (the Democrat sees it go) and plays it; it goes
    back into the deck. The Democrat's samples do not hold it as a card seen in the Communist's
    hand, and determinizing a determinization gives him the same samples (the seed 209 defect,
    reduced)."""
    from tests.games.dawn_of_freedom.helpers import act, my_round, new_game, take

    state = new_game(209)
    take(state, 39)
    state.discard.append(39)
    state.take_card(1, 39)  # as Honecker's pick does
    my_round(state, 1)
    act(state, 1, "card", 39)
    state.discard.append(state.in_play.pop())  # (scaffolding: the card goes back among the unseen ones)
    state.deck, state.discard = state.deck + state.discard, []
    for seed in range(12):
        twin = state.determinize("democrat", Rng(seed))
        _hand_knowledge_holds(twin, "democrat")
        again = twin.determinize("democrat", Rng(100 + seed))
        _hand_knowledge_holds(again, "democrat")
        assert _hidden(state.determinize("democrat", Rng(7))) == _hidden(twin.determinize("democrat", Rng(7)))


def test_1989_greedy_game_seed_209_samples_the_same_from_a_determinization():
    """The game the defect was found in: the greedy bot plays both sides from seed 209; up to
    action 260, at each step, each role's sample of the position and of a determinization of it
    are the same, and what each side has seen of the other's hand is in it in every sample."""
    state = agon.load("1989").new(209, quiet=True)
    bot = agon.make_bot("greedy", "1989", 209)
    for step in range(260):  # (the samples first differed at action 248)
        for role in ("democrat", "communist"):
            twin = state.determinize(role, Rng(4242))
            ours, theirs = state.determinize(role, Rng(7)), twin.determinize(role, Rng(7))
            for sample in (twin, ours, theirs):
                _hand_knowledge_holds(sample, role)
            assert _hidden(ours) == _hidden(theirs), f"step {step}: {role}'s samples differ"
        role = state.active[0]
        state.apply(role, bot.choose(state, role))


@pytest.mark.parametrize("options", [{}, {"handicap": 2}])
def test_1989_determinizing_a_determinization_keeps_what_the_role_knows(options):
    """At every step of random games, for each role: two determinizations in a row (other
    generators) keep the role's view and the cards it has seen in the opponent's hand, every card
    it has seen there is in it, and the hints on the unseen cards still hold of the cards sampled
    in their places."""
    game = agon.load("1989")
    for seed in range(3):
        state, chooser, sampler = game.new(seed, **options), Rng(seed), Rng(500 + seed)
        while state.active:
            for role in ("democrat", "communist"):
                view, cards = seen(state, role), _seen_in_hand(state, role)
                once = state.determinize(role, sampler)
                twice = once.determinize(role, sampler)
                for sample in (once, twice):
                    _hand_knowledge_holds(sample, role)
                    assert seen(sample, role) == view and _seen_in_hand(sample, role) == cards
            legal = state.legal_actions(state.active[0])
            state.apply(state.active[0], legal[chooser.below(len(legal))])
