"""A club's server end to end (issue 37's done-when, docs/hosting.md), in child processes as an
operator runs them: PostgreSQL (a fresh database on AGON_TEST_PG's server), `agon serve --config
FILE` on loopback with `public_url` and `trusted_proxies`, Debian's nginx in front with the site
docs/hosting.md gives (its request ids and X-Forwarded-For believed from it only), and Chromium
through the proxy: a person creates a match in the lobby, the links it shows are at the public
URL, and plays by clicking; `/metrics` is scraped where the docs say (the server's own port: the
proxy refuses it); `agon admin backup` of the live server restores
into a fresh database with the match's actions; SIGTERM right after an acknowledged action stops
the server with status 0, and the restarted server has every acknowledged action and the page
plays on; `agon admin end` beside the running server shows on the page.

The public URL is `http://agon-club.localhost:PORT` (Chromium takes any `*.localhost` name to
loopback) while the browser first comes through `http://127.0.0.1:PORT`, the same nginx: a link
at the public URL is built from `public_url`, never from the request's host. Skipped without
nginx, Chromium or PostgreSQL, unless AGON_REQUIRE_NGINX=1, AGON_REQUIRE_BROWSER=1 or CI (which
.ci/run sets) make that a failure.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="agon serve needs the web extra")
psycopg = pytest.importorskip("psycopg", reason="the server's PostgreSQL driver (the web extra)")

from tests.server.conftest import PG_URL, free_port  # noqa: E402
from tests.server.nginx_proxy import nginx_in_front, require_nginx  # noqa: E402
from tests.server.serve_child import Served  # noqa: E402
from tests.web.conftest import ARTIFACTS  # noqa: E402
from tests.web.test_pages import decide, wait_for_turn  # noqa: E402

GAME = "dual-powers"
UNTRUSTED = "127.0.0.3"  # a client on another loopback address than the proxy's (trusted: 127.0.0.1)


def database() -> str:
    """A fresh database on the PostgreSQL server AGON_TEST_PG names (dropped by `drop`)."""
    if not PG_URL:
        if os.environ.get("CI"):
            raise AssertionError("CI must set AGON_TEST_PG (see .ci/run)")
        pytest.skip("AGON_TEST_PG is not set: start a server with `bash .ci/postgres` and export its URL")
    name = f"agon_club_{secrets.token_hex(4)}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return PG_URL.rsplit("/", 1)[0] + "/" + name


def drop(url: str) -> None:
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def actions(url: str, match_id: str) -> list[tuple[Any, ...]]:
    """The match's stored actions, in order."""
    with psycopg.connect(url) as conn:
        return conn.execute('SELECT "index", role, verb, arg::text, digest FROM action WHERE match_id = %s '
                            'ORDER BY "index"', (match_id,)).fetchall()


def admin(db: str, *args: str) -> str:
    """`agon admin --db DB ARGS` as the operator runs it; its output (it must succeed)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGON_")}
    done = subprocess.run([sys.executable, "-m", "agon.cli.main", "admin", "--db", db, *args], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def access_line(served: Served, request_id: str) -> dict[str, Any]:
    """The server's JSON log line of this request."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = [line for line in served.lines() if line.get("request_id") == request_id and line["message"] == "request"]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no log line of request {request_id}")


