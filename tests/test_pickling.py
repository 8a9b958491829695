"""Every state pickles, at every step of every game (issue 29 item 4).

The server sends a state to its bot worker process by pickling it. A state that held a closure (an
event's callback made inside the event's function, a space filter made by a lambda) could not be
pickled, and the server's bots fell back to random moves: in 1989 5-11% of their decisions (every
one while The Wall waited in front of the Communist), in Cuba Libre about 4% of the Non-players'.
A record of about a thousand actions could not be pickled either (pickle went one level deeper for
each of its links).

Each game below is played twice side by side from the same seed with the same actions: once as it
is, once from a pickled copy made at every step (`pickle.loads(pickle.dumps(state))`), so what the
copy holds must both equal the original and go on working (an event's pending callbacks, a lasting
effect's filter). The copy's digest is compared with the original's every CHECK_EVERY steps and at
the end (what the roles see and the generator at every step); clones and determinizations pickle
too. Cuba Libre's Non-player factions move by their rulebook bot, as on a server (the reported
failures were theirs); the other roles move at random.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import agon
from agon.engine import Rng, State
from agon.testing import every_game, variants

CHECK_EVERY = 16  # steps between two comparisons of whole digests (the cheap checks run at every step)

# (game, options, seeds, quiet): every option set of each game's option_specs() that changes what
# a state holds; a quiet game keeps no log, so it costs less to pickle (one game per title keeps it)
GAMES = variants(
    ("dual-powers", {}, 3, False),
    ("dual-powers", {"players": 1, "side": "red", "difficulty": 1}, 2, True),
    ("dual-powers", {"players": 1, "side": "white", "difficulty": 6}, 2, True),
    ("1989", {}, 1, False),
    ("1989", {"handicap": 2}, 2, True),
    ("intrigue-city", {"players": 2}, 2, False),
    ("intrigue-city", {"players": 3, "beginner": True}, 2, True),
    ("intrigue-city", {"players": 4, "short": True, "advanced": "A", "blank_vote": True}, 2, True),
    ("intrigue-city", {"players": 5, "advanced": "B", "theme": "web_of_lies", "limit_equilibrium": True}, 2, True),
    ("intrigue-city", {"players": 3, "advanced": "B", "theme": "gold_and_steel", "unlimited_bank": True}, 1, True),
    ("cuba-libre", {}, 1, False),
    ("cuba-libre", {"players": 3, "deception": True}, 1, True),
    ("cuba-libre", {"players": 2, "no_nonplayers": True, "no_reveal": True}, 1, True),
    ("cuba-libre", {"players": 2, "short": True, "deployment": "variable"}, 1, True),
    ("cuba-libre", {"players": 1, "solo": "dr", "eligibility": "A"}, 1, True),
    ("cuba-libre", {"players": 0, "eligibility": "B"}, 1, True),
    fill=(2, False))  # every declared game (a game not named: its defaults)


def roundtrip(state: State) -> State:
    return pickle.loads(pickle.dumps(state))


def _seats(game: agon.Game, state: State, seed: int) -> dict[str, Any]:
    """The bots a server seats where nobody asked (Cuba Libre's Non-players); others move at random."""
    seats = {}
    for role in game.roles(**state.options):
        name = game.default_seat(role, state.options)
        if name != "random":
            seats[role] = agon.make_bot(name, game.id, seed)
    return seats


def _seen(state: State) -> tuple[Any, ...]:
    """What every step compares without a digest: who acts, what they may do, the generator."""
    active = state.active
    return active, state.legal_actions(active[0]) if active else [], state.rng.state, state.rng.draws, state.actions_played


@pytest.mark.parametrize(("game_id", "options", "seeds", "quiet"), GAMES)
def test_pickled_copy_at_every_step_is_the_same_game_and_plays_on_the_same(game_id, options, seeds, quiet):
    game = agon.load(game_id)
    for seed in range(seeds):
        state = game.new(seed, quiet=quiet, **options)
        copy = roundtrip(state)
        chooser, seats = Rng(seed), _seats(game, state, seed)
        step = 0
        while state.active:
            assert _seen(copy) == _seen(state), f"{game_id} seed {seed} step {step}: the pickled copy differs"
            if step % CHECK_EVERY == 0:
                assert copy.digest() == state.digest(), f"{game_id} seed {seed} step {step}: digests differ"
            active = state.active
            role = active[0] if len(active) == 1 else active[chooser.below(len(active))]
            if role in seats:
                action = seats[role].choose(state, role)
            else:
                legal = state.legal_actions(role)
                action = legal[chooser.below(len(legal))]
            state.apply(role, action)
            copy.apply(role, action)  # the copy made at the last step plays on...
            copy = roundtrip(copy)  # ...and is pickled again: every state of the game is
            step += 1
        assert copy.digest() == state.digest() and copy.result == state.result


@pytest.mark.parametrize(("game_id", "options"), [(g, o) for g, o, _, _ in GAMES[::2]])
def test_clones_and_determinizations_pickle(game_id, options):
    game = agon.load(game_id)
    state = game.new(7, **options)
    chooser, sampler = Rng(7), Rng(8)
    roles = game.roles(**state.options)
    for step in range(400):
        if not state.active:
            break
        if step % 20 == 0:
            twins = [state.clone()] + [state.determinize(role, sampler) for role in roles]
            for twin in twins:
                assert roundtrip(twin).digest() == twin.digest(), f"{game_id} step {step}"
        legal = state.legal_actions(state.active[0])
        state.apply(state.active[0], legal[chooser.below(len(legal))])


def test_a_pickled_state_is_of_the_registered_game():
    state = agon.load("1989").new(3)
    assert roundtrip(state).game is state.game


def test_the_generator_pickles_with_its_draws():
    rng = Rng(11)
    rng.shuffle(list(range(30)))
    twin = roundtrip(rng)
    assert (twin.state, twin.draws) == (rng.state, rng.draws)
    assert [twin.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]


@contextmanager
def recursion_limit(limit: int) -> Iterator[None]:
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def test_a_record_longer_than_the_recursion_limit_pickles():
    """The record is a chain of links, one per action: pickled as it is, each link went one level
    deeper, and a game of about a thousand actions passed Python's recursion limit (1000)."""
    state = agon.load("cuba-libre").new(2, quiet=True)
    state.play_random(Rng(2).random, limit=600)
    with recursion_limit(300):  # a game 600 actions long, under a limit of 300: as 2000 under 1000
        copy = roundtrip(state)
    assert copy.history == state.history and copy.digest() == state.digest()


@pytest.mark.parametrize("game_id", every_game())
def test_a_keyed_game_pickles_at_every_step(game_id):
    """Server matches deal with the keyed generator (issue 29 item 1): their states go to the bot
    workers too, and a pickled copy must continue the same secret stream."""
    game = agon.load(game_id)
    state = game.new(2**100 + 17, generator="keyed", quiet=True)
    chooser = Rng(5)
    for step in range(300):
        if not state.active:
            break
        copy = roundtrip(state)
        assert copy.generator == "keyed" and _seen(copy) == _seen(state), f"{game_id} step {step}"
        if step % 50 == 0:
            assert copy.digest() == state.digest()
        legal = state.legal_actions(state.active[0])
        action = legal[chooser.below(len(legal))]
        state.apply(state.active[0], action)
        copy.apply(copy.active[0], action)
        assert copy.rng.state == state.rng.state and copy.rng.draws == state.rng.draws
