"""A random walk to a position, for tests that need positions of every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from agon.engine import Rng, State, load


def random_position(game_id: str, seed: int, steps: int, options: dict[str, Any] | None = None,
                    quiet: bool = False, live: bool = False) -> State:
    """The position after `steps` uniformly random legal actions (fewer if the game ends), each
    by the first active role; the same arguments always give the same position (`quiet`: played
    as a quiet state, with no log lines). With `live`, a game shorter than `steps` stops at its
    last position with a decision to make, not at its end (a test that needs a role to act)."""
    walk = random_positions(game_id, seed, 1, options, quiet)
    state = next(walk, None)
    before = state.clone() if live and state is not None else None
    for _ in range(steps):
        state = next(walk, state)  # (at the end the walk stops on the last position)
        if before is not None and state is not None:
            if not state.active:
                return before
            before = state.clone()
    assert state is not None, f"{game_id} is over before its first action"
    return state


def random_positions(game_id: str, seed: int, every: int = 1, options: dict[str, Any] | None = None,
                     quiet: bool = True, pick_role: bool = False) -> Iterator[State]:
    """Every `every`-th position of one random game, to its end: the one state, moved on by a
    uniformly random legal action after each look (`pick_role`: of a random active role, not the
    first). For tests that compare a game's quick answers with its full computations."""
    state, rng = load(game_id).new(seed, quiet=quiet, **(options or {})), Rng(seed)
    n = 0
    while state.active:
        if n % every == 0:
            yield state
        active = state.active
        role = active[rng.below(len(active))] if pick_role else active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[rng.below(len(legal))])
        n += 1
