"""A graceful stop (issue 37; docs/hosting.md "Stopping and restarting"): SIGTERM while a bot turn
is in flight; the action acknowledged before is stored, the bot's turn finishes and is stored too,
a live websocket is closed with 1012 and the reconnect reason, the process exits 0 in time."""

from __future__ import annotations

import json
import signal
import time

import httpx
import pytest

import agon
from agon.server.live import RESTARTING
from tests.server.conftest import make_client
from tests.server.serve_child import Served

BOUND = 8.0  # shutdown_seconds


def test_sigterm_during_a_bot_turn_stores_it_closes_sockets_with_1012_and_exits_0(tmp_path):
    """Costs the server's start (seconds on a loaded machine) and a 1.5 s bot turn."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    local = agon.load("1989").new(5, generator="keyed")
    person = local.active[0]
    bot = next(role for role in local.game.roles(**local.options) if role != person)
    served = Served(tmp_path, shutdown_seconds=BOUND)
    try:
        made = httpx.post(f"{served.base}/api/matches", json={
            "game": "1989", "seed": 5, "seats": {person: "human", bot: "ismcts:seconds=1.5,settle=0"}}).json()
        url = f"{served.base}/api/matches/{made['id']}"
        token = {"Authorization": f"Bearer {made['seats'][person]['token']}"}
        with connect(f"ws://127.0.0.1:{served.port}/api/matches/{made['id']}/live", open_timeout=10) as socket:
            socket.send(json.dumps({}))
            json.loads(socket.recv(10))
            while True:  # the person acts until the turn is the bot's
                state = httpx.get(url, headers=token).json()
                if bot in state["active"]:
                    break
                action = state["prompt"]["actions"][0]
                acted = httpx.post(f"{url}/actions", headers=token,
                                   json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
                assert acted.status_code == 200, acted.text
            acknowledged = acted.json()["version"]
            while bot not in json.loads(socket.recv(10)).get("thinking", []):
                pass  # the bot is thinking now
            served.proc.send_signal(signal.SIGTERM)
            stopped = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(BOUND + 5)
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1012, RESTARTING)
        assert served.proc.wait(BOUND + 10) == 0
        assert time.monotonic() - stopped < BOUND + 3
    finally:
        served.stop()
    with make_client(tmp_path, resume_bots=False) as client:  # the same database, no bot moving now
        after = client.get(f"/api/matches/{made['id']}").json()
    assert after["version"] > acknowledged  # the acknowledged action, and the bot's move in flight after it
    assert not any("traceback" in line for line in served.lines())
