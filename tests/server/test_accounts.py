"""Accounts, sessions and seats held by their players (issue 30), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from agon.server.store import account_table, seat_table
from tests.server.conftest import auth, make_client

PASSWORD = "correct horse 1"


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    settings: dict[str, Any] = {}
    if request.param == "postgresql":
        settings["db"] = request.getfixturevalue("pg_url")
    with make_client(tmp_path, **settings) as c:
        yield c


@dataclass
class Person:
    """A logged-in browser: its session cookie and CSRF token (the client's own jar stays empty,
    so that one client can act as several people)."""

    client: TestClient
    secret: str
    csrf: str
    seen: list[str] = field(default_factory=list)  # every response body it got

    def headers(self, csrf: bool = True, **more: str) -> dict[str, str]:
        out = {"Cookie": f"agon_session={self.secret}", **more}
        if csrf:
            out["X-CSRF-Token"] = self.csrf
        return out

    def call(self, method: str, url: str, csrf: bool = True, headers: dict[str, str] | None = None,
             **kwargs: Any) -> Any:
        response = self.client.request(method, url, headers=self.headers(csrf, **(headers or {})), **kwargs)
        self.seen.append(response.text + json.dumps(dict(response.headers)))
        return response


def logged_in(client: TestClient, response: Any) -> Person:
    assert response.status_code in (200, 201), response.text
    secret = response.cookies["agon_session"]
    client.cookies.clear()
    person = Person(client, secret, response.json()["csrf"])
    person.seen.append(response.text + json.dumps(dict(response.headers)))
    return person


def sign_up(client: TestClient, name: str, email: str | None = None, password: str = PASSWORD) -> Person:
    body: dict[str, Any] = {"name": name, "password": password}
    if email is not None:
        body["email"] = email
    return logged_in(client, client.post("/api/accounts", json=body))


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Person:
    return logged_in(client, client.post("/api/session", json={"name": name, "password": password}))


def dual_powers(person: Person, **body: Any) -> dict[str, Any]:
    roles = person.client.post("/api/games/dual-powers/roles", json={"options": {}}).json()["roles"]
    made = person.call("POST", "/api/matches", json={"game": "dual-powers", "seats": dict.fromkeys(roles, "human"),
                                                     **body})
    assert made.status_code == 201, made.text
    return made.json()


def test_sign_up_sets_a_session_cookie_and_me_answers(client):
    response = client.post("/api/accounts", json={"name": "Ada_1", "password": PASSWORD, "email": "ada@example.org"})
    assert response.status_code == 201, response.text
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie and "max-age=" in cookie
    assert "secure" not in cookie  # plain http (tests): a Secure cookie would never come back
    ada = logged_in(client, response)
    me = ada.call("GET", "/api/me").json()
    assert me == {"account": {"name": "Ada_1", "email": "ada@example.org", "language": "en", "theme": "auto"},
                  "csrf": ada.csrf}
    assert client.get("/api/me").json() == {"account": None, "csrf": None}  # a guest


def test_the_cookie_is_secure_over_https_or_when_told(tmp_path):
    with TestClient(make_client(tmp_path).app, base_url="https://testserver") as https:
        response = https.post("/api/accounts", json={"name": "ada", "password": PASSWORD})
        assert "secure" in response.headers["set-cookie"].lower()
    with make_client(tmp_path, secure_cookies=True) as c:
        response = c.post("/api/accounts", json={"name": "bob", "password": PASSWORD})
        assert "secure" in response.headers["set-cookie"].lower()


def test_log_in_and_out(client):
    sign_up(client, "ada")
    ada = log_in(client, "ADA")  # names are case-insensitive
    assert ada.call("GET", "/api/me").json()["account"]["name"] == "ada"
    out = ada.call("DELETE", "/api/session")
    assert out.status_code == 200 and "agon_session=" in out.headers["set-cookie"]
    assert ada.call("GET", "/api/me").json()["account"] is None
    assert ada.call("DELETE", "/api/session").status_code == 401


def test_a_wrong_password_and_an_unknown_name_read_the_same(client):
    sign_up(client, "ada")
    wrong = client.post("/api/session", json={"name": "ada", "password": "not the password"})
    unknown = client.post("/api/session", json={"name": "nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong name or password"}
    assert "set-cookie" not in wrong.headers


def test_a_name_is_taken_whatever_its_case(client):
    sign_up(client, "ada")
    again = client.post("/api/accounts", json={"name": "ADA", "password": PASSWORD})
    assert again.status_code == 409 and again.json() == {"error": "that name is taken"}


def test_the_password_is_stored_as_an_argon2id_hash_and_never_answered(client):
    ada = sign_up(client, "ada", "ada@example.org")
    ada.call("GET", "/api/me")
    engine = client.app.state.agon.engine
    with engine.connect() as conn:
        hashed = conn.execute(select(account_table.c.password_hash)).scalar_one()
    assert hashed.startswith("$argon2id$") and PASSWORD not in hashed
    assert not any(hashed in seen or PASSWORD in seen for seen in ada.seen)


def test_servers_hash_with_argon2id_at_rfc_9106_low_memory():
    """The suite hashes cheaply (tests/conftest.py); a server uses argon2-cffi's defaults, which are
    RFC 9106's low-memory profile (64 MiB, 3 passes, 4 lanes)."""
    from argon2 import Type
    from argon2.profiles import RFC_9106_LOW_MEMORY

    from agon.server import accounts

    server_hasher = getattr(accounts.new_hasher, "server_hasher", accounts.new_hasher)()
    profile = RFC_9106_LOW_MEMORY
    assert (server_hasher.time_cost, server_hasher.memory_cost, server_hasher.parallelism, server_hasher.type) == (
        profile.time_cost, profile.memory_cost, profile.parallelism, Type.ID)


