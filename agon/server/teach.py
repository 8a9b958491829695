"""Bots that teach (issue 36 items 4 and 5): post-game analyses and hints, on the server.

- An analysis (`agon.bots.analysis.analyse`) is made once per finished match, when someone first
  asks for it (`POST /api/matches/ID/analysis`, the replay viewer's button), in the background on a
  bounded budget (the `analysis_*` settings), and stored in the `analysis` table: the row's
  primary key makes one process compute it; a row left "running" by a server that stopped is
  taken again once it is older than the budget allows. A finished match's record is public, so
  its analysis is too.
- A hint (`agon.bots.analysis.hint`): the asking seat's top three choices, for a match whose
  creator allowed hints (`match_hints`; the default: allowed, except in a rated match), on the
  `hint_*` budget, once per seat and version (kept in memory). The job is given a sample of the
  seat's information set (`state.determinize(role, ...)`, drawn with a generator seeded from
  public facts), never the match's state: nothing it computes can depend on what the seat
  cannot see.
Every job goes through `agon.server.teach_jobs.run_job`, in the teaching pool (its own processes,
`teach_processes`), after taking a place in its bounded queue (`teach_queue`; full: a one-line 503).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    ForeignKey,
    String,
    Table,
    Text,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from agon.bots.analysis import Budget, analyse, hint
from agon.engine import State
from agon.engine.rng import Rng
from agon.server import results
from agon.server.matches import ApiError, Matches
from agon.server.store import Store, metadata
from agon.server.teach_jobs import TeachBusy, TeachJobs, run_job

log = logging.getLogger("agon.server")

KEPT_HINTS = 256  # hints kept in memory (per seat and version)
STALE_GRACE = 600  # seconds past its time budget after which a "running" analysis is taken again

analysis_table = Table(
    "analysis",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
    Column("status", String(16), nullable=False),  # "running", "done", "failed"
    Column("budget", JSON, nullable=False),
    Column("result", JSON, nullable=True),
    Column("error", Text, nullable=True),
    Column("started", BigInteger, nullable=False),
    Column("finished", BigInteger, nullable=True),
)

match_hints_table = Table(
    "match_hints",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
    Column("allowed", Boolean, nullable=False),
)


@dataclass(frozen=True, slots=True)
class TeachSettings:
    analysis: Budget
    hint: Budget
    processes: int = 2  # the teaching pool's workers (`Settings.teach_processes`)
    queue: int = 8  # jobs that may wait for them (`Settings.teach_queue`); one more is refused


def hints_default(rated: bool) -> bool:
    """Hints when the creator did not say: allowed, except in a rated match."""
    return not rated


def public_seed(*facts: str | int) -> int:
    """A search seed from facts every seat knows (the match id, the role, the version): a hint's
    numbers depend on nothing hidden, the match's secret seed least of all."""
    return int.from_bytes(hashlib.blake2b(repr(facts).encode(), digest_size=8).digest(), "little") >> 1


def seat_hint(state: State, role: str, budget: Budget, seed: int) -> list[dict[str, Any]]:
    """The hint of `role` from a sample of what it knows (the job never holds the real state)."""
    return hint(state.determinize(role, Rng(seed)), role, budget, seed)


