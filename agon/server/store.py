"""Storage: SQLAlchemy tables for matches, seats and actions, and the one transactional write path.

SQLite (a file, the default) or PostgreSQL (by URL). The schema is created and upgraded by the
Alembic migrations in `agon/server/migrations/`; `metadata` below mirrors them for queries.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import PoolProxiedConnection

log = logging.getLogger("agon.server")

metadata = MetaData()

match_table = Table(
    "match",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("title", String(200), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("undo", Boolean, nullable=False, default=False),
    Column("is_over", Boolean, nullable=False, default=False),
    Column("imported", Boolean, nullable=False, default=False),
    Column("created", BigInteger, nullable=False),
    # since migration 0002 (issue 29 items 1 and 7)
    Column("seed_text", Text, nullable=True),  # the seed in decimal (128 bits); null: `seed` holds it
    Column("generator", String(16), nullable=False, server_default="splitmix"),
    Column("seeded", Boolean, nullable=False, server_default="0"),
    Column("engine_version", String(32), nullable=True),
    Column("rules_version", String(32), nullable=True),
    Column("start_digest", String(16), nullable=True),
    # since migration 0006 (issue 30): the typed result once over (`agon.server.results`), and rated or not
    Column("result", JSON, nullable=True),
    Column("rated", Boolean, nullable=False, server_default="0"),
    # since migration 0007 (issue 31): the pace, the seats' clocks (JSON text) and when the clock sweep looks next
    Column("pace", Text, nullable=True),
    Column("clocks", Text, nullable=True),
    Column("next_event", BigInteger, nullable=True),
    # since migration 0010 (issue 37): one of its bots is to move (null: not known; a start looks at it)
    Column("bot_due", Boolean, nullable=True),
)

seat_table = Table(
    "seat",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
    Column("role", String(64), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    # since migration 0003 (issue 30): the account that holds this seat (null: a guest's, by token)
    Column("account_id", Integer, ForeignKey("account.id", ondelete="SET NULL"), nullable=True),
    # since migration 0006 (issue 30): why its player left ("resigned", ...); null: still seated
    Column("left", String(16), nullable=True),
)

account_table = Table(
    "account",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),  # the name case-folded: names are unique so
    Column("password_hash", String(200), nullable=False),  # argon2id, with its salt and parameters
    Column("email", String(254), nullable=True),
    Column("language", String(8), nullable=False, server_default="en"),
    Column("theme", String(16), nullable=False, server_default="auto"),
    Column("created", BigInteger, nullable=False),
    # since migration 0009 (issue 37): the operator disabled it (`agon admin disable`): no log-in
    Column("disabled", Boolean, nullable=False, server_default="0"),
)

session_table = Table(
    "session",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's secret (the secret is kept nowhere)
    Column("account_id", Integer, ForeignKey("account.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", BigInteger, nullable=False),
    Column("expires", BigInteger, nullable=False),
    Column("kind", String(8), nullable=False, server_default="session"),  # "session", or "reset" (a mailed reset)
)

# since migration 0004 (issue 30): the lobby's facts of a match, and the answers to a rematch
match_listing_table = Table(
    "match_listing",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
    Column("public", Boolean, nullable=False, server_default="0"),  # listed in the lobby (else: by link only)
    Column("language", String(8), nullable=False, server_default="en"),  # the table language its creator chose
    Column("rematch_of", String(32), ForeignKey("match.id", ondelete="SET NULL"), nullable=True, unique=True),
)

rematch_answer_table = Table(
    "rematch_answer",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
    Column("role", String(64), primary_key=True),
    Column("accepted", Boolean, nullable=False),
    Column("token_hash", String(64), nullable=True),  # a guest's seat token in the rematch (its SHA-256)
    Column("created", BigInteger, nullable=False),
)

action_table = Table(
    "action",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
    Column("index", Integer, nullable=False),
    Column("role", String(64), nullable=False),
    Column("verb", String(64), nullable=False),
    Column("arg", Text, nullable=False),
    Column("note", Text, nullable=True),
    Column("digest", String(16), nullable=True),  # State.digest() after this action, for some actions (0002)
    UniqueConstraint("match_id", "index", name="action_match_index"),
)


# Built once: the hot path only binds values.
_ACTIONS_FROM = (select(*action_table.c["index", "role", "verb", "arg", "note", "digest"])
                 .where(action_table.c.match_id == bindparam("m_id"), action_table.c["index"] >= bindparam("start"))
                 .order_by(action_table.c["index"]))


class StaleVersion(Exception):
    """Another action was stored first at this version (the unique (match, index) decided)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    role: str
    kind: str
    bot: str | None
    token_hash: str | None
    account_id: int | None = None  # the account that holds it (since 0003), else a guest's by its token
    left: str | None = None  # why its player left (since 0006: `agon.server.seat_leave`); a bot plays it now


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    title: str
    version: int
    undo: bool
    is_over: bool
    imported: bool
    seats: dict[str, SeatRow]
    generator: str = "splitmix"  # the game's random generator ("keyed" for every match since 0002)
    seeded: bool = False  # its creator chose the seed
    engine_version: str | None = None  # the versions it was created or last checked under (None: before 0002)
    rules_version: str | None = None
    start_digest: str | None = None  # State.digest() after the setup
    result: dict[str, Any] | None = None  # the typed result once over (since 0006: `agon.server.results`)
    rated: bool = False  # it counts for the ratings (since 0006: `agon.server.ratings`)
    pace: str | None = None  # since 0007: the pace as JSON text (`agon.server.clocks`); None: no clock
    clocks: str | None = None  # the human seats' clocks as JSON text
    next_event: int | None = None  # when the clock sweep must look at the match (a reminder or a deadline)
    bot_due: bool | None = None  # since 0010: one of its bots is to move, as stored (None: not known)


