"""The HTTP and websocket routes. Every body is a pydantic model; every error is {"error": "..."}.

Paths and fields are the contract the web page and outside checks use (see the OpenAPI schema
at /docs). Tokens travel only in the Authorization header or the websocket's first message.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, PlainTextResponse, Response
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agon.engine import UnknownGame, load
from agon.engine.position import FORMAT as POSITION_FORMAT
from agon.i18n import catalogue_json, check_language
from agon.server import lobby
from agon.server.accounts import CSRF_HEADER, csrf_ok, session_of
from agon.server.encode import dumps
from agon.server.faults import RETRY_AFTER, UNAVAILABLE, is_outage, probe
from agon.server.limits import MessageLimit
from agon.server.live import RESTARTING, Subscriber
from agon.server.matches import ApiError, games_info
from agon.server.proxy import public_link

if TYPE_CHECKING:
    from agon.engine import Game
    from agon.server.app import Context

log = logging.getLogger("agon.server")

OptionValue = StrictBool | StrictInt | StrictStr | None


class JSON(Response):
    """JSON that also carries the tuples and sets a game's view may hold."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


# -- bodies ---------------------------------------------------------------------------------------


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatch(Strict):
    game: str = Field(max_length=64, examples=["1989"])
    options: dict[str, OptionValue] = Field(default_factory=dict, examples=[{"handicap": 1}])
    seats: dict[str, StrictStr] = Field(default_factory=dict, examples=[{"democrat": "human", "communist": "random"}],
                                        description='role -> "human" or a bot with its settings, name[:k=v,...] (e.g. '
                                                    '"ismcts:seconds=1"); missing seats get the default bot')
    seed: StrictInt | None = Field(None, description="omitted: a random seed the server keeps secret")
    title: str | None = Field(None, max_length=200)
    mine: StrictStr | None = Field(None, max_length=64, examples=["democrat"],
                                   description="logged in: the seat you play, held by your account (default: the "
                                               "first human seat not invited)")
    invite: dict[str, StrictStr] = Field(default_factory=dict, max_length=16, examples=[{"communist": "ada"}],
                                         description="logged in: role -> an account's name; that account holds the seat")
    open: list[StrictStr] = Field(default_factory=list, max_length=16, examples=[["communist"]],
                                  description="open seats: anyone logged in takes one from the lobby or the match's link")
    public: StrictBool = Field(False, description="listed in the lobby (else reachable by its links only)")
    language: StrictStr | None = Field(None, max_length=8, examples=["el"],
                                       description="the table language (en, el, hu); default: your account's, else en")
    pace: dict[str, StrictBool | StrictInt | StrictFloat | StrictStr | None] | None = Field(
        None, max_length=8, examples=[{"kind": "daily", "per_move": 1, "on_timeout": "lose"}],
        description="the clocks (issue 31; docs/server.md): kind none, live (per_move minutes), fast (hours), daily "
                    "(days) or bank (initial + increment, in unit minutes/hours/days); on_timeout lose or bot; "
                    "take_back; bot. Omitted: the server's default pace for two human seats or more, else none")
    rated: StrictBool | None = Field(None, description="counts for the ratings (default: when two seats or more are held "
                                                       "by accounts); never with a `seed`; a rated match has no undo")
    hints: StrictBool | None = Field(None, description="the seats may ask the bot for hints (`POST /api/matches/ID/hint`; "
                                                       "default: yes, except in a rated match)")


class ActionBody(Strict):
    version: StrictInt = Field(examples=[12], description="the version the action is meant for (actions so far)")
    verb: StrictStr = Field(max_length=64, examples=["card"])
    arg: Any = Field(None, examples=[17], description="null, an integer, a string or a list of those")
    log: Literal["whole", "new"] = Field(
        "whole", examples=["new"],
        description="`whole` (the default): the answer's `view` is all of `State.view(role)`; `new`: its "
                    "`view.log` holds only the lines after those the seat had at `version`, from line `log_from`")


class TokensBody(Strict):
    tokens: list[StrictStr] = Field(max_length=500)


