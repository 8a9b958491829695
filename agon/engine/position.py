"""Positions as data (issue 35 item 2): a state's whole position as plain JSON, and back.

`State.position()` writes what a game holds (hidden parts included: the deck's order, the hands,
the generator's state, the frames of a decision under way, the log) as a dict of plain JSON
values; `Game.from_position(data)` builds the state again and checks it, raising `PositionError`
with one line for a position that cannot be (docs/positions.md). A position needs no history:
the state it gives plays on exactly as the one it was taken from, its record starting empty.

The engine's part is generic: it walks the fields the engine already copies and hashes (the
public fields of `State._public_fields`, as `digest()` does) and writes each value as JSON, with a
small tagged form for what JSON has no word for (`{"$tuple": [...]}`, `{"$set": [...]}`, a dict
whose keys are not texts as `{"$map": [[key, value], ...]}`, a game's object by its class and
fields, a callback by its module and name). A game adds its own part in a module of its package,
a `PositionCodec` (`Game.position_codec()`): its version, readable forms of its fields (spaces by
their names, say) and the checks only it can make (every card in one place, values in range).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Collection, Hashable, Iterable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from agon.engine.errors import AgonError, PositionError
from agon.engine.log import LogEntry, SharedList
from agon.engine.registry import load
from agon.engine.rng import KeyedRng, Rng, make_rng

if TYPE_CHECKING:
    from agon.engine.game import Game, State

FORMAT = "agon-position"
VERSION = 1  # the engine's layout of a position; a game's codec has a version of its own
# the top-level keys of a position, in the order it is written
KEYS = ("format", "version", "game", "rules_version", "state_version", "options", "seed", "generator",
        "rng", "actions_played", "state", "log")
# the engine's fields that a position holds at its top level, not among the game's
_TOP = frozenset({"seed", "options"})
_PLAIN = (str, int, float, bool, type(None))


class PositionCodec:
    """A game's part in its positions: subclass it in the game's package (`position.py`) and
    return an instance from `Game.position_codec()`. The default writes the fields as the engine
    does and checks nothing beyond the engine's checks."""

    # raised when the game's fields change in a way old positions do not read; `read` may
    # translate an older version's fields
    version: int = 1

    def write(self, state: State, fields: dict[str, Any]) -> dict[str, Any]:
        """The game's fields in their readable form (already plain JSON): by default as they are."""
        return fields

    def read(self, game: Game, fields: dict[str, Any], version: int) -> dict[str, Any]:
        """The inverse of `write`: raise PositionError for what cannot be read."""
        return fields

    def check(self, state: State) -> None:
        """Raise PositionError, one line, for a position the game cannot be in (a card in two
        places, a space that does not exist, a value out of range). The engine has checked the
        fields' names and types against a new game's already."""


# -- writing ---------------------------------------------------------------------------------------


def position_of(state: State) -> dict[str, Any]:
    """The position of `state`, plain JSON (see the module docstring)."""
    game = state.game
    fields = {name: encode(value, name) for name, value in state._public_fields().items() if name not in _TOP}
    fields = game.position_codec().write(state, fields)
    rng = state.rng
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "rules_version": game.rules_version,
        "state_version": game.position_codec().version,
        "options": encode(dict(state.options), "options"),
        "seed": state.seed,
        "generator": state.generator,
        "rng": {"state": rng.state, "draws": rng.draws},
        "actions_played": state.actions_played,  # (a non-player's dice read it: CL 8.1)
        "state": fields,
        # a quiet state keeps no log and replays its record for one: the position holds the lines
        "log": [_entry_json(entry) for entry in state.log],
    }


