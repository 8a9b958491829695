"""Structured logs (docs/hosting.md "Logs, metrics and health"): a request id for every request,
one JSON line per request and one per failure.

- `RequestLog` gives each HTTP request and websocket an id: a trusted proxy's `X-Request-ID`
  (`agon.server.proxy`), else a new one; it is sent back in the `X-Request-ID` header and kept in
  `REQUEST` (a context variable) for every log line written while the request runs.
- When the logger `agon.access` logs INFO (`agon serve` with `log_format = "json"`), each request
  ends with one line: time, level, request id, method, route template (never the path: it may
  hold a match id beside a token's fragment), status, duration in ms, client address, and the
  match id and seat role where known. Never a token, a password, a cookie, a query string.
- `JsonFormatter` writes every record as one JSON line; a failure's traceback stays in the log
  (the answer says `internal error (TypeError)` and gives the request id).
"""

from __future__ import annotations

import contextvars
import itertools
import json
import logging
import re
import secrets
import sys
import time
import traceback
from dataclasses import dataclass
from datetime import UTC, datetime

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agon.server.metrics import route_of
from agon.server.proxy import PROXIED

access = logging.getLogger("agon.access")
HEADER = b"x-request-id"
# a proxy's id is kept only if it looks like one (no spaces, no control characters, short)
_GOOD_ID = re.compile(rb"[A-Za-z0-9._:@/+=-]{1,128}")


@dataclass
class RequestInfo:
    """What the log line of the request running now says besides its route; the routes fill in
    `match` and `role` (`note`) when they learn them."""

    request_id: str
    match: str | None = None
    role: str | None = None


REQUEST: contextvars.ContextVar[RequestInfo | None] = contextvars.ContextVar("agon_request", default=None)


def note(match: str | None = None, role: str | None = None) -> None:
    """The match and seat role of the request running now (nothing outside a request)."""
    info = REQUEST.get()
    if info is None:
        return
    if match is not None:
        info.match = match
    if role is not None:
        info.role = role


def current_id() -> str | None:
    info = REQUEST.get()
    return info.request_id if info is not None else None


# a new id: this process's random prefix and a count (an id is no secret: the client is told it),
# unique across processes and restarts; a random id per request cost a system call (urandom) each
_PREFIX = secrets.token_hex(4)
_COUNT = itertools.count(1)


def _request_id(scope: Scope) -> str:
    if scope.get(PROXIED):
        for key, value in scope["headers"]:
            if key == HEADER and _GOOD_ID.fullmatch(value):
                return bytes(value).decode("ascii")
    return f"{_PREFIX}{next(_COUNT):08x}"


class RequestLog:
    """The request id (header and context) of every request, and its access line."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        info = RequestInfo(_request_id(scope))
        REQUEST.set(info)  # (each request runs in a task of its own: the value stays with it)
        header = (b"x-request-id", info.request_id.encode())
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), header]
            elif message["type"] == "websocket.accept":
                status = 101
                message["headers"] = [*message.get("headers", []), header]
            elif message["type"] == "websocket.close" and status == 500:
                status = 403  # refused before it was accepted
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if access.isEnabledFor(logging.INFO):
                access.info("request", extra={"fields": self._fields(scope, info, status, started)})

    @staticmethod
    def _fields(scope: Scope, info: RequestInfo, status: int, started: float) -> dict[str, object]:
        client = scope.get("client")
        match = info.match or (scope.get("path_params") or {}).get("match_id")
        if match is None and "{match_id}" in route_of(scope):
            match = scope["path"].removeprefix("/api/matches/").partition("/")[0] or None
        return {"method": scope.get("method", "WS"), "route": route_of(scope), "status": status,
                "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                "client": client[0] if client else None, "match": match, "role": info.role}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id (when a request runs),
    the access line's fields, and a failure's traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        request_id = current_id()
        if request_id is not None:
            line["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info and record.exc_info[0] is not None:
            line["error"] = record.exc_info[0].__name__
            line["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        return json.dumps(line, default=str)


def use_json(log_format: str) -> bool:
    """Whether `log_format` means JSON lines here (auto: unless stderr is a terminal)."""
    return log_format == "json" or (log_format == "auto" and not sys.stderr.isatty())


def configure(json_lines: bool) -> None:
    """`agon serve`'s logging: JSON lines on stderr (with the access lines), or the plain text it
    always wrote (warnings and errors, no access lines)."""
    if not json_lines:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("agon").setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):  # uvicorn's lines go through the same handler
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
