"""Scale (issue 37): a start replays only the matches whose bot is to move (the others are
loaded when someone touches them), and migration 0010, which records that, keeps every match.
Against SQLite, and PostgreSQL when AGON_TEST_PG is set."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from sqlalchemy import text

from agon.server.matches import Matches
from agon.server.migrations import upgrade
from agon.server.store import Store, make_engine
from tests.server.conftest import make_client, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'agon.db'}"
    return request.getfixturevalue("pg_url")


def _two_matches(db: str) -> tuple[Store, Matches, str, str]:
    """A 1989 match waiting for its human (the Communist moves first) and one waiting for its bot,
    stored without a server running (so no bot moves yet)."""
    engine = make_engine(db, "NORMAL" if db.startswith("sqlite") else "FULL")
    upgrade(engine)
    store = Store(engine)
    matches = Matches(store)
    waiting, _, _ = matches.create("1989", {}, {"communist": "human", "democrat": "random"}, 5, None)
    due, _, _ = matches.create("1989", {}, {"communist": "random", "democrat": "human"}, 5, None)
    return store, matches, waiting, due


def _until_the_bot_is_to_move(matches: Matches, match_id: str) -> int:
    """The human Communist acts (the first legal action each time) until the Democrat's bot is to
    move; the version reached."""
    live = matches.get(match_id)
    while "democrat" not in live.state.active:
        action = next(a for a in live.state.legal_actions("communist") if a.verb != "undo")
        live = matches.act(match_id, "communist", live.version, action.verb, action.arg)
    return live.version


def test_a_start_replays_only_the_matches_whose_bot_is_to_move(tmp_path: Path, db: str):
    """Before, every unfinished match with a bot seat was replayed at each start (5,000 of them:
    52 s of CPU and 1 GB), whoever was to move."""
    store, matches, waiting, due = _two_matches(db)
    assert store.bot_turn_matches() == [due]
    _until_the_bot_is_to_move(matches, waiting)  # now the bot is to move, and the database says so
    assert sorted(store.bot_turn_matches()) == sorted([waiting, due])
    with store.engine.begin() as conn:  # a match stored before 0010: not known, so a start looks at it
        conn.execute(text('UPDATE "match" SET bot_due = NULL, version = 0 WHERE id = :m'), {"m": waiting})
        conn.execute(text('DELETE FROM action WHERE match_id = :m'), {"m": waiting})
    assert sorted(store.bot_turn_matches()) == sorted([waiting, due])
    Matches(store).get(waiting)  # loaded once: what it found is recorded
    assert store.bot_turn_matches() == [due]
    store.close()
    with make_client(tmp_path, db=db) as client:  # a start: the due bot moves, the other match stays on disk
        ctx = client.app.state.agon
        wait_for(lambda: (live := ctx.matches.cached(due)) is not None and live.version >= 1)
        assert ctx.matches.cached(waiting) is None
        assert client.get(f"/api/matches/{waiting}").json()["version"] == 0  # touched: loaded as it was


def test_migration_0010_keeps_every_match_both_ways(tmp_path: Path, db: str):
    """Down to 0009 and up again: the matches, seats and actions are all there, and a match of
    the old schema counts as maybe waiting for its bot until it is loaded."""
    from alembic import command
    from alembic.config import Config

    from agon.server.migrations import HERE

    store, matches, waiting, due = _two_matches(db)
    version = _until_the_bot_is_to_move(matches, waiting)
    before = {m: (store.get_match(m), store.actions_from(m, 0)) for m in (waiting, due)}
    config = Config()
    config.set_main_option("script_location", str(HERE))
    with store.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0009")
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM action")).scalar() == version
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 4
    upgrade(store.engine)
    for match_id, (row, actions) in before.items():
        assert store.get_match(match_id) == dataclasses.replace(row, bot_due=None)
        assert store.actions_from(match_id, 0) == actions
    assert sorted(store.bot_turn_matches()) == sorted([waiting, due])
    assert Matches(store).get(waiting).version == version
    store.close()
