"""Harnesses every game's tests use: random playouts with invariant, dead-end and replay checks."""

from agon.testing.fuzz import FuzzReport, fuzz, play_random_game
from agon.testing.games import every_game, games_that, variants
from agon.testing.positions import edited, position_file, position_with, refusal
from agon.testing.walk import random_position

__all__ = ["FuzzReport", "edited", "every_game", "fuzz", "games_that", "play_random_game", "position_file",
           "position_with", "random_position", "refusal", "variants"]
