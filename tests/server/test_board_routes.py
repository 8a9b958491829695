"""A game's web board renderer comes from the game (issue 35: games as plug-ins): the server serves
`Game.board_script()` at /static/boards/<id>.js, so a game of another distribution ships its board in
its own package (tests/little_tricks: board.js beside its module) and the page and the server never
name it; agon's own renderers and their shared svg.js are served as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import agon
from agon.testing import every_game
from tests.server.conftest import make_client

STATIC_BOARDS = Path(agon.__file__).parent / "web" / "static" / "boards"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module's two tests (nothing here writes)."""
    with make_client(tmp_path_factory.mktemp("boards")) as made:
        yield made

def test_every_games_board_is_the_one_its_game_declares(client) -> None:
    for game_id in every_game():
        script = agon.load(game_id).board_script()
        response = client.get(f"/static/boards/{game_id}.js")
        if script is None:
            assert response.status_code == 404, game_id
            continue
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/javascript")
        assert response.text == script, game_id
        again = client.get(f"/static/boards/{game_id}.js", headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304
    plugin = client.get("/static/boards/little-tricks.js").text
    assert "export function draw" in plugin and not (STATIC_BOARDS / "little-tricks.js").exists()


def test_the_renderers_shared_files_stay_static_and_nothing_else_is_served(client) -> None:
    assert client.get("/static/boards/svg.js").text == (STATIC_BOARDS / "svg.js").read_text(encoding="utf-8")
    for name in ("no-such-game.js", "little-tricks", "..%2f..%2fpyproject.toml", "little-tricks.json"):
        assert client.get(f"/static/boards/{name}").status_code == 404, name
