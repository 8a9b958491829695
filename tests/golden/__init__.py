"""Golden records: a few recorded random games of each title, with a digest of what every role
saw at every step (legal lists, prompts and labels as read in English, views, the result), made
before the speed work of issue 15 so that any change in behaviour shows. `python -m tests.golden`
writes them again (only when a deliberate change of a view's shape or words says so, in a commit
of its own)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from agon.engine import State, load, log_lines
from agon.engine.rng import Rng

HERE = Path(__file__).parent

# (file name, game, seed, options)
CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("dual-powers-2p", "dual-powers", 3, {}),
    ("dual-powers-solo", "dual-powers", 11, {"players": 1}),
    ("1989-a", "1989", 5, {}),
    ("1989-handicap", "1989", 8, {"handicap": 1}),
    ("intrigue-city-3p", "intrigue-city", 2, {}),
    ("intrigue-city-5p-adv", "intrigue-city", 9, {"players": 5, "advanced": "B"}),
    ("cuba-libre-4p", "cuba-libre", 4, {}),
    ("cuba-libre-2p-short", "cuba-libre", 6, {"players": 2, "short": True}),
]


def step_digest(state: State, roles: list[str], seen: dict[str | None, int]) -> str:
    """A short hash of what everyone sees now: the active roles, each role's legal list, prompt
    and view, the spectator's view and the result. A view's log is hashed by its new lines only
    (the lines before are checked to be still there by their count), so a long game stays cheap."""
    h = hashlib.sha256(repr((state.active, state.result)).encode())
    for role in [*roles, None]:
        view = dict(state.view(role))
        entries = view.pop("log")
        start = seen.get(role, 0)
        if len(entries) < start:
            raise AssertionError(f"the log of {role} shrank from {start} to {len(entries)} lines")
        seen[role] = len(entries)
        h.update(json.dumps(view, sort_keys=True, default=repr).encode())
        # the words of the new lines, however the messages are built (only those: rendering the whole
        # log at every step made the long games' check quadratic, 18 s for Cuba Libre's 857 actions)
        h.update(repr(log_lines(entries[start:])).encode())
        if role is not None:
            prompt = state.prompt(role)
            # the prompt as read in English, not how its message is built (issue 12 makes arguments terms)
            h.update(repr((prompt.message(), [str(a) for a in prompt.actions], prompt.labels)).encode())
            h.update(repr([str(a) for a in state.legal_actions(role)]).encode())
    return h.hexdigest()[:10]


def trace(state: State, actions: list[list[Any]]) -> list[str]:
    """Apply `actions` to `state`, returning the step digest before each and after the last."""
    roles = state.game.roles(**state.options)
    seen: dict[str | None, int] = {}
    digests = [step_digest(state, roles, seen)]
    for role, verb, arg, *note in actions:
        state.apply(role, (verb, arg), note=note[0] if note else None)
        digests.append(step_digest(state, roles, seen))
    return digests


def play_random(game_id: str, seed: int, options: dict[str, Any]) -> State:
    state = load(game_id).new(seed, **options)
    chooser = Rng(seed + 1000)
    while state.active:
        active = state.active
        role = active[chooser.below(len(active))]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
    return state


def make(name: str, game_id: str, seed: int, options: dict[str, Any]) -> None:
    played = play_random(game_id, seed, options)
    record = played.record()
    record["digest"] = played.digest()
    record["steps"] = trace(load(game_id).new(seed, **options), record["actions"])
    (HERE / f"{name}.json").write_text(json.dumps(record, separators=(",", ":")) + "\n")
