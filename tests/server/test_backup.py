"""`agon admin backup` / `restore` / `migrate` (issue 37, "Backups and upgrades" in docs/hosting.md):
a backup restores into either database (SQLite to PostgreSQL and back) with every match at its
version and log, its chat and its accounts; an older backup or database is migrated, a newer one
refused; every bad input is one line on stderr, exit status 2, and changes nothing."""

from __future__ import annotations

import gzip
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="agon admin needs the web extra")

from sqlalchemy import text

from agon.cli.main import main
from agon.server import backup as backup_module
from agon.server.backup import open_engine
from agon.server.schema import build_to, head
from agon.server.store import make_engine
from tests.cli.test_admin import snapshot as rows  # every row of every table
from tests.server.conftest import auth, make_client
from tests.server.test_accounts import PASSWORD, dual_powers, log_in, sign_up


def admin(capsys: pytest.CaptureFixture[str], db: str, *words: str) -> tuple[int, str, str]:
    code = main(["admin", "--db", db, *words])
    out, err = capsys.readouterr()
    return code, out, err


def play_and_chat(tmp_path: Path, db: str) -> dict[str, Any]:
    """ada (an account) and a guest play six moves of Dual Powers and chat: what the players saw."""
    with make_client(tmp_path, db=db) as client:
        ada = sign_up(client, "ada", "ada@example.org")
        made = dual_powers(ada)
        match_id, mine = made["id"], made["mine"]
        guest = next(role for role in made["seats"] if role != mine)
        token = made["seats"][guest]["token"]
        url = f"/api/matches/{match_id}"

        def act(role: str, method: str, path: str, **body: Any) -> Any:
            if role == mine:
                return ada.call(method, path, **body)
            return client.request(method, path, headers=auth(token), **body)

        for _ in range(6):
            role = client.get(url).json()["active"][0]
            now = act(role, "GET", url).json()
            first = now["prompt"]["actions"][0]
            body = {"version": now["version"], "verb": first["verb"], "arg": first["arg"]}
            assert act(role, "POST", f"{url}/actions", json=body).status_code == 200
        assert ada.call("POST", f"/api/matches/{match_id}/chat", json={"text": "good luck"}).status_code == 201
        seen = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        chat = ada.call("GET", f"/api/matches/{match_id}/chat").json()
    return {"id": match_id, "token": token, "version": seen["version"], "log": seen["view"]["log"], "chat": chat}


def the_same(tmp_path: Path, db: str, before: dict[str, Any]) -> None:
    """The restored database serves the match at its version with its log and chat; ada logs in."""
    with make_client(tmp_path, db=db) as client:
        seen = client.get(f"/api/matches/{before['id']}", headers=auth(before["token"])).json()
        assert (seen["version"], seen["view"]["log"]) == (before["version"], before["log"])
        ada = log_in(client, "ada", PASSWORD)
        assert ada.call("GET", f"/api/matches/{before['id']}/chat").json() == before["chat"]
        bob = sign_up(client, "bob")  # a new account takes the next id (PostgreSQL's sequence was moved on)
        assert bob.call("GET", "/api/me").json()["account"]["name"] == "bob"
    engine = make_engine(db)
    try:
        with engine.connect() as conn:  # SQL NULL, not the JSON text 'null': results.store_result looks for NULL
            assert conn.execute(text("SELECT count(*) FROM match WHERE result IS NULL")).scalar() == 1
    finally:
        engine.dispose()


@dataclass(frozen=True)
class Source:
    """An SQLite database where ada and a guest played and chatted, its backup, what they saw."""

    db: str
    backup: Path
    seen: dict[str, Any]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Source:
    folder = tmp_path_factory.mktemp("source")
    db = f"sqlite:///{folder / 'agon.db'}"
    seen = play_and_chat(folder, db)
    assert main(["admin", "--db", db, "backup", str(folder / "one.agon.gz")]) == 0
    return Source(db, folder / "one.agon.gz", seen)


def test_a_backup_restores_from_sqlite_into_postgresql_and_back(source, tmp_path, pg_url, capsys):
    """Over 5 s (8 s at a load average of 26 on 2 cores): a server starts on the restored database,
    and each restore runs the migrations."""
    assert source.backup.stat().st_mode & 0o777 == 0o600  # password hashes, e-mail addresses, secrets
    code, out, err = admin(capsys, pg_url, "restore", str(source.backup))
    assert code == 0 and not err and f"(schema {head()}, agon " in out and ", sqlite)" in out
    the_same(tmp_path, pg_url, source.seen)
    code, out, err = admin(capsys, pg_url, "backup", str(tmp_path / "two.agon.gz"))
    assert code == 0 and not err and "(1 matches)" in out
    again = f"sqlite:///{tmp_path / 'again' / 'agon.db'}"
    code, out, err = admin(capsys, again, "restore", str(tmp_path / "two.agon.gz"))
    assert code == 0 and not err and ", postgresql)" in out
    restored, original = rows(again), rows(source.db)
    assert [r for r in restored["account"] if "'bob'" not in r] == original["account"]
    assert {name: restored[name] for name in restored if name != "account" and name != "session"} == {
        name: original[name] for name in original if name != "account" and name != "session"}


