"""Notification settings in the browser (issue 31): the account page's Notifications section (in
English and Greek, screenshots at 1400x900), a guest seat's own settings on the match page, and the
Notification API: with permission granted, a hidden tab shows a notification when the turn passes
to its seat. The server here has an SMTP host set (no mail is sent by these tests) and allows
loopback webhooks."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, _free_port
from tests.web.test_accounts import sign_up

SHOTS = Path(os.environ.get("AGON_SHOTS", str(Path(__file__).resolve().parents[1] / "artifacts")))


@pytest.fixture(scope="module")
def notify_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = _free_port()
    db = tmp_path_factory.mktemp("notify") / "agon.db"
    env = {**os.environ, "AGON_SMTP_HOST": "127.0.0.1", "AGON_SMTP_PORT": str(_free_port()),
           "AGON_NOTIFY_PRIVATE_TARGETS": "1", "AGON_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    log = (tmp_path_factory.getbasetemp() / "notify-serve.log").open("w")
    process = subprocess.Popen([sys.executable, "-m", "agon.cli.main", "serve", "--host", "127.0.0.1", "--port",
                                str(port), "--db", f"sqlite:///{db}"], stdout=log, stderr=subprocess.STDOUT, env=env)
    found = Server(f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 30
    while not found.healthy():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("agon serve did not start: " + Path(log.name).read_text()[-2000:])
        time.sleep(0.2)
    try:
        yield found
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture
def context(browser: Any, notify_server: Server) -> Iterator[Any]:
    made = browser.new_context(viewport={"width": 1400, "height": 900}, base_url=notify_server.base)
    made.grant_permissions(["notifications"], origin=notify_server.base)
    made.set_default_timeout(20000)
    try:
        yield made
    finally:
        made.close()


def test_the_account_page_sets_the_channels_in_english_and_greek(context: Any, notify_server: Server) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    sign_up(page, f"ada_{secrets.token_hex(3)}")
    page.goto("/account")
    page.wait_for_selector("#notify-form")
    assert page.locator("#notify-email").is_disabled()  # no address yet: the form says so
    assert "e-mail address above first" in page.locator("#notify-box").inner_text()
    page.fill("#pref-email", "ada@example.org")
    page.click("#save-prefs")
    page.wait_for_function("() => document.getElementById('prefs-note').textContent.length > 0")
    page.reload()
    page.wait_for_selector("#notify-form")
    page.check("#notify-email")
    page.check("#notify-webhook")
    page.fill("#notify-webhook-url", notify_server.base + "/nowhere")
    page.check("#notify-digest")
    page.check("#notify-tab")
    page.click("#notify-save")
    page.wait_for_function("() => document.getElementById('notify-note').textContent === 'Saved.'")
    assert page.locator("#notify-error").inner_text() == ""
    page.click("#notify-test")
    page.wait_for_function("() => document.getElementById('notify-note').textContent.includes('on its way')")
    page.locator("#notify-box").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "notify-account-en.png"))
    # what the server keeps: the channels chosen
    saved = page.evaluate("async () => (await (await fetch('/api/me/notifications')).json()).settings")
    assert saved == {"email": True, "webhook": True, "push": False, "digest": True,
                     "webhook_url": notify_server.base + "/nowhere"}
    # in Greek: the account's language redraws the section
    page.select_option("#pref-language", "el")
    page.click("#save-prefs")
    page.wait_for_function("() => document.getElementById('notify-h').textContent === 'Ειδοποιήσεις'")
    page.wait_for_function("() => document.getElementById('notify-test').textContent.includes('δοκιμαστικής')")
    assert page.locator("#notify-email").is_checked() and page.locator("#notify-digest").is_checked()
    page.locator("#notify-box").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "notify-account-el.png"))
    assert not errors, errors


def _move_until_turn(server: Server, match_id: str, token: str, other: str) -> None:
    """The other seat plays its first legal action until it is `token`'s seat's turn."""
    for _ in range(50):
        state = server.call(f"/api/matches/{match_id}", token=other)
        if not state["prompt"]:
            return
        action = state["prompt"]["actions"][0]
        server.call(f"/api/matches/{match_id}/actions", {"version": state["version"], "verb": action["verb"],
                                                         "arg": action["arg"]}, token=other)
    raise AssertionError("the turn never passed")


def test_a_hidden_tab_shows_a_notification_when_the_turn_passes_to_its_seat(context: Any,
                                                                           notify_server: Server) -> None:
    made = notify_server.call("/api/matches", {"game": "1989", "seed": 5, "title": "Leipzig",
                                                "seats": {"democrat": "human", "communist": "human"}})
    tokens = {role: seat["token"] for role, seat in made["seats"].items()}
    # Bob (communist) moves first; Ada (democrat) waits with her tab in the background
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(made["seats"]["democrat"]["url"])
    page.wait_for_selector("#notify-box:not([hidden])")
    page.click("#notify-box summary")
    page.wait_for_selector("#notify-form")
    assert page.evaluate("Notification.permission") == "granted"
    page.check("#notify-tab")
    page.fill("#notify-address", "ada@example.org")
    page.check("#notify-email")
    page.click("#notify-save")
    page.wait_for_function("() => document.getElementById('notify-note').textContent === 'Saved.'")
    page.screenshot(path=str(SHOTS / "notify-seat-en.png"))
    answer = urllib.request.urlopen(urllib.request.Request(
        notify_server.base + f"/api/matches/{made['id']}/notifications",
        headers={"Authorization": "Bearer " + tokens["democrat"]}), timeout=10)
    assert json.loads(answer.read())["settings"]["address"] == "ada@example.org"
    # the tab goes to the background; Bob plays until it is Ada's turn
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    }""")
    assert page.evaluate("window.agonNotified || 0") == 0
    _move_until_turn(notify_server, made["id"], tokens["democrat"], tokens["communist"])
    page.wait_for_function("() => (window.agonNotified || 0) === 1")
    assert not errors, errors
