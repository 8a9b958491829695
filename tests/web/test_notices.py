"""The match page shows what the server says besides whose turn it is (issue 29 items 1, 4, 7):
a bot that cannot move (`bot_trouble`, in the page's language), a match its creator seeded."""

from __future__ import annotations

import json
from typing import Any

TROUBLE = {"role": "communist", "kind": "time", "message": {
    "text": "The bot of {role} ({bot}) ran out of time; the server keeps trying.",
    "args": {"role": "Communist", "bot": "ismcts"}}}


def test_a_bot_that_cannot_move_and_a_seeded_match_are_shown(page: Any, server: Any) -> None:
    made = server.call("/api/matches", {"game": "1989", "seed": 11, "seats": {"democrat": "human", "communist": "human"}})
    routes: list[Any] = []
    held: list[bool] = []  # once the trouble is pushed, the server's own pushes stop here (a later
    # push of the real state, e.g. after a reconnect, would rightly clear it and race the checks)

    def through(ws: Any) -> None:
        upstream = ws.connect_to_server()
        upstream.on_message(lambda message: None if held else ws.send(message))
        routes.append(ws)

    page.route_web_socket("**/live", through)
    page.goto(made["seats"]["democrat"]["url"])
    page.wait_for_selector("#live.up")
    page.wait_for_function("() => document.body.dataset.version === '0'")
    status = page.locator("#status")
    assert "The creator of this match chose its seed, and can know every hidden card." in status.inner_text()
    state = server.call(f"/api/matches/{made['id']}", token=made["seats"]["democrat"]["token"])
    held.append(True)
    routes[-1].send(json.dumps({**state, "bot_trouble": [TROUBLE]}))  # as the server pushes it
    page.wait_for_function("() => document.getElementById('status').textContent.includes('ran out of time')")
    assert "The bot of Communist (ismcts) ran out of time; the server keeps trying." in status.inner_text()
    page.select_option("#language", "el")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('ξαναδοκιμάζει')")
    assert "\n" not in status.inner_text().strip()
