"""agon: play, study and train AI on strategy board games, each rule enforced from its rulebook.

    >>> import agon
    >>> game = agon.load("dual-powers")
    >>> state = game.new(seed=7)
    >>> role = state.active[0]
    >>> state.apply(role, state.legal_actions(role)[0])
"""

from agon import bots
from agon.bots import make_bot
from agon.engine import (
    ENGINE_VERSION,
    Action,
    Game,
    IllegalAction,
    KeyedRng,
    Prompt,
    ReplayError,
    Rng,
    State,
    UnknownGame,
    games,
    load,
    new_secret_seed,
    replay,
)
from agon.match import play_match

__version__ = ENGINE_VERSION

__all__ = [
    "Action", "Game", "IllegalAction", "KeyedRng", "Prompt", "ReplayError", "Rng", "State", "UnknownGame",
    "__version__", "bots", "games", "load", "make_bot", "new_secret_seed", "play_match", "replay",
]
