"""`agon admin` (issue 37, "Administration"): matches and accounts managed on the server's database,
with no server running, on SQLite and PostgreSQL; every bad input one line on stderr, exit 2, nothing changed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="agon admin needs the web extra")

from fastapi.testclient import TestClient
from sqlalchemy import select

from agon.cli.main import main
from agon.server.store import account_table, make_engine, match_table, metadata, seat_table, session_table
from tests.server.conftest import (  # noqa: F401 (mailbox and pg_url: fixtures)
    mailbox,
    make_client,
    new_match,
    pg_url,
    wait_for,
)

PASSWORD = "correct horse 1"


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("pg_url"))
    return f"sqlite:///{tmp_path / 'agon.db'}"


def admin(capsys: pytest.CaptureFixture[str], db: str, *words: str) -> tuple[int, str, str]:
    code = main(["admin", "--db", db, *words])
    out, err = capsys.readouterr()
    return code, out, err


def sign_up(client: TestClient, name: str, email: str | None = None) -> str:
    """A new account; its session cookie's secret."""
    body: dict[str, Any] = {"name": name, "password": PASSWORD, **({"email": email} if email else {})}
    response = client.post("/api/accounts", json=body)
    assert response.status_code == 201, response.text
    secret = response.cookies["agon_session"]
    client.cookies.clear()
    return secret


def server(tmp_path: Path, db: str) -> TestClient:
    return make_client(tmp_path, db=db)


def world(tmp_path: Path, db: str) -> dict[str, Any]:
    """Two accounts (ada with an e-mail address), a match of ada's against a bot, one of two guests."""
    with server(tmp_path, db) as client:
        ada = sign_up(client, "ada", "ada@example.org")
        sign_up(client, "bob")
        roles = client.post("/api/games/dual-powers/roles", json={"options": {}}).json()["roles"]
        made = client.post("/api/matches", headers={"Cookie": f"agon_session={ada}", "X-CSRF-Token": _csrf(client, ada)},
                           json={"game": "dual-powers", "seats": {roles[0]: "human", roles[1]: "random"}})
        assert made.status_code == 201, made.text
        # the bot's moves are stored before the server stops (else one lands while a test compares the tables)
        wait_for(lambda: roles[1] not in client.get(f"/api/matches/{made.json()['id']}").json()["active"])
        guests = new_match(client, "1989")
    return {"ada": ada, "ada_match": made.json()["id"], "guest_match": guests["id"], "roles": roles}


def _csrf(client: TestClient, secret: str) -> str:
    return client.get("/api/me", headers={"Cookie": f"agon_session={secret}"}).json()["csrf"]


def snapshot(db: str) -> dict[str, list[Any]]:
    """Every row of every table (to see that a refused command changed nothing)."""
    engine = make_engine(db)
    try:
        with engine.connect() as conn:
            return {t.name: sorted(map(repr, conn.execute(select(t)).all())) for t in metadata.sorted_tables}
    finally:
        engine.dispose()


def test_matches_lists_ids_games_and_seats(db, tmp_path, capsys):
    w = world(tmp_path, db)
    code, out, err = admin(capsys, db, "matches")
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[-1] == "2 matches"
    ada_line = next(line for line in lines if line.startswith(w["ada_match"]))
    assert "dual-powers" in ada_line and "going" in ada_line and re.search(r"  v\d+  ", ada_line)
    assert f"{w['roles'][0]}: ada" in ada_line and f"{w['roles'][1]}: bot random" in ada_line
    guest_line = next(line for line in lines if line.startswith(w["guest_match"]))
    assert "1989" in guest_line and "guest" in guest_line
    code, out, _ = admin(capsys, db, "matches", "--game", "1989")
    assert code == 0 and w["guest_match"] in out and w["ada_match"] not in out
    code, out, _ = admin(capsys, db, "matches", "--over")
    assert code == 0 and out.strip() == "0 matches"


def test_end_marks_an_abandoned_match_over_by_the_operator(db, tmp_path, capsys):
    w = world(tmp_path, db)
    code, out, err = admin(capsys, db, "end", w["guest_match"])
    assert code == 0 and "ended by the operator" in out and not err
    code, out, _ = admin(capsys, db, "matches", "--over")
    assert w["guest_match"] in out and w["ada_match"] not in out
    code, out, _ = admin(capsys, db, "matches", "--going")
    assert w["ada_match"] in out and w["guest_match"] not in out
    with server(tmp_path, db) as client:  # a server that loads it finds it over, no one winning, no move taken
        state = client.get(f"/api/matches/{w['guest_match']}").json()
        assert state["is_over"] is True
        assert state["result"]["reason"] == "ended" and state["result"]["winners"] == []
        assert "operator" in state["result"]["detail"]
    before = snapshot(db)
    code, out, err = admin(capsys, db, "end", w["guest_match"])  # over already
    assert code == 2 and not out and err.count("\n") == 1 and "over already" in err
    assert snapshot(db) == before


def test_delete_asks_for_yes_then_deletes_everything_of_the_match(db, tmp_path, capsys):
    w = world(tmp_path, db)
    before = snapshot(db)
    code, out, err = admin(capsys, db, "delete", w["ada_match"])
    assert code == 2 and not out and err.count("\n") == 1 and "--yes" in err
    assert snapshot(db) == before
    code, out, err = admin(capsys, db, "delete", w["ada_match"], "--yes")
    assert code == 0 and "deleted" in out
    after = snapshot(db)
    assert not any(w["ada_match"] in row for rows in after.values() for row in rows)
    assert any(w["guest_match"] in row for row in after["match"])


