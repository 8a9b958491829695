"""`agon admin end` and `delete` beside a running server (issue 37): the server's cached copy of
the match does not outlive them. On PostgreSQL the command's NOTIFY (`ID:reload`) reaches the
server at once (its periodic comparison is set far off here, 60 s); on SQLite, which has no
notices, the server's freshness check finds the match ended or gone (set to 0.2 s here). Either
way the seats' live pages are pushed the ended match (or told it is gone), and no action is
taken on it any more."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agon.cli.main import main
from tests.server.conftest import auth, make_client, new_match, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """(the app's client, its database URL)."""
    if request.param == "postgresql":
        db, fresh = request.getfixturevalue("pg_url"), 60.0
    else:
        db, fresh = f"sqlite:///{tmp_path / 'agon.db'}", 0.2
    with make_client(tmp_path, db=db, fresh_seconds=fresh) as client:
        listener = client.app.state.agon.listener
        assert listener is None or listener.ready.wait(30)  # (LISTEN is on: the start waits 10 s at most)
        yield client, db


def test_a_match_ended_or_deleted_by_the_operator_reaches_the_running_server(served, capsys):
    client, db = served
    made = new_match(client, "dual-powers")
    match_id = made["id"]
    token = made["seats"]["red"]["token"]
    url = f"/api/matches/{match_id}"
    state = client.get(url, headers=auth(token)).json()  # cached in the server, not over
    assert not state["is_over"] and state["prompt"]
    with client.websocket_connect(f"{url}/live") as socket:
        socket.send_json({"token": token})
        assert socket.receive_json()["is_over"] is False
        assert main(["admin", "--db", db, "end", match_id]) == 0
        ended = wait_for(lambda: (got := client.get(url, headers=auth(token)).json())["is_over"] and got, 30)
        assert ended["result"]["reason"] == "ended" and ended["prompt"] is None
        pushed = socket.receive_json()
        assert pushed["is_over"] is True and pushed["result"]["reason"] == "ended"
    action = state["prompt"]["actions"][0]
    refused = client.post(f"{url}/actions", headers=auth(token),
                          json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
    assert refused.status_code == 409 and refused.json() == {"error": "the match is over"}

    other = new_match(client, "dual-powers")
    url = f"/api/matches/{other['id']}"
    assert client.get(url).status_code == 200  # cached
    with client.websocket_connect(f"{url}/live") as socket:
        socket.send_json({})
        socket.receive_json()
        assert main(["admin", "--db", db, "delete", other["id"], "--yes"]) == 0
        wait_for(lambda: client.get(url).status_code == 404, 30)
        assert socket.receive_json() == {"error": f"no match {other['id']!r}"}
    capsys.readouterr()
