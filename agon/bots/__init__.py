"""Bots: policies outside the state that drive a seat through the prompts a person sees."""

from __future__ import annotations

import math
import sys
import types
from collections.abc import Callable
from typing import Any, Protocol

from agon.engine import Action, State, load
from agon.engine.rng import Rng


class Bot(Protocol):
    """A policy for one seat.

    A bot may also keep `last_reason` (str or None): why it chose its last action, e.g. the
    rulebook step of an automaton ("8.5.2 step 3"). `play_match` passes it to `State.apply` as
    a note, so it is logged and recorded with the action.
    """

    name: str

    def choose(self, state: State, role: str) -> Action:
        """The action to take; never mutates `state`."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (never undo)."""

    name = "random"

    def __init__(self, game_id: str, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, role: str) -> Action:
        legal = playable(state, role)
        return legal[self.rng.below(len(legal))]


def playable(state: State, role: str) -> list[Action]:
    """The actions a bot may choose for `role` (never undo); ValueError if there is none (the
    role is not active, or the game is over): every bot says so the same way."""
    legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
    if not legal:
        raise ValueError(f"{role} has no legal action")
    return legal


def _ismcts(game_id: str, seed: int = 0, **settings: Any) -> Bot:
    from agon.bots.ismcts import IsmctsBot

    return IsmctsBot(game_id, seed, **settings)


def _ismcts_settings(game_id: str) -> dict[str, tuple[type, Any, str]]:
    from agon.bots.evaluation import default_cutoff

    return {
        "seconds": (float, 1.0, "thinking time per move (the default a person gets)"),
        "iterations": (int, 0, "search iterations per move instead of a time budget (0: use seconds)"),
        "cutoff": (int, default_cutoff(game_id), "playout depth after which the game's evaluation scores the "
                   "position (0: play to the end; the default is the game's, docs/bots.md)"),
        "exploration": (float, 0.7, "UCB exploration constant"),
        "settle": (int, 1, "1: stop a move's search once no iterations left could change the choice; 0: use the whole budget"),
        "reuse": (int, 0, "1: keep the subtree of its own last choice for the next step of the same turn; 0: a fresh tree each move"),
        "automata": (int, 1, "1: the seats the game gives to its rulebook automata (Cuba Libre's Non-players) move in the "
                     "search by those automata's rules; 0: searched like any other role"),
        "heavy": (int, 0, "1: playouts move every role by the game's own automaton (Cuba Libre's Non-player, Dual "
                  "Powers' Opposition) instead of at random; 0: random playouts"),
        "cpu": (int, 0, "1: `seconds` is CPU time of the searching process (time.process_time), the same on a busy "
                "machine; 0: wall-clock time"),
    }


# name -> {setting: (type, default, what it means)}, or a function of the game giving it; a bot
# without an entry takes no settings
_ismcts.settings = _ismcts_settings  # type: ignore[attr-defined]


def _greedy(game_id: str, seed: int = 0) -> Bot:
    from agon.bots.greedy import GreedyBot

    return GreedyBot(game_id, seed)


def _ppo(game_id: str, seed: int = 0, path: str | None = None) -> Bot:
    from agon.rl import missing_extra

    try:  # NumPy and Gymnasium (agon[rl]) only when such a seat is made, PyTorch when its file is read
        from agon.rl.policy import policy_bot
    except ImportError as err:
        raise missing_extra("the ppo bot", err) from None
    return policy_bot(game_id, str(path))


_ppo.settings = {  # type: ignore[attr-defined]
    "path": (str, None, "a policy file `agon train` saved (needs agon[train]; a file is code: load only your own)"),
}

GENERIC_BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "ismcts": _ismcts}

# bots a seat may name that `bots()` does not list: each plays from a file named in its settings
# (`ppo:path=FILE`, a policy `agon train` saved, docs/rl.md); the server never seats one, since it
# has no limit for the setting `path` (agon/server/bot_limits.py)
FILE_BOTS: dict[str, Callable[..., Any]] = {"ppo": _ppo}


