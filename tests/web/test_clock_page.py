"""The clocks on the page (issue 31): a match with a live pace shows each seat's remaining time
beside its name, the running one counting down; the lobby's form offers the pace. Screenshots
at 1400x900 in English and Greek go to tests/artifacts/clocks/ to be looked at."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import pytest


def open_in(browser: Any, server: Any, lang: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, base_url=server.base)
    context.add_init_script(f"localStorage.setItem('agon.lang', '{lang}')")
    context.set_default_timeout(20000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return context, page, errors


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_page_shows_the_clocks_counting_down(browser: Any, server: Any, artifacts: Path, lang: str) -> None:
    made = server.call("/api/matches", {"game": "1989", "seats": {"democrat": "human", "communist": "human"},
                                        "seed": 3, "pace": {"kind": "live", "per_move": 5}})
    first = server.call(f"/api/matches/{made['id']}")["active"][0]
    context, page, errors = open_in(browser, server, lang)
    try:
        page.goto(made["seats"][first]["url"])
        running = page.locator(f'#players li[data-role="{first}"] .clock.running .clock-time')
        running.wait_for()
        before = running.inner_text()
        assert before == "05:00" or before.startswith("04:"), before  # minutes:seconds under an hour
        time.sleep(2.2)
        after = running.inner_text()
        assert after < before and after.startswith("04:"), (before, after)
        waiting = next(r for r in ("democrat", "communist") if r != first)
        assert page.locator(f'#players li[data-role="{waiting}"] .clock:not(.running) .clock-time').inner_text() == "05:00"
        assert page.locator(".clocks-box .pace").inner_text() in ("5 min a move", "5 λ. ανά κίνηση")
        folder = artifacts / "clocks"
        folder.mkdir(exist_ok=True)
        page.locator("#players").scroll_into_view_if_needed()
        page.screenshot(path=str(folder / f"match-clocks-{lang}.png"))

        page.goto("/")
        page.wait_for_selector("#seats select")
        page.select_option("#pace-kind", "bank")
        page.wait_for_selector("#pace-increment-box:not([hidden])")
        assert page.locator("#pace-amount").input_value() == "3"
        page.select_option("#pace-timeout", "bot")
        page.check("#pace-take-back")
        page.locator("#pace-box").scroll_into_view_if_needed()
        page.screenshot(path=str(folder / f"lobby-pace-{lang}.png"))
        page.fill("#pace-amount", "0")
        page.click("#create")
        assert page.locator("#lobby-error").inner_text() in (
            "The time per move must be a whole number of 1 or more.",
            "Ο χρόνος ανά κίνηση πρέπει να είναι ακέραιος αριθμός, 1 ή μεγαλύτερος.")
        page.fill("#pace-amount", "3")
        page.click("#create")
        page.wait_for_selector("#created h3")
    finally:
        context.close()
    assert not errors, errors


def test_the_account_page_starts_and_stops_a_vacation(browser: Any, server: Any, artifacts: Path) -> None:
    from tests.web.test_accounts import sign_up

    context, page, errors = open_in(browser, server, "en")
    try:
        sign_up(page, "vac" + secrets.token_hex(3))
        page.goto("/account")
        page.wait_for_selector("#vacation-box:not([hidden])")
        assert page.locator("#vacation-status").inner_text() == "Days left this year: 30 of 30."
        page.fill("#vacation-days", "40")
        page.click("#vacation-start")
        page.wait_for_selector("#vacation-error:not(:empty)")
        assert page.locator("#vacation-error").inner_text() == "days must be at most 30 (the vacation days left this year)"
        page.fill("#vacation-days", "3")
        page.click("#vacation-start")
        page.wait_for_selector("#vacation-stop:not([hidden])")
        assert page.locator("#vacation-status").inner_text().startswith("You are on vacation until ")
        page.locator("#vacation-box").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "clocks" / "account-vacation-en.png"))
        page.click("#vacation-stop")
        page.wait_for_selector("#vacation-start:not([hidden])")
    finally:
        context.close()
    assert not errors, errors
