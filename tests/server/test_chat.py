"""Chat per match (issue 30), on SQLite and PostgreSQL: who reads and writes which channel, the
limits, mutes, live delivery (across two processes on PostgreSQL), persistence, bad inputs and
the leak test."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from agon.server import chat
from agon.server.chat import ChatEvent, chat_message_table, chat_mute_table
from agon.server.store import account_table
from tests.server.conftest import ServerProcess, auth, make_client
from tests.server.test_accounts import PASSWORD, Person, dual_powers, sign_up


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("pg_url")
    return f"sqlite:///{tmp_path / 'agon.db'}"


@pytest.fixture
def client(db: str, tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, db=db) as c:
        yield c


def guests(client: TestClient, game: str = "dual-powers", seats: dict[str, str] | None = None) -> tuple[str, dict[str, str]]:
    """A match of guest seats (every seat a person unless `seats` says otherwise): its id and tokens."""
    if seats is None:
        roles = client.post(f"/api/games/{game}/roles", json={"options": {}}).json()["roles"]
        seats = dict.fromkeys(roles, "human")
    made = client.post("/api/matches", json={"game": game, "seats": seats})
    assert made.status_code == 201, made.text
    return made.json()["id"], {r: s["token"] for r, s in made.json()["seats"].items() if "token" in s}


def say(client: TestClient, match_id: str, token: str | None, text: str, **body: Any) -> Any:
    headers = auth(token) if token else {}
    return client.post(f"/api/matches/{match_id}/chat", json={"text": text, **body}, headers=headers)


def read(client: TestClient, match_id: str, token: str | None = None, since: int = 0) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}/chat?since={since}", headers=auth(token) if token else {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def texts(answer: dict[str, Any]) -> list[str]:
    return [m["text"] for m in answer["messages"]]


def finish(client: TestClient, match_id: str, tokens: dict[str, str]) -> None:
    """Play the match to its end, each seat taking its first choice."""
    url = f"/api/matches/{match_id}"
    for _ in range(2000):
        state = client.get(url).json()
        if state["is_over"]:
            return
        role = state["active"][0]
        mine = client.get(url, headers=auth(tokens[role])).json()
        if mine["prompt"] is None:
            continue
        action = next(a for a in mine["prompt"]["actions"] if a["verb"] != "undo")
        client.post(f"{url}/actions", headers=auth(tokens[role]),
                    json={"version": mine["version"], "verb": action["verb"], "arg": action["arg"]})
    raise AssertionError("the match did not end")


def test_the_seats_talk_and_a_spectator_does_not_read_them_during_the_game(client):
    match_id, tokens = guests(client)
    red, white = tokens["red"], tokens["white"]
    posted = say(client, match_id, red, "  good luck <b>&amp;</b>  ")
    assert posted.status_code == 201, posted.text
    message = posted.json()["message"]
    assert message["text"] == "good luck <b>&amp;</b>"  # stored as typed (the page escapes it), trimmed
    assert message["channel"] == "players" and message["role"] == "red" and message["name"] is None
    assert set(message) == {"id", "channel", "role", "name", "text", "at"}
    say(client, match_id, white, "thanks")
    seat = read(client, match_id, white)
    assert texts(seat) == ["good luck <b>&amp;</b>", "thanks"]
    assert seat["reads"] == ["players"] and seat["writes"] == "players" and seat["role"] == "white"
    assert texts(read(client, match_id, white, since=seat["messages"][0]["id"])) == ["thanks"]
    watcher = read(client, match_id)  # a guest spectator: the spectators' channel only, and no writing
    assert watcher["messages"] == [] and watcher["reads"] == ["spectators"] and watcher["writes"] is None
    refused = say(client, match_id, None, "hi players")
    assert refused.status_code == 401 and "log in" in refused.json()["error"]


def test_the_author_of_an_account_seat_is_named_and_a_logged_in_spectator_has_a_channel(client):
    ada = sign_up(client, "ada", "ada@example.org")
    cyd = sign_up(client, "cyd")
    made = dual_powers(ada)
    match_id, mine = made["id"], made["mine"]
    guest = next(r for r in made["seats"] if r != mine)
    url = f"/api/matches/{match_id}/chat"
    with client.websocket_connect(f"/api/matches/{match_id}/live") as watcher:  # a guest spectator's socket
        watcher.send_text("{}")
        assert watcher.receive_json()["role"] is None
        by_session = ada.call("POST", url, json={"text": "hello from ada"})
        assert by_session.status_code == 201, by_session.text
        assert by_session.json()["message"] | {"id": 0, "at": 0} == {
            "id": 0, "at": 0, "channel": "players", "role": mine, "name": "ada", "text": "hello from ada"}
        assert ada.call("POST", url, json={"text": "no csrf"}, csrf=False).status_code == 403
        # cyd watches, logged in: the spectators' channel is cyd's; the players do not read it now
        spectating = cyd.call("POST", url, json={"text": "nice opening"})
        assert spectating.status_code == 201, spectating.text
        assert spectating.json()["message"]["channel"] == "spectators"
        assert spectating.json()["message"]["role"] is None and spectating.json()["message"]["name"] == "cyd"
        players = cyd.call("POST", url, json={"text": "psst", "channel": "players"})
        assert players.status_code == 403 and "seated players" in players.json()["error"]
        assert texts(cyd.call("GET", url).json()) == ["nice opening"]
        assert watcher.receive_json()["chat"][0]["text"] == "nice opening"  # ada's was not pushed to spectators
    assert texts(read(client, match_id, made["seats"][guest]["token"])) == ["hello from ada"]
    to_spectators = ada.call("POST", url, json={"text": "hi all", "channel": "spectators"})
    assert to_spectators.status_code == 403 and "players' channel" in to_spectators.json()["error"]


def test_once_the_game_is_over_everyone_reads_both_channels(client):
    match_id, tokens = guests(client)
    cyd = sign_up(client, "cyd")
    url = f"/api/matches/{match_id}/chat"
    say(client, match_id, tokens["red"], "in game")
    cyd.call("POST", url, json={"text": "from the audience"})
    finish(client, match_id, tokens)
    say(client, match_id, tokens["white"], "good game")
    for token in (None, tokens["red"]):
        answer = read(client, match_id, token)
        assert texts(answer) == ["in game", "from the audience", "good game"]
        assert answer["reads"] == ["players", "spectators"]
    assert say(client, match_id, None, "bravo").status_code == 401  # a guest spectator still reads only


def test_a_message_has_at_most_500_characters(client):
    match_id, tokens = guests(client)
    assert say(client, match_id, tokens["red"], "é" * 500).status_code == 201
    too_long = say(client, match_id, tokens["red"], "x" * 501)
    assert too_long.status_code == 400 and too_long.json() == {"error": "text: at most 500 characters (this one has 501)"}
    assert len(read(client, match_id, tokens["red"])["messages"]) == 1


def test_a_seat_posts_at_most_its_rate(tmp_path, db):
    with make_client(tmp_path, db=db, chat_rate=0.01, chat_burst=3) as client:
        match_id, tokens = guests(client)
        codes = [say(client, match_id, tokens["red"], f"message {i}").status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        assert say(client, match_id, tokens["white"], "my own limit").status_code == 201  # per seat
        assert "too many messages" in say(client, match_id, tokens["red"], "again").json()["error"]
        assert len(read(client, match_id, tokens["red"])["messages"]) == 4


def test_a_match_holds_a_bounded_number_of_messages_per_channel(tmp_path, db):
    with make_client(tmp_path, db=db, chat_max=3) as client:
        match_id, tokens = guests(client)
        codes = [say(client, match_id, tokens["red" if i % 2 else "white"], f"m{i}").status_code for i in range(4)]
        assert codes == [201, 201, 201, 409]
        cyd = sign_up(client, "cyd")  # the spectators' channel has its own bound
        assert cyd.call("POST", f"/api/matches/{match_id}/chat", json={"text": "still room"}).status_code == 201


def test_a_seat_mutes_another_on_every_device_and_unmutes_it(client):
    match_id, tokens = guests(client, "intrigue-city", {"p1": "human", "p2": "human", "p3": "human"})
    url = f"/api/matches/{match_id}/chat"
    say(client, match_id, tokens["p2"], "before the mute")
    muted = client.post(f"{url}/mutes", json={"role": "p2"}, headers=auth(tokens["p1"]))
    assert muted.status_code == 200 and muted.json() == {"muted": ["p2"]}
    again = client.post(f"{url}/mutes", json={"role": "p2"}, headers=auth(tokens["p1"]))
    assert again.json() == {"muted": ["p2"]}  # muting twice is muting
    with client.websocket_connect(f"/api/matches/{match_id}/live") as ws:
        ws.send_text(json.dumps({"token": tokens["p1"]}))
        assert ws.receive_json()["role"] == "p1"
        say(client, match_id, tokens["p2"], "you do not hear me")
        say(client, match_id, tokens["p3"], "you hear me")
        assert ws.receive_json()["chat"][0]["text"] == "you hear me"  # p2's message was not pushed
    answer = read(client, match_id, tokens["p1"])
    assert texts(answer) == ["you hear me"] and answer["muted"] == ["p2"]
    assert texts(read(client, match_id, tokens["p3"])) == ["before the mute", "you do not hear me", "you hear me"]
    unmuted = client.post(f"{url}/mutes", json={"role": "p2", "muted": False}, headers=auth(tokens["p1"]))
    assert unmuted.json() == {"muted": []}
    assert len(read(client, match_id, tokens["p1"])["messages"]) == 3


def test_messages_and_mutes_survive_a_restart(tmp_path, db):
    with make_client(tmp_path, db=db) as client:
        match_id, tokens = guests(client)
        say(client, match_id, tokens["red"], "remember me")
        say(client, match_id, tokens["white"], "muted")
        client.post(f"/api/matches/{match_id}/chat/mutes", json={"role": "white"}, headers=auth(tokens["red"]))
    with make_client(tmp_path, db=db) as client:  # a new server process on the same database
        assert texts(read(client, match_id, tokens["white"])) == ["remember me", "muted"]
        answer = read(client, match_id, tokens["red"])
        assert texts(answer) == ["remember me"] and answer["muted"] == ["white"]


def test_both_seats_get_each_message_within_a_second_on_their_sockets(client):
    match_id, tokens = guests(client)
    with client.websocket_connect(f"/api/matches/{match_id}/live") as red, \
            client.websocket_connect(f"/api/matches/{match_id}/live") as white:
        red.send_text(json.dumps({"token": tokens["red"], "log": "new"}))
        white.send_text(json.dumps({"token": tokens["white"], "log": "new"}))
        assert red.receive_json()["role"] == "red" and white.receive_json()["role"] == "white"
        started = time.monotonic()
        say(client, match_id, tokens["red"], "ping")
        assert red.receive_json()["chat"][0]["text"] == "ping"
        assert white.receive_json()["chat"][0]["text"] == "ping"
        say(client, match_id, tokens["white"], "pong")
        assert red.receive_json()["chat"][0]["text"] == "pong"
        assert white.receive_json()["chat"][0]["text"] == "pong"
        assert time.monotonic() - started < 1.0


def test_the_notification_hook_hears_of_each_message_without_its_text(client, monkeypatch):
    heard: list[ChatEvent] = []
    monkeypatch.setattr(chat, "on_message", [heard.append, lambda _event: 1 / 0])  # a failing listener is logged
    match_id, tokens = guests(client)
    posted = say(client, match_id, tokens["red"], "hello")
    assert posted.status_code == 201
    assert heard == [ChatEvent(match_id, posted.json()["message"]["id"], "players", "red", 5)]


def test_a_chat_message_does_not_touch_the_match_lock(client):
    """Chat never waits for a move: a message is posted and read while the match's lock is held
    (by a move being stored, here by the test)."""
    import threading

    match_id, tokens = guests(client)
    answers: list[Any] = []

    def talk() -> None:
        answers.append(say(client, match_id, tokens["red"], "while a move is stored").status_code)
        answers.append(texts(read(client, match_id, tokens["white"])))

    with client.app.state.agon.matches.lock(match_id):
        talking = threading.Thread(target=talk, daemon=True)
        talking.start()
        talking.join(10)
        assert answers == [201, ["while a move is stored"]], "the chat waited for the match's lock"


def test_a_slow_socket_owes_at_most_100_light_pushes_then_is_told_to_read_again():
    """A socket that does not take its chat pushes holds a bounded queue: past 100 it is told
    `chat_gap` (the page reads what it missed) instead of growing without end."""
    from agon.server.live import Hub, Subscriber

    async def state_for(*_args: Any) -> Any:
        raise AssertionError("a light push builds no state")

    async def send(_data: bytes) -> None:
        return None

    hub = Hub(state_for)
    sub = Subscriber("m", "red", send)
    hub.subscribers["m"] = {sub}
    for i in range(101):
        hub.tell("m", lambda _sub, i=i: f'{{"chat":[{{"id":{i}}}]}}'.encode())
    assert list(sub.outbox) == [b'{"chat":[],"chat_gap":true}']
    hub.tell("m", lambda candidate: None if candidate.role == "red" else b"x")  # not for this seat
    assert len(sub.outbox) == 1


# Each case: (name, method, path, body, who asks, expected status, words of the error). `who`:
# "red"/"white" the guest seats' tokens, "ada" the account seat by its session (with its CSRF
# token), "ada-no-csrf" without it, "cyd" a logged-in spectator, "guest" nobody, "forged" an
# unknown token, "other" a seat token of another match.
CHAT = "/api/matches/MATCH/chat"
MUTES = "/api/matches/MATCH/chat/mutes"
BAD = [
    ("empty text", "POST", CHAT, {"text": ""}, "red", 400, "empty"),
    ("only spaces", "POST", CHAT, {"text": "   \u3000 "}, "red", 400, "empty"),
    ("501 characters", "POST", CHAT, {"text": "x" * 501}, "red", 400, "at most 500"),
    ("far too long", "POST", CHAT, {"text": "x" * 5000}, "red", 400, "text"),
    ("a bell", "POST", CHAT, {"text": "ding\u0007"}, "red", 400, "control characters"),
    ("a newline inside", "POST", CHAT, {"text": "two\nlines"}, "red", 400, "control characters"),
    ("an escape sequence", "POST", CHAT, {"text": "\u001b[31mred"}, "red", 400, "control characters"),
    ("a C1 control", "POST", CHAT, {"text": "a\u0085b"}, "red", 400, "control characters"),
    ("a right-to-left override", "POST", CHAT, {"text": "abc\u202egnp.exe"}, "red", 400, "control characters"),
    ("a lone surrogate", "POST", CHAT, '{"text": "a\\ud800b"}', "red", 400, "text"),
    ("a NUL", "POST", CHAT, '{"text": "a\\u0000b"}', "red", 400, "NUL"),
    ("text as a number", "POST", CHAT, {"text": 5}, "red", 400, "text"),
    ("no text", "POST", CHAT, {}, "red", 400, "text"),
    ("an extra field", "POST", CHAT, {"text": "hi", "html": True}, "red", 400, "html"),
    ("malformed JSON", "POST", CHAT, "{", "red", 400, "malformed JSON"),
    ("an unknown channel", "POST", CHAT, {"text": "hi", "channel": "all"}, "red", 400, "channel"),
    ("a seat in the spectators' channel", "POST", CHAT, {"text": "hi", "channel": "spectators"}, "red", 403,
     "players' channel"),
    ("a spectator in the players' channel", "POST", CHAT, {"text": "hi", "channel": "players"}, "cyd", 403,
     "seated players"),
    ("a guest spectator", "POST", CHAT, {"text": "hi"}, "guest", 401, "log in"),
    ("a forged token", "POST", CHAT, {"text": "hi"}, "forged", 401, "unknown token"),
    ("another match's token", "POST", CHAT, {"text": "hi"}, "other", 403, "another match"),
    ("an unknown match", "POST", "/api/matches/nosuch/chat", {"text": "hi"}, "red", 404, "no match"),
    ("a session write without CSRF", "POST", CHAT, {"text": "hi"}, "ada-no-csrf", 403, "X-CSRF-Token"),
    ("a bearer without a token", "POST", CHAT, {"text": "hi"}, "Bearer ", 401, "Bearer TOKEN"),
    ("since below 0", "GET", CHAT + "?since=-1", None, "red", 400, "since"),
    ("since not a number", "GET", CHAT + "?since=x", None, "red", 400, "since"),
    ("since past any id", "GET", CHAT + f"?since={2**63}", None, "red", 400, "since"),
    ("read with a forged token", "GET", CHAT, None, "forged", 401, "unknown token"),
    ("read with another match's token", "GET", CHAT, None, "other", 403, "another match"),
    ("read an unknown match", "GET", "/api/matches/nosuch/chat", None, "guest", 404, "no match"),
    ("mute an unknown role", "POST", MUTES, {"role": "nobody"}, "red", 400, "not a seat"),
    ("mute yourself", "POST", MUTES, {"role": "red"}, "red", 400, "your own seat"),
    ("mute a bot", "POST", "/api/matches/OTHER/chat/mutes", {"role": "BOT"}, "other", 400, "bot"),
    ("mute as a spectator", "POST", MUTES, {"role": "red"}, "cyd", 403, "only a seat"),
    ("mute as a guest", "POST", MUTES, {"role": "red"}, "guest", 403, "only a seat"),
    ("muted not a boolean", "POST", MUTES, {"role": "white", "muted": "yes"}, "red", 400, "muted"),
    ("mute without a role", "POST", MUTES, {"muted": True}, "red", 400, "role"),
    ("mute without CSRF", "POST", MUTES, {"role": "RED"}, "ada-no-csrf", 403, "X-CSRF-Token"),
    ("mute in an unknown match", "POST", "/api/matches/nosuch/chat/mutes", {"role": "red"}, "red", 404, "no match"),
]


def _snapshot(client: TestClient) -> Any:
    with client.app.state.agon.engine.connect() as conn:
        return (conn.execute(select(chat_message_table).order_by(chat_message_table.c.id)).all(),
                conn.execute(select(chat_mute_table)).all())


@pytest.mark.parametrize(("name", "method", "path", "body", "who", "status", "words"), BAD, ids=[c[0] for c in BAD])
def test_bad_inputs_get_one_line_and_change_nothing(client, name, method, path, body, who, status, words):
    ada = sign_up(client, "ada")
    cyd = sign_up(client, "cyd")
    mine = dual_powers(ada)  # ada's own seat by her session, the other a guest's
    match_id, tokens = guests(client)
    other_id, other_tokens = guests(client, seats={"red": "human", "white": "random"})
    ada_role = mine["mine"]
    path = path.replace("MATCH", match_id if who != "ada-no-csrf" else mine["id"]).replace("OTHER", other_id)
    if isinstance(body, dict):
        body = {k: {"BOT": "white", "RED": next(r for r in mine["seats"] if r != ada_role)}.get(v, v)
                if isinstance(v, str) else v for k, v in body.items()}
    say(client, match_id, tokens["red"], "already here")
    before = _snapshot(client)
    headers: dict[str, str] = {}
    person: Person | None = None
    if who in tokens:
        headers = auth(tokens[who])
    elif who == "forged":
        headers = auth("forged-token")
    elif who == "other":
        headers = auth(other_tokens["red"])
    elif who.startswith("Bearer"):
        headers = {"Authorization": who}
    elif who in ("ada", "ada-no-csrf"):
        person = ada
    elif who == "cyd":
        person = cyd
    kwargs: dict[str, Any] = {}
    if isinstance(body, str):
        kwargs["content"] = body
        headers["Content-Type"] = "application/json"
    elif body is not None:
        kwargs["json"] = body
    if person is not None:
        response = person.call(method, path, csrf=who != "ada-no-csrf", headers=headers, **kwargs)
    else:
        response = client.request(method, path, headers=headers, **kwargs)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert "\n" not in error and words.lower() in error.lower(), error
    assert _snapshot(client) == before


def test_no_chat_answer_holds_a_token_an_e_mail_or_a_password_hash(client):
    """The leak test: what spectators and the other seats get from the chat holds no seat token,
    no account's e-mail or password hash, no session or CSRF token."""
    ada = sign_up(client, "ada", "ada-secret@example.org")
    cyd = sign_up(client, "cyd", "cyd-secret@example.org")
    made = dual_powers(ada)
    match_id, mine = made["id"], made["mine"]
    guest = next(r for r in made["seats"] if r != mine)
    token = made["seats"][guest]["token"]
    _, other_tokens = guests(client)
    url = f"/api/matches/{match_id}/chat"
    seen: list[str] = []

    def keep(response: Any) -> None:
        seen.append(response.text + json.dumps(dict(response.headers)))

    ada.call("POST", url, json={"text": "hello, I am ada"})
    keep(client.post(url, json={"text": "hello from the guest"}, headers=auth(token)))
    keep(client.post(f"{url}/mutes", json={"role": mine}, headers=auth(token)))
    keep(client.post(f"{url}/mutes", json={"role": mine, "muted": False}, headers=auth(token)))
    keep(client.get(url, headers=auth(token)))
    keep(client.get(url))
    keep(client.post(url, json={"text": "x"}, headers=auth(other_tokens["red"])))
    keep(client.get(url, headers=auth(other_tokens["red"])))
    for call in (("POST", url, {"json": {"text": "watching"}}), ("GET", url, {}),
                 ("POST", f"{url}/mutes", {"json": {"role": mine}})):
        keep(cyd.call(call[0], call[1], **call[2]))
    with client.websocket_connect(f"/api/matches/{match_id}/live") as ws:
        ws.send_text(json.dumps({"token": token}))
        seen.append(ws.receive_text())
        ada.call("POST", url, json={"text": "pushed"})
        seen.append(ws.receive_text())
    with client.app.state.agon.engine.connect() as conn:
        hashes = conn.execute(select(account_table.c.password_hash)).scalars().all()
    secrets = ["ada-secret@example.org", "cyd-secret@example.org", ada.secret, ada.csrf, cyd.secret, token,
               *other_tokens.values(), *hashes, *(h.rsplit("$", 1)[1] for h in hashes), PASSWORD]
    for text in seen:
        for secret in secrets:
            assert secret not in text, (secret, text[:300])
    assert any("hello, I am ada" in text for text in seen)


