"""Bot turns that fail (issue 29 items 4, 5, 6): a bot that cannot move never moves at random,
it is logged with its cause, retried and shown to the players; a storage outage during a bot
turn does not stop the bots for good; a seat's bot settings are bounded by the server's limits.
Against SQLite, and PostgreSQL when AGON_TEST_PG is set."""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

import agon
from agon.server.bots import BotMove, BotPool, choose
from tests.server.conftest import make_client, new_match, wait_for

FAST = {"bot_attempts": 2, "bot_retry_seconds": 0.01, "bot_sweep_seconds": 0.3}


def broken_bot(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
    raise ValueError("the bot's own bug")


def test_a_bot_that_raises_is_logged_retried_shown_and_never_replaced_by_a_random_move(tmp_path: Path, caplog):
    """Item 4: before, the pool caught the error and played a random legal move, logging nothing."""
    caplog.set_level(logging.WARNING, logger="agon.server")
    with make_client(tmp_path, **FAST) as client:
        ctx = client.app.state.agon
        ctx.pool.chooser = broken_bot
        made = new_match(client, "1989", seats={"democrat": "human", "communist": "random"}, seed=5)
        match_id = made["id"]
        state = wait_for(lambda: (s := client.get(f"/api/matches/{match_id}").json())["bot_trouble"] and s)
        assert state["version"] == 0  # no move at all, let alone a random one
        assert state["bot_trouble"] == [{"role": "communist", "kind": "raised", "message": {
            "text": "The bot of {role} ({bot}) failed to choose a move; the server keeps trying.",
            "args": {"role": "Communist", "bot": "random"}}}]
        lines = [r.getMessage() for r in caplog.records if match_id in r.getMessage()]
        assert lines and all("communist" in line and "random" in line and "ValueError: the bot's own bug" in line
                             for line in lines)
        assert sum("Traceback" in line for line in lines) == 1  # the traceback once per distinct failure

        ctx.pool.chooser = choose  # mended: the sweep's next try moves
        state = wait_for(lambda: (s := client.get(f"/api/matches/{match_id}").json())["version"] >= 1 and s)
        assert state["bot_trouble"] == []
        assert "random move" not in str(state["view"]["log"])


def test_the_tries_back_off_on_the_runners_clock(tmp_path: Path):
    """The pauses between tries double from AGON_BOT_RETRY_SECONDS; the runner takes its clock
    as a parameter, so this test waits for none of them."""
    pauses: list[float] = []

    async def no_wait(seconds: float) -> None:
        pauses.append(seconds)

    with make_client(tmp_path, bot_attempts=4, bot_retry_seconds=1.5, bot_sweep_seconds=0) as client:
        ctx = client.app.state.agon
        ctx.pool.chooser = broken_bot
        ctx.bots.sleep = no_wait
        match_id = new_match(client, "1989", seats={"democrat": "human", "communist": "random"}, seed=5)["id"]
        wait_for(lambda: client.get(f"/api/matches/{match_id}").json()["bot_trouble"])
        assert pauses == [1.5, 3.0, 6.0]


def test_a_bot_whose_position_does_not_pickle_fails_with_that_cause():
    """Item 4: a state holding a local function cannot go to the worker process; the pool says
    so (kind "pickle") instead of moving at random."""
    import asyncio

    state = agon.load("dual-powers").new(3)
    state.options["hook"] = lambda: None  # a state holding a lambda, as an event's local function or lambda did in 1989 and Cuba Libre
    pool = BotPool(processes=1, seconds=5.0)
    try:
        async def run() -> Any:
            try:
                await pool.choose("m", state.active[0], "random", 1, state)
            except Exception as err:
                return err
            return None

        failed = asyncio.run(run())
        assert failed is not None and failed.kind == "pickle" and "pickle" in failed.cause.lower(), failed
    finally:
        pool.close()


def test_a_bot_over_its_deadline_is_retried_not_replaced(tmp_path: Path):
    """Item 4: threads (tests) and processes alike, a bot over its time fails (kind "time")."""
    release = threading.Event()

    def slow(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
        release.wait(30)
        return choose(match_id, role, bot_name, seed, state)

    with make_client(tmp_path, bot_seconds=0.2, **FAST) as client:
        client.app.state.agon.pool.chooser = slow
        match_id = new_match(client, "1989", seats={"democrat": "human", "communist": "random"}, seed=5)["id"]
        state = wait_for(lambda: (s := client.get(f"/api/matches/{match_id}").json())["bot_trouble"] and s)
        assert state["version"] == 0 and state["bot_trouble"][0]["kind"] == "time"
        release.set()


class Outage:
    """Makes `Store.append_action` fail as a full or vanished database does, while `on`."""

    def __init__(self, store: Any) -> None:
        self.real = store.append_action
        self.on = True
        self.failures = 0
        store.append_action = self

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        if self.on:
            self.failures += 1
            raise OperationalError("INSERT INTO action ...", {}, sqlite3.OperationalError("database or disk is full"))
        self.real(*args, **kwargs)


def test_sqlite_a_storage_failure_during_a_bot_turn_does_not_stop_the_bots(tmp_path: Path, caplog):
    """Item 5: before, the bot's runner logged the error and stopped; the match sat on the bot's
    turn until the server restarted."""
    caplog.set_level(logging.WARNING, logger="agon.server")
    with make_client(tmp_path, **FAST) as client:
        outage = Outage(client.app.state.agon.store)
        match_id = new_match(client, "1989", seats={"democrat": "human", "communist": "random"}, seed=5)["id"]
        state = wait_for(lambda: (s := client.get(f"/api/matches/{match_id}").json())["bot_trouble"] and s)
        assert state["version"] == 0 and state["bot_trouble"][0]["kind"] == "storage"
        assert outage.failures >= 2
        assert any("database or disk is full" in r.getMessage() and match_id in r.getMessage() for r in caplog.records)
        outage.on = False  # the database is back: no restart
        # the move is stored, then its trouble cleared, and the bot may have a second step: a read
        # between them saw the trouble, or the bot still to act (under -n 2, on main too)
        state = wait_for(lambda: (s := client.get(f"/api/matches/{match_id}").json())["version"] >= 1
                         and not s["bot_trouble"] and "democrat" in s["active"] and s, 20)
        assert state["bot_trouble"] == [] and "democrat" in state["active"]


def test_postgresql_bots_go_on_after_the_database_was_unreachable(tmp_path: Path, pg_url: str, caplog):
    """Item 5 on PostgreSQL: the database refuses every connection (its backends terminated) while
    a bot thinks; once it is back, the bot moves without a restart."""
    import psycopg

    caplog.set_level(logging.WARNING, logger="agon.server")
    name = pg_url.rsplit("/", 1)[1]
    admin = pg_url.rsplit("/", 1)[0] + "/postgres"
    thinking = threading.Event()
    go_on = threading.Event()

    def held(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
        thinking.set()
        go_on.wait(30)
        return choose(match_id, role, bot_name, seed, state)

    with make_client(tmp_path, db=pg_url, **FAST) as client:
        client.app.state.agon.pool.chooser = held
        match_id = new_match(client, "1989", seats={"democrat": "human", "communist": "random"}, seed=5)["id"]
        assert thinking.wait(20)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        go_on.set()
        wait_for(lambda: client.app.state.agon.matches.trouble.get(match_id), 20)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        # the move is stored, then its trouble cleared: a read between the two saw both (CI, once)
        state = wait_for(lambda: (s := client.get(f"/api/matches/{match_id}").json())["version"] >= 1
                         and not s["bot_trouble"] and s, 20)
        assert state["bot_trouble"] == []
    assert any(match_id in r.getMessage() and "OperationalError" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(("seat", "words"), [
    ("ismcts:iterations=1000000000000", "iterations=1000000000000 is more than this server allows"),
    ("ismcts:seconds=60", "seconds=60 is more than this server allows"),
    ("ismcts:cutoff=100000", "cutoff=100000 is more than this server allows"),
    ("ismcts:heavy=5", "heavy=5 is more than this server allows"),
])
def test_bot_settings_beyond_the_servers_limits_are_refused_at_creation(client, seat: str, words: str):
    """Item 6: `ismcts:iterations=10**12` was accepted, and five such seats held up other matches'
    bots for more than 100 s."""
    response = client.post("/api/matches", json={"game": "1989", "seats": {"democrat": "human", "communist": seat}})
    assert response.status_code == 400
    error = response.json()["error"]
    assert words in error and "\n" not in error and error.startswith("seat communist: ")


def test_a_seat_with_iterations_only_runs_within_the_servers_time(tmp_path: Path):
    """Item 6: a seat that names iterations and no time gets the server's time per move, so its
    search ends within its worker's deadline whatever the machine."""
    with make_client(tmp_path, bot_seconds=3, bot_iterations=5000) as client:
        refused = client.post("/api/matches", json={"game": "1989", "seats": {
            "democrat": "human", "communist": "ismcts:iterations=5001"}})
        assert refused.status_code == 400 and "iterations at most 5000" in refused.json()["error"]
        ctx = client.app.state.agon
        ctx.pool.chooser = broken_bot  # the bot does not matter here: only what it would be given
        match_id = new_match(client, "1989", seats={"democrat": "human", "communist": "ismcts:iterations=5000"},
                             seed=5)["id"]
        _, _, spec, _ = ctx.matches.bot_job(match_id, "communist")
        assert spec == "ismcts:iterations=5000,seconds=3"


def test_postgresql_two_processes_running_one_bot_turn_store_one_move_quietly(tmp_path: Path, pg_url: str, caplog):
    """Item 5: every process sweeps for bot turns, so two may run the same one: the version check
    stores the first move, and the other process's move is refused as stale and dropped, with no
    error logged and no spinning."""
    caplog.set_level(logging.WARNING, logger="agon.server")
    slow = threading.Event()
    choices: list[str] = []

    def deliberate(match_id: str, role: str, bot_name: str, seed: int, state: agon.State) -> BotMove:
        choices.append(role)
        slow.wait(0.5)  # long enough for both processes to be choosing at once
        return choose(match_id, role, bot_name, seed, state)

    settings = {"db": pg_url, "bot_sweep_seconds": 0.2}
    with make_client(tmp_path, **settings) as one, make_client(tmp_path, **settings) as two:
        for client in (one, two):
            client.app.state.agon.pool.chooser = deliberate
        made = new_match(one, "1989", seats={"democrat": "human", "communist": "random"}, seed=5)
        match_id = made["id"]
        wait_for(lambda: "democrat" in one.get(f"/api/matches/{match_id}").json()["active"], 30)
        version = one.get(f"/api/matches/{match_id}").json()["version"]
        import time

        time.sleep(1.0)  # both sweeps come round again: nothing more is stored
        assert two.get(f"/api/matches/{match_id}").json()["version"] == version
        stored = one.app.state.agon.store.actions_from(match_id, 0)
        assert [a.index for a in stored] == list(range(version))
        assert len(choices) > version  # the two processes did choose for the same turn
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and match_id in r.getMessage()] == []
