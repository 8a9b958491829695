"""Accounts in the browser (issue 30): two people sign up in two browsers; one creates a Dual
Powers match (its own seat, held by the account, and an invite link shown once); the other opens
the link, keeps the seat in their account; both see the match under their games, and each plays
by the log-in alone. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from tests.web.test_pages import PLAYABLE

PASSWORD = "correct horse 1"


def sign_up(page: Any, name: str) -> None:
    page.goto("/")
    page.click("#sign-up")
    page.fill("#auth-name", name)
    page.fill("#auth-password", PASSWORD)
    page.click("#auth-submit")
    page.wait_for_selector("#account-name")
    assert page.locator("#account-name").inner_text() == name


def test_two_accounts_play_a_match_from_an_invite_link(browser: Any, server: Any, artifacts: Path) -> None:
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.base) for _ in range(2)]
    errors: list[str] = []
    try:
        ada, bob = (context.new_page() for context in contexts)
        for opened in (ada, bob):
            opened.set_default_timeout(20000)
            opened.on("pageerror", lambda err: errors.append(str(err)))
        names = [f"ada_{secrets.token_hex(3)}", f"bob_{secrets.token_hex(3)}"]
        sign_up(ada, names[0])
        sign_up(bob, names[1])
        # Ada creates a Dual Powers match, both seats people
        ada.select_option("#game", "dual-powers")
        ada.wait_for_selector("#seats[data-game='dual-powers'] select")
        seats = ada.locator("#seats select")
        for i in range(seats.count()):
            seats.nth(i).select_option("human")
        ada.click("#create")
        ada.wait_for_selector("#invite-note")
        assert "shown once" in ada.locator("#invite-note").inner_text()
        links = ada.locator(".created .link-field input")
        assert links.count() == 2  # the opponent's invite link and the spectators' (none for Ada's own seat)
        invite = links.nth(0).input_value()
        assert "#" in invite
        ada.screenshot(path=str(artifacts / "accounts-created.png"))
        # no browser keeps another person's seat: Ada's storage holds no token
        stored = ada.evaluate("() => localStorage.getItem('agon.seats') || '[]'")
        assert invite.split("#", 1)[1] not in stored
        match_url = ada.locator("#play").get_attribute("href")
        assert "#" not in match_url
        # Bob opens the link and keeps the seat in his account
        bob.goto(invite)
        bob.wait_for_selector("#claim")
        bob.click("#claim")
        bob.wait_for_url(lambda url: "/m/" in url and "#" not in url)
        bob.wait_for_selector("#live.up")
        assert "playing as" in bob.locator("#seat").inner_text()
        # both play by their log-ins: Ada's page has no token either
        ada.goto(match_url)
        ada.wait_for_selector("#live.up")
        assert "playing as" in ada.locator("#seat").inner_text()
        mover = next((p for p in (ada, bob) if p.locator(PLAYABLE).count()), None)
        if mover is None:
            ada.wait_for_selector(f"{PLAYABLE}, #prompt-h:has-text('Not your turn')")
            mover = next(p for p in (ada, bob) if p.locator(PLAYABLE).count())
        before = mover.locator("body").get_attribute("data-version")
        mover.locator(PLAYABLE).first.click()
        mover.wait_for_function("v => document.body.dataset.version !== v", arg=before)
        ada.screenshot(path=str(artifacts / "accounts-ada-match.png"))
        bob.screenshot(path=str(artifacts / "accounts-bob-match.png"))
        # both see the match under their games
        for opened in (ada, bob):
            opened.goto("/")
            opened.wait_for_selector("#mine li a")
            assert opened.locator("#mine li a").count() == 1
            assert opened.locator("#mine li a").first.get_attribute("href") == match_url
        waiting = [p for p in (ada, bob) if p.locator("#mine li.mine-turn .badge").count()]
        for opened in waiting:
            assert opened.title().startswith("(1) ")
        # Ada invites Bob by name: no link at all for his seat, and the match is in Bob's games
        ada.wait_for_selector("#seats[data-game='dual-powers'] select")
        seats = ada.locator("#seats select")
        for i in range(seats.count()):
            seats.nth(i).select_option("human")
        invite = ada.locator("#seats input.invite:visible")
        assert invite.count() == 1  # every person's seat but Ada's own
        invite.fill(names[1].upper())  # names are case-insensitive
        ada.click("#create")
        ada.wait_for_selector(".created h3")
        assert ada.locator(".created .link-field").count() == 1  # the spectators' link only
        assert "invited by name" in ada.locator(".created").inner_text()
        bob.reload()
        bob.wait_for_function("() => document.querySelectorAll('#mine li a').length === 2")
        bob.screenshot(path=str(artifacts / "accounts-bob-lobby.png"))
        # the account page: language and theme are kept per account
        bob.goto("/account")
        bob.select_option("#pref-theme", "dark")
        bob.select_option("#pref-language", "el")
        bob.click("#save-prefs")
        bob.wait_for_selector("html[lang='el']")
        bob.screenshot(path=str(artifacts / "accounts-bob-account.png"))
        bob.goto("/")
        bob.wait_for_selector("html[data-theme='dark'][lang='el']")
        bob.click("#log-out")
        bob.wait_for_selector("#log-in")
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"errors in the page: {errors}"


def test_a_reset_link_opens_the_new_password_form(page: Any) -> None:
    """/account#reset=TOKEN asks for a new password and says why it fails (an unknown token: the
    page works without mail set up, for the operator's links); the token leaves the address bar at once."""
    page.goto("/account#reset=not-a-token")
    page.wait_for_selector("#reset-box:not([hidden])")
    assert "#reset" not in page.url
    page.fill("#reset-password", "a brand new password")
    page.click("#reset-submit")
    page.wait_for_selector("#reset-error:has-text('unknown')")
    page.goto("/")
    page.click("#log-in")
    page.click("#forgot")
    page.wait_for_selector("#auth-error:has-text('Type your name first.')")
