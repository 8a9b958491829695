"""Where the server's teaching jobs (post-game analyses, hints) run: `run_job`, one function.

A job is CPU work of a bounded budget (`agon.bots.analysis.Budget`); it runs off the event loop,
in a worker process of its own (threads when the server's bots run in threads, as in tests), at
most `JOB_PROCESSES` at once. Everything the server computes for `agon.server.teach` goes
through `run_job`, so it can be routed through the bot pool's queue instead by changing this
module alone.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

JOB_PROCESSES = 2  # one analysis at a time (`agon.server.teach`) leaves one for hints


class TeachJobs:
    """The executor of the teaching jobs, made at the first job, closed with the server."""

    def __init__(self, processes: bool) -> None:
        self.processes = processes
        self.executor: Executor | None = None

    def _executor(self) -> Executor:
        if self.executor is None:
            self.executor = (ProcessPoolExecutor(JOB_PROCESSES, mp_context=multiprocessing.get_context("spawn"))
                             if self.processes else ThreadPoolExecutor(JOB_PROCESSES, thread_name_prefix="agon-teach"))
        return self.executor

    def warm(self) -> None:
        """Start the workers before the first job needs them: a spawned worker imports the games
        first, seconds that a person asking for a hint would otherwise wait."""
        if self.executor is None:
            executor = self._executor()
            for _ in range(JOB_PROCESSES):  # (a process pool starts a worker per job waiting, up to its size)
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
    """`work(*args)` off the event loop, for `match_id` (the match a fair queue would charge it to)."""
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
