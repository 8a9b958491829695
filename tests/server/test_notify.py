"""Notifications (issue 31): the player whose turn it is is told by e-mail (a local SMTP server),
a webhook (a local HTTP receiver) and Web Push (a local endpoint), in their language, with a link
to their seat; batching; the outbox survives a restart; two processes never send one twice; the
routes' bad input; and no notification carries another seat's token or anything of the game."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from agon.server.notify import NotificationEvent, enqueue
from agon.server.notify_store import now_ms, outbox_table
from agon.server.store import make_engine
from tests.server.conftest import auth, free_port, make_client, new_match, wait_for
from tests.server.test_accounts import Person, log_in, sign_up

PUBLIC = "https://agon.example.org"
QUICK = {"notify_tick_seconds": 0, "mail_batch_seconds": 0, "webhook_delay_seconds": 0, "push_delay_seconds": 0,
         "notify_private_targets": True, "public_url": PUBLIC, "login_burst": 1000}


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """A local HTTP server that keeps every POST (webhooks and push endpoints alike)."""

    port: int
    got: list[Received] = field(default_factory=list)
    status: int = 200

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def at(self, path: str) -> list[Received]:
        return [r for r in self.got if r.path == path]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    box = Receiver(free_port())

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", "0"))
            box.got.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, self.rfile.read(length)))
            self.send_response(box.status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", box.port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Browser:
    """A browser's push subscription: its keys, to read what the push service is sent."""

    private: Any
    p256dh: str
    auth: bytes

    @classmethod
    def new(cls) -> Browser:
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        private = ec.generate_private_key(ec.SECP256R1())
        point = private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return cls(private, b64(point), os.urandom(16))

    def subscription(self, endpoint: str) -> dict[str, Any]:
        return {"endpoint": endpoint, "keys": {"p256dh": self.p256dh, "auth": b64(self.auth)}}

    def read(self, received: Received, server_key: str) -> dict[str, str]:
        import http_ece

        assert received.headers["content-encoding"] == "aes128gcm"
        # RFC 8292: signed with the server's VAPID key, which browsers were given
        assert received.headers["authorization"].startswith("vapid t=")
        assert received.headers["authorization"].endswith(f"k={server_key}")
        return json.loads(http_ece.decrypt(received.body, private_key=self.private, auth_secret=self.auth,
                                           version="aes128gcm"))


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def send(client: TestClient, at: int | None = None) -> int:
    return client.app.state.agon.sender.once(at)


