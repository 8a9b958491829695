"""`ClockSweeper`: the server's hand on the clocks (issue 31), like the bot sweep of
`agon.server.runner`: at start and every `ClockSettings.sweep_seconds`, it looks for the
unfinished matches whose next clock event (`match.next_event`) has passed, claims the due events
of each (`ClockStore.claim`: exactly one process wins each), then acts on them:

- a reminder: each `clocks.on_reminder` listener is called once;
- a time-out: the pace's rule. "lose": the seat leaves the match (`agon.server.seat_leave`:
  in a 2-player game the other side wins; in a larger game the seat's automaton or a bot goes on
  for it); "bot": the pace's bot sits in, and the player may take the seat back if the creator
  allowed it (`take_back`). Then each `clocks.on_time_out` listener is called once.

A claimed time-out is marked on the seat's clock (`out`) with a lease: if the process dies
before the seat changes hands, the next sweep after the lease finishes it. A server that was
down catches up at its first sweep: every deadline that passed meanwhile is due then.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from agon.server import clocks as clock_rules
from agon.server.clock_store import ClockStore
from agon.server.clocks import LEASE, Pace, Reminder, TimeOut, due_events, dump_clocks, load_clocks
from agon.server.matches import ApiError, Matches
from agon.server.runner import _line, _storage_error

if TYPE_CHECKING:
    from agon.server.app import Context

log = logging.getLogger("agon.server")

Event = TypeVar("Event", Reminder, TimeOut)
Sleep = Callable[[float], Awaitable[None]]
# how a seat that timed out under the "lose" rule leaves its match (`agon.server.seat_leave.leave_seat`)
SeatLeaver = Callable[[Matches, str, str, str], object]


def leave_for_time(matches: Matches, match_id: str, role: str, reason: str) -> object:
    from agon.server.seat_leave import leave_seat

    return leave_seat(matches, match_id, role, reason)  # type: ignore[arg-type]


@dataclasses.dataclass(frozen=True, slots=True)
class Claimed:
    """What one sweep of a match claimed: reminders to send, seats to time out (with the rule)."""

    match_id: str
    reminders: list[Reminder]
    time_outs: list[TimeOut]


class ClockSweeper:
    def __init__(self, ctx: Context, sleep: Sleep = asyncio.sleep, leave: SeatLeaver = leave_for_time) -> None:
        self.ctx = ctx
        self.store = ClockStore(ctx.store)
        self.sleep = sleep
        self.leave = leave

    @property
    def matches(self) -> Matches:
        return self.ctx.matches

    # -- one match ----------------------------------------------------------------------------------

    def claim(self, match_id: str) -> Claimed | None:
        """Claim the clock events of this match due now (None: nothing due, or another process
        claimed them first). Runs in a thread, holding the match's lock."""
        keeper = self.matches.keeper
        with self.matches.lock(match_id):
            live = self.matches._sync(match_id, fresh=True)
            row = live.row
            pace = Pace.from_text(row.pace)
            now = keeper.now()
            if row.next_event is None or row.next_event > now:
                return None  # another process claimed it meanwhile (and set a later event, or a lease)
            if pace is None or live.state.is_over or live.frozen is not None:
                self.store.claim(match_id, live.version, row.next_event, row.clocks or "{}", None, [], now)
                return None
            away = keeper.away_of(row)
            offsets = keeper.offsets(pace)
            clocks, events = due_events(load_clocks(row.clocks), now, lambda role: away.get(role, []), offsets)
            pending = [role for role, clock in clocks.items()
                       if clock["out"] and row.seats.get(role) is not None and row.seats[role].kind == "human"]
            upcoming = keeper.upcoming(row, clocks)
            if pending:  # a lease: another sweep finishes the time-out if this process dies first
                upcoming = min(upcoming, int(now) + LEASE) if upcoming is not None else int(now) + LEASE
            text = dump_clocks(clocks)
            if not self.store.claim(match_id, live.version, row.next_event, text, upcoming, events, now):
                return None
            live.row = dataclasses.replace(row, clocks=text, next_event=upcoming)
            live.shown = None  # the state objects show the clocks: build them again
        reminders = [Reminder(match_id, e.role, e.left, now + e.left, row.seats[e.role].account_id)
                     for e in events if e.kind == "reminder"]
        time_outs = [TimeOut(match_id, role, pace.on_timeout, row.seats[role].account_id) for role in pending]
        return Claimed(match_id, reminders, time_outs)

    def time_out(self, time_out: TimeOut) -> None:
        """The seat's time ran out: it leaves the match or a bot sits in (the pace's rule). In a thread."""
        match_id, role = time_out.match_id, time_out.role
        if time_out.rule == "lose":
            self.leave(self.matches, match_id, role, "timed out")
        else:
            self._sit_in(match_id, role)
        with self.matches.lock(match_id):
            live = self.matches._sync(match_id, fresh=True)
            # the seat changed hands (or the game ended): the clocks of the humans who must act now run
            clocks, upcoming = self.matches.keeper.after(live.row, live.state, None)
            self.store.set_clocks(match_id, clocks or "{}", upcoming)
            live.row = dataclasses.replace(live.row, clocks=clocks, next_event=upcoming)
            live.shown = None

    def _sit_in(self, match_id: str, role: str) -> None:
        with self.matches.lock(match_id):
            live = self.matches._sync(match_id, fresh=True)
            pace = Pace.from_text(live.row.pace)
            seat = live.row.seats.get(role)
            if pace is None or seat is None or seat.kind != "human" or live.state.is_over:
                return
            bot = pace.bot or "random"
            if self.store.hand_seat(match_id, role, "bot", bot, "human", live.row.clocks or "{}", live.row.next_event):
                live.row = dataclasses.replace(live.row, seats={
                    **live.row.seats, role: dataclasses.replace(seat, kind="bot", bot=bot)})
                live.shown = None
        self.ctx.store.notify(f"{match_id}:seats")  # the other processes read the seats again

    # -- the sweep ----------------------------------------------------------------------------------

    async def sweep(self) -> int:
        """Act on every clock event due now; the number of matches with reminders or time-outs
        this process claimed and acted on."""
        ctx = self.ctx
        try:
            vacations = await ctx.run(self.store.all_vacations, self.matches.keeper.now() - 400 * 86400)
            self.matches.keeper.set_away(vacations)
            due = await ctx.run(self.store.due_matches, self.matches.keeper.now())
        except Exception as err:
            if not _storage_error(err):
                raise
            log.warning("agon: could not look for clock events (%s: %s)", type(err).__name__, _line(err))
            return 0
        claimed = 0
        for match_id in due:
            try:
                found = await ctx.run(self.claim, match_id)
                if found is None or not (found.reminders or found.time_outs):
                    continue  # nothing due after all (a vacation moved the deadline): the next event is set
                claimed += 1
                for reminder in found.reminders:
                    _tell(clock_rules.on_reminder, reminder)
                    ctx.notifier.reminder(match_id, reminder.role, left_seconds=reminder.left_seconds)
                for time_out in found.time_outs:
                    await ctx.run(self.time_out, time_out)
                    log.info("agon: match %s: %s timed out (%s)", match_id, time_out.role, time_out.rule)
                    _tell(clock_rules.on_time_out, time_out)
                    ctx.notifier.time_out(match_id, time_out.role, rule=time_out.rule)
                ctx.changed(match_id)
                ctx.kick(match_id)
            except ApiError as err:
                log.warning("agon: match %s: clock events not handled: %s", match_id, err.message)
            except Exception as err:
                if not _storage_error(err):
                    log.exception("agon: match %s: clock events failed", match_id)
                else:
                    log.warning("agon: match %s: clock events not handled (%s: %s); the next sweep tries again",
                                match_id, type(err).__name__, _line(err))
        return claimed

    async def sweep_forever(self) -> None:
        seconds = self.matches.keeper.settings.sweep_seconds
        while seconds > 0:
            await self.sleep(seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("agon: the clock sweep failed")


def _tell(listeners: list[Callable[[Event], None]], event: Event) -> None:
    for listener in list(listeners):
        try:
            listener(event)
        except Exception:
            log.exception("agon: a clock listener failed on %r", event)
