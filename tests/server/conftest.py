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

GAMES = ["dual-powers", "1989", "intrigue-city", "cuba-libre"]
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


def wait_for(predicate: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")
