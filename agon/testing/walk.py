"""A random walk to a position, for tests that need positions of every game."""

from __future__ import annotations

from typing import Any

from agon.engine import Rng, State, load


def random_position(game_id: str, seed: int, steps: int, options: dict[str, Any] | None = None,
                    quiet: bool = False) -> State:
    """The position after `steps` uniformly random legal actions (fewer if the game ends), each
    by the first active role; the same arguments always give the same position (`quiet`: played
    as a quiet state, with no log lines)."""
    state, rng = load(game_id).new(seed, **(options or {})), Rng(seed)
    state.quiet = quiet
    for _ in range(steps):
        if not state.active:
            break
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[rng.below(len(legal))])
    return state