def the_proxy_s_request_id_and_client_address_are_believed_from_it_only(served: Served, proxy: str) -> None:
    """nginx's `$request_id` reaches the server's log and the answer; X-Forwarded-For counts from
    the trusted proxy only (a client cannot choose its address, nor its request id)."""
    page = httpx.get(f"{proxy}/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    request_id = page.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)  # nginx's $request_id (the server makes 16 digits)
    assert access_line(served, request_id)["route"] == "/"
    spoofed = {"X-Forwarded-For": "203.0.113.66", "X-Request-ID": "chosen-by-the-client"}
    with httpx.Client(transport=httpx.HTTPTransport(local_address=UNTRUSTED)) as client:
        direct = client.get(f"{served.base}/livez", headers=spoofed)  # to the server, not through nginx
        assert direct.headers["x-request-id"] != "chosen-by-the-client"
        assert access_line(served, direct.headers["x-request-id"])["client"] == UNTRUSTED
        through = client.get(f"{proxy}/livez", headers=spoofed)  # nginx appends the real address
        assert access_line(served, through.headers["x-request-id"])["client"] == UNTRUSTED


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{name} (\S+)$", text, re.M)
    assert found, f"no {name} in /metrics"
    return float(found.group(1))


@pytest.fixture
def club(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """The club's database, its settings (for `Served`) and nginx's port, all cleaned up after."""
    require_nginx()
    db = database()
    made: list[str] = [db]
    try:
        nginx_port = free_port()
        yield {"db": db, "nginx_port": nginx_port, "databases": made,
               "settings": {"db": db, "public_url": f"http://agon-club.localhost:{nginx_port}",
                            "trusted_proxies": ["127.0.0.1"], "shutdown_seconds": 5.0}}
    finally:
        for url in made:
            drop(url)


def test_a_club_server_behind_nginx_plays_backs_up_restores_and_stops_without_losing_an_action(
        club: dict[str, Any], browser: Any, tmp_path: Path) -> None:
    """The whole chain in one test, one server and one nginx (each start is seconds of CPU; it
    took over tests/server/test_nginx.py's checks, which started their own): over 5 s for two
    `agon serve` starts, three `agon admin` processes and a browser's page, about 16 s of CPU in
    all (20 s of wall time at a load average of 7 on 2 cores, 50-60 s at 20)."""
    public = club["settings"]["public_url"]
    (tmp_path / "first").mkdir()
    (tmp_path / "second").mkdir()
    served = Served(tmp_path / "first", **club["settings"])
    context = None
    try:
        with nginx_in_front(tmp_path, served.port, club["nginx_port"]) as proxy:
            the_proxy_s_request_id_and_client_address_are_believed_from_it_only(served, proxy)
            context = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=proxy)
            context.set_default_timeout(20000)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))

            # the lobby, through the proxy: a match against the random bot; its links are public
            page.goto("/")
            page.select_option("#game", GAME)
            page.wait_for_selector(f"#seats[data-game='{GAME}'] select")
            seats = page.locator("#seats select")
            seats.nth(0).select_option("human")
            seats.nth(1).select_option("random")
            page.click("#create")
            page.wait_for_selector(".created .link-field input")
            links = [field.input_value() for field in page.locator(".created .link-field input").all()]
            assert len(links) == 2 and all(link.startswith(f"{public}/m/") for link in links), links
            token = next(link.split("#", 1)[1] for link in links if "#" in link)
            page.click(".created a.button.primary")  # "Play": to the seat's link, at the public URL
            page.wait_for_url(lambda url: url.startswith(f"{public}/m/") and "#" in url)
            match_id = page.url.split("/m/")[1].split("#")[0]
            for _ in range(3):
                assert wait_for_turn(page)
                decide(page)
            assert wait_for_turn(page)

            # the operator's scrape, on the server's own port; the proxy keeps /metrics from the world
            scraped = httpx.get(f"{served.base}/metrics").text
            version = int(page.locator("body").get_attribute("data-version"))
            assert metric(scraped, "agon_actions_total") >= version >= 3
            assert metric(scraped, "agon_live_websockets") >= 1  # the page's socket, through nginx
            assert httpx.get(f"{proxy}/metrics").status_code == 403

            # a backup of the live server, restored into a fresh database: the same match
            backup = tmp_path / "club.agon.gz"
            admin(club["db"], "backup", str(backup))
            restored = database()
            club["databases"].append(restored)
            admin(restored, "restore", str(backup))
            assert actions(restored, match_id) == actions(club["db"], match_id) != []

            # SIGTERM right after an acknowledged action (the bot may be on its reply meanwhile)
            before = actions(club["db"], match_id)
            decide(page)  # returns once the page shows the answer: the action was acknowledged
            acknowledged = int(page.locator("body").get_attribute("data-version"))
            served.proc.send_signal(signal.SIGTERM)
            assert served.proc.wait(30) == 0
            page.wait_for_selector("#live.down")  # the page saw its socket close (1012) and waits to reconnect
            stored = actions(club["db"], match_id)
            assert len(stored) >= acknowledged and stored[:len(before)] == before

            # the server comes back on its port: the page reconnects through nginx and plays on
            served_again = Served(tmp_path / "second", port=served.port, **club["settings"])
            try:
                page.wait_for_selector("#live.up", timeout=30000)  # reconnected through nginx (its back-off is 10 s at most)
                assert int(page.locator("body").get_attribute("data-version")) >= acknowledged
                assert wait_for_turn(page)
                decide(page)
                assert len(actions(club["db"], match_id)) > len(stored)
                # the operator ends it beside the running server: the page shows it ended at once
                admin(club["db"], "end", match_id)
                page.wait_for_selector("#prompt-text:has-text('operator ended this match')", timeout=10000)
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "club-server-ended.png"))  # (git-ignored: to look at)
            finally:
                served_again.stop()
            assert not errors, errors
    finally:
        if context is not None:
            context.close()
        served.stop()
    for log in (served.log, tmp_path / "second" / "serve.log"):  # no seat token in any log line
        assert token not in log.read_text()
