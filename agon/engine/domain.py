"""Small builders for a game's action domain (`Game.action_domain`): every action its code can build.

    >>> each("suit", ("hearts", "spades"))
    [Action('suit', 'hearts'), Action('suit', 'spades')]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from agon.engine.actions import Action

Arg = str | int | None | tuple[str | int, ...]


def each(verb: str, values: Iterable[Arg]) -> list[Action]:
    """`verb` with each of `values` as its argument."""
    return [Action(verb, v) for v in values]


def product(verb: str, *slots: Iterable[str | int]) -> list[Action]:
    """`verb` with every tuple of one value from each slot as its argument."""
    return [Action(verb, combo) for combo in itertools.product(*slots)]


def bare(*verbs: str) -> list[Action]:
    """Each verb without an argument."""
    return [Action(v, None) for v in verbs]
