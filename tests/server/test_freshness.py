"""Several processes on one PostgreSQL database (issue 29 item 8): a process that misses a
change notice (its notice connection was down, or the notice never went out) still serves the
new state within the bound docs/server.md states (AGON_FRESH_SECONDS, 2 s by default, plus a
query), and wakes its sockets with it."""

from __future__ import annotations

import json
import time

import httpx
import psycopg

import agon
from agon.server.store import ActionRow, Store, make_engine
from tests.server.conftest import ServerProcess, auth

BOUND = 2.0  # AGON_FRESH_SECONDS of the processes below
SLACK = 2.5  # the query, a loaded machine


def _match(base: str) -> tuple[str, dict[str, str]]:
    made = httpx.post(f"{base}/api/matches", json={"game": "1989", "seed": 4, "seats": {
        "democrat": "human", "communist": "human"}}, timeout=10).json()
    return made["id"], {r: s["token"] for r, s in made["seats"].items()}


def _first_move(base: str, match_id: str, tokens: dict[str, str]) -> tuple[str, dict[str, object]]:
    state = httpx.get(f"{base}/api/matches/{match_id}", timeout=10).json()
    role = state["active"][0]
    action = httpx.get(f"{base}/api/matches/{match_id}", headers=auth(tokens[role]), timeout=10).json()
    first = action["prompt"]["actions"][0]
    return role, {"version": state["version"], "verb": first["verb"], "arg": first["arg"]}


def test_an_action_stored_without_a_notice_is_served_within_the_bound(pg_url):
    """The notice is lost for good (the storing process died before sending it): the other
    process's periodic comparison finds the match behind."""
    one = ServerProcess(pg_url, env={"AGON_FRESH_SECONDS": str(BOUND)}).start()
    store = Store(make_engine(pg_url))
    try:
        match_id, tokens = _match(one.base)
        url = f"{one.base}/api/matches/{match_id}"
        assert httpx.get(url, timeout=10).json()["version"] == 0  # cached in process one
        role, move = _first_move(one.base, match_id, tokens)
        state = agon.load("1989").new(4)
        state.apply(role, (move["verb"], move["arg"]))
        store.append_action(match_id, ActionRow(0, role, str(move["verb"]), move["arg"], None), state.is_over,
                            notify=None)  # stored, and no notice
        stored = time.monotonic()
        while httpx.get(url, timeout=10).json()["version"] != 1:
            assert time.monotonic() - stored < BOUND + SLACK, "process one still serves version 0"
            time.sleep(0.1)
    finally:
        store.close()
        one.stop()


def test_a_process_whose_notice_connection_was_cut_catches_up_and_wakes_its_sockets(pg_url):
    """The notice connection is killed (as a database restart does) and a move made through the
    other process at once: its notice is lost; the first process compares its matches with the
    database when it listens again, and its websocket gets the move. The periodic comparison is
    set far off (60 s) so that it is the reconnect that does it."""
    from websockets.sync.client import connect

    one = ServerProcess(pg_url, env={"AGON_FRESH_SECONDS": "60"}).start()
    two = ServerProcess(pg_url, env={"AGON_FRESH_SECONDS": "60"}).start()
    try:
        match_id, tokens = _match(two.base)
        role, move = _first_move(one.base, match_id, tokens)
        with connect(f"ws://127.0.0.1:{one.port}/api/matches/{match_id}/live") as ws:
            ws.send(json.dumps({}))
            assert json.loads(ws.recv(10))["version"] == 0
            with psycopg.connect(pg_url, autocommit=True) as admin:
                killed = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                       "WHERE application_name LIKE 'agon-listen-%' "
                                       "AND datname = current_database()").fetchall()
            assert len(killed) == 2
            answer = httpx.post(f"{two.base}/api/matches/{match_id}/actions", headers=auth(tokens[role]),
                                json=move, timeout=10)
            assert answer.status_code == 200, answer.text
            moved = time.monotonic()
            push = json.loads(ws.recv(BOUND + SLACK + 1.0))  # the listener retries after 1 s
            assert push["version"] == 1 and time.monotonic() - moved < BOUND + SLACK + 1.0
        assert httpx.get(f"{one.base}/api/matches/{match_id}", timeout=10).json()["version"] == 1
    finally:
        one.stop()
        two.stop()
