"""Cached matches kept fresh without notices (several processes on one PostgreSQL database, and
`agon admin` beside a running server on either database).

A NOTIFY tells the other processes of a move; one sent while a process's LISTEN connection is
down (a database restart, a dropped connection) is lost for good, and SQLite has none. So every
`interval` seconds, and at once after the LISTEN connection comes back, one query compares the
version of every cached match with the database's; a match found behind is marked stale (the
next use catches up) and its sockets are woken. A match the operator ended (`agon admin end`:
a result, no new action) or deleted meanwhile is dropped from the cache (the next use reads it
again, or finds it gone) and its sockets are woken. A cached match is never served more than
`interval` seconds (plus that query) behind the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy import Engine, select

from agon.server.faults import describe
from agon.server.matches import Matches
from agon.server.store import match_table

log = logging.getLogger("agon.server")

CHUNK = 1000  # ids per query


def stored_versions(engine: Engine, match_ids: list[str]) -> dict[str, tuple[int, bool]]:
    """The version the database holds for each of these matches, and whether it has a result
    (a match missing here is deleted). PostgreSQL: one query with the ids as an array, straight
    to the driver (SQLAlchemy's `IN` of a thousand parameters, compiled anew each time, cost 22 ms
    of CPU per check at 2,000 cached matches, against 5 ms); elsewhere one query per 1000 ids."""
    if engine.dialect.name == "postgresql":
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute('SELECT id, version, result IS NOT NULL FROM "match" WHERE id = ANY(%s)', (match_ids,))
            found = {row[0]: (int(row[1]), bool(row[2])) for row in cursor.fetchall()}
            raw.rollback()
            return found
        finally:
            raw.close()
    versions: dict[str, tuple[int, bool]] = {}
    with engine.connect() as conn:
        for start in range(0, len(match_ids), CHUNK):
            chunk = match_ids[start:start + CHUNK]
            query = select(match_table.c.id, match_table.c.version, match_table.c.result.is_not(None)).where(
                match_table.c.id.in_(chunk))
            versions.update((row[0], (int(row[1]), bool(row[2]))) for row in conn.execute(query))
    return versions


class Freshness:
    """Compares the cached matches' versions with the database's (`check`), every `interval`
    seconds (`run`) and when asked (`check_soon`, after the LISTEN connection is back)."""

    def __init__(self, matches: Matches, engine: Engine, changed: Callable[[str], None],
                 run: Callable[[Callable[[list[str]], dict[str, tuple[int, bool]]], list[str]], Awaitable[dict[str, tuple[int, bool]]]],
                 interval: float) -> None:
        self.matches = matches
        self.engine = engine
        self.changed = changed
        self.run_in_thread = run
        self.interval = interval
        self.wake = asyncio.Event()
        self.failing = False

    def check_soon(self) -> None:
        """Check now rather than at the next tick (called on the event loop)."""
        self.wake.set()

    async def run(self) -> None:
        while True:
            with_timeout = asyncio.wait_for(self.wake.wait(), self.interval)
            try:
                await with_timeout
            except TimeoutError:
                pass
            self.wake.clear()
            try:
                await self.check()
            except Exception as err:  # the database is down: the requests say so; try again next tick
                if not self.failing:
                    log.warning("agon: could not compare the cached matches with the database (%s)", describe(err))
                self.failing = True
            else:
                self.failing = False

    async def check(self) -> list[str]:
        """Mark every cached match the database holds a later version of stale, drop those ended
        or deleted outside this process from the cache, and wake their sockets; the ids of those
        matches."""
        cached = self.matches.cached_versions()
        if not cached:
            return []
        stored = await self.run_in_thread(lambda ids: stored_versions(self.engine, ids), list(cached))
        behind = []
        for match_id, (version, ended) in cached.items():
            found = stored.get(match_id)
            if found is None or (found == (version, True) and not ended):  # deleted; ended without a move (`agon admin`)
                self.matches.forget(match_id)
                behind.append(match_id)
            elif found[0] != version and self.matches.mark_stale(match_id, found[0]):
                behind.append(match_id)
        for match_id in behind:
            self.changed(match_id)
        return behind