def test_a_message_reaches_a_socket_held_by_another_process(pg_url):
    """Two `agon serve` processes on one PostgreSQL database: a message posted through one reaches
    a websocket held by the other within a second (NOTIFY `MATCH:chat:ID:ORIGIN`)."""
    import httpx
    from websockets.sync.client import connect

    one = ServerProcess(pg_url).start()
    two = ServerProcess(pg_url).start()
    try:
        made = httpx.post(f"{two.base}/api/matches", json={"game": "dual-powers", "seats": {
            "red": "human", "white": "human"}}, timeout=10).json()
        tokens = {r: s["token"] for r, s in made["seats"].items()}
        with connect(f"ws://127.0.0.1:{one.port}/api/matches/{made['id']}/live") as ws:
            ws.send(json.dumps({"token": tokens["white"]}))
            assert json.loads(ws.recv(10))["role"] == "white"
            started = time.monotonic()
            posted = httpx.post(f"{two.base}/api/matches/{made['id']}/chat", json={"text": "across"},
                                headers=auth(tokens["red"]), timeout=10)
            assert posted.status_code == 201, posted.text
            pushed = json.loads(ws.recv(5))
            assert pushed["chat"][0]["text"] == "across" and time.monotonic() - started < 1.0
    finally:
        one.stop()
        two.stop()
