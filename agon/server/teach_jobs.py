"""Where the server's teaching jobs (post-game analyses, hints) run: a small pool of their own.

A job is CPU work of a bounded budget (`agon.bots.analysis.Budget`); it runs off the event loop,
in worker processes of its own (`Settings.teach_processes`, 2 by default; threads when the
server's bots run in threads, as in tests), never in the bot pool: a 600 s analysis holds a
teaching worker, not a bot's slot, so no bot turn waits for it. At most `teach_queue` jobs wait
for a worker besides those running; one more is refused at once with one line (`TeachBusy`), so a
crowd asking for analyses cannot pile up minutes of work. Everything the server computes for
`agon.server.teach` goes through `run_job`, after `reserve` took its place.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

BUSY = "the server is busy with other hints and analyses; ask again in a minute"


class TeachBusy(Exception):
    """Every worker is busy and the queue is full: the job is refused (`BUSY`, one line)."""


class TeachJobs:
    """The executor of the teaching jobs (made at the first job, closed with the server) and the
    count of jobs taken (running or waiting), at most `size + queue`."""

    def __init__(self, processes: bool, size: int = 2, queue: int = 8) -> None:
        self.processes = processes
        self.size = max(1, size)
        self.queue = max(0, queue)
        self.executor: Executor | None = None
        self.taken = 0
        self._count = threading.Lock()  # (the routes reserve from the event loop and from their threads)

    def reserve(self) -> None:
        """Take a place for one job; TeachBusy when the workers are busy and the queue is full."""
        with self._count:
            if self.taken >= self.size + self.queue:
                raise TeachBusy(BUSY)
            self.taken += 1

    def release(self) -> None:
        with self._count:
            self.taken = max(0, self.taken - 1)

    def _executor(self) -> Executor:
        if self.executor is None:
            self.executor = (ProcessPoolExecutor(self.size, mp_context=multiprocessing.get_context("spawn"))
                             if self.processes else ThreadPoolExecutor(self.size, thread_name_prefix="agon-teach"))
        return self.executor

    def warm(self) -> None:
        """Start the workers before the first job needs them: a spawned worker imports the games
        first, seconds that a person asking for a hint would otherwise wait."""
        if self.executor is None:
            executor = self._executor()
            for _ in range(self.size):  # (a process pool starts a worker per job waiting, up to its size)
                executor.submit(_import_games)

    def close(self) -> None:
        """Stop: the jobs waiting are dropped and a running one is ended (a stopped server's
        analysis is taken again later, `agon.server.teach`), not left to run for minutes."""
        if self.executor is None:
            return
        workers = list((getattr(self.executor, "_processes", None) or {}).values())  # (no public way before 3.14)
        self.executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
        self.executor = None


async def run_job(jobs: TeachJobs, match_id: str, work: Callable[..., T], *args: object) -> T:
    """`work(*args)` off the event loop, in the teaching pool (for `match_id`; its place reserved)."""
    executor = jobs._executor()
    try:
        return await asyncio.get_running_loop().run_in_executor(executor, work, *args)
    except BrokenExecutor:  # a worker died (killed, out of memory): the next job gets new ones
        if jobs.executor is executor:
            jobs.close()
        raise


def _import_games() -> None:
    """A worker's first job: import what the teaching jobs use (`TeachJobs.warm`)."""
    from agon.engine import games, load
    from agon.server import teach  # noqa: F401 (the jobs' functions live there)

    for game_id in games():
        load(game_id)
