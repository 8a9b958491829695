"""The routes of studies (`agon.server.studies`): a position file opened in the replay viewer.

- `POST /api/studies` (a position, as `agon play --position` reads one): 201 `{"id", "url":
  "/study/ID"}`; a bad file is one line (PositionError's) and a 4xx, and nothing is stored.
- `GET /api/studies/{id}`: what each seat and a spectator see there, never the seed, the
  generator or the position.
- `GET /study/{id}`: the replay viewer's page, which shows it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request, Response

from agon.server.api import ERRORS_DOC, JSON, MAX_NOTE, _page
from agon.server.matches import ApiError

if TYPE_CHECKING:
    from agon.server.app import Context

router = APIRouter(tags=["studies"])
pages = APIRouter(include_in_schema=False)

POSITION_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {"application/json": {
    "schema": {"type": "object", "description": "a position file (docs/positions.md)"},
    "example": {"format": "agon-position", "version": 1, "game": "1989", "...": "..."}}}}}

STUDY_EXAMPLE = {"id": "Xy3k9aB2cDeF", "game": "1989", "title": "1989 (position)", "roles": ["democrat", "communist"],
                 "seats": {"democrat": {"name": "Democrat"}, "communist": {"name": "Communist"}},
                 "active": ["democrat"], "is_over": False, "result": None,
                 "views": {"": {"game": "1989", "log": []}, "democrat": {"game": "1989", "hand": [], "log": []}}}


def longest_string(value: Any) -> int:
    """The length of the longest string (keys included) anywhere in a JSON value, however deep
    (a position's frames nest deeper than a record's actions)."""
    longest, pending = 0, [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            longest = max(longest, len(item))
        elif isinstance(item, dict):
            longest = max(longest, max((len(key) for key in item), default=0))
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return longest


def _ctx(request: Request) -> Context:
    return request.app.state.agon


@router.post("/api/studies", status_code=201, openapi_extra=POSITION_BODY, responses={
    201: {"content": {"application/json": {"example": {"id": "Xy3k9aB2cDeF", "url": "/study/Xy3k9aB2cDeF"}}}},
    **ERRORS_DOC})
async def create_study(request: Request, title: str | None = None) -> JSON:
    """A position file becomes a study: what each seat and a spectator see there, in the replay
    viewer (the sibling of `POST /api/matches/import`, which takes a finished game's record). The
    server keeps the position, seed and generator included, and never sends them to anyone."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    try:
        data = json.loads(await request.body())
    except ValueError:
        raise ApiError(400, "the body is not JSON: a position file is") from None
    if longest_string(data) > MAX_NOTE:
        raise ApiError(413, f"the position holds a string longer than {MAX_NOTE} characters")
    if title is not None and len(title) > 200:
        raise ApiError(413, "the title is longer than 200 characters")
    if title is not None and "\x00" in title:  # (PostgreSQL's text cannot hold one)
        raise ApiError(400, "the title holds a NUL character (\\u0000), which no field may hold")
    study_id = await ctx.run(ctx.studies.create, data, title)
    return JSON({"id": study_id, "url": ctx.matches.link(f"/study/{study_id}")}, status_code=201)


@router.get("/api/studies/{study_id}", responses={
    200: {"content": {"application/json": {"example": STUDY_EXAMPLE}}}, **ERRORS_DOC})
async def get_study(study_id: str, request: Request) -> Response:
    """What each seat (`views[role]`) and a spectator (`views[""]`) see in the study's position,
    who is to act and the result if the game is over; never the seed, the generator or the position."""
    ctx = _ctx(request)
    ctx.limit(None, request)
    return Response(await ctx.run(ctx.studies.shown, study_id), media_type="application/json")


@pages.get("/study/{study_id}")
async def study_page(request: Request, study_id: str) -> Response:
    return _page(request, "replay.html")
