"""`agon serve` behind nginx (issue 37, "Host it for a club"), with the site docs/hosting.md gives:
a page, an invite link at the public URL, a websocket that receives a move, and X-Forwarded-For
believed from the proxy only. Debian's nginx runs as this user with its files in a temporary
folder (tests/server/nginx_proxy.py); the test is skipped without nginx unless AGON_REQUIRE_NGINX=1
(.ci/run sets it)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.server.conftest import free_port
from tests.server.nginx_proxy import nginx_in_front, require_nginx
from tests.server.serve_child import Served

PUBLIC = "https://games.example.org"
UNTRUSTED = "127.0.0.3"  # a client on another loopback address than the proxy's (trusted: 127.0.0.1)


@pytest.fixture
def proxied(tmp_path) -> Iterator[tuple[Served, str]]:
    """(agon serve, nginx's base URL)."""
    require_nginx()
    served = Served(tmp_path, public_url=PUBLIC, trusted_proxies=["127.0.0.1"])
    try:
        with nginx_in_front(tmp_path, served.port, free_port()) as base:
            yield served, base
    finally:
        served.stop()


def access_line(served: Served, request_id: str) -> dict[str, object]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = [line for line in served.lines() if line.get("request_id") == request_id and line["message"] == "request"]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no log line of request {request_id}")


def a_page_loads_with_nginx_s_request_id(served: Served, base: str) -> None:
    page = httpx.get(f"{base}/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    request_id = page.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)  # nginx's $request_id (the server makes 16 digits)
    assert access_line(served, request_id)["route"] == "/"


def an_invite_link_is_at_the_public_url_and_its_socket_receives_a_move(base: str) -> None:
    from websockets.sync.client import connect

    made = httpx.post(f"{base}/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"}})
    assert made.status_code == 201, made.text
    seats = made.json()["seats"]
    match_id = made.json()["id"]
    for seat in seats.values():
        assert seat["url"].startswith(f"{PUBLIC}/m/{match_id}#")
    url = f"{base}/api/matches/{match_id}"
    with connect(f"ws://{base.removeprefix('http://')}/api/matches/{match_id}/live", open_timeout=10) as socket:
        socket.send(json.dumps({"token": seats["white"]["token"]}))
        first = json.loads(socket.recv(10))
        mover = next(role for role in first["active"])
        token = {"Authorization": f"Bearer {seats[mover]['token']}"}
        state = httpx.get(url, headers=token).json()
        action = state["prompt"]["actions"][0]
        moved = httpx.post(f"{url}/actions", headers=token,
                           json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
        assert moved.status_code == 200, moved.text
        pushed = json.loads(socket.recv(10))
        assert pushed["version"] == first["version"] + 1


def x_forwarded_for_counts_from_the_proxy_only(served: Served, base: str) -> None:
    spoofed = {"X-Forwarded-For": "203.0.113.66", "X-Request-ID": "chosen-by-the-client"}
    with httpx.Client(transport=httpx.HTTPTransport(local_address=UNTRUSTED)) as client:
        direct = client.get(f"{served.base}/livez", headers=spoofed)  # to the server, not through nginx
        assert direct.headers["x-request-id"] != "chosen-by-the-client"
        assert access_line(served, direct.headers["x-request-id"])["client"] == UNTRUSTED
        through = client.get(f"{base}/livez", headers=spoofed)  # nginx appends the real address
        assert access_line(served, through.headers["x-request-id"])["client"] == UNTRUSTED


def test_agon_serve_behind_nginx(proxied):
    """One test, so that one server and one nginx serve every check (a test per check started
    them once per xdist worker); it costs the server's start, a few seconds."""
    served, base = proxied
    a_page_loads_with_nginx_s_request_id(served, base)
    an_invite_link_is_at_the_public_url_and_its_socket_receives_a_move(base)
    x_forwarded_for_counts_from_the_proxy_only(served, base)
