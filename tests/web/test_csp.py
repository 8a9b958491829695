"""The pages under the Content-Security-Policy (issue 29 item 13): every page, /docs included,
draws its board, legend and cards with no script or style the policy blocks."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("game", ["cuba-libre", "1989"])
def test_the_pages_and_docs_break_no_rule_of_the_policy(page: Any, server: Any, game: str) -> None:
    blocked: list[str] = []
    page.on("console", lambda message: blocked.append(message.text) if "Content Security Policy" in message.text else None)
    roles = server.call(f"/api/games/{game}/roles", {"options": {}})["roles"]
    made = server.call("/api/matches", {"game": game, "seed": 3, "seats": dict.fromkeys(roles, "human")})
    seat = next(iter(made["seats"].values()))
    page.goto(f"/m/{made['id']}#{seat['token']}")
    page.wait_for_selector("svg")  # the board, its legend and the cards are drawn
    page.wait_for_timeout(500)
    page.goto("/")
    page.wait_for_timeout(500)
    page.goto("/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=20000)  # Swagger UI drew the routes
    assert page.get_by_text("/api/matches/{match_id}/actions", exact=True).count() >= 1
    assert not blocked, blocked
