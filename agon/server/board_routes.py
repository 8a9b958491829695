"""Each game's web board renderer, served from the game itself: `/static/boards/<id>.js`.

The page (agon/web/static/board.js) imports the renderer of the match's game from that address.
The script is what the game declares (`Game.board_script()`: `board.js` in its package, or agon's
own `agon/web/static/boards/<id>.js`), so a game of another distribution ships its board inside
its package and nothing here or on the page names it. Any other file of that folder (the
renderers' shared `svg.js`) is a static file as before. Nothing here depends on which game it is.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from fastapi import APIRouter, Request
from fastapi.responses import Response

from agon.engine import load
from agon.engine.errors import UnknownGame
from agon.server.api import static_file

router = APIRouter(include_in_schema=False)


@lru_cache(maxsize=64)
def _script(game_id: str) -> tuple[bytes, str] | None:
    """The game's renderer and its ETag, or None (no such game, or a game without a board)."""
    try:
        script = load(game_id).board_script()
    except UnknownGame:
        return None
    if script is None:
        return None
    body = script.encode("utf-8")
    return body, '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@router.get("/static/boards/{name}")
async def board_script(name: str, request: Request) -> Response:
    """A game's renderer (`<game id>.js`), else the static file of that name."""
    found = _script(name.removesuffix(".js")) if name.endswith(".js") else None
    if found is None:
        return await static_file("boards/" + name, request)
    body, etag = found
    headers = {"Cache-Control": "no-cache", "ETag": etag}  # (revalidated: a new version of the game is seen at once)
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="text/javascript; charset=utf-8", headers=headers)

