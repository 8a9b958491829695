"""Issue 30's closing scenarios beyond two players, in the browser: a 4-seat Cuba Libre match where
one person resigns and the rulebook's Non-player takes the faction (the others see it and play on),
and a 5-player Intrigue City match with three bots where the two people chat and play. Screenshots
of both match pages go to tests/artifacts/."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.web.test_pages import PLAYABLE, decide


def _open(browser: Any, server: Any, url: str, errors: list[str]) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, base_url=server.base)
    page = context.new_page()
    page.set_default_timeout(30000)
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(url)
    page.wait_for_selector("#live.up")
    return context, page


def test_a_cuba_libre_player_resigns_and_the_non_player_takes_the_faction(browser: Any, server: Any,
                                                                          artifacts: Path) -> None:
    made = server.call("/api/matches", {"game": "cuba-libre", "options": {"players": 4},
                                        "seats": {role: "human" for role in ("govt", "m26", "dr", "syndicate")}})
    errors: list[str] = []
    opened = {role: _open(browser, server, made["seats"][role]["url"], errors) for role in ("govt", "dr")}
    try:
        quitter = opened["dr"][1]
        quitter.click("#resign")
        quitter.wait_for_selector("#resign-dialog[open]")
        quitter.click("#resign-yes")
        watcher = opened["govt"][1]
        watcher.wait_for_function("() => /resigned/.test(document.querySelector('#log').textContent)")
        line = next(text for text in watcher.locator("#log li").all_inner_texts() if "resigned" in text)
        assert "Non-player" in line, line
        state = server.call(f"/api/matches/{made['id']}", token=made["seats"]["govt"]["token"])
        assert state["seats"]["dr"] == {"kind": "bot", "bot": "nonplayer"} or (
            state["seats"]["dr"]["kind"] == "bot" and state["seats"]["dr"]["bot"] == "nonplayer")
        assert not state["is_over"]  # the others play on
        watcher.locator("#log").scroll_into_view_if_needed()
        watcher.screenshot(path=str(artifacts / "together-cuba-libre-resign.png"))
        # the DR's old page is a spectator's now: it offers no choice
        quitter.reload()
        quitter.wait_for_selector("#live.up")
        assert quitter.locator(PLAYABLE).count() == 0
    finally:
        for context, _ in opened.values():
            context.close()
    assert errors == []


def test_two_people_and_three_bots_play_intrigue_city_and_chat(browser: Any, server: Any, artifacts: Path) -> None:
    seats = {"p1": "human", "p2": "human", "p3": "greedy", "p4": "greedy", "p5": "greedy"}
    made = server.call("/api/matches", {"game": "intrigue-city", "options": {"players": 5}, "seats": seats})
    errors: list[str] = []
    people = [_open(browser, server, made["seats"][role]["url"], errors) for role in ("p1", "p2")]
    try:
        first, second = (page for _, page in people)
        first.fill("#chat-text", "three bots and us")
        first.press("#chat-text", "Enter")
        second.wait_for_function("() => [...document.querySelectorAll('#chat-log .chat-text')]"
                                 ".some((e) => e.textContent === 'three bots and us')")
        decisions = 0
        start = server.call(f"/api/matches/{made['id']}")["version"]
        waiting_since = time.monotonic()
        while decisions < 6:
            mover = None
            for _, page in people:
                if page.locator(PLAYABLE).count() or page.locator("svg.board .target, #hand .target").count():
                    mover = page
                    break
            if mover is None:  # the bots are moving, or a push is on its way to either person's page:
                # wait on both pages (waiting on the first one only timed out whenever the second
                # person was the next to act)
                assert time.monotonic() < waiting_since + 30, "neither person's page became playable"
                assert not first.locator(".prompt-panel:has-text('Game over')").count(), "the game ended early"
                second.wait_for_timeout(100)
                continue
            waiting_since = time.monotonic()
            decide(mover)
            decisions += 1
        # the bots move on the server between the people's turns; a person's turn may take several
        # decisions in a row, so after the last one the bots may still be to move: wait for them
        deadline = time.monotonic() + 30
        while server.call(f"/api/matches/{made['id']}")["version"] - start <= decisions:
            assert time.monotonic() < deadline, "the bots never moved"
            time.sleep(0.2)
        second.locator("#chat-box").scroll_into_view_if_needed()
        second.screenshot(path=str(artifacts / "together-intrigue-city-chat.png"))
    finally:
        for context, _ in people:
            context.close()
    assert errors == []
