"""The fixed numbered action space of each game, and its feature list.

Every `Action` a game can offer has one integer: its position in the game's action list,
the game's `rl.json` beside its module (`Game.rl_space()`, key "actions", each entry `[verb, arg]`, a tuple arg as a list).
The lists are append-only: a new version of a game may add actions at the end, never renumber,
so an agent trained on one version keeps its meaning on the next (tests/rl pins each list's size
and hash). Each list holds the game's whole action domain (`Game.action_domain()`, built from the
game's data); `python -m agon.rl.survey` appends what a domain gains (docs/rl.md).
"""

from __future__ import annotations

import hashlib
import json
import warnings
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from agon.engine import Action, AgonError, UnknownGame, load
from agon.engine.actions import freeze
from agon.engine.registry import declared
from agon.rl.observation import Observer


class ActionSpaceError(AgonError):
    """An action or index outside a game's fixed action space."""


@dataclass(frozen=True)
class GameSpec:
    """What agon.rl knows of one game: its numbered actions, its features, its longest game."""

    game: str
    actions: tuple[Action, ...]
    features: tuple[str, ...]
    max_length: int
    index: dict[Action, int] = field(init=False, repr=False, compare=False, hash=False)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def digest(self) -> str:
        """A short hash of the action list: it changes exactly when the numbering does."""
        blob = json.dumps([[a.verb, as_json(a.arg)] for a in self.actions], ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {a: i for i, a in enumerate(self.actions)})

    def encode(self, action: Action) -> int:
        """The integer of `action`; ActionSpaceError if the fixed space lacks it."""
        i = self.index.get(action)
        if i is None:
            raise ActionSpaceError(f"{self.game}: action {action} has no number in the fixed action space "
                                   f"({self.num_actions} actions); add it to the game's action_domain() and run `python -m agon.rl.survey`")
        return i

    def decode(self, number: int) -> Action:
        """The action numbered `number`; ActionSpaceError outside 0..num_actions-1."""
        if isinstance(number, bool) or not 0 <= int(number) < self.num_actions:
            raise ActionSpaceError(f"{self.game}: action number {number!r} is outside 0..{self.num_actions - 1}")
        return self.actions[int(number)]

    def legal_numbers(self, legal: list[Action], strict: bool = True) -> list[int]:
        """The numbers of these legal actions (undo left out), in their order.

        The space holds the game's whole domain, so every action has a number; one without (a bug in
        the game's action_domain()) raises ActionSpaceError naming it. With `strict=False` it is left out with a
        warning instead, so a long training run goes on, unless no action of the decision has one."""
        index = self.index
        numbers = [index[a] for a in legal if a in index]
        if len(numbers) < len(legal):
            missing = [a for a in legal if a not in index and a.verb != "undo"]
            if missing and (strict or not numbers):
                raise ActionSpaceError(f"{self.game}: {', '.join(map(str, missing))} has no number in the fixed "
                                       f"action space ({self.num_actions} actions); add it to "
                                       "the game's action_domain() and run `python -m agon.rl.survey`")
            for action in missing:
                if action not in _warned:
                    _warned.add(action)
                    warnings.warn(f"{self.game}: {action} has no number in the fixed action space; "
                                  "it is left out of the action mask", stacklevel=2)
        return numbers

    def observer(self) -> Observer:
        return Observer(list(self.features), load(self.game).positional_features)


_warned: set[Action] = set()


def as_json(arg: Any) -> Any:
    """An action's argument as JSON (tuples as lists)."""
    return [as_json(a) for a in arg] if isinstance(arg, tuple) else arg


def read_data(game_id: str) -> dict[str, Any]:
    """The raw data of a game's fixed space, `Game.rl_space()` ({} if it has none yet, or no such game)."""
    try:
        return load(game_id).rl_space()
    except UnknownGame:
        return {}


@cache
def spec(game_id: str) -> GameSpec:
    """The fixed action space and feature list of `game_id`."""
    raw = read_data(game_id)
    if not raw:
        raise ActionSpaceError(f"no action space for game {game_id!r}; games with one: {', '.join(games_with_space())}")
    actions = tuple(Action(verb, freeze(arg)) for verb, arg in raw["actions"])
    return GameSpec(game_id, actions, tuple(raw["features"]), int(raw["max_length"]))


def games_with_space() -> list[str]:
    """The declared games that have a fixed action space (agon/engine/registry.py, `rl_space`)."""
    return [game_id for game_id in declared() if read_data(game_id)]
