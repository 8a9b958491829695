"""Paces and clocks (issue 31): what a match's pace is, how each human seat's clock runs, when
its reminders and its deadline fall due.

A pace is chosen at creation (`parse_pace`): `live` (minutes per move), `fast` (hours per move),
`daily` (days per move), `bank` (a Fischer-style time bank: an initial amount, plus an increment
after each of the seat's moves) or `none` (no clock). A "move" is any action of the seat: a
per-move clock starts full again after each one, a bank gains its increment.

A seat's clock is charged only while the seat must act (it is among the engine's active roles),
the seat is human and the game goes on: it stops while bots think, when the game is over, and
while the account holding the seat is on vacation (its vacations are subtracted from the time
charged, `charged`). The clocks are kept as JSON text in the match's row
(`{role: {"left": seconds, "since": start of the running period or null, "sent": reminders
handled this turn, "out": timed out}}`), written by the action's own UPDATE (`Matches.act_locked`),
and the match's `next_event` says when the sweep (`agon.server.clock_sweep`) must look at it.

Everything here takes the time as an argument: the server's time comes from one injectable
clock (`Settings.clock`), so that tests drive it (`FakeClock`).
"""

from __future__ import annotations

import functools
import json
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Literal

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0

Kind = Literal["none", "live", "fast", "daily", "bank"]
KINDS: tuple[str, ...] = ("none", "live", "fast", "daily", "bank")
RULES: tuple[str, ...] = ("lose", "bot")
UNITS: dict[str, float] = {"minutes": MINUTE, "hours": HOUR, "days": DAY}
# per-move paces: (unit, the fewest, the most) in that unit
PER_MOVE: dict[str, tuple[str, int, int]] = {"live": ("minutes", 1, 180), "fast": ("hours", 1, 72),
                                             "daily": ("days", 1, 30)}
BANK_MOST = 60 * DAY  # the largest initial bank, and the largest increment is half of it
LEASE = 60  # seconds a claimed time-out waits before another sweep finishes it (the claimer died)

Interval = tuple[float, float]  # a vacation: (start, end), seconds since the epoch


