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
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
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

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None


async def run_job(jobs: TeachJobs, match_id: str, work: Callable[..., T], *args: object) -> T:
    """`work(*args)` off the event loop, for `match_id` (the match a fair queue would charge it to)."""
    return await asyncio.get_running_loop().run_in_executor(jobs._executor(), work, *args)
