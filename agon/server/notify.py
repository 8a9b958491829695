"""Notifications (issue 31): what happened, put in the outbox for the sender loop to deliver.

    enqueue(conn_or_store, NotificationEvent("your_turn", match_id="abc", role="m26"))

writes one outbox row per channel the recipient chose (e-mail, webhook, Web Push) in the caller's
transaction (a `Connection`) or a transaction of its own (a `NotifyStore`); nothing is sent on
the caller's path. The recipient of a seat's event is the account that holds the seat, else the
guest seat's own settings. The sender loop (`agon.server.notify_sender`) claims the rows, groups
a recipient's rows that came within the batching window into one message, and retries with
back-off.

The server enqueues "your turn" (the turn passed to a seat that was not to move before) and "game
over" itself (`Notifier.after_act`, a listener of `Matches`). The other features connect their
listeners through the adapters (`Notifier.reminder`, `time_out`, `chat_message`,
`rematch_offered`).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, get_args

from sqlalchemy import Connection, select

from agon.server.notify_store import NotifyStore, Recipient, now_ms
from agon.server.store import match_table, seat_table

if TYPE_CHECKING:
    from agon.server.app import Context
    from agon.server.matches import Live

log = logging.getLogger("agon.server")

Kind = Literal["your_turn", "game_over", "rematch_offered", "chat_message", "reminder", "time_out", "test", "digest"]
KINDS: tuple[str, ...] = get_args(Kind)
ArgValue = str | int | list[list[str]]


@dataclass(frozen=True, slots=True)
class NotificationEvent:
    """Something to tell one recipient: a seat (`match_id`, `role`: its holder) or an account.

    `args` fill the text's placeholders (`who` for a chat message or a rematch offer); the match's
    title is added from the database. Nothing of a game's position belongs here."""

    kind: Kind
    match_id: str | None = None
    role: str | None = None
    account_id: int | None = None
    args: Mapping[str, ArgValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Delays:
    """Milliseconds an event waits before it is sent, per channel: the events of one recipient
    within that window go out as one message, and a "your turn" the person answered meanwhile is
    dropped (a bot's quick replies send nothing while the person plays)."""

    email: int = 120_000
    webhook: int = 30_000
    push: int = 10_000

    def of(self, channel: str, kind: str) -> int:
        return 0 if kind == "test" else int(getattr(self, channel))


def recipient_of(conn: Connection, store: NotifyStore, event: NotificationEvent) -> Recipient | None:
    if event.account_id is not None:
        return store.of_account(event.account_id)
    if event.match_id is not None and event.role is not None:
        return store.for_seat(conn, event.match_id, event.role)
    return None


def enqueue(target: Connection | NotifyStore, event: NotificationEvent, store: NotifyStore | None = None,
            delays: Delays | None = None, at: int | None = None) -> int:
    """Put `event` in the outbox, one row per channel its recipient chose; the number of rows.
    With a Connection the rows join the caller's transaction (pass `store` too)."""
    if event.kind not in KINDS:
        raise ValueError(f"kind: one of {', '.join(KINDS)}")
    if isinstance(target, NotifyStore):
        with target.store._writing, target.engine.begin() as conn:
            return enqueue(conn, event, target, delays, at)
    assert store is not None, "enqueue(connection, event, store): the store reads the recipient"
    conn = target
    recipient = recipient_of(conn, store, event)
    if recipient is None:
        return 0
    channels = recipient.channels()
    if not channels:
        return 0
    args: dict[str, ArgValue] = dict(event.args)
    if event.match_id is not None:
        args["title"] = conn.execute(select(match_table.c.title).where(match_table.c.id == event.match_id)).scalar() or ""
    when = now_ms() if at is None else at
    delays = delays or Delays()
    store.add(conn, [{"setting_id": recipient.id, "channel": channel, "kind": event.kind, "match_id": event.match_id,
                      "role": event.role, "args": args, "status": "pending", "attempts": 0,
                      "due": when + delays.of(channel, event.kind), "created": when} for channel in channels])
    return len(channels)


class Notifier:
    """The notifications of one server process: who wants any (kept in memory, so that a move
    costs nothing when its seats want none), the action path's listener, and the adapters."""

    REFRESH_SECONDS = 5.0  # how old the in-memory list of recipients may get (another process's changes)

    def __init__(self, ctx: Context, delays: Delays) -> None:
        self.ctx = ctx
        self.store = NotifyStore(ctx.store)
        self.delays = delays
        self.accounts: set[int] = set()
        self.seats: set[tuple[str, str]] = set()
        self.read_at = -1e9
        self.guard = threading.Lock()
        self.clock = time.time  # tests move it (the daily digest)
        self.waiting: queue.SimpleQueue[Callable[[], list[NotificationEvent]] | threading.Event | None] = (
            queue.SimpleQueue())
        self.writer: threading.Thread | None = None

    def refresh(self, force: bool = False) -> None:
        if force or time.monotonic() - self.read_at > self.REFRESH_SECONDS:
            accounts, seats = self.store.wanted()
            with self.guard:
                self.accounts, self.seats, self.read_at = accounts, seats, time.monotonic()

    def wants(self, match_id: str, role: str, account_id: int | None) -> bool:
        return (account_id in self.accounts) if account_id is not None else (match_id, role) in self.seats

    # -- what the server itself tells ---------------------------------------------------------------

    def after_act(self, live: Live, before: tuple[str, ...]) -> None:
        """A `Matches` listener: after an action is stored, "game over" to every human seat when
        it ended the game, else "your turn" to each human seat that must act now and did not
        before. Runs on the action path: in-memory checks only; the rows are written by the
        notifier's writer thread (`later`)."""
        state = live.state
        if state.is_over:
            told = [role for role, seat in live.row.seats.items() if seat.kind == "human"]
            kind: Kind = "game_over"
        else:
            told = [role for role in state.active if role not in before]
            kind = "your_turn"
        events = []
        for role in told:
            seat = live.row.seats.get(role)
            if seat is not None and seat.kind == "human" and self.wants(live.row.id, role, seat.account_id):
                events.append(NotificationEvent(kind, live.row.id, role))
        if events:
            self.later(lambda: events)

    def tell(self, events: list[NotificationEvent]) -> int:
        """Enqueue these events in one transaction, now (synchronous: call it from a thread)."""
        if not events:
            return 0
        try:
            with self.store.store._writing, self.store.engine.begin() as conn:
                return sum(enqueue(conn, event, self.store, self.delays) for event in events)
        except Exception as err:  # the action stands; the notification is lost, and the log says so
            log.warning("agon: could not enqueue %d notification(s) (%s)", len(events), " ".join(str(err).split())[:200])
            return 0

    def later(self, make: Callable[[], list[NotificationEvent]]) -> None:
        """Enqueue the events `make()` lists, in the notifier's writer thread: the caller (an
        action's request, the event loop) waits for no database write. The writer takes all that
        waits in one transaction; `flush` waits for it, `close` too (a stopping server loses none)."""
        if self.writer is None:
            with self.guard:
                if self.writer is None:
                    self.writer = threading.Thread(target=self._write, name="agon-outbox", daemon=True)
                    self.writer.start()
        self.waiting.put(make)

    def _write(self) -> None:
        closing = False
        while not closing:
            batch = [self.waiting.get()]
            with contextlib.suppress(queue.Empty):
                while len(batch) < 500:
                    batch.append(self.waiting.get_nowait())
            events: list[NotificationEvent] = []
            done: list[threading.Event] = []
            for item in batch:
                if item is None:
                    closing = True
                elif isinstance(item, threading.Event):
                    done.append(item)
                else:
                    try:
                        events.extend(item())
                    except Exception as err:
                        log.warning("agon: notifications not made (%s: %s)", type(err).__name__, err)
            self.tell(events)
            for event in done:
                event.set()

    def flush(self, seconds: float = 10.0) -> None:
        """Wait until what was handed to `later` so far is in the outbox."""
        if self.writer is not None:
            written = threading.Event()
            self.waiting.put(written)
            written.wait(seconds)

    def close(self) -> None:
        if self.writer is not None:
            self.waiting.put(None)
            self.writer.join(10)

    # -- adapters for the other features' listeners ----------------------------------------------

    def _humans(self, match_id: str, but: str | None = None) -> list[str]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(seat_table.c.role).where(seat_table.c.match_id == match_id,
                                                                seat_table.c.kind == "human")).all()
        return [r[0] for r in rows if r[0] != but]

    def reminder(self, match_id: str, role: str, **_details: object) -> None:
        """Clocks: the seat's time to move runs out soon."""
        self.later(lambda: [NotificationEvent("reminder", match_id, role)])

    def time_out(self, match_id: str, role: str, **_details: object) -> None:
        """Clocks: the seat's time ran out (it is told; the others see it on the page)."""
        self.later(lambda: [NotificationEvent("time_out", match_id, role)])

    def chat_message(self, match_id: str, author: str, who: str | None = None, **_details: object) -> None:
        """Chat: `author` (a role) wrote; every other human seat is told who (never what)."""
        self.later(lambda: [NotificationEvent("chat_message", match_id, role, args={"who": (who or author)[:64]})
                                for role in self._humans(match_id, but=author)])

    def rematch_offered(self, match_id: str, by: str, who: str | None = None, **_details: object) -> None:
        """Lobby: the seat `by` offers a rematch; the other human seats are told."""
        self.later(lambda: [NotificationEvent("rematch_offered", match_id, role, args={"who": (who or by)[:64]})
                                for role in self._humans(match_id, but=by)])