def test_accounts_shows_emails_never_hashes(db, tmp_path, capsys):
    world(tmp_path, db)
    code, out, err = admin(capsys, db, "accounts")
    assert code == 0 and not err
    assert "ada  ada@example.org" in out and "bob  -" in out and out.splitlines()[-1] == "2 accounts"
    engine = make_engine(db)
    with engine.connect() as conn:
        hashes = conn.execute(select(account_table.c.password_hash)).scalars().all()
    engine.dispose()
    assert all(h not in out for h in hashes) and "argon2" not in out


def test_a_disabled_account_cannot_log_in_and_its_sessions_end(db, tmp_path, capsys):
    w = world(tmp_path, db)
    code, out, _ = admin(capsys, db, "disable", "ADA")  # names are matched whatever their case
    assert code == 0 and "disabled" in out
    code, out, _ = admin(capsys, db, "accounts")
    assert "ada  ada@example.org" in out and out.splitlines()[0].endswith("disabled")
    with server(tmp_path, db) as client:
        assert client.get("/api/me", headers={"Cookie": f"agon_session={w['ada']}"}).json()["account"] is None
        refused = client.post("/api/session", json={"name": "ada", "password": PASSWORD})
        assert refused.status_code == 403 and "disabled" in refused.json()["error"]
        wrong = client.post("/api/session", json={"name": "ada", "password": "not the password"})
        assert wrong.status_code == 401  # who lacks the password learns nothing more
        assert client.post("/api/session", json={"name": "bob", "password": PASSWORD}).status_code == 200
    code, out, _ = admin(capsys, db, "disable", "ada")
    assert code == 0 and "already" in out
    code, out, _ = admin(capsys, db, "enable", "ada")
    assert code == 0 and "enabled" in out
    with server(tmp_path, db) as client:
        assert client.post("/api/session", json={"name": "ada", "password": PASSWORD}).status_code == 200


def test_reset_password_prints_a_one_time_link_without_smtp(db, tmp_path, capsys, monkeypatch):
    world(tmp_path, db)
    monkeypatch.delenv("AGON_SMTP_HOST", raising=False)
    code, out, err = admin(capsys, db, "reset-password", "bob")
    assert code == 0 and not err
    path = out.splitlines()[-1]
    assert path.startswith("/account#reset=")
    token = path.split("#reset=", 1)[1]
    engine = make_engine(db)
    with engine.connect() as conn:  # only the token's hash is stored, as a reset (no session)
        kinds = conn.execute(select(session_table.c["token_hash", "kind"])).all()
    engine.dispose()
    assert token not in repr(kinds) and ("reset" in [k for _, k in kinds])
    with server(tmp_path, db) as client:
        done = client.post("/api/password-reset/confirm", json={"token": token, "password": "a brand new one"})
        assert done.status_code == 200, done.text
        assert client.post("/api/session", json={"name": "bob", "password": "a brand new one"}).status_code == 200
        again = client.post("/api/password-reset/confirm", json={"token": token, "password": "yet another one"})
        assert again.status_code == 400  # single use


@pytest.mark.parametrize("words, said", [
    (["end", "no-such-match"], "no match"),
    (["end", "x" * 400], "no match"),
    (["delete", "no-such-match", "--yes"], "no match"),
    (["delete", "no-such-match"], "--yes"),
    (["disable", "nobody"], "no account"),
    (["enable", "no body"], "no account"),
    (["reset-password", "nobody"], "no account"),
])
def test_bad_inputs_get_one_line_exit_2_and_change_nothing(db, tmp_path, capsys, words, said):
    world(tmp_path, db)
    before = snapshot(db)
    code, out, err = admin(capsys, db, *words)
    assert code == 2 and not out and said in err and err.count("\n") == 1 and "Traceback" not in err
    assert snapshot(db) == before


def test_a_database_that_cannot_be_used_is_one_line(capsys, tmp_path):
    for url in ("nonsense://x", f"sqlite:///{tmp_path}/file/in/a/file.db"):
        (tmp_path / "file").write_text("")
        code, out, err = admin(capsys, url, "matches")
        assert code == 2 and not out and err.count("\n") == 1 and "cannot use the database" in err


def test_the_seats_table_is_read_not_changed_by_listing(db, tmp_path, capsys):
    w = world(tmp_path, db)
    before = snapshot(db)
    assert admin(capsys, db, "matches")[0] == 0 and admin(capsys, db, "accounts")[0] == 0
    assert snapshot(db) == before
    engine = make_engine(db)
    with engine.connect() as conn:
        assert conn.execute(select(match_table.c.id).where(match_table.c.id == w["ada_match"])).scalar()
        assert len(conn.execute(select(seat_table)).all()) == 4
    engine.dispose()


def test_reset_password_mails_the_link_when_smtp_is_set_up(tmp_path, capsys, monkeypatch, request):
    box, port = request.getfixturevalue("mailbox")  # an SMTP server on loopback (aiosmtpd)
    db = f"sqlite:///{tmp_path / 'agon.db'}"
    world(tmp_path, db)
    for name, value in (("SMTP_HOST", "127.0.0.1"), ("SMTP_PORT", str(port)), ("PUBLIC_URL", "https://agon.example.org")):
        monkeypatch.setenv(f"AGON_{name}", value)
    code, out, err = admin(capsys, db, "reset-password", "ada")
    assert code == 0 and not err and "mailed to ada@example.org" in out and "#reset=" not in out
    assert len(box.messages) == 1 and "https://agon.example.org/account#reset=" in box.messages[0]
    code, out, err = admin(capsys, db, "reset-password", "bob")  # no address: the link is printed
    assert code == 0 and out.splitlines()[-1].startswith("https://agon.example.org/account#reset=")
    assert len(box.messages) == 1
