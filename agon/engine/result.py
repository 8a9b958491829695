"""The end of a game as a typed object: who won, each role's score, and why.

A game's `_result()` hook returns a `Result` once the game is over (`Result.from_dict` reads a
game's own dict, checked): `State.verdict` is it, so a program gets the same three facts from every
game without knowing its keys; `State.result` is its JSON form (`as_dict`), what views, records and
the server carry: {"winners": [roles], "scores": {role: number}, "reason": "..."} and the game's
other facts.

    >>> Result.from_dict({"winners": ["red"], "scores": {"red": 3, "white": 1}, "reason": "the last turn"}).winner
    'red'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from agon.engine.errors import AgonError

CORE = ("winners", "scores", "reason")


class ResultError(AgonError):
    """A game's result dict lacks one of the three facts or holds one of the wrong type (a bug of the game)."""


@dataclass(frozen=True, slots=True)
class Result:
    """Who won (`winners`: several for a shared win, none for a game nobody wins; a winner may be
    a side that holds no seat, as Dual Powers' Opposition), each seated role's score, the reason in
    the game's words (an English catalogue id), and the game's other facts (`details`)."""

    winners: tuple[str, ...]
    scores: MappingProxyType[str, float]
    reason: str
    details: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Result:
        """The result a game's `_result()` returned; ResultError if a fact is missing or mistyped."""
        winners, scores, reason = raw.get("winners"), raw.get("scores"), raw.get("reason")
        if not isinstance(winners, (list, tuple)) or not all(type(w) is str for w in winners):
            raise ResultError(f"a result's winners are a list of roles; got {winners!r}")
        if not isinstance(scores, dict) or not all(type(r) is str and isinstance(v, (int, float))
                                                    and type(v) is not bool for r, v in scores.items()):
            raise ResultError(f"a result's scores map roles to numbers; got {scores!r}")
        if type(reason) is not str or not reason:
            raise ResultError(f"a result's reason is a text; got {reason!r}")
        details = {key: value for key, value in raw.items() if key not in CORE}
        return cls(tuple(winners), MappingProxyType(dict(scores)), reason, MappingProxyType(details))

    @property
    def winner(self) -> str | None:
        """The one winner, or None for a shared win or a game nobody won."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled as its dict (a mapping proxy does not pickle): a result goes to bot workers too."""
        return Result.from_dict, (self.as_dict(),)

    def as_dict(self) -> dict[str, Any]:
        """The JSON-ready dict it was read from."""
        return {"winners": list(self.winners), "scores": dict(self.scores), "reason": self.reason, **self.details}
