"""The routes of a match's chat (issue 30; `agon.server.chat` says who reads and writes what).

A seat speaks by its token (`Authorization: Bearer TOKEN`) or, held by an account, by the session
cookie; a write by the cookie needs the session's CSRF token (`X-CSRF-Token`), as every other.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Query, Request
from pydantic import Field, StrictBool, StrictStr

from agon.server.accounts import CSRF_HEADER, csrf_ok, session_of
from agon.server.api import ERRORS_DOC, JSON, Bearer, Strict, bearer
from agon.server.chat import MAX_LENGTH, announce
from agon.server.matches import ApiError

if TYPE_CHECKING:
    from agon.server.app import Context

log = logging.getLogger("agon.server")

router = APIRouter(tags=["chat"])

MESSAGE_EXAMPLE = {"id": 7, "channel": "players", "role": "democrat", "name": "ada", "text": "good luck!",
                   "at": 1765000000}


class ChatPost(Strict):
    text: StrictStr = Field(max_length=8 * MAX_LENGTH, examples=["good luck!"],
                            description=f"1 to {MAX_LENGTH} characters, no control characters")
    channel: StrictStr | None = Field(None, max_length=16, examples=["players"],
                                      description='"players" (a seat) or "spectators" (a logged-in spectator); '
                                                  "omitted: the one you write in")


class MuteBody(Strict):
    role: StrictStr = Field(max_length=64, examples=["communist"], description="another seat of this match")
    muted: StrictBool = Field(True, description="false: unmute")


def _ctx(request: Request) -> Context:
    return request.app.state.agon


async def _asker(ctx: Context, request: Request, authorization: str | None, write: bool) -> tuple[str | None, int | None]:
    """(token, account) of the request: the seat's token, else the logged-in account (a write by
    the cookie needs its CSRF token), else neither (a guest spectator); its request is charged."""
    token = bearer(authorization)
    account = None
    if token is None and "cookie" in request.headers:
        session = await session_of(ctx, request.cookies)
        if session is not None:
            if write and not csrf_ok(session, request.headers.get(CSRF_HEADER)):
                raise ApiError(403, "writing in the chat by your log-in needs the session's CSRF token in X-CSRF-Token")
            account = session.account_id
    ctx.limit(token, request, account)
    return token, account


@router.get("/api/matches/{match_id}/chat", responses={200: {"content": {"application/json": {"example": {
    "messages": [MESSAGE_EXAMPLE], "last": 7, "more": False, "role": "democrat", "reads": ["players"],
    "writes": "players", "muted": [], "max_length": MAX_LENGTH}}}}, **ERRORS_DOC})
async def read_chat(match_id: str, request: Request, authorization: Bearer = None,
                    since: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0) -> JSON:
    """The messages after id `since` (oldest first, at most 200: ask again from `last` while
    `more`) in the channels you read (`reads`), without those of the seats you muted; `writes`:
    the channel you write in (null: a guest spectator, who reads only)."""
    ctx = _ctx(request)
    token, account = await _asker(ctx, request, authorization, write=False)
    answer = await ctx.run(ctx.chat.read, match_id, token, account, since)
    if token is not None:
        ctx.limits.trust(token)
    return JSON(answer)


@router.post("/api/matches/{match_id}/chat", status_code=201, responses={201: {"content": {"application/json": {
    "example": {"message": MESSAGE_EXAMPLE}}}}, **ERRORS_DOC})
async def post_chat(match_id: str, body: ChatPost, request: Request, authorization: Bearer = None) -> JSON:
    """One message: a seat's in the players' channel, a logged-in spectator's in the spectators'.
    It reaches the match's open pages at once (`{"chat": [message]}` on the websocket)."""
    ctx = _ctx(request)
    token, account = await _asker(ctx, request, authorization, write=True)
    message, over = await ctx.run(ctx.chat.post, match_id, token, account, body.text, body.channel)
    ctx.chat.deliver(ctx.hub, message, over)
    ctx.store.notify(f"{match_id}:chat:{message.id}:{ctx.origin}")  # the sockets of the other processes
    announce(message)
    if message.channel == "players" and message.role is not None:  # the other players are told who wrote (issue 31)
        live = ctx.matches.cached(match_id)
        who = message.name or (live.state.game.role_name(message.role) if live is not None else None)
        ctx.notifier.chat_message(match_id, message.role, who=who)
    return JSON({"message": message.public()}, status_code=201)


@router.post("/api/matches/{match_id}/chat/mutes", responses={200: {"content": {"application/json": {
    "example": {"muted": ["communist"]}}}}, **ERRORS_DOC})
async def mute(match_id: str, body: MuteBody, request: Request, authorization: Bearer = None) -> JSON:
    """Your seat mutes (`muted`: true) or unmutes another seat of the match: its messages are left
    out of what you read and are pushed, on every device. The answer: the seats you mute now."""
    ctx = _ctx(request)
    token, account = await _asker(ctx, request, authorization, write=True)
    muted = await ctx.run(ctx.chat.mute, match_id, token, account, body.role, body.muted)
    ctx.store.notify(f"{match_id}:chatmutes")
    return JSON({"muted": muted})


def remote_chat(ctx: Context, match_id: str, rest: str) -> None:
    """A NOTIFY of the chat from a process of the same database: `chat:ID:ORIGIN`, a message
    stored (pushed here to this process's sockets), or `chatmutes` (read this match's again)."""
    if rest == "chatmutes":
        ctx.chat.forget_mutes(match_id)
        return
    _, message_id, origin = [*rest.split(":"), "", ""][:3]
    if origin == ctx.origin or not message_id.isdigit() or match_id not in ctx.hub.subscribers:
        return  # our own, or nobody here listens to that match
    task = asyncio.get_running_loop().create_task(_deliver_remote(ctx, int(message_id)))
    ctx.tasks.add(task)
    task.add_done_callback(ctx.tasks.discard)


async def _deliver_remote(ctx: Context, message_id: int) -> None:
    try:
        found = await ctx.run(ctx.chat.message, message_id)
    except Exception as err:  # the database went away: the pages read what they missed when they reconnect
        log.warning("agon: a chat message from another process was not pushed (%s)", " ".join(str(err).split())[:200])
        return
    if found is not None:
        ctx.chat.deliver(ctx.hub, *found)