def position_text(data: dict[str, Any]) -> str:
    """A position as a person reads and edits it: one line for each top-level key and each of the
    game's fields (a field's value on its line, however long), one for each log line."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if key in ("state", "log") and value and isinstance(value, (dict, list)):
            inner = ([f"  {compact(name)}: {compact(field)}" for name, field in value.items()] if isinstance(value, dict)
                     else [f"  {compact(line)}" for line in value])
            opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
            lines.append(f" {compact(key)}: {opening}\n" + ",\n".join(inner) + f"\n {closing}")
        else:
            lines.append(f" {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _entry_json(entry: LogEntry) -> dict[str, Any]:
    line = {"text": entry.text, "args": encode(dict(entry.args), "log")}
    if entry.to is not None:
        line["to"] = entry.to
    return line


def encode(value: Any, where: str = "") -> Any:
    """`value` as plain JSON: lists and dicts with text keys as they are, the rest tagged."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [encode(v, where) for v in value]
    if kind is tuple:
        return {"$tuple": [encode(v, where) for v in value]}
    if kind is dict:
        if all(type(k) is str and not k.startswith("$") for k in value):
            return {k: encode(v, where) for k, v in value.items()}
        return {"$map": [[encode(k, where), encode(v, where)] for k, v in value.items()]}
    if kind is set or kind is frozenset:
        items = [encode(v, where) for v in value]
        items.sort(key=lambda item: json.dumps(item, sort_keys=True))  # a set has no order: a stable one
        return {"$set" if kind is set else "$frozenset": items}
    if kind is partial:
        return {"$partial": encode(value.func, where), "args": [encode(a, where) for a in value.args],
                "keywords": {k: encode(v, where) for k, v in value.keywords.items()}}
    if isinstance(value, SharedList):
        return [encode(v, where) for v in value]
    if isinstance(value, tuple) and hasattr(kind, "_fields"):  # a named tuple (an Action, a Text)
        return {"$object": _name_of(kind, where), "fields": {k: encode(v, where) for k, v in zip(kind._fields, value, strict=True)}}
    if callable(value) and hasattr(value, "__qualname__") and not isinstance(value, type):
        return {"$function": _name_of(value, where)}
    fields: dict[str, Any] | None
    if dataclasses.is_dataclass(value):  # the fields that differ from their defaults (what the game wrote)
        fields = {field.name: getattr(value, field.name) for field in dataclasses.fields(value)
                  if field.default is dataclasses.MISSING or getattr(value, field.name) != field.default}
    else:
        fields = _object_fields(value)
    if fields is None:
        raise TypeError(f"{where}: a {kind.__name__} has no form in a position")
    return {"$object": _name_of(kind, where), "fields": {k: encode(v, where) for k, v in fields.items()}}


def _object_fields(value: Any) -> dict[str, Any] | None:
    fields = getattr(value, "__dict__", None)
    if fields is not None:
        return dict(fields)
    slots = [name for klass in type(value).__mro__ for name in klass.__dict__.get("__slots__", ())]
    if not slots:
        return None
    return {name: getattr(value, name) for name in slots if hasattr(value, name)}


def _name_of(thing: Any, where: str) -> str:
    name = f"{thing.__module__}:{thing.__qualname__}"
    if "<" in name:  # a lambda or a function defined inside another cannot be found again
        raise TypeError(f"{where}: {name} cannot be named in a position")
    return name


# -- reading ---------------------------------------------------------------------------------------


