"""Append-only lists that clones share without copying.

A state's log only ever grows (undo restores an older clone). A clone keeps the same Python list
and its own length; the first of the twins to append past the shared prefix appends in place,
the other copies its prefix first. So `clone()` costs O(1) however long the game has run. (The
record of actions, which grows on every action, is a chain of immutable links instead: see
`State._entries`.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from agon.engine.text import Text, render


class SharedList:
    __slots__ = ("_items", "_n")

    def __init__(self, items: list[Any] | None = None) -> None:
        self._items = items if items is not None else []
        self._n = len(self._items)

    def fork(self) -> SharedList:
        twin = SharedList.__new__(SharedList)
        twin._items = self._items
        twin._n = self._n
        return twin

    def append(self, item: Any) -> None:
        items, n = self._items, self._n
        if len(items) != n:  # a twin appended past the shared prefix: take a copy of ours
            items = self._items = items[:n]
        items.append(item)
        self._n = n + 1

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Any]:
        items, n = self._items, self._n
        for i in range(n):
            yield items[i]

    def __getitem__(self, index: Any) -> Any:
        return self.to_list()[index]

    def to_list(self) -> list[Any]:
        return self._items[: self._n]


class LogEntry(NamedTuple):
    """One line of a game's log.

    `text` is an English message template (the i18n key, gettext style), `args` fill it, `to` is
    None for a public line or the one role that may read it.
    """

    text: str
    args: dict[str, Any]
    to: str | None = None

    def message(self) -> str:
        """The line in English."""
        return render(self.text, self.args)

    def to_json(self) -> dict[str, Any]:
        """The line as a language-free message: {"text": template, "args": {...}}."""
        return Text(self.text, self.args).to_json()
