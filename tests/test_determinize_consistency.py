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

GAMES = [
    ("dual-powers", {}, 8),
    ("dual-powers", {"players": 1, "side": "white", "difficulty": 3}, 4),
    ("1989", {}, 4),
    ("intrigue-city", {"players": 4}, 3),
    ("cuba-libre", {}, 1),
    ("cuba-libre", {"players": 2, "no_reveal": True}, 1),
]
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
