"""The log lines each role may read, as JSON messages, kept up to date as the log grows.

Each line's message is made once and shared by every role that may read it: a state asked for
the views of four roles and a spectator used to make (and keep) five copies of its public lines'
messages, most of the memory a long match holds in a server's cache (a finished Cuba Libre match
of 840 actions: 2.3 MiB of its 4.2; shared, 0.5 MiB).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Line(Protocol):
    """A log line: whom it is for (None: everyone) and its JSON message."""

    @property
    def to(self) -> str | None: ...

    def to_json(self) -> dict[str, Any]: ...


class LogViews:
    """Every line's message (`messages`, in log order) and, per role, the messages it may read."""

    __slots__ = ("messages", "read")

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.read: dict[str | None, tuple[int, list[dict[str, Any]]]] = {}  # role -> (lines seen, its messages)

    def lines(self, log: Sequence[Line], length: int, role: str | None) -> list[dict[str, Any]]:
        """The messages of the first `length` lines of `log` that `role` may read (the list kept
        here: do not edit it)."""
        messages = self.messages
        if len(messages) > length:  # cannot happen along one line of play; rebuild rather than trust it
            messages.clear()
            self.read.clear()
        if len(messages) < length:
            messages.extend(line.to_json() for line in log[len(messages):length])
        seen, mine = self.read.get(role, (0, []))
        if seen < length:
            mine.extend(messages[i] for i in range(seen, length) if log[i].to is None or log[i].to == role)
            self.read[role] = (length, mine)
        return mine