class RecordBody(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: StrictStr = Field(max_length=64)
    seed: StrictInt
    options: dict[str, OptionValue] = Field(default_factory=dict)
    actions: list[list[Any]]
    title: str | None = Field(None, max_length=200)

    @model_validator(mode="before")
    @classmethod
    def _not_a_position(cls, data: Any) -> Any:
        """A position posted here says where it goes (its missing "actions" said nothing useful)."""
        if isinstance(data, dict) and data.get("format") == POSITION_FORMAT:
            raise ValueError("a position file, not a game record: POST it to /api/studies to study it")
        return data


STATE_EXAMPLE = {
    "id": "k3J9x0aB2cDe", "game": "1989", "title": "1989: Dawn of Freedom", "role": "democrat",
    "version": 12, "active": ["democrat"], "is_over": False, "result": None,
    "seats": {"democrat": {"kind": "human", "bot": None}, "communist": {"kind": "bot", "bot": "random"}},
    "thinking": [], "bot_trouble": [], "bot_wait": [], "seeded": False, "frozen": None,
    "view": {"game": "1989", "role": "democrat",
                             "log": [{"text": "{side} plays {card}.", "args": {"side": "Democrat", "card": "Solidarity"}}]},
    "prompt": {"text": "Play a card.", "message": {"text": "Play a card.", "args": {}},
               "actions": [{"verb": "card", "arg": 17, "label": "Play Solidarity",
                            "message": {"text": "Play {card}", "args": {"card": "Solidarity"}}}]},
}
STATE_DOC: dict[int | str, dict[str, Any]] = {200: {"content": {"application/json": {"example": STATE_EXAMPLE}}}}
ERRORS_DOC: dict[int | str, dict[str, Any]] = {
    code: {"description": why, "content": {"application/json": {"example": {"error": why}}}}
    for code, why in [(400, "malformed JSON or fields"), (401, "no or unknown token"),
                      (403, "a token of another match"), (404, "unknown match"), (409, "stale version"),
                      (423, "a frozen match: stored under other rules, it can be read and exported, not continued"),
                      (413, "body too large"), (422, "illegal action or a role that is not active"),
                      (429, "too many requests for this seat or address"),
                      (503, "the database is unavailable; try again in a few seconds (Retry-After)")]}

Bearer = Annotated[str | None, Header(alias="Authorization", include_in_schema=False)]


def bearer(header: str | None) -> str | None:
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


# -- routes ---------------------------------------------------------------------------------------

router = APIRouter()


def _ctx(request: Request) -> Context:
    return request.app.state.agon


@router.get("/api/health", tags=["server"], responses={
    200: {"content": {"application/json": {"example": {"ok": True, "database": "ok"}}}}})
async def health(request: Request) -> JSON:
    """Liveness: the process answers (200 even while the database is down). `database` says how
    the last requests found it: `ok`, or `unavailable` during an outage (see `/api/ready`)."""
    return JSON({"ok": True, "database": "unavailable" if _ctx(request).outage.down else "ok"})


@router.get("/api/ready", tags=["server"], responses={
    200: {"content": {"application/json": {"example": {"ok": True, "database": "ok"}}}},
    503: {"content": {"application/json": {"example": {"error": UNAVAILABLE}}}}})
async def ready(request: Request) -> JSON:
    """Readiness: 200 when the database answers and can write within 2 seconds, else 503 (send
    no traffic here yet)."""
    ctx = _ctx(request)
    try:
        await asyncio.wait_for(ctx.run(probe, ctx.engine), 2.0)
    except Exception as err:
        if isinstance(err, TimeoutError) or is_outage(err):
            return unavailable(ctx, err if not isinstance(err, TimeoutError) else None)
        raise
    return JSON({"ok": True, "database": "ok"})


def unavailable(ctx: Context, err: BaseException | None) -> JSON:
    """The 503 of a request the database could not serve (an outage starts, or goes on, with it)."""
    if err is not None:
        ctx.outage.failed(err)
    return JSON({"error": UNAVAILABLE}, status_code=503, headers={"Retry-After": RETRY_AFTER})


@router.get("/api/games", tags=["games"])
async def list_games() -> JSON:
    """Each game's id, title, roles and default seats per player count, options with their allowed
    values (and the player counts each applies to), bots, and each bot's settings
    (`bot_settings`: {bot: {setting: {type, default, help}}})."""
    return JSON(_games_info())


@lru_cache(maxsize=1)
def _games_info() -> list[dict[str, Any]]:
    return games_info()


def _cached_json(request: Request, payload: Any) -> Response:
    body = dumps(payload)
    etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    headers = {"Cache-Control": "public, max-age=3600", "ETag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _load(game_id: str) -> Game:
    try:
        return load(game_id)
    except UnknownGame as err:
        raise ApiError(404, str(err)) from err


@router.get("/api/games/{game_id}/layout", tags=["games"])
async def game_layout(game_id: str, request: Request) -> Response:
    """The board's layout (coordinates of spaces, tracks, boxes) for graphical front ends. Cacheable."""
    return _cached_json(request, _load(game_id).layout())


@router.get("/api/games/{game_id}/facts", tags=["games"])
async def game_facts(game_id: str, request: Request) -> Response:
    """Words for the ids of a view's plain facts: {"keys": {id: label}, "values": {id: label}},
    English catalogue ids ("" leaves a fact out). Cacheable."""
    return _cached_json(request, _load(game_id).fact_labels())


@router.get("/api/games/{game_id}/cards", tags=["games"])
async def game_cards(game_id: str, request: Request) -> Response:
    """The game's card catalogue. Cacheable."""
    return _cached_json(request, _load(game_id).cards())


I18N_EXAMPLE = {"lang": "el", "messages": {"Play a card.": "Παίξε μια κάρτα.", "{n} day": ["{n} ημέρα", "{n} ημέρες"]},
                "contexts": {"acc": {"Vyborg": "το Βίμποργκ"}}, "plural": "(n != 1)"}


@router.get("/api/i18n/{lang}", tags=["games"], responses={
    200: {"content": {"application/json": {"example": I18N_EXAMPLE}}}, **{k: ERRORS_DOC[k] for k in (400, 404)}})
async def i18n_catalogue(lang: str, request: Request, game: str | None = None) -> Response:
    """The catalogue a page translates with: the interface's words, with `game`'s over them.
    `messages` maps an English message id to its translation (a list of forms for a plural);
    `plural` is the catalogue's Plural-Forms rule, a C expression of `n` giving the index of the
    form (`(n != 1)` in all three languages today); `contexts` holds the case forms of terms
    (`{space:ine}` in a translated template looks the term up in `contexts["ine"]`). An id absent
    is not translated: show the English. `lang` is en, el or hu. Cacheable."""
    try:
        check_language(lang)
    except ValueError as err:
        raise ApiError(400, str(err)) from err
    return _cached_json(request, catalogue_json(lang, _load(game).id if game is not None else None))


class RolesBody(Strict):
    options: dict[str, OptionValue] = Field(default_factory=dict)


@router.post("/api/games/{game_id}/roles", tags=["games"])
async def game_roles(game_id: str, body: RolesBody) -> JSON:
    """The roles and default seats for these options (a lobby asks when the options change)."""
    game = _load(game_id)
    try:
        opts = game.normalize_options(dict(body.options))
    except (ValueError, TypeError) as err:
        raise ApiError(400, str(err)) from err
    roles = game.roles(**opts)
    return JSON({"options": opts, "roles": roles, "default_seats": {r: game.default_seat(r, opts) for r in roles}})


@router.post("/api/matches", status_code=201, tags=["matches"], responses={
    201: {"content": {"application/json": {"example": {
        "id": "k3J9x0aB2cDe", "seats": {"democrat": {"token": "SECRET", "url": "/m/k3J9x0aB2cDe#SECRET"}},
        "spectate_url": "/m/k3J9x0aB2cDe"}}}}, **ERRORS_DOC})
async def create_match(body: CreateMatch, request: Request) -> JSON:
    """A new match. Each guest human seat gets a secret token (only its hash is stored); its
    invite link carries it in the URL fragment, which browsers never send to a server. Logged in
    (session cookie and its `X-CSRF-Token`), the creator's own seat (`mine`) and the `invite`d
    seats are held by those accounts and have no token: the answer gives the creator only the
    other seats' invite links (`"held": true` for the seats held by an account). `open` seats have
    no token at all: anyone logged in takes one (`"open": true`); a `public` match is listed in
    the lobby (`GET /api/lobby`)."""
    ctx = _ctx(request)
    session = await session_of(ctx, request.cookies)
    owner = None
    if session is not None:
        if not csrf_ok(session, request.headers.get(CSRF_HEADER)):
            raise ApiError(403, "creating a match logged in needs the session's CSRF token in X-CSRF-Token")
        owner = session.account_id
    invited: dict[str, int] = {}
    for role, name in body.invite.items():
        found = await ctx.run(ctx.accounts.id_of_name, name[:64])
        if found is None:
            raise ApiError(400, f"invite: no account is named {name[:32]!r}")
        invited[role] = found
    listing = await lobby.creation(ctx, owner, body.public, body.language)  # issue 30: the lobby's facts
    match_id, tokens, mine = await ctx.run(
        ctx.matches.create, body.game, dict(body.options), dict(body.seats), body.seed, body.title, owner,
        body.mine, invited, dict.fromkeys(body.open), ctx.teach.with_hints(listing.writer(), body.hints),
        body.rated, body.pace)
    ctx.kick(match_id)
    page = public_link(ctx.settings.public_url, f"/m/{match_id}")  # the links to share: the public origin's
    seats: dict[str, dict[str, Any]] = {role: {"token": t, "url": f"{page}#{t}"} for role, t in tokens.items()}
    for role in [*invited, *([mine] if mine else [])]:
        seats[role] = {"held": True, "yours": role == mine, "url": page}
    for role in body.open:
        seats[role] = {"open": True, "url": page}
    return JSON({"id": match_id, "seats": seats, "mine": mine, "spectate_url": page}, status_code=201)


@router.post("/api/matches/import", status_code=201, tags=["matches"], responses=ERRORS_DOC)
async def import_match(body: RecordBody, request: Request) -> JSON:
    """A finished game's record (as `agon replay` reads) becomes a finished match to study."""
    ctx = _ctx(request)
    record = body.model_dump(exclude={"title"})
    check_record_strings(record)
    match_id = await run_in_threadpool(ctx.matches.import_record, record, body.title)
    return JSON({"id": match_id, "url": ctx.matches.link(f"/replay/{match_id}"),
                 "spectate_url": ctx.matches.link(f"/m/{match_id}")}, status_code=201)


MAX_NOTE = 1000  # characters of an action's note in an imported record (a bot's reason is a line)
MAX_STRING = 200  # characters of any other string in it (roles, verbs, arguments, options)


def check_record_strings(record: dict[str, Any]) -> None:
    """413 for a record with a note over MAX_NOTE characters or another string over MAX_STRING:
    a match stores them, and every spectator of it is sent them."""
    for key, value in record.items():
        if key != "actions" and _longest(value) > MAX_STRING:
            raise ApiError(413, f"the record's {key[:64]} holds a string longer than {MAX_STRING} characters")
    for index, entry in enumerate(record["actions"]):
        note = entry[3] if len(entry) > 3 else None
        if isinstance(note, str) and len(note) > MAX_NOTE:
            raise ApiError(413, f"action {index}: its note is longer than {MAX_NOTE} characters")
        if _longest(entry[:3]) > MAX_STRING or (not isinstance(note, str) and _longest(entry[3:]) > MAX_STRING):
            raise ApiError(413, f"action {index} holds a string longer than {MAX_STRING} characters")


def _longest(value: Any, depth: int = 0) -> int:
    """The length of the longest string in `value` (lists and dicts looked into, 20 levels deep)."""
    if isinstance(value, str):
        return len(value)
    if depth > 20:
        return MAX_NOTE + 1
    if isinstance(value, dict):
        return max((max(len(str(k)), _longest(v, depth + 1)) for k, v in value.items()), default=0)
    if isinstance(value, list | tuple):
        return max((_longest(v, depth + 1) for v in value), default=0)
    return 0


@router.post("/api/my-matches", tags=["matches"])
async def my_matches(body: TokensBody, request: Request) -> JSON:
    """The matches of these seats (the tokens a browser holds): `index` is the token's place in the
    list; `your_turn` says whether that seat must act."""
    ctx = _ctx(request)
    return JSON({"matches": await run_in_threadpool(ctx.matches.my_matches, body.tokens)})


@router.get("/api/matches/{match_id}", tags=["matches"], responses={**STATE_DOC, **ERRORS_DOC})
async def get_match(match_id: str, request: Request, authorization: Bearer = None) -> Response:
    """The match as this seat (Bearer token) or a spectator (no token) sees it, with the whole log."""
    return await match_state(_ctx(request), match_id, authorization, request)


@router.post("/api/matches/{match_id}/actions", tags=["matches"], responses={**STATE_DOC, **ERRORS_DOC})
async def post_action(match_id: str, body: ActionBody, request: Request, authorization: Bearer = None) -> Response:
    """One action of the seat whose token this is, meant for `version`; the answer is the new state.
    With `"log": "new"` its `view.log` holds only the lines after those the seat had at `version`
    (they begin at line `log_from` of the whole log; `log_from` 0: the whole log). Undo is the
    action `undo` when the prompt offers it."""
    return await act(_ctx(request), match_id, body, authorization, request)


# What the two routes above do; `FastPath` calls the same for the requests of every move.

async def match_state(ctx: Context, match_id: str, authorization: str | None, request: Request) -> Response:
    token = bearer(authorization)
    account = None
    if token is None and "cookie" in request.headers:  # a seat held by the logged-in account (issue 30)
        session = await session_of(ctx, request.cookies)
        account = session.account_id if session is not None else None
    ctx.limit(token, request, account)
    data = ctx.matches.cached_view(match_id, token, account)  # no thread hop when the match is at hand
    if data is None:
        data = await ctx.run(ctx.matches.view_for, match_id, token, account)
    if token is not None:
        ctx.limits.trust(token)  # it names a seat: its requests are the seat's, not the address's
    return Response(data, media_type="application/json")


async def seat_writer(ctx: Context, request: Request, authorization: str | None, doing: str,
                      needs: str) -> tuple[str | None, int | None]:
    """(token, account) of a seat's write: the seat's token, else the log-in with its CSRF token
    (401 / 403 naming what `doing` needs); the request is charged to the seat or the account."""
    token = bearer(authorization)
    account = None
    if token is None:
        session = await session_of(ctx, request.cookies) if "cookie" in request.headers else None
        if session is None:
            raise ApiError(401, f"{doing} needs {needs} (Authorization: Bearer TOKEN) or a log-in")
        if not csrf_ok(session, request.headers.get(CSRF_HEADER)):
            raise ApiError(403, f"{doing} by your log-in needs the session's CSRF token in X-CSRF-Token")
        account = session.account_id
    ctx.limit(token, request, account)
    return token, account


async def act(ctx: Context, match_id: str, body: ActionBody, authorization: str | None, request: Request) -> Response:
    token, account = await seat_writer(ctx, request, authorization, "acting", "the seat's token")
    data = await ctx.act(match_id, token, body.version, body.verb, body.arg, body.log == "new", account)
    if token is not None:
        ctx.limits.trust(token)
    ctx.changed(match_id)
    ctx.kick(match_id)
    return Response(data, media_type="application/json")


@router.get("/api/matches/{match_id}/record", tags=["matches"], responses=ERRORS_DOC)
async def get_record(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """The game's record (seed, options, actions, digest) once the game is over; 409 before. A
    frozen match (stored under other rules: it cannot go on) gives its record to its seats
    (Bearer token) before the end too, with the versions it was played under."""
    return JSON(await run_in_threadpool(_ctx(request).matches.record, match_id, bearer(authorization)))


@router.get("/api/matches/{match_id}/steps/{n}", tags=["matches"], responses=ERRORS_DOC)
async def get_step(match_id: str, n: int, request: Request) -> JSON:
    """A finished match after its first n actions, as a spectator sees it, and the n-th action."""
    return JSON(await run_in_threadpool(_ctx(request).matches.step, match_id, n))


@router.websocket("/api/matches/{match_id}/live")
async def live(ws: WebSocket, match_id: str) -> None:
    """Send `{"token": ...}` (or `{}` as a spectator) first; then the state object arrives now and
    after every change. With `"log": "new"` in the first message, every push after the first holds
    only the log lines this socket was not sent yet (`view.log` begins at line `log_from`). Errors
    arrive as {"error": ...} before the socket closes."""
    ctx: Context = ws.app.state.agon
    await ws.accept()
    token: str | None = None
    only_new = False
    try:
        with contextlib.suppress(TimeoutError):
            first = await asyncio.wait_for(ws.receive_text(), 1.0)
            if len(first) > 4096:
                raise ApiError(413, "the first message is too large")
            try:
                message = json.loads(first)
            except ValueError as err:
                raise ApiError(400, "the first message must be JSON: {\"token\": ...} or {}") from err
            raw = message.get("token") if isinstance(message, dict) else None
            if raw is not None and not isinstance(raw, str):
                raise ApiError(400, "token must be a string")
            token = raw
            wanted = message.get("log", "whole") if isinstance(message, dict) else "whole"
            if wanted not in ("whole", "new"):
                raise ApiError(400, "log must be \"whole\" or \"new\"")
            only_new = wanted == "new"
        account = None
        if token is None and _same_origin(ws):  # a seat held by the logged-in account (issue 30)
            session = await session_of(ctx, ws.cookies)
            account = session.account_id if session is not None else None
        role = await ctx.run(ctx.role_of, match_id, token, account)
    except ApiError as err:
        await _close_with(ws, err.status, err.message)
        return
    except WebSocketDisconnect:
        return
    except Exception as err:
        if not is_outage(err):
            raise
        ctx.outage.failed(err)
        await _close_with(ws, 503, UNAVAILABLE)
        return
    if token is not None:
        ctx.limits.trust(token)
    flood = MessageLimit()

    async def reader() -> None:
        try:
            while True:
                await ws.receive_text()  # a client has nothing more to say; a flood closes the socket
                if not flood.take():
                    await _close_with(ws, 429, "too many messages on this socket")
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        ctx.hub.close(sub)

    async def send(data: bytes) -> None:
        await ws.send_text(data.decode())

    sub = Subscriber(match_id, role, send, only_new=only_new)

    reading = asyncio.create_task(reader())
    try:
        await ctx.hub.serve(sub)
        if ctx.draining:  # the server is stopping: "service restart", and the page reconnects
            await ws.close(code=1012, reason=RESTARTING)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except ApiError as err:  # the match is gone (`agon admin delete`): one line, and the socket closes
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await _close_with(ws, err.status, err.message)
    except Exception as err:
        if not is_outage(err):
            raise
        ctx.outage.failed(err)  # the page reconnects after the close, and catches up then
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await _close_with(ws, 503, UNAVAILABLE)
    finally:
        reading.cancel()


def _same_origin(ws: WebSocket) -> bool:
    """Whether the socket was opened by a page of this server (its Origin names this host): a page
    of another origin must not read the hidden view of a seat by the visitor's session cookie."""
    origin = ws.headers.get("origin")
    host = ws.headers.get("host")
    return origin is not None and host is not None and origin.partition("://")[2] == host


async def _close_with(ws: WebSocket, status: int, message: str) -> None:
    """Send {"error": message} and close the socket with code 4000 + status."""
    await ws.send_text(json.dumps({"error": message}))
    await ws.close(code=4000 + status)


# -- pages ----------------------------------------------------------------------------------------

pages = APIRouter(include_in_schema=False)


def _page(request: Request, name: str) -> Response:
    path: Path = _ctx(request).static_dir / name
    if not path.is_file():
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(path, media_type="text/html")


@pages.get("/")
async def lobby_page(request: Request) -> Response:
    return _page(request, "index.html")


@pages.get("/account")
async def account_page(request: Request) -> Response:
    return _page(request, "account.html")


@pages.get("/m/{match_id}")
async def match_page(match_id: str, request: Request) -> Response:
    return _page(request, "match.html")


@pages.get("/replay")
@pages.get("/replay/{match_id}")
async def replay_page(request: Request, match_id: str | None = None) -> Response:
    return _page(request, "replay.html")


@pages.get("/docs")
async def docs_page(request: Request) -> Response:
    """The interactive schema: Swagger UI, its files served from the swagger-ui-bundle package."""
    return _page(request, "docs.html")


SWAGGER_FILES = {"swagger-ui.css": "text/css", "swagger-ui-bundle.js": "text/javascript"}


@pages.get("/docs/assets/{name}")
async def docs_asset(name: str) -> Response:
    if name not in SWAGGER_FILES:
        return PlainTextResponse("not found", status_code=404)
    try:
        from swagger_ui_bundle import swagger_ui_path
    except ImportError:
        return PlainTextResponse("the docs need the web extra: pip install 'agon[web]'", status_code=404)
    return FileResponse(Path(swagger_ui_path) / name, media_type=SWAGGER_FILES[name],
                        headers={"Cache-Control": "public, max-age=86400"})


@pages.get("/static/{path:path}")
async def static_file(path: str, request: Request) -> Response:
    root: Path = _ctx(request).static_dir.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(target)


class FastPath:
    """The two requests of every move, `POST /api/matches/{id}/actions` and `GET /api/matches/{id}`,
    answered by the code of their routes (`act`, `match_state`) without FastAPI's routing and
    parameter machinery, which cost more CPU than the move itself. A request it does not read
    exactly as the route would (a body that does not validate, another content type, another
    method) goes on to FastAPI with its body, so every error reads as it always did."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"] if scope["type"] == "http" else ""
        if not path.startswith("/api/matches/"):
            await self.app(scope, receive, send)
            return
        match_id, _, rest = path[len("/api/matches/"):].partition("/")
        method = scope["method"]
        if match_id and not rest and method == "GET":
            await self._answer(scope, send, lambda ctx, request, auth: match_state(ctx, match_id, auth, request))
            return
        if not (match_id and rest == "actions" and method == "POST"):
            await self.app(scope, receive, send)
            return
        chunks = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        raw = b"".join(chunks)
        kind = _header(scope, b"content-type")
        body = None
        if kind is None or kind.split(";", 1)[0].strip().lower() == "application/json":
            with contextlib.suppress(ValidationError):
                body = ActionBody.model_validate_json(raw)
        if body is None:
            await self.app(scope, replay(raw, receive), send)
            return
        valid = body
        await self._answer(scope, send, lambda ctx, request, auth: act(ctx, match_id, valid, auth, request))

    @staticmethod
    async def _answer(scope: Scope, send: Send,
                      answer: Callable[[Context, Request, str | None], Awaitable[Response]]) -> None:
        request = Request(scope)
        try:
            response = await answer(scope["app"].state.agon, request, _header(scope, b"authorization"))
        except ApiError as err:
            response = JSON({"error": err.message}, status_code=err.status)
        except Exception as err:
            if is_outage(err):
                await unavailable(scope["app"].state.agon, err)(scope, _no_receive, send)
                return
            log.exception("agon: internal error")
            response = JSON({"error": f"internal error ({type(err).__name__})"}, status_code=500)
        await response(scope, _no_receive, send)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body read already, then what the connection says."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}
