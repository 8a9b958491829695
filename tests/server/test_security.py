"""Security of the server (issue 11): the bad-input table, no leaks of hidden facts, rate limits."""

from __future__ import annotations

import json
from typing import Any

import pytest

import agon
from agon.engine.rng import Rng
from tests.server.conftest import GAMES, auth, make_client, new_match, whole


@pytest.fixture
def table(client):
    """Two 1989 matches with human seats; `a` has made one action."""
    a = new_match(client, "1989", seed=1)
    b = new_match(client, "1989", seed=2)
    url = f"/api/matches/{a['id']}"
    tokens = {r: s["token"] for r, s in a["seats"].items()}
    mover = client.get(url).json()["active"][0]
    state = client.get(url, headers=auth(tokens[mover])).json()
    first = state["prompt"]["actions"][0]
    client.post(f"{url}/actions", headers=auth(tokens[mover]),
                json={"version": state["version"], "verb": first["verb"], "arg": first["arg"]})
    return {"client": client, "url": url, "tokens": tokens, "other": b["seats"]["democrat"]["token"]}


def _active_and_idle(t: dict[str, Any]) -> tuple[str, str]:
    state = t["client"].get(t["url"]).json()
    active = state["active"][0]
    return active, next(r for r in t["tokens"] if r != active)


def _legal(t: dict[str, Any], role: str) -> dict[str, Any]:
    return t["client"].get(t["url"], headers=auth(t["tokens"][role])).json()["prompt"]["actions"][0]


# Each case: (name, how to send it, expected status, words the error names)
CASES = [
    ("unknown match", lambda t, a, i: t["client"].post("/api/matches/nosuch/actions", headers=auth(t["tokens"][a]),
                                                      json={"version": 1, "verb": "x"}), 404, "no match"),
    ("no token", lambda t, a, i: t["client"].post(f"{t['url']}/actions", json={"version": 1, "verb": "x"}), 401, "token"),
    ("wrong token", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth("forged"),
                                                    json={"version": 1, "verb": "x"}), 401, "unknown token"),
    ("not a bearer", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers={"Authorization": "Basic eDp5"},
                                                     json={"version": 1, "verb": "x"}), 401, "Bearer"),
    ("another match's token", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["other"]),
                                                              json={"version": 1, "verb": "x"}), 403, "another match"),
    ("another match's token reads", lambda t, a, i: t["client"].get(t["url"], headers=auth(t["other"])), 403,
     "another match"),
    ("stale version", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                      json={"version": 0, **_pick(_legal(t, a))}), 409, "stale"),
    ("illegal action", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                       json={"version": 1, "verb": "card", "arg": 99999}), 422,
     "not legal"),
    ("out of turn", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][i]),
                                                    json={"version": 1, **_pick(_legal(t, a))}), 422, "cannot act"),
    ("a dict as arg", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                      json={"version": 1, "verb": "card", "arg": {"x": [1]}}), 422, ""),
    ("malformed JSON", lambda t, a, i: t["client"].post(f"{t['url']}/actions",
                                                       content=b'{"version": 1, "verb":',
                                                       headers={**auth(t["tokens"][a]), "Content-Type": "application/json"}), 400, "malformed JSON"),
    ("wrong types", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                    json={"version": "1", "verb": 3}), 400, "version"),
    ("unknown field", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                      json={"version": 1, "verb": "x", "role": "communist"}), 400,
     "role"),
    ("not a JSON content type", lambda t, a, i: t["client"].post(
        f"{t['url']}/actions", content=json.dumps({"version": 1, "verb": "pass"}).encode(),
        headers={**auth(t["tokens"][a]), "Content-Type": "text/plain"}), 400, ""),
    ("not an object", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                      json=[1, 2]), 400, ""),
    ("huge body", lambda t, a, i: t["client"].post(f"{t['url']}/actions", headers=auth(t["tokens"][a]),
                                                  json={"version": 1, "verb": "x", "arg": "y" * 100_000}), 413,
     "larger"),
    ("unknown game", lambda t, a, i: t["client"].post("/api/matches", json={"game": "chess"}), 400, "unknown game"),
    ("bad options", lambda t, a, i: t["client"].post("/api/matches", json={"game": "1989", "options": {"handicap": 7}}),
     400, "handicap"),
    ("unknown option", lambda t, a, i: t["client"].post("/api/matches", json={"game": "1989", "options": {"fog": True}}),
     400, "fog"),
    ("unknown bot", lambda t, a, i: t["client"].post("/api/matches", json={"game": "1989", "seats": {"democrat": "deep"}}),
     400, "no bot"),
    ("unknown bot setting", lambda t, a, i: t["client"].post("/api/matches", json={
        "game": "1989", "seats": {"democrat": "human", "communist": "ismcts:depth=3"}}), 400, "no setting depth"),
    ("bad bot setting", lambda t, a, i: t["client"].post("/api/matches", json={
        "game": "1989", "seats": {"democrat": "human", "communist": "ismcts:seconds=fast"}}), 400, "must be a number"),
    ("bot asking for more time than the server gives", lambda t, a, i: t["client"].post("/api/matches", json={
        "game": "1989", "seats": {"democrat": "human", "communist": "ismcts:seconds=600"}}), 400, "per bot move"),
    ("unknown role", lambda t, a, i: t["client"].post("/api/matches", json={"game": "1989", "seats": {"king": "human"}}),
     400, "king"),
    ("negative seed", lambda t, a, i: t["client"].post("/api/matches", json={"game": "1989", "seed": -1}), 400, "seed"),
    ("record before the end", lambda t, a, i: t["client"].get(f"{t['url']}/record"), 409, "over"),
    ("unknown game layout", lambda t, a, i: t["client"].get("/api/games/chess/layout"), 404, "chess"),
    ("tokens in bulk", lambda t, a, i: t["client"].post("/api/my-matches", json={"tokens": ["x"] * 501}), 400, "tokens"),
]


