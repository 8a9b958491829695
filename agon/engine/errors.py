"""Errors the engine raises for a caller's mistakes."""

from __future__ import annotations


class AgonError(Exception):
    """Base class of every agon error."""


class IllegalAction(AgonError):
    """An action that is not legal now, or a role that may not act now.

    The state it was offered to is left exactly as it was.
    """


class OptionError(AgonError, ValueError):
    """A game's options are not ones it takes: an unknown name, a value outside the option's
    declared spec, or options that do not combine. The message names the option. (A ValueError
    too, as option errors were before they had a class of their own.)"""


class UnknownGame(AgonError, KeyError):
    """`agon.load` was given an id that no game registers."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class PositionError(AgonError, ValueError):
    """A position (agon/engine/position.py) that cannot be read or that the game cannot be in: the
    message, one line, names the key, field or rule it breaks."""


class ReplayError(AgonError):
    """A record does not replay: `index` is the first action that failed (or -1 for the setup)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index
