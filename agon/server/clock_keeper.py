"""`ClockKeeper`: the clocks of the matches of one process, as the action path and the state
objects need them (`agon.server.clocks` holds the rules; this applies them to a match's row).

It holds the server's clock (`ClockSettings.now`) and this process's copy of the accounts'
vacations (`away`), read at start and at every clock sweep and updated by the vacation routes
here, so that an action never waits for a database read of them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING

from agon.engine import State
from agon.server.clocks import (
    Clocks,
    ClockSettings,
    Interval,
    Pace,
    advance,
    dump_clocks,
    load_clocks,
    next_event,
    reminder_offsets,
    seat_deadline,
    seat_views,
    start_clocks,
)

if TYPE_CHECKING:
    from agon.server.store import MatchRow


class TimeIsUp(Exception):
    """The seat's time ran out: its action is refused (the clock sweep times it out)."""


class ClockKeeper:
    def __init__(self, settings: ClockSettings | None = None) -> None:
        self.settings = settings or ClockSettings()
        self._away: dict[int, list[Interval]] = {}  # account -> its vacations (replaced, never mutated)
        self._guard = threading.Lock()
        self._offsets: dict[Pace, list[float]] = {}  # each pace's reminder times (a few paces are in use)

    def now(self) -> float:
        return self.settings.now()

    # -- vacations --------------------------------------------------------------------------------

    def set_away(self, vacations: dict[int, list[Interval]]) -> None:
        """Every account's vacations, as read from the database."""
        with self._guard:
            self._away = dict(vacations)

    def set_account_away(self, account: int, intervals: list[Interval]) -> None:
        with self._guard:
            self._away = {**self._away, account: list(intervals)}

    def away_of(self, row: MatchRow) -> dict[str, list[Interval]]:
        """Each seat's vacations (those of the account holding it; a guest seat has none)."""
        away = self._away
        return {role: away.get(seat.account_id, []) if seat.account_id is not None else []
                for role, seat in row.seats.items()}

    # -- the match's clocks -----------------------------------------------------------------------

    def offsets(self, pace: Pace) -> list[float]:
        found = self._offsets.get(pace)
        if found is None:
            found = self._offsets[pace] = reminder_offsets(pace, self.settings.reminders)
        return found

    def new_clocks(self, pace: Pace, humans: Iterable[str], active: Iterable[str]) -> tuple[str, int | None]:
        offsets = self.offsets(pace)
        clocks = start_clocks(pace, humans, active, self.now(), offsets)
        return dump_clocks(clocks), next_event(clocks, lambda _role: [], offsets)

    def check_actor(self, row: MatchRow, role: str) -> None:
        """TimeIsUp if `role`'s time has run out (or it timed out): its action comes too late."""
        if row.pace is None:
            return
        clock = load_clocks(row.clocks).get(role)
        if clock is None:
            return
        if clock["out"]:
            raise TimeIsUp(role)
        end = seat_deadline(clock, self.away_of(row).get(role, []))
        if end is not None and self.now() >= end:
            raise TimeIsUp(role)

    def after(self, row: MatchRow, state: State, actor: str | None) -> tuple[str | None, int | None]:
        """The clocks (JSON text) and next event of the match after `actor` acted on `state`
        ((None, None) for a match without a clock)."""
        pace = Pace.from_text(row.pace)
        if pace is None:
            return None, None
        away = self.away_of(row)
        offsets = self.offsets(pace)
        humans = [role for role, seat in row.seats.items() if seat.kind == "human"]
        before = load_clocks(row.clocks)
        clocks = advance(pace, before, humans, state.active, actor, state.is_over, self.now(),
                         lambda role: away.get(role, []), offsets)
        kept = {**before, **clocks}  # seats a bot holds keep their clock as it stopped
        return dump_clocks(kept), next_event(kept, lambda role: away.get(role, []), offsets)

    def upcoming(self, row: MatchRow, clocks: Clocks) -> int | None:
        pace = Pace.from_text(row.pace)
        if pace is None:
            return None
        away = self.away_of(row)
        return next_event(clocks, lambda role: away.get(role, []), self.offsets(pace))

    def view(self, row: MatchRow) -> dict[str, object] | None:
        """The `clocks` of the state object: the pace and each seat's clock (None: no clock)."""
        pace = Pace.from_text(row.pace)
        if pace is None:
            return None
        away = self.away_of(row)
        return {"pace": pace.public(),
                "seats": seat_views(load_clocks(row.clocks), self.now(), lambda role: away.get(role, []))}
