"""The bot pool (issue 11): a slow bot's move is replaced by a random one in time, and only its own
worker process is stopped, so the bots of other matches thinking at the same time go on."""

from __future__ import annotations

import asyncio
import time

import agon
from agon.server.bots import BotMove, BotPool, choose


def timed_choose(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
    """A chooser for the tests (run in the worker processes): match "slow" sleeps far past any
    limit; match "steady" thinks 2.5 s, then its bot chooses for real."""
    time.sleep({"slow": 600.0, "steady": 2.5}.get(match_id, 0.0))
    return choose(match_id, role, bot_name, seed, state)


def test_a_bot_over_its_time_limit_moves_at_random_and_the_pool_goes_on():
    state = agon.load("cuba-libre").new(1)
    role = state.active[0]
    pool = BotPool(processes=1, seconds=0.5)
    try:
        async def run():
            began = time.monotonic()
            slow = await pool.choose("m1", role, "ismcts", 1, state)  # 200 playouts of Cuba Libre: far over 0.5 s
            took = time.monotonic() - began
            quick = await asyncio.wait_for(pool.choose("m2", role, "random", 2, state), 30)
            return slow, took, quick

        slow, took, quick = asyncio.run(run())
        assert "ran out of time" in slow.reason and took < 10
        assert (slow.verb, slow.arg) in [tuple(a) for a in state.legal_actions(role)]
        assert (quick.verb, quick.arg) in [tuple(a) for a in state.legal_actions(role)]
    finally:
        pool.close()


def test_a_bot_over_its_time_does_not_harm_another_match_thinking_meanwhile():
    """Match A's bot overruns (its worker is stopped at 3 s) while match B's bot is thinking
    (from 1.5 s to 4 s, within its own 3 s): B's move is its bot's real choice, not a random one."""
    state = agon.load("dual-powers").new(3)
    role = state.active[0]
    pool = BotPool(processes=2, seconds=3.0, chooser=timed_choose)
    try:
        async def run():
            await asyncio.gather(pool.choose("warm", role, "random", 1, state),  # start both workers
                                 pool.choose("warm2", role, "random", 1, state))
            a = asyncio.ensure_future(pool.choose("slow", role, "opposition", 5, state))
            await asyncio.sleep(1.5)
            b = await pool.choose("steady", role, "opposition", 7, state)
            return await a, b

        a, b = asyncio.run(run())
        assert "ran out of time" in a.reason
        real = choose("direct", role, "opposition", 7, state)
        assert (b.verb, b.arg, b.reason) == (real.verb, real.arg, real.reason)
        assert b.reason is None or "random move" not in b.reason
    finally:
        pool.close()
