"""The pages under the Content-Security-Policy (issue 29 item 13): every page, /docs included,
draws its board, legend and cards with no script or style the policy blocks: the match page of
every declared game (its board is its own module), the lobby and /docs once."""

from __future__ import annotations

from typing import Any

from agon.testing import every_game


def test_the_pages_and_docs_break_no_rule_of_the_policy(page: Any, server: Any) -> None:
    blocked: list[str] = []
    page.on("console", lambda message: blocked.append(message.text) if "Content Security Policy" in message.text else None)
    for game in every_game():
        roles = server.call(f"/api/games/{game}/roles", {"options": {}})["roles"]
        made = server.call("/api/matches", {"game": game, "seed": 3, "seats": dict.fromkeys(roles, "human")})
        seat = next(iter(made["seats"].values()))
        page.goto(f"/m/{made['id']}#{seat['token']}")
        page.wait_for_selector("svg")  # the board, its legend and the cards are drawn
        page.wait_for_timeout(300)
        assert not blocked, (game, blocked)
    page.goto("/")
    page.wait_for_timeout(500)
    page.goto("/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=20000)  # Swagger UI drew the routes
    assert page.get_by_text("/api/matches/{match_id}/actions", exact=True).count() >= 1
    assert not blocked, blocked