def move_until(client: TestClient, url: str, headers: dict[str, str], done: Any, most: int = 200) -> dict[str, Any]:
    """Play the first legal action of this seat until `done(state)`."""
    for _ in range(most):
        state = client.get(url, headers=headers).json()
        if done(state):
            return state
        assert state["prompt"], state
        action = state["prompt"]["actions"][0]
        moved = client.post(f"{url}/actions", headers=headers,
                            json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
        assert moved.status_code == 200, moved.text
    raise AssertionError("never done")


def statuses(client: TestClient) -> dict[str, int]:
    engine = client.app.state.agon.engine
    with engine.connect() as conn:
        rows = conn.execute(select(outbox_table.c.status, func.count()).group_by(outbox_table.c.status)).all()
    return {status: count for status, count in rows}


def ada_and_bob(client: TestClient, language: str = "el") -> tuple[Person, Person, dict[str, Any]]:
    """Ada (an account in `language`, who plays the democrat) and Bob (the communist, first to move)
    in a match of 1989."""
    ada = sign_up(client, "ada", "ada@example.org")
    assert ada.call("PATCH", "/api/me", json={"language": language}).status_code == 200
    sign_up(client, "bob", "bob@example.org")
    made = ada.call("POST", "/api/matches", json={"game": "1989", "seats": {"democrat": "human", "communist": "human"},
                                                  "seed": 5, "title": "Autumn of nations", "mine": "democrat",
                                                  "invite": {"communist": "bob"}})
    assert made.status_code == 201, made.text
    return ada, log_in(client, "bob"), made.json()


def test_the_player_to_move_gets_mail_webhook_and_push_in_greek_with_the_link(tmp_path, mailbox, receiver):
    box, port = mailbox
    with make_client(tmp_path, smtp_host="127.0.0.1", smtp_port=port, **QUICK) as c:
        ada, bob, made = ada_and_bob(c)
        browser = Browser.new()
        assert ada.call("POST", "/api/me/push", json=browser.subscription(receiver.url("/push/ada"))).status_code == 201
        saved = ada.call("PUT", "/api/me/notifications", json={"email": True, "webhook": True, "push": True,
                                                                "webhook_url": receiver.url("/hook/ada")})
        assert saved.status_code == 200, saved.text
        assert saved.json()["settings"] == {"email": True, "webhook": True, "push": True, "digest": False,
                                            "webhook_url": receiver.url("/hook/ada")}
        url = f"/api/matches/{made['id']}"
        move_until(c, url, bob.headers(), lambda s: "democrat" in s["active"])
        assert send(c) == 3
        link = f"{PUBLIC}/m/{made['id']}"  # an account's link: the match (its owner logs in), no token
        greek = "Είναι η σειρά σας στο Autumn of nations."
        # the mail
        assert len(box.messages) == 1
        assert "To: ada@example.org" in box.messages[0] and greek in box.messages[0] and link in box.messages[0]
        # the webhook: one JSON body that Discord (content) and Slack (text) both read
        hook = receiver.at("/hook/ada")
        assert len(hook) == 1 and hook[0].headers["content-type"] == "application/json"
        posted = json.loads(hook[0].body)
        assert posted["content"] == posted["text"] == f"{greek} {link}"
        # the push, encrypted for the browser and signed by the server's VAPID key
        pushed = receiver.at("/push/ada")
        assert len(pushed) == 1
        key = ada.call("GET", "/api/me/notifications").json()["push_key"]
        assert browser.read(pushed[0], key) == {"title": "agon", "body": greek, "url": link}
        assert statuses(c) == {"sent": 3}
        # Bob asked for nothing: nothing for him, ever
        assert not any("bob" in r.path for r in receiver.got)
        # the test notification goes out at once
        assert ada.call("POST", "/api/me/notifications/test").status_code == 202
        send(c)
        assert "agon: Αυτή είναι μια δοκιμαστική ειδοποίηση του agon." in box.messages[-1] or \
            "Αυτή είναι μια δοκιμαστική ειδοποίηση" in box.messages[-1]


def test_a_bots_quick_replies_send_one_mail(tmp_path, mailbox):
    """The player answers a bot three times in a row within the batching window: one mail, for the
    last turn only (the earlier ones were answered), and none while they keep playing."""
    box, port = mailbox
    with make_client(tmp_path, smtp_host="127.0.0.1", smtp_port=port, **{**QUICK, "mail_batch_seconds": 60}) as c:
        ada = sign_up(c, "ada", "ada@example.org")
        assert ada.call("PUT", "/api/me/notifications", json={"email": True}).status_code == 200
        made = ada.call("POST", "/api/matches", json={"game": "1989", "seed": 5, "mine": "democrat",
                                                      "seats": {"democrat": "human", "communist": "random"}}).json()
        url = f"/api/matches/{made['id']}"
        agon = c.app.state.agon

        def my_turn() -> dict[str, Any] | None:
            state = ada.call("GET", url).json()
            return state if "democrat" in state["active"] and state["prompt"] and not state["thinking"] else None

        for _ in range(3):
            state = wait_for(my_turn)
            assert send(c) == 0  # within the window: nothing yet
            action = state["prompt"]["actions"][0]
            assert ada.call("POST", f"{url}/actions", json={"version": state["version"], "verb": action["verb"],
                                                            "arg": action["arg"]}).status_code == 200
        wait_for(my_turn)
        later = agon.notifier.clock() * 1000 + 61_000
        send(c, int(later))
        assert len(box.messages) == 1, box.messages
        assert box.messages[0].count("It is your turn in") == 1
        # the turn came back to her more than once; the earlier ones she answered are dropped
        assert statuses(c)["sent"] == 1 and statuses(c)["skipped"] >= 1


def test_a_restart_between_enqueue_and_send_loses_nothing(tmp_path, receiver):
    settings = {**QUICK, "webhook_delay_seconds": 3600}
    with make_client(tmp_path, **settings) as c:
        made = new_match(c, "1989", seats={"democrat": "human", "communist": "human"}, seed=5)
        token = made["seats"]["democrat"]["token"]
        saved = c.put(f"/api/matches/{made['id']}/notifications", headers=auth(token),
                      json={"webhook": True, "webhook_url": receiver.url("/hook/d"), "language": "hu"})
        assert saved.status_code == 200, saved.text
        move_until(c, f"/api/matches/{made['id']}", auth(made["seats"]["communist"]["token"]),
                   lambda s: "democrat" in s["active"])
        assert send(c) == 0 and statuses(c) == {"pending": 1}
        # and a claim that a process took and never finished (it died while sending)
        due = now_ms() + 3_600_000
        assert len(c.app.state.agon.notifier.store.claim("dead-process", due)) == 1
        assert statuses(c) == {"sending": 1}
        # and an event handed to the writer thread just before the server stops: written as it stops
        def slowly() -> list[NotificationEvent]:
            time.sleep(1.0)  # still being made when the server stops: the stop waits for it
            return [NotificationEvent("game_over", made["id"], "democrat")]

        c.app.state.agon.notifier.later(slowly)
    stopped = make_engine(f"sqlite:///{tmp_path / 'agon.db'}")
    with stopped.connect() as conn:  # the moment the server has stopped, both rows are there
        assert conn.execute(select(func.count()).select_from(outbox_table)).scalar_one() == 2
    stopped.dispose()
    with make_client(tmp_path, **settings) as c:  # the server started again
        sender = c.app.state.agon.sender
        sender.policy = type(sender.policy)(tick=0, lease=0)
        assert send(c, due + 1) == 1
        link = f"{PUBLIC}/m/{made['id']}#{token}"  # the seat's own token
        assert [json.loads(r.body)["text"] for r in receiver.at("/hook/d")] == [  # in Hungarian: the seat chose it
            f"Ön következik: 1989: Dawn of Freedom. {link}\nVéget ért a játszma: 1989: Dawn of Freedom. {link}"]
        assert statuses(c) == {"sent": 2}


def test_failures_are_retried_with_back_off_then_recorded(tmp_path, receiver):
    with make_client(tmp_path, **{**QUICK, "notify_attempts": 3, "notify_retry_seconds": 10}) as c:
        made = new_match(c, "1989", seats={"democrat": "human", "communist": "human"}, seed=5)
        token = made["seats"]["democrat"]["token"]
        c.put(f"/api/matches/{made['id']}/notifications", headers=auth(token),
              json={"webhook": True, "webhook_url": receiver.url("/down")})
        receiver.status = 503
        assert c.post(f"/api/matches/{made['id']}/notifications/test", headers=auth(token)).status_code == 202
        at = c.app.state.agon.notifier.clock() * 1000
        send(c, int(at))
        assert statuses(c) == {"pending": 1}
        send(c, int(at) + 5_000)  # the back-off (10 s) has not passed
        assert len(receiver.got) == 1
        send(c, int(at) + 11_000)
        send(c, int(at) + 32_000)  # 20 s after the second try: the third and last
        assert len(receiver.got) == 3 and statuses(c) == {"failed": 1}
        with c.app.state.agon.engine.connect() as conn:
            assert "503" in conn.execute(select(outbox_table.c.error)).scalar_one()


def test_postgresql_two_sender_loops_never_send_one_notification_twice(tmp_path, pg_url, receiver):
    settings = {**QUICK, "db": pg_url}
    with make_client(tmp_path, **settings) as one, make_client(tmp_path, **settings) as two:
        seats = []
        for n in range(6):
            made = new_match(one, "1989", seats={"democrat": "human", "communist": "human"}, seed=n)
            for role, seat in made["seats"].items():
                assert one.put(f"/api/matches/{made['id']}/notifications", headers=auth(seat["token"]),
                               json={"webhook": True, "webhook_url": receiver.url(f"/hook/{made['id']}/{role}")},
                               ).status_code == 200
                seats.append((made["id"], role))
        ctx = one.app.state.agon
        for _ in range(5):
            with ctx.engine.begin() as conn:
                for match_id, role in seats:
                    enqueue(conn, NotificationEvent("test", match_id, role), ctx.notifier.store)
        results: list[int] = []

        def loop(client: TestClient) -> None:
            for _ in range(20):
                results.append(send(client))

        threads = [threading.Thread(target=loop, args=(c,)) for c in (one, two, one, two)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert statuses(one) == {"sent": 60}
        # every row went out exactly once: five lines per seat (a seat's rows may share a message)
        lines: dict[str, int] = {}
        for received in receiver.got:
            text = json.loads(received.body)["text"]
            lines[received.path] = lines.get(received.path, 0) + text.count("This is a test notification")
        assert lines == {f"/hook/{match_id}/{role}": 5 for match_id, role in seats}


def test_no_notification_carries_another_seats_token_or_the_game(tmp_path, receiver):
    with make_client(tmp_path, **QUICK) as c:
        made = new_match(c, "1989", seats={"democrat": "human", "communist": "human"}, seed=5, title="Leipzig")
        tokens = {role: seat["token"] for role, seat in made["seats"].items()}
        for role, token in tokens.items():
            c.put(f"/api/matches/{made['id']}/notifications", headers=auth(token),
                  json={"webhook": True, "webhook_url": receiver.url(f"/hook/{role}")})
        url = f"/api/matches/{made['id']}"
        for _ in range(6):  # the turn passes back and forth
            for token in tokens.values():
                state = c.get(url, headers=auth(token)).json()
                if state["prompt"]:
                    action = state["prompt"]["actions"][0]
                    c.post(f"{url}/actions", headers=auth(token),
                           json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
                    send(c)
        assert receiver.at("/hook/democrat") and receiver.at("/hook/communist")
        for role, token in tokens.items():
            other = next(t for r, t in tokens.items() if r != role)
            for received in receiver.at(f"/hook/{role}"):
                text = json.loads(received.body)["text"]
                assert other not in text
                assert text == f"It is your turn in Leipzig. {PUBLIC}/m/{made['id']}#{token}"


def _snapshot(client: TestClient) -> list[Any]:
    engine = client.app.state.agon.engine
    with engine.connect() as conn:
        return [conn.exec_driver_sql(f"SELECT * FROM {table} ORDER BY 1").all()
                for table in ("notify_setting", "push_subscription", "notification")]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_settings(request: pytest.FixtureRequest) -> dict[str, Any]:
    if request.param == "postgresql":
        return {"db": request.getfixturevalue("pg_url")}
    return {}


def test_bad_input_of_every_route_gets_one_line_and_changes_nothing(tmp_path, db_settings):
    with make_client(tmp_path, public_url=PUBLIC, login_burst=1000, notify_tick_seconds=0, **db_settings) as c:
        ada = sign_up(c, "ada")  # no e-mail address
        made = new_match(c, "1989", seats={"democrat": "human", "communist": "human"}, seed=5)
        token = made["seats"]["democrat"]["token"]
        seat = f"/api/matches/{made['id']}"
        good_keys = Browser.new().subscription("https://push.example.org/x")["keys"]
        cases: list[tuple[str, str, Any, dict[str, str] | None, int, str]] = [
            ("PUT", "/api/me/notifications", {"email": True}, None, 400, "e-mail address first"),
            ("PUT", "/api/me/notifications", {"webhook": True}, None, 400, "webhook_url"),
            ("PUT", "/api/me/notifications", {"webhook_url": "ftp://example.org/x"}, None, 400, "http"),
            ("PUT", "/api/me/notifications", {"webhook_url": "http://127.0.0.1/x"}, None, 400, "private"),
            ("PUT", "/api/me/notifications", {"webhook_url": "http://[::1]:80/x"}, None, 400, "private"),
            ("PUT", "/api/me/notifications", {"webhook_url": "http://10.0.0.7/x"}, None, 400, "private"),
            ("PUT", "/api/me/notifications", {"webhook_url": "https://u:p@example.org/"}, None, 400, "password"),
            ("PUT", "/api/me/notifications", {"webhook_url": "https://example.org/" + "x" * 500}, None, 400, "500"),
            ("PUT", "/api/me/notifications", {"email": "yes"}, None, 400, "email"),
            ("PUT", "/api/me/notifications", {"sms": True}, None, 400, "sms"),
            ("POST", "/api/me/notifications/test", None, None, 409, "no channel"),
            ("POST", "/api/me/push", {"endpoint": "https://push.example.org/x", "keys": {"p256dh": "abc",
                                                                                   "auth": good_keys["auth"]}},
             None, 400, "p256dh"),
            ("POST", "/api/me/push", {"endpoint": "https://push.example.org/x", "keys": {**good_keys, "auth": "!!"}},
             None, 400, "auth"),
            ("POST", "/api/me/push", {"endpoint": "javascript:alert(1)", "keys": good_keys}, None, 400, "endpoint"),
            ("POST", "/api/me/push", {"endpoint": "http://127.0.0.1:9/p", "keys": good_keys}, None, 400, "private"),
            ("DELETE", "/api/me/push", {"endpoint": 5}, None, 400, "endpoint"),
            ("GET", f"{seat}/notifications", None, {}, 401, "token"),
            ("GET", f"{seat}/notifications", None, auth("forged"), 401, "unknown token"),
            ("PUT", f"{seat}/notifications", {"email": True}, auth(token), 400, "address"),
            ("PUT", f"{seat}/notifications", {"address": "not an address"}, auth(token), 400, "address"),
            ("PUT", f"{seat}/notifications", {"language": "fr"}, auth(token), 400, "language"),
            ("PUT", f"{seat}/notifications", {"webhook": True, "webhook_url": "http://localhost/x"}, auth(token),
             400, "private"),
            ("PUT", "/api/matches/nosuch/notifications", {}, auth(token), 404, "no match"),
            ("POST", f"{seat}/notifications/test", None, auth(token), 409, "no channel"),
            ("POST", f"{seat}/push", {"endpoint": "https://push.example.org/x"}, auth(token), 400, "keys"),
            ("DELETE", f"{seat}/push", {"endpoint": "x"}, None, 401, "token"),
        ]
        before = _snapshot(c)
        for method, path, body, headers, status, words in cases:
            sent = (c.request(method, path, json=body, headers=headers) if headers is not None
                    else ada.call(method, path, json=body))
            assert sent.status_code == status, (method, path, body, sent.text)
            error = sent.json()["error"]
            assert words in error and "\n" not in error and "Traceback" not in error, (path, body, error)
        assert _snapshot(c) == before
        # without the CSRF token or a session: refused too
        assert ada.call("PUT", "/api/me/notifications", csrf=False, json={}).status_code == 403
        assert c.get("/api/me/notifications").status_code == 401


def test_the_service_worker_is_served_at_the_root_with_its_scope(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/"
    assert "default-src 'self'" in answer.headers["content-security-policy"]  # workers from this origin only
    assert "showNotification" in answer.text


def test_the_vapid_key_is_made_once_per_server_and_kept(tmp_path: Path):
    with make_client(tmp_path) as c:
        ada = sign_up(c, "ada")
        first = ada.call("GET", "/api/me/notifications").json()["push_key"]
    with make_client(tmp_path) as c:
        ada = log_in(c, "ada")
        assert ada.call("GET", "/api/me/notifications").json()["push_key"] == first
    assert len(base64.urlsafe_b64decode(first + "==")) == 65


def test_the_daily_digest_lists_the_games_waiting_in_the_accounts_language(tmp_path, mailbox):
    box, port = mailbox
    with make_client(tmp_path, smtp_host="127.0.0.1", smtp_port=port, **QUICK) as c:
        ada, bob, first = ada_and_bob(c, "el")
        second = ada.call("POST", "/api/matches", json={"game": "1989", "seed": 6, "title": "Gdańsk", "mine": "democrat",
                                                        "seats": {"democrat": "human", "communist": "human"}}).json()
        assert ada.call("PUT", "/api/me/notifications", json={"digest": True}).status_code == 200
        move_until(c, f"/api/matches/{first['id']}", bob.headers(), lambda s: "democrat" in s["active"])
        token = second["seats"]["communist"]["token"]
        move_until(c, f"/api/matches/{second['id']}", auth(token), lambda s: "democrat" in s["active"])
        agon = c.app.state.agon
        send(c)
        assert box.messages == []  # the first digest comes a day after it was asked for
        now = agon.notifier.clock()
        agon.notifier.clock = lambda: now + 86_401
        send(c)
        assert len(box.messages) == 1
        mail = box.messages[0]
        assert "Είναι η σειρά σας σε 2 παρτίδες:" in mail
        assert f"- Autumn of nations: {PUBLIC}/m/{first['id']}" in mail and f"- Gdańsk: {PUBLIC}/m/{second['id']}" in mail
        send(c)
        assert len(box.messages) == 1  # one a day


def test_game_over_and_the_adapters_tell_the_right_seats(tmp_path, receiver):
    """The adapters the clocks, chat and lobby connect to: a chat message tells the other seats who
    wrote (never what), a rematch offer the others, a reminder and a time-out the seat itself; the
    end of a game tells every human seat."""
    with make_client(tmp_path, **QUICK) as c:
        made = new_match(c, "1989", seats={"democrat": "human", "communist": "human"}, seed=5, title="Prague")
        for role, seat in made["seats"].items():
            c.put(f"/api/matches/{made['id']}/notifications", headers=auth(seat["token"]),
                  json={"webhook": True, "webhook_url": receiver.url(f"/hook/{role}")})
        notifier = c.app.state.agon.notifier
        notifier.chat_message(made["id"], "communist", who="Bob")
        notifier.rematch_offered(made["id"], "democrat", who="Ada")
        notifier.reminder(made["id"], "democrat", deadline=123)
        notifier.time_out(made["id"], "communist")
        live = c.app.state.agon.matches.get(made["id"])

        class Over:
            is_over = True
            active = ()

        notifier.after_act(type("LiveOver", (), {"row": live.row, "state": Over()})(), ("democrat",))  # type: ignore[arg-type]
        send(c)

        def texts(role: str) -> list[str]:
            return sorted(line.split(" http")[0] for r in receiver.at(f"/hook/{role}")
                          for line in json.loads(r.body)["text"].splitlines())

        assert texts("democrat") == ["Bob wrote in the chat of Prague.", "The game Prague is over.",
                                     "Your time to move in Prague runs out soon."]
        assert texts("communist") == ["Ada offers a rematch of Prague.", "The game Prague is over.",
                                      "The time to move ran out in Prague."]


def test_the_chat_route_and_the_rematch_route_feed_the_notifications(tmp_path, receiver):
    """Wired at the merge of chat, lobby and notifications: a message in the players' channel tells the
    other seat who wrote (by the role's name for a guest), a rematch offer tells the other seat."""
    with make_client(tmp_path, **QUICK) as c:
        made = new_match(c, "1989", seats={"democrat": "human", "communist": "human"}, seed=5, title="Prague")
        for role, seat in made["seats"].items():
            c.put(f"/api/matches/{made['id']}/notifications", headers=auth(seat["token"]),
                  json={"webhook": True, "webhook_url": receiver.url(f"/hook/{role}")})
        posted = c.post(f"/api/matches/{made['id']}/chat", headers=auth(made["seats"]["communist"]["token"]),
                        json={"text": "good luck"})
        assert posted.status_code == 201, posted.text
        send(c)
        lines = [line for r in receiver.at("/hook/democrat") for line in json.loads(r.body)["text"].splitlines()]
        assert any(line.startswith("Communist wrote in the chat of Prague.") for line in lines), lines
        assert not receiver.at("/hook/communist")  # the author is not told of their own message
        assert all("good luck" not in line for line in lines)  # who wrote, never what
