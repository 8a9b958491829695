"""Leaving a seat (issue 30): resign and abandon, on SQLite and PostgreSQL; what a match is after a
leave, and after a restart (`agon.server.seat_leave`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agon.server.results import LEAVE_VERB
from tests.server.conftest import auth, make_client, new_match, wait_for
from tests.server.test_accounts import sign_up


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return request.getfixturevalue("pg_url") if request.param == "postgresql" else f"sqlite:///{tmp_path / 'agon.db'}"


@pytest.fixture
def client(db: str, tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, db=db) as c:
        yield c


def tokens(made: dict[str, Any]) -> dict[str, str]:
    return {role: seat["token"] for role, seat in made["seats"].items() if "token" in seat}


def resign(client: TestClient, match_id: str, role: str, token: str | None, how: str = "resign") -> Any:
    return client.post(f"/api/matches/{match_id}/seats/{role}/{how}", headers=auth(token) if token else {})


def test_resigning_a_two_player_game_ends_it_and_the_other_side_wins(client):
    made = new_match(client, "dual-powers")
    seat = tokens(made)
    answer = resign(client, made["id"], "red", seat["red"])
    assert answer.status_code == 200, answer.text
    state = answer.json()
    assert state["is_over"] and state["active"] == [] and state["prompt"] is None
    assert state["result"] == {"reason": "resigned", "winners": ["white"], "ranking": [["white"], ["red"]],
                               "scores": None, "left": {"red": "resigned"}, "detail": None}
    assert state["view"]["log"][-1]["text"] == "{role} resigned; the match is over."
    assert state["seats"]["red"]["left"] == "resigned"
    other = client.get(f"/api/matches/{made['id']}", headers=auth(seat["white"])).json()
    assert other["is_over"] and other["prompt"] is None and other["result"]["winners"] == ["white"]
    assert other["view"]["log"][-1]["text"] == "{role} resigned; the match is over."
    # no one moves in a match that is over
    move = client.post(f"/api/matches/{made['id']}/actions", headers=auth(seat["white"]),
                       json={"version": other["version"], "verb": "pass", "arg": None})
    assert move.status_code == 409 and move.json() == {"error": "the match is over"}
    # the record says who left and how it ended; its actions replay (no leave among them)
    record = client.get(f"/api/matches/{made['id']}/record").json()
    assert record["left"] == [{"role": "red", "after": 0, "reason": "resigned", "bot": None}]
    assert record["result"]["reason"] == "resigned" and all(a[1] != LEAVE_VERB for a in record["actions"])
    assert client.get(f"/api/matches/{made['id']}/steps/0").status_code == 200


def test_a_resigned_match_stays_over_after_a_restart(db, tmp_path):
    with make_client(tmp_path, db=db) as client:
        made = new_match(client, "1989")
        seat = tokens(made)
        first = next(iter(seat))
        assert resign(client, made["id"], first, seat[first], "abandon").status_code == 200
        before = client.get(f"/api/matches/{made['id']}").json()
    with make_client(tmp_path, db=db) as client:  # a new process: the match is rebuilt from the database
        after = client.get(f"/api/matches/{made['id']}").json()
        assert after["is_over"] and after["result"] == before["result"] and after["result"]["reason"] == "abandoned"
        assert after["view"]["log"] == before["view"]["log"] and after["version"] == before["version"]
        assert resign(client, made["id"], first, seat[first]).status_code == 409


def test_intrigue_city_goes_on_with_a_bot_in_the_seat_left(db, tmp_path):
    with make_client(tmp_path, db=db) as client:
        made = new_match(client, "intrigue-city", seats={"p1": "human", "p2": "human", "p3": "human"},
                         options={"players": 3})
        seat = tokens(made)
        state = resign(client, made["id"], "p2", seat["p2"]).json()
        assert not state["is_over"] and state["seats"]["p2"]["kind"] == "bot"
        assert state["seats"]["p2"]["bot"].startswith("ismcts") and state["seats"]["p2"]["left"] == "resigned"
        line = state["view"]["log"][-1]
        assert line["text"] == "{role} resigned; {who} takes the seat." and line["args"]["who"]["text"] == "the bot {bot}"
        # the token of the seat left sees as a spectator, and cannot act or leave again
        mine = client.get(f"/api/matches/{made['id']}", headers=auth(seat["p2"])).json()
        assert mine["role"] is None and mine["prompt"] is None
        again = resign(client, made["id"], "p2", seat["p2"])
        assert again.status_code == 409 and "left already" in again.json()["error"]
    with make_client(tmp_path, db=db) as client:  # after a restart the seat is still the bot's
        state = client.get(f"/api/matches/{made['id']}").json()
        assert state["seats"]["p2"]["kind"] == "bot" and state["seats"]["p2"]["left"] == "resigned"
        assert state["view"]["log"][-1]["text"] == "{role} resigned; {who} takes the seat."


BAD = [  # (name, how the request is made, status, words in the error)
    ("unknown match", lambda m, s: ("nope", "red", s["red"]), 404, "no match"),
    ("unknown role", lambda m, s: (m, "green", s["red"]), 404, "no seat 'green'"),
    ("no token, no log-in", lambda m, s: (m, "red", None), 401, "needs its token"),
    ("unknown token", lambda m, s: (m, "red", "x" * 32), 401, "unknown token"),
    ("the other seat's token", lambda m, s: (m, "red", s["white"]), 403, "you hold the seat white, not red"),
]


@pytest.mark.parametrize("how", ["resign", "abandon"])
@pytest.mark.parametrize(("name", "make", "status", "words"), BAD, ids=[b[0] for b in BAD])
def test_bad_leaves_get_one_line_and_change_nothing(client, how, name, make, status, words):
    made = new_match(client, "dual-powers")
    seat = tokens(made)
    before = client.get(f"/api/matches/{made['id']}").json()
    match_id, role, token = make(made["id"], seat)
    answer = resign(client, match_id, role, token, how)
    assert answer.status_code == status, answer.text
    assert set(answer.json()) == {"error"} and words in answer.json()["error"] and "\n" not in answer.json()["error"]
    assert client.get(f"/api/matches/{made['id']}").json() == before


def test_a_token_of_another_match_and_a_match_over(client):
    one, two = new_match(client, "dual-powers"), new_match(client, "dual-powers")
    answer = resign(client, one["id"], "red", tokens(two)["red"])
    assert answer.status_code == 403 and answer.json() == {"error": "this token is a seat of another match"}
    assert resign(client, one["id"], "red", tokens(one)["red"]).status_code == 200
    over = resign(client, one["id"], "white", tokens(one)["white"])
    assert over.status_code == 409 and over.json() == {"error": "the match is over"}


def test_an_account_resigns_by_its_session_with_csrf(client):
    ada, bob = sign_up(client, "ada"), sign_up(client, "bob")
    roles = client.post("/api/games/dual-powers/roles", json={"options": {}}).json()["roles"]
    made = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seats": dict.fromkeys(roles, "human"),
                                                  "mine": "red", "invite": {"white": "bob"}}).json()
    path = f"/api/matches/{made['id']}/seats/red/resign"
    no_csrf = ada.call("POST", path, csrf=False)
    assert no_csrf.status_code == 403 and "CSRF" in no_csrf.json()["error"]
    not_yours = bob.call("POST", path)
    assert not_yours.status_code == 403 and not_yours.json() == {"error": "you hold the seat white, not red"}
    stranger = sign_up(client, "cyd").call("POST", path)
    assert stranger.status_code == 403 and stranger.json() == {"error": "you hold no seat in this match"}
    done = ada.call("POST", path)
    assert done.status_code == 200 and done.json()["result"]["winners"] == ["white"]
    listed = bob.call("GET", "/api/me/matches").json()["matches"]
    assert listed[0]["is_over"] and listed[0]["result"]["reason"] == "resigned" and not listed[0]["your_turn"]


def test_cuba_libre_hands_the_faction_to_its_non_player_and_plays_on(db, tmp_path):
    seats = {"govt": "random", "m26": "human", "dr": "greedy", "syndicate": "random"}
    with make_client(tmp_path, db=db) as client:
        made = new_match(client, "cuba-libre", seats=seats, options={"players": 4, "short": True})
        state = resign(client, made["id"], "m26", tokens(made)["m26"]).json()
        assert state["seats"]["m26"] == {"kind": "bot", "bot": "nonplayer", "name": "26July", "left": "resigned"}
        line = next(e for e in state["view"]["log"] if e["text"].startswith("{role} resigned"))
        assert line["args"]["who"] == {"text": "the Non-player", "args": {}}
        over = wait_for(lambda: (s := client.get(f"/api/matches/{made['id']}").json())["is_over"] and s, 240)
        assert over["result"]["reason"] == "game end" and over["result"]["left"] == {"m26": "resigned"}
        assert over["result"]["ranking"][-1] == ["m26"]  # the seat whose player left ranks last
        assert set(over["result"]["scores"]) == set(seats)  # the victory margins
