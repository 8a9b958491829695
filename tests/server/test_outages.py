"""Database outages (issue 29 item 9): while the database is away every request that needs it gets
503 with a one-line error and Retry-After, the log has one line when the outage starts and one
when it ends (no traceback per request), `/api/health` says so and `/api/ready` is 503; after it
the server serves again by itself. For SQLite (the disk holding the file goes away) and PostgreSQL
(the database refuses connections and its sessions are ended)."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.conftest import PG_URL, auth, make_client, new_match, wait_for

Outage = Callable[[], contextlib.AbstractContextManager[None]]


def _sqlite_outage(folder: Path, client) -> Outage:
    @contextlib.contextmanager
    def away() -> Iterator[None]:
        os.rename(folder, folder.with_name("unmounted"))  # the file's disk is gone: no connection opens
        client.app.state.agon.engine.dispose()
        try:
            yield
        finally:
            os.rename(folder.with_name("unmounted"), folder)

    return away


def _pg_outage(url: str) -> Outage:
    import psycopg

    name = url.rsplit("/", 1)[1]

    @contextlib.contextmanager
    def away() -> Iterator[None]:
        with psycopg.connect(PG_URL, autocommit=True) as admin:
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        try:
            yield
        finally:
            with psycopg.connect(PG_URL, autocommit=True) as admin:
                admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")

    return away


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request, tmp_path):
    """(client, outage): a server and a way to take its database away for a while."""
    if request.param == "sqlite":
        folder = tmp_path / "disk"
        with make_client(folder) as client:
            yield client, _sqlite_outage(folder, client)
    else:
        url = request.getfixturevalue("pg_url")
        with make_client(tmp_path, db=url) as client:
            yield client, _pg_outage(url)


def test_an_outage_is_503_and_one_log_line_each_way(served, caplog):
    client, outage = served
    ctx = client.app.state.agon
    ctx.outage.interval = 0.2
    made = new_match(client, "1989", seed=3)
    url = f"/api/matches/{made['id']}"
    tokens = {r: s["token"] for r, s in made["seats"].items()}
    state = client.get(url).json()
    mover = state["active"][0]
    action = client.get(url, headers=auth(tokens[mover])).json()["prompt"]["actions"][0]
    move = {"version": 0, "verb": action["verb"], "arg": action["arg"]}
    with caplog.at_level(logging.INFO, logger="agon"), outage():
        ctx.matches._cache.clear()  # nothing served from memory: every request needs the database
        answers = []
        for _ in range(20):
            answers.append(client.post(f"{url}/actions", headers=auth(tokens[mover]), json=move))  # FastPath
            answers.append(client.get(url))
            answers.append(client.post("/api/matches", json={"game": "1989", "seed": 1}))  # FastAPI's routes
        for answer in answers:
            assert answer.status_code == 503, answer.text
            assert answer.json() == {"error": "the database is unavailable; try again in a few seconds"}
            assert answer.headers["retry-after"].isdigit()
        with client.websocket_connect(f"{url}/live") as ws:
            ws.send_json({})
            assert ws.receive_json() == {"error": "the database is unavailable; try again in a few seconds"}
        assert client.get("/api/health").json() == {"ok": True, "database": "unavailable"}
        assert client.get("/api/ready").status_code == 503
    wait_for(lambda: not ctx.outage.down)
    assert client.post(f"{url}/actions", headers=auth(tokens[mover]), json=move).status_code == 200
    assert client.get("/api/ready").json() == {"ok": True, "database": "ok"}
    assert client.get("/api/health").json() == {"ok": True, "database": "ok"}
    said = [r.getMessage() for r in caplog.records if r.name == "agon.server" and "the database is" in r.getMessage()]
    assert len(said) == 2 and "unavailable" in said[0] and "back after" in said[1], said
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) <= 6, "\n".join(warnings)  # with the notice threads' lost/back lines; 60 refused
    assert not [r for r in caplog.records if r.exc_info], "no traceback for an outage"


def test_serve_refuses_a_database_it_cannot_open_with_one_line(capsys, tmp_path):
    from agon.cli.main import main

    assert main(["serve", "--db", "sqlite:////proc/agon-cannot-be-here.db"]) == 2
    out = capsys.readouterr().out
    assert "cannot use the database" in out and "unable to open" in out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_serve_refuses_a_read_only_database_with_one_line(capsys, tmp_path):
    """A read-only file (opened read-only: as root, file modes do not stop writes) at the newest
    schema passes the migrations; `agon serve` checks that it can write before it serves."""
    from agon.cli.main import main
    from agon.server.migrations import upgrade
    from agon.server.store import make_engine

    path = tmp_path / "agon.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    engine.dispose()
    assert main(["serve", "--db", f"sqlite:///file:{path}?mode=ro&uri=true"]) == 2
    out = capsys.readouterr().out
    assert "cannot use the database" in out and "readonly" in out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_serve_refuses_an_unreachable_postgresql_with_one_line(capsys):
    from agon.cli.main import main

    assert main(["serve", "--db", "postgresql://agon:secret@127.0.0.1:1/agon"]) == 2
    out = capsys.readouterr().out
    assert "cannot use the database postgresql://agon@127.0.0.1:1/agon" in out and "secret" not in out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1