# Each case: (name, method, path, body, with the CSRF header, expected status, words of the error)
BAD = [
    ("short name", "POST", "/api/accounts", {"name": "ab", "password": PASSWORD}, False, 400, "3 to 32"),
    ("long name", "POST", "/api/accounts", {"name": "a" * 33, "password": PASSWORD}, False, 400, "3 to 32"),
    ("name with markup", "POST", "/api/accounts", {"name": "<b>x</b>", "password": PASSWORD}, False, 400, "letter"),
    ("name with a space", "POST", "/api/accounts", {"name": "a da", "password": PASSWORD}, False, 400, "letter"),
    ("short password", "POST", "/api/accounts", {"name": "zed", "password": "123456789"}, False, 400, "10 to 256"),
    ("long password", "POST", "/api/accounts", {"name": "zed", "password": "x" * 257}, False, 400, "password"),
    ("bad e-mail", "POST", "/api/accounts", {"name": "zed", "password": PASSWORD, "email": "no-at"}, False, 400,
     "email"),
    ("a number as name", "POST", "/api/accounts", {"name": 5, "password": PASSWORD}, False, 400, "name"),
    ("extra field", "POST", "/api/accounts", {"name": "zed", "password": PASSWORD, "admin": True}, False, 400,
     "admin"),
    ("malformed JSON", "POST", "/api/session", "{", False, 400, "malformed JSON"),
    ("no password", "POST", "/api/session", {"name": "ada"}, False, 400, "password"),
    ("unknown language", "PATCH", "/api/me", {"language": "fr"}, True, 400, "en, el, hu"),
    ("unknown theme", "PATCH", "/api/me", {"theme": "neon"}, True, 400, "auto, light, dark"),
    ("markup as theme", "PATCH", "/api/me", {"theme": "<script>"}, True, 400, "theme"),
    ("no CSRF header", "PATCH", "/api/me", {"language": "el"}, False, 403, "X-CSRF-Token"),
    ("short new password", "POST", "/api/me/password", {"current": PASSWORD, "new": "short"}, True, 400,
     "10 to 256"),
    ("wrong current password", "POST", "/api/me/password", {"current": "x" * 12, "new": "y" * 12}, True, 403,
     "current password"),
    ("password change without CSRF", "POST", "/api/me/password", {"current": PASSWORD, "new": "y" * 12}, False, 403,
     "X-CSRF-Token"),
    ("log out without CSRF", "DELETE", "/api/session", None, False, 403, "X-CSRF-Token"),
    ("claim without a token", "POST", "/api/matches/MATCH/seats/ROLE/claim", None, True, 401, "token"),
    ("claim with a forged token", "POST", "/api/matches/MATCH/seats/ROLE/claim", {"__token": "forged"}, True, 401,
     "unknown token"),
    ("claim of another role", "POST", "/api/matches/MATCH/seats/OTHER/claim", {"__token": "GUEST"}, True, 403,
     "not"),
    ("claim of an unknown match", "POST", "/api/matches/nosuch/seats/ROLE/claim", {"__token": "GUEST"}, True, 404,
     "no match"),
    ("claim without CSRF", "POST", "/api/matches/MATCH/seats/ROLE/claim", {"__token": "GUEST"}, False, 403,
     "X-CSRF-Token"),
    ("create logged in without CSRF", "POST", "/api/matches", {"game": "dual-powers"}, False, 403, "X-CSRF-Token"),
    ("invite an unknown account", "POST", "/api/matches", {"game": "dual-powers", "invite": {"ROLE": "nobody"}},
     True, 400, "no account"),
    ("mine not a seat", "POST", "/api/matches", {"game": "dual-powers", "mine": "nosuch"}, True, 400, "mine"),
    ("act without CSRF", "POST", "/api/matches/MATCH/actions", {"version": 0, "verb": "x"}, False, 403,
     "X-CSRF-Token"),
]