class Teach:
    """Analyses and hints of the matches of one database."""

    def __init__(self, store: Store, matches: Matches, settings: TeachSettings, processes: bool,
                 now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.matches = matches
        self.settings = settings
        self.now = now
        self.jobs = TeachJobs(processes, settings.processes, settings.queue)
        self.hints: OrderedDict[tuple[str, int, str], list[dict[str, Any]]] = OrderedDict()
        self.pending: dict[tuple[str, int, str], asyncio.Future[list[dict[str, Any]]]] = {}
        self.allowed_cache: dict[str, bool] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.one_analysis: asyncio.Semaphore | None = None

    # -- hints ------------------------------------------------------------------------------------

    @staticmethod
    def with_hints(writer: Callable[[Connection, str], None], allowed: bool | None) -> Callable[[Connection, str], None]:
        """`writer` of a new match's transaction, also writing its hints option when its creator
        chose one (None: the default, `hints_default`)."""
        if allowed is None:
            return writer

        def write(conn: Connection, match_id: str) -> None:
            writer(conn, match_id)
            conn.execute(insert(match_hints_table).values(match_id=match_id, allowed=allowed))
        return write

    def allowed(self, match_id: str, rated: bool) -> bool:
        """Whether this match's seats may ask for hints (chosen at its creation, never changed)."""
        found = self.allowed_cache.get(match_id)
        if found is None:
            with self.store.engine.connect() as conn:
                row = conn.execute(select(match_hints_table.c.allowed)
                                   .where(match_hints_table.c.match_id == match_id)).first()
            found = bool(row[0]) if row is not None else hints_default(rated)
            if len(self.allowed_cache) > 4096:
                self.allowed_cache.clear()
            self.allowed_cache[match_id] = found
        return found

    def _hint_request(self, match_id: str, token: str | None, account: int | None
                      ) -> tuple[tuple[str, int, str], list[dict[str, Any]] | State]:
        """The checks of a hint request (one-line refusals), then its key and either the hint
        already made or a sample of the seat's information set to make it from."""
        with self.matches.lock(match_id):
            live = self.matches._sync(match_id)
            role = self.matches.seat_role(live, token, account)
            if role is None:
                raise ApiError(403, "a hint is for a seat of this match: send its token or log in")
            if not self.allowed(match_id, live.row.rated):
                raise ApiError(403, "this match does not allow hints (its creator chose so)")
            if live.frozen is not None:
                raise ApiError(423, live.frozen)
            if results.is_over(live):
                raise ApiError(409, "the match is over; its analysis is in the replay")
            if role not in live.state.active:
                raise ApiError(409, "a hint is given when it is your turn")
            key = (match_id, live.version, role)
            known = self.hints.get(key)
            if known is not None:
                return key, known
            return key, live.state.determinize(role, Rng(public_seed(*key)))

    async def hint(self, ctx_run: Callable[..., Any], match_id: str, token: str | None,
                   account: int | None) -> dict[str, Any]:
        """{"version", "role", "choices"}: the seat's top three choices with their chances."""
        key, known = await ctx_run(self._hint_request, match_id, token, account)
        if isinstance(known, list):
            return _hint_answer(key, known)
        pending = self.pending.get(key)
        if pending is None:
            try:
                self.jobs.reserve()
            except TeachBusy as busy:
                raise ApiError(503, str(busy)) from None
            pending = asyncio.get_running_loop().create_future()
            self.pending[key] = pending
            try:
                choices = await run_job(self.jobs, match_id, seat_hint, known, key[2], self.settings.hint,
                                        public_seed(*key))
            except Exception as err:
                pending.set_exception(err)
                pending.exception()  # (retrieved: the waiters, if any, get it too)
                log.exception("agon: match %s: the hint for %s failed", match_id, key[2])
                raise ApiError(500, "the hint could not be made; the server's log says why") from None
            finally:
                self.pending.pop(key, None)
                self.jobs.release()
            pending.set_result(choices)
            self.hints[key] = choices
            while len(self.hints) > KEPT_HINTS:
                self.hints.popitem(last=False)
        else:
            choices = await asyncio.shield(pending)
        return _hint_answer(key, choices)

    # -- analyses ---------------------------------------------------------------------------------

    def analysis(self, match_id: str, start: bool) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """(the answer as stored now, the record to analyse if `start` asked for it and this call
        took the job). Without an analysis yet: {"status": "none"} unless `start`."""
        live = self.matches.get(match_id)
        if not results.is_over(live):
            raise ApiError(409, "a match is analysed once it is over")
        with self.store.engine.connect() as conn:
            row = conn.execute(select(analysis_table).where(analysis_table.c.match_id == match_id)).first()
        if row is not None and row.status == "done":
            return {"status": "done", "analysis": row.result}, None
        if row is not None and row.status == "failed":
            return {"status": "failed", "error": row.error}, None
        if row is not None and not self._stale(row.started):
            return {"status": "running"}, None
        if not start:
            return {"status": "none"}, None
        try:
            self.jobs.reserve()  # (released when the analysis ends, `_analyse`, or here if not taken)
        except TeachBusy as busy:
            raise ApiError(503, str(busy)) from None
        try:
            if not self._claim(match_id, row is not None):
                self.jobs.release()
                return {"status": "running"}, None
            return {"status": "running"}, self.matches.record(match_id)
        except BaseException:
            self.jobs.release()
            raise

    def _stale(self, started: int) -> bool:
        budget = self.settings.analysis
        allowed = budget.match_seconds or 3600
        return self.now() - started > allowed + STALE_GRACE

    def _claim(self, match_id: str, taken_before: bool) -> bool:
        """Take the analysis of this match: insert its row, or take a stale one again; False when
        another process was first."""
        now = int(self.now())
        budget = asdict(self.settings.analysis)
        if not taken_before:
            try:
                with self.store._writing, self.store.engine.begin() as conn:
                    conn.execute(insert(analysis_table).values(match_id=match_id, status="running", budget=budget,
                                                               started=now))
                return True
            except IntegrityError:
                return False
        limit = now - int((self.settings.analysis.match_seconds or 3600) + STALE_GRACE)
        with self.store._writing, self.store.engine.begin() as conn:
            done = conn.execute(update(analysis_table).where(analysis_table.c.match_id == match_id,
                                                             analysis_table.c.status == "running",
                                                             analysis_table.c.started < limit)
                                .values(started=now, budget=budget))
            return bool(done.rowcount)

    def _store(self, match_id: str, result: dict[str, Any] | None, error: str | None) -> None:
        with self.store._writing, self.store.engine.begin() as conn:
            conn.execute(update(analysis_table).where(analysis_table.c.match_id == match_id).values(
                status="done" if result is not None else "failed", result=result, error=error,
                finished=int(self.now())))

    def start(self, ctx_run: Callable[..., Any], match_id: str, record: dict[str, Any]) -> None:
        """Analyse in the background (one analysis at a time in this process), then store it."""
        task = asyncio.get_running_loop().create_task(self._analyse(ctx_run, match_id, record))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _analyse(self, ctx_run: Callable[..., Any], match_id: str, record: dict[str, Any]) -> None:
        try:
            await self._analyse_one(ctx_run, match_id, record)
        finally:
            self.jobs.release()  # (the place `analysis` reserved)

    async def _analyse_one(self, ctx_run: Callable[..., Any], match_id: str, record: dict[str, Any]) -> None:
        if self.one_analysis is None:
            self.one_analysis = asyncio.Semaphore(1)
        async with self.one_analysis:
            try:
                result = await run_job(self.jobs, match_id, analyse, record, self.settings.analysis, 0)
            except Exception as err:
                log.exception("agon: match %s: the analysis failed", match_id)
                await ctx_run(self._store, match_id, None, f"{type(err).__name__}: {err}"[:500])
                return
            await ctx_run(self._store, match_id, result, None)

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        self.jobs.close()


def _hint_answer(key: tuple[str, int, str], choices: list[dict[str, Any]]) -> dict[str, Any]:
    return {"version": key[1], "role": key[2], "choices": choices}
