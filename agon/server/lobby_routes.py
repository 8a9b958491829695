"""The routes of the lobby and of rematches (issue 30; the logic: `agon.server.lobby`).

A write by the session cookie needs the session's CSRF token (`X-CSRF-Token`); a rematch is
answered by a seat's token (`Authorization: Bearer`) or by the log-in that holds the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Query, Request

from agon.server.account_routes import NOT_LOGGED_IN, writer
from agon.server.accounts import session_of
from agon.server.api import ERRORS_DOC, JSON, Bearer, bearer
from agon.server.matches import ApiError

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(tags=["lobby"])

LOBBY_EXAMPLE = {
    "open": [{"id": "k3J9x0aB2cDe", "game": "dual-powers", "title": "Dual Powers", "options": {"players": 2},
              "language": "el", "created": 1796000000, "url": "/m/k3J9x0aB2cDe", "free": ["white"],
              "seats": [{"role": "red", "name": "Petrograd Soviet (Red)", "kind": "human", "bot": None,
                         "account": "ada", "open": False, "rating": None},
                        {"role": "white", "name": "Provisional Government (White)", "kind": "human", "bot": None,
                         "account": None, "open": True, "rating": None}]}],
    "playing": [], "page": 0, "more": False}


def _ctx(request: Request) -> Context:
    return request.app.state.agon


@router.get("/api/lobby", responses={200: {"content": {"application/json": {"example": LOBBY_EXAMPLE}}},
                                     400: ERRORS_DOC[400]})
async def lobby_list(request: Request, game: Annotated[str | None, Query(max_length=64)] = None,
                     language: Annotated[str | None, Query(max_length=8)] = None,
                     page: Annotated[int, Query()] = 0) -> JSON:
    """Public matches not over, newest first, 20 of each list a page: `open` (with open seats, to
    join with one click) and `playing` (every seat held: to watch). Filters: `game` (an id) and
    `language` (the table language: en, el, hu). Each seat says who holds it (`account`: a name;
    null with `open` false: a guest) and `rating`, null until ratings fill it. Private matches are
    never listed."""
    ctx = _ctx(request)
    return JSON(await ctx.run(ctx.lobby.listing, game, language, page))


@router.get("/api/lobby/matches/{match_id}", responses=ERRORS_DOC)
async def lobby_entry(match_id: str, request: Request) -> JSON:
    """One match as the lobby shows it, by its id (how the page of a private match, reached by
    its link, finds its open seats)."""
    ctx = _ctx(request)
    return JSON(await ctx.run(ctx.lobby.entry, match_id[:64]))


@router.post("/api/matches/{match_id}/seats/{role}/take", responses=ERRORS_DOC)
async def take_seat(match_id: str, role: str, request: Request) -> JSON:
    """The logged-in account takes this open seat (one seat of a match per account); it plays it
    by its log-in from now on, on any device."""
    ctx = _ctx(request)
    session = await writer(ctx, request)
    ctx.limit(None, request, session.account_id)
    await ctx.run(ctx.lobby.take, match_id[:64], role[:64], session.account_id)
    ctx.store.notify(f"{match_id}:seats")
    ctx.changed(match_id)
    return JSON({"id": match_id, "role": role, "url": ctx.matches.link(f"/m/{match_id}")})


async def _seat(ctx: Context, request: Request, authorization: str | None, write: bool) -> tuple[str | None, int | None]:
    """Who asks: a seat's token, else the logged-in account (a write: with its CSRF token)."""
    token = bearer(authorization)
    if token is not None:
        ctx.limit(token, request)
        return token, None
    session = await writer(ctx, request) if write else await session_of(ctx, request.cookies)
    account = session.account_id if session is not None else None
    ctx.limit(None, request, account)
    return None, account


@router.get("/api/matches/{match_id}/rematch", responses=ERRORS_DOC)
async def rematch_status(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """The rematch of a finished match: who offered it, who accepted, who is awaited, whether one
    declined, and once it has started its id; to a seat that accepted, `your_seat` (for a guest's
    seat, its token in the rematch: only the page holding the old seat's token is given it)."""
    ctx = _ctx(request)
    token, account = await _seat(ctx, request, authorization, write=False)
    return JSON(await ctx.run(ctx.lobby.rematch_status, match_id[:64], token, account))


@router.post("/api/matches/{match_id}/rematch", responses=ERRORS_DOC)
async def rematch_accept(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """Offer a rematch at game over, or accept the one offered; when every person has accepted
    (bots accept by themselves) the new match starts."""
    return await _answer(match_id, request, authorization, True)


@router.post("/api/matches/{match_id}/rematch/decline", responses=ERRORS_DOC)
async def rematch_decline(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """Decline the rematch offered: it will not start."""
    return await _answer(match_id, request, authorization, False)


async def _answer(match_id: str, request: Request, authorization: str | None, accept: bool) -> JSON:
    ctx = _ctx(request)
    token, account = await _seat(ctx, request, authorization, write=True)
    if token is None and account is None:
        raise ApiError(401, NOT_LOGGED_IN)
    status = await ctx.run(ctx.lobby.answer, match_id[:64], token, account, accept)
    if accept and status["offered_by"] == status["role"] and status["rematch"] is None:
        ctx.notifier.rematch_offered(match_id[:64], status["role"])  # the offer: the other people are told (issue 31)
    if status["rematch"] is not None:
        ctx.kick(status["rematch"]["id"])  # its bots may move first
    return JSON(status)
