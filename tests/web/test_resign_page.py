"""Resigning in the browser (issue 30): two accounts play a rated Dual Powers match; one resigns
(with a confirmation), the other sees the log line and the result, and the winner's rating on the
profile page changes; nothing the policy blocks on either page. Screenshots of the confirmation and the profile page, in English and Greek,
go to tests/artifacts/ (and to $AGON_SHOTS when set)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from tests.web.test_accounts import sign_up


def shots(artifacts: Path) -> list[Path]:
    extra = os.environ.get("AGON_SHOTS")
    return [artifacts, *([Path(extra)] if extra else [])]


def shoot(page: Any, artifacts: Path, name: str) -> None:
    for folder in shots(artifacts):
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / name))


def call(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A request of the page's own session (with its CSRF token, as the page sends it)."""
    return page.evaluate("""async ([method, path, body]) => {
      const me = await (await fetch('/api/me')).json();
      const response = await fetch(path, {method, headers: {'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf},
                                          body: body === null ? undefined : JSON.stringify(body)});
      return {status: response.status, body: await response.json()};
    }""", [method, path, body])


def rating_of(page: Any, name: str) -> str:
    page.goto(f"/players/{name}")
    page.wait_for_selector("#ratings tr td, #ratings caption")
    cells = page.locator("#ratings tr td")
    return cells.nth(1).inner_text() if cells.count() else ""


def test_a_player_resigns_and_the_winner_s_rating_changes(browser: Any, server: Any, artifacts: Path) -> None:
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}, base_url=server.base) for _ in range(2)]
    errors: list[str] = []
    try:
        ada, bob = (context.new_page() for context in contexts)
        for opened in (ada, bob):
            opened.set_default_timeout(20000)
            opened.on("pageerror", lambda err: errors.append(str(err)))
            opened.on("console", lambda message: errors.append(message.text)
                      if "Content Security Policy" in message.text else None)  # no inline script or style
        names = [f"ada_{secrets.token_hex(3)}", f"bob_{secrets.token_hex(3)}"]
        sign_up(ada, names[0])
        sign_up(bob, names[1])
        assert call(bob, "PATCH", "/api/me", {"theme": "dark"})["status"] == 200
        made = call(ada, "POST", "/api/matches", {"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                   "mine": "red", "invite": {"white": names[1]}})
        assert made["status"] == 201, made
        match = f"/m/{made['body']['id']}"
        for opened in (ada, bob):
            opened.goto(match)
            opened.wait_for_selector("#live.up")
            opened.wait_for_selector("#players .player-name")
        assert f"{names[1]} (unrated)" in ada.locator("#players").inner_text()
        assert rating_of(bob, names[1]) == ""
        bob.goto(match)
        bob.wait_for_selector("#live.up")
        # Ada resigns: the button asks first
        ada.click("#resign")
        ada.wait_for_selector("#resign-dialog[open]")
        assert "cannot be undone" in ada.locator("#resign-dialog").inner_text()
        shoot(ada, artifacts, "resign-confirm-en.png")
        ada.click("#resign-no")
        ada.wait_for_selector("#resign-dialog", state="detached")
        assert ada.locator("#resign").count() == 1  # nothing happened
        ada.click("#resign")
        ada.click("#resign-yes")
        ada.wait_for_selector("#prompt-h:has-text('Game over')")
        assert "resigned" in ada.locator("#prompt-text").inner_text() and ada.locator("#resign").count() == 0
        # Bob's page hears of it: the log line and the result
        bob.wait_for_selector("#prompt-h:has-text('Game over')")
        assert "resigned; the match is over" in bob.locator("#log").inner_text()
        bob.wait_for_function("() => /\\(1\\d\\d\\d\\)/.test(document.querySelector('#players').textContent)")
        after = rating_of(bob, names[1])
        assert after.isdigit() and int(after) > 1500
        assert bob.locator("#history tr td").count() > 0 and names[0] in bob.locator("#history").inner_text()
        shoot(bob, artifacts, "profile-en.png")
        # the same in Greek
        bob.select_option("#language", "el")
        bob.wait_for_selector("#ratings-h:has-text('Βαθμολογίες')")
        shoot(bob, artifacts, "profile-el.png")
        again = call(ada, "POST", "/api/matches", {"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                    "mine": "red", "invite": {"white": names[1]}})
        ada.goto(f"/m/{again['body']['id']}")
        ada.wait_for_selector("#live.up")
        ada.select_option("#language", "el")
        ada.wait_for_selector("#resign:has-text('Παραίτηση')")
        ada.click("#resign")
        ada.wait_for_selector("#resign-dialog[open]")
        shoot(ada, artifacts, "resign-confirm-el.png")
        ada.click("#resign-no")
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors
