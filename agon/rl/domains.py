"""Every action each game can offer: its action space by construction.

Each game declares its domain itself (`Game.action_domain()`, in its own package: every verb its
code builds with its argument domain from the game's data); this module only reads it. The fixed
numbering (`Game.rl_space()`, the game's `rl.json`) holds all of it: a domain may hold a few actions
no position can reach, never lack one a position offers (tests/rl/test_domains.py compares the
verbs with the game's sources and with the actions random games offer).
"""

from __future__ import annotations

from functools import cache

from agon.engine import Action, load


@cache
def domain(game_id: str) -> frozenset[Action]:
    """Every action `game_id` can ever offer (a superset: a few may be unreachable)."""
    return frozenset(load(game_id).action_domain())


def verbs(game_id: str) -> frozenset[str]:
    """The verbs of `domain(game_id)`."""
    return frozenset(a.verb for a in domain(game_id))