def _snapshot(client: TestClient) -> Any:
    engine = client.app.state.agon.engine
    with engine.connect() as conn:
        accounts = conn.execute(select(account_table).order_by(account_table.c.id)).all()
        seats = conn.execute(select(seat_table).order_by(seat_table.c.match_id, seat_table.c.role)).all()
    return accounts, seats


@pytest.mark.parametrize(("name", "method", "path", "body", "csrf", "status", "words"), BAD, ids=[c[0] for c in BAD])
def test_bad_inputs_get_one_line_and_change_nothing(client, name, method, path, body, csrf, status, words):
    sign_up(client, "ada")
    ada = log_in(client, "ada")
    made = dual_powers(ada)
    mine = made["mine"]
    guest_role = next(r for r in made["seats"] if r != mine)
    path = path.replace("MATCH", made["id"]).replace("OTHER", mine).replace("ROLE", guest_role)
    headers = {}
    if isinstance(body, dict) and "__token" in body:
        token = made["seats"][guest_role]["token"] if body["__token"] == "GUEST" else body["__token"]
        headers = auth(token)
        body = None
    if isinstance(body, dict) and "invite" in body:
        body["invite"] = {guest_role: "nobody"}
    before = _snapshot(client)
    kwargs: dict[str, Any] = {"content": body} if isinstance(body, str) else {"json": body}
    if isinstance(body, str):
        headers["Content-Type"] = "application/json"
    if method == "POST" and path in ("/api/accounts", "/api/session"):
        response = client.request(method, path, headers=headers, **kwargs)
    else:
        response = ada.call(method, path, csrf=csrf, headers=headers, **kwargs)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert "\n" not in error and words.lower() in error.lower(), error
    assert _snapshot(client) == before
    assert ada.call("GET", "/api/me").json()["account"]["name"] == "ada"  # still logged in


def test_a_form_from_another_site_cannot_log_in(client):
    """A cross-site form can post text/plain, never application/json without a preflight: refused."""
    sign_up(client, "ada")
    response = client.post("/api/session", content=json.dumps({"name": "ada", "password": PASSWORD}),
                           headers={"Content-Type": "text/plain"})
    assert response.status_code == 400 and "set-cookie" not in response.headers


