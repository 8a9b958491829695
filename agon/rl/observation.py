"""Observations: a fixed-length numeric vector per role, built only from `state.view(role)`.

A view is a JSON-ready tree. `flatten(view)` turns it into named features by these rules
(docs/rl.md gives them with examples):

- a number (or bool) at path P is the feature `P` with that value;
- a string s at path P is the one-hot feature `P=s` (1.0); None sets nothing;
- a dict is walked key by key (`P/key`);
- a list of dicts is walked element by element, each named by its "id", "pos", "role",
  "name" or "number" field (the first it has), else by its index: `districts/vyborg/...`;
- a list of numbers, or of scalars some of which are None, is positional: `P/0`, `P/1`, ...;
- a list of strings is a bag: `P=s` counts how many times s occurs (a hand, the active roles);
- the log, the game id and the result are left out (the log is in the view for agents that want it).

Each game's feature list (`agon/rl/data/<game>.json`, key "features") fixes which names exist and
their order; a name the list lacks is dropped, a listed name absent from the view is 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SKIPPED = ("log", "game", "result")
_NAME_FIELDS = ("id", "pos", "role", "name", "number")


def flatten(view: dict[str, Any]) -> dict[str, float]:
    """The named features of one view (see the module docstring for the rules)."""
    out: dict[str, float] = {}
    for key, value in view.items():
        if key not in SKIPPED:
            for name, number in _walk(key, value):
                out[name] = out.get(name, 0.0) + number
    return out


def _walk(path: str, value: Any) -> Iterator[tuple[str, float]]:
    if value is None:
        return
    if isinstance(value, bool):
        yield path, 1.0 if value else 0.0
    elif isinstance(value, (int, float)):
        yield path, float(value)
    elif isinstance(value, str):
        yield f"{path}={value}", 1.0
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(f"{path}/{key}", item)
    elif isinstance(value, (list, tuple)):
        yield from _walk_list(path, value)


def _walk_list(path: str, items: list[Any] | tuple[Any, ...]) -> Iterator[tuple[str, float]]:
    if all(isinstance(item, str) for item in items):
        for item in items:
            yield f"{path}={item}", 1.0
        return
    for index, item in enumerate(items):
        yield from _walk(f"{path}/{_element_name(item, index)}", item)


def _element_name(item: Any, index: int) -> str:
    if isinstance(item, dict):
        for field in _NAME_FIELDS:
            name = item.get(field)
            if isinstance(name, (str, int)) and not isinstance(name, bool):
                return str(name)
    return str(index)


class Observer:
    """Maps views of one game to vectors over its fixed feature list."""

    def __init__(self, features: list[str]) -> None:
        self.features = list(features)
        self.index = {name: i for i, name in enumerate(self.features)}

    @property
    def size(self) -> int:
        return len(self.features)

    def vector(self, view: dict[str, Any]) -> list[float]:
        """The view as a list of `size` floats (unlisted features dropped, missing ones 0)."""
        out = [0.0] * len(self.features)
        index = self.index
        for name, number in flatten(view).items():
            i = index.get(name)
            if i is not None:
                out[i] = number
        return out
