"""Server-side bots: worker processes (or threads in tests) that choose moves off the event loop.

Each running choice has a worker process of its own, with its own deadline: a bot over it is
stopped alone (its worker ends), so the bots of other matches, thinking at the same time, go on
undisturbed. A bot that cannot move (it raised, its worker died, its position could not be sent
to the worker, it ran over its deadline) never moves at random: `BotPool.choose` raises
`BotFailed`, which says how and why, and the caller (`agon.server.runner`) logs it, retries and
tells the players. Idle workers are kept for the next choices, and a seat's next choice goes to
the worker that served it last when it is free (rulebook bots carry a plan from one step of an
operation to the next in their bot object). The workers are shared between matches in turn
(`FairSlots`): a match with many bot seats waiting cannot hold back another match's bot by more
than the one choice running.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import pickle
import signal
import threading
import traceback
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from agon.bots import Bot, make_bot
from agon.engine import State

_KEPT = 512
_STARTUP_SECONDS = 120.0  # a spawned worker imports the games before its first choice; not counted
# a bot may use all of the server's time per move: its worker is stopped only this much later
# (the position's transfer, an iteration begun before its own deadline)
_GRACE_SECONDS = 1.0
_GRACE_SHARE = 0.1
_bots: OrderedDict[tuple[str, str, str], Bot] = OrderedDict()

Chooser = Callable[[str, str, str, int, State], "BotMove"]


@dataclass(frozen=True, slots=True)
class BotMove:
    verb: str
    arg: Any
    reason: str | None


def choose(match_id: str, role: str, bot_name: str, seed: int, state: State) -> BotMove:
    """Run in a worker: the seat's bot (kept per match and role) chooses for `role`."""
    key = (match_id, role, bot_name)
    bot = _bots.get(key)
    if bot is None:
        bot = make_bot(bot_name, state.game.id, seed)
        _bots[key] = bot
        while len(_bots) > _KEPT:
            _bots.popitem(last=False)
    _bots.move_to_end(key)
    action = bot.choose(state, role)
    return BotMove(action.verb, action.arg, getattr(bot, "last_reason", None))


class BotFailed(Exception):
    """A bot could not move. `kind`: how (one of `KINDS`); `cause`: why, in one line (the
    exception's type and message); `detail`: the traceback, when there is one."""

    KINDS = ("raised", "worker", "pickle", "time", "illegal")

    def __init__(self, kind: str, cause: str, detail: str | None = None) -> None:
        super().__init__(f"{kind}: {cause}")
        self.kind = kind
        self.cause = cause
        self.detail = detail


def deadline(seconds: float) -> float:
    """How long a worker may take for a choice of a bot allowed `seconds` per move."""
    return seconds + max(_GRACE_SECONDS, seconds * _GRACE_SHARE)


def _serve(conn: Connection, chooser: Chooser) -> None:
    """A worker process's loop: say ready, then answer one job after another until the pipe closes."""
    # a stop signal sent to the server's whole process group (systemd, Ctrl-C) is the server's to
    # handle: it lets the turn in flight finish, then closes the pipe (docs/hosting.md)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", chooser(*job)))
        except Exception as err:  # reported to the server, which logs it and tries again
            conn.send(("error", (f"{type(err).__name__}: {err}", traceback.format_exc())))


class Worker:
    """One worker process and the pipe to it; `run` is blocking (the pool calls it in a thread)."""

    def __init__(self, chooser: Chooser) -> None:
        ours, theirs = multiprocessing.Pipe()
        self.conn = ours
        self.process: BaseProcess = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(theirs, chooser), name="agon-bot", daemon=True)
        self.process.start()
        theirs.close()
        self.ready = False

    def run(self, job: tuple[str, str, str, int, State], seconds: float) -> BotMove:
        """The bot's move; BotFailed if the bot raised, the worker died or did not start, the
        job could not be pickled, or no answer came within `seconds` (the worker is then stopped)."""
        try:
            if not self.ready:
                if not self.conn.poll(_STARTUP_SECONDS):
                    self.stop()
                    raise BotFailed("worker", f"the worker did not start in {_STARTUP_SECONDS:g} s")
                self.conn.recv()
                self.ready = True
            try:
                self.conn.send(job)  # pickled whole before a byte is sent: a failure leaves the pipe clean
            except (pickle.PicklingError, TypeError, AttributeError) as err:
                raise BotFailed("pickle", f"the position could not be sent to the worker: "
                                          f"{type(err).__name__}: {err}") from err
            if not self.conn.poll(seconds):
                self.stop()
                raise BotFailed("time", f"no move within {seconds:g} s; its worker was stopped")
            kind, value = self.conn.recv()
        except (EOFError, OSError) as err:
            self.stop()
            raise BotFailed("worker", f"the worker died ({type(err).__name__}: {err})") from err
        if kind != "ok":
            cause, detail = value
            raise BotFailed("raised", cause, detail)
        return value  # type: ignore[no-any-return]

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()  # (it ignores SIGTERM)
        self.process.join(5)
        self.conn.close()


