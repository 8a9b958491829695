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


def test_a_state_object_joins_the_log_lines_encoded_once_for_every_role(tmp_path, monkeypatch):
    """Issue 37 (memory of long games): a state object with the whole log was encoded and kept per
    role until the next move (0.6 MiB in a finished Cuba Libre match). Now each log line is encoded
    once, for every role and version, and joined in: the documents are the same as before,
    hidden lines only in their role's."""
    from agon.server import encoded_log
    from agon.server.migrations import upgrade
    from agon.server.store import Store, make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'agon.db'}", "NORMAL")
    upgrade(engine)
    games = matches.Matches(Store(engine))
    roles = agon.load("1989").roles()
    match_id, _, _ = games.create("1989", {}, dict.fromkeys(roles, "human"), 3, None)
    chooser = Rng(5)
    live = games.get(match_id)
    while live.version < 30:
        role = live.state.active[0]
        legal = [a for a in live.state.legal_actions(role) if a.verb != "undo"]
        action = legal[chooser.below(len(legal))]
        live = games.act(match_id, role, live.version, action.verb, action.arg)
        if live.version in (10, 29):
            for who in [*roles, None]:
                expected = _reference(games.state_object(live, who))
                assert json.loads(games.push(live, who).data) == expected
                since = json.loads(games.push(live, who, live.version - 1).data)
                assert since["view"]["log"] == expected["view"]["log"][since["log_from"]:]
    assert any(e.to is not None for e in live.state.log)  # hidden lines were among them
    for who in [*roles, None]:
        games.push(live, who)
    lines = []
    real = encoded_log.dumps
    monkeypatch.setattr(encoded_log, "dumps", lambda obj: lines.append(obj) or real(obj))
    before = len(live.state.log)
    role = live.state.active[0]
    action = next(a for a in live.state.legal_actions(role) if a.verb != "undo")
    live = games.act(match_id, role, live.version, action.verb, action.arg)
    for who in [*roles, None]:
        games.push(live, who)
    assert len(lines) == len(live.state.log) - before  # the new lines, once each, not the 30 moves' before
