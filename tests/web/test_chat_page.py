"""The chat panel of the game page (issue 30), in headless Chromium: two players in two browser
contexts chat both ways live, one mutes the other, a reload keeps the history; the panel passes
axe, is used from the keyboard, and folds on a phone. Screenshots (English and Greek, 1400x900 and
390x844) go to tests/artifacts/ (and to $AGON_SHOTS when set)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from tests.web.test_accessibility import axe_script, scan  # noqa: F401 (axe_script: a fixture)
from tests.web.test_players_meet import all_human

MARKUP = "<b>bold?</b> & <img src=x onerror=alert(1)>"


def _seat_page(browser: Any, server: Any, url: str, errors: list[str], width: int = 1400, height: int = 900,
               lang: str = "en") -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=server.base)
    context.add_init_script(f"localStorage.setItem('agon.lang', '{lang}')")
    context.set_default_timeout(20000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(url)
    page.wait_for_selector("#live.up")
    page.wait_for_selector("#chat-log li", state="attached")  # (folded on a phone)
    return context, page


def _send(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def _texts(page: Any) -> list[str]:
    return page.locator("#chat-log .chat-text").all_inner_texts()


def _shoot(page: Any, artifacts: Path, name: str) -> None:
    page.locator("#chat-box").scroll_into_view_if_needed()
    path = artifacts / name
    page.screenshot(path=str(path))
    shots = os.environ.get("AGON_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(shots) / name)


def test_two_players_chat_live_one_mutes_the_other_and_a_reload_keeps_the_history(
        browser: Any, server: Any, artifacts: Path) -> None:
    made = all_human(server, "dual-powers")
    url = f"/m/{made['id']}#"
    errors: list[str] = []
    red_context, red = _seat_page(browser, server, url + made["seats"]["red"]["token"], errors)
    white_context, white = _seat_page(browser, server, url + made["seats"]["white"]["token"], errors)
    try:
        assert red.locator("#chat-count").inner_text() == "0/500 characters"
        red.fill("#chat-text", "good luck")
        assert red.locator("#chat-count").inner_text() == "9/500 characters"
        red.press("#chat-text", "Enter")
        white.wait_for_function("() => [...document.querySelectorAll('#chat-log .chat-text')]"
                                ".some((e) => e.textContent === 'good luck')", timeout=5000)
        _send(white, MARKUP)  # typed markup stays text on both pages
        red.wait_for_selector("#chat-log .chat-text >> nth=1")
        assert _texts(red) == ["good luck", MARKUP]
        assert red.locator("#chat-log b, #chat-log img").count() == 0
        assert red.locator("#chat-log li.mine .chat-text").inner_text() == "good luck"
        # red mutes white: white's next message reaches white's page, not red's
        switch = red.locator("#chat-mutes button")
        assert switch.count() == 1 and switch.get_attribute("aria-pressed") == "false"
        switch.focus()
        red.keyboard.press("Enter")  # from the keyboard
        red.wait_for_selector("#chat-mutes button[aria-pressed='true']")
        assert _texts(red) == ["good luck"]
        _send(white, "can you hear me?")
        white.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 3")
        _send(red, "still here")
        white.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 4")
        red.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 2")
        assert _texts(red) == ["good luck", "still here"]
        # a reload keeps the history and the mute
        red.reload()
        red.wait_for_selector("#chat-mutes button[aria-pressed='true']")
        assert _texts(red) == ["good luck", "still here"]
        white.reload()
        white.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 4")
        assert _texts(white) == ["good luck", MARKUP, "can you hear me?", "still here"]
        # a message too long: the page keeps to the limit; the server's one line shows for other refusals
        white.fill("#chat-text", "x" * 600)
        assert len(white.locator("#chat-text").input_value()) == 500
        white.fill("#chat-text", "bell\u0007")
        white.press("#chat-text", "Enter")
        white.wait_for_selector("#chat-error:has-text('control characters')")
        white.fill("#chat-text", "")
        _shoot(red, artifacts, "chat-en-1400.png")
        red.locator("#chat-box").screenshot(path=str(artifacts / "chat-panel-en.png"))
    finally:
        red_context.close()
        white_context.close()
    assert not errors, errors


def test_the_chat_panel_in_greek_and_on_a_phone(browser: Any, server: Any, artifacts: Path) -> None:
    made = all_human(server, "dual-powers")
    url = f"/m/{made['id']}#"
    errors: list[str] = []
    contexts = []
    try:
        context, red = _seat_page(browser, server, url + made["seats"]["red"]["token"], errors, lang="el")
        contexts.append(context)
        _send(red, "Καλή επιτυχία!")
        red.wait_for_selector("#chat-log .chat-text")
        assert red.locator("#chat-h").inner_text() == "Συνομιλία"
        assert "χαρακτήρες" in red.locator("#chat-count").inner_text()
        _shoot(red, artifacts, "chat-el-1400.png")
        for lang in ("en", "el"):
            context, phone = _seat_page(browser, server, url + made["seats"]["white"]["token"], errors, 390, 844, lang)
            contexts.append(context)
            assert phone.locator("#chat-box").get_attribute("open") is None  # folded on a phone
            _send(red, f"one more ({lang})")
            phone.wait_for_selector("#chat-unread:not([hidden])")
            phone.locator("#chat-box > summary").focus()
            phone.keyboard.press("Enter")  # opened from the keyboard
            phone.wait_for_selector("#chat-box[open]")
            phone.wait_for_selector("#chat-unread", state="hidden")  # (the details' toggle event comes after [open])
            _shoot(phone, artifacts, f"chat-{lang}-390.png")
            width = phone.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors


def test_the_chat_panel_passes_axe(browser: Any, server: Any, axe_script: str) -> None:  # noqa: F811
    made = all_human(server, "dual-powers")
    token = made["seats"]["red"]["token"]
    server.call(f"/api/matches/{made['id']}/chat", {"text": "hello"}, token=token)
    problems = {url: found for url in (f"/m/{made['id']}#{token}", made["spectate_url"])
                if (found := scan(browser, server, url, "#chat-log li", axe_script))}
    assert problems == {}, problems