class FakeClock:
    """A clock that moves only when told (tests): `clock()` is the time, `advance(seconds)` moves it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@dataclass(frozen=True, slots=True)
class Pace:
    """A match's pace: seconds per move (`per_move`) or a bank (`initial` + `increment` per move);
    what a time-out does (`on_timeout`: "lose", the seat leaves the match, or "bot", a bot sits in);
    whether the timed-out player may take the seat back (`take_back`); the bot that sits in."""

    kind: str
    per_move: float = 0.0
    initial: float = 0.0
    increment: float = 0.0
    on_timeout: str = "lose"
    take_back: bool = False
    bot: str | None = None

    @property
    def period(self) -> float:
        """The time a seat has when its turn starts afresh (a bank: the initial amount)."""
        return self.initial if self.kind == "bank" else self.per_move

    def to_text(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str | None) -> Pace | None:
        return _pace_of(text) if text else None

    def public(self) -> dict[str, object]:
        return _public(self)


@functools.lru_cache(maxsize=256)
def _pace_of(text: str) -> Pace:
    """A stored pace, read once per distinct text (every action of a clocked match reads it)."""
    return Pace(**json.loads(text))


@functools.lru_cache(maxsize=256)
def _public(pace: Pace) -> dict[str, object]:
    return asdict(pace)  # shared: the state objects only encode it


def _number(body: Mapping[str, object], name: str) -> float | None:
    value = body.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"pace: {name} must be a number")
    return float(value)


def parse_pace(body: Mapping[str, object] | None, roles: int, default: str = "none") -> Pace | None:
    """The pace a creator asks for (None: no clock); ValueError with a one-line message if it is
    not one. Without a body, the operator's `default` (`parse_spec`)."""
    if body is None:
        return parse_spec(default, roles)
    known = {"kind", "per_move", "initial", "increment", "unit", "on_timeout", "take_back", "bot"}
    unknown = sorted(str(k)[:32] for k in body if k not in known)
    if unknown:
        raise ValueError(f"pace: unknown field {unknown[0]!r}; fields: {', '.join(sorted(known))}")
    kind = body.get("kind", "none")
    if kind not in KINDS:
        raise ValueError(f"pace: kind must be one of {', '.join(KINDS)}")
    if kind == "none":
        return None
    rule = body.get("on_timeout", "lose" if roles == 2 else "bot")
    if rule not in RULES:
        raise ValueError("pace: on_timeout must be lose or bot")
    take_back = body.get("take_back", False)
    if not isinstance(take_back, bool):
        raise ValueError("pace: take_back must be true or false")
    if take_back and rule != "bot":
        raise ValueError("pace: take_back needs on_timeout bot (a seat that lost does not come back)")
    bot = body.get("bot")
    if bot is not None and (not isinstance(bot, str) or not bot or len(bot) > 64):
        raise ValueError("pace: bot must be a bot's name")
    common = {"on_timeout": str(rule), "take_back": take_back, "bot": bot}
    if kind in PER_MOVE:
        unit, fewest, most = PER_MOVE[str(kind)]
        amount = _number(body, "per_move")
        if amount is None:
            raise ValueError(f"pace: {kind} needs per_move ({unit} per move, {fewest}-{most})")
        if not fewest <= amount <= most:
            raise ValueError(f"pace: per_move must be {fewest}-{most} {unit} for a {kind} pace")
        if body.get("initial") is not None or body.get("increment") is not None:
            raise ValueError("pace: initial and increment are for a bank pace")
        return Pace(str(kind), per_move=amount * UNITS[unit], **common)  # type: ignore[arg-type]
    bank_unit = body.get("unit", "days")
    if bank_unit not in UNITS:
        raise ValueError("pace: unit must be minutes, hours or days")
    initial = _number(body, "initial")
    increment = _number(body, "increment") or 0.0
    if initial is None:
        raise ValueError(f"pace: bank needs initial ({bank_unit}) and increment ({bank_unit} per move)")
    initial, increment = initial * UNITS[str(bank_unit)], increment * UNITS[str(bank_unit)]
    if not MINUTE <= initial <= BANK_MOST:
        raise ValueError("pace: initial must be between 1 minute and 60 days")
    if not 0 <= increment <= BANK_MOST / 2:
        raise ValueError("pace: increment must be between 0 and 30 days")
    if body.get("per_move") is not None:
        raise ValueError("pace: per_move is for a live, fast or daily pace")
    return Pace("bank", initial=initial, increment=increment, **common)  # type: ignore[arg-type]


def parse_spec(spec: str, roles: int) -> Pace | None:
    """An operator's pace in one word (AGON_DEFAULT_PACE): none, live:10, fast:4, daily:1, or
    bank:3d+1d (units m, h, d); ValueError if it is not one."""
    kind, _, amount = spec.strip().partition(":")
    if kind in ("", "none"):
        return None
    if kind in PER_MOVE:
        try:
            return parse_pace({"kind": kind, "per_move": int(amount)}, roles)
        except ValueError as err:
            raise ValueError(f"default pace {spec!r}: {err}") from None
    if kind == "bank":
        suffix = {"m": MINUTE, "h": HOUR, "d": DAY}
        first, _, second = amount.partition("+")
        try:
            initial = float(first[:-1]) * suffix[first[-1]]
            increment = float(second[:-1]) * suffix[second[-1]] if second else 0.0
        except (KeyError, ValueError, IndexError):
            raise ValueError(f"default pace {spec!r}: write bank:INITIAL+INCREMENT, e.g. bank:3d+1d") from None
        return parse_pace({"kind": "bank", "initial": initial / MINUTE, "increment": increment / MINUTE,
                           "unit": "minutes"}, roles)
    raise ValueError(f"default pace {spec!r}: one of none, live:MINUTES, fast:HOURS, daily:DAYS, bank:3d+1d")


# -- the clocks -------------------------------------------------------------------------------------

SeatClock = dict[str, float | int | bool | None]  # {"left", "since", "sent", "out"}
Clocks = dict[str, SeatClock]


def load_clocks(text: str | None) -> Clocks:
    return json.loads(text) if text else {}


