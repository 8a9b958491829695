"""create_app(settings): the FastAPI app with its database, bot pool and live hub.

    >>> from fastapi.testclient import TestClient
    >>> with TestClient(create_app(Settings(db="sqlite:///:memory:"))) as client:
    ...     client.get("/api/health").json()
    {'ok': True, 'database': 'ok'}
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import inspect
import logging
import os
import re
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agon import __version__ as agon_version
from agon.bots.analysis import Budget
from agon.server import (
    account_routes,
    api,
    board_routes,
    chat_routes,
    clock_routes,
    health_routes,
    lobby_routes,
    notify_routes,
    request_log,
    result_routes,
    rules_pages,
    study_routes,
    teach_routes,
)
from agon.server.accounts import Accounts
from agon.server.bots import BotPool, pool_size
from agon.server.chat import Chat
from agon.server.clock_keeper import ClockKeeper
from agon.server.clock_sweep import ClockSweeper
from agon.server.clocks import ClockSettings, parse_reminders, parse_spec
from agon.server.faults import DATABASE_ERRORS, Outage, is_outage, probe
from agon.server.freshness import Freshness
from agon.server.limits import AddressLimit, RateLimits, TokenBuckets, token_key
from agon.server.live import Hub, PostgresListener
from agon.server.lobby import Lobby
from agon.server.matches import ApiError, Live, Matches, Push
from agon.server.metrics import install as install_metrics
from agon.server.migrations import upgrade
from agon.server.notify_sender import notifications
from agon.server.proxy import Forwarded
from agon.server.runner import BotRunner, RetryPolicy
from agon.server.store import Store, make_engine
from agon.server.studies import Studies
from agon.server.teach import Teach, TeachSettings

log = logging.getLogger("agon.server")

T = TypeVar("T")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


def default_db() -> str:
    """An SQLite file in the user's data directory."""
    from platformdirs import user_data_dir

    return f"sqlite:///{Path(user_data_dir('agon')) / 'agon.db'}"


