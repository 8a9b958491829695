"""Database outages: which errors say the database is unavailable, the 503 they become, and one
log line when an outage starts and one when it ends (never a traceback per request).

An outage starts at the first request that fails for want of the database (PostgreSQL down or
restarting, an SQLite file that cannot be opened or written, a lock held too long); from then on
a thread of its own probes the database once a second, and the outage ends at the first probe
that can write (`probe`).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable

from sqlalchemy import Engine, exc

log = logging.getLogger("agon.server")

UNAVAILABLE = "the database is unavailable; try again in a few seconds"
RETRY_AFTER = "5"  # seconds, in the 503's Retry-After header

# SQLite's errors that say the file cannot be used now, not that a statement is wrong
_SQLITE_OUTAGES = ("disk i/o error", "database is locked", "readonly database", "unable to open database file",
                   "database or disk is full", "database is busy")


def _database_errors() -> tuple[type[Exception], ...]:
    import psycopg

    return (exc.DBAPIError, exc.TimeoutError, psycopg.Error, sqlite3.Error)


DATABASE_ERRORS = _database_errors()  # what the database layer raises (`is_outage` tells which are outages)


def is_outage(err: BaseException) -> bool:
    """True when `err` says the database is unavailable (rather than a mistake in a statement)."""
    import psycopg

    if isinstance(err, exc.DBAPIError):
        if err.connection_invalidated:
            return True
        cause: BaseException | None = err.orig
    else:
        cause = err
    if isinstance(err, exc.TimeoutError):  # no pooled connection came free: the database stalls
        return True
    if isinstance(cause, psycopg.OperationalError):  # the server went away, refused, restarts, timed out
        return True
    if isinstance(cause, sqlite3.OperationalError):
        text = str(cause).lower()
        return any(words in text for words in _SQLITE_OUTAGES)
    return False


def describe(err: BaseException) -> str:
    """The error in one short line (a driver's message may run over several)."""
    cause = err.orig if isinstance(err, exc.DBAPIError) and err.orig is not None else err
    text = " ".join(str(cause).split())
    return f"{type(cause).__name__}: {text[:200]}"


def probe(engine: Engine) -> None:
    """Raise unless the database answers and can write: PostgreSQL `SELECT 1`; SQLite rewrites its
    header's user_version with the value it has (a read-only file answers reads but not this)."""
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            version = conn.exec_driver_sql("PRAGMA user_version").scalar()
            conn.exec_driver_sql(f"PRAGMA user_version = {int(version or 0)}")
            conn.commit()
        else:
            conn.exec_driver_sql("SELECT 1")


class Outage:
    """Whether the database is down, told by the requests that fail (`failed`) and ended by a
    probe. Thread-safe: requests fail in the server's threads and on its event loop."""

    def __init__(self, check: Callable[[], None], interval: float = 1.0) -> None:
        self.check = check
        self.interval = interval
        self.since: float | None = None  # time.monotonic() of the first failure, while down
        self.refused = 0
        self.guard = threading.Lock()
        self.stopping = threading.Event()

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, err: BaseException, request: bool = True) -> None:
        """A request (or, `request` False, the server's own work) failed for want of the
        database: start an outage (one log line), or count it."""
        with self.guard:
            if self.since is None:
                self.since = time.monotonic()
                self.refused = 0
                starts = True
            else:
                starts = False
            self.refused += request
        if not starts:
            return
        log.warning("agon: the database is unavailable (%s); answering 503 until it is back", describe(err))
        threading.Thread(target=self._watch, name="agon-outage", daemon=True).start()

    def _watch(self) -> None:
        while not self.stopping.wait(self.interval):
            try:
                self.check()
            except Exception:  # still down: try again after the interval
                continue
            with self.guard:
                since, refused, self.since = self.since or time.monotonic(), self.refused, None
            log.warning("agon: the database is back after %.1f s (%d requests answered 503)",
                        time.monotonic() - since, refused)
            return

    def stop(self) -> None:
        self.stopping.set()
