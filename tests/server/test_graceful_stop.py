"""A graceful stop (issue 37; docs/hosting.md "Stopping and restarting"): SIGTERM while a bot turn
is in flight; the action acknowledged before is stored, the bot's turn finishes and is stored too,
a live websocket is closed with 1012 and the reconnect reason, the process exits 0 in time. The
signal goes to the whole process group, as systemd sends it: the bot process outlives it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time

import httpx
import pytest

import agon
from agon.server.live import RESTARTING
from tests.server.serve_child import Served

BOUND = 8.0  # shutdown_seconds


def test_sigterm_during_a_bot_turn_stores_it_closes_sockets_with_1012_and_exits_0(tmp_path):
    """Costs the server's start (seconds on a loaded machine) and two 1 s bot turns."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    local = agon.load("1989").new(5, generator="keyed")
    person = local.active[0]
    bot = next(role for role in local.game.roles(**local.options) if role != person)
    served = Served(tmp_path, shutdown_seconds=BOUND, bot_processes=1)
    try:
        made = httpx.post(f"{served.base}/api/matches", json={
            "game": "1989", "seed": 5, "seats": {person: "human", bot: "ismcts:seconds=1,settle=0"}}).json()
        url = f"{served.base}/api/matches/{made['id']}"
        # (no trusted proxy here: not even loopback's X-Forwarded-For counts, where uvicorn's default believed it)
        spoofed = httpx.get(f"{served.base}/livez", headers={"X-Forwarded-For": "203.0.113.9"}).headers["x-request-id"]
        token = {"Authorization": f"Bearer {made['seats'][person]['token']}"}
        with connect(f"ws://127.0.0.1:{served.port}/api/matches/{made['id']}/live", open_timeout=10) as socket:
            socket.send(json.dumps({}))
            json.loads(socket.recv(10))
            def act_until_the_bots_turn() -> httpx.Response:
                acted = None
                while True:
                    state = httpx.get(url, headers=token).json()
                    if bot in state["active"] and acted is not None:
                        return acted
                    if person not in state["active"]:  # the bot is moving
                        time.sleep(0.1)
                        continue
                    action = state["prompt"]["actions"][0]
                    acted = httpx.post(f"{url}/actions", headers=token, json={
                        "version": state["version"], "verb": action["verb"], "arg": action["arg"]})
                    assert acted.status_code == 200, acted.text

            act_until_the_bots_turn()  # (its first turn starts the bot process: it is running at the signal)
            acted = act_until_the_bots_turn()
            acknowledged = acted.json()["version"]
            while True:  # (the pushes of the first bot turn come first)
                push = json.loads(socket.recv(10))
                if push["version"] >= acknowledged and bot in push["thinking"]:
                    break  # the bot is thinking now
            os.killpg(served.proc.pid, signal.SIGTERM)  # to the whole group, bot process included (systemd)
            stopped = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(BOUND + 5)
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1012, RESTARTING)
        assert served.proc.wait(BOUND + 10) == 0
        assert time.monotonic() - stopped < BOUND + 3
    finally:
        served.stop()
    with sqlite3.connect(tmp_path / "agon.db") as db:
        roles = [role for (role,) in db.execute('SELECT role FROM action WHERE match_id = ? ORDER BY "index"',
                                                (made["id"],))]
    # the acknowledged action, and after it the bot's move that was in flight
    assert len(roles) > acknowledged and roles[acknowledged - 1] == person and roles[-1] == bot
    assert [line["client"] for line in served.lines() if line.get("request_id") == spoofed] == ["127.0.0.1"]
    troubles = [line for line in served.lines() if "traceback" in line or line["level"] in ("warning", "error")]
    assert not troubles, troubles
