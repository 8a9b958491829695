"""Positions for tests (issue 35 item 2): set a situation up as a position, the way a bug report or
a rulebook's worked example gives one, instead of writing a state's fields by hand: the position's
checks then refuse a situation the game cannot be in, and a change of the state's representation
changes one codec instead of every test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agon.engine import Game, PositionError, State, load


def edited(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A copy of the position `data` (sharing what is not changed) with some of its game's fields changed, in the position's own
    (readable) form: a field whose value is an object takes the keys given and keeps the others
    (`support={"havana": -2}` changes Havana's level only), any other is replaced."""
    data = {**data, "state": dict(data["state"])}  # (from_position reads its input and keeps none of it)
    state = data["state"]
    for name, value in fields.items():
        old = state.get(name)
        state[name] = _merged(old, value) if isinstance(old, dict) and isinstance(value, dict) and not _tagged(old) else value
    return data


def _tagged(value: dict[str, Any]) -> bool:
    return any(key.startswith("$") for key in value)


def _merged(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    merged = dict(old)
    for key, value in new.items():
        inner = merged.get(key)
        merged[key] = _merged(inner, value) if isinstance(inner, dict) and isinstance(value, dict) and not _tagged(inner) else value
    return merged


def position_with(game: str | Game, seed: int = 0, options: dict[str, Any] | None = None, *,
                  start: State | None = None, **fields: Any) -> State:
    """A checked state: the position of a new game of `game` (or of `start`) with these fields
    changed (see `edited`); PositionError if the game cannot be in it."""
    if start is None:
        found = load(game) if isinstance(game, str) else game
        start = found.new(seed, **(options or {}))
    return start.game.from_position(edited(start.position(), **fields))


def position_file(path: str | Path) -> State:
    """The state of a position file (JSON), as `agon play --position` reads one."""
    from agon.engine.position import load_position

    return load_position(Path(path).read_text(encoding="utf-8"))[1]


def refusal(game: str | Game, data: dict[str, Any]) -> str:
    """The one-line error `from_position` gives for `data` (AssertionError if it takes it)."""
    found = load(game) if isinstance(game, str) else game
    try:
        found.from_position(json.loads(json.dumps(data)))
    except PositionError as error:
        message = str(error)
        assert "\n" not in message, message
        return message
    raise AssertionError("the position was taken")
