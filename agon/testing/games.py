"""The one list of games a test suite runs its tests of every game on, from the registry.

    >>> "dual-powers" in every_game()
    True
    >>> ("1989", {"handicap": 2}) in variants(("1989", {"handicap": 2}))
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agon.engine.game import Game
from agon.engine.registry import declared, load


def every_game() -> list[str]:
    """The games declared by entry point (agon's own, any installed distribution's, any a test suite
    declares from its folders: agon.testing.plugins), in the registry's order; games registered as
    objects (the engine tests' toys) are left out."""
    return declared()


def games_that(has: Callable[[Game], Any]) -> list[str]:
    """The games of `every_game()` whose `Game` declares what a test needs (`has(game)` is true):
    `games_that(lambda game: game.languages())` (translations), `game.board_script()` (a web
    board), `game.rules_text("el")`, `game.neighbours()` (a map), `game.fact_labels()`... A game
    that has it is tested without a line of the test changed; one that lacks it is left out by what
    it declares, never by its id."""
    return [game_id for game_id in every_game() if has(load(game_id))]


def variants(*named: tuple[Any, ...], fill: tuple[Any, ...] = (),
             having: Callable[[Game], Any] | None = None) -> list[tuple[Any, ...]]:
    """Test cases `(game id, options, ...)` for every game of `every_game()`: the cases a test names
    for particular games (their variants, each with the test's own budget), those of games not
    installed left out, then each game no case names with its default options, `(game id, {},
    *fill)`. A new game is in every such list without a line of the test changed. `having`: only
    the games that declare a capability the test needs (`games_that`)."""
    games = every_game() if having is None else games_that(having)
    cases = [case for case in named if case[0] in games]
    seen = {case[0] for case in cases}
    return cases + [(game_id, {}, *fill) for game_id in games if game_id not in seen]
