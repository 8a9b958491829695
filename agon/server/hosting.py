"""How `agon serve` runs uvicorn: its logging, its proxy handling, and a graceful stop
(docs/hosting.md "Stopping and restarting").

On SIGTERM (or Ctrl-C) the server
1. stops accepting connections, and `/readyz` answers 503;
2. closes every live websocket with code 1012 ("service restart") and the reason `RESTARTING`,
   which the match page takes as "reconnect in a moment" (agon/web/static/match.js);
3. lets the requests in flight finish, and the bot turns in flight (no new one starts), for at
   most `shutdown_seconds` in all;
4. stops its threads and bot processes and exits with status 0.
An action acknowledged before is stored (it is stored before it is acknowledged); a bot turn cut
by the bound is taken up again by the next server's sweep.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
from typing import TYPE_CHECKING, Any

import uvicorn

if TYPE_CHECKING:
    from fastapi import FastAPI

    from agon.server.app import Context, Settings

class GracefulServer(uvicorn.Server):
    """uvicorn's server, telling the app it is stopping once it no longer accepts connections."""

    def __init__(self, config: uvicorn.Config, ctx: Context) -> None:
        super().__init__(config)
        self.ctx = ctx

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:  # no new connection from here on (uvicorn's own shutdown does it too)
            server.close()
        await self.ctx.begin_drain(self.config.timeout_graceful_shutdown or 0.0)
        await super().shutdown(sockets)


def run_server(settings: Settings, keep_alive: int) -> int:
    """Serve until stopped; 0 after a stop by SIGTERM or Ctrl-C."""
    from agon.server.app import create_app, tune_gc
    from agon.server.limits import concurrency_limit, http_protocol, raise_open_files_limit
    from agon.server.request_log import configure, use_json

    json_lines = use_json(settings.log_format)
    configure(json_lines)
    open_files = raise_open_files_limit()
    options: dict[str, Any] = {
        "host": settings.host, "port": settings.port,
        # a request must arrive whole within request_seconds; past what the open files allow, 503
        "http": http_protocol(), "limit_concurrency": concurrency_limit(open_files),
        "timeout_keep_alive": keep_alive, "ws_per_message_deflate": False,  # CPU is dearer than loopback bytes
        # forwarded headers are the app's (agon.server.proxy, from trusted_proxies): uvicorn's own
        # would believe 127.0.0.1's
        "proxy_headers": False, "access_log": False, "log_level": "warning",
        "timeout_graceful_shutdown": settings.shutdown_seconds}
    if json_lines:
        options["log_config"] = None  # the handlers `configure` set
    settings.migrate = False  # `agon serve` brought the schema up to date before
    _exit_zero_after(signal.SIGTERM)
    if settings.workers > 1:
        os.environ["AGON_MIGRATE"] = "0"  # (each worker reads its settings from the environment)
        uvicorn.run("agon.server.app:app_from_env", factory=True, workers=settings.workers, **options)
        return 0
    app: FastAPI = create_app(settings)
    tune_gc()
    server = GracefulServer(uvicorn.Config(app, **options), app.state.agon)
    server.run()
    return 0


def _exit_zero_after(signum: int) -> None:
    """uvicorn raises a signal it caught again once it has stopped; for SIGTERM the default action
    would end the process with status 143. A stop asked for is a stop that went well: this handler
    does nothing, so `agon serve` returns 0."""
    signal.signal(signum, lambda _signum, _frame: None)


async def close_sockets(ctx: Context, seconds: float) -> None:
    """Close every live websocket (code 1012, reason `RESTARTING`) and give the close frames up to
    `seconds` to go out."""
    ctx.hub.close_all()
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    while ctx.hub.subscribers and loop.time() < until:
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)  # each socket's close is sent just after it leaves the hub
