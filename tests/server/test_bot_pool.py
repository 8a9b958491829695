"""The bot pool (issue 11): a slow bot's move is replaced by a random one in time, and its worker
process is stopped so it holds up no other match."""

from __future__ import annotations

import asyncio
import time

import agon
from agon.server.bots import BotPool


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
        assert "ran out of time" in slow.reason and took < 5
        assert (slow.verb, slow.arg) in [tuple(a) for a in state.legal_actions(role)]
        assert (quick.verb, quick.arg) in [tuple(a) for a in state.legal_actions(role)]
    finally:
        pool.close()
