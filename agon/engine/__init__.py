"""The game-agnostic core of agon. No third-party imports here."""

from agon.engine.actions import Action, Prompt
from agon.engine.errors import AgonError, IllegalAction, OptionError, PositionError, ReplayError, UnknownGame
from agon.engine.game import ENGINE_VERSION, Game, State, games, load, register
from agon.engine.log import LogEntry
from agon.engine.options import OptionSpec
from agon.engine.record import Replayed, read_record, replay, replay_checked, save_record
from agon.engine.result import Result, ResultError
from agon.engine.rng import KeyedRng, RandomSource, Rng, new_secret_seed
from agon.engine.text import ENGLISH, Text, Translator, from_json, log_lines, msg, plural

__all__ = [
    "ENGINE_VERSION", "ENGLISH", "Action", "AgonError", "Game", "IllegalAction", "KeyedRng", "LogEntry", "OptionError", "OptionSpec",
    "PositionError", "Prompt", "RandomSource", "ReplayError", "Replayed", "Result", "ResultError", "Rng", "State", "Text", "Translator", "UnknownGame", "from_json",
    "games", "load", "log_lines", "msg", "new_secret_seed", "plural", "read_record", "register", "replay",
    "replay_checked", "save_record",
]
