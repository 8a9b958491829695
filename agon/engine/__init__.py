"""The game-agnostic core of agon. No third-party imports here."""

from agon.engine.actions import Action, Prompt
from agon.engine.errors import AgonError, IllegalAction, ReplayError, UnknownGame
from agon.engine.game import ENGINE_VERSION, Game, State, games, load, register
from agon.engine.log import LogEntry
from agon.engine.options import OptionSpec
from agon.engine.record import Replayed, read_record, replay, replay_checked, save_record
from agon.engine.rng import Rng

__all__ = [
    "ENGINE_VERSION", "Action", "AgonError", "Game", "IllegalAction", "LogEntry", "OptionSpec", "Prompt",
    "ReplayError", "Replayed", "Rng", "State", "UnknownGame", "games", "load", "read_record", "register", "replay",
    "replay_checked", "save_record",
]
