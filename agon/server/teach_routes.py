"""The routes of the bots that teach (issue 36 items 4 and 5; `agon.server.teach`).

- `POST /api/matches/ID/analysis`: ask for a finished match's analysis (made once, in the
  background); `GET` the same path reads it: `{"status": "done", "analysis": ...}` once stored.
- `GET /api/matches/ID/hints`: whether the match allows hints.
- `POST /api/matches/ID/hint`: the asking seat's top three choices now, by its token
  (Authorization: Bearer) or the log-in holding it; 403 in a match without hints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import APIRouter, Request

from agon.server.api import ERRORS_DOC, JSON, Bearer, seat_writer

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(tags=["teaching"])


def _ctx(request: Request) -> Context:
    return request.app.state.agon


ANALYSIS_EXAMPLE = {"status": "done", "analysis": {
    "game": "1989", "roles": ["democrat", "communist"], "total": 302, "complete": True, "winners": ["democrat"],
    "points": [{"step": 1, "role": "democrat", "chances": {"democrat": 0.52, "communist": 0.48}}],
    "decisions": [], "worst": []}}


@router.get("/api/matches/{match_id}/analysis", responses={
    200: {"content": {"application/json": {"example": ANALYSIS_EXAMPLE}}}, **ERRORS_DOC})
async def get_analysis(match_id: str, request: Request) -> JSON:
    """The bot's estimate of each seat's chance of winning after every decision of a finished
    match, its preferred choice at each, and the decisions that lost the most (docs/bots.md,
    "Analysis and hints"): `{"status": "done", "analysis": ...}`; `none` before anyone asked for
    it (POST), `running` while it is made, `failed` (with `error`) if it could not be."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    answer, _record = await ctx.run(ctx.teach.analysis, match_id, False)
    return JSON(answer)


@router.post("/api/matches/{match_id}/analysis", status_code=202, responses={
    200: {"content": {"application/json": {"example": ANALYSIS_EXAMPLE}}}, **ERRORS_DOC})
async def start_analysis(match_id: str, request: Request) -> JSON:
    """Ask for a finished match's analysis: it is made once, in the background, on the server's
    budget (202 `running`: GET it later); 200 with it when it is already made."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    answer, record = await ctx.run(ctx.teach.analysis, match_id, True)
    if record is not None:
        ctx.teach.start(ctx.run, match_id, record)
    return JSON(answer, status_code=202 if answer["status"] == "running" else 200)


@router.get("/api/matches/{match_id}/hints", responses=ERRORS_DOC)
async def get_hints(match_id: str, request: Request) -> JSON:
    """Whether the seats of this match may ask for hints (chosen when it was created)."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    live = await ctx.run(ctx.matches.get, match_id)
    allowed = await ctx.run(ctx.teach.allowed, match_id, live.row.rated)
    if allowed:
        ctx.teach.jobs.warm()  # a seat's page asks this first: its first hint need not wait for a worker to start
    return JSON({"allowed": allowed})


@router.post("/api/matches/{match_id}/hint", responses={200: {"content": {"application/json": {"example": {
    "version": 12, "role": "democrat", "choices": [
        {"verb": "card", "arg": 4, "label": "Play Michnik for its event", "chance": 0.61, "visits": 540}]}}}},
    **ERRORS_DOC})
async def post_hint(match_id: str, request: Request, authorization: Bearer = None) -> JSON:
    """The bot's top three choices for the asking seat, with its estimated chance of winning after
    each, searched from what that seat can see only; 403 when the match does not allow hints,
    409 when it is not the seat's turn."""
    ctx = _ctx(request)
    token, account = await seat_writer(ctx, request, authorization, "asking for a hint", "the seat's token")
    return JSON(await ctx.teach.hint(ctx.run, match_id, token, account))
