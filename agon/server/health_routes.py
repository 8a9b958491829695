"""`/livez` and `/readyz` for an orchestrator or a proxy's health checks (docs/hosting.md "Logs,
metrics and health"); `/api/health` and `/api/ready` (agon.server.api) say the same in JSON.

- `/livez`: the process answers (200 `ok`), whatever the database does: restarting it would not help.
- `/readyz`: 200 `ok` when the database answers a cheap query within 2 s; 503 with one line
  saying why when it does not, and while the server is stopping (send no new traffic here).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse
from sqlalchemy import Engine, text

from agon.server.faults import describe

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(include_in_schema=False)
READY_TIMEOUT = 2.0


def _ctx(request: Request) -> Context:
    return request.app.state.agon  # type: ignore[no-any-return]


@router.get("/livez")
async def livez() -> PlainTextResponse:
    return PlainTextResponse("ok\n")


@router.get("/readyz")
async def readyz(request: Request) -> PlainTextResponse:
    ctx = _ctx(request)
    if ctx.draining:
        return _not_ready("the server is stopping")
    try:
        await asyncio.wait_for(ctx.run(select_one, ctx.engine), READY_TIMEOUT)
    except TimeoutError:
        return _not_ready(f"the database did not answer within {READY_TIMEOUT:g} s")
    except Exception as err:  # any failure of the query is the answer here, in one line
        return _not_ready(f"the database does not answer ({describe(err)})")
    return PlainTextResponse("ok\n")


def select_one(engine: Engine) -> None:
    """The cheapest query that needs the database (no write: `/api/ready` checks writes)."""
    with engine.connect() as conn:
        conn.execute(text("SELECT 1")).scalar()


def _not_ready(reason: str) -> PlainTextResponse:
    return PlainTextResponse(f"not ready: {reason}\n", status_code=503, headers={"Retry-After": "5"})
