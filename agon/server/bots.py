"""Server-side bots: worker processes (or threads in tests) that choose moves off the event loop.

Each running choice has a worker process of its own, with its own deadline: a bot over its time
limit forfeits that move to a random legal one and only its own worker is stopped, so the bots
of other matches, thinking at the same time, go on undisturbed. Idle workers are kept for the
next choices, and a seat's next choice goes to the worker that served it last when it is free
(rulebook bots carry a plan from one step of an operation to the next in their bot object).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from agon.bots import Bot, RandomBot, make_bot
from agon.engine import Action, State

_KEPT = 512
_STARTUP_SECONDS = 120.0  # a spawned worker imports the games before its first choice; not counted
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


def fallback(state: State, role: str, seed: int, why: str) -> BotMove:
    """A random legal move, for a bot that ran out of time or failed."""
    action: Action = RandomBot(state.game.id, seed).choose(state, role)
    return BotMove(action.verb, action.arg, why)


class BotFailed(Exception):
    """The bot raised, or its worker died: the message names the exception."""


def _serve(conn: Connection, chooser: Chooser) -> None:
    """A worker process's loop: say ready, then answer one job after another until the pipe closes."""
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", chooser(*job)))
        except Exception as err:  # reported to the server, which moves at random instead
            conn.send(("error", type(err).__name__))


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

    def run(self, job: tuple[str, str, str, int, State], seconds: float) -> BotMove | None:
        """The bot's move, or None when it ran out of time (the worker is then stopped)."""
        try:
            if not self.ready:
                if not self.conn.poll(_STARTUP_SECONDS):
                    raise BotFailed("the worker did not start")
                self.conn.recv()
                self.ready = True
            self.conn.send(job)
            if not self.conn.poll(seconds):
                self.stop()
                return None
            kind, value = self.conn.recv()
        except (EOFError, OSError) as err:
            self.stop()
            raise BotFailed("the worker died") from err
        if kind != "ok":
            raise BotFailed(str(value))
        return value  # type: ignore[no-any-return]

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(5)
        self.conn.close()


class BotPool:
    """`await pool.choose(...)`: a bot's move within `seconds`, else a random legal move.

    With processes, at most `processes` choices run at once, each in its own worker with its own
    deadline; a worker over its deadline is stopped alone. With threads (processes=0, tests) a
    bot over its time finishes unseen.
    """

    def __init__(self, processes: int, seconds: float, chooser: Chooser = choose) -> None:
        self.seconds = seconds
        self.processes = processes
        self.chooser = chooser
        self.idle: list[Worker] = []
        self.busy: set[Worker] = set()
        self.last: dict[tuple[str, str], Worker] = {}  # (match, role) -> the worker that served it
        self.guard = threading.Lock()
        self.threads = ThreadPoolExecutor(max(2, processes), thread_name_prefix="agon-bot")
        self.slots = asyncio.Semaphore(max(1, processes)) if processes > 0 else None
        self.closed = False

    async def choose(self, match_id: str, role: str, bot_name: str, seed: int, state: State) -> BotMove:
        loop = asyncio.get_running_loop()
        job = (match_id, role, bot_name, seed, state)
        try:
            if self.slots is None:
                return await asyncio.wait_for(loop.run_in_executor(self.threads, self.chooser, *job), self.seconds)
            async with self.slots:
                move = await loop.run_in_executor(self.threads, self._in_worker, job)
            if move is None:
                raise TimeoutError
            return move
        except TimeoutError:
            return fallback(state, role, seed, f"{bot_name} ran out of time ({self.seconds:g} s): a random move")
        except BotFailed as err:
            return fallback(state, role, seed, f"{bot_name} failed ({err}): a random move")
        except Exception as err:  # a broken bot must not stop the match
            return fallback(state, role, seed, f"{bot_name} failed ({type(err).__name__}): a random move")

    def _in_worker(self, job: tuple[str, str, str, int, State]) -> BotMove | None:
        worker = self._take((job[0], job[1]))
        try:
            move = worker.run(job, self.seconds)
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
