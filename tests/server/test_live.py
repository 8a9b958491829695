"""The websocket /api/matches/{id}/live (issue 11): the state now and after every change, per seat."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

import agon
from tests.server.conftest import GAMES, auth, new_match, whole


def _play_first(client, match_id, role, token):
    state = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
    first = state["prompt"]["actions"][0]
    response = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                           json={"version": state["version"], "verb": first["verb"], "arg": first["arg"]})
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_and_a_spectator_get_pushes_of_their_own_view(client, game):
    made = new_match(client, game, seed=9)
    match_id, seats = made["id"], made["seats"]
    local = agon.load(game).new(9, generator="keyed")
    watcher_role = next(r for r in seats if r not in local.active[:1]) if len(seats) > 1 else next(iter(seats))
    with client.websocket_connect(f"/api/matches/{match_id}/live") as seat_ws, \
            client.websocket_connect(f"/api/matches/{match_id}/live") as spectator_ws:
        seat_ws.send_text(json.dumps({"token": seats[watcher_role]["token"], "log": "new"}))
        spectator_ws.send_text("{}")  # the whole log in every push (the default)
        first = seat_ws.receive_json()
        assert first["version"] == 0 and first["log_from"] == 0
        watched = spectator_ws.receive_json()
        assert watched["role"] is None and watched["log_from"] == 0
        mover = local.active[0]
        _play_first(client, match_id, mover, seats[mover]["token"])
        local.apply(mover, local.legal_actions(mover)[0])
        pushed = seat_ws.receive_json()
        assert pushed["version"] == 1 and pushed["role"] == watcher_role
        assert pushed["log_from"] == len(first["view"]["log"])  # only the lines it lacks
        assert whole(pushed, first["view"]["log"])["view"] == json.loads(json.dumps(local.view(watcher_role), default=str))
        seen = spectator_ws.receive_json()
        assert seen["log_from"] == 0 and seen["view"] == json.loads(json.dumps(local.view(None), default=str))
        assert seen["prompt"] is None


def test_bot_moves_are_pushed_with_thinking(client):
    made = new_match(client, "dual-powers", seats={"red": "human", "white": "random"}, seed=1)
    token = made["seats"]["red"]["token"]
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as ws:
        ws.send_text(json.dumps({"token": token}))
        first = ws.receive_json()
        assert first["seats"]["white"] == {"kind": "bot", "bot": "random", "name": "Provisional Government (White)"}
        versions = [first["version"]]
        for _ in range(6):
            state = client.get(f"/api/matches/{made['id']}", headers=auth(token)).json()
            if state["prompt"] is None:
                versions.append(ws.receive_json()["version"])
                continue
            action = next(a for a in state["prompt"]["actions"] if a["verb"] != "undo")
            client.post(f"/api/matches/{made['id']}/actions", headers=auth(token),
                        json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
            versions.append(ws.receive_json()["version"])
        assert versions == sorted(versions) and versions[-1] > versions[0]


@pytest.mark.parametrize(("first", "code"), [
    ({"token": "nobody-has-this"}, 4401),
    ({"token": 17}, 4400),
])
def test_a_bad_first_message_is_refused(client, first, code):
    made = new_match(client, "1989", seed=1)
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as ws:
        ws.send_text(json.dumps(first))
        assert "error" in ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_another_match_token_and_unknown_match_are_refused(client):
    a = new_match(client, "1989", seed=1)
    b = new_match(client, "1989", seed=2)
    with client.websocket_connect(f"/api/matches/{a['id']}/live") as ws:
        ws.send_text(json.dumps({"token": b["seats"]["democrat"]["token"]}))
        assert ws.receive_json()["error"] == "this token is a seat of another match"
    with client.websocket_connect("/api/matches/nosuchmatch/live") as ws:
        ws.send_text("{}")
        assert ws.receive_json()["error"].startswith("no match")
