"""Engine upgrades (issue 29 item 7): each match keeps the engine and rules versions it was played
under and digests of its state; under other versions it goes on only if it replays identically,
else it is frozen: readable and exportable, every action refused with the versions it needs.
Against SQLite, and PostgreSQL when AGON_TEST_PG is set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import agon
from agon.engine import ENGINE_VERSION
from agon.server.versions import DIGEST_EVERY
from tests.server.conftest import auth, make_client, new_match

ACTIONS = DIGEST_EVERY + 10  # past the first stored digest


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'agon.db'}"
    return request.getfixturevalue("pg_url")


def _play(client: Any, match_id: str, tokens: dict[str, str], count: int) -> int:
    """`count` actions of the seats (the first legal one each time, never undo); the version reached."""
    version = 0
    for _ in range(count):
        state = client.get(f"/api/matches/{match_id}").json()
        if state["is_over"]:
            break
        role = state["active"][0]
        seat = client.get(f"/api/matches/{match_id}", headers=auth(tokens[role])).json()
        action = next(a for a in seat["prompt"]["actions"] if a["verb"] != "undo")
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[role]),
                             json={"version": seat["version"], "verb": action["verb"], "arg": action["arg"]})
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
    return version


def _started(tmp_path: Path, db: str) -> tuple[str, dict[str, str], int]:
    """A 1989 match between two people, ACTIONS actions in, on a server that then stops."""
    with make_client(tmp_path, db=db) as client:
        made = new_match(client, "1989", seed=7)
        tokens = {role: seat["token"] for role, seat in made["seats"].items()}
        version = _play(client, made["id"], tokens, ACTIONS)
        row = client.app.state.agon.store.get_match(made["id"])
        assert (row.engine_version, row.rules_version) == (ENGINE_VERSION, "1")
        assert row.start_digest is not None
        stored = client.app.state.agon.store.actions_from(made["id"], 0)
        assert [a.index for a in stored if a.digest] == [DIGEST_EVERY - 1]
    return made["id"], tokens, version


def test_a_new_rules_version_that_replays_identically_goes_on(tmp_path: Path, db: str, monkeypatch):
    match_id, tokens, version = _started(tmp_path, db)
    monkeypatch.setattr(type(agon.load("1989")), "rules_version", "2")
    with make_client(tmp_path, db=db) as client:  # the server restarted with the new code
        state = client.get(f"/api/matches/{match_id}").json()
        assert state["version"] == version and state["frozen"] is None
        assert _play(client, match_id, tokens, 1) == version + 1
        row = client.app.state.agon.store.get_match(match_id)
        assert (row.engine_version, row.rules_version) == (ENGINE_VERSION, "2")


def test_a_changed_rule_freezes_the_match_readable_exportable_never_rewritten(tmp_path: Path, db: str, monkeypatch):
    """Before: no version was stored, and a changed rule that kept the stored moves legal (1989's
    starting VP) silently changed a running game."""
    match_id, tokens, version = _started(tmp_path, db)
    from agon.games.dawn_of_freedom import turn

    original = turn.setup

    def one_more_vp(g: Any) -> None:
        original(g)
        g.vp = 1

    monkeypatch.setattr(turn, "setup", one_more_vp)
    monkeypatch.setattr(type(agon.load("1989")), "rules_version", "2")
    with make_client(tmp_path, db=db) as client:
        role = next(iter(tokens))
        state = client.get(f"/api/matches/{match_id}", headers=auth(tokens[role])).json()  # readable
        expected = (f"this match was played under 1989: Dawn of Freedom rules 1 (agon {ENGINE_VERSION}); this server "
                    f"runs 1989: Dawn of Freedom rules 2 (agon {ENGINE_VERSION}): it can be read and exported, "
                    f"not continued")
        assert state["frozen"] == expected and state["version"] == version
        assert client.get(f"/api/matches/{match_id}").status_code == 200  # spectators too
        active = state["active"][0]
        seat = client.get(f"/api/matches/{match_id}", headers=auth(tokens[active])).json()
        action = seat["prompt"]["actions"][0]
        refused = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[active]),
                              json={"version": version, "verb": action["verb"], "arg": action["arg"]})
        assert refused.status_code == 423 and refused.json() == {"error": expected}
        assert client.get(f"/api/matches/{match_id}/record").status_code == 409  # it holds the seed
        record = client.get(f"/api/matches/{match_id}/record", headers=auth(tokens[role])).json()
        assert record["engine"] == ENGINE_VERSION and record["rules_version"] == "1"
        assert len(record["actions"]) == version and record["generator"] == "keyed"
        row = client.app.state.agon.store.get_match(match_id)
        assert row.rules_version == "1" and row.version == version  # nothing rewritten
    monkeypatch.setattr(turn, "setup", original)
    replayed = agon.replay({k: v for k, v in record.items() if k not in ("rules_version", "digest")})
    assert len(replayed.record()["actions"]) == version  # the old rules replay the export


def test_a_database_of_the_first_schema_is_upgraded_and_its_matches_go_on(tmp_path: Path, db: str):
    """Migration 0002 only adds columns: a match stored before it (a SplitMix seed in the BigInteger
    column, no versions, no digests) reads as before, replays, gets this server's versions and
    goes on; its seats and actions are all kept."""
    import json

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from agon.server.migrations import HERE
    from agon.server.store import make_engine

    engine = make_engine(db)
    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    local = agon.load("dual-powers").new(77)
    with engine.begin() as conn:
        conn.execute(text('INSERT INTO "match" (id, game, options, seed, title, version, undo, is_over, imported, '
                          "created) VALUES ('old', 'dual-powers', '{}', 77, 'Old', 4, false, false, false, 0)"))
        conn.execute(text("INSERT INTO seat (match_id, role, kind, bot, token_hash) VALUES "
                          "('old', 'red', 'human', NULL, :h), ('old', 'white', 'human', NULL, :w)"),
                     {"h": "a" * 64, "w": "b" * 64})
        for index in range(4):
            role = local.active[0]
            action = next(a for a in local.legal_actions(role) if a.verb != "undo")
            conn.execute(text('INSERT INTO action (match_id, "index", role, verb, arg, note) VALUES '
                              "('old', :i, :r, :v, :a, NULL)"),
                         {"i": index, "r": role, "v": action.verb, "a": json.dumps(list(action.arg)
                                                                                     if isinstance(action.arg, tuple)
                                                                                     else action.arg)})
            local.apply(role, action)
    engine.dispose()
    with make_client(tmp_path, db=db) as client:  # migrates to the newest schema
        state = client.get("/api/matches/old").json()
        assert state["version"] == 4 and state["frozen"] is None and state["seeded"] is False
        assert state["view"] == json.loads(json.dumps(local.view(None), default=str))
        row = client.app.state.agon.store.get_match("old")
        assert (row.generator, row.seed, row.engine_version, row.rules_version) == ("splitmix", 77, ENGINE_VERSION, "1")
        assert len(row.seats) == 2 and len(client.app.state.agon.store.actions_from("old", 0)) == 4


def test_a_stored_action_no_longer_legal_freezes_the_match_at_its_stored_version(tmp_path: Path, db: str,
                                                                               monkeypatch):
    """A rule change that makes a stored action illegal: the match is frozen, shown as far as the new
    code replays it, and keeps the version stored (nothing takes it for a match behind the database)."""
    from sqlalchemy import text

    from agon.server.store import make_engine

    match_id, tokens, version = _started(tmp_path, db)
    engine = make_engine(db)
    with engine.begin() as conn:  # as if the new rules no longer allowed the sixth action
        conn.execute(text('UPDATE action SET arg = :a WHERE match_id = :m AND "index" = 5'),
                     {"a": '"no such choice"', "m": match_id})
    engine.dispose()
    monkeypatch.setattr(type(agon.load("1989")), "rules_version", "2")
    with make_client(tmp_path, db=db) as client:
        state = client.get(f"/api/matches/{match_id}").json()
        assert state["frozen"] is not None and state["version"] == version
        role = state["active"][0] if state["active"] else next(iter(tokens))
        refused = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[role]),
                              json={"version": version, "verb": "pass", "arg": None})
        assert refused.status_code == 423 and "rules 1" in refused.json()["error"]