def _pick(action: dict[str, Any]) -> dict[str, Any]:
    return {"verb": action["verb"], "arg": action["arg"]}


@pytest.mark.parametrize(("name", "send", "status", "words"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_gets_a_clear_error_and_changes_nothing(table, name, send, status, words):
    client = table["client"]
    active, idle = _active_and_idle(table)
    before = {r: client.get(table["url"], headers=auth(tok)).json() for r, tok in table["tokens"].items()}
    matches_before = client.app.state.agon.store.bot_turn_matches()
    response = send(table, active, idle)
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and isinstance(body["error"], str) and "\n" not in body["error"]
    assert words.lower() in body["error"].lower()
    assert "Traceback" not in response.text
    after = {r: client.get(table["url"], headers=auth(tok)).json() for r, tok in table["tokens"].items()}
    assert after == before
    assert client.app.state.agon.store.bot_turn_matches() == matches_before


def test_a_body_without_length_over_the_limit_is_refused(table):
    def chunks():
        for _ in range(100):
            yield b" " * 1024

    response = table["client"].post(f"{table['url']}/actions", headers=auth(table["tokens"]["democrat"]),
                                    content=chunks())
    assert response.status_code == 413


def test_rate_limit_per_token(tmp_path):
    with make_client(tmp_path, token_rate=0.5, token_burst=3) as client:
        made = new_match(client, "1989", seed=1)
        token = made["seats"]["democrat"]["token"]
        url = f"/api/matches/{made['id']}"
        codes = [client.get(url, headers=auth(token)).status_code for _ in range(5)]
        assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
        assert "slow down" in client.get(url, headers=auth(token)).json()["error"]
        other = made["seats"]["communist"]["token"]
        assert client.get(url, headers=auth(other)).status_code == 200  # per token


def test_the_seed_stays_secret_until_the_end(client):
    made = new_match(client, "dual-powers", seed=123456789)
    text = client.get(f"/api/matches/{made['id']}").text
    assert "123456789" not in text
    assert client.get(f"/api/matches/{made['id']}/record").status_code == 409
    unseeded = new_match(client, "dual-powers")
    seed = client.app.state.agon.store.get_match(unseeded["id"]).seed
    assert str(seed) not in client.get(f"/api/matches/{unseeded['id']}").text.replace(unseeded["id"], "")


def test_only_token_hashes_are_stored(client):
    made = new_match(client, "1989", seed=1)
    row = client.app.state.agon.store.get_match(made["id"])
    for role, seat in made["seats"].items():
        assert row.seats[role].token_hash != seat["token"] and seat["token"] not in row.seats[role].token_hash


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


@pytest.mark.parametrize("game", GAMES)
def test_no_response_carries_what_the_view_hides(client, game):
    """For every seat: the response's view is the library's view for that role, and the strings
    only other roles' views hold (their hands, private log lines) appear nowhere in the body."""
    made = new_match(client, game, seed=11)
    match_id, tokens = made["id"], {r: s["token"] for r, s in made["seats"].items()}
    local = agon.load(game).new(11, generator="keyed")
    local.undo_enabled = True
    chooser = Rng(5)
    checked = secrets = 0
    for step in range(60):
        if not local.active:
            break
        if step % 6 == 0:
            views = {r: _normal(local.view(r)) for r in tokens}
            for role in tokens:
                body = client.get(f"/api/matches/{match_id}", headers=auth(tokens[role])).json()
                assert body["view"] == views[role]
                hidden = set().union(*(_strings(views[r]) for r in tokens if r != role)) - _strings(views[role])
                hidden -= _strings(body["prompt"]) | set(tokens)
                assert not hidden & _strings(body), f"{role} sees {sorted(hidden & _strings(body))[:5]}"
                checked += 1
                secrets += len(hidden)
            spectator = client.get(f"/api/matches/{match_id}").json()
            assert spectator["view"] == _normal(local.view(None)) and spectator["prompt"] is None
        role = local.active[0]
        legal = [a for a in local.legal_actions(role) if a.verb != "undo"]
        action = legal[chooser.below(len(legal))]
        held = _normal(local.view(role))["log"]
        response = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[role]),
                               json={"version": step, "verb": action.verb, "arg": _normal(action.arg)})
        assert response.status_code == 200, response.text
        local.apply(role, action)
        assert whole(response.json(), held)["view"] == _normal(local.view(role))
    assert checked >= len(tokens)
    assert secrets > 0 or game == "cuba-libre"  # COIN: the board is open; only the deck is hidden (numbers)
