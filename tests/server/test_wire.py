"""The wire format (issue 11): orjson writes what the standard library writes, and each push is
encoded once for all the sockets that need the same bytes."""

from __future__ import annotations

import json

import pytest

import agon
from agon.engine.rng import Rng
from agon.server import encode, matches
from tests.server.conftest import GAMES, auth, new_match, whole


def _reference(value):
    return json.loads(json.dumps(value, default=encode._default))


@pytest.mark.parametrize("game", GAMES)
def test_orjson_writes_the_same_documents_as_the_standard_library(game):
    state = agon.load(game).new(3)
    chooser = Rng(2)
    for _ in range(30):
        if not state.active:
            break
        role = state.active[0]
        for who in [None, *state.game.roles(**state.options)]:
            view = state.view(who)
            assert json.loads(encode.dumps(view)) == _reference(view)
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])


def test_what_orjson_refuses_the_standard_library_writes():
    odd = {"big": 2**70, "set": {3, 1, 2}, 7: (1, 2)}
    assert json.loads(encode.dumps(odd)) == {"big": 2**70, "set": [1, 2, 3], "7": [1, 2]}


def test_spectators_share_one_encoding_per_push(client, monkeypatch):
    made = new_match(client, "1989", seed=2)
    tokens = {r: s["token"] for r, s in made["seats"].items()}
    url = f"/api/matches/{made['id']}"
    encoded = []
    real = matches.dumps
    monkeypatch.setattr(matches, "dumps", lambda obj: encoded.append(obj["role"]) or real(obj))
    with client.websocket_connect(f"{url}/live") as one, client.websocket_connect(f"{url}/live") as two:
        one.send_text("{}")
        two.send_text("{}")
        firsts = [one.receive_json(), two.receive_json()]
        assert encoded.count(None) == 1  # the whole state, once for both
        state = client.get(url, headers=auth(tokens[firsts[0]["active"][0]])).json()
        move = state["prompt"]["actions"][0]
        encoded.clear()
        client.post(f"{url}/actions", headers=auth(tokens[state["role"]]),
                    json={"version": state["version"], "verb": move["verb"], "arg": move["arg"]})
        pushed = [one.receive_json(), two.receive_json()]
    assert pushed[0] == pushed[1] and pushed[0]["version"] == 1
    assert encoded.count(None) == 1  # the lines since version 0, once for both sockets
    spectator = client.get(url).json()
    assert whole(pushed[0], firsts[0]["view"]["log"])["view"] == spectator["view"]
