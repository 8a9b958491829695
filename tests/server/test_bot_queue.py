"""The bots on the server (issue 37): the pool sized to the machine, the fair queue (a match with
three Non-players cannot starve the others), each bot turn bounded by a budget (an anytime bot
plays the best move found in what is left of it, never a random one), and the wait shown in the
state object. Bots in threads, fake slow bots: about 2 s in all."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import agon
from agon.server import bots
from agon.server.bot_queue import FairQueue
from agon.server.bot_wait import BotWaits
from agon.server.bots import BotMove, BotPool, choose, think_limit
from tests.server.conftest import make_client, new_match, wait_for


def test_the_pool_is_sized_to_the_machine_unless_set(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(bots, "usable_cpus", lambda: 8)
    assert bots.pool_size(None) == 7  # one CPU is the web server's
    assert bots.pool_size(3) == 3 and bots.pool_size(0) == 0  # the setting wins (0: threads)
    monkeypatch.setattr(bots, "usable_cpus", lambda: 1)
    assert bots.pool_size(None) == 1
    assert bots.cgroup_cpus("250000 100000\n") == 3 and bots.cgroup_cpus("max 100000\n") is None


order: list[str] = []
_order_lock = threading.Lock()


def slow_fake(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
    """A fake slow bot: notes whose turn it runs, thinks 50 ms, passes."""
    with _order_lock:
        order.append(f"{match_id}/{role}")
    time.sleep(0.05)
    return BotMove("pass", None, None)


def test_three_non_players_of_one_match_do_not_starve_two_other_matches():
    """Cuba Libre's three Non-players ask first, then two other matches' bots: with one slot the
    turns go round the matches (first come first served ran all three first), and each waiting
    turn is told its place as it moves up the queue."""
    order.clear()
    pool = BotPool(processes=0, seconds=5.0, chooser=slow_fake)
    pool.slots = FairQueue(1, 0.05)
    places: list[int] = []
    state = agon.load("dual-powers").new(1)
    try:
        async def run() -> None:
            jobs = [asyncio.ensure_future(pool.choose("cuba", role, "fake", 1, state))
                    for role in ("govt", "m26", "dr")]
            await asyncio.sleep(0)
            jobs.append(asyncio.ensure_future(pool.choose("m2", "x", "fake", 1, state)))
            await asyncio.sleep(0)
            jobs.append(asyncio.ensure_future(
                pool.choose("m3", "x", "fake", 1, state, shown=lambda ahead, seconds: places.append(ahead))))
            await asyncio.gather(*jobs)

        asyncio.run(run())
    finally:
        pool.close()
    assert order == ["cuba/govt", "m2/x", "m3/x", "cuba/m26", "cuba/dr"]
    assert places == [2, 1, 0]  # the running Non-player and m2, then m2 alone, then its own turn


class FakeAnytime:
    """An anytime bot: searches for `seconds` (here: notes the time it was given)."""

    name = "fake"

    def __init__(self) -> None:
        self.seconds = 1.0
        self.given: list[float] = []

    def choose(self, state: agon.State, role: str) -> agon.Action:
        self.given.append(self.seconds)
        return state.legal_actions(role)[0]


@pytest.mark.parametrize(("left", "given"), [(None, 1.0), (5.0, 1.0), (0.4, 0.4), (0.1, 0.25), (-3.0, 0.25)])
def test_an_anytime_bot_searches_for_what_is_left_of_its_turn_but_never_less_than_its_floor(left, given):
    bot = FakeAnytime()
    state = agon.load("dual-powers").new(1)
    bots._choose_within(bot, state, state.active[0], left)
    assert bot.given == [given] and bot.seconds == 1.0  # its own time is back for the next turn


def limit_seen(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
    time.sleep(0.3)
    return BotMove("pass", think_limit(), None)


def test_a_turn_budget_counts_its_time_in_the_queue_and_a_real_search_keeps_to_it():
    """The second turn queued 0.3 s behind the first: it is left the rest of its 1 s budget.
    And ismcts (1 s a move, settle off) under a budget of 0.3 s plays its best move by then."""
    pool = BotPool(processes=0, seconds=5.0, chooser=limit_seen, turn_seconds=1.0)
    pool.slots = FairQueue(1, 0.3)
    state = agon.load("dual-powers").new(1)
    role = state.active[0]
    try:
        async def run() -> list[BotMove]:
            return list(await asyncio.gather(pool.choose("a", role, "fake", 1, state),
                                             pool.choose("b", role, "fake", 1, state)))

        first, second = asyncio.run(run())
        assert 0.7 < first.arg <= 1.0 and second.arg < 0.75  # (not 1.0: its 0.3 s in the queue counted; clocks differ by ms)
        pool.chooser = choose
        pool.turn_seconds = 0.3
        began = time.monotonic()
        move = asyncio.run(pool.choose("c", role, "ismcts:settle=0", 3, state))
        took = time.monotonic() - began
        assert (move.verb, move.arg) in [tuple(a) for a in state.legal_actions(role)]
        assert took < 0.9, took  # its own time (1 s) was cut to the budget
    finally:
        pool.close()


def test_waits_travel_between_processes_as_one_notice():
    here, there = BotWaits(), BotWaits()
    assert here.set("m1", "communist", (2, 6)) and not here.set("m1", "communist", (2, 6))
    notice = here.notice("m1")
    assert notice == "m1:wait:communist=2/6"
    assert there.heard("m1", notice.split(":wait:")[1]) and there.shown("m1") == [
        {"role": "communist", "ahead": 2, "seconds": 6}]
    here.set("m1", "communist", None)
    assert there.heard("m1", here.notice("m1").split(":wait:")[1]) and there.shown("m1") == []


def test_the_state_object_shows_a_bot_its_place_in_the_queue(tmp_path: Path):
    """Two matches' bots, one slot: while the first thinks, the second's players read that one
    turn runs before their bot's and about how long it will be; once it moved, nothing. (About
    2-3 s, most of it the app's start.)"""
    go_on = threading.Event()

    def held(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> Any:
        go_on.wait(20)
        return choose(match_id, role, bot_name, seed, state)

    with make_client(tmp_path) as client:
        ctx = client.app.state.agon
        ctx.pool.chooser = held
        ctx.pool.slots = FairQueue(1, 3.0)
        seats = {"democrat": "human", "communist": "random"}
        first = new_match(client, "1989", seats=seats, seed=5)["id"]
        wait_for(lambda: client.get(f"/api/matches/{first}").json()["bot_wait"], 10)
        second = new_match(client, "1989", seats=seats, seed=6)["id"]
        state = wait_for(lambda: (s := client.get(f"/api/matches/{second}").json())["bot_wait"] and s, 10)
        assert state["thinking"] == ["communist"]
        assert state["bot_wait"] == [{"role": "communist", "ahead": 1, "seconds": 6}]
        assert client.get(f"/api/matches/{first}").json()["bot_wait"] == [
            {"role": "communist", "ahead": 0, "seconds": 3}]
        go_on.set()
        done = wait_for(lambda: (s := client.get(f"/api/matches/{second}").json())["version"] >= 1
                        and not s["thinking"] and s, 10)
        assert done["bot_wait"] == []


def test_postgresql_another_process_shows_the_wait_too(tmp_path: Path, pg_url: str):
    """With two processes on one PostgreSQL database, a page connected to the process that does
    not run the bot reads its wait as well (NOTIFY `MATCH:wait:...`), and its end. About 3-5 s:
    most of it the two servers' start on PostgreSQL (the wait itself arrives within a second)."""
    go_on = threading.Event()

    def held(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> Any:
        go_on.wait(20)
        return choose(match_id, role, bot_name, seed, state)

    with make_client(tmp_path, db=pg_url) as one, make_client(tmp_path, db=pg_url, resume_bots=False) as two:
        one.app.state.agon.pool.chooser = held
        one.app.state.agon.pool.slots = FairQueue(1, 3.0)
        seats = {"democrat": "human", "communist": "random"}
        new_match(one, "1989", seats=seats, seed=5)
        second = new_match(one, "1989", seats=seats, seed=6)["id"]
        wait_for(lambda: two.get(f"/api/matches/{second}").json()["bot_wait"] == [
            {"role": "communist", "ahead": 1, "seconds": 6}], 10)
        go_on.set()
        # (30 s: both bots' turns, then the notice, on a loaded CI machine)
        wait_for(lambda: (s := two.get(f"/api/matches/{second}").json())["version"] >= 1 and not s["bot_wait"], 30)
