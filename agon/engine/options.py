"""Option specifications: what a game's options are, declared as data for lobbies and front ends,
and the one check of options against them (`check_options`, what `Game.normalize_options` does
unless a game adds its own conversions).

    >>> OptionSpec("players", "int", default=2, choices=(1, 2)).as_dict()["choices"]
    [1, 2]
    >>> check_options([OptionSpec("players", "int", default=2, choices=(1, 2))], {}, "example")
    {'players': 2}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agon.engine.errors import OptionError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    `kind` is "int", "bool" or "choice". `choices` lists the allowed values (for "int" too when
    they are few); `minimum`/`maximum` bound an "int" without a list. `players` names the player
    counts the option applies to (None: all). `requires` names other options' values it needs,
    e.g. {"advanced": "B"}. `help` says in a line what it does. `kept`: where the option does not
    apply, the options still hold it at its default (and take it when given at its default) rather
    than leave it out: a game whose records always held it (Cuba Libre's `deception: False` in a
    2-player game) replays them to the same digest.
    """

    name: str
    kind: str
    default: Any = None
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    players: tuple[int, ...] | None = None
    requires: dict[str, Any] = field(default_factory=dict)
    help: str = ""
    kept: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("int", "bool", "choice"):
            raise ValueError(f"option {self.name}: kind must be int, bool or choice, not {self.kind!r}")

    def allowed(self) -> list[Any]:
        """Every allowed value when they can be listed (bools, choices, small int ranges)."""
        if self.kind == "bool":
            return [False, True]
        if self.choices is not None:
            return list(self.choices)
        if self.minimum is not None and self.maximum is not None:
            return list(range(self.minimum, self.maximum + 1))
        return []

    def refusal(self, value: Any) -> str | None:
        """Why `value` is not a value of this option (a phrase for an error), or None if it is."""
        if self.kind == "bool":
            return None if type(value) is bool else "must be true or false"
        if self.kind == "int" and (type(value) is not int):
            return "must be a whole number"
        if self.choices is not None and not any(type(value) is type(c) and value == c for c in self.choices):
            return "must be one of " + ", ".join(repr(c) if isinstance(c, str) else str(c) for c in self.choices)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            return f"must be {self.minimum} to {self.maximum}"
        return None

    def applies(self, chosen: dict[str, Any]) -> bool:
        """Whether the option applies with these other options (its player counts, what it requires)."""
        if self.players is not None and chosen.get("players") not in self.players:
            return False
        return all(chosen.get(name) == value for name, value in self.requires.items())

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "choices": self.allowed(),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "players": list(self.players) if self.players is not None else None,
            "requires": dict(self.requires),
            "help": self.help,
        }


def flag(name: str, help: str, players: tuple[int, ...] | None = None, requires: dict[str, Any] | None = None,
         kept: bool = False) -> OptionSpec:
    """A true/false option that is off by default."""
    return OptionSpec(name, "bool", default=False, players=players, requires=requires or {}, help=help, kept=kept)


def check_options(specs: Sequence[OptionSpec], options: dict[str, Any], game_id: str) -> dict[str, Any]:
    """`options` checked against their declared specs and completed with the defaults of every
    option that applies, in the specs' order; OptionError naming the first bad option: a name no
    spec has, a value outside its spec, or an option given where it does not apply (another player
    count, a requirement unmet; but a `kept` option given at its default)."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise OptionError(f"{game_id}: unknown option(s) {unknown}; options: {', '.join(known) or 'none'}")
    chosen: dict[str, Any] = {}
    for spec in specs:  # values first, so that `applies` reads checked values
        value = options.get(spec.name, spec.default)
        why = spec.refusal(value)
        if why is not None:
            raise OptionError(f"{game_id}: option {spec.name} {why}; got {value!r}")
        chosen[spec.name] = value
    out: dict[str, Any] = {}
    for spec in specs:
        value = chosen[spec.name]
        if spec.applies(chosen):
            out[spec.name] = value
        elif spec.kept and type(value) is type(spec.default) and value == spec.default:
            out[spec.name] = value
        elif spec.name in options:
            where = [f"players={'/'.join(map(str, spec.players))}"] if spec.players is not None else []
            where += [f"{name}={value!r}" for name, value in spec.requires.items()]
            raise OptionError(f"{game_id}: option {spec.name} is only for games with {' and '.join(where)}")
    return out
