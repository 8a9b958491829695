"""The lobby in the browser (issue 30's done-when): two people in two browsers each sign up; Ada
creates an open public Dual Powers match; Bob finds it in the lobby and joins with one click; they
play a few moves by clicks and chat; a reload keeps the game and the chat; Ada's second device finds
the match under "your games"; Bob resigns and Ada's rating changes; Bob offers a rematch, Ada
accepts, and both are led to their seats in it (sides swapped). Screenshots of the lobby and the rematch
offer, in English and Greek, go to tests/artifacts/ (and AGON_SHOTS, if set)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from tests.web.test_accounts import PASSWORD, sign_up
from tests.web.test_pages import PLAYABLE

VIEW = {"width": 1400, "height": 900}


def shoot(page: Any, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / name))
    shots = os.environ.get("AGON_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / name))


def in_language(page: Any, lang: str) -> None:
    page.select_option("#language", lang)
    page.wait_for_selector(f"html[lang='{lang}']")


def test_two_people_meet_in_the_lobby_play_and_rematch(browser: Any, server: Any, artifacts: Path) -> None:
    contexts = [browser.new_context(viewport=VIEW, base_url=server.base) for _ in range(2)]
    errors: list[str] = []
    try:
        ada, bob = (context.new_page() for context in contexts)
        for opened in (ada, bob):
            opened.set_default_timeout(20000)
            opened.on("pageerror", lambda err: errors.append(str(err)))
        names = [f"ada_{secrets.token_hex(3)}", f"bob_{secrets.token_hex(3)}"]
        sign_up(ada, names[0])
        sign_up(bob, names[1])
        # Ada: an open public Dual Powers match, her seat first, the other open
        ada.select_option("#game", "dual-powers")
        ada.wait_for_selector("#seats[data-game='dual-powers'] select")
        seats = ada.locator("#seats select")
        seats.nth(0).select_option("human")
        seats.nth(1).select_option("open")
        ada.check("#public")
        ada.click("#create")
        ada.wait_for_selector(".created .open-note")
        match_url = ada.locator("#play").get_attribute("href")
        match_id = match_url.rsplit("/", 1)[1]
        assert ada.locator(".created .link-field").count() == 1  # the spectators' link only: no token at all
        # Bob finds it in the lobby, with Ada's name on her seat, and joins with one click
        bob.reload()
        entry = bob.locator(f"#open-list li[data-match='{match_id}']")
        entry.wait_for()
        assert names[0] in entry.inner_text()
        shoot(bob, artifacts, "lobby-open-en.png")
        in_language(bob, "el")
        bob.wait_for_selector("#open-h:has-text('Ανοιχτές')")
        shoot(bob, artifacts, "lobby-open-el.png")
        in_language(bob, "en")
        entry.locator("button.join").click()
        bob.wait_for_url(f"**{match_url}")
        bob.wait_for_selector("#live.up")
        assert "playing as" in bob.locator("#seat").inner_text()
        ada.goto(match_url)
        ada.wait_for_selector("#live.up")
        # a few moves by clicks
        for _ in range(4):
            bob.wait_for_timeout(300)
            mover = next((p for p in (ada, bob) if p.locator(PLAYABLE).count()), None)
            if mover is None:
                continue
            before = mover.locator("body").get_attribute("data-version")
            mover.locator(PLAYABLE).first.click()
            mover.wait_for_function("v => document.body.dataset.version !== v", arg=before)
        # the match is under "your games" for both, and gone from the open list
        for opened in (ada, bob):
            opened.goto("/")
            opened.wait_for_selector(f"#mine li a[href='{match_url}']")
        assert bob.locator(f"#open-list li[data-match='{match_id}']").count() == 0
        bob.wait_for_selector(f"#playing-list li[data-match='{match_id}']")
        # they chat; a reload keeps the game; Ada's second device (a third browser) finds it under "your games"
        ada.goto(match_url)
        bob.goto(match_url)
        for opened in (ada, bob):
            opened.wait_for_selector("#live.up")
        ada.fill("#chat-text", "good game to you")
        ada.press("#chat-text", "Enter")
        bob.wait_for_function("() => [...document.querySelectorAll('#chat-log .chat-text')]"
                              ".some((e) => e.textContent === 'good game to you')")
        bob.reload()
        bob.wait_for_selector("#live.up")
        bob.wait_for_selector("#chat-log .chat-text")
        device = browser.new_context(viewport=VIEW, base_url=server.base)
        contexts.append(device)
        second = device.new_page()
        second.goto("/")
        second.click("#log-in")
        second.fill("#auth-name", names[0])
        second.fill("#auth-password", PASSWORD)
        second.click("#auth-submit")
        second.wait_for_selector(f"#mine li a[href='{match_url}']")
        # Bob resigns: the match is over, Ada won, and her rating in Dual Powers changes
        before = server.call(f"/api/players/{names[0]}")
        bob.click("#resign")
        bob.wait_for_selector("#resign-dialog[open]")
        bob.click("#resign-yes")
        ada.wait_for_selector("#prompt-h:has-text('Game over')")
        final = server.call(f"/api/matches/{match_id}")
        assert final["is_over"], final["version"]
        after = server.call(f"/api/players/{names[0]}")
        assert after != before and [g["game"] for g in after["games"]] == ["dual-powers"], after
        # the finished game is in Ada's games with its replay; Bob (who resigned) offers a rematch
        ada.goto("/")
        ada.wait_for_selector(f"#mine li a[href='/replay/{match_id}']")
        ada.goto(match_url)
        bob.goto(match_url)
        bob.click("#rematch-offer")
        bob.wait_for_selector("#rematch-offered")
        ada.wait_for_selector("#rematch-accept")
        shoot(ada, artifacts, "rematch-offer-en.png")
        in_language(ada, "el")
        ada.wait_for_selector("#rematch-accept:has-text('Αποδοχή')")
        shoot(ada, artifacts, "rematch-offer-el.png")
        in_language(ada, "en")
        ada.click("#rematch-accept")
        ada.wait_for_selector("#rematch-go")
        bob.wait_for_selector("#rematch-go")
        assert "White" in ada.locator("#rematch-go").inner_text() or "Provisional" in ada.locator("#rematch-go").inner_text()
        ada.click("#rematch-go")
        ada.wait_for_selector("#live.up")
        assert ada.url != server.base + match_url and "playing as" in ada.locator("#seat").inner_text()
        bob.click("#rematch-go")
        bob.wait_for_selector("#live.up")
        assert "playing as" in bob.locator("#seat").inner_text()
        assert ada.locator("#seat").inner_text() != bob.locator("#seat").inner_text()
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"errors in the page: {errors}"


def test_a_private_match_s_open_seat_is_taken_from_its_link(browser: Any, server: Any, artifacts: Path) -> None:
    """Private (the default): never in the lobby; a logged-in visitor of its link takes the open
    seat from the match page. Bob's lobby in the dark theme is shot too."""
    contexts = [browser.new_context(viewport=VIEW, base_url=server.base) for _ in range(2)]
    errors: list[str] = []
    try:
        ada, bob = (context.new_page() for context in contexts)
        for opened in (ada, bob):
            opened.set_default_timeout(20000)
            opened.on("pageerror", lambda err: errors.append(str(err)))
        sign_up(ada, f"ada_{secrets.token_hex(3)}")
        sign_up(bob, f"bob_{secrets.token_hex(3)}")
        ada.select_option("#game", "dual-powers")
        ada.wait_for_selector("#seats[data-game='dual-powers'] select")
        ada.locator("#seats select").nth(0).select_option("human")
        ada.locator("#seats select").nth(1).select_option("open")
        ada.click("#create")
        ada.wait_for_selector(".created .open-note")
        match_url = ada.locator("#play").get_attribute("href")
        bob.evaluate("async () => { const me = await (await fetch('/api/me')).json(); await fetch('/api/me', "
                     "{method: 'PATCH', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf}, "
                     "body: JSON.stringify({theme: 'dark'})}); }")
        bob.reload()
        bob.wait_for_selector("html[data-theme='dark'] #open-list li")
        assert bob.locator(f"#open-list li[data-match='{match_url.rsplit('/', 1)[1]}']").count() == 0
        shoot(bob, artifacts, "lobby-dark-en.png")
        bob.goto(match_url)
        bob.click("#table-panel button.take")
        bob.wait_for_selector("#live.up")
        bob.wait_for_function("() => document.querySelector('#seat').textContent.includes('playing as')")
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"errors in the page: {errors}"