def test_restore_refuses_a_database_with_rows_unless_forced(source, tmp_path, capsys):
    code, _, err = admin(capsys, source.db, "backup", str(source.backup))
    assert code == 2 and err.count("\n") == 1 and "exists" in err and "--force" in err
    other = f"sqlite:///{tmp_path / 'other.db'}"
    assert admin(capsys, other, "migrate")[0] == 0
    engine = make_engine(other)
    try:
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO account (name, name_key, password_hash, created) VALUES ('zed', 'zed', 'x', 1)"))
    finally:
        engine.dispose()
    kept = rows(other)
    code, _, err = admin(capsys, other, "restore", str(source.backup))
    assert code == 2 and err.count("\n") == 1 and "not empty (rows in account)" in err and "--force" in err
    assert rows(other) == kept
    code, _, err = admin(capsys, other, "restore", "--force", str(source.backup))
    assert code == 0 and not err
    assert rows(other) == rows(source.db)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_backup_reads_one_snapshot_and_moves_go_on_meanwhile(source, tmp_path, kind, request, monkeypatch, capsys):
    """A move stored while the backup runs (after it began, before it reads the matches and actions)
    is not in it, and was not kept waiting."""
    db = request.getfixturevalue("pg_url") if kind == "postgresql" else f"sqlite:///{tmp_path / 'live.db'}"
    assert admin(capsys, db, "restore", str(source.backup))[0] == 0
    writer, waited = make_engine(db), []
    write_line = backup_module._line

    def line_then_move(out: Any, value: Any) -> None:
        write_line(out, value)
        if isinstance(value, dict) and value.get("table") == "match":  # accounts are written, matches not yet
            started = time.perf_counter()
            with writer.begin() as conn:  # what storing a move does: a new action, the match's version + 1
                conn.execute(text('INSERT INTO action (match_id, "index", role, verb, arg) '
                                  "SELECT id, version, 'r', 'v', '0' FROM match"))
                conn.execute(text("UPDATE match SET version = version + 1, title = 'moved'"))
            waited.append(time.perf_counter() - started)

    monkeypatch.setattr(backup_module, "_line", line_then_move)
    try:
        assert admin(capsys, db, "backup", str(tmp_path / "live.agon.gz"))[0] == 0
    finally:
        writer.dispose()
    assert len(waited) == 1 and waited[0] < 5
    lines = [json.loads(line) for line in gzip.open(tmp_path / "live.agon.gz", "rt")]
    assert lines[-1]["end"]["action"] == source.seen["version"]
    assert '"moved"' not in json.dumps(lines) and '"title":"moved"' not in json.dumps(lines)
    assert rows(db)["match"][0].count("'moved'") == 1  # the move itself was stored


def _gz(path: Path, *lines: Any) -> Path:
    with gzip.open(path, "wt") as out:
        for line in lines:
            out.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    return path


def test_every_bad_backup_file_is_one_line_and_changes_nothing(source, tmp_path, capsys):
    good = source.backup
    lines = gzip.open(good, "rt").read().splitlines()
    header = json.loads(lines[0])
    (tmp_path / "plain.txt").write_text("hello\n")
    (tmp_path / "folder").mkdir()
    cut = tmp_path / "cut.agon.gz"
    cut.write_bytes(good.read_bytes()[:-20])
    target = f"sqlite:///{tmp_path / 'target.db'}"
    cases = {
        "missing": (tmp_path / "nothing.agon.gz", "no backup file"),
        "folder": (tmp_path / "folder", "is not a file"),
        "not gzip": (tmp_path / "plain.txt", "not a gzip-compressed agon backup"),
        "empty": (_gz(tmp_path / "empty.gz"), "is empty"),
        "not json": (_gz(tmp_path / "garbage.gz", "{not json"), "not JSON"),
        "wrong format": (_gz(tmp_path / "other.gz", {"format": "pg_dump"}), "is not an agon backup"),
        "newer layout": (_gz(tmp_path / "layout.gz", {**header, "version": 99}), "layout 99"),
        "newer schema": (_gz(tmp_path / "schema.gz", {**header, "schema": "9999"}), "'9999', which this agon does not know"),
        "cut off": (cut, "not a whole agon backup"),
        "no end": (_gz(tmp_path / "noend.gz", *lines[:-1]), "has no end line"),
        "wrong counts": (_gz(tmp_path / "counts.gz", *lines[:-1], {"end": {"match": 5}}), "do not add up"),
        "unknown table": (_gz(tmp_path / "table.gz", header, {"table": "users", "columns": ["id"]}), "'users'"),
        "stray row": (_gz(tmp_path / "row.gz", header, [1, 2]), "fits no table"),
    }
    for name, (path, words) in cases.items():
        code, out, err = admin(capsys, target, "restore", str(path))
        assert (code, out, err.count("\n")) == (2, "", 1), (name, err)
        assert words in err and "Traceback" not in err, (name, err)
    engine = open_engine(target)
    try:
        with engine.connect() as conn:  # nothing was built: every refusal came before or rolled back
            assert conn.execute(text("SELECT count(*) FROM sqlite_master WHERE type = 'table'")).scalar() == 0
    finally:
        engine.dispose()
    code, _, err = admin(capsys, f"sqlite:///{tmp_path / 'none.db'}", "backup", str(tmp_path / "x.gz"))
    assert code == 2 and "no database file" in err
    code, _, err = admin(capsys, source.db, "backup", str(tmp_path / "no" / "x.gz"))
    assert code == 2 and "no folder" in err
    code, _, err = admin(capsys, source.db, "backup", "/proc/x.agon.gz")  # a folder nobody may write in
    assert code == 2 and err.strip() == "agon admin: cannot write /proc/x.agon.gz: No such file or directory"


