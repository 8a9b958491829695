"""The NOTIFYs that tell other processes of a move (PostgreSQL): sent after the move's commit,
by one thread per process, never a cost to the move itself."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from agon.server.migrations import upgrade
from agon.server.store import ActionRow, MatchRow, SeatRow, Store, engine_url, make_engine
from tests.server.conftest import wait_for

if TYPE_CHECKING:
    import psycopg


def _store(pg_url: str) -> Store:
    engine = make_engine(engine_url(pg_url))
    upgrade(engine)
    store = Store(engine)
    store.create_match(MatchRow(
        id="m1", game="dual-powers", options={}, seed=1, title="t", version=0, undo=False, is_over=False,
        imported=False, seats={"a": SeatRow("a", "human", None, "h1")}))
    return store


def _listen(pg_url: str) -> psycopg.Connection:
    import psycopg

    conn = psycopg.connect(pg_url, autocommit=True)
    conn.execute("LISTEN agon_match")
    return conn


def test_a_move_is_stored_when_its_notice_fails(pg_url, caplog):
    """A NOTIFY payload over PostgreSQL's 8000-byte limit fails; inside the move's transaction
    it would have cost the move, after the commit it costs only the notice."""
    store = _store(pg_url)
    try:
        with caplog.at_level(logging.WARNING, logger="agon.server"):
            store.append_action("m1", ActionRow(0, "a", "pass", None, None), False, notify="m1:" + "x" * 9000)
            store.close()
        assert [a.verb for a in store.actions_from("m1", 0)] == ["pass"]
        assert "could not send 1 notices" in caplog.text
    finally:
        store.engine.dispose()


def test_notices_arrive_in_order_after_the_moves_they_announce(pg_url):
    listener = _listen(pg_url)
    store = _store(pg_url)
    try:
        for i in range(50):
            store.append_action("m1", ActionRow(i, "a", "pass", None, None), False, notify=f"m1:{i + 1}")
        heard: list[str] = []

        def all_heard() -> bool:
            heard.extend(n.payload for n in listener.notifies(timeout=0.2, stop_after=50 - len(heard)))
            return len(heard) >= 50

        wait_for(all_heard)
        assert heard == [f"m1:{i + 1}" for i in range(50)]
        assert len(store.actions_from("m1", 0)) == 50  # each notice came after its commit
    finally:
        store.close()
        listener.close()


def test_close_sends_the_notices_still_waiting(pg_url):
    listener = _listen(pg_url)
    store = _store(pg_url)
    for n in range(200):
        store.notify(f"rate:x|t:{n}=1")
    store.close()
    heard = [n.payload for n in listener.notifies(timeout=2, stop_after=200)]
    listener.close()
    assert heard == [f"rate:x|t:{n}=1" for n in range(200)]
