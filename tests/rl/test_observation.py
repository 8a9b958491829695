"""Observation vectors: the flattening rules of docs/rl.md, and nothing a role cannot see."""

from __future__ import annotations

import pytest

from agon.engine import load
from agon.engine.rng import Rng
from agon.rl.observation import Observer, flatten
from agon.rl.spaces import games_with_space, spec

GAMES = games_with_space()  # every declared game with a fixed action space (agon/engine/registry.py)


def test_flatten_follows_the_documented_rules() -> None:
    view = {
        "game": "x", "log": ["hidden from features"], "result": None,
        "round": 3, "over": False, "phase": "action", "blockade": None,
        "hand": ["a", "b", "a"], "played": [7, 7, 3], "sp": [0, 2], "control": [None, "red"],
        "prompt": "Choose a space for the second of your three Rally placements, or done",
        "districts": [{"id": "vyborg", "strength": 2}], "rows": [{"x": 1}],
        "tracks": {"red": {"score": 4}},
    }
    assert flatten(view, positional=frozenset({"sp"})) == {
        "round": 3.0, "over": 0.0, "phase=action": 1.0,
        "hand=a": 2.0, "hand=b": 1.0, "played=7": 2.0, "played=3": 1.0, "sp/0": 0.0, "sp/1": 2.0,
        "control/1=red": 1.0,
        "districts/vyborg/id=vyborg": 1.0, "districts/vyborg/strength": 2.0, "rows/0/x": 1.0,
        "tracks/red/score": 4.0,
    }


def test_observer_drops_unlisted_features_and_zeroes_missing_ones() -> None:
    observer = Observer(["round", "phase=action", "missing"])
    assert observer.vector({"round": 2, "phase": "action", "extra": 9}) == [2.0, 1.0, 0.0]


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_is_the_same_in_every_state_the_role_cannot_tell_apart(game_id: str) -> None:
    """Hidden information stays hidden: resampling what a role cannot see leaves its vector as it was."""
    game = load(game_id)
    observer = spec(game_id).observer()
    chooser = Rng(5)
    state = game.new(11)
    roles = game.roles(**state.options)
    for step in range(240):
        if not state.active:
            break
        if step % 40 == 0:
            for role in roles:
                seen = observer.vector(state.view(role))
                for k in range(2):
                    twin = state.determinize(role, Rng(step * 10 + k))
                    assert observer.vector(twin.view(role)) == seen
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