def _factories(game_id: str, listed_only: bool = False) -> dict[str, Callable[..., Any]]:
    from agon.bots.evaluation import evaluator

    generic = dict(GENERIC_BOTS)
    if evaluator(game_id) is not None:
        generic["greedy"] = _greedy
    return {**generic, **load(game_id).bots(), **({} if listed_only else FILE_BOTS)}


def bots(game_id: str) -> list[str]:
    """Names of the bots that can take a seat in `game_id` (not those of FILE_BOTS, which need a file)."""
    return list(_factories(game_id, listed_only=True))


def _settings_table(factory: Callable[..., Any] | None, game_id: str) -> dict[str, tuple[type, Any, str]]:
    table = getattr(factory, "settings", {})
    return table(game_id) if callable(table) else table


def bot_settings(name: str, game_id: str) -> dict[str, dict[str, Any]]:
    """The settings `name` takes in `game_id`: {setting: {"type", "default", "help"}}."""
    factory = _factories(game_id).get(name)
    table = _settings_table(factory, game_id)
    return {k: {"type": t.__name__, "default": d, "help": h} for k, (t, d, h) in table.items()}


def parse_bot(spec: str) -> tuple[str, dict[str, str]]:
    """"ismcts:seconds=1,cutoff=20" -> ("ismcts", {"seconds": "1", "cutoff": "20"}); ValueError if malformed."""
    name, _, rest = spec.partition(":")
    settings: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"bot setting {pair!r} in {spec!r} must look like name=value, e.g. ismcts:seconds=1")
        settings[key.strip()] = value.strip()
    return name.strip(), settings


def _convert(name: str, key: str, kind: type, value: Any) -> Any:
    if kind is str:  # a file's path (FILE_BOTS): checked when the bot is made
        return str(value)
    if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        number: float = float(value)
    elif kind is int and isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        try:
            number = kind(str(value))
        except ValueError:
            raise ValueError(f"{name} setting {key} must be a {'number' if kind is float else 'whole number'}, "
                             f"not {value!r}") from None
    if not math.isfinite(number) or number < 0:
        raise ValueError(f"{name} setting {key} must be 0 or more, not {value!r}")
    return number


def check_bot(spec: str, game_id: str, **settings: Any) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The factory and converted settings of a seat's bot ("ismcts:seconds=0.5"); ValueError (one
    line, saying what would be right) for an unknown bot or setting, or a bad value."""
    name, named = parse_bot(spec)
    merged: dict[str, Any] = {**named, **settings}
    factories = _factories(game_id)
    if name not in factories:
        raise ValueError(f"no bot {name!r} for {game_id}; bots: {', '.join(factories)}")
    table = _settings_table(factories[name], game_id)
    unknown = sorted(set(merged) - set(table))
    if unknown:
        takes = f"settings: {', '.join(table)}" if table else "it takes no settings"
        raise ValueError(f"bot {name} has no setting {', '.join(unknown)}; {takes}")
    needed = [key for key, (_, default, _) in table.items() if default is None and key not in merged]
    if needed:  # a setting without a default (a FILE_BOTS bot's path) must be given
        raise ValueError(f"bot {name} needs the setting {needed[0]} ({table[needed[0]][2]}), "
                         f"e.g. {name}:{needed[0]}=...")
    return factories[name], {key: _convert(name, key, table[key][0], value) for key, value in merged.items()}


def make_bot(name: str, game_id: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot for a seat. `name` may carry settings, as a seat does: "ismcts:seconds=0.5,cutoff=30";
    keyword settings add to them (`make_bot("ismcts", "1989", 7, iterations=400)`)."""
    factory, values = check_bot(name, game_id, **settings)
    return factory(game_id, seed, **values)


class _BotsModule(types.ModuleType):
    """`agon.bots` is this package and also the function `bots`: `agon.bots("1989")` lists the bots
    and `import agon.bots.ismcts` reaches the module."""

    def __call__(self, game_id: str) -> list[str]:
        return bots(game_id)


sys.modules[__name__].__class__ = _BotsModule
