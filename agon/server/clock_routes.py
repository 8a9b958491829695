"""The routes of the clocks (issue 31): a timed-out player takes their seat back; an account's
vacation (start, stop, how much is left this year).

- `POST /api/matches/{id}/take-back`: the seat of this token (or of the logged-in account, with
  its CSRF token) was handed to a bot when its time ran out, and the match's creator allowed
  taking seats back (`pace.take_back`): the seat is human again, with a fresh period on its clock.
- `GET /api/me/vacation`, `POST /api/me/vacation` {"days": N}, `DELETE /api/me/vacation`: while
  an account is on vacation, the clocks of the seats it holds do not run; it may take
  `vacation_days` a calendar year (the operator's setting), and a vacation ends by itself when
  they are spent.
"""

from __future__ import annotations

import dataclasses
import math
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from pydantic import Field

from agon.server.account_routes import reader, writer
from agon.server.api import ERRORS_DOC, JSON, Bearer, Strict, bearer
from agon.server.clock_store import ClockStore, Vacation
from agon.server.clocks import DAY, Pace, advance, dump_clocks, load_clocks
from agon.server.matches import ApiError

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(tags=["clocks"])


def _ctx(request: Request) -> Context:
    return request.app.state.agon


class VacationBody(Strict):
    days: float = Field(strict=True, examples=[7], description="the longest it may last, in days (it can be "
                                                                    "stopped sooner); at most the days left this year")


# -- take-back ------------------------------------------------------------------------------------


@router.post("/api/matches/{match_id}/take-back", responses=ERRORS_DOC)
async def take_back(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """Take back the seat a bot plays since its time ran out (if the match's creator allowed it)."""
    ctx = _ctx(request)
    token = bearer(authorization)
    account = None
    if token is None:
        account = (await writer(ctx, request)).account_id
    ctx.limit(token, request, account)
    role = await ctx.run(take_seat_back, ctx, match_id, token, account)
    ctx.changed(match_id)
    ctx.store.notify(f"{match_id}:seats")
    return JSON({"ok": True, "role": role})


def take_seat_back(ctx: Context, match_id: str, token: str | None, account: int | None) -> str:
    matches = ctx.matches
    with matches.lock(match_id):
        live = matches._sync(match_id, fresh=True)
        role = matches.seat_role(live, token, account)
        if role is None:
            raise ApiError(403, "you hold no seat in this match")
        pace = Pace.from_text(live.row.pace)
        clocks = load_clocks(live.row.clocks)
        seat = live.row.seats[role]
        if pace is None or seat.kind != "bot" or not (clocks.get(role) or {}).get("out"):
            raise ApiError(409, "your seat is not played by a bot after a time-out")
        if not pace.take_back:
            raise ApiError(403, "the creator of this match did not allow taking a seat back")
        if live.state.is_over:
            raise ApiError(409, "the game is over")
        clocks[role] = {**clocks[role], "left": pace.period, "since": None, "sent": 0, "out": False}
        keeper = matches.keeper
        away = keeper.away_of(live.row)
        humans = [r for r, s in live.row.seats.items() if s.kind == "human" or r == role]
        moved = advance(pace, clocks, humans, live.state.active, None, False, keeper.now(),
                        lambda r: away.get(r, []), keeper.offsets(pace))
        clocks.update(moved)
        row = dataclasses.replace(live.row, seats={**live.row.seats, role: dataclasses.replace(seat, kind="human",
                                                                                                bot=None)})
        upcoming = keeper.upcoming(row, clocks)
        text = dump_clocks(clocks)
        if not ClockStore(ctx.store).hand_seat(match_id, role, "human", None, "bot", text, upcoming):
            raise ApiError(409, "the seat changed meanwhile; try again")
        live.row = dataclasses.replace(row, clocks=text, next_event=upcoming)
        live.shown = None
        return role


# -- vacations ------------------------------------------------------------------------------------


def year_start(now: float) -> float:
    moment = datetime.fromtimestamp(now, UTC)
    return datetime(moment.year, 1, 1, tzinfo=UTC).timestamp()


def vacation_status(vacations: list[Vacation], now: float, allowance_days: float) -> dict[str, object]:
    """What the account page shows: whether a vacation is under way and until when, and the days
    used and left this calendar year (UTC)."""
    since = year_start(now)
    used = sum(max(0.0, min(v.end, now) - max(v.started, since)) for v in vacations)
    current = next((v for v in vacations if v.started <= now < v.end), None)
    left = max(0.0, allowance_days * DAY - used)
    return {"on": current is not None, "started": current.started if current else None,
            "ends": current.end if current else None, "allowance_days": allowance_days,
            "used_days": round(used / DAY, 2), "left_days": round(left / DAY, 2)}


async def _account(ctx: Context, request: Request) -> int:
    return (await reader(ctx, request)).account_id


@router.get("/api/me/vacation", responses=ERRORS_DOC)
async def get_vacation(request: Request) -> JSON:
    """Whether the account is on vacation, and the vacation days used and left this year."""
    ctx = _ctx(request)
    account = await _account(ctx, request)
    vacations = await ctx.run(ClockStore(ctx.store).vacations_of, account)
    return JSON(vacation_status(vacations, ctx.keeper.now(), ctx.keeper.settings.vacation_days))


@router.post("/api/me/vacation", responses=ERRORS_DOC)
async def start_vacation(body: VacationBody, request: Request) -> JSON:
    """Start a vacation of at most `days` days: the clocks of the account's seats stop."""
    ctx = _ctx(request)
    account = (await writer(ctx, request)).account_id
    store = ClockStore(ctx.store)
    now = ctx.keeper.now()
    status = vacation_status(await ctx.run(store.vacations_of, account), now, ctx.keeper.settings.vacation_days)
    left = float(status["left_days"])  # type: ignore[arg-type]
    if not math.isfinite(body.days) or body.days <= 0:
        raise ApiError(400, "days must be a number above 0")
    if status["on"]:
        raise ApiError(409, "you are on vacation already")
    if left <= 0:
        raise ApiError(409, "no vacation days are left this year")
    if body.days > left:
        raise ApiError(400, f"days must be at most {left:g} (the vacation days left this year)")
    if not await ctx.run(store.start_vacation, account, now, now + body.days * DAY):
        raise ApiError(409, "you are on vacation already")
    return JSON(await _refresh(ctx, store, account, now))


@router.delete("/api/me/vacation", responses=ERRORS_DOC)
async def stop_vacation(request: Request) -> JSON:
    """Stop the vacation under way: the clocks of the account's seats run again."""
    ctx = _ctx(request)
    account = (await writer(ctx, request)).account_id
    store = ClockStore(ctx.store)
    now = ctx.keeper.now()
    if not await ctx.run(store.stop_vacation, account, now):
        raise ApiError(409, "you are not on vacation")
    return JSON(await _refresh(ctx, store, account, now))


async def _refresh(ctx: Context, store: ClockStore, account: int, now: float) -> dict[str, object]:
    """This process's copy of the account's vacations, and what the page shows of them."""
    vacations = await ctx.run(store.vacations_of, account)
    ctx.keeper.set_account_away(account, [(v.started, v.end) for v in vacations])
    for match_id, _role in await ctx.run(ctx.store.matches_of_account, account):
        live = ctx.matches.cached(match_id)
        if live is not None:
            live.shown = None  # its state objects show the clocks: build them again
            ctx.changed(match_id)
    return vacation_status(vacations, now, ctx.keeper.settings.vacation_days)
