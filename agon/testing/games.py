"""The one list of games a test suite runs its tests of every game on, from the registry.

    >>> "dual-powers" in every_game()
    True
    >>> ("1989", {"handicap": 2}) in variants(("1989", {"handicap": 2}))
    True
"""

from __future__ import annotations

from typing import Any

from agon.engine.registry import declared


def every_game() -> list[str]:
    """The games declared by entry point (agon's own, any installed distribution's, any a test suite
    declares from its folders: agon.testing.plugins), in the registry's order; games registered as
    objects (the engine tests' toys) are left out."""
    return declared()


def variants(*named: tuple[Any, ...], fill: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Test cases `(game id, options, ...)` for every game of `every_game()`: the cases a test names
    for particular games (their variants, each with the test's own budget), those of games not
    installed left out, then each game no case names with its default options, `(game id, {},
    *fill)`. A new game is in every such list without a line of the test changed."""
    games = every_game()
    cases = [case for case in named if case[0] in games]
    seen = {case[0] for case in cases}
    return cases + [(game_id, {}, *fill) for game_id in games if game_id not in seen]
