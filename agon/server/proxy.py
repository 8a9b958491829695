"""Behind a reverse proxy (docs/hosting.md "Behind a reverse proxy"): the client's address and
scheme from `X-Forwarded-For` / `X-Forwarded-Proto` (uvicorn's `ProxyHeadersMiddleware`), its
host from `X-Forwarded-Host`, believed only when the peer is one of `trusted_proxies`.

With no trusted proxy (the default) nothing a client sends changes its address: the rate limits
per address (`agon.server.limits.AddressLimit`, inside this middleware) and the logs see the
socket's peer. Behind a trusted proxy they see the address the proxy was reached from.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

PROXIED = "agon.proxied"  # scope key: the request came through a trusted proxy (its X-Request-ID is kept)


class Forwarded:
    """Apply a trusted proxy's forwarded headers to the scope; drop nothing, believe nothing from
    anyone else."""

    def __init__(self, app: ASGIApp, trusted: tuple[str, ...]) -> None:
        self.app = app
        self.proxy = ProxyHeadersMiddleware(app, trusted_hosts=list(trusted)) if trusted else None  # type: ignore[arg-type]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.proxy is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if client is None or client[0] not in self.proxy.trusted_hosts:
            await self.app(scope, receive, send)
            return
        scope[PROXIED] = True
        forwarded_host = _header(scope, b"x-forwarded-host")
        if forwarded_host:  # the nearest proxy's value is the last one
            host = forwarded_host.rsplit(b",", 1)[-1].strip()
            scope["headers"] = [(k, v) for k, v in scope["headers"] if k != b"host"] + [(b"host", host)]
        await self.proxy(scope, receive, send)  # type: ignore[arg-type]


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


def public_link(public_url: str | None, path: str) -> str:
    """The link to `path` people are given to share: at `public_url` when it is set (behind a
    proxy the request's own host may be an internal one), else the path itself."""
    return public_url.rstrip("/") + path if public_url else path
