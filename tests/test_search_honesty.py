"""The honesty test (issue 13): two states that differ only in what the deciding role cannot see
(an opponent's hand, the deck order, unrevealed votes and objectives, Power Struggle hands, the
game's own generator) give the same search for the same bot seed, exactly; and searching never
advances the real game's generator.

The twin of a position is `state.determinize(role, ...)`: a state the role cannot tell from it.
Each game's `_determinize` depends only on the contents of a hidden pool, not on its order, so
the twin's samples are the position's samples, draw for draw.
"""

from __future__ import annotations

import pytest

import agon
from agon.bots.evaluation import evaluator
from agon.engine import Rng
from agon.testing import random_position, variants

GAMES = variants(
    ("dual-powers", {}), ("dual-powers", {"players": 1, "side": "white"}), ("1989", {}),
    ("intrigue-city", {"players": 4}), ("intrigue-city", {"players": 2}), ("cuba-libre", {}),
    ("cuba-libre", {"deception": True}), ("cuba-libre", {"players": 1, "side": "dr"}),
)  # every declared game, these variants named
STEPS = (0, 25, 90, 200)


def _positions(game_id: str, options: dict) -> list:
    out = []
    for k, steps in enumerate(STEPS):
        state = random_position(game_id, 11 + k, steps, options)
        if state.active:
            out.append(state)
    return out


def _twin(state, role):
    """A state differing from `state` only in what `role` cannot see (hidden cards, deck order, rng)."""
    return state.determinize(role, Rng(4242))


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_determinize_of_twins_is_the_same_sample(game_id, options):
    for state in _positions(game_id, options):
        role = state.active[0]
        twin = _twin(state, role)
        assert state.determinize(role, Rng(7)).digest() == twin.determinize(role, Rng(7)).digest()


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@pytest.mark.parametrize("bot", ["ismcts:iterations=12,cutoff=15", "greedy"])
def test_search_of_twins_is_the_same_and_leaves_the_real_generator_alone(game_id, options, bot):
    if evaluator(game_id) is None:  # a game without an evaluation: no greedy bot, a search to the end
        if bot == "greedy":
            pytest.skip("the game declares no evaluation (agon.bots.evaluation)")
        bot = "ismcts:iterations=12"
    for state in _positions(game_id, options):
        role = state.active[0]
        twin = _twin(state, role)
        real_rng = (state.rng.state, state.rng.draws)
        digest = state.digest()
        ours, theirs = agon.make_bot(bot, game_id, 5), agon.make_bot(bot, game_id, 5)
        assert ours.choose(state, role) == theirs.choose(twin, role)
        assert ours.rng.state == theirs.rng.state  # the same search, draw for draw
        assert (state.rng.state, state.rng.draws) == real_rng and state.digest() == digest


def test_the_seed_is_hidden_too_so_an_automatons_die_rolls_are_guessed():  # CL 8.2, 8.3
    """The seed decides the deck and, in Cuba Libre, the Non-players' random choices: two states that
    differ only in it give the same search (the samples draw their own seed)."""
    options = {"players": 1, "side": "dr"}
    nonplayer = agon.make_bot("nonplayer", "cuba-libre", 1)
    state = random_position("cuba-libre", 5, 40, options)
    while state.active[0] != "dr":
        state.apply(state.active[0], nonplayer.choose(state, state.active[0]))
    twin = state.clone()
    twin.seed = state.seed + 1
    bot = "ismcts:iterations=16,cutoff=40"
    ours, theirs = agon.make_bot(bot, "cuba-libre", 5), agon.make_bot(bot, "cuba-libre", 5)
    assert ours.choose(state, "dr") == theirs.choose(twin, "dr")
    assert ours.rng.state == theirs.rng.state
    assert state.determinize("dr", Rng(3)).seed == twin.determinize("dr", Rng(3)).seed


def test_1989_twins_sample_the_same_where_a_card_seen_in_a_hand_has_left_it():  # issue 29 item 3
    """The greedy bot's game from seed 209, at action 248: the Communist played card 39, which the
    Democrat saw him take from the discards, and it is back among the unseen cards. A
    determinization could deal it back into the Communist's hand, where a determinization of that
    one kept it as seen: the twins' samples and searches differed."""
    state = agon.load("1989").new(209, quiet=True)
    bot = agon.make_bot("greedy", "1989", 209)
    for _ in range(248):
        state.apply(state.active[0], bot.choose(state, state.active[0]))
    role = state.active[0]
    assert role == "democrat"
    twin = _twin(state, role)
    assert state.determinize(role, Rng(7)).digest() == twin.determinize(role, Rng(7)).digest()
    ours, theirs = agon.make_bot("ismcts:iterations=12,cutoff=15", "1989", 5), agon.make_bot(
        "ismcts:iterations=12,cutoff=15", "1989", 5)
    assert ours.choose(state, role) == theirs.choose(twin, role)
    assert ours.rng.state == theirs.rng.state
