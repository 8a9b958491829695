"""Server-side bots: a pool (processes, or threads in tests) that chooses moves off the event loop.

Each bot seat keeps one bot object in the worker that serves it (rulebook bots carry a plan
from one step of an operation to the next); a bot that exceeds the time limit forfeits that move
to a random legal one, so a slow bot never holds a match, or the server, up.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from agon.bots import Bot, RandomBot, make_bot
from agon.engine import Action, State

_KEPT = 512
_bots: OrderedDict[tuple[str, str, str], Bot] = OrderedDict()


@dataclass(frozen=True, slots=True)
class BotMove:
    verb: str
    arg: Any
    reason: str | None


def choose(match_id: str, role: str, bot_name: str, seed: int, state: State) -> BotMove:
    """Run in a pool worker: the seat's bot (kept per match and role) chooses for `role`."""
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


class BotPool:
    """`await pool.choose(...)`: a bot's move within `seconds`, else a random legal move.

    With processes, a bot that runs out of time has its worker stopped (the pool starts afresh),
    so it cannot hold up the bots of other matches; with threads (tests) it finishes unseen.
    """

    def __init__(self, processes: int, seconds: float) -> None:
        self.seconds = seconds
        self.processes = processes
        self.executor = self._new_executor()

    def _new_executor(self) -> Executor:
        if self.processes > 0:
            return ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"))
        return ThreadPoolExecutor(2, thread_name_prefix="agon-bot")

    async def choose(self, match_id: str, role: str, bot_name: str, seed: int, state: State) -> BotMove:
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(self.executor, choose, match_id, role, bot_name, seed, state)
        try:
            return await asyncio.wait_for(job, self.seconds)
        except TimeoutError:
            self._stop_workers()
            return fallback(state, role, seed, f"{bot_name} ran out of time ({self.seconds:g} s): a random move")
        except Exception as err:  # a broken bot must not stop the match
            return fallback(state, role, seed, f"{bot_name} failed ({type(err).__name__}): a random move")

    def _stop_workers(self) -> None:
        if not isinstance(self.executor, ProcessPoolExecutor):
            return
        old, self.executor = self.executor, self._new_executor()
        for process in list(getattr(old, "_processes", {}).values()):  # the stdlib offers no per-job kill
            process.terminate()
        old.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        for process in list(getattr(self.executor, "_processes", {}).values()):
            process.terminate()
        self.executor.shutdown(wait=True, cancel_futures=True)
