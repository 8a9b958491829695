"""A match the operator ended (`agon admin end`, issue 37) reads so on its page, to a seat and a spectator."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from agon.cli.main import main
from tests.server.conftest import ServerProcess, wait_for

SHOTS = Path("/work/shots-admin")


def _post(base: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _healthy(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/health", timeout=5) as response:
            return json.loads(response.read()).get("ok") is True
    except OSError:
        return False


def test_an_ended_match_says_the_operator_ended_it(browser: Any, tmp_path: Path, capsys: Any) -> None:
    db = f"sqlite:///{tmp_path / 'agon.db'}"
    assert main(["admin", "--db", db, "matches"]) == 0  # the schema, before the server opens it
    server = ServerProcess(db).start()
    try:
        wait_for(lambda: _healthy(server.base), 30)
        roles = _post(server.base, "/api/games/1989/roles", {"options": {}})["roles"]
        made = _post(server.base, "/api/matches", {"game": "1989", "seats": dict.fromkeys(roles, "human")})
        server.stop()  # an abandoned match: no server holds it while the operator ends it
        assert main(["admin", "--db", db, "end", made["id"]]) == 0
        server = ServerProcess(db).start()
        wait_for(lambda: _healthy(server.base), 30)
        context = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.base)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        seat = next(iter(made["seats"].values()))
        page.goto(seat["url"])
        page.wait_for_selector("#prompt-text:has-text('operator ended this match')")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "ended-by-operator.png"))
        page.goto(f"/m/{made['id']}")  # a spectator
        page.wait_for_selector("#prompt-text:has-text('operator ended this match')")
        context.close()
        assert not errors, errors
    finally:
        server.stop()
