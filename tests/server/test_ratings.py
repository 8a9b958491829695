"""Results and ratings (issue 30): who is rated, once, and what the profiles show, on SQLite and
PostgreSQL (`agon.server.ratings`)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from agon.server.ratings import display, rate_match, rating_change_table
from agon.server.store import Store, make_engine
from tests.server.conftest import make_client, new_match, wait_for
from tests.server.test_accounts import Person, sign_up


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return request.getfixturevalue("pg_url") if request.param == "postgresql" else f"sqlite:///{tmp_path / 'agon.db'}"


@pytest.fixture
def client(db: str, tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, db=db) as c:
        yield c


def account_match(creator: Person, other: str, **body: Any) -> dict[str, Any]:
    made = creator.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                      "mine": "red", "invite": {"white": other}, **body})
    assert made.status_code == 201, made.text
    return made.json()


def test_resigning_rates_an_account_match_and_the_profiles_show_it(client):
    ada, bob = sign_up(client, "ada", email="ada@example.org"), sign_up(client, "bob", email="bob@example.org")
    made = account_match(ada, "bob")
    state = ada.call("GET", f"/api/matches/{made['id']}").json()
    assert not any(a["verb"] == "undo" for a in (state["prompt"] or {}).get("actions", []))  # rated: no undo
    seats = client.get(f"/api/matches/{made['id']}/players").json()
    assert seats == {"rated": True, "seats": {
        "red": {"kind": "account", "name": "ada", "rating": None, "profile": "/players/ada"},
        "white": {"kind": "account", "name": "bob", "rating": None, "profile": "/players/bob"}}}
    assert ada.call("POST", f"/api/matches/{made['id']}/seats/red/resign").status_code == 200
    bob_profile = client.get("/api/players/bob").json()
    (rating,) = bob_profile["games"]
    assert rating["game"] == "dual-powers" and rating["games"] == 1 and rating["wins"] == 1
    assert rating["rating"] > display(25, 25 / 3) == 1500
    (played,) = bob_profile["history"]
    assert played["won"] and played["change"] > 0 and played["before"] == 1500 and played["role"] == "white"
    assert played["opponents"] == [{"name": "ada", "bot": False, "role": "red", "rank": 2}]
    ada_profile = client.get("/api/players/ADA").json()  # names are found whatever their case
    assert ada_profile["name"] == "ada" and ada_profile["history"][0]["change"] < 0
    assert client.get(f"/api/matches/{made['id']}/players").json()["seats"]["white"]["rating"] == rating["rating"]
    # nothing secret in any of these answers
    answers = [client.get(p).text for p in ("/api/players/ada", "/api/players/bob", f"/api/matches/{made['id']}/players",
                                            f"/api/matches/{made['id']}")]
    answers += [ada.call("GET", "/api/me/matches").text]
    for text in answers:
        for secret in ("@example.org", "argon2", ada.secret, bob.secret, "token", "password"):
            assert secret not in text, (secret, text[:200])


def test_who_is_rated(client):
    ada = sign_up(client, "ada")
    sign_up(client, "bob")
    seeded = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                    "invite": {"white": "bob"}, "seed": 7})
    assert client.get(f"/api/matches/{seeded.json()['id']}/players").json()["rated"] is False
    refused = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seed": 7, "rated": True})
    assert refused.status_code == 400 and "seed is never rated" in refused.json()["error"]
    unrated = account_match(ada, "bob", rated=False)
    assert client.get(f"/api/matches/{unrated['id']}/players").json()["rated"] is False
    assert ada.call("POST", f"/api/matches/{unrated['id']}/seats/red/resign").status_code == 200
    guest = new_match(client, "dual-powers")  # guests: not rated
    assert client.get(f"/api/matches/{guest['id']}/players").json()["rated"] is False
    assert client.get("/api/players/bob").json()["games"] == []
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/bot:random").status_code == 404


def test_a_bot_is_rated_by_its_name_and_has_a_profile(client):
    ada = sign_up(client, "ada")
    made = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "random"},
                                                  "rated": True}).json()
    assert ada.call("POST", f"/api/matches/{made['id']}/seats/red/resign").status_code == 200
    bot = client.get("/api/players/bot:random").json()
    assert bot["bot"] and bot["games"][0]["wins"] == 1 and bot["history"][0]["opponents"][0]["name"] == "ada"


def test_cuba_libre_rated_by_victory_margins_after_a_resignation(client):
    ada = sign_up(client, "ada")
    seats = {"govt": "random", "m26": "human", "dr": "greedy", "syndicate": "nonplayer"}
    made = ada.call("POST", "/api/matches", json={"game": "cuba-libre", "seats": seats, "mine": "m26", "rated": True,
                                                  "options": {"players": 4, "short": True}}).json()
    assert ada.call("POST", f"/api/matches/{made['id']}/seats/m26/resign").status_code == 200
    over = wait_for(lambda: (s := client.get(f"/api/matches/{made['id']}").json())["is_over"] and s, 240)
    ranking = over["result"]["ranking"]
    assert ranking[-1] == ["m26"]
    margins = over["result"]["scores"]
    # the others in the game's order, which follows the victory margins (CL 7.3)
    others = [p[0] for p in ranking[:-1]]
    assert [margins[r] for r in others] == sorted((margins[r] for r in others), reverse=True)
    profile = client.get("/api/players/ada").json()
    assert profile["history"][0]["rank"] == 4 and profile["history"][0]["change"] < 0
    assert {o["name"] for o in profile["history"][0]["opponents"]} == {"random", "greedy", "nonplayer"}


def test_a_match_is_rated_exactly_once_even_by_two_processes(client, db):
    ada = sign_up(client, "ada")
    sign_up(client, "bob")
    made = account_match(ada, "bob")
    assert ada.call("POST", f"/api/matches/{made['id']}/seats/red/resign").status_code == 200
    before = client.get("/api/players/bob").json()
    stores = [Store(make_engine(db)) for _ in range(2)]  # two processes' connections to one database
    row = stores[0].get_match(made["id"])
    assert row is not None and row.result is not None
    outcomes: list[bool] = []
    barrier = threading.Barrier(4)

    def again(store: Store) -> None:
        barrier.wait()
        outcomes.append(rate_match(store, row))

    threads = [threading.Thread(target=again, args=(stores[n % 2],)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == [False] * 4  # rated when it ended: never again
    with stores[0].engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(rating_change_table)).scalar() == 2
    assert client.get("/api/players/bob").json() == before
    for store in stores:
        store.close()


def test_a_fresh_match_is_rated_once_when_two_processes_race(client, db):
    ada = sign_up(client, "ada")
    sign_up(client, "bob")
    made = account_match(ada, "bob")
    assert ada.call("POST", f"/api/matches/{made['id']}/seats/red/resign").status_code == 200
    stores = [Store(make_engine(db)) for _ in range(2)]
    row = stores[0].get_match(made["id"])
    with stores[0].engine.begin() as conn:  # as if the process that ended it died before rating it
        conn.execute(rating_change_table.delete())
    outcomes: list[bool] = []
    barrier = threading.Barrier(2)

    def rate(store: Store) -> None:
        barrier.wait()
        outcomes.append(rate_match(store, row))

    threads = [threading.Thread(target=rate, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False, True]
    with stores[0].engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(rating_change_table)).scalar() == 2
    for store in stores:
        store.close()