@dataclass
class Settings:
    """How the server runs. `db`: a SQLAlchemy URL (sqlite:///file or postgresql://...)."""

    db: str = field(default_factory=default_db)
    bot_processes: int | None = None  # None: the machine's CPUs less one (`bots.pool_size`); 0: threads (tests)
    bot_seconds: float = 10.0  # the most a seat's bot may think per move (and its worker's deadline, plus a grace)
    bot_turn_seconds: float = 4.0  # a bot turn's budget, queue included: searches are cut to it (0: none; bots.py)
    bot_iterations: int = 100_000  # the most search iterations per move a seat may ask for
    bot_attempts: int = 4  # tries of a bot turn that fails (the bot, or the database) before the players are told
    bot_retry_seconds: float = 1.0  # the pause after the first failed try, doubled after each (at most 30 s)
    bot_sweep_seconds: float = 30.0  # how often unfinished matches waiting for a bot are looked for (0: at start only)
    cache_size: int = 2000
    token_rate: float = 20.0  # requests per second per seat token
    token_burst: float = 60.0
    client_rate: float = 20.0  # per second per client address (requests without a seat's token)
    client_burst: float = 200.0
    body_limit: int = 64 * 1024
    import_limit: int = 8 * 1024 * 1024
    migrate: bool = True
    resume_bots: bool = True
    static_dir: Path = STATIC
    fresh_seconds: float = 2.0  # how often the cached matches are compared with the database
    sqlite_synchronous: str = "FULL"  # FULL: an acknowledged action survives a power cut; NORMAL: a server crash
    session_seconds: float = 30 * 86400  # how long a log-in lasts
    secure_cookies: bool = False  # the session cookie is `Secure` on https requests anyway; True: always
    login_rate: float = 0.1  # log-in attempts (and new accounts) per second per address, and per name
    login_burst: float = 10.0
    # password reset by e-mail: only with an SMTP server and the address people reach this server at
    # (the link in the mail is built from `public_url`, never from a request's Host header)
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str = "agon@localhost"
    public_url: str | None = None  # e.g. https://agon.example.org
    reset_seconds: float = 3600.0  # how long a reset link works
    chat_rate: float = 0.5  # chat messages per second per seat (or spectator's account)
    chat_burst: float = 5.0
    chat_max: int = 1000  # messages per channel of a match
    # clocks and time-outs (issue 31; docs/server.md "Clocks and time-outs")
    clock_sweep_seconds: float = 15.0  # how often passed deadlines and due reminders are looked for (0: at start only)
    clock_reminders: str = "24h,1h"  # reminders before a day-long move's deadline (scaled for faster paces)
    vacation_days: float = 30.0  # vacation days an account may take per calendar year
    default_pace: str = "none"  # the pace of a match with two human seats or more created without one
    clock: Callable[[], float] = field(default=time.time)  # the server's time (tests pass a FakeClock)
    # notifications (issue 31; docs/server.md "Notifications")
    notify_tick_seconds: float = 2.0  # how often the outbox is looked at (0: never; tests call the sender)
    notify_attempts: int = 5  # tries of a notification before it is recorded as failed
    notify_retry_seconds: float = 30.0  # the pause after the first failed try, doubled after each (at most 1 h)
    mail_batch_seconds: float = 120.0  # a recipient's events within this window go out as one mail
    webhook_delay_seconds: float = 30.0  # ... as one webhook message
    push_delay_seconds: float = 10.0  # a "your turn" answered within this never goes out by push
    notify_private_targets: bool = False  # webhooks and push endpoints may be loopback or private addresses
    vapid_private_key: str | None = None  # Web Push's key (PEM); None: made once and kept in the database
    vapid_subject: str | None = None  # the contact push services see (mailto: or https:); None: mailto:smtp_from
    # bots that teach (issue 36; docs/bots.md "Analysis and hints"): the budgets of an analysis and a hint
    analysis_iterations: int = 300  # ISMCTS iterations per decision of a finished match
    analysis_match_iterations: int = 60_000  # ... for the whole match (each decision gets its share at most)
    analysis_seconds: float = 2.0  # the most a decision's search may take
    analysis_match_seconds: float = 600.0  # the most a match's analysis may take (the decisions after it: unjudged)
    hint_iterations: int = 2000  # ISMCTS iterations of a hint
    hint_seconds: float = 3.0  # the most a hint's search may take
    teach_processes: int = 2  # processes that make hints and analyses, apart from the bots' (threads when those are)
    teach_queue: int = 8  # hint and analysis jobs that may wait for them; one more is refused with one line (503)

    # hosting (issue 37; docs/hosting.md): where `agon serve` listens, behind which proxies, its logs, its stop
    host: str = "127.0.0.1"  # the address to listen on (0.0.0.0: every interface)
    port: int = 8000
    workers: int = 1  # server processes (more than one needs PostgreSQL)
    trusted_proxies: tuple[str, ...] = ()  # addresses/networks whose X-Forwarded-* and X-Request-ID are believed
    log_format: str = "auto"  # json: one JSON line per request and per failure; text; auto: json unless a terminal
    shutdown_seconds: float = 10.0  # SIGTERM: how long in-flight requests and bot turns may take to finish
    request_seconds: float = 10.0  # how long a request may take to arrive, headers and body (then 408)

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the file `$AGON_CONFIG` and the `AGON_<FIELD>` variables (`agon.server.config`);
        ConfigError (a ValueError, one line) for a bad one."""
        from agon.server.config import from_env

        return from_env(os.environ)


def clock_settings(settings: Settings) -> ClockSettings:
    """The clocks' settings from the server's; ValueError (one line) for a bad one."""
    parse_spec(settings.default_pace, 2)
    if not 0 <= settings.vacation_days <= 366:
        raise ValueError(f"vacation days must be 0-366 a year; got {settings.vacation_days:g}")
    return ClockSettings(sweep_seconds=settings.clock_sweep_seconds, reminders=parse_reminders(settings.clock_reminders),
                         vacation_days=settings.vacation_days, default_pace=settings.default_pace, now=settings.clock)


def teach_settings(settings: Settings) -> TeachSettings:
    """The budgets of analyses and hints from the server's settings; ValueError (one line) for a bad one."""
    return TeachSettings(
        analysis=Budget(settings.analysis_iterations, settings.analysis_match_iterations, settings.analysis_seconds,
                        settings.analysis_match_seconds),
        hint=Budget(settings.hint_iterations, settings.hint_iterations, settings.hint_seconds, settings.hint_seconds),
        processes=settings.teach_processes, queue=settings.teach_queue)