def test_a_session_expires(client):
    ada = sign_up(client, "ada")
    accounts = client.app.state.agon.accounts
    now = accounts.clock()
    accounts.clock = lambda: now + 31 * 86400
    assert ada.call("GET", "/api/me").json()["account"] is None
    assert ada.call("GET", "/api/me/matches").status_code == 401
    assert ada.call("PATCH", "/api/me", json={"language": "el"}).status_code == 401


def test_a_password_change_ends_the_other_sessions(client):
    ada = sign_up(client, "ada")
    elsewhere = log_in(client, "ada")
    assert ada.call("POST", "/api/me/password", json={"current": PASSWORD, "new": "another secret 2"}).status_code == 200
    assert ada.call("GET", "/api/me").json()["account"]["name"] == "ada"
    client.app.state.agon.accounts._cache.clear()  # as another process would find it
    assert elsewhere.call("GET", "/api/me").json()["account"] is None
    assert client.post("/api/session", json={"name": "ada", "password": PASSWORD}).status_code == 401
    log_in(client, "ada", "another secret 2")


def test_language_and_theme_are_remembered(client):
    ada = sign_up(client, "ada")
    changed = ada.call("PATCH", "/api/me", json={"language": "hu", "theme": "dark"})
    assert changed.status_code == 200 and changed.json()["account"]["language"] == "hu"
    again = log_in(client, "ada")
    assert again.call("GET", "/api/me").json()["account"] | {} == {
        "name": "ada", "email": None, "language": "hu", "theme": "dark"}


def test_log_ins_are_limited_per_name(tmp_path):
    with make_client(tmp_path, login_rate=0.001, login_burst=3) as c:
        c.post("/api/accounts", json={"name": "ada", "password": PASSWORD})
        c.cookies.clear()
        codes = [c.post("/api/session", json={"name": "ada", "password": "wrong password!"}).status_code
                 for _ in range(3)]
        assert codes == [401, 401, 429]  # the sign-up took one of the address's three
        assert "too many" in c.post("/api/session", json={"name": "ada", "password": PASSWORD}).json()["error"]


def test_the_creator_holds_only_their_own_seat(client):
    ada = sign_up(client, "ada")
    made = dual_powers(ada)
    mine = made["mine"]
    assert made["seats"][mine] == {"held": True, "yours": True, "url": f"/m/{made['id']}"}
    others = [r for r in made["seats"] if r != mine]
    assert others and all(set(made["seats"][r]) == {"token", "url"} for r in others)
    with client.app.state.agon.engine.connect() as conn:
        rows = conn.execute(select(seat_table.c.role, seat_table.c.token_hash, seat_table.c.account_id)
                            .where(seat_table.c.match_id == made["id"])).all()
    held = {role: (token_hash, account) for role, token_hash, account in rows}
    assert held[mine][0] is None and held[mine][1] is not None  # no token for the creator's seat at all
    # the creator plays by the session: the state object is its seat's
    state = ada.call("GET", f"/api/matches/{made['id']}").json()
    assert state["role"] == mine
    assert client.get(f"/api/matches/{made['id']}").json()["role"] is None  # without the cookie: a spectator


