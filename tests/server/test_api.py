"""The HTTP API for every game (issue 11): games, matches, actions, records, steps, import, pages."""

from __future__ import annotations

import json

import pytest

import agon
from tests.server.conftest import GAMES, auth, new_match, wait_for, whole


def test_health_and_readiness(client):
    assert client.get("/api/health").json() == {"ok": True, "database": "ok"}
    assert client.get("/api/ready").json() == {"ok": True, "database": "ok"}


def test_games_lists_roles_options_and_bots(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(GAMES) <= set(games)  # and any game a test registered
    assert games["dual-powers"]["roles"] == {"1": ["red"], "2": ["red", "white"]}
    assert "opposition" in games["dual-powers"]["bots"]
    handicap = next(o for o in games["1989"]["options"] if o["name"] == "handicap")
    assert handicap["choices"] == [0, 1, 2] and handicap["default"] == 0
    side = next(o for o in games["dual-powers"]["options"] if o["name"] == "side")
    assert side["players"] == [1]
    assert games["cuba-libre"]["default_seats"]["1"]["govt"] == "nonplayer"
    assert games["cuba-libre"]["role_names"]["m26"] == "26July"  # what a person calls a role (Game.role_name)
    assert games["1989"]["role_names"] == {"democrat": "Democrat", "communist": "Communist"}


def test_games_list_each_bots_settings_and_a_seat_takes_them(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    ismcts = games["1989"]["bot_settings"]["ismcts"]
    assert ismcts["seconds"]["default"] == 1.0 and ismcts["iterations"]["type"] == "int"
    assert games["1989"]["bot_settings"]["random"] == {}
    created = new_match(client, "1989", {"democrat": "human", "communist": "ismcts:iterations=5,cutoff=4"})
    seats = client.get(f"/api/matches/{created['id']}").json()["seats"]
    assert seats["communist"] == {"kind": "bot", "bot": "ismcts:iterations=5,cutoff=4", "name": "Communist"}


def test_roles_follow_options(client):
    body = client.post("/api/games/dual-powers/roles", json={"options": {"players": 1, "side": "white"}}).json()
    assert body["roles"] == ["white"]


@pytest.mark.parametrize("game", GAMES)
def test_layout_and_cards_are_cacheable(client, game):
    response = client.get(f"/api/games/{game}/layout")
    assert response.status_code == 200 and "max-age" in response.headers["cache-control"]
    again = client.get(f"/api/games/{game}/layout", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304
    assert client.get(f"/api/games/{game}/cards").json() == agon.load(game).cards()
    assert client.get(f"/api/games/{game}/facts").json() == agon.load(game).fact_labels()


@pytest.mark.parametrize("game", GAMES)
def test_play_a_few_actions_as_each_active_seat(client, game):
    made = new_match(client, game, seed=5)
    match_id, seats = made["id"], made["seats"]
    assert made["spectate_url"] == f"/m/{match_id}"
    for seat in seats.values():
        assert seat["url"] == f"/m/{match_id}#{seat['token']}"
    local = agon.load(game).new(5, generator="keyed")
    for step in range(8):
        if not local.active:
            break
        role = local.active[0]
        state = client.get(f"/api/matches/{match_id}", headers=auth(seats[role]["token"])).json()
        assert state["role"] == role and state["version"] == len(local.history)
        first = state["prompt"]["actions"][0]
        only_new = step % 2 == 1  # by default the answer's view is all of State.view; "log": "new" asks for less
        body = {"version": state["version"], "verb": first["verb"], "arg": first["arg"], **({"log": "new"} if only_new else {})}
        response = client.post(f"/api/matches/{match_id}/actions", headers=auth(seats[role]["token"]), json=body)
        assert response.status_code == 200, response.text
        local.apply(role, local.legal_actions(role)[0])
        answer = response.json()
        expected = json.loads(json.dumps(local.view(role), default=str))
        if only_new:  # the log lines after those of `state` (issue 11: answers may carry only what changed)
            assert answer["log_from"] == len(state["view"]["log"])
            assert whole(answer, state["view"]["log"])["view"] == expected
        else:
            assert answer["log_from"] == 0 and answer["view"] == expected
    spectator = client.get(f"/api/matches/{match_id}").json()
    assert spectator["role"] is None and spectator["prompt"] is None
    first = next(iter(seats))
    assert spectator["seats"][first] == {"kind": "human", "bot": None, "name": agon.load(game).role_name(first)}


@pytest.mark.parametrize("game", GAMES)
def test_bots_play_server_side_and_note_their_reason(client, game):
    roles = client.post(f"/api/games/{game}/roles", json={}).json()["roles"]
    made = new_match(client, game, seats=dict.fromkeys(roles, "random"), seed=2)
    over = wait_for(lambda: (s := client.get(f"/api/matches/{made['id']}").json())["is_over"] and s, 60)
    record = client.get(f"/api/matches/{made['id']}/record").json()
    assert agon.replay(record).is_over and over["version"] == len(record["actions"])


def test_nonplayer_reason_goes_into_the_record(client):
    made = new_match(client, "cuba-libre", seats={"govt": "nonplayer", "m26": "random", "dr": "random",
                                                  "syndicate": "random"}, seed=1)
    wait_for(lambda: client.get(f"/api/matches/{made['id']}").json()["is_over"], 60)
    record = client.get(f"/api/matches/{made['id']}/record").json()
    assert any(len(entry) == 4 and entry[0] == "govt" for entry in record["actions"])


def test_record_only_once_over_then_steps_and_import(client):
    made = new_match(client, "dual-powers", seats={"red": "random", "white": "human"}, seed=4)
    match_id = made["id"]
    assert client.get(f"/api/matches/{match_id}/record").status_code == 409
    assert client.get(f"/api/matches/{match_id}/steps/0").status_code == 409
    token = made["seats"]["white"]["token"]
    while True:
        state = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        if state["is_over"]:
            break
        if state["prompt"] is None:
            continue
        action = next(a for a in state["prompt"]["actions"] if a["verb"] != "undo")
        client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                    json={"version": state["version"], "verb": action["verb"], "arg": action["arg"]})
    record = client.get(f"/api/matches/{match_id}/record").json()
    final = agon.replay(record)
    assert final.digest() == record["digest"]
    total = len(record["actions"])
    step = client.get(f"/api/matches/{match_id}/steps/0").json()
    assert step == {"n": 0, "total": total, "view": json.loads(json.dumps(final.game.new(4, generator="keyed").view(None))),
                    "action": None}
    last = client.get(f"/api/matches/{match_id}/steps/{total}").json()
    assert last["view"] == json.loads(json.dumps(final.view(None), default=str))
    assert last["action"]["role"] == record["actions"][-1][0]
    # the action's label in English and as a language-free message for the page to translate (issue 12)
    assert isinstance(last["action"]["label"], str) and isinstance(last["action"]["message"]["text"], str)
    middle = client.get(f"/api/matches/{match_id}/steps/3").json()
    assert middle["action"]["verb"] == record["actions"][2][1]
    assert client.get(f"/api/matches/{match_id}/steps/{total + 1}").status_code == 404
    imported = client.post("/api/matches/import", json=record)
    assert imported.status_code == 201, imported.text
    copy = imported.json()["id"]
    assert client.get(f"/api/matches/{copy}/record").json()["digest"] == record["digest"]
    assert client.get(f"/api/matches/{copy}/steps/{total}").json()["view"] == last["view"]


def test_import_refuses_a_record_that_does_not_replay(client):
    bad = {"game": "1989", "seed": 1, "options": {}, "actions": [["democrat", "card", 99999]]}
    response = client.post("/api/matches/import", json=bad)
    assert response.status_code == 422 and "does not replay" in response.json()["error"]
    unfinished = {"game": "1989", "seed": 1, "options": {}, "actions": []}
    assert client.post("/api/matches/import", json=unfinished).status_code == 422


def test_my_matches_says_whose_turn(client):
    a = new_match(client, "1989", seed=1)
    b = new_match(client, "dual-powers", seed=1)
    tokens = [a["seats"]["democrat"]["token"], b["seats"]["white"]["token"], "not-a-token"]
    found = client.post("/api/my-matches", json={"tokens": tokens}).json()["matches"]
    assert [(m["index"], m["id"], m["role"]) for m in found] == [(0, a["id"], "democrat"), (1, b["id"], "white")]
    assert all("token" not in m for m in found)
    state = client.get(f"/api/matches/{a['id']}").json()
    assert found[0]["your_turn"] == ("democrat" in state["active"])


def test_undo_through_the_actions_endpoint(client):
    made = new_match(client, "1989", seed=3)
    tokens = {role: seat["token"] for role, seat in made["seats"].items()}
    url = f"/api/matches/{made['id']}"
    for _ in range(40):
        spectator = client.get(url).json()
        role = spectator["active"][0]
        before = client.get(url, headers=auth(tokens[role])).json()
        first = next(a for a in before["prompt"]["actions"] if a["verb"] != "undo")
        after = client.post(f"{url}/actions", headers=auth(tokens[role]),
                            json={"version": before["version"], "verb": first["verb"], "arg": first["arg"]}).json()
        if after["prompt"] and any(a["verb"] == "undo" for a in after["prompt"]["actions"]):
            break
    else:
        raise AssertionError("1989 seed 3 never offered undo in 40 actions")
    back = client.post(f"{url}/actions", headers=auth(tokens[role]),
                       json={"version": after["version"], "verb": "undo", "arg": None, "log": "new"}).json()
    # the position as it was, and a log line that says a move was taken back (issue 33)
    undone = {**before["view"], "log": [*before["view"]["log"], {"text": "{role} took back a move.", "args": {"role": "Communist"}}]}
    assert role == "communist"
    assert back["view"] == undone and back["version"] == after["version"] + 1
    assert back["log_from"] == 0  # an undo takes log lines away: the answer carries the whole log
    assert client.get(url, headers=auth(tokens[role])).json()["view"] == undone


def test_pages_and_static_files(client, tmp_path):
    ctx = client.app.state.agon
    ctx.static_dir = tmp_path / "static"
    assert client.get("/").status_code == 404
    (tmp_path / "static").mkdir()
    for name in ("index.html", "match.html", "replay.html"):
        (tmp_path / "static" / name).write_text(f"<p>{name}</p>")
    (tmp_path / "static" / "lobby.js").write_text("1;")
    assert client.get("/").text == "<p>index.html</p>"
    assert client.get("/m/abc").text == "<p>match.html</p>"
    assert client.get("/replay").text == client.get("/replay/abc").text == "<p>replay.html</p>"
    assert client.get("/static/lobby.js").text == "1;"
    assert client.get("/static/../conftest.py").status_code == 404
    assert client.get("/static/%2e%2e/agon.db").status_code == 404
    assert client.get("/").headers["referrer-policy"] == "no-referrer"


def test_openapi_documents_the_paths(client):
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/health", "/api/games", "/api/matches", "/api/matches/{match_id}",
                 "/api/matches/{match_id}/actions", "/api/matches/{match_id}/record", "/api/my-matches",
                 "/api/matches/import", "/api/matches/{match_id}/steps/{n}"):
        assert path in paths


def test_a_log_other_than_whole_or_new_is_refused_and_changes_nothing(client):
    made = new_match(client, "dual-powers", seed=1)
    url = f"/api/matches/{made['id']}"
    state = client.get(url, headers=auth(made["seats"]["red"]["token"])).json()
    move = state["prompt"]["actions"][0]
    refused = client.post(f"{url}/actions", headers=auth(made["seats"]["red"]["token"]),
                          json={"version": 0, "verb": move["verb"], "arg": move["arg"], "log": "some"})
    assert refused.status_code == 400 and "error" in refused.json()
    assert client.get(url).json()["version"] == 0
    with client.websocket_connect(f"{url}/live") as ws:
        ws.send_text(json.dumps({"log": "half"}))
        assert ws.receive_json() == {"error": 'log must be "whole" or "new"'}
