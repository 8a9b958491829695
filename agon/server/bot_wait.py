"""What the players see of a bot turn's wait: its place in the bot queue and the time expected.

The runner tells `BotWaits` each change the queue reports (`agon.server.bot_queue`), the state
object lists it as `bot_wait` ([{"role", "ahead", "seconds"}]: the bot turns that run before this
bot's move is chosen, the running ones included, and about how many seconds until it is), and
the web page shows it beside the bot's "thinking". With several server processes on one
PostgreSQL database, the process that runs the bot tells the others (NOTIFY
`MATCH:wait:ROLE=AHEAD/SECONDS,...`, `notice` and `heard`).
"""

from __future__ import annotations

import threading
from typing import Any

Wait = tuple[int, int]  # (bot turns ahead of it, about how many seconds until its move)


class BotWaits:
    """match -> {bot role: its wait}; each match's map is replaced, never mutated (threads read it)."""

    def __init__(self) -> None:
        self.waits: dict[str, dict[str, Wait]] = {}
        self._guard = threading.Lock()

    def set(self, match_id: str, role: str, wait: Wait | None) -> bool:
        """The wait of this bot (None: it is not waiting, or has moved); True if it changed."""
        with self._guard:
            now = self.waits.get(match_id, {})
            if now.get(role) == wait:
                return False
            changed = {r: w for r, w in now.items() if r != role}
            if wait is not None:
                changed[role] = wait
            if changed:
                self.waits[match_id] = changed
            else:
                self.waits.pop(match_id, None)
            return True

    def key(self, match_id: str) -> tuple[str, ...]:
        """What the pushes of this match must change with (the encodings are kept per key)."""
        return tuple(f"{role}@{ahead}/{seconds}" for role, (ahead, seconds) in sorted(self.waits.get(match_id, {}).items()))

    def shown(self, match_id: str) -> list[dict[str, Any]]:
        """The state object's `bot_wait`."""
        return [{"role": role, "ahead": ahead, "seconds": seconds}
                for role, (ahead, seconds) in sorted(self.waits.get(match_id, {}).items())]

    def notice(self, match_id: str) -> str:
        """The NOTIFY payload that tells the other processes this match's waits."""
        return f"{match_id}:wait:" + ",".join(f"{role}={ahead}/{seconds}" for role, (ahead, seconds)
                                              in sorted(self.waits.get(match_id, {}).items()))

    def heard(self, match_id: str, rest: str) -> bool:
        """A NOTIFY `MATCH:wait:ROLE=AHEAD/SECONDS,...` (after `wait:`); True if it changed anything."""
        wanted: dict[str, Wait] = {}
        for pair in rest.split(","):
            role, _, numbers = pair.partition("=")
            ahead, _, seconds = numbers.partition("/")
            if role and ahead.isdigit() and seconds.isdigit():
                wanted[role] = (int(ahead), int(seconds))
        changed = False
        for role in set(self.waits.get(match_id, {})) | set(wanted):
            changed |= self.set(match_id, role, wanted.get(role))
        return changed