def dump_clocks(clocks: Clocks) -> str:
    return json.dumps(clocks, separators=(",", ":"), sort_keys=True)


def charged(since: float, now: float, away: Iterable[Interval]) -> float:
    """The seconds from `since` to `now` that count: those outside the vacations."""
    overlap = sum(max(0.0, min(end, now) - max(start, since)) for start, end in away)
    return max(0.0, now - since - overlap)


def deadline(since: float, left: float, away: Iterable[Interval]) -> float:
    """When a clock running from `since` with `left` seconds runs out, the vacations not counted."""
    at, rest = since, left
    for start, end in sorted(away):
        if end <= at:
            continue
        if start > at:
            if start - at >= rest:
                break
            rest -= start - at
        at = end
    return at + rest


def reminder_offsets(pace: Pace, day_offsets: Iterable[float]) -> list[float]:
    """The times before a deadline at which a seat is reminded, largest first: the operator's
    offsets for a day-long move (e.g. 24 h and 1 h), scaled down for a pace whose moves are shorter."""
    scale = min(1.0, pace.period / DAY)
    return sorted((offset * scale for offset in day_offsets), reverse=True)


@dataclass(frozen=True, slots=True)
class Reminder:
    """A seat's time runs out in `left_seconds` (at `deadline`): remind its player."""

    match_id: str
    role: str
    left_seconds: float
    deadline: float
    account_id: int | None


@dataclass(frozen=True, slots=True)
class TimeOut:
    """A seat's time ran out; `rule` is what happens to it ("lose" or "bot")."""

    match_id: str
    role: str
    rule: str
    account_id: int | None


# Listeners, called once per reminder or time-out by the process that claimed it (the notification
# queue hooks in here); a listener that raises is logged and does not stop the others.
on_reminder: list[Callable[[Reminder], None]] = []
on_time_out: list[Callable[[TimeOut], None]] = []


@dataclass(frozen=True, slots=True)
class Due:
    """A clock event due now: a reminder or a time-out of `role`."""

    role: str
    kind: Literal["reminder", "time-out"]
    due: float
    left: float


def _fresh(pace: Pace) -> SeatClock:
    return {"left": pace.period, "since": None, "sent": 0, "out": False}


def start_clocks(pace: Pace, humans: Iterable[str], active: Iterable[str], now: float,
                 offsets: list[float]) -> Clocks:
    """The clocks of a new match: every human seat full, those that must act running."""
    moving = set(active)
    clocks: Clocks = {}
    for role in humans:
        clock = _fresh(pace)
        if role in moving:
            _start(clock, now, offsets)
        clocks[role] = clock
    return clocks


def _start(clock: SeatClock, now: float, offsets: list[float]) -> None:
    clock["since"] = now
    # reminders meant for more time than the seat has now are past already
    clock["sent"] = sum(1 for offset in offsets if offset >= float(clock["left"] or 0.0))


def advance(pace: Pace, clocks: Clocks, humans: Iterable[str], active: Iterable[str], actor: str | None,
            over: bool, now: float, away: Callable[[str], list[Interval]], offsets: list[float]) -> Clocks:
    """The clocks after `actor` acted (None: no one, e.g. a seat changed hands): each running clock
    charged up to now; the actor's period starts again (per move) or gains its increment (bank);
    the human seats that must act now run, the others stop."""
    moving = set(active) if not over else set()
    out: Clocks = {}
    for role in humans:
        clock = dict(clocks.get(role) or _fresh(pace))
        if clock["out"]:
            out[role] = clock
            continue
        was_running = clock["since"] is not None
        if was_running:
            clock["left"] = float(clock["left"] or 0.0) - charged(float(clock["since"] or 0.0), now, away(role))
            clock["since"] = None
        if role == actor:
            clock["left"] = pace.per_move if pace.kind != "bank" else float(clock["left"] or 0.0) + pace.increment
        elif role in moving and not was_running and pace.kind != "bank":
            clock["left"] = pace.per_move  # a new turn: a whole period
        if role in moving:
            restarted = role == actor or not was_running
            clock["since"] = now
            if restarted:
                _start(clock, now, offsets)
        out[role] = clock
    return out


