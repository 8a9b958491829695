"""Fixtures of the server tests: an app on a fresh SQLite file, bots in threads."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need the web extra: pip install -e '.[web]'")

from fastapi.testclient import TestClient

from agon.server.app import Settings, create_app
from agon.testing import every_game

GAMES = every_game()  # every declared game (agon/engine/registry.py), a test suite's own ones too
PG_URL = os.environ.get("AGON_TEST_PG")  # e.g. postgresql://postgres@127.0.0.1:5432/postgres


def make_client(tmp_path: Path, **settings: Any) -> TestClient:
    base: dict[str, Any] = {"db": f"sqlite:///{tmp_path / 'agon.db'}", "bot_processes": 0, "token_rate": 1e4,
                            "token_burst": 1e4, "client_rate": 1e4, "client_burst": 1e4}
    base.update(settings)
    return TestClient(create_app(Settings(**base)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_match(client: TestClient, game: str, seats: dict[str, str] | None = None, **body: Any) -> dict[str, Any]:
    """A match with every seat human unless `seats` says otherwise."""
    if seats is None:
        roles = client.post(f"/api/games/{game}/roles", json={"options": body.get("options", {})}).json()["roles"]
        seats = dict.fromkeys(roles, "human")
    response = client.post("/api/matches", json={"game": game, "seats": seats, **body})
    assert response.status_code == 201, response.text
    return response.json()


def whole(state: dict[str, Any], held: list[Any]) -> dict[str, Any]:
    """A state object with its whole log, as a client puts it together: `held` is the log it had
    (the object's `view.log` begins at line `log_from` of the whole log)."""
    start = state["log_from"]
    assert 0 <= start <= len(held), (start, len(held))
    return {**state, "view": {**state["view"], "log": held[:start] + state["view"]["log"]}}


def wait_for(predicate: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """`agon serve` in a child process, on a port of its own; `kill()` is SIGKILL."""

    def __init__(self, db: str, port: int | None = None, env: dict[str, str] | None = None) -> None:
        self.db = db
        self.env = env
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: Any = None

    def start(self) -> ServerProcess:
        from agon.server.bench import start_server

        self.proc = start_server(self.db, self.port, self.env)
        return self

    def kill(self) -> None:
        import signal

        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.kill()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database on the server AGON_TEST_PG names (CI starts one: .ci/postgres)."""
    if not PG_URL:
        if os.environ.get("CI"):
            raise AssertionError("CI must set AGON_TEST_PG (see .ci/run)")
        pytest.skip("AGON_TEST_PG is not set: start a server with `bash .ci/postgres` and export its URL")
    import secrets

    import psycopg

    name = f"agon_test_{secrets.token_hex(4)}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield PG_URL.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def mailbox() -> Iterator[tuple[Any, int]]:
    """A local SMTP server (aiosmtpd) on a free port: (its Mailbox of received mails, the port)."""
    from aiosmtpd.controller import Controller

    from tests.server.test_accounts import Mailbox

    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield box, controller.port
    finally:
        controller.stop()