def state_from(game: Game, data: Any) -> State:
    """The state of the position `data` of `game`, checked; PositionError (one line) otherwise."""
    if not isinstance(data, dict):
        raise PositionError(f"a position is a JSON object; got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise PositionError(f"not an agon position (its \"format\" is not {FORMAT!r})")
    missing = [key for key in KEYS if key not in data]
    if missing:
        raise PositionError(f"the position has no {missing[0]!r}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise PositionError(f"the position has an unknown key {unknown[0]!r}")
    if data["version"] != VERSION:
        raise PositionError(f"the position's version is {_short(data['version'])}; this agon reads version {VERSION}")
    if data["game"] != game.id:
        raise PositionError(f"the position is of the game {_short(data['game'])}, not {game.id}")
    if data["rules_version"] != game.rules_version:
        raise PositionError(f"the position is of {game.id}'s rules version {_short(data['rules_version'])}; "
                            f"these rules are version {game.rules_version}")
    codec = game.position_codec()
    version = data["state_version"]
    if type(version) is not int or not 1 <= version <= codec.version:
        raise PositionError(f"the position's state_version is {_short(version)}; {game.id} reads 1 to {codec.version}")
    seed, generator = data["seed"], data["generator"]
    if type(seed) is not int or seed < 0:
        raise PositionError(f"seed: a whole number, 0 or more; got {_short(seed)}")
    options = decode(data["options"], game, "options")
    if not isinstance(options, dict):
        raise PositionError("options: an object of the game's options")
    try:
        options = game.normalize_options(options)
        template = game.new(seed, generator=generator, **options)  # the fields as the game has them, and their types
    except (AgonError, ValueError) as error:
        raise PositionError(f"the position cannot start: {error}") from None
    fields = data["state"]
    if not isinstance(fields, dict):
        raise PositionError("state: an object of the game's fields")
    fields = codec.read(game, dict(fields), version)
    expected = {name: value for name, value in template._public_fields().items() if name not in _TOP}
    for name in expected:
        if name not in fields:
            raise PositionError(f"state: the field {name!r} is missing")
    for name in fields:
        if name not in expected:
            raise PositionError(f"state: no field {_short(name)} in {game.id}")
    state = template
    for name, raw in fields.items():
        value = decode(raw, game, name)
        check_shape(expected[name], value, name)
        setattr(state, name, value)
    state.quiet = False
    state.rng = _rng(generator, seed, data["rng"])
    state._n_actions = _count(data["actions_played"], "actions_played")
    state._log = SharedList(_log(data["log"], game))
    state._actions = None
    try:
        codec.check(state)
    except PositionError:
        raise
    except Exception as error:  # a field of another length or shape than the game's checks expect
        raise PositionError(_one_line(f"the position cannot be read: {type(error).__name__}: {error}")) from None
    _playable(state)
    state.changed()  # nothing the checks' look computed stays: a test may edit the state before its first question
    return state


def _rng(generator: str, seed: int, raw: Any) -> Any:
    if not isinstance(raw, dict) or set(raw) != {"state", "draws"}:
        raise PositionError('rng: {"state": n, "draws": n}')
    state, draws = _count(raw["state"], "rng.state"), _count(raw["draws"], "rng.draws")
    rng: Any  # (a SplitMix Rng or a KeyedRng, each set up its own way)
    if generator == "splitmix":
        rng = Rng(0)
        if state >= 1 << 64:
            raise PositionError("rng.state: a 64-bit number")
        rng.state = state
    else:
        rng = make_rng(generator, seed)
        assert isinstance(rng, KeyedRng)
        rng._seek(state)
    rng.draws = draws
    return rng


def _count(raw: Any, where: str) -> int:
    if type(raw) is not int or raw < 0:
        raise PositionError(f"{where}: a whole number, 0 or more; got {_short(raw)}")
    return raw


def _log(raw: Any, game: Game) -> list[LogEntry]:
    if not isinstance(raw, list):
        raise PositionError("log: a list of lines")
    entries = []
    for i, line in enumerate(raw):
        if not isinstance(line, dict) or type(line.get("text")) is not str or not set(line) <= {"text", "args", "to"}:
            raise PositionError(f'log[{i}]: {{"text": template, "args": {{...}}, "to": role}}')
        args = decode(line.get("args", {}), game, f"log[{i}]")
        to = line.get("to")
        if not isinstance(args, dict) or (to is not None and type(to) is not str):
            raise PositionError(f"log[{i}]: args is an object, to a role")
        entries.append(LogEntry(line["text"], args, to))
    return entries


def decode(raw: Any, game: Game, where: str) -> Any:
    """The value `encode` wrote; PositionError for what it cannot have written."""
    kind = type(raw)
    if kind in _PLAIN:
        return raw
    if kind is list:
        return [decode(v, game, where) for v in raw]
    if kind is not dict:
        raise PositionError(f"{where}: {_short(raw)} is not a JSON value")
    tags = [k for k in raw if k.startswith("$")]
    if not tags:
        return {k: decode(v, game, where) for k, v in raw.items()}
    tag = tags[0]
    body = raw[tag]
    try:
        if tag == "$tuple":
            return tuple(decode(v, game, where) for v in _list(body, where))
        if tag in ("$set", "$frozenset"):
            items = [_hashable(decode(v, game, where), where) for v in _list(body, where)]
            return set(items) if tag == "$set" else frozenset(items)
        if tag == "$map":
            pairs = [_list(pair, where) for pair in _list(body, where)]
            if any(len(pair) != 2 for pair in pairs):
                raise PositionError(f"{where}: a $map is a list of [key, value] pairs")
            return {_hashable(decode(k, game, where), where): decode(v, game, where) for k, v in pairs}
        if tag == "$function":
            return _resolve(body, game, where, want_class=False)
        if tag == "$partial":
            func = decode(body, game, where)
            args = [decode(a, game, where) for a in _list(raw.get("args", []), where)]
            keywords = decode(raw.get("keywords", {}), game, where)
            return partial(func, *args, **keywords)
        if tag == "$object":
            cls = _resolve(body, game, where, want_class=True)
            fields = decode(raw.get("fields", {}), game, where)
            if not isinstance(fields, dict):
                raise PositionError(f"{where}: an object's fields are a JSON object")
            if issubclass(cls, tuple) or dataclasses.is_dataclass(cls):
                return cls(**fields)
            made = cls.__new__(cls)
            for name, value in fields.items():
                object.__setattr__(made, name, value)
            return made
    except (TypeError, AttributeError) as error:
        raise PositionError(f"{where}: {error}") from None
    raise PositionError(f"{where}: unknown tag {_short(tag)}")


def _list(raw: Any, where: str) -> list[Any]:
    if type(raw) is not list:
        raise PositionError(f"{where}: expected a list; got {_short(raw)}")
    return raw


def _hashable(value: Any, where: str) -> Any:
    try:
        hash(value)
    except TypeError:
        raise PositionError(f"{where}: {_short(value)} cannot be a key or a member of a set") from None
    return value


def _resolve(name: Any, game: Game, where: str, *, want_class: bool) -> Any:
    """A class or function named "module:qualname", found only in agon's engine or the game's own
    package (a position is data: it never makes Python import or build anything else)."""
    if type(name) is not str or ":" not in name:
        raise PositionError(f"{where}: {_short(name)} is not a module:name")
    module_name, qualname = name.split(":", 1)
    if not any(module_name == package or module_name.startswith(package + ".")
               for package in ("agon.engine", type(game).__module__)):
        raise PositionError(f"{where}: {_short(name)} is not of agon's engine or of {game.id}")
    try:
        found: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise PositionError(f"{where}: no {_short(name)}") from None
    if want_class != isinstance(found, type) or not callable(found):
        raise PositionError(f"{where}: {_short(name)} is not a {'class' if want_class else 'function'}")
    return found


def check_shape(template: Any, value: Any, where: str) -> None:
    """Refuse a value of another type than a new game's field has (None stands for any type: an
    empty slot), looking into lists and tuples whose items are all of one type, and into dicts
    by their common keys."""
    if template is None or value is None:
        return
    if type(value) is not type(template) and not (isinstance(template, (int, float)) and type(value) in (int, float)
                                                  and type(template) is not bool and type(value) is not bool):
        raise PositionError(f"{where}: expected {_kind(template)}; got {_kind(value)} {_short(value)}")
    if isinstance(template, (list, tuple)) and template and value:
        kinds = {type(item) for item in template if item is not None}
        if len(kinds) == 1:
            model = next(item for item in template if item is not None)
            for i, item in enumerate(value):
                check_shape(model, item, f"{where}[{i}]")
    elif isinstance(template, dict):
        for key in template.keys() & value.keys():
            check_shape(template[key], value[key], f"{where}.{key}")


def _kind(value: Any) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "a text", list: "a list",
            tuple: "a tuple", dict: "an object", frozenset: "a set", set: "a set"}.get(type(value), f"a {type(value).__name__}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _playable(state: State) -> None:
    """The game's own invariants, and one look at the position as every front end takes it: a
    position the game cannot show or play from is refused here rather than at the first move."""
    try:
        state.changed()  # the game rebuilds what it keeps beside its fields (indexes, caches) from them
        state.check_invariants()
    except AssertionError as error:
        raise PositionError(_one_line(f"the position breaks a rule of {state.game.id}: {error}")) from None
    except Exception as error:  # whatever the game's code trips on, it is this position's fault
        raise PositionError(_one_line(f"the position cannot be played: {type(error).__name__}: {error}")) from None
    try:
        active = state.active
        for role in [*active, None]:  # (a view for each role would cost a third of a Cuba Libre position's reading)
            state.view(role)
        for role in active:
            if not state.legal_actions(role) and not state.is_over:
                raise PositionError(f"{role} is to act but has no legal action")
            state.prompt(role)
    except PositionError:
        raise
    except Exception as error:  # whatever the game's code trips on, it is this position's fault
        raise PositionError(_one_line(f"the position cannot be played: {type(error).__name__}: {error}")) from None


def _one_line(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= 300 else line[:297] + "..."


def load_position(text: str) -> tuple[Game, State]:
    """A position from JSON text (a file's): its game, found by its "game", and its state."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise PositionError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or type(data.get("game")) is not str:
        raise PositionError('a position is a JSON object with a "game"')
    game = load(data["game"])  # UnknownGame (an AgonError) names the games there are
    return game, game.from_position(data)



# -- helpers for the games' checks ---------------------------------------------------------------


def check_places(kind: str, places: Mapping[str, Iterable[Hashable]], every: Collection[Hashable],
                 *, all_there: bool = True) -> None:
    """Each of `every` (a game's cards, its pieces by id) in exactly one of `places` (a name a
    person reads, e.g. "hands[1]" -> what is there): PositionError naming the first one that is
    not one of the game's, is in two places, or (with `all_there`) is nowhere."""
    seen: dict[Hashable, str] = {}
    for place, items in places.items():
        for item in items:
            if item not in every:
                raise PositionError(f"{place}: {kind} {_short(item)} is not one of the game's")
            if item in seen:
                where = f"twice in {place}" if seen[item] == place else f"in two places: {seen[item]} and {place}"
                raise PositionError(f"{kind} {_short(item)} is {where}")
            seen[item] = place
    if all_there:
        for item in every:
            if item not in seen:
                raise PositionError(f"{kind} {_short(item)} is missing (in none of {', '.join(places)})")


def check_range(where: str, value: Any, low: int, high: int) -> None:
    """A whole number from `low` to `high`, else PositionError naming `where`."""
    if type(value) is not int or not low <= value <= high:
        raise PositionError(f"{where}: a whole number from {low} to {high}; got {_short(value)}")


def by_name(where: str, values: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """A list read by index (a space's number) as a dict by name (its id), for a readable position."""
    return {name: values[i] for i, name in enumerate(names)}


def from_names(where: str, raw: Any, names: tuple[str, ...], default: Any = None) -> list[Any]:
    """The inverse of `by_name`: PositionError for a name that is not one of `names`, and (without
    a `default`) for one that is missing."""
    if not isinstance(raw, dict):
        raise PositionError(f"{where}: an object by {', '.join(names[:3])}, ...")
    index = {name: i for i, name in enumerate(names)}
    for name in raw:
        if name not in index:
            raise PositionError(f"{where}: no {_short(name)} (one of {', '.join(names[:4])}, ...)")
    if default is None:
        for name in names:
            if name not in raw:
                raise PositionError(f"{where}: {name} is missing")
    return [raw.get(name, default) for name in names]
