"""The routes of leaving a seat, results and ratings (issue 30): resign, abandon, the players'
profiles (`/players/{name}`, `/api/players/{name}`) and the ratings of a match's seats.

A seat is left by its token (Authorization: Bearer) or by the account holding it (the session
cookie, with the session's CSRF token in `X-CSRF-Token`). Profiles are public: names, ratings,
rated matches; never a token, an e-mail address or a password hash.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from agon.server import ratings
from agon.server.api import ERRORS_DOC, JSON, STATE_DOC, Bearer, _page, seat_writer
from agon.server.matches import ApiError, Live, token_hash
from agon.server.results import LeaveReason
from agon.server.seat_leave import check_leave, leave_seat

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(tags=["results"])
pages = APIRouter(include_in_schema=False)


def _ctx(request: Request) -> Context:
    return request.app.state.agon


def holder(live: Live, token: str | None, account: int | None) -> str | None:
    """The role this token or account holds in the match, seats left included (None: no seat)."""
    if token is not None:
        wanted = token_hash(token)
        found = None
        for seat in live.row.seats.values():  # every seat compared, in constant time each
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                found = seat.role
        return found
    return next((s.role for s in live.row.seats.values() if account is not None and s.account_id == account), None)


async def _leave(request: Request, match_id: str, role: str, authorization: str | None, reason: LeaveReason) -> Response:
    ctx = _ctx(request)
    token, account = await seat_writer(ctx, request, authorization, "leaving a seat", "its token")
    live = await ctx.run(ctx.matches.get, match_id)
    if role not in live.row.seats:
        raise ApiError(404, f"no seat {role[:64]!r} in this match")
    held = holder(live, token, account)
    if held is None:
        if token is not None:
            if await ctx.run(ctx.matches.store.seat_by_token_hash, token_hash(token)) is not None:
                raise ApiError(403, "this token is a seat of another match")
            raise ApiError(401, "unknown token")
        raise ApiError(403, "you hold no seat in this match")
    if held != role:
        raise ApiError(403, f"you hold the seat {held}, not {role[:64]}")
    check_leave(live, role)  # the clear refusals before the lock (leave_seat checks again under it)
    live = await ctx.run(leave_seat, ctx.matches, match_id, role, reason)
    ctx.changed(match_id)
    ctx.kick(match_id)
    data = await ctx.run(ctx.matches.push_for, match_id, None, None)
    return Response(data.data, media_type="application/json")


@router.post("/api/matches/{match_id}/seats/{role}/resign", responses={**STATE_DOC, **ERRORS_DOC})
async def resign(match_id: str, role: str, request: Request, authorization: Bearer = None) -> Response:
    """The player of this seat resigns. A two-player game ends at once (the other wins); a larger
    one goes on with the game's successor in the seat (Cuba Libre: the faction's Non-player). The
    answer is the match as a spectator sees it (the seat is no one's now)."""
    return await _leave(request, match_id, role, authorization, "resigned")


@router.post("/api/matches/{match_id}/seats/{role}/abandon", responses={**STATE_DOC, **ERRORS_DOC})
async def abandon(match_id: str, role: str, request: Request, authorization: Bearer = None) -> Response:
    """The player of this seat leaves the match without resigning (the result says "abandoned"):
    what follows is as for resigning."""
    return await _leave(request, match_id, role, authorization, "abandoned")


# -- ratings and profiles ----------------------------------------------------------------------------


def _player_key(ctx: Context, name: str) -> tuple[str, str] | None:
    """(rating key, name shown) of a player: an account by its name, a bot as `bot:NAME`."""
    if name.startswith("bot:"):
        return ratings.bot_key(name[4:]), name[4:]
    found = ctx.accounts.id_of_name(name) if 0 < len(name) <= 64 else None
    if found is None:
        return None
    return f"a:{found}", ratings.names_of(ctx.matches.store, {f"a:{found}"}).get(f"a:{found}", name)


def _profile(ctx: Context, name: str) -> dict[str, Any]:
    key = _player_key(ctx, name)
    if key is None:
        raise ApiError(404, f"no player named {name[:64]!r}")
    found = ratings.profile(ctx.matches.store, *key)
    if found["bot"] and not found["games"]:
        raise ApiError(404, f"no rated bot named {name[4:68]!r}")
    for entry in found["history"]:  # each match's page, at the public URL
        entry["url"] = ctx.matches.link(entry["url"])
    return found


@router.get("/api/players/{name}", responses=ERRORS_DOC)
async def player(name: str, request: Request) -> JSON:
    """A player's profile: per game the rating (`rating`, the ordinal mu - 3 sigma on the scale of
    docs/server.md, with `mu` and `sigma`), games played and won; the rated matches, newest first,
    each with the opponents, the place and the rating change. A bot is `bot:NAME`
    (`bot:ismcts:seconds=1`)."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    return JSON(await ctx.run(_profile, ctx, name))


def _seat_ratings(ctx: Context, match_id: str) -> dict[str, Any]:
    live = ctx.matches.get(match_id)
    keys = {role: ratings.player_key(seat) for role, seat in live.row.seats.items()}
    known = {k for k in keys.values() if k is not None}
    names = ratings.names_of(ctx.matches.store, known)
    rated = ratings.ratings_of(ctx.matches.store, live.row.game, sorted(known))
    seats = {}
    for role, key in keys.items():
        seat = live.row.seats[role]
        if key is None:
            seats[role] = {"kind": "guest" if seat.kind == "human" else "bot", "name": None, "rating": None,
                           "profile": None}
            continue
        shown = names.get(key, "?")
        seats[role] = {"kind": "bot" if key.startswith("b:") else "account", "name": shown,
                       "rating": rated.get(key, {}).get("rating"),
                       "profile": f"/players/{'bot:' if key.startswith('b:') else ''}{shown}"}
    return {"rated": live.row.rated, "seats": seats}


@router.get("/api/matches/{match_id}/players", responses=ERRORS_DOC)
async def match_players(match_id: str, request: Request) -> JSON:
    """Who plays each seat and their rating in this game: `{"rated", "seats": {role: {"kind": "account" |
    "bot" | "guest", "name", "rating", "profile"}}}` (a guest has no name and no rating)."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    return JSON(await ctx.run(_seat_ratings, ctx, match_id))


@pages.get("/players/{name}")
async def player_page(name: str, request: Request) -> Response:
    return _page(request, "player.html")
