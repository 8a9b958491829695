"""Limits that keep one client from taking the server: requests per client address and per seat
token, websocket connections and messages, and requests that do not arrive in time.

- Every request and websocket connection is charged to its client address (the socket's peer,
  or behind one of `trusted_proxies` the client's address it forwards: `agon.server.proxy`, which
  runs before this middleware), except requests
  whose bearer token has named a seat before, which are charged to that seat alone (many players
  behind one address each keep their own limit). A token never seen to name a seat is charged
  to the address too, so fresh random tokens do not buy fresh limits.
- A websocket may send a few messages a second (it needs one, the first); a flood closes it.
- `RequestDeadline`: uvicorn cuts an idle kept-alive connection, but not a request whose headers
  or body stop half way; this HTTP protocol closes a connection whose request has not fully
  arrived `AGON_REQUEST_SECONDS` (default 10) after it began.
"""

from __future__ import annotations

import asyncio
import json
import os
import time

from starlette.types import ASGIApp, Receive, Scope, Send

from agon.server.encode import dumps
from agon.server.matches import token_hash


class TokenBuckets:
    """Requests per key (a token's hash, or a client address): `rate` per second, bursts of `burst`."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}
        self.spent: dict[str, int] = {}  # taken here since the last `drain` (shared with other processes)

    def take(self, key: str) -> bool:
        now = time.monotonic()
        level, then = self.buckets.get(key, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        if level < 1:
            self.buckets[key] = (level, now)
            return False
        self.buckets[key] = (level - 1, now)
        if len(self.spent) < 100_000:
            self.spent[key] = self.spent.get(key, 0) + 1
        if len(self.buckets) > 100_000:  # forget the fullest buckets first
            for k in [k for k, (lv, _) in self.buckets.items() if lv >= self.burst - 1][:50_000]:
                del self.buckets[k]
        return True

    def drain(self) -> dict[str, int]:
        """The requests taken here since the last call, per key (to tell the other processes)."""
        spent, self.spent = self.spent, {}
        return spent

    def charge(self, key: str, count: int) -> None:
        """Another process served `count` requests of this key: they come out of this bucket too."""
        now = time.monotonic()
        level, then = self.buckets.get(key, (self.burst, now))
        self.buckets[key] = (max(0.0, min(self.burst, level + (now - then) * self.rate) - count), now)


def token_key(token: str) -> str:
    """The rate key of a seat token (its hash: the token itself is kept nowhere)."""
    return "t:" + token_hash(token)


def address_key(scope: Scope) -> str:
    client = scope.get("client")
    return "c:" + (client[0] if client else "?")


class RateLimits:
    """The buckets of one process: per seat token, per client address; and the tokens seen to
    name a seat (`trusted`), whose requests are charged to the seat alone."""

    MAX_TRUSTED = 200_000

    def __init__(self, token_rate: float, token_burst: float, client_rate: float, client_burst: float) -> None:
        self.tokens = TokenBuckets(token_rate, token_burst)
        self.clients = TokenBuckets(client_rate, client_burst)
        self.trusted: set[str] = set()

    def trust(self, token: str) -> None:
        """This token named a seat: its requests are charged to it, no longer to the address."""
        if len(self.trusted) >= self.MAX_TRUSTED:
            self.trusted.clear()  # forgotten tokens are charged to their address again until they next succeed
        self.trusted.add(token_key(token))

    def address_ok(self, scope: Scope, token: str | None) -> bool:
        """Charge this request to its client address, unless its token is trusted; False when
        the address is over its limit."""
        if token is not None and token_key(token) in self.trusted:
            return True
        return self.clients.take(address_key(scope))


def _bearer(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            if scheme.lower() != "bearer":
                return None
            return token.strip() or None
    return None


class AddressLimit:
    """429 (a websocket: refused) once a client address is over its limit, before the request is read."""

    def __init__(self, app: ASGIApp, limits: RateLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            if not self.limits.address_ok(scope, _bearer(scope)):
                body = dumps({"error": "too many requests from this address; slow down"})
                await send({"type": "http.response.start", "status": 429,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode()), (b"retry-after", b"1")]})
                await send({"type": "http.response.body", "body": body})
                return
        elif kind == "websocket" and not self.limits.address_ok(scope, None):
            await _refuse_websocket(scope, receive, send)
            return
        await self.app(scope, receive, send)


async def _refuse_websocket(scope: Scope, receive: Receive, send: Send) -> None:
    """Refuse a websocket handshake with 429 where the server can send an HTTP answer to it (ASGI's
    websocket.http.response extension), else with the handshake's plain refusal (403)."""
    await receive()  # websocket.connect
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"error": "too many connections from this address; slow down"}).encode()
        await send({"type": "websocket.http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json"), (b"retry-after", b"1")]})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})


class MessageLimit:
    """Messages one websocket may send: `rate` per second, bursts of `burst` (a client needs one)."""

    def __init__(self, rate: float = 5.0, burst: float = 20.0) -> None:
        self.bucket = TokenBuckets(rate, burst)

    def take(self) -> bool:
        return self.bucket.take("")


# -- requests that do not arrive ------------------------------------------------------------------

def request_seconds() -> float:
    """How long a request may take to arrive, headers and body: the setting `request_seconds`
    (docs/hosting.md), which `agon serve` hands its processes as AGON_REQUEST_SECONDS (default 10)."""
    return float(os.environ.get("AGON_REQUEST_SECONDS", "10"))


def http_protocol() -> type[asyncio.Protocol] | str:
    """The HTTP protocol `agon serve` gives uvicorn: `RequestDeadline`, or uvicorn's choice where
    httptools is missing (then a half-sent request waits for uvicorn's own limits)."""
    try:
        from agon.server.deadline import RequestDeadline
    except ImportError:
        return "auto"
    return RequestDeadline


def raise_open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (every connection is a
    file: the common 1024 let a thousand slow clients take the server off the air); the limit now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 1 << 20)
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft


def concurrency_limit(open_files: int) -> int:
    """Connections uvicorn takes at once before it answers 503: what the open-files limit allows,
    less a reserve for the database, the bot processes and the files served."""
    return max(64, open_files - 128)