def test_a_guest_seat_is_claimed_and_both_see_the_match(client):
    ada = sign_up(client, "ada", "ada@example.org")
    bob = sign_up(client, "bob", "bob@example.org")
    made = dual_powers(ada)
    mine = made["mine"]
    guest = next(r for r in made["seats"] if r != mine)
    token = made["seats"][guest]["token"]
    url = f"/api/matches/{made['id']}"
    claimed = bob.call("POST", f"{url}/seats/{guest}/claim", headers=auth(token))
    assert claimed.status_code == 200, claimed.text
    assert client.get(url, headers=auth(token)).status_code == 401  # the link's token works no more
    assert bob.call("GET", url).json()["role"] == guest
    # both act by their sessions
    for person in (ada, bob):
        state = person.call("GET", url).json()
        if state["prompt"]:
            action = state["prompt"]["actions"][0]
            moved = person.call("POST", f"{url}/actions",
                                json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
            assert moved.status_code in (200, 409), moved.text
    for person, role in ((ada, mine), (bob, guest)):
        listed = person.call("GET", "/api/me/matches").json()
        assert [(m["id"], m["role"]) for m in listed["matches"]] == [(made["id"], role)]
    # a second seat in the same match is refused
    second = sign_up(client, "cyd")
    made2 = dual_powers(second)
    other = next(r for r in made2["seats"] if r != made2["mine"])
    again = second.call("POST", f"/api/matches/{made2['id']}/seats/{other}/claim",
                        headers=auth(made2["seats"][other]["token"]))
    assert again.status_code == 409 and "already hold" in again.json()["error"]


def test_an_account_is_invited_by_name(client):
    sign_up(client, "bob")
    ada = sign_up(client, "ada")
    roles = client.post("/api/games/dual-powers/roles", json={"options": {}}).json()["roles"]
    made = dual_powers(ada, mine=roles[0], invite={roles[1]: "BOB"})
    assert all("token" not in seat for seat in made["seats"].values())
    bob = log_in(client, "bob")
    assert bob.call("GET", f"/api/matches/{made['id']}").json()["role"] == roles[1]


def test_waiting_matches_come_first_and_finished_ones_have_a_replay(client):
    ada = sign_up(client, "ada")
    made = [dual_powers(ada) for _ in range(3)]
    listed = ada.call("GET", "/api/me/matches").json()
    turns = [m["your_turn"] for m in listed["matches"]]
    assert turns == sorted(turns, reverse=True) and listed["waiting"] == sum(turns)
    assert {m["id"] for m in listed["matches"]} == {m["id"] for m in made}
    assert all(m["replay_url"] is None and m["result"] is None for m in listed["matches"])


def test_the_websocket_seats_the_session_only_from_a_page_of_this_server(client):
    ada = sign_up(client, "ada")
    made = dual_powers(ada)
    path = f"/api/matches/{made['id']}/live"
    for origin, role in (("http://testserver", made["mine"]), ("http://evil.example", None)):
        headers = ada.headers(csrf=False, Origin=origin)
        with client.websocket_connect(path, headers=headers) as ws:
            ws.send_text("{}")
            assert ws.receive_json()["role"] == role


def test_no_response_holds_another_account_s_secrets(client):
    """The leak test: every answer Bob gets, on every route, holds nothing of Ada's: her e-mail,
    password hash, session or CSRF token, or a seat token she holds."""
    ada = sign_up(client, "ada", "ada-secret@example.org")
    bob = sign_up(client, "bob", "bob@example.org")
    made = dual_powers(ada)
    mine = made["mine"]
    guest = next(r for r in made["seats"] if r != mine)
    url = f"/api/matches/{made['id']}"
    bob.call("GET", "/api/me")
    bob.call("PATCH", "/api/me", json={"theme": "dark"})
    bob.call("GET", "/api/me/matches")
    bob.call("POST", f"{url}/seats/{mine}/claim", headers=auth("forged"))
    bob.call("POST", f"{url}/seats/{guest}/claim", headers=auth(made["seats"][guest]["token"]))
    bob.call("GET", url)
    bob.call("GET", "/api/me/matches")
    bob.call("POST", "/api/me/password", json={"current": PASSWORD, "new": "bob's new secret"})
    bob.call("POST", "/api/matches", json={"game": "dual-powers", "invite": {guest: "ada"}})
    bob.seen.append(client.post("/api/session", json={"name": "ada", "password": "wrong password"}).text)
    bob.call("DELETE", "/api/session")
    with client.app.state.agon.engine.connect() as conn:
        ada_hash = conn.execute(select(account_table.c.password_hash).where(account_table.c.name == "ada")).scalar_one()
    secrets = ["ada-secret@example.org", ada_hash, ada.secret, ada.csrf, ada_hash.rsplit("$", 1)[1]]
    for seen in bob.seen:
        for secret in secrets:
            assert secret not in seen, (secret, seen[:300])
    # and a seat's view is its own: Bob's state object does not hold Ada's hand (the spectator's and
    # seat's views are the engine's; here: the role answered is Bob's)
    assert bob.call("GET", url).json()["role"] is None  # logged out now: a spectator


class Mailbox:
    """An aiosmtpd handler that keeps every message it is sent."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # aiosmtpd's name
        import email
        from email import policy

        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append(f"To: {message['To']}\n{message.get_content()}")
        return "250 OK"




def test_a_password_is_reset_by_a_mailed_single_use_link(tmp_path, mailbox):
    from tests.server.conftest import wait_for

    box, port = mailbox
    with make_client(tmp_path, smtp_host="127.0.0.1", smtp_port=port, public_url="https://agon.example.org",
                     login_burst=100) as c:
        sign_up(c, "ada", "ada@example.org")
        sign_up(c, "bob")  # no e-mail address
        asked = c.post("/api/password-reset", json={"name": "ada"}, headers={"Host": "evil.example"})
        unknown = c.post("/api/password-reset", json={"name": "nobody"})
        no_mail = c.post("/api/password-reset", json={"name": "bob"})
        assert asked.status_code == unknown.status_code == no_mail.status_code == 202
        assert asked.json() == unknown.json() == no_mail.json()  # nothing tells whether the account exists
        wait_for(lambda: box.messages)
        mail = box.messages[0]
        assert "To: ada@example.org" in mail and "evil.example" not in mail
        token = mail.split("https://agon.example.org/account#reset=", 1)[1].split()[0]
        assert len(box.messages) == 1
        done = c.post("/api/password-reset/confirm", json={"token": token, "password": "a brand new one"})
        assert done.status_code == 200, done.text
        log_in(c, "ada", "a brand new one")
        again = c.post("/api/password-reset/confirm", json={"token": token, "password": "yet another one"})
        assert again.status_code == 400 and "used or expired" in again.json()["error"]  # single use
        # an expired link
        c.post("/api/password-reset", json={"name": "ada"})
        wait_for(lambda: len(box.messages) == 2)
        token = box.messages[1].split("#reset=", 1)[1].split()[0]
        accounts = c.app.state.agon.accounts
        now = accounts.clock()
        accounts.clock = lambda: now + 3601
        late = c.post("/api/password-reset/confirm", json={"token": token, "password": "yet another one"})
        assert late.status_code == 400
        # a reset token is no session cookie
        c.cookies.clear()
        assert c.get("/api/me", headers={"Cookie": f"agon_session={token}"}).json()["account"] is None
        # the bad-input table of the reset routes: one line each, nothing changed
        before = _snapshot(c)
        for path, body, words in [
            ("/api/password-reset", {"name": 5}, "name"),
            ("/api/password-reset", {"name": "ada", "extra": 1}, "extra"),
            ("/api/password-reset/confirm", {"token": "x" * 101, "password": "long enough!"}, "token"),
            ("/api/password-reset/confirm", {"token": token, "password": "short"}, "10 to 256"),
            ("/api/password-reset/confirm", {"token": "forged", "password": "long enough!"}, "unknown"),
        ]:
            response = c.post(path, json=body)
            assert response.status_code == 400, (path, body, response.text)
            assert words in response.json()["error"] and "\n" not in response.json()["error"]
        assert _snapshot(c) == before


def test_without_smtp_there_is_no_password_reset(client):
    sign_up(client, "ada", "ada@example.org")
    response = client.post("/api/password-reset", json={"name": "ada"})
    assert response.status_code == 404 and "not set up" in response.json()["error"]