def old_database(tmp_path: Path) -> str:
    """An SQLite database at schema 0003 (accounts, before the lobby) holding one match and one account."""
    db = f"sqlite:///{tmp_path / 'old.db'}"
    engine = open_engine(db)
    try:
        with engine.connect() as conn, conn.begin():
            build_to(conn, "0003")
            conn.execute(text("INSERT INTO match (id, game, options, seed, title, version, undo, is_over, imported, "
                              "created) VALUES ('m1', 'dual-powers', '{}', 7, 'old', 0, 0, 0, 0, 1)"))
            conn.execute(text("INSERT INTO account (id, name, name_key, password_hash, created) "
                              "VALUES (1, 'ada', 'ada', 'x', 1)"))
    finally:
        engine.dispose()
    return db


def test_an_older_backup_is_migrated_as_it_is_restored(tmp_path, capsys):
    old = old_database(tmp_path)
    code, out, err = admin(capsys, old, "backup", str(tmp_path / "old.agon.gz"))
    assert code == 0 and "schema 0003" in out
    new = f"sqlite:///{tmp_path / 'new.db'}"
    code, out, err = admin(capsys, new, "restore", str(tmp_path / "old.agon.gz"))
    assert code == 0 and not err and "schema 0003, agon" in out and f"migrated to {head()}" in out
    restored = rows(new)
    assert len(restored["match"]) == 1 and "'keyed'" not in restored["match"][0]  # 0002's default: splitmix
    assert "'ada'" in restored["account"][0] and "False)" in restored["account"][0]  # 0009: not disabled


def test_migrate_reports_from_and_to_and_check_exits_1_while_pending(tmp_path, capsys):
    old = old_database(tmp_path)
    code, out, _ = admin(capsys, old, "migrate", "--check")
    assert code == 1 and out.startswith("schema 0003: ") and f"up to {head()}" in out and "0004" in out
    code, out, _ = admin(capsys, old, "migrate")
    assert code == 0 and out.startswith(f"migrated the schema from 0003 to {head()} (0004, ")
    assert admin(capsys, old, "migrate", "--check")[:2] == (0, f"schema {head()}: up to date\n")
    assert admin(capsys, old, "migrate")[:2] == (0, f"schema {head()}: up to date, nothing to migrate\n")
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    code, out, _ = admin(capsys, empty, "migrate")
    assert code == 0 and out.startswith(f"migrated the schema from none to {head()} (0001, ")
    assert admin(capsys, empty, "backup", str(tmp_path / "empty.agon.gz"))[0] == 0
    engine = make_engine(empty)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    finally:
        engine.dispose()
    for words in (["migrate"], ["migrate", "--check"], ["restore", str(tmp_path / "empty.agon.gz")]):
        code, out, err = admin(capsys, empty, *words)  # a newer agon's database: left alone
        assert code == 2 and err.count("\n") == 1 and "'9999', which this agon does not know" in err, err
    code, out, err = admin(capsys, empty, "restore", "--force", str(tmp_path / "empty.agon.gz"))
    assert code == 0 and not err  # going back to an older agon: its backup replaces the newer schema


def test_migrate_on_postgresql(pg_url, capsys):
    code, out, _ = admin(capsys, pg_url, "migrate", "--check")
    assert code == 1 and out.startswith("schema none: ")
    assert admin(capsys, pg_url, "migrate")[0] == 0
    assert admin(capsys, pg_url, "migrate", "--check")[0] == 0


def test_an_unforeseen_failure_is_one_line_too(tmp_path, monkeypatch, capsys):
    """Found in a container: PostgreSQL made with initdb in the C locale (SQL_ASCII) hands SQLAlchemy
    bytes on the first connection, a TypeError; the operator gets one line, not a traceback."""
    from agon.server import schema

    def broken(_engine: Any) -> None:
        raise TypeError("cannot use a string pattern on a bytes-like object")

    monkeypatch.setattr(schema, "state", broken)
    code, out, err = admin(capsys, f"sqlite:///{tmp_path / 'x.db'}", "migrate")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("agon admin: cannot use the database sqlite:///") and "TypeError: cannot use a string" in err