class Context:
    """What the routes share: the matches, the live hub, the bots, the rate limits."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.static_dir = settings.static_dir
        self.engine = make_engine(settings.db, settings.sqlite_synchronous)
        self.store = Store(self.engine)
        self.keeper = ClockKeeper(clock_settings(settings))
        self.matches = Matches(self.store, settings.cache_size, settings.bot_seconds, settings.bot_iterations,
                               self.keeper)
        self.matches.public_url = settings.public_url  # the links in answers: rematches, the lobby, my matches
        self.clocks = ClockSweeper(self)
        self.hub = Hub(self.state_for)
        self.limits = RateLimits(settings.token_rate, settings.token_burst, settings.client_rate, settings.client_burst)
        self.tokens = self.limits.tokens
        self.clients = self.limits.clients
        self.accounts = Accounts(self.store, settings.session_seconds)
        self.logins = TokenBuckets(settings.login_rate, settings.login_burst)  # per address, and per name
        self.chat = Chat(self.store, settings.chat_rate, settings.chat_burst, settings.chat_max)
        self.lobby = Lobby(self.store, self.matches)  # open seats, the lobby's lists, rematches (issue 30)
        self.teach = Teach(self.store, self.matches, teach_settings(settings), pool_size(settings.bot_processes) > 0)  # issue 36
        self.studies = Studies(self.store)  # positions opened in the replay viewer (agon.server.studies)
        self.outage = Outage(lambda: probe(self.engine))
        self.freshness: Freshness | None = None
        self.pool: BotPool | None = None
        self.bots = BotRunner(self, RetryPolicy(max(1, settings.bot_attempts), settings.bot_retry_seconds,
                                                sweep_seconds=settings.bot_sweep_seconds))
        self.listener: PostgresListener | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.origin = secrets.token_hex(6)  # names this process in the NOTIFYs it sends
        # the threads that wait for the database and the match locks off the event loop (a plain
        # executor: a move's two hops cost less than through anyio's limiter and cancel scopes)
        self.threads = ThreadPoolExecutor(max_workers=32, thread_name_prefix="agon")
        # with synchronous=FULL each commit waits for a disk sync (milliseconds): in a thread, the
        # event loop serves others meanwhile
        self.inline_writes = not self.store.is_postgres and settings.sqlite_synchronous.upper() == "NORMAL"
        self.stopping = threading.Event()
        self.draining = False  # stopping: no new bot turn, /readyz 503 (`begin_drain`, agon.server.hosting)
        self.drain_until: float | None = None  # (time.monotonic) when the bot turns in flight are cut
        self.drain_on_stop = False  # `--workers N`: uvicorn's own server stops a worker; `stop` drains then
        self.checkpoints: threading.Thread | None = None
        self.notifier, self.sender = notifications(self)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in one of the server's threads."""
        # (in a copy of this context: the request's log line learns the seat role found there)
        return await asyncio.get_running_loop().run_in_executor(self.threads, contextvars.copy_context().run, fn, *args)

    # -- used by the routes -----------------------------------------------------------------------

    def limit(self, token: str | None, _request: Request, account: int | None = None) -> None:
        """The seat's limit (the client address's is charged before the route: `AddressLimit`); an
        account's requests without a token are charged to the account as well."""
        if token is not None and not self.tokens.take(token_key(token)):
            raise ApiError(429, "too many requests for this seat; slow down")
        if token is None and account is not None and not self.tokens.take(f"a:{account}"):
            raise ApiError(429, "too many requests for this account; slow down")

    def act_as(self, match_id: str, token: str | None, version: int, verb: str, arg: Any, only_new: bool = False,
               account: int | None = None) -> bytes:
        """Act for the seat of this token (or, without one, of this account); the new state
        object, with the whole log, or with the lines after `version` when `only_new`."""
        with self.matches.lock(match_id):
            return self._act_as(self.matches._sync(match_id), token, version, verb, arg, only_new, account)

    def _act_as(self, live: Live, token: str | None, version: int, verb: str, arg: Any, only_new: bool,
                account: int | None = None) -> bytes:
        role = self.matches.seat_role(live, token, account)
        if role is None:
            raise ApiError(403, "you hold no seat in this match")
        request_log.note(role=role)
        if live.row.seats[role].kind == "bot":  # a bot sat in after a time-out (issue 31)
            raise ApiError(409, "a bot plays this seat since its time ran out; take the seat back first")
        live = self.matches.act_locked(live, role, version, verb, arg)
        return self.matches.push(live, role, version if only_new else None).data

    async def act(self, match_id: str, token: str | None, version: int, verb: str, arg: Any, only_new: bool = False,
                  account: int | None = None) -> bytes:
        """`act_as`, on the event loop itself when the database is SQLite with synchronous=NORMAL
        and the match is at hand (its write takes tens of microseconds: less than the hop to a
        thread and back), else in a thread."""
        if self.inline_writes:
            live = self.matches.at_hand(match_id)
            if live is not None:
                try:
                    return self._act_as(live, token, version, verb, arg, only_new, account)
                finally:
                    self.matches.lock(match_id).release()
        return await self.run(self.act_as, match_id, token, version, verb, arg, only_new, account)

    def role_of(self, match_id: str, token: str | None, account: int | None = None) -> str | None:
        role = self.matches.seat_role(self.matches.get(match_id), token, account)
        request_log.note(role=role)
        return role

    async def state_for(self, match_id: str, role: str | None, since: int | None) -> Push:
        quick = self.matches.cached_push(match_id, role, since)  # no thread hop when nothing waits
        if quick is not None:
            return quick
        return await self.run(self.matches.push_for, match_id, role, since)

    def changed(self, match_id: str) -> None:
        self.hub.changed(match_id)

    def remote_change(self, payload: str) -> None:
        """A NOTIFY: some process stored an action of this match (`MATCH:VERSION`), or its bots
        computing a move changed (`MATCH:thinking:ROLE,ROLE`)."""
        match_id, _, rest = payload.partition(":")
        if match_id == "rate":
            self._charge(rest)
            return
        if rest.startswith("chat"):  # a chat message or mute: never the match's state
            chat_routes.remote_chat(self, match_id, rest)
            return
        if rest in ("seats", "reload"):  # a seat was claimed; `agon admin` ended or deleted it: read it again
            self.matches.forget(match_id)
            self.hub.changed(match_id)
            return
        if rest.startswith("trouble:"):
            if not self.bots.remote_trouble(match_id, rest.removeprefix("trouble:")):
                return
        elif rest.startswith("wait:"):
            if not self.bots.remote_wait(match_id, rest.removeprefix("wait:")):
                return
        elif rest.startswith("thinking:"):
            roles = rest.removeprefix("thinking:")
            thinking = frozenset(roles.split(",")) if roles else frozenset()
            if thinking == self.matches.thinking.get(match_id, frozenset()):
                return  # our own notice coming back, or nothing new
            self.matches.set_thinking(match_id, thinking)
        elif not self.matches.mark_stale(match_id, int(rest) if rest.isdigit() else None):
            return  # our own action coming back: its sockets were told when it was stored
        self.hub.changed(match_id)

    # -- rate limits shared by the processes of one PostgreSQL database ---------------------------

    async def _share_rates(self) -> None:
        """Every quarter second, tell the other processes what each rate key spent here
        (NOTIFY `rate:ORIGIN|KEY=N;KEY=N`), so that a token's limit holds across all of them."""
        while True:
            await asyncio.sleep(0.25)
            spent = {**self.tokens.drain(), **self.clients.drain()}
            if not spent:
                continue
            chunks: list[list[str]] = [[]]
            for key, count in spent.items():
                if sum(len(e) + 1 for e in chunks[-1]) > 7000:  # a NOTIFY payload holds under 8000 bytes
                    chunks.append([])
                chunks[-1].append(f"{key}={count}")
            for chunk in chunks:
                self.store.notify(f"rate:{self.origin}|{';'.join(chunk)}")

    def _charge(self, rest: str) -> None:
        origin, _, entries = rest.partition("|")
        if origin == self.origin:
            return
        for entry in entries.split(";"):
            key, _, count = entry.rpartition("=")
            if count.isdigit():
                (self.tokens if key.startswith("t:") else self.clients).charge(key, int(count))

    async def set_thinking(self, match_id: str, roles: frozenset[str]) -> None:
        """Say (here, and to the other processes through NOTIFY) which bots of a match are computing."""
        self.matches.set_thinking(match_id, roles)
        self.changed(match_id)
        self.store.notify(f"{match_id}:thinking:{','.join(sorted(roles))}")

    # -- bots -------------------------------------------------------------------------------------

    def kick(self, match_id: str) -> None:
        """Let the bots of this match move, if any must (`agon.server.runner`)."""
        self.bots.kick(match_id)

    # -- life -------------------------------------------------------------------------------------

    async def start(self) -> None:
        if self.settings.migrate:
            await run_in_threadpool(upgrade, self.engine)
        self.pool = BotPool(pool_size(self.settings.bot_processes), self.settings.bot_seconds,
                            turn_seconds=self.settings.bot_turn_seconds)
        # cached matches compared with the database: other processes' moves (PostgreSQL), and
        # `agon admin end` or `delete` beside the server (both)
        self.freshness = Freshness(self.matches, self.engine, self.changed, self.run, self.settings.fresh_seconds)
        if self.store.is_postgres:
            url = self.settings.db.replace("postgresql+psycopg://", "postgresql://")
            self.listener = PostgresListener(url, asyncio.get_running_loop(), self.remote_change,
                                             on_reconnect=self.freshness.check_soon, name=f"agon-listen-{self.origin}")
            await run_in_threadpool(self.listener.start)
            for job in (self._share_rates(), self.freshness.run()):
                task = asyncio.get_running_loop().create_task(job)
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
        else:
            self.checkpoints = threading.Thread(target=self._checkpoints, name="agon-checkpoint", daemon=True)
            self.checkpoints.start()
            self._spawn(self.freshness.run())
        await self.clocks.sweep()  # the deadlines that passed while no server ran, then every so often
        task = asyncio.get_running_loop().create_task(self.clocks.sweep_forever())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        self._spawn(self.sender.forever())
        if self.settings.resume_bots:
            await self.bots.sweep()  # the bots of every match waiting for one, now and every so often
            task = asyncio.get_running_loop().create_task(self.bots.sweep_forever())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def _spawn(self, job: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _checkpoints(self) -> None:
        """SQLite: a checkpoint twice a second, off the event loop (`Store.checkpoint`)."""
        while not self.stopping.wait(0.5):
            try:
                self.store.checkpoint()
            except Exception as err:  # a busy or vanished file: the commits checkpoint by themselves
                if is_outage(err):
                    self.outage.failed(err, request=False)  # one line for the whole outage, not one per checkpoint
                else:
                    log.warning("agon: checkpoint failed (%s)", err)

    async def begin_drain(self, seconds: float) -> None:
        """The server is stopping (agon.server.hosting): /readyz answers 503, no new bot turn
        starts, the live websockets close with 1012; `stop` waits for the bot turns in flight
        until `seconds` from now."""
        from agon.server.hosting import close_sockets

        self.draining = True
        self.drain_until = time.monotonic() + seconds
        self.bots.draining = True
        await close_sockets(self, min(1.0, seconds))

    async def stop(self) -> None:
        self.stopping.set()
        self.outage.stop()
        for task in list(self.tasks):
            task.cancel()
        if self.drain_on_stop and self.drain_until is None:
            self.drain_until = time.monotonic() + self.settings.shutdown_seconds
        if self.drain_until is not None:  # a stop asked for: the bot turns in flight may finish
            self.bots.draining = True
            await self.bots.drain(max(0.0, self.drain_until - time.monotonic()))
        self.bots.close()
        self.sender.close()
        self.notifier.close()  # the events still waiting go into the outbox
        if self.listener is not None:
            self.listener.stop()
        if self.pool is not None:
            self.pool.close()
        self.teach.close()
        self.threads.shutdown(wait=False, cancel_futures=True)
        self.store.close()


class BodyLimit:
    """413 for a request body over the limit (a larger one for imports), before any route reads it;
    400 for a NUL character in a body or a path (PostgreSQL's text cannot hold one: it was a 500)."""

    def __init__(self, app: ASGIApp, limit: int, import_limit: int) -> None:
        self.app = app
        self.limit = limit
        self.import_limit = import_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and "\x00" in scope["path"]:
            if scope["type"] == "http":
                await _send_error(send, 400, NUL_IN_PATH)
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.import_limit if scope["path"] in IMPORTS else self.limit
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _send_error(send, 413, f"the body is larger than {limit} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _send_error(send, 413, f"the body is larger than {limit} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if holds_nul(body):
            await _send_error(send, 400, NUL_IN_BODY)
            return
        await self.app(scope, api.replay(body, receive), send)


IMPORTS = ("/api/matches/import", "/api/studies")  # bodies that are whole files: records, positions
NUL_IN_PATH = "the path holds a NUL character, which no match id or name holds"
NUL_IN_BODY = "the body holds a NUL character (\\u0000), which no field may hold"
# a JSON escape \u0000 (after an even number of backslashes: `\\u0000` is a backslash and text), or a raw NUL
_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000|\x00")


def holds_nul(body: bytes) -> bool:
    """Whether a JSON body holds a NUL character in any string (escaped or raw)."""
    return (b"\\u0000" in body or b"\x00" in body) and _NUL.search(body) is not None


class SecurityHeaders:
    """No Referer leaves our pages (a match URL's fragment holds a token), no MIME sniffing, no
    framing, and a Content-Security-Policy: scripts, styles, fetches and sockets from this origin
    only, nothing inline (the pages and /docs keep every script and style in files)."""

    CSP = (b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
           b"frame-ancestors 'none'; form-action 'self'")
    HEADERS: ClassVar[list[tuple[bytes, bytes]]] = [
        (b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
        (b"content-security-policy", CSP)]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


async def _send_error(send: Send, status: int, message: str) -> None:
    body = api.dumps({"error": message})
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    ctx = Context(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await ctx.start()
        try:
            yield
        finally:
            await ctx.stop()

    extra: dict[str, Any] = {}
    if "telemetry" in inspect.signature(FastAPI).parameters:  # newer FastAPI: no per-request tracing checks
        extra["telemetry"] = {"tracing": False, "metrics": False, "logs": False}
    # /docs is a page of ours with Swagger UI's files from the package (api.docs_page), never a CDN's
    app = FastAPI(title="agon", version=agon_version, lifespan=lifespan, docs_url=None, redoc_url=None, **extra,
                  description="Matches of agon's board games: seats with secret tokens, live updates, bots.")
    app.state.agon = ctx
    app.include_router(api.router)
    app.include_router(account_routes.router)
    app.include_router(chat_routes.router)
    app.include_router(lobby_routes.router)
    app.include_router(clock_routes.router)
    app.include_router(result_routes.router)  # resign, abandon, ratings, profiles (issue 30)
    app.include_router(result_routes.pages)
    app.include_router(notify_routes.router)
    app.include_router(teach_routes.router)  # analyses and hints (issue 36)
    app.include_router(study_routes.router)  # positions opened in the replay viewer
    app.include_router(study_routes.pages)
    app.include_router(board_routes.router)  # each game's board renderer, from the game (before /static)
    app.include_router(api.pages)
    app.include_router(rules_pages.router)
    app.include_router(health_routes.router)  # /livez, /readyz (issue 37)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, err: ApiError) -> api.JSON:
        return api.JSON({"error": err.message}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_request: Request, err: RequestValidationError) -> api.JSON:
        return api.JSON({"error": _validation_message(err)}, status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, err: HTTPException) -> api.JSON:
        return api.JSON({"error": str(err.detail)}, status_code=err.status_code, headers=err.headers)

    async def database_error(_request: Request, err: Exception) -> api.JSON:
        """The database's errors: 503 in an outage (answered here: Starlette re-raises what reaches
        the catch-all below, and the server then logs a traceback per request), else a 500."""
        metrics.database_error()
        if is_outage(err):
            return api.unavailable(ctx, err)
        log.error("agon: internal error", exc_info=err)
        return api.JSON({"error": f"internal error ({type(err).__name__})"}, status_code=500)

    for kind in DATABASE_ERRORS:
        app.add_exception_handler(kind, database_error)

    @app.exception_handler(Exception)
    async def crash(_request: Request, err: Exception) -> api.JSON:
        log.exception("agon: internal error")  # the traceback in the log only, with the request's id
        request_id = request_log.current_id()  # (answered outside `RequestLog`: its header is added here)
        return api.JSON({"error": f"internal error ({type(err).__name__})"}, status_code=500,
                        headers={"X-Request-ID": request_id} if request_id else None)

    app.add_middleware(api.FastPath)  # innermost: after the body limit, inside the headers and error handling
    app.add_middleware(BodyLimit, limit=settings.body_limit, import_limit=settings.import_limit)
    app.add_middleware(AddressLimit, limits=ctx.limits)
    app.add_middleware(SecurityHeaders)
    metrics = install_metrics(app, ctx)  # GET /metrics, requests by route template (issue 37)
    app.add_middleware(request_log.RequestLog)  # X-Request-ID, one log line per request (docs/hosting.md)
    app.add_middleware(Forwarded, trusted=settings.trusted_proxies)  # outermost: the real client address
    return app


def _validation_message(err: RequestValidationError) -> str:
    problems = []
    for e in err.errors()[:3]:
        if e.get("type") == "json_invalid":
            return "malformed JSON in the body"
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        problems.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(problems)


def tune_gc() -> None:
    """The collector of a serving process: what is loaded so far stays out of every collection
    (`gc.freeze`), and young objects are collected every 10 000 allocations, not 700. The live
    matches hold many long-lived objects; the default thresholds made the collector walk them
    again and again (measured: 0.4 s pauses, a tenth of the server's CPU at 300 matches)."""
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)


def app_from_env() -> FastAPI:
    """The app `agon serve --workers N` starts in each worker (settings from AGON_* variables)."""
    settings = Settings.from_env()
    request_log.configure(request_log.use_json(settings.log_format))  # (a worker process starts with no logging)
    app = create_app(settings)
    app.state.agon.drain_on_stop = True  # uvicorn's server stops the worker: let its bot turns finish
    tune_gc()
    return app
