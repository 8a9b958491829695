"""Game records: the seed, the options and every action. Replaying one rebuilds the state.

A record is a JSON object::

    {"game": "1989", "engine": "0.2.0", "seed": 7, "options": {},
     "actions": [["democrat", "card", 17], ["communist", "space", "Berlin", "a bot's note"], ...],
     "digest": "3f2a..."}

and, for a game whose generator is the keyed one (`KeyedRng`: the server's matches, `agon play`
without `--seed`), `"generator": "keyed"` with a seed of up to 256 bits; a record without it is a
SplitMix game (`Rng`), whose seed fits in 64 bits.

`replay` refuses, with a ReplayError that says what is wrong, anything else: a seed that is
missing or not a whole number or out of its generator's range, a generator no engine here has,
actions that are not a list, a version no engine here replays. The seed fixes every hand and the
deck order, so a record of a game still going on tells its reader everything hidden (see
docs/architecture.md, "Records").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agon.engine.actions import short
from agon.engine.errors import AgonError, IllegalAction, ReplayError
from agon.engine.game import DIGEST_SINCE, ENGINE_VERSION, State, load
from agon.engine.rng import GENERATORS, KEYED_SEED_BITS

# engine versions whose records replay here (the actions mean the same)
REPLAYS = ("0.1.0", "0.2.0", ENGINE_VERSION)
SEED_RANGE = (-(1 << 63), 1 << 64)  # a SplitMix game's seed
# each generator's seeds, as (lowest, one past the highest), and how a message says it
SEED_RANGES = {"splitmix": (SEED_RANGE, "fits in 64 bits"),
               "keyed": ((0, 1 << KEYED_SEED_BITS), f"is from 0 to 2**{KEYED_SEED_BITS} - 1")}


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replayed record: the state, and whether the record's digest confirmed it exactly."""

    state: State
    verified: bool
    why_not: str = ""  # when not verified: "no digest", "digest of engine 0.1.0"

    def summary(self, n_actions: int) -> str:
        if self.verified:
            return f"OK: {n_actions} actions replay exactly (digest {self.state.digest()})"
        return f"{n_actions} actions: replays legally, not verified ({self.why_not})"


def replay(record: dict[str, Any] | str | Path) -> State:
    """Rebuild a game from its record (a dict, JSON text, or a Path to a JSON file).

    Raises ReplayError naming what is wrong: the record's shape (index -1) or the first action
    that does not apply (its index); if the record carries a digest, the rebuilt state must
    match it.
    """
    return replay_checked(record).state


def replay_checked(record: dict[str, Any] | str | Path) -> Replayed:
    """`replay`, also saying whether a digest confirmed the rebuilt state (`agon replay --verify`)."""
    record = check_record(read_record(record))
    try:
        state = load(record["game"]).new(record["seed"], generator=record["generator"], **record["options"])
    except (AgonError, KeyError, ValueError, TypeError) as err:
        raise ReplayError(f"the record's setup is not valid: {err}", -1) from err
    for index, entry in enumerate(record["actions"]):
        try:
            if not isinstance(entry, list) or len(entry) not in (3, 4):
                raise IllegalAction("an action is [role, verb, argument] or [role, verb, argument, note]")
            role, verb, arg, *note = entry
            state.apply(role, (verb, arg), note=note[0] if note else None)
        except IllegalAction as err:
            raise ReplayError(f"action {index} {short(entry)} does not replay: {err}", index) from err
    digest = record.get("digest")
    if digest is None:
        return Replayed(state, False, "no digest")
    if record.get("engine", ENGINE_VERSION) not in DIGEST_SINCE:
        return Replayed(state, False, f"a digest of engine {record['engine']}, not comparable")
    if state.digest() != digest:
        raise ReplayError(f"replayed state digest {state.digest()} differs from the record's {short(digest)}",
                          len(record["actions"]))
    return Replayed(state, True)


def read_record(record: dict[str, Any] | str | Path) -> dict[str, Any]:
    """The record as a dict: a dict as it is, a str parsed as JSON text, a Path read as a JSON
    file. Raises ReplayError if that is not a JSON object."""
    if isinstance(record, Path):
        try:
            record = record.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise ReplayError(f"cannot read the record: {err}", -1) from err
    if isinstance(record, str):
        try:
            record = json.loads(record, parse_constant=_no_constant)
        except RecursionError as err:
            raise ReplayError("a record's JSON nests too deep", -1) from err
        except ValueError as err:  # JSONDecodeError is a ValueError
            raise ReplayError(f"a record is JSON text (a file: pass a Path): {short(err, 120)}", -1) from err
    if not isinstance(record, dict):
        raise ReplayError(f"a record is a JSON object; got {_kind(record)}", -1)
    return record


def check_record(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its fields checked (options default to {}); ReplayError names a bad one."""
    game = record.get("game")
    if type(game) is not str:
        raise ReplayError(f"a record names its game as text; got {_kind(game)}", -1)
    engine = record.get("engine", ENGINE_VERSION)  # a record built by hand (from stored actions) is of this engine
    if engine not in REPLAYS:
        raise ReplayError(f"the record was written by engine {short(engine)}; this engine "
                          f"({ENGINE_VERSION}) replays records of {', '.join(REPLAYS)}", -1)
    generator = record.get("generator", "splitmix")  # records from before the choice: SplitMix
    if type(generator) is not str or generator not in GENERATORS:
        raise ReplayError(f"a record's generator is one of {', '.join(GENERATORS)}; got {_kind(generator)}", -1)
    seed = record.get("seed")
    if type(seed) is not int:
        raise ReplayError(f"a record's seed is a whole number; got {_kind(seed)}", -1)
    (low, high), says = SEED_RANGES[generator]
    if not low <= seed < high:
        raise ReplayError(f"a record's seed {says} (its generator: {generator})", -1)
    options = record.get("options", {})
    if not isinstance(options, dict) or not all(type(k) is str for k in options):
        raise ReplayError(f"a record's options are an object; got {_kind(options)}", -1)
    if not isinstance(record.get("actions"), list):
        raise ReplayError(f"a record's actions are a list; got {_kind(record.get('actions'))}", -1)
    digest = record.get("digest")
    if digest is not None and type(digest) is not str:
        raise ReplayError(f"a record's digest is text; got {_kind(digest)}", -1)
    return {**record, "options": options, "generator": generator}


def save_record(state: State, path: str | Path) -> None:
    """Write the state's record, with its digest, as a JSON file (a keyed game's says so)."""
    record = state.record()
    record["digest"] = state.digest()
    Path(path).write_text(json.dumps(record, indent=1) + "\n")


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}
    return f"{names.get(type(value), type(value).__name__)} {short(value, 40)}"