def seat_deadline(clock: SeatClock, away: list[Interval]) -> float | None:
    """When this seat's time runs out (None: its clock does not run)."""
    if clock["out"] or clock["since"] is None:
        return None
    return deadline(float(clock["since"]), float(clock["left"] or 0.0), away)


def next_event(clocks: Clocks, away: Callable[[str], list[Interval]], offsets: list[float]) -> int | None:
    """When the sweep must look at the match next: the earliest reminder or deadline (whole
    seconds, rounded up; None: no clock runs)."""
    times = []
    for role, clock in clocks.items():
        end = seat_deadline(clock, away(role))
        if end is None:
            continue
        sent = int(clock["sent"] or 0)
        times.append(end - offsets[sent] if sent < len(offsets) else end)
    return math.ceil(min(times)) if times else None


def due_events(clocks: Clocks, now: float, away: Callable[[str], list[Interval]],
               offsets: list[float]) -> tuple[Clocks, list[Due]]:
    """The reminders and time-outs due at `now`, and the clocks with them handled (a timed-out
    seat's clock is stopped at 0 and marked out). Of several reminders due at once (the server
    was down), only the last is sent."""
    out: Clocks = {}
    events: list[Due] = []
    for role, original in clocks.items():
        clock = dict(original)
        end = seat_deadline(clock, away(role))
        if end is not None and now >= end:
            events.append(Due(role, "time-out", end, 0.0))
            clock.update(left=0.0, since=None, out=True)
        elif end is not None:
            sent = int(clock["sent"] or 0)
            reminded = None
            while sent < len(offsets) and now >= end - offsets[sent]:
                reminded = end - offsets[sent]
                sent += 1
            if reminded is not None:
                events.append(Due(role, "reminder", reminded, end - now))
                clock["sent"] = sent
        out[role] = clock
    return out, events


def seat_views(clocks: Clocks, now: float, away: Callable[[str], list[Interval]]) -> dict[str, dict[str, object]]:
    """What the state object shows of each seat's clock: the seconds it had left when it last
    started or stopped (`left`), whether it runs now, its deadline (seconds since the epoch; a
    running clock has `deadline - now` left: a page counts down to it), vacation, time-out. Built
    once per version (the state objects are cached), so nothing here depends on the time but
    the vacation flag."""
    views: dict[str, dict[str, object]] = {}
    for role, clock in clocks.items():
        intervals = away(role)
        end = seat_deadline(clock, intervals)
        on_vacation = any(start <= now < stop for start, stop in intervals)
        views[role] = {"left": round(float(clock["left"] or 0.0), 1), "running": end is not None and not on_vacation,
                       "deadline": round(end, 1) if end is not None else None, "vacation": on_vacation,
                       "timed_out": bool(clock["out"])}
    return views


@dataclass
class ClockSettings:
    """The operator's clock settings (`agon serve`: AGON_CLOCK_* variables, docs/server.md)."""

    sweep_seconds: float = 15.0  # how often passed deadlines and due reminders are looked for (0: at start only)
    reminders: tuple[float, ...] = (DAY, HOUR)  # before a day-long move's deadline; scaled for faster paces
    vacation_days: float = 30.0  # vacation an account may take per calendar year
    default_pace: str = "none"  # matches with two human seats or more, created without a pace
    now: Callable[[], float] = field(default=time.time)  # the server's one clock (tests: FakeClock)


def parse_reminders(spec: str) -> tuple[float, ...]:
    """The operator's reminder times (AGON_CLOCK_REMINDERS), e.g. "24h,1h" or "30m" (units s, m,
    h, d; empty: no reminders); ValueError (one line) if it is not that."""
    suffix = {"s": 1.0, "m": MINUTE, "h": HOUR, "d": DAY}
    times = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        try:
            amount = float(part[:-1]) * suffix[part[-1]]
        except (KeyError, ValueError):
            raise ValueError(f"reminders {spec!r}: write times before the deadline like 24h,1h (units s, m, h, d)") from None
        if not 0 < amount <= 30 * DAY:
            raise ValueError(f"reminders {spec!r}: each time must be above 0 and at most 30 days")
        times.append(amount)
    return tuple(sorted(times, reverse=True))
