"""Observations: a fixed-length numeric vector per role, built only from `state.view(role)`.

A view is a JSON-ready tree. `flatten(view)` turns it into named features by these rules
(docs/rl.md gives them with examples):

- a number (or bool) at path P is the feature `P` with that value;
- a string s at path P is the one-hot feature `P=s` (1.0); None sets nothing; a string longer
  than 48 characters is free text (a prompt's wording) and is left out;
- a dict is walked key by key (`P/key`);
- a list of dicts is walked element by element, each named by its "id", "pos", "role",
  "name" or "number" field (the first it has), else by its index: `districts/vyborg/...`;
- a list of strings or numbers is a bag: `P=x` counts how many times x occurs (a hand, the
  cards played, the active roles), except at the game's positional paths (`Game.positional_features`: 1989's
  support points per space) and in lists holding None (1989's control per space), which are
  walked by index: `P/0`, `P/1`, ...;
- the log, the game id and the result are left out (the log is in the view for agents that want it).

Each game's feature list (its `rl.json`, `Game.rl_space()`, key "features") fixes which names exist and
their order; a name the list lacks is dropped, a listed name absent from the view is 0.
"""

from __future__ import annotations

from typing import Any

SKIPPED = ("log", "game", "result")
FREE_TEXT = 48
_NAME_FIELDS = ("id", "pos", "role", "name", "number")
_SCALARS = (str, int, float, bool)


def flatten(view: dict[str, Any], positional: frozenset[str] = frozenset()) -> dict[str, float]:
    """The named features of one view (see the module docstring for the rules)."""
    out: dict[str, float] = {}
    for key, value in view.items():
        if key not in SKIPPED:
            _walk(key, value, out, positional)
    return out


def _walk(path: str, value: Any, out: dict[str, float], positional: frozenset[str]) -> None:
    kind = type(value)
    if kind is str:
        if len(value) <= FREE_TEXT:
            name = f"{path}={value}"
            out[name] = out.get(name, 0.0) + 1.0
    elif kind is int or kind is float or kind is bool:
        out[path] = out.get(path, 0.0) + float(value)
    elif kind is dict:
        for key, item in value.items():
            _walk(f"{path}/{key}", item, out, positional)
    elif kind is list or kind is tuple:
        _walk_list(path, value, out, positional)
    elif value is not None and isinstance(value, (int, float, str, dict, list, tuple)):
        _walk(path, _plain(value), out, positional)


_JSON_TYPES: tuple[type[Any], ...] = (bool, int, float, str, dict, list)  # bool before int: a bool is an int


def _plain(value: Any) -> Any:
    """A subclass of a JSON type (an IntEnum, a NamedTuple...) as the plain type."""
    for plain in _JSON_TYPES:
        if isinstance(value, plain):
            return plain(value)
    return list(value)


def _walk_list(path: str, items: list[Any] | tuple[Any, ...], out: dict[str, float],
               positional: frozenset[str]) -> None:
    if path not in positional and all(type(item) in _SCALARS for item in items):
        for item in items:
            if type(item) is not str or len(item) <= FREE_TEXT:
                name = f"{path}={item}"
                out[name] = out.get(name, 0.0) + 1.0
        return
    for index, item in enumerate(items):
        _walk(f"{path}/{_element_name(item, index)}", item, out, positional)


def _element_name(item: Any, index: int) -> str:
    if type(item) is dict:
        for field in _NAME_FIELDS:
            name = item.get(field)
            if name is not None and type(name) in (str, int):
                return str(name)
    return str(index)


class Observer:
    """Maps views of one game to vectors over its fixed feature list."""

    def __init__(self, features: list[str], positional: frozenset[str] = frozenset()) -> None:
        self.features = list(features)
        self.positional = positional
        self.index = {name: i for i, name in enumerate(self.features)}

    @property
    def size(self) -> int:
        return len(self.features)

    def vector(self, view: dict[str, Any]) -> list[float]:
        """The view as a list of `size` floats (unlisted features dropped, missing ones 0)."""
        out = [0.0] * len(self.features)
        index = self.index
        for name, number in flatten(view, self.positional).items():
            i = index.get(name)
            if i is not None:
                out[i] = number
        return out
