"""Game records: the seed, the options and every action. Replaying one rebuilds the state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agon.engine.actions import Action, freeze
from agon.engine.errors import IllegalAction, ReplayError
from agon.engine.game import State, load


def replay(record: dict[str, Any] | str | Path) -> State:
    """Rebuild a game from its record (a dict, a JSON string or a file path).

    Raises ReplayError with the index of the first action that does not apply; if the record
    carries a "digest", the rebuilt state must match it.
    """
    record = read_record(record)
    try:
        state = load(record["game"]).new(record.get("seed", 0), **record.get("options", {}))
    except (KeyError, ValueError, TypeError) as err:
        raise ReplayError(f"the record's setup is not valid: {err}", -1) from err
    for index, entry in enumerate(record.get("actions", [])):
        try:
            role, verb, arg, *note = entry
            state.apply(role, Action(verb, freeze(arg)), note=note[0] if note else None)
        except (IllegalAction, ValueError, TypeError) as err:
            raise ReplayError(f"action {index} {entry!r} does not replay: {err}", index) from err
    digest = record.get("digest")
    if digest is not None and state.digest() != digest:
        raise ReplayError(f"replayed state digest {state.digest()} differs from the record's {digest}", len(record["actions"]))
    return state


def read_record(record: dict[str, Any] | str | Path) -> dict[str, Any]:
    if isinstance(record, dict):
        return record
    text = str(record)
    if isinstance(record, Path) or not text.lstrip().startswith("{"):
        text = Path(record).read_text()
    return json.loads(text)


def save_record(state: State, path: str | Path) -> None:
    record = state.record()
    record["digest"] = state.digest()
    Path(path).write_text(json.dumps(record, indent=1) + "\n")
