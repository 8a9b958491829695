"""Server-side bots: worker processes (or threads in tests) that choose moves off the event loop.

Each running choice has a worker process of its own, with its own deadline: a bot over it is
stopped alone (its worker ends), so the bots of other matches, thinking at the same time, go on
undisturbed. A bot that cannot move (it raised, its worker died, its position could not be sent
to the worker, it ran over its deadline) never moves at random: `BotPool.choose` raises
`BotFailed`, which says how and why, and the caller (`agon.server.runner`) logs it, retries and
tells the players. Idle workers are kept for the next choices, and a seat's next choice goes to
the worker that served it last when it is free (rulebook bots carry a plan from one step of an
operation to the next in their bot object).

Sizing and sharing (issue 37): the pool runs as many workers as the machine has CPUs for this
process less one, which the web server keeps (`pool_size`); the jobs share them in turn
(`agon.server.bot_queue.FairQueue`), each told its place and expected wait; and a bot turn has a
budget (`turn_seconds`) from the moment it is queued: a bot that searches for a time (an
*anytime* bot: one with a `seconds` setting, ismcts) is given what is left of it, but never less
than `FLOOR_SHARE` of its own time, and then plays the best move its search found so far.
`BotPool.submit` runs any job so (hints and analysis too), `BotPool.choose` a seat's move.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, TypeVar

from agon.bots import Bot, make_bot
from agon.engine import State
from agon.server.bot_queue import FairQueue, WaitShown

_KEPT = 512
_STARTUP_SECONDS = 120.0  # a spawned worker imports the games before its first choice; not counted
# a bot may use all of the server's time per move: its worker is stopped only this much later
# (the position's transfer, an iteration begun before its own deadline)
_GRACE_SECONDS = 1.0
_GRACE_SHARE = 0.1
# an anytime bot is never cut below this share of its own time per move, however long its turn
# queued: past that the wait grows rather than the moves turning to noise
FLOOR_SHARE = 0.25
_bots: OrderedDict[tuple[str, str, str], Bot] = OrderedDict()
# the time left of the running job's turn budget (None: no budget), set around each job in the
# worker (a process's loop, or the thread's context)
_think: contextvars.ContextVar[float | None] = contextvars.ContextVar("agon_bot_think", default=None)

T = TypeVar("T")
Chooser = Callable[[str, str, str, int, State], "BotMove"]
Job = tuple[str, str, str, int, State]


def pool_size(setting: int | None) -> int:
    """Bot worker processes: the setting when given (0: threads, for tests), else the CPUs this
    process may use (`usable_cpus`) less one for the web server's own work (requests, the
    database, the live pushes), at least 1. A search holds a CPU for its whole time, so more
    workers than CPUs would only share them: each search would do fewer iterations in the same
    wall-clock time, and the requests would wait for a CPU."""
    if setting is not None:
        return setting
    return max(1, usable_cpus() - 1)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity), or a cgroup's CPU quota when lower (a
    container's `--cpus`)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    try:
        quota = cgroup_cpus(Path("/sys/fs/cgroup/cpu.max").read_text())
    except OSError:
        quota = None
    return min(cpus, quota) if quota is not None else cpus


def cgroup_cpus(text: str) -> int | None:
    """The CPUs a cgroup v2 `cpu.max` allows ("200000 100000": 2; "max 100000": no quota, None)."""
    parts = text.split()
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit() or int(parts[1]) == 0:
        return None
    return max(1, math.ceil(int(parts[0]) / int(parts[1])))


def think_limit() -> float | None:
    """In a job run by the pool: the seconds left of its turn's budget (it may be 0 or less: the
    turn queued past its budget), None when the pool sets no budget."""
    return _think.get()


def _run_with(limit: float | None, work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` with `think_limit()` giving `limit` (in a worker process, or a thread)."""
    token = _think.set(limit)
    try:
        return work(*args)
    finally:
        _think.reset(token)


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
    action = _choose_within(bot, state, role, think_limit())
    return BotMove(action.verb, action.arg, getattr(bot, "last_reason", None))


def _choose_within(bot: Bot, state: State, role: str, limit: float | None) -> Any:
    """The bot's choice, an anytime bot's search cut to the time left of its turn (at least
    `FLOOR_SHARE` of its own time): its best move found by then. A bot that does not search for
    a time (a rulebook automaton, random, greedy) chooses as it always does."""
    own = getattr(bot, "seconds", None)
    if limit is None or not isinstance(own, float) or own <= 0 or limit >= own:
        return bot.choose(state, role)
    setattr(bot, "seconds", max(limit, own * FLOOR_SHARE))  # noqa: B010 (the Bot protocol has no seconds)
    try:
        return bot.choose(state, role)
    finally:
        setattr(bot, "seconds", own)  # noqa: B010


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
    """A worker process's loop: say ready, then answer one job after another until the pipe
    closes. A job: (the work, or None for `chooser`; its turn's time left; its arguments)."""
    # a stop signal sent to the server's whole process group (systemd, Ctrl-C) is the server's to
    # handle: it lets the turn in flight finish, then closes the pipe (docs/hosting.md)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    conn.send(("ready", None))
    while True:
        try:
            work, limit, job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", _run_with(limit, work or chooser, *job)))
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

    def run(self, job: tuple[Callable[..., Any] | None, float | None, tuple[Any, ...]], seconds: float) -> Any:
        """The job's result (the bot's move); BotFailed if the bot raised, the worker died or did
        not start, the job could not be pickled, or no answer came within `seconds` (the worker
        is then stopped)."""
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
        return value

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()  # (it ignores SIGTERM)
        self.process.join(5)
        self.conn.close()