@dataclass(frozen=True, slots=True)
class ActionRow:
    index: int
    role: str
    verb: str
    arg: Any
    note: str | None
    digest: str | None = None  # State.digest() after it, when stored (`agon.server.versions`)


def engine_url(url: str) -> str:
    """SQLAlchemy's URL for a user's URL: postgresql:// uses the psycopg (3) driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


WAL_LIMIT = 4 * 1024 * 1024  # bytes of SQLite's write-ahead log kept on disk between checkpoints
BUSY_MS = 30_000  # how long an SQLite statement waits for another connection's lock


# PostgreSQL connections one process keeps open: as many as its threads that may hold one at once
# (the server's 32, the notice thread, the bots' and the clock sweep's). A connection past the pool
# is closed when it is given back, so with a pool of 10 most moves under load opened a new one (a
# backend process forked, a log-in: 15% of the server's time at 1,000 live matches). At most 48 per
# process: two processes and their LISTEN connections stay within PostgreSQL's default 100.
POOL_SIZE = 36
POOL_OVERFLOW = 12


def make_engine(url: str, synchronous: str = "FULL") -> Engine:
    """The engine of a database URL; for SQLite, its connections' settings (`synchronous`: FULL,
    each commit synced to the disk before it returns, or NORMAL: see docs/server.md)."""
    synchronous = synchronous.upper()
    if synchronous not in ("FULL", "NORMAL"):
        raise ValueError(f"synchronous must be FULL or NORMAL; got {synchronous!r}")
    url = engine_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:" and not path.startswith("file:"):  # file:...?uri=true: as given
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_MS / 1000})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: Any, _record: Any) -> None:
            cursor = conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            # FULL: each commit syncs the write-ahead log before it returns, so an acknowledged action
            # survives a power cut or an OS crash too (NORMAL: only a crash of the server process)
            cursor.execute(f"PRAGMA synchronous={synchronous}")
            # the log file is cut back to this size once checkpointed (else it keeps its largest size)
            cursor.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # No pre-ping (a round trip more per transaction): a connection the database dropped fails one
    # request, and SQLAlchemy then renews the whole pool.
    return create_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW)


class Store:
    """Reads and writes of matches; every method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite: this process's writers take turns here rather than in SQLite's busy waits
        self._writing: contextlib.AbstractContextManager[Any] = (
            contextlib.nullcontext() if self.is_postgres else threading.Lock())
        # SQLite: an UPDATE and an INSERT in a transaction that takes the write lock at once
        self._advance_sql = ('UPDATE "match" SET version = ?, is_over = ?, clocks = ?, next_event = ?, bot_due = ? '
                             'WHERE id = ? AND version = ?')
        self._insert_sql = ('INSERT INTO action (match_id, "index", role, verb, arg, note, digest) '
                            'VALUES (?, ?, ?, ?, ?, ?, ?)')
        # PostgreSQL: the whole write, with its NOTIFY, in one statement that is its own transaction
        # (one round trip to the database instead of four)
        stored = ('WITH moved AS (UPDATE "match" SET version = %s, is_over = %s, clocks = %s, next_event = %s, '
                  'bot_due = %s WHERE id = %s AND version = %s '
                  'RETURNING id), stored AS (INSERT INTO action (match_id, "index", role, verb, arg, note, digest) '
                  "SELECT id, %s, %s, %s, %s, %s, %s FROM moved RETURNING match_id) ")
        self._append_pg = stored + "SELECT 1 FROM stored"
        self._notices: Notices | None = Notices(engine) if self.is_postgres else None

    @property
    def is_postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def create_match(self, row: MatchRow, actions: list[ActionRow] | None = None,
                     also: Callable[[Connection], None] | None = None) -> None:
        """Store a new match, its seats and `actions`; `also` writes more in the same transaction
        (the lobby's facts of the match: `agon.server.lobby`)."""
        actions = actions or []
        with self._writing, self.engine.begin() as conn:
            conn.execute(insert(match_table).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed if row.seed < 2**63 else 0,
                seed_text=str(row.seed), generator=row.generator, seeded=row.seeded,
                engine_version=row.engine_version, rules_version=row.rules_version, start_digest=row.start_digest,
                title=row.title, version=len(actions), undo=row.undo, is_over=row.is_over, imported=row.imported,
                created=int(time.time()), rated=row.rated, pace=row.pace, clocks=row.clocks,
                next_event=row.next_event, bot_due=row.bot_due))
            conn.execute(insert(seat_table), [
                {"match_id": row.id, "role": s.role, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash,
                 "account_id": s.account_id, "left": s.left}
                for s in row.seats.values()])
            if actions:
                conn.execute(insert(action_table), [_action_values(row.id, a) for a in actions])
            if also is not None:
                also(conn)

    def get_match(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            m = conn.execute(select(match_table).where(match_table.c.id == match_id)).mappings().first()
            if m is None:
                return None
            seats = conn.execute(select(seat_table).where(seat_table.c.match_id == match_id)).mappings().all()
        seed = int(m["seed_text"]) if m["seed_text"] is not None else int(m["seed"])
        return MatchRow(
            id=m["id"], game=m["game"], options=dict(m["options"]), seed=seed, title=m["title"],
            version=m["version"], undo=bool(m["undo"]), is_over=bool(m["is_over"]), imported=bool(m["imported"]),
            seats={s["role"]: SeatRow(s["role"], s["kind"], s["bot"], s["token_hash"], s["account_id"], s["left"])
                   for s in seats},
            generator=m["generator"], seeded=bool(m["seeded"]), engine_version=m["engine_version"],
            rules_version=m["rules_version"], start_digest=m["start_digest"], result=m["result"],
            rated=bool(m["rated"]), pace=m["pace"], clocks=m["clocks"], next_event=m["next_event"],
            bot_due=None if m["bot_due"] is None else bool(m["bot_due"]))

    def set_versions(self, match_id: str, engine_version: str, rules_version: str) -> None:
        """The match replays identically under these versions: record them."""
        with self._writing, self.engine.begin() as conn:
            conn.execute(match_table.update().where(match_table.c.id == match_id).values(
                engine_version=engine_version, rules_version=rules_version))

    def actions_from(self, match_id: str, start: int) -> list[ActionRow]:
        """The stored actions of a match from index `start` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(_ACTIONS_FROM, {"m_id": match_id, "start": start}).all()
        return [ActionRow(i, role, verb, json.loads(arg), note, digest) for i, role, verb, arg, note, digest in rows]

    def append_action(self, match_id: str, action: ActionRow, is_over: bool, notify: str | None = None,
                      clocks: str | None = None, next_event: int | None = None, bot_due: bool | None = None) -> None:
        """Store one action at index `action.index` and advance the match's version to index + 1, in
        one transaction; StaleVersion if another action holds that index (or the version moved).
        The same UPDATE writes the match's clocks and next clock event (`agon.server.clocks`; None
        for a match without a clock) and whether a bot is to move now (`bot_due`, for a start's sweep:
        `bot_turn_matches`): no round trip more for them.
        The statements go straight to the driver: this is every move's write, and SQLAlchemy's
        statement machinery costs several times the database's own work."""
        dbapi = self.engine.dialect.loaded_dbapi
        with self._writing:
            raw = self.engine.raw_connection()
            try:
                cursor = raw.cursor()
                values = (action.index, action.role, action.verb, json.dumps(action.arg), action.note, action.digest)
                try:
                    if self.is_postgres:
                        raw.dbapi_connection.autocommit = True  # type: ignore[union-attr]  # the one statement is the transaction
                        try:
                            cursor.execute(self._append_pg, (action.index + 1, is_over, clocks, next_event, bot_due,
                                                             match_id, action.index, *values))
                        finally:
                            raw.dbapi_connection.autocommit = False  # type: ignore[union-attr]
                        if cursor.rowcount != 1:
                            raise StaleVersion(match_id)
                    else:
                        cursor.execute("BEGIN IMMEDIATE")  # the write lock now, not at the first write
                        cursor.execute(self._advance_sql, (action.index + 1, is_over, clocks, next_event, bot_due,
                                                            match_id, action.index))
                        if cursor.rowcount != 1:
                            raise StaleVersion(match_id)
                        cursor.execute(self._insert_sql, (match_id, *values))
                        raw.commit()
                finally:
                    cursor.close()
            except BaseException as err:
                if isinstance(err, dbapi.Error) and self.engine.dialect.is_disconnect(err, raw.dbapi_connection, None):
                    raw.invalidate()  # the database dropped it: the pool opens a new one next time
                else:
                    with contextlib.suppress(Exception):
                        raw.rollback()
                if isinstance(err, dbapi.IntegrityError):
                    raise StaleVersion(match_id) from err
                raise
            finally:
                raw.close()
        if notify is not None:
            self.notify(notify)  # after the commit: a process told of it finds the action stored

    def checkpoint(self) -> None:
        """SQLite: copy the write-ahead log into the database file as far as no reader needs it
        (`PRAGMA wal_checkpoint(PASSIVE)`, which never waits for a writer). Called often from a
        thread of its own, it keeps the log short, so that no move's commit does the checkpoint
        (and its disk syncs) itself. When all of the log is copied and its file has grown past
        WAL_LIMIT, the file is cut back (TRUNCATE, only if it need not wait for anyone)."""
        if self.is_postgres:
            return
        with self.engine.connect() as conn:
            busy, frames, copied = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").first() or (1, 0, 0)
            if busy or frames != copied:
                return
            # all of a long log is in the database file (a burst, or a reader that held an old snapshot
            # meanwhile): cut the file back, if no reader or writer is busy right now; never wait for one
            wal = Path(str(self.engine.url.database) + "-wal")
            if wal.is_file() and wal.stat().st_size > WAL_LIMIT:
                conn.exec_driver_sql("PRAGMA busy_timeout = 0")
                try:
                    with contextlib.suppress(OperationalError):  # busy: the next checkpoint tries again
                        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
                finally:
                    conn.exec_driver_sql(f"PRAGMA busy_timeout = {BUSY_MS}")

    def notify(self, payload: str) -> None:
        """A NOTIFY on channel `agon_match` (PostgreSQL only): the other processes hear of a change.
        It returns at once; the process's one notice thread sends it (`Notices`)."""
        if self._notices is not None:
            self._notices.send(payload)

    def close(self) -> None:
        """Send the notices still waiting, then let the database connections go."""
        if self._notices is not None:
            self._notices.close()
        self.engine.dispose()

    def seat_by_token_hash(self, token_hash: str) -> tuple[str, str] | None:
        """(match id, role) of the seat with this token hash, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(select(seat_table.c.match_id, seat_table.c.role)
                               .where(seat_table.c.token_hash == token_hash)).first()
        return (row[0], row[1]) if row else None

    def matches_of(self, token_hashes: list[str]) -> list[tuple[str, str, str]]:
        """(match id, role, token hash) of every seat holding one of these token hashes."""
        if not token_hashes:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_table.c.match_id, seat_table.c.role, seat_table.c.token_hash)
                                .where(seat_table.c.token_hash.in_(token_hashes))).all()
        return [(r[0], r[1], r[2]) for r in rows]

    def matches_of_account(self, account_id: int) -> list[tuple[str, str]]:
        """(match id, role) of every seat this account holds, the newest match first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_table.c.match_id, seat_table.c.role)
                                .join(match_table, match_table.c.id == seat_table.c.match_id)
                                .where(seat_table.c.account_id == account_id)
                                .order_by(match_table.c.created.desc(), match_table.c.id)).all()
        return [(r[0], r[1]) for r in rows]

    def set_bot_due(self, match_id: str, bot_due: bool) -> None:
        """Record whether a bot is to move in this match (found when it was loaded: `bot_turn_matches`)."""
        with self._writing, self.engine.begin() as conn:
            conn.execute(match_table.update().where(match_table.c.id == match_id).values(bot_due=bot_due))

    def claim_seat(self, match_id: str, role: str, token_hash: str, account_id: int) -> bool:
        """The account takes the seat whose token this is, and the token stops working (its link
        may have been seen by others); False when the seat no longer holds that token."""
        with self._writing, self.engine.begin() as conn:
            done = conn.execute(seat_table.update().where(
                seat_table.c.match_id == match_id, seat_table.c.role == role,
                seat_table.c.token_hash == token_hash, seat_table.c.account_id.is_(None),
            ).values(account_id=account_id, token_hash=None))
            return done.rowcount == 1

    def bot_turn_matches(self) -> list[str]:
        """Ids of unfinished matches with a bot seat where a bot may be the one to move (to resume
        their bots after a restart): those whose stored `bot_due` says so or is not known. A match
        waiting for a human is not among them: it is loaded when someone touches it, so a start
        with thousands of such matches replays none of them (issue 37)."""
        query = (select(match_table.c.id).distinct()
                 .join(seat_table, seat_table.c.match_id == match_table.c.id)
                 .where(match_table.c.is_over.is_(False), seat_table.c.kind == "bot",
                        match_table.c.bot_due.is_not(False)))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query).all()]


