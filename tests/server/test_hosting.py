"""Hosting for a club (issue 37) in one process: forwarded headers believed from trusted proxies
only, links at `public_url`, request ids and JSON log lines that hold no secret, `/livez` and
`/readyz` (docs/hosting.md)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agon.server.app import Settings, create_app
from agon.server.request_log import JsonFormatter
from tests.server.conftest import auth, make_client, new_match
from tests.server.test_outages import _sqlite_outage

PUBLIC = "https://games.example.org"


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """What `agon serve` with log_format = "json" writes, into a string."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    agon = logging.getLogger("agon")
    level = agon.level
    agon.addHandler(handler)
    agon.setLevel(logging.INFO)
    try:
        yield out
    finally:
        agon.removeHandler(handler)
        agon.setLevel(level)


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Iterator[tuple[TestClient, Path]]:
    """One server (default settings) for the tests that need no setting of their own, and the
    folder of its database."""
    folder = tmp_path_factory.mktemp("hosting") / "disk"
    with make_client(folder) as client:
        yield client, folder


def lines(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def behind(tmp_path, peer: str, **settings: Any) -> TestClient:
    """A client whose requests come from the address `peer`."""
    base: dict[str, Any] = {"db": f"sqlite:///{tmp_path / 'agon.db'}", "bot_processes": 0, "token_rate": 1e4,
                            "token_burst": 1e4, "client_rate": 1e4, "client_burst": 1e4}
    return TestClient(create_app(Settings(**{**base, **settings})), client=(peer, 40000))


def test_forwarded_headers_count_from_a_trusted_proxy_only_and_the_address_limit_uses_them(tmp_path, json_log):
    forwarded = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https", "X-Request-ID": "nginx-42"}
    with behind(tmp_path, "10.0.0.2", trusted_proxies=("10.0.0.0/24",), client_burst=3, client_rate=1e-3) as proxy:
        answer = proxy.get("/api/health", headers=forwarded)
        assert answer.headers["x-request-id"] == "nginx-42"
        # the address limit counts the client behind the proxy: another client is not refused
        statuses = [proxy.get("/api/health", headers=forwarded).status_code for _ in range(3)]
        assert statuses == [200, 200, 429]
        assert proxy.get("/api/health", headers={**forwarded, "X-Forwarded-For": "203.0.113.8"}).status_code == 200
        stranger = TestClient(proxy.app, client=("192.0.2.9", 40000))  # (the same server, another peer)
        answer = stranger.get("/api/health", headers=forwarded)
        assert answer.headers["x-request-id"] != "nginx-42" and len(answer.headers["x-request-id"]) == 16
    clients = [line["client"] for line in lines(json_log) if line["message"] == "request"]
    assert clients == ["203.0.113.7"] * 4 + ["203.0.113.8", "192.0.2.9"]


def test_with_no_trusted_proxy_not_even_loopback_is_believed(shared, json_log):
    TestClient(shared[0].app, client=("127.0.0.1", 40000)).get("/livez", headers={"X-Forwarded-For": "203.0.113.7"})
    assert [line["client"] for line in lines(json_log)] == ["127.0.0.1"]


def test_invite_links_are_at_the_public_url_and_its_https_makes_the_cookie_secure(tmp_path):
    with make_client(tmp_path, public_url=PUBLIC + "/") as client:
        made = new_match(client, "dual-powers")
        for seat in made["seats"].values():
            assert seat["url"] == f"{PUBLIC}/m/{made['id']}#{seat['token']}"
        assert made["spectate_url"] == f"{PUBLIC}/m/{made['id']}"
        answer = client.post("/api/accounts", json={"name": "ada", "password": "correct horse battery"})
        assert answer.status_code == 201, answer.text
        assert "secure" in answer.headers["set-cookie"].lower()


def test_a_request_logs_one_json_line_with_its_fields(shared, json_log):
    client = shared[0]
    made = new_match(client, "dual-powers")
    role, seat = next(iter(made["seats"].items()))
    state = client.get(f"/api/matches/{made['id']}", headers=auth(seat["token"])).json()
    json_log.truncate(0)
    json_log.seek(0)
    action = state["prompt"]["actions"][0]
    answer = client.post(f"/api/matches/{made['id']}/actions", headers=auth(seat["token"]),
                         json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
    assert answer.status_code == 200, answer.text
    [line] = [line for line in lines(json_log) if line["message"] == "request"]
    assert set(line) == {"time", "level", "logger", "message", "request_id", "method", "route", "status",
                         "duration_ms", "client", "match", "role"}
    assert (line["method"], line["route"], line["status"], line["match"], line["role"]) == \
        ("POST", "/api/matches/{match_id}/actions", 200, made["id"], role)
    assert line["request_id"] == answer.headers["x-request-id"] and line["duration_ms"] > 0


def test_a_failure_is_logged_with_its_traceback_and_request_id_never_answered_with_it(shared, json_log):
    app = shared[0].app

    @app.get("/broken")
    async def broken() -> None:
        raise RuntimeError("a bug with a secret inside")

    answer = TestClient(app, raise_server_exceptions=False).get("/broken")
    assert answer.status_code == 500 and answer.json() == {"error": "internal error (RuntimeError)"}
    failure = next(line for line in lines(json_log) if line.get("traceback"))
    assert failure["request_id"] == answer.headers["x-request-id"]
    assert "a bug with a secret inside" in failure["traceback"] and failure["error"] == "RuntimeError"
    access = next(line for line in lines(json_log) if line["message"] == "request")
    assert (access["status"], access["request_id"]) == (500, failure["request_id"])


def test_no_token_password_or_cookie_reaches_the_log_of_a_whole_match(shared, json_log):
    """A match from sign-up to resignation, by seat tokens and by a session, live socket included:
    the log has a line per request and none of the secrets."""
    password = "a long secret password"
    client = TestClient(shared[0].app)  # (cookies of its own)
    answer = client.post("/api/accounts", json={"name": "ada", "password": password})
    secrets = [password, answer.cookies["agon_session"], answer.json()["csrf"]]
    answer = client.post("/api/session", json={"name": "ada", "password": password})
    cookie, csrf = answer.cookies["agon_session"], answer.json()["csrf"]
    made = client.post("/api/matches", headers={"X-CSRF-Token": csrf},
                       json={"game": "dual-powers", "seats": {"red": "human", "white": "human"}}).json()
    tokens = {role: seat["token"] for role, seat in made["seats"].items() if "token" in seat}
    writers = {role: auth(tokens[role]) if role in tokens else {"X-CSRF-Token": csrf} for role in made["seats"]}
    url = f"/api/matches/{made['id']}"
    with client.websocket_connect(f"{url}/live") as socket:
        socket.send_text(json.dumps({"token": next(iter(tokens.values()))}))
        socket.receive_text()
        for _ in range(4):
            for headers in writers.values():
                state = client.get(url, headers=headers).json()
                if state["prompt"]:
                    action = state["prompt"]["actions"][0]
                    client.post(f"{url}/actions", headers=headers,
                                json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
        role = next(iter(tokens))
        assert client.post(f"{url}/seats/{role}/resign", headers=writers[role]).json()["is_over"]
    client.get(f"{url}?token={tokens[role]}")  # a token in a query string (wrong, but it happens)
    client.post("/api/session/logout", headers={"X-CSRF-Token": csrf})
    text = json_log.getvalue()
    assert len([line for line in lines(json_log) if line["message"] == "request"]) >= 12
    for secret in [*secrets, cookie, csrf, *tokens.values()]:
        assert secret not in text


def test_livez_and_readyz_while_the_database_is_up_and_down(shared):
    client, folder = shared
    assert (client.get("/livez").status_code, client.get("/readyz").text) == (200, "ok\n")
    with _sqlite_outage(folder, client)():
        assert client.get("/livez").status_code == 200
        down = client.get("/readyz")
        assert down.status_code == 503 and down.text.startswith("not ready: the database does not answer (")
        assert down.text.count("\n") == 1
    assert client.get("/readyz").status_code == 200
    client.app.state.agon.draining = True
    try:
        assert client.get("/readyz").text == "not ready: the server is stopping\n"
    finally:
        client.app.state.agon.draining = False
