"""Live updates: websocket subscribers per match, and a PostgreSQL LISTEN/NOTIFY bridge.

Each subscriber has a sender task that, when woken, asks for that seat's state object with the
log lines after the version it was sent last (the whole object first), and sends it if the
version or the bots thinking changed; a burst of changes is coalesced, a slow socket holds up
only itself, and the sockets that need the same bytes share one encoding. A light push
(`Hub.tell`: a chat message) goes to the sockets it is for without building their state again.
With PostgreSQL every stored action is also a NOTIFY on channel `agon_match` (sent by the
transaction that stores it; payload `MATCH:VERSION`), and so is every change of the bot seats
computing a move (payload `MATCH:thinking:ROLE,ROLE`), so a websocket held by another process
hears of both.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from agon.server.matches import Push

log = logging.getLogger("agon.server")

StateFor = Callable[[str, str | None, int | None], Awaitable[Push]]
Send = Callable[[bytes], Awaitable[None]]


RESTARTING = "server restarting; reconnect"  # a websocket's close reason when the server stops (code 1012)


@dataclass(eq=False)
class Subscriber:
    match_id: str
    role: str | None
    send: Send
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False  # set by `close`, which wakes it too
    last: tuple[int, tuple[str, ...]] | None = None  # the version and thinking it was sent last
    only_new: bool = False  # it asked for pushes with only the log lines it was not sent yet
    state_due: bool = True  # the match changed since its state was sent (`Hub.changed`)
    outbox: deque[bytes] = field(default_factory=deque)  # light pushes to send first (`Hub.tell`: chat)


class Hub:
    """Subscribers per match; `changed(match_id)` wakes every one of them."""

    def __init__(self, state_for: StateFor) -> None:
        self.state_for = state_for
        self.subscribers: dict[str, set[Subscriber]] = {}

    def changed(self, match_id: str) -> None:
        for sub in self.subscribers.get(match_id, ()):
            sub.state_due = True
            sub.wake.set()

    OUTBOX = 100  # light pushes a slow socket may owe; past that it is told to read them again

    def tell(self, match_id: str, pick: Callable[[Subscriber], bytes | None]) -> None:
        """A light push (a chat message) to the sockets of this match for which `pick` gives bytes;
        their state is not built again (a chat message never touches the match or its lock)."""
        for sub in self.subscribers.get(match_id, ()):
            data = pick(sub)
            if data is None:
                continue
            if len(sub.outbox) >= self.OUTBOX:
                sub.outbox.clear()
                data = b'{"chat":[],"chat_gap":true}'  # the page reads what it missed with a GET
            sub.outbox.append(data)
            sub.wake.set()

    @staticmethod
    def close(sub: Subscriber) -> None:
        """The socket of `sub` closed: its `serve` ends."""
        sub.closed = True
        sub.wake.set()

    def close_all(self) -> None:
        """The server is stopping: every `serve` ends (its socket is closed with 1012)."""
        for subs in list(self.subscribers.values()):
            for sub in list(subs):
                self.close(sub)

    async def serve(self, sub: Subscriber) -> None:
        """Send `sub` its state now and after every change, until it is closed."""
        self.subscribers.setdefault(sub.match_id, set()).add(sub)
        try:
            sub.wake.set()
            while True:
                await sub.wake.wait()
                if sub.closed:
                    break
                sub.wake.clear()
                while sub.outbox:
                    await sub.send(sub.outbox.popleft())
                if not sub.state_due:
                    continue
                sub.state_due = False
                push = await self.state_for(sub.match_id, sub.role, sub.last[0] if sub.last and sub.only_new else None)
                key = (push.version, push.thinking)
                if key != sub.last:
                    sub.last = key
                    await sub.send(push.data)
        finally:
            subs = self.subscribers.get(sub.match_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self.subscribers[sub.match_id]


class PostgresListener:
    """A thread that LISTENs on `agon_match` and calls `on_change(payload)` on the event loop.

    A notice sent while its connection is down is lost: when it connects again it calls
    `on_reconnect()` on the event loop (the caller compares its cached matches with the database).
    It logs one line when the connection is lost and one when it is back, not one per retry."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop, on_change: Callable[[str], None],
                 on_reconnect: Callable[[], None] | None = None, name: str = "agon-listen") -> None:
        self.url = url
        self.loop = loop
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self.name = name  # its connection's application_name (pg_stat_activity shows it)
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="agon-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self.stopping.set()

    def _run(self) -> None:
        import psycopg

        lost = False
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, application_name=self.name) as conn:
                    conn.execute("LISTEN agon_match")
                    self.ready.set()
                    if lost:
                        log.warning("agon: LISTEN connection back; comparing the cached matches with the database")
                        if self.on_reconnect is not None:
                            self.loop.call_soon_threadsafe(self.on_reconnect)
                        lost = False
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.loop.call_soon_threadsafe(self.on_change, note.payload)
            except Exception as err:  # the database went away: listen again shortly
                if not lost:
                    log.warning("agon: LISTEN connection lost (%s); retrying every second",
                                " ".join(str(err).split())[:200])
                lost = True
                self.ready.set()
                with contextlib.suppress(Exception):
                    self.stopping.wait(1.0)
