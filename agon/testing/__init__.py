"""Harnesses every game's tests use: random playouts with invariant, dead-end and replay checks."""

from agon.testing.fuzz import FuzzReport, fuzz, play_random_game
from agon.testing.games import every_game, games_that, variants
from agon.testing.walk import random_position

__all__ = ["FuzzReport", "every_game", "fuzz", "games_that", "play_random_game", "random_position", "variants"]
