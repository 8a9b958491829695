"""Prometheus metrics at `GET /metrics` (issue 37, "Observable"), through `prometheus-client`.

- `agon_http_requests_total{method, route, status}` and `agon_http_request_seconds{method, route}`:
  every HTTP request, by its route's template (`/api/matches/{match_id}`), never by its path: a
  path holds match ids, and a label per match would grow without bound. A path no route took is
  `route="other"`.
- `agon_actions_total`: actions stored (the players' and the bots'; a leave is no action).
- `agon_database_errors_total`: requests answered with the database's error (an outage's 503 or a 500).
- Read when scraped, at no cost to a request: `agon_live_websockets`, `agon_matches_cached`,
  `agon_bot_queue` (bot turns waiting for a free slot) and `agon_bot_busy` (bot turns thinking).

Each app has a registry of its own (tests make many apps in one process). With `agon serve
--workers N` each worker has its own counters: a scrape reads the worker that answers it.
A label never holds a token, a match id, a name or an address.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from fastapi import FastAPI

    from agon.server.app import Context

PATH = "/metrics"
OTHER = "other"  # the route label of a path no route took (a 404, a probe of a scanner)
# the two routes `api.FastPath` answers before FastAPI's router (so the scope names no route)
FAST_ROUTES = {("GET", ""): "/api/matches/{match_id}", ("POST", "actions"): "/api/matches/{match_id}/actions"}
# seconds: from a cached answer (tens of microseconds) to a request waiting for the database
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


def route_of(scope: Scope) -> str:
    """The template of the route that answered (its path with `{parameters}`), never the path."""
    route = scope.get("route")
    if isinstance(route, BaseRoute) and isinstance(getattr(route, "path", None), str):
        return str(route.path)  # type: ignore[attr-defined]
    path: str = scope.get("path", "")
    if path.startswith("/api/matches/"):
        match_id, _, rest = path[len("/api/matches/"):].partition("/")
        if match_id:
            return FAST_ROUTES.get((scope.get("method", ""), rest), OTHER)
    return OTHER


class Metrics:
    """The counters and histograms of one app, and its registry."""

    def __init__(self, ctx: Context) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("agon_http_requests", "HTTP requests by route template and status",
                                ["method", "route", "status"], registry=self.registry)
        self.latency = Histogram("agon_http_request_seconds", "HTTP request latency by route template",
                                 ["method", "route"], buckets=BUCKETS, registry=self.registry)
        self.actions = Counter("agon_actions", "actions stored (players' and bots')", registry=self.registry)
        self.database_errors = Counter("agon_database_errors", "requests answered with a database error",
                                       registry=self.registry)
        self.registry.register(ServerState(ctx))

    def database_error(self) -> None:
        self.database_errors.inc()

    def scrape(self) -> bytes:
        return generate_latest(self.registry)


class ServerState(Collector):
    """Gauges read from the server's own structures when scraped (nothing to keep up to date)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def collect(self) -> Iterator[GaugeMetricFamily]:
        ctx = self.ctx
        sockets = sum(len(subs) for subs in list(ctx.hub.subscribers.values()))
        yield GaugeMetricFamily("agon_live_websockets", "open live-update websockets", value=sockets)
        yield GaugeMetricFamily("agon_matches_cached", "matches held in memory",
                                value=len(ctx.matches._cache))
        pool = ctx.pool
        waiting = sum(len(line) for line in list(pool.slots.waiting.values())) if pool is not None else 0
        yield GaugeMetricFamily("agon_bot_queue", "bot turns waiting for a free bot slot", value=waiting)
        busy = len(pool.busy) if pool is not None else 0
        yield GaugeMetricFamily("agon_bot_busy", "bot turns being thought in worker processes", value=busy)


class MetricsMiddleware:
    """Counts and times every HTTP request by its route's template (outermost: it sees the
    answer of every other middleware, the rate limits' 429s too)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the server answers if the app raises before its answer

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = route_of(scope)
            method = scope["method"]
            self.metrics.latency.labels(method, route).observe(time.perf_counter() - started)
            self.metrics.requests.labels(method, route, str(status)).inc()


def _counting(metrics: Metrics, append: Callable[..., None]) -> Callable[..., None]:
    """`Store.append_action` (every stored action's one write), counted once it is stored."""

    def append_action(*args: object, **kwargs: object) -> None:
        append(*args, **kwargs)
        metrics.actions.inc()

    return append_action


def install(app: FastAPI, ctx: Context) -> Metrics:
    """The app's metrics: the `/metrics` route, the middleware (call after the other middleware)
    and the count of stored actions."""
    metrics = Metrics(ctx)
    ctx.store.append_action = _counting(metrics, ctx.store.append_action)  # type: ignore[method-assign]

    async def scrape(_request: Request) -> Response:
        return Response(metrics.scrape(), media_type=CONTENT_TYPE_LATEST)

    app.add_route(PATH, scrape, methods=["GET"], include_in_schema=False)
    app.add_middleware(MetricsMiddleware, metrics=metrics)
    return metrics