class FairSlots:
    """At most `size` choices at once, shared between matches in turn: a freed slot goes to the
    waiting match served longest ago (never served first, then in the order they came), first
    come first served within one match. Used on the event loop only."""

    def __init__(self, size: int) -> None:
        self.free = size
        self.waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()
        self.served: OrderedDict[str, int] = OrderedDict()  # match -> when it was last given a slot
        self.clock = 0

    def _grant(self, match_id: str) -> None:
        self.clock += 1
        self.served[match_id] = self.clock
        self.served.move_to_end(match_id)
        while len(self.served) > 4096:  # forget the matches served longest ago (they come first anyway)
            self.served.popitem(last=False)

    async def acquire(self, match_id: str) -> None:
        if self.free > 0 and not self.waiting:
            self.free -= 1
            self._grant(match_id)
            return
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(match_id, deque()).append(ticket)
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self.release()  # it was given the slot as it was cancelled: pass it on
            else:
                line = self.waiting.get(match_id)
                if line is not None and ticket in line:
                    line.remove(ticket)
                    if not line:
                        del self.waiting[match_id]
            raise

    def release(self) -> None:
        while self.waiting:
            match_id = min(self.waiting, key=lambda m: self.served.get(m, 0))
            line = self.waiting[match_id]
            ticket = line.popleft()
            if not line:
                del self.waiting[match_id]
            if not ticket.done():
                self._grant(match_id)
                ticket.set_result(None)
                return
        self.free += 1


class BotPool:
    """`await pool.choose(...)`: a bot's move, or BotFailed (never a move the bot did not choose).

    With processes, at most `processes` choices run at once, each in its own worker with its own
    deadline (`deadline(seconds)`); a worker over its deadline is stopped alone. With threads
    (processes=0, tests) a bot over its time finishes unseen. The slots go round the matches
    waiting (`FairSlots`).
    """

    def __init__(self, processes: int, seconds: float, chooser: Chooser = choose) -> None:
        self.seconds = seconds
        self.deadline = deadline(seconds)
        self.processes = processes
        self.chooser = chooser
        self.idle: list[Worker] = []
        self.busy: set[Worker] = set()
        self.last: dict[tuple[str, str], Worker] = {}  # (match, role) -> the worker that served it
        self.guard = threading.Lock()
        self.threads = ThreadPoolExecutor(max(2, processes), thread_name_prefix="agon-bot")
        self.slots = FairSlots(max(1, processes) if processes > 0 else 2)
        self.closed = False

    async def choose(self, match_id: str, role: str, bot_name: str, seed: int, state: State) -> BotMove:
        loop = asyncio.get_running_loop()
        job = (match_id, role, bot_name, seed, state)
        await self.slots.acquire(match_id)
        try:
            if self.processes == 0:
                try:
                    return await asyncio.wait_for(loop.run_in_executor(self.threads, self.chooser, *job),
                                                  self.deadline)
                except TimeoutError:
                    raise BotFailed("time", f"no move within {self.deadline:g} s") from None
            return await loop.run_in_executor(self.threads, self._in_worker, job)
        except BotFailed:
            raise
        except Exception as err:  # the bot's own exception (threads), or the pool's
            raise BotFailed("raised", f"{type(err).__name__}: {err}", traceback.format_exc()) from err
        finally:
            self.slots.release()

    def _in_worker(self, job: tuple[str, str, str, int, State]) -> BotMove:
        worker = self._take((job[0], job[1]))
        try:
            move = worker.run(job, self.deadline)
        finally:
            if worker.alive:
                self._give_back((job[0], job[1]), worker)
            else:
                with self.guard:
                    self.busy.discard(worker)
        return move
    def _take(self, seat: tuple[str, str]) -> Worker:
        with self.guard:
            self.idle = [w for w in self.idle if w.alive]
            preferred = self.last.get(seat)
            if preferred in self.idle:
                self.idle.remove(preferred)
                worker = preferred
            else:
                worker = self.idle.pop() if self.idle else Worker(self.chooser)
            self.busy.add(worker)
            return worker

    def _give_back(self, seat: tuple[str, str], worker: Worker) -> None:
        with self.guard:
            self.busy.discard(worker)
            if self.closed:
                worker.stop()
                return
            self.idle.append(worker)
            self.last[seat] = worker
            if len(self.last) > _KEPT:
                self.last.pop(next(iter(self.last)))

    def close(self) -> None:
        with self.guard:
            self.closed = True
            workers, self.idle = [*self.idle, *self.busy], []
            self.busy.clear()
        for worker in workers:
            worker.stop()
        self.threads.shutdown(wait=False, cancel_futures=True)
