"""Bots that teach on the server (issue 36 items 4 and 5): analyses made once and stored, hints
only where the match allows them, from the asking seat's view only. Budgets are tiny."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agon.bots.analysis import Budget, analyse
from agon.server.teach import hints_default
from tests.server.conftest import auth, make_client, new_match, wait_for
from tests.server.test_accounts import sign_up

GOLDEN = Path(__file__).parent.parent / "golden"
SETTINGS = {"analysis_iterations": 3, "analysis_match_iterations": 200, "hint_iterations": 6}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with make_client(tmp_path_factory.mktemp("teach"), **SETTINGS) as c:
        yield c


def _turn(client, match: dict) -> tuple[str, str]:
    """(role, token) of the seat whose turn it is."""
    seen = client.get(f"/api/matches/{match['id']}").json()
    role = seen["active"][0]
    return role, match["seats"][role]["token"]


def test_a_hint_names_the_seats_own_choices_only(client):
    match = new_match(client, "1989")
    role, token = _turn(client, match)
    answer = client.post(f"/api/matches/{match['id']}/hint", headers=auth(token))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    prompt = client.get(f"/api/matches/{match['id']}", headers=auth(token)).json()["prompt"]
    offered = [(a["verb"], json.dumps(a["arg"])) for a in prompt["actions"]]
    assert hint["role"] == role and 1 <= len(hint["choices"]) <= 3
    for choice in hint["choices"]:
        assert set(choice) == {"verb", "arg", "label", "message", "chance", "visits"}
        assert (choice["verb"], json.dumps(choice["arg"])) in offered
    again = client.post(f"/api/matches/{match['id']}/hint", headers=auth(token)).json()
    assert again == hint  # made once per seat and version
    assert client.get(f"/api/matches/{match['id']}/hints").json() == {"allowed": True}


def test_a_hint_is_refused_in_a_match_without_hints_with_one_line(client):
    match = new_match(client, "1989", hints=False)
    _role, token = _turn(client, match)
    refused = client.post(f"/api/matches/{match['id']}/hint", headers=auth(token))
    assert refused.status_code == 403
    assert refused.json() == {"error": "this match does not allow hints (its creator chose so)"}
    assert client.get(f"/api/matches/{match['id']}/hints").json() == {"allowed": False}


def test_a_hint_is_for_the_seat_whose_turn_it_is(client):
    match = new_match(client, "1989")
    role, _token = _turn(client, match)
    other = next(r for r in match["seats"] if r != role)
    waiting = client.post(f"/api/matches/{match['id']}/hint", headers=auth(match["seats"][other]["token"]))
    assert waiting.status_code == 409 and waiting.json()["error"] == "a hint is given when it is your turn"
    assert client.post(f"/api/matches/{match['id']}/hint").status_code == 401  # a spectator


def test_rated_matches_have_no_hints_unless_their_creator_says_so(client):
    assert hints_default(rated=True) is False and hints_default(rated=False) is True
    ada, _bob = sign_up(client, "teach-ada"), sign_up(client, "teach-bob")
    body = {"game": "dual-powers", "seats": {"red": "human", "white": "human"}, "mine": "red", "invite": {"white": "teach-bob"}}
    rated = ada.call("POST", "/api/matches", json=body).json()["id"]
    assert client.get(f"/api/matches/{rated}/players").json()["rated"] is True
    assert client.get(f"/api/matches/{rated}/hints").json() == {"allowed": False}
    refused = ada.call("POST", f"/api/matches/{rated}/hint")  # by the log-in holding the seat
    assert refused.status_code == 403 and refused.json() == {"error": "this match does not allow hints (its creator chose so)"}
    chosen = ada.call("POST", "/api/matches", json={**body, "hints": True}).json()["id"]
    assert client.get(f"/api/matches/{chosen}/hints").json() == {"allowed": True}


def test_an_analysis_is_made_in_the_background_once_and_stored(client, monkeypatch):
    import agon.server.teach as teach

    calls = []
    real = teach.analyse
    monkeypatch.setattr(teach, "analyse", lambda *args: calls.append(1) or real(*args))
    record = json.loads((GOLDEN / "dual-powers-solo.json").read_text())
    match_id = client.post("/api/matches/import", json=record).json()["id"]
    assert client.get(f"/api/matches/{match_id}/analysis").json() == {"status": "none"}  # nobody asked yet
    first = client.post(f"/api/matches/{match_id}/analysis")
    assert first.status_code == 202 and first.json() == {"status": "running"}
    done = wait_for(lambda: (r := client.get(f"/api/matches/{match_id}/analysis").json())["status"] != "running" and r)
    assert done["status"] == "done", done
    budget = Budget(3, 200, 2.0, 600.0)
    assert done["analysis"] == analyse(record, budget, 0)  # repeatable: the same as computed here
    assert client.get(f"/api/matches/{match_id}/analysis").json() == done
    again = client.post(f"/api/matches/{match_id}/analysis")
    assert again.status_code == 200 and again.json() == done
    assert calls == [1]


def test_a_match_going_on_is_not_analysed(client):
    match = new_match(client, "1989")
    refused = client.post(f"/api/matches/{match['id']}/analysis")
    assert refused.status_code == 409 and refused.json() == {"error": "a match is analysed once it is over"}


def test_on_postgresql_one_process_takes_an_analysis_and_a_stale_one_is_taken_again(tmp_path, pg_url):
    """Two servers on one database: the analysis row's key lets one of them take the job; a row
    left running by a server that stopped is taken again once it is older than its budget allows."""
    with make_client(tmp_path, db=pg_url, **SETTINGS) as first, make_client(tmp_path, db=pg_url, **SETTINGS) as second:
        record = json.loads((GOLDEN / "dual-powers-solo.json").read_text())
        match_id = first.post("/api/matches/import", json=record).json()["id"]
        ours, theirs = first.app.state.agon.teach, second.app.state.agon.teach
        assert ours._claim(match_id, taken_before=False) is True
        assert theirs._claim(match_id, taken_before=False) is False
        assert theirs._claim(match_id, taken_before=True) is False  # not stale yet
        theirs.now = lambda: 10**10  # much later: the first server stopped long ago
        assert theirs._claim(match_id, taken_before=True) is True
        assert second.get(f"/api/matches/{match_id}/analysis").json() == {"status": "running"}
        match = new_match(second, "1989", hints=False)
        refused = first.post(f"/api/matches/{match['id']}/hint", headers=auth(_turn(first, match)[1]))
        assert refused.status_code == 403


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return request.getfixturevalue("pg_url") if request.param == "postgresql" else f"sqlite:///{tmp_path / 'agon.db'}"


BAD_TEACH_REQUESTS = [
    # (method, path (MATCH: a real match's id), token kind, status)
    ("post", "/api/matches/nosuchmatch0/hint", "seat", 404),
    ("get", "/api/matches/nosuchmatch0/hints", None, 404),
    ("get", "/api/matches/nosuchmatch0/analysis", None, 404),
    ("post", "/api/matches/nosuchmatch0/analysis", None, 404),
    ("post", "/api/matches/MATCH/hint", None, 401),  # no token: a spectator asks
    ("post", "/api/matches/MATCH/hint", "forged", 401),
    ("post", "/api/matches/" + "x" * 5000 + "/hint", "seat", 404),
]


@pytest.mark.parametrize(("method", "path", "token", "status"), BAD_TEACH_REQUESTS)
def test_bad_teaching_requests_get_one_line_and_change_nothing(tmp_path, db, method, path, token, status):
    """Every teaching route's bad inputs, on SQLite and PostgreSQL: one line, and the database
    holds what it held (no hint, no analysis row, the match at its version)."""
    from tests.cli.test_admin import snapshot

    with make_client(tmp_path, db=db, **SETTINGS) as c:
        match = new_match(c, "1989")
        _role, seat = _turn(c, match)
        before = snapshot(db)
        headers = {"seat": auth(seat), "forged": auth("f" * 32), None: {}}[token]
        answer = getattr(c, method)(path.replace("MATCH", match["id"]), headers=headers)
        assert answer.status_code in (status, 403 if status == 401 else status), answer.text
        error = answer.json()["error"]
        assert isinstance(error, str) and "\n" not in error and len(error) < 200
        assert snapshot(db) == before
