"""agon: play, study and train AI on strategy board games, each rule enforced from its rulebook.

    >>> import agon
    >>> game = agon.load("dual-powers")
    >>> state = game.new(seed=7)
    >>> role = state.active[0]
    >>> state.apply(role, state.legal_actions(role)[0])
"""

from importlib.metadata import PackageNotFoundError, version

from agon import bots
from agon.bots import make_bot
from agon.engine import (
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

try:  # the package's version has one home, pyproject.toml; ENGINE_VERSION is the game records' format, apart
    __version__ = version("agon")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action", "Game", "IllegalAction", "KeyedRng", "Prompt", "ReplayError", "Rng", "State", "UnknownGame",
    "__version__", "bots", "games", "load", "make_bot", "new_secret_seed", "play_match", "replay",
]
