"""Smaller hardening (issue 29 items 12 and 13): SQLite's durability setting and its log's size,
NUL characters, the Content-Security-Policy, /docs without a CDN, imported records' strings, and
a replay refusal that tells nothing of a seat's options."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

import agon
from agon.server.store import WAL_LIMIT, ActionRow
from tests.server.conftest import auth, make_client, new_match, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request, tmp_path):
    """A client on SQLite, then on PostgreSQL (the tests below hold for both)."""
    if request.param == "sqlite":
        with make_client(tmp_path) as client:
            yield client
    else:
        with make_client(tmp_path, db=request.getfixturevalue("pg_url")) as client:
            yield client


# -- 12: durability -------------------------------------------------------------------------------

def test_sqlite_syncs_every_commit(client):
    """synchronous=FULL: a commit returns once its log is on disk, so an acknowledged action
    survives a power cut or an OS crash (NORMAL kept it only through a crash of the server)."""
    with client.app.state.agon.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_the_sqlite_log_is_cut_back_after_a_burst(tmp_path):
    """A reader that holds an old snapshot keeps the checkpoints from emptying the write-ahead log,
    which grows with every write meanwhile; once it lets go, the checkpoint thread cuts the log
    file back (it kept its largest size for good)."""
    with make_client(tmp_path) as client:
        ctx = client.app.state.agon
        made = new_match(client, "dual-powers", seed=2)
        wal = Path(f"{tmp_path / 'agon.db'}-wal")
        reader = sqlite3.connect(tmp_path / "agon.db", isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM action").fetchall()  # holds its snapshot
        store, state = ctx.store, agon.load("dual-powers").new(2)
        index = 0
        while wal.stat().st_size <= 2 * WAL_LIMIT:
            if not state.active:
                break
            role = state.active[0]
            action = next(a for a in state.legal_actions(role) if a.verb != "undo")
            state.apply(role, action)
            store.append_action(made["id"], ActionRow(index, role, action.verb, action.arg, "x" * 100_000),
                                state.is_over)
            index += 1
        assert wal.stat().st_size > 2 * WAL_LIMIT, "the burst did not grow the log"
        reader.execute("COMMIT")
        reader.close()
        wait_for(lambda: wal.stat().st_size <= WAL_LIMIT, 5.0)  # the checkpoint thread's work, twice a second


# -- 13: NUL characters, headers, docs, records ---------------------------------------------------

@pytest.mark.parametrize("body", [
    {"game": "1989", "title": "a\u0000b"},
    {"game": "1989", "seats": {"democrat": "human\u0000"}},
    {"game": "dual-powers", "options": {"players": "2\u0000"}},
])
def test_a_nul_character_anywhere_in_a_body_is_a_400(any_db, body):
    response = any_db.post("/api/matches", json=body)
    assert response.status_code == 400, response.text
    assert response.json() == {"error": "the body holds a NUL character (\\u0000), which no field may hold"}


def test_nul_characters_in_actions_records_and_paths_are_400s(any_db):
    made = new_match(any_db, "1989", seed=1)
    token = made["seats"]["democrat"]["token"]
    url = f"/api/matches/{made['id']}"
    assert any_db.post(f"{url}/actions", headers=auth(token), json={"version": 0, "verb": "card\u0000"}).status_code == 400
    record = _finished_record()
    record["actions"][0] = [*record["actions"][0][:3], "a note\u0000"]
    assert any_db.post("/api/matches/import", json=record).status_code == 400
    assert any_db.get("/api/matches/abc%00def").status_code == 400
    assert any_db.get(f"{url}/record").status_code == 409  # the match is as it was
    assert any_db.post("/api/matches", json={"game": "1989", "title": "a\\u0000 is text"}).status_code == 201


def test_pages_and_answers_carry_a_content_security_policy(client):
    for path in ["/", "/m/abc", "/replay", "/docs", "/api/games"]:
        policy = client.get(path).headers["content-security-policy"]
        assert "default-src 'self'" in policy and "unsafe-inline" not in policy, path
    static = Path(agon.__file__).parent / "web" / "static"
    for page in static.glob("*.html"):  # nothing inline for the policy to block
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page.name
        assert "<style" not in html and " style=" not in html and not re.search(r"\son[a-z]+=", html), page.name
    for script in static.rglob("*.js"):
        assert not re.search(r"style=\\?\"", script.read_text()), script.name


def test_docs_are_served_from_the_package(client):
    html = client.get("/docs").text
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(s.startswith("/") or s.startswith("data:") for s in sources), sources
    for source in sources:
        if source.startswith("/"):
            assert client.get(source).status_code == 200, source
    assert "swagger" in client.get("/docs/assets/swagger-ui-bundle.js").text[:5000].lower()
    assert client.get("/docs/assets/../../app.py").status_code == 404
    assert client.get("/redoc").status_code == 404  # it would load its script from a CDN


def _finished_record() -> dict:
    state = agon.load("dual-powers").new(5)
    while state.active:
        role = state.active[0]
        state.apply(role, next(a for a in state.legal_actions(role) if a.verb != "undo"))
    return state.record()


def test_an_imported_records_strings_are_limited(client):
    record = _finished_record()
    record["actions"][0] = [*record["actions"][0][:3], "n" * (4 * 1024 * 1024)]
    response = client.post("/api/matches/import", json=record)
    assert response.status_code == 413 and "note is longer than 1000 characters" in response.json()["error"]
    record = _finished_record()
    record["actions"][1][0] = "r" * 5000
    assert client.post("/api/matches/import", json=record).status_code == 413
    record = _finished_record()
    record["actions"][0] = [*record["actions"][0][:3], "a short note"]
    assert client.post("/api/matches/import", json=record).status_code == 201


def test_a_record_that_does_not_replay_shows_no_seats_legal_actions(client):
    """The engine's refusal lists the legal actions of the seat at that point (`playable: ...`);
    a made-up record must not learn a seat's options from the server's answer."""
    role = agon.load("1989").new(3).active[0]
    record = {"game": "1989", "seed": 3, "options": {}, "actions": [[role, "card", 99999]]}
    with pytest.raises(agon.ReplayError, match="legal: space 0"):  # what the engine says, to its own caller
        agon.replay(record)
    error = client.post("/api/matches/import", json=record).json()["error"]
    assert error == f"the record does not replay: action 0 ({role} card) is not legal at that point of the game"


def test_a_stored_action_that_does_not_replay_shows_no_seats_legal_actions(tmp_path, caplog):
    """A match whose stored actions no longer rebuild it (a corrupted row) answers a one-line 500
    that names the action, never the engine's list of what a seat could have done (issue 29 item
    13); the details go to the server's log."""
    with make_client(tmp_path) as client:
        match = new_match(client, "1989")
        ctx = client.app.state.agon
        ctx.store.append_action(match["id"], ActionRow(0, "communist", "card", 9999, None), False)
        ctx.matches._evict(match["id"])
        answer = client.get(f"/api/matches/{match['id']}")
        assert answer.status_code == 500
        error = answer.json()["error"]
        assert "action 0" in error and "legal" not in error.lower() and "playable" not in error.lower()
        assert any("does not replay" in r.getMessage() for r in caplog.records)
