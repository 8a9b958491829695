"""Bots: policies outside the state that drive a seat through the prompts a person sees."""

from __future__ import annotations

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


def _ismcts(game_id: str, seed: int = 0) -> Bot:
    from agon.bots.ismcts import IsmctsBot

    return IsmctsBot(game_id, seed)


GENERIC_BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "ismcts": _ismcts}


def bots(game_id: str) -> list[str]:
    """Names of the bots that can take a seat in `game_id`."""
    return [*GENERIC_BOTS, *load(game_id).bots()]


def make_bot(name: str, game_id: str, seed: int = 0) -> Bot:
    factories = {**GENERIC_BOTS, **load(game_id).bots()}
    if name not in factories:
        raise ValueError(f"no bot {name!r} for {game_id}; bots: {', '.join(factories)}")
    return factories[name](game_id, seed)


class _BotsModule(types.ModuleType):
    """`agon.bots` is this package and also the function `bots`: `agon.bots("1989")` lists the bots
    and `import agon.bots.ismcts` reaches the module."""

    def __call__(self, game_id: str) -> list[str]:
        return bots(game_id)


sys.modules[__name__].__class__ = _BotsModule
