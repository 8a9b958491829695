"""The bots' fair queue: bot jobs share the pool's slots in turn, and each knows its place.

A freed slot goes to the waiting queue key (a match, or whatever a caller queues under: an
account's hints) served longest ago, never served first, then in the order they came; within one
key first come first served. So a match with three bot seats waiting (Cuba Libre's Non-players)
holds back another match's bot by the one choice running at most, whatever its number of seats.

Each ticket may be told, whenever it changes, how many jobs will run before its own ends
(`ahead`: the running ones and those served before it) and about how long until its job is done
(`seconds`), estimated from the recent jobs' durations: the page shows it ("2 turns ahead of it,
about 6 s"). Used on the event loop only.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("agon.server")

# (jobs ahead of it, about how many seconds until its job is done): called when either changes
WaitShown = Callable[[int, int], None]

_SMOOTHING = 0.2  # weight of the latest job's duration in the running estimate of a job's duration
_FORGET = 4096  # keys whose last service is remembered (the ones forgotten were served longest ago)


@dataclass(eq=False)
class Ticket:
    """One job's place: waiting (its future not done) or running (`started` set)."""

    key: str
    future: asyncio.Future[None]
    shown: WaitShown | None = None
    started: float | None = None
    told: tuple[int, int] | None = None  # what `shown` was told last
    queued: float = field(default_factory=time.monotonic)


class FairQueue:
    """At most `size` jobs at once, the slots going round the keys waiting (module docstring).
    `typical`: a job's expected duration before any has been timed."""

    def __init__(self, size: int, typical: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.size = size
        self.free = size
        self.typical = typical
        self.clock = clock
        self.waiting: OrderedDict[str, deque[Ticket]] = OrderedDict()
        self.running: set[Ticket] = set()
        self.served: OrderedDict[str, int] = OrderedDict()  # key -> when it was last given a slot
        self.turn = 0

    async def acquire(self, key: str, shown: WaitShown | None = None) -> Ticket:
        """Wait for a slot (in turn with the other keys); the ticket to `release` when done."""
        ticket = Ticket(key, asyncio.get_running_loop().create_future(), shown, queued=self.clock())
        if self.free > 0 and not self.waiting:
            self.free -= 1
            self._start(ticket)
            self._tell()
            return ticket
        self.waiting.setdefault(key, deque()).append(ticket)
        self._tell()
        try:
            await ticket.future
        except asyncio.CancelledError:
            if ticket.future.done() and not ticket.future.cancelled():
                self.release(ticket)  # it was given the slot as it was cancelled: pass it on
            else:
                line = self.waiting.get(key)
                if line is not None and ticket in line:
                    line.remove(ticket)
                    if not line:
                        del self.waiting[key]
                self._tell()
            raise
        return ticket

    def release(self, ticket: Ticket) -> None:
        """The ticket's job is done (or failed): its duration joins the estimate, its slot goes on."""
        if ticket not in self.running:
            return
        self.running.discard(ticket)
        assert ticket.started is not None
        took = self.clock() - ticket.started
        self.typical = (1 - _SMOOTHING) * self.typical + _SMOOTHING * took
        while self.waiting:
            key = min(self.waiting, key=lambda k: self.served.get(k, 0))
            line = self.waiting[key]
            following = line.popleft()
            if not line:
                del self.waiting[key]
            if not following.future.done():
                self._start(following)
                following.future.set_result(None)
                break
        else:
            self.free += 1
        self._tell()

    def order(self) -> list[Ticket]:
        """The waiting tickets in the order they will be served (if no other key comes): round by
        round, each key waiting gives its next ticket, the key served longest ago first."""
        keys = sorted(self.waiting, key=lambda k: self.served.get(k, 0))  # stable: never served, by arrival
        lines = [list(self.waiting[k]) for k in keys]
        out: list[Ticket] = []
        for depth in range(max((len(line) for line in lines), default=0)):
            out.extend(line[depth] for line in lines if depth < len(line))
        return out

    def _start(self, ticket: Ticket) -> None:
        self.turn += 1
        self.served[ticket.key] = self.turn
        self.served.move_to_end(ticket.key)
        while len(self.served) > _FORGET:
            self.served.popitem(last=False)
        ticket.started = self.clock()
        self.running.add(ticket)

    def _tell(self) -> None:
        """Tell each ticket that listens its place and expected wait, if they changed: the slots'
        free times are simulated with the running jobs' expected rest and `typical` per job."""
        now = self.clock()
        slots = [max(0.0, self.typical - (now - t.started)) for t in self.running if t.started is not None]
        slots += [0.0] * max(0, self.size - len(slots))
        heapq.heapify(slots)
        for ticket in self.running:
            assert ticket.started is not None
            self._say(ticket, 0, max(0.0, self.typical - (now - ticket.started)))
        for place, ticket in enumerate(self.order()):
            start = heapq.heappop(slots)
            heapq.heappush(slots, start + self.typical)
            self._say(ticket, len(self.running) + place, start + self.typical)

    @staticmethod
    def _say(ticket: Ticket, ahead: int, seconds: float) -> None:
        told = (ahead, max(1, math.ceil(seconds)))
        if ticket.shown is not None and told != ticket.told:
            ticket.told = told
            try:
                ticket.shown(*told)
            except Exception:  # a listener's bug must not stop the queue (it runs in release)
                log.exception("agon: a bot job's wait could not be shown")
