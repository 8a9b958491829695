"""The clocks' storage (issue 31, migration 0007): claiming due clock events, vacations, seats
changing hands on a time-out or a take-back. Every method is one short transaction.

A clock event is claimed by one UPDATE of the match row that holds the `version` and the
`next_event` the claimer read (`claim`): of several sweepers (processes, or a server restarted
while another still runs) exactly one sees its UPDATE change a row; the events it claims are
recorded (`clock_event`) in the same transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table, insert, select

from agon.server.clocks import Due, Interval
from agon.server.store import Store, match_table, metadata, seat_table

vacation_table = Table(
    "vacation",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("account.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("started", Float, nullable=False),
    Column("ends", Float, nullable=False),  # the latest end the account's allowance gives
    Column("stopped", Float, nullable=True),  # stopped early (null: it runs to `ends`)
)

clock_event_table = Table(
    "clock_event",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("role", String(64), nullable=False),
    Column("kind", String(16), nullable=False),  # "reminder" or "time-out"
    Column("due", Float, nullable=False),
    Column("left_seconds", Float, nullable=False),
    Column("at", Float, nullable=False),  # when it was claimed
)


@dataclass(frozen=True, slots=True)
class Vacation:
    started: float
    ends: float
    stopped: float | None

    @property
    def end(self) -> float:
        return self.stopped if self.stopped is not None else self.ends


class ClockStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def due_matches(self, now: float) -> list[str]:
        """Unfinished matches whose next clock event is due at `now`."""
        query = (select(match_table.c.id).where(match_table.c.next_event <= int(now),
                                                match_table.c.is_over.is_(False))
                 .order_by(match_table.c.next_event).limit(500))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query).all()]

    def claim(self, match_id: str, version: int, expected: int | None, clocks: str, upcoming: int | None,
              events: Iterable[Due], now: float) -> bool:
        """Write the clocks with these events handled, if the match is still at `version` with
        its next event at `expected` (else another process claimed them, or a move came: False),
        and record the events, in one transaction."""
        where = [match_table.c.id == match_id, match_table.c.version == version,
                 match_table.c.next_event.is_(None) if expected is None else match_table.c.next_event == expected]
        with self.store._writing, self.engine.begin() as conn:
            done = conn.execute(match_table.update().where(*where).values(clocks=clocks, next_event=upcoming))
            if done.rowcount != 1:
                return False
            rows = [{"match_id": match_id, "role": e.role, "kind": e.kind, "due": e.due, "left_seconds": e.left,
                     "at": now} for e in events]
            if rows:
                conn.execute(insert(clock_event_table), rows)
            return True

    def set_clocks(self, match_id: str, clocks: str, upcoming: int | None) -> None:
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(match_table.update().where(match_table.c.id == match_id)
                         .values(clocks=clocks, next_event=upcoming))

    def hand_seat(self, match_id: str, role: str, kind: str, bot: str | None, was: str, clocks: str,
                  upcoming: int | None) -> bool:
        """The seat goes from a `was` ("human" or "bot") to `kind` (a bot sits in after a time-out,
        or its player takes it back) with the match's clocks, in one transaction; False if the
        seat was not a `was` any more."""
        with self.store._writing, self.engine.begin() as conn:
            done = conn.execute(seat_table.update().where(
                seat_table.c.match_id == match_id, seat_table.c.role == role, seat_table.c.kind == was,
            ).values(kind=kind, bot=bot))
            if done.rowcount != 1:
                return False
            conn.execute(match_table.update().where(match_table.c.id == match_id)  # bot_due: a start looks (0010)
                         .values(clocks=clocks, next_event=upcoming, bot_due=None))
            return True

    def events(self, match_id: str) -> list[tuple[str, str, float]]:
        """(role, kind, due) of the match's recorded clock events, in order."""
        query = (select(clock_event_table.c.role, clock_event_table.c.kind, clock_event_table.c.due)
                 .where(clock_event_table.c.match_id == match_id).order_by(clock_event_table.c.id))
        with self.engine.connect() as conn:
            return [(r[0], r[1], r[2]) for r in conn.execute(query).all()]

    # -- vacations --------------------------------------------------------------------------------

    def all_vacations(self, since: float) -> dict[int, list[Interval]]:
        """Every account's vacations that end after `since`."""
        query = select(vacation_table.c.account_id, vacation_table.c.started, vacation_table.c.ends,
                       vacation_table.c.stopped).where(vacation_table.c.ends > since)
        found: dict[int, list[Interval]] = {}
        with self.engine.connect() as conn:
            for account, started, ends, stopped in conn.execute(query).all():
                found.setdefault(account, []).append((started, stopped if stopped is not None else ends))
        return found

    def vacations_of(self, account: int) -> list[Vacation]:
        query = (select(vacation_table.c.started, vacation_table.c.ends, vacation_table.c.stopped)
                 .where(vacation_table.c.account_id == account).order_by(vacation_table.c.started))
        with self.engine.connect() as conn:
            return [Vacation(*r) for r in conn.execute(query).all()]

    def start_vacation(self, account: int, now: float, ends: float) -> bool:
        """A vacation from now until `ends` at the latest; False if one is under way."""
        with self.store._writing, self.engine.begin() as conn:
            if self.store.is_postgres:  # one start at a time per account
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(31, %s)", (account,))
            running = conn.execute(select(vacation_table.c.id).where(
                vacation_table.c.account_id == account, vacation_table.c.stopped.is_(None),
                vacation_table.c.ends > now)).first()
            if running is not None:
                return False
            conn.execute(insert(vacation_table).values(account_id=account, started=now, ends=ends, stopped=None))
            return True

    def stop_vacation(self, account: int, now: float) -> bool:
        """The vacation under way stops now, and the account's matches are looked at again at the
        next sweep (their deadlines come earlier); False if none is under way."""
        with self.store._writing, self.engine.begin() as conn:
            done = conn.execute(vacation_table.update().where(
                vacation_table.c.account_id == account, vacation_table.c.stopped.is_(None),
                vacation_table.c.ends > now).values(stopped=now))
            if done.rowcount == 0:
                return False
            held = select(seat_table.c.match_id).where(seat_table.c.account_id == account)
            conn.execute(match_table.update().where(match_table.c.id.in_(held), match_table.c.next_event.is_not(None),
                                                    match_table.c.next_event > int(now))
                         .values(next_event=int(now)))
            return True
