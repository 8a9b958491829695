"""Studies (agon/server/studies.py): a position file opened in the replay viewer, as a chess site's
analysis board opens a FEN. Every seat's view and a spectator's are served; the position, its seed
and its generator's state never are (docs/server.md, "Studies"); a bad file is one line and a 4xx
and stores nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select

from agon.engine import load, new_secret_seed
from agon.server.studies import study_table
from agon.testing import edited, random_position, refusal
from tests.server.conftest import make_client

GAME = "1989"  # any game: the server and the page never look at which (the engine tests cover every game's positions)


@pytest.fixture(scope="module")
def position() -> dict[str, Any]:
    """A position in the middle of a game, with a large seed (so that its digits could be looked for)."""
    state = random_position(GAME, 3, 40)
    data = state.position()
    splitmix = load(GAME).new(2**62 + 12_345)
    return {**data, "seed": 2**62 + 12_345, "rng": {"state": splitmix.rng.state, "draws": data["rng"]["draws"]}}


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Any]:
    db = f"sqlite:///{tmp_path / 'agon.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    with make_client(tmp_path, db=db) as client:
        yield client


def studies(client: Any) -> int:
    with client.app.state.agon.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(study_table)).scalar_one()


def test_a_position_becomes_a_study_of_every_seats_view_kept_across_a_restart(any_db: Any, position: dict[str, Any], tmp_path: Any) -> None:
    state = load(GAME).from_position(position)
    made = any_db.post("/api/studies?title=Move 40", json=position)
    assert made.status_code == 201, made.text
    url = f"/api/studies/{made.json()['id']}"
    assert made.json()["url"] == f"/study/{made.json()['id']}"
    shown = any_db.get(url).json()
    roles = state.game.roles(**state.options)
    assert shown["title"] == "Move 40" and shown["game"] == GAME and shown["roles"] == roles
    assert shown["active"] == state.active and shown["is_over"] is False and shown["result"] is None
    expected = {"": state.view(None), **{role: state.view(role) for role in roles}}
    assert shown["views"] == json.loads(json.dumps(expected))
    assert list(shown["prompts"]) == state.active  # what each seat to act is asked, as a match asks it
    for role, prompt in shown["prompts"].items():
        asked = state.prompt(role)
        assert prompt["text"] == asked.message() and [a["label"] for a in prompt["actions"]] == [str(m) for m in asked.messages]
    assert any_db.get(f"/study/{made.json()['id']}").status_code == 200  # the replay viewer's page
    any_db.app.state.agon.studies._kept.clear()  # read again from the database, as after a restart
    assert any_db.get(url).json() == shown
    assert any_db.get("/api/studies/nothing-here").json() == {"error": "no study 'nothing-here'"}


def test_every_bad_file_is_one_line_a_4xx_and_stores_nothing(any_db: Any, position: dict[str, Any]) -> None:
    impossible = edited(position, discard=[*position["state"]["discard"], position["state"]["deck"][0]])  # a card twice
    cases: list[tuple[Any, int, str]] = [
        (b"{not json", 400, "the body is not JSON: a position file is"),
        ([1, 2], 422, 'a position is a JSON object with a "game"'),
        ({"game": "chess"}, 400, "no game 'chess'"),
        ({**position, "format": "agon-record"}, 422, "not an agon position"),
        ({**position, "seed": -1}, 422, "seed: a whole number, 0 or more; got -1"),
        (impossible, 422, refusal(GAME, impossible)),  # the engine's own line (PositionError)
        ({**position, "log": [{"text": "x" * 1001, "args": {}}]}, 413, "longer than 1000 characters"),
        (json.dumps(position).encode() + b" " * (8 << 20), 413, "the body is larger than 8388608 bytes"),  # as imports
    ]
    for body, status, words in cases:
        sent = any_db.post("/api/studies", content=body) if isinstance(body, bytes) else any_db.post("/api/studies", json=body)
        error = sent.json()["error"]
        assert sent.status_code == status and words in error and "\n" not in error, (words, sent.text)
    assert any_db.post("/api/studies?title=" + "t" * 201, json=position).status_code == 413
    assert any_db.post("/api/studies?title=a%00b", json=position).json() == {
        "error": "the title holds a NUL character (\\u0000), which no field may hold"}
    imported = any_db.post("/api/matches/import", json=position)  # a position sent where records go says where it goes
    assert imported.status_code == 400 and "POST it to /api/studies" in imported.json()["error"]
    unknown = any_db.get("/api/studies/nosuch")
    assert unknown.status_code == 404 and unknown.json() == {"error": "no study 'nosuch'"}
    assert studies(any_db) == 0
    # a position is a file as big as a record may be, not a move's 64 KiB (white space: the same position)
    assert any_db.post("/api/studies", content=json.dumps(position).encode() + b" " * (64 << 10)).status_code == 201


def test_no_answer_or_page_holds_the_seed_or_the_generators_state(any_db: Any, position: dict[str, Any]) -> None:
    """A position holds every future draw: its seed and generator. The uploader has the file; a link
    to the study shows anybody what the seats see, never those (nor the position they are in).
    A SplitMix position with a large seed (its state a 64-bit number), then a keyed one (a server
    match's generator: a 128-bit secret seed, its state a count of words)."""
    keyed = load(GAME).new(new_secret_seed(), generator="keyed").position()
    for data in (position, keyed):
        secret = {str(data["seed"]), hex(data["seed"])[2:]}
        if data["rng"]["state"] > 10**6:
            secret |= {str(data["rng"]["state"]), hex(data["rng"]["state"])[2:]}
        made = any_db.post("/api/studies", json=data)
        study = made.json()["id"]
        answers = [made.text, any_db.get(f"/api/studies/{study}").text, any_db.get(f"/study/{study}").text,
                   any_db.get(f"/api/matches/{study}").text]
        any_db.app.state.agon.studies._kept.clear()
        answers.append(any_db.get(f"/api/studies/{study}").text)
        assert [word for word in secret for answer in answers if word in answer] == []
        assert not keys_of(json.loads(answers[1])) & {"seed", "rng", "generator", "state", "position", "format"}


def keys_of(value: Any) -> set[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys_of(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_of(item) for item in value))
    return set()