class Notices:
    """The NOTIFYs of one process, sent by a thread of their own, all that wait in one transaction.

    PostgreSQL lets one NOTIFYing transaction commit at a time (its notices must queue in commit
    order), so a NOTIFY inside each move's transaction made every move wait for the others'
    commits and disk syncs, one after another: at 500 live matches the round trips' p99 went to
    hundreds of milliseconds. Here the move commits alone (its disk syncs shared with the other
    moves'), then its notice joins the next batch, whose transaction needs no disk sync of its
    own (`synchronous_commit = off`: a notice is not stored anyway). Should the process die
    between the two, the other processes miss that notice: their copy of the match is then one
    action behind until their next move there, which the database refuses as stale (409), and
    which reloads it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.waiting: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.starting = threading.Lock()

    def send(self, payload: str) -> None:
        if self.thread is None:  # started by the first notice, in the process that sends them
            with self.starting:
                if self.thread is None:
                    self.thread = threading.Thread(target=self._run, name="agon-notify", daemon=True)
                    self.thread.start()
        self.waiting.put(payload)

    def close(self) -> None:
        if self.thread is not None:
            self.waiting.put(None)
            self.thread.join(5)

    def _run(self) -> None:
        raw: PoolProxiedConnection | None = None  # the thread's own connection, kept: a batch is then one round trip
        closing = False
        lost = 0  # notices lost since the last batch that went out (one warning per outage, not per batch)
        while not closing:
            batch = [self.waiting.get()]
            with contextlib.suppress(queue.Empty):
                while len(batch) < 500:
                    batch.append(self.waiting.get_nowait())
            closing = None in batch
            payloads = [p for p in batch if p is not None]
            if not payloads:
                continue
            try:
                if raw is None:
                    raw = self.engine.raw_connection()
                    raw.dbapi_connection.autocommit = True  # type: ignore[union-attr]  # each batch's one statement is its transaction
                    raw.dbapi_connection.execute("SET synchronous_commit = off")  # type: ignore[union-attr]
                raw.dbapi_connection.execute(  # type: ignore[union-attr]
                    "SELECT pg_notify('agon_match', payload) FROM unnest(%s::text[]) AS payload", (payloads,))
                if lost:
                    log.warning("agon: notices go out again (%d were lost)", lost)
                    lost = 0
            except Exception as err:  # the database went away: these notices are lost, the moves are not
                if not lost:
                    log.warning("agon: could not send %d notices (%s)", len(payloads), " ".join(str(err).split())[:200])
                lost += len(payloads)
                if raw is not None:
                    with contextlib.suppress(Exception):
                        raw.invalidate()
                    raw = None
        if raw is not None:
            with contextlib.suppress(Exception):
                raw.invalidate()  # its session settings are not for the pool's other users


def _action_values(match_id: str, a: ActionRow) -> dict[str, Any]:
    return {"match_id": match_id, "index": a.index, "role": a.role, "verb": a.verb,
            "arg": json.dumps(a.arg), "note": a.note, "digest": a.digest}
