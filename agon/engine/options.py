"""Option specifications: what a game's options are, declared as data for lobbies and front ends.

    >>> OptionSpec("players", "int", default=2, choices=(1, 2)).as_dict()["choices"]
    [1, 2]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    `kind` is "int", "bool" or "choice". `choices` lists the allowed values (for "int" too when
    they are few); `minimum`/`maximum` bound an "int" without a list. `players` names the player
    counts the option applies to (None: all). `requires` names other options' values it needs,
    e.g. {"advanced": "B"}. `help` says in a line what it does.
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


def flag(name: str, help: str, players: tuple[int, ...] | None = None) -> OptionSpec:
    """A true/false option that is off by default."""
    return OptionSpec(name, "bool", default=False, players=players, help=help)