@dataclass(frozen=True, slots=True)
class BotJob:
    """A job for the pool: `role`'s move by bot `bot` (a spec) with `seed` in `state`, queued
    under `queue` (whose turns are shared fairly: a match id, or an account's key for its
    hints), its bot object kept between jobs of the same `seat` (a match id; None: the queue)."""

    queue: str
    role: str
    bot: str
    seed: int
    state: State
    seat: str | None = None

    def args(self) -> Job:
        return (self.seat or self.queue, self.role, self.bot, self.seed, self.state)


class BotPool:
    """`await pool.choose(...)`: a bot's move, or BotFailed (never a move the bot did not choose).

    With processes, at most `processes` jobs run at once, each in its own worker with its own
    deadline (`deadline(seconds)`); a worker over its deadline is stopped alone. With threads
    (processes=0, tests) a bot over its time finishes unseen. The slots go round the queue keys
    waiting (`FairQueue`). `turn_seconds` (0: none) is a bot turn's budget from the moment it is
    queued: an anytime bot thinks for what is left of it (module docstring).
    """

    def __init__(self, processes: int, seconds: float, chooser: Chooser = choose, turn_seconds: float = 0.0) -> None:
        self.seconds = seconds
        self.deadline = deadline(seconds)
        self.processes = processes
        self.chooser = chooser
        self.turn_seconds = turn_seconds
        self.idle: list[Worker] = []
        self.busy: set[Worker] = set()
        self.last: dict[tuple[str, str], Worker] = {}  # (seat, role) -> the worker that served it
        self.guard = threading.Lock()
        self.threads = ThreadPoolExecutor(max(2, processes), thread_name_prefix="agon-bot")
        # a turn's duration before any is timed: the default search's second (ismcts), or less
        typical = min(seconds, 1.0, turn_seconds if turn_seconds > 0 else math.inf)
        self.slots = FairQueue(max(1, processes) if processes > 0 else 2, typical)
        self.closed = False

    async def choose(self, match_id: str, role: str, bot_name: str, seed: int, state: State,
                     shown: WaitShown | None = None) -> BotMove:
        """A seat's move, its turn queued under its match."""
        move: BotMove = await self.submit(BotJob(match_id, role, bot_name, seed, state), shown=shown)
        return move

    async def submit(self, job: BotJob, budget: float | None = None, work: Callable[..., T] | None = None,
                     shown: WaitShown | None = None) -> T:
        """Run `job` in turn with the others: `work(seat, role, bot, seed, state)` (a module-level
        function, run in a worker; default: the pool's chooser, the bot's move) with
        `think_limit()` giving the time left of `budget` seconds from now (default the pool's
        `turn_seconds`; 0: no budget). `shown(ahead, seconds)` hears its place while it waits.
        BotFailed if it cannot."""
        loop = asyncio.get_running_loop()
        queued = time.monotonic()
        budget = self.turn_seconds if budget is None else budget
        ticket = await self.slots.acquire(job.queue, shown)
        limit = budget - (time.monotonic() - queued) if budget > 0 else None
        try:
            if self.processes == 0:
                try:
                    run = contextvars.copy_context().run
                    return await asyncio.wait_for(  # type: ignore[no-any-return]
                        loop.run_in_executor(self.threads, run, _run_with, limit, work or self.chooser, *job.args()),  # type: ignore[arg-type]  # (contextvars run, generic over the call it makes)
                        self.deadline)
                except TimeoutError:
                    raise BotFailed("time", f"no move within {self.deadline:g} s") from None
            return await loop.run_in_executor(self.threads, self._in_worker, work, limit, job.args())  # type: ignore[no-any-return]
        except BotFailed:
            raise
        except Exception as err:  # the bot's own exception (threads), or the pool's
            raise BotFailed("raised", f"{type(err).__name__}: {err}", traceback.format_exc()) from err
        finally:
            self.slots.release(ticket)

    def _in_worker(self, work: Callable[..., Any] | None, limit: float | None, job: Job) -> Any:
        seat = (job[0], job[1])
        worker = self._take(seat)
        try:
            result = worker.run((work, limit, job), self.deadline)
        finally:
            if worker.alive:
                self._give_back(seat, worker)
            else:
                with self.guard:
                    self.busy.discard(worker)
        return result

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
