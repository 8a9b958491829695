"""The lobby, open seats and rematches (issue 30), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

import agon
from agon.server.lobby import rematch_token
from agon.server.matches import ApiError, token_hash
from agon.server.store import account_table, match_listing_table, match_table, rematch_answer_table, seat_table
from tests.server.conftest import auth, make_client
from tests.server.test_accounts import PASSWORD, Person, sign_up


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    settings: dict[str, Any] = {}
    if request.param == "postgresql":
        settings["db"] = request.getfixturevalue("pg_url")
    with make_client(tmp_path, **settings) as c:
        yield c


def open_match(person: Person, public: bool = True, **body: Any) -> dict[str, Any]:
    """A Dual Powers match of two people: the creator's seat red, white open."""
    made = person.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                     "mine": "red", "open": ["white"], "public": public, **body})
    assert made.status_code == 201, made.text
    return made.json()


def play_to_the_end(players: list[tuple[Person | TestClient, str | None]], match_id: str) -> dict[str, Any]:
    """Each seat (a person by the log-in, or a client with a seat token) plays the legal actions
    in turn (the n-th action of a prompt, n counting the moves) until the game is over."""
    url = f"/api/matches/{match_id}"
    moves = 0
    while True:
        moved = False
        for who, token in players:
            headers = auth(token) if token else {}
            state = (who.call("GET", url) if isinstance(who, Person) else who.get(url, headers=headers)).json()
            if state["is_over"]:
                return state
            if not state["prompt"]:
                continue
            actions = [a for a in state["prompt"]["actions"] if a["verb"] != "undo"]
            action = actions[moves % len(actions)]
            body = {"version": state["version"], "verb": action["verb"], "arg": action["arg"]}
            if isinstance(who, Person):
                who.call("POST", f"{url}/actions", json=body)
            else:
                who.post(f"{url}/actions", json=body, headers=headers)
            moves += 1
            moved = True
        assert moved and moves < 2000, "nobody can move"


def finish(client: TestClient, match_id: str) -> None:
    """Play a match to its end from inside the server (its seats' moves without their requests:
    quicker where the test is about what comes after)."""
    matches = client.app.state.agon.matches
    n = 0
    while True:
        live = matches.get(match_id)
        if live.state.is_over:
            return
        role = live.state.active[0]
        actions = [a for a in live.state.legal_actions(role) if a.verb != "undo"]
        action = actions[n % len(actions)]
        try:
            matches.act(match_id, role, live.version, action.verb, action.arg)
        except ApiError:  # a bot of the match moved first (409): look again
            continue
        n += 1


def finished_record(game: str = "dual-powers") -> dict[str, Any]:
    """A finished game's record, played here (to import a finished match with no players)."""
    state = agon.load(game).new(seed=3)
    n = 0
    while not state.is_over:
        role = state.active[0]
        actions = [a for a in state.legal_actions(role) if a.verb != "undo"]
        state.apply(role, actions[n % len(actions)])
        n += 1
    return state.record()


# -- open seats and the lobby ---------------------------------------------------------------------


def test_an_open_seat_is_taken_with_one_click_and_the_lobby_shows_who_sits(client):
    ada = sign_up(client, "ada")
    bob = sign_up(client, "bob")
    made = open_match(ada, language="el")
    assert made["seats"]["white"] == {"open": True, "url": f"/m/{made['id']}"}  # no token for anyone
    listed = client.get("/api/lobby").json()
    assert [m["id"] for m in listed["open"]] == [made["id"]] and listed["playing"] == []
    entry = listed["open"][0]
    assert entry["free"] == ["white"] and entry["language"] == "el" and entry["options"] == {"players": 2}
    assert [(s["role"], s["account"], s["open"], s["rating"]) for s in entry["seats"]] == [
        ("red", "ada", False, None), ("white", None, True, None)]
    taken = bob.call("POST", f"/api/matches/{made['id']}/seats/white/take")
    assert taken.status_code == 200, taken.text
    assert bob.call("GET", f"/api/matches/{made['id']}").json()["role"] == "white"
    listed = client.get("/api/lobby").json()
    assert listed["open"] == [] and [m["id"] for m in listed["playing"]] == [made["id"]]
    assert [s["account"] for s in listed["playing"][0]["seats"]] == ["ada", "bob"]
    assert [m["id"] for m in bob.call("GET", "/api/me/matches").json()["matches"]] == [made["id"]]


def test_private_matches_are_never_listed_and_their_open_seats_are_taken_by_link(client):
    ada = sign_up(client, "ada")
    bob = sign_up(client, "bob")
    private = open_match(ada, public=False)
    assert client.get("/api/lobby").json() == {"open": [], "playing": [], "page": 0, "more": False}
    assert client.get(f"/api/lobby/matches/{private['id']}").json()["free"] == ["white"]
    assert bob.call("POST", f"/api/matches/{private['id']}/seats/white/take").status_code == 200
    assert client.get("/api/lobby").json()["playing"] == []


def test_the_lobby_filters_by_game_and_language_and_pages(client):
    ada = sign_up(client, "ada")
    ada.call("PATCH", "/api/me", json={"language": "hu"})
    made = open_match(ada)  # the table language defaults to the creator's account's
    greek = open_match(ada, language="el")
    other = ada.call("POST", "/api/matches", json={"game": "1989", "seats": {"democrat": "human", "communist": "human"},
                                                   "open": ["communist"], "public": True}).json()
    ids = lambda **query: [m["id"] for m in client.get("/api/lobby", params=query).json()["open"]]  # noqa: E731
    assert set(ids()) == {made["id"], greek["id"], other["id"]}
    assert set(ids(game="dual-powers")) == {made["id"], greek["id"]}
    assert set(ids(language="hu")) == {made["id"], other["id"]}
    assert ids(game="dual-powers", language="hu") == [made["id"]]
    assert ids(game="1989", language="el") == []
    assert client.get("/api/lobby", params={"page": 1}).json() == {"open": [], "playing": [], "page": 1, "more": False}


def test_the_lobby_is_bounded(client):
    from agon.server.lobby import PER_PAGE

    ada = sign_up(client, "ada")
    for _ in range(PER_PAGE + 1):
        open_match(ada)
    first = client.get("/api/lobby").json()
    second = client.get("/api/lobby", params={"page": 1}).json()
    assert len(first["open"]) == PER_PAGE and first["more"] is True
    assert len(second["open"]) == 1 and second["more"] is False
    assert not {m["id"] for m in first["open"]} & {m["id"] for m in second["open"]}


# -- your games -----------------------------------------------------------------------------------


def test_your_games_waiting_first_then_going_on_then_finished_with_result_and_replay(client):
    ada = sign_up(client, "ada")
    bob = sign_up(client, "bob")
    made = open_match(ada)
    bob.call("POST", f"/api/matches/{made['id']}/seats/white/take")
    play_to_the_end([(ada, None), (bob, None)], made["id"])
    going = open_match(ada)  # both of Dual Powers' sides choose at once: Ada is to act
    listed = ada.call("GET", "/api/me/matches").json()
    assert [m["id"] for m in listed["matches"]] == [going["id"], made["id"]] and listed["waiting"] == 1
    finished = listed["matches"][1]
    assert finished["is_over"] and finished["result"]["winners"] and finished["replay_url"] == f"/replay/{made['id']}"


# -- rematch --------------------------------------------------------------------------------------


def test_a_rematch_swaps_the_sides_of_two_accounts(client):
    ada = sign_up(client, "ada")
    bob = sign_up(client, "bob")
    made = open_match(ada, language="el")
    bob.call("POST", f"/api/matches/{made['id']}/seats/white/take")
    play_to_the_end([(ada, None), (bob, None)], made["id"])
    url = f"/api/matches/{made['id']}/rematch"
    offered = ada.call("POST", url).json()
    assert offered["offered_by"] == "red" and offered["waiting_for"] == ["white"] and offered["rematch"] is None
    assert bob.call("GET", url).json()["offered_by"] == "red"
    started = bob.call("POST", url).json()
    new_id = started["rematch"]["id"]
    assert started["your_seat"] == {"role": "red", "url": f"/m/{new_id}"}  # Bob played white: now red
    assert ada.call("GET", url).json()["your_seat"] == {"role": "white", "url": f"/m/{new_id}"}
    assert ada.call("GET", f"/api/matches/{new_id}").json()["role"] == "white"
    assert bob.call("GET", f"/api/matches/{new_id}").json()["role"] == "red"
    entry = client.get(f"/api/lobby/matches/{new_id}").json()
    assert entry["language"] == "el" and entry["free"] == []
    assert new_id in [m["id"] for m in client.get("/api/lobby").json()["playing"]]  # public as the first


def test_a_guest_gets_the_rematch_seat_on_its_own_page_only(client):
    """A guest's seat token in the rematch is derived from its own seat token: the other seat's
    page (Ada's log-in) is never given it, nor is a spectator."""
    ada = sign_up(client, "ada")
    made = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                  "mine": "red"}).json()
    guest = made["seats"]["white"]["token"]
    finish(client, made["id"])
    url = f"/api/matches/{made['id']}/rematch"
    assert client.post(url, headers=auth(guest)).json()["offered_by"] == "white"
    started = ada.call("POST", url).json()
    new_id = started["rematch"]["id"]
    new_token = rematch_token(guest, made["id"])
    assert new_token not in str(started) and new_token not in str(client.get(url).json())
    mine = client.get(url, headers=auth(guest)).json()["your_seat"]
    assert mine == {"role": "red", "token": new_token, "url": f"/m/{new_id}#{new_token}"}
    assert client.get(f"/api/matches/{new_id}", headers=auth(new_token)).json()["role"] == "red"
    with client.app.state.agon.engine.connect() as conn:
        stored = conn.execute(select(seat_table.c.token_hash).where(seat_table.c.match_id == new_id,
                                                                    seat_table.c.role == "red")).scalar_one()
    assert stored == token_hash(new_token)  # the hash only


def test_bots_keep_their_seats_and_accept_by_themselves(client):
    ada = sign_up(client, "ada")
    made = ada.call("POST", "/api/matches", json={"game": "dual-powers",
                                                  "seats": {"red": "human", "white": "random"}}).json()
    finish(client, made["id"])
    started = ada.call("POST", f"/api/matches/{made['id']}/rematch").json()
    assert started["rematch"] is not None  # the bot accepted by itself
    state = ada.call("GET", f"/api/matches/{started['rematch']['id']}").json()
    assert state["role"] == "red" and state["seats"]["white"]["bot"] == "random"


# -- bad inputs -----------------------------------------------------------------------------------

# Each case: (name, method, path, body, who asks, expected status, words of the error). Who:
# "ada" (created the match, red), "bob" (holds white), "cyd" (no seat), "guest" (no log-in),
# "ada-no-csrf"; paths: OPEN (an open match of Ada's), OVER (finished: Ada red, Bob white),
# IMPORTED (a finished imported match), PLAYING (Ada and Bob, not over).
BAD = [
    ("take: not logged in", "POST", "/api/matches/OPEN/seats/white/take", None, "guest", 401, "log in"),
    ("take: no CSRF", "POST", "/api/matches/OPEN/seats/white/take", None, "cyd-no-csrf", 403, "X-CSRF-Token"),
    ("take: unknown match", "POST", "/api/matches/nosuch/seats/white/take", None, "cyd", 404, "no match"),
    ("take: unknown role", "POST", "/api/matches/OPEN/seats/green/take", None, "cyd", 404, "no seat"),
    ("take: a held seat", "POST", "/api/matches/PLAYING/seats/red/take", None, "cyd", 409, "taken"),
    ("take: a bot's seat", "POST", "/api/matches/BOT/seats/white/take", None, "cyd", 409, "taken"),
    ("take: a second seat", "POST", "/api/matches/TWO/seats/white/take", None, "ada", 409, "already hold"),
    ("take: match over", "POST", "/api/matches/IMPORTED/seats/red/take", None, "cyd", 409, "over"),
    ("lobby: unknown game", "GET", "/api/lobby?game=chess", None, "guest", 400, "chess"),
    ("lobby: unknown language", "GET", "/api/lobby?language=fr", None, "guest", 400, "en, el, hu"),
    ("lobby: page too far", "GET", "/api/lobby?page=999", None, "guest", 400, "page"),
    ("lobby: page not a number", "GET", "/api/lobby?page=x", None, "guest", 400, "page"),
    ("lobby entry: unknown match", "GET", "/api/lobby/matches/nosuch", None, "guest", 404, "no match"),
    ("create: open a bot's seat", "POST", "/api/matches",
     {"game": "dual-powers", "seats": {"red": "human", "white": "random"}, "open": ["white"]}, "ada", 400, "open"),
    ("create: open your own seat", "POST", "/api/matches",
     {"game": "dual-powers", "seats": {"red": "human", "white": "human"}, "mine": "red", "open": ["red"]}, "ada",
     400, "your own seat"),
    ("create: open an unknown role", "POST", "/api/matches",
     {"game": "dual-powers", "open": ["green"]}, "ada", 400, "green"),
    ("create: unknown language", "POST", "/api/matches", {"game": "dual-powers", "language": "fr"}, "ada", 400,
     "en, el, hu"),
    ("create: public not a boolean", "POST", "/api/matches", {"game": "dual-powers", "public": "yes"}, "ada", 400,
     "public"),
    ("rematch: not over", "POST", "/api/matches/PLAYING/rematch", None, "ada", 409, "not over"),
    ("rematch: not seated", "POST", "/api/matches/OVER/rematch", None, "cyd", 403, "only the players"),
    ("rematch: not logged in", "POST", "/api/matches/OVER/rematch", None, "guest", 401, "log in"),
    ("rematch: no CSRF", "POST", "/api/matches/OVER/rematch", None, "ada-no-csrf", 403, "X-CSRF-Token"),
    ("rematch: a forged token", "POST", "/api/matches/OVER/rematch", {"__token": "forged"}, "guest", 401,
     "unknown token"),
    ("rematch: unknown match", "POST", "/api/matches/nosuch/rematch", None, "ada", 404, "no match"),
    ("rematch: imported", "POST", "/api/matches/IMPORTED/rematch", None, "ada", 409, "imported"),
    ("rematch: twice", "POST", "/api/matches/OFFERED/rematch", None, "ada", 409, "already"),
    ("rematch: declined", "POST", "/api/matches/DECLINED/rematch", None, "ada", 409, "declined by"),
    ("rematch: decline twice", "POST", "/api/matches/DECLINED/rematch/decline", None, "bob", 409, "declined by"),
    ("rematch: decline unoffered", "POST", "/api/matches/OVER/rematch/decline", None, "bob", 409, "no rematch"),
    ("rematch: started", "POST", "/api/matches/STARTED/rematch", None, "ada", 409, "started already"),
    ("rematch: malformed status", "GET", "/api/matches/OVER/rematch", {"__token": ""}, "guest", 401, "Bearer"),
]


def _snapshot(client: TestClient) -> Any:
    with client.app.state.agon.engine.connect() as conn:
        return [conn.execute(select(table).order_by(*table.primary_key.columns)).all()
                for table in (account_table, match_table, seat_table, match_listing_table, rematch_answer_table)]


def _scene(client: TestClient) -> dict[str, Any]:
    """Three accounts and the matches the table's paths name."""
    ada, bob, cyd = (sign_up(client, name) for name in ("ada", "bob", "cyd"))

    def over() -> str:
        made = open_match(ada)
        bob.call("POST", f"/api/matches/{made['id']}/seats/white/take")
        finish(client, made["id"])
        return made["id"]

    playing = open_match(ada)["id"]
    bob.call("POST", f"/api/matches/{playing}/seats/white/take")
    two = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                 "mine": "red", "open": ["white"]}).json()["id"]
    bot = ada.call("POST", "/api/matches", json={"game": "dual-powers",
                                                 "seats": {"red": "human", "white": "random"}}).json()["id"]
    paths = {"OPEN": open_match(ada)["id"], "PLAYING": playing, "TWO": two, "BOT": bot,
             "IMPORTED": client.post("/api/matches/import", json=finished_record()).json()["id"]}
    paths["OVER"], paths["OFFERED"], paths["DECLINED"], paths["STARTED"] = over(), over(), over(), over()
    ada.call("POST", f"/api/matches/{paths['OFFERED']}/rematch")
    ada.call("POST", f"/api/matches/{paths['DECLINED']}/rematch")
    bob.call("POST", f"/api/matches/{paths['DECLINED']}/rematch/decline")
    ada.call("POST", f"/api/matches/{paths['STARTED']}/rematch")
    bob.call("POST", f"/api/matches/{paths['STARTED']}/rematch")
    return {"ada": ada, "bob": bob, "cyd": cyd, "paths": paths}


def test_bad_inputs_get_one_line_and_change_nothing(client):
    """Every case of BAD, one after another on one set of matches (finishing games is slow):
    the status, one line naming the problem, and the database as it was."""
    scene = _scene(client)
    for name, method, path, body, who, status, words in BAD:
        for key, match_id in scene["paths"].items():
            path = path.replace(key, match_id)
        headers: dict[str, str] = {}
        if isinstance(body, dict) and "__token" in body:
            headers = {"Authorization": f"Bearer {body['__token']}" if body["__token"] else "x"}
            body = None
        before = _snapshot(client)
        if who == "guest":
            response = client.request(method, path, json=body, headers=headers)
        else:
            person = scene[who.removesuffix("-no-csrf")]
            response = person.call(method, path, csrf=not who.endswith("-no-csrf"), json=body, headers=headers)
        assert response.status_code == status, (name, response.text)
        error = response.json()["error"]
        assert "\n" not in error and words.lower() in error.lower(), (name, error)
        assert _snapshot(client) == before, name


# -- leaks ----------------------------------------------------------------------------------------


def test_no_response_holds_another_seat_s_token_an_e_mail_a_hash_or_a_private_match(client):
    ada = sign_up(client, "ada", "ada-secret@example.org")
    bob = sign_up(client, "bob", "bob-secret@example.org")
    cyd = sign_up(client, "cyd")
    private = ada.call("POST", "/api/matches", json={"game": "dual-powers", "seats": {"red": "human", "white": "human"},
                                                     "mine": "red"}).json()
    guest = private["seats"]["white"]["token"]
    ada.seen.clear()  # the creation's answer gave her the guest's invite link (once, by design)
    public = open_match(ada)
    bob.call("POST", f"/api/matches/{public['id']}/seats/white/take")
    finish(client, private["id"])
    client.post(f"/api/matches/{private['id']}/rematch", headers=auth(guest))
    ada.call("POST", f"/api/matches/{private['id']}/rematch")
    # everything Cyd (no seat anywhere) and Bob (no seat in the private match) can ask
    for person in (cyd, bob):
        person.call("GET", "/api/lobby")
        person.call("GET", "/api/lobby?game=dual-powers")
        person.call("GET", f"/api/lobby/matches/{public['id']}")
        person.call("GET", f"/api/matches/{private['id']}/rematch")
        person.call("POST", f"/api/matches/{private['id']}/rematch")
        person.call("GET", f"/api/matches/{public['id']}/rematch")
        person.call("POST", f"/api/matches/{public['id']}/seats/white/take")
        person.call("GET", "/api/me/matches")
    ada.call("GET", f"/api/matches/{private['id']}/rematch")
    ada.call("GET", "/api/lobby")
    with client.app.state.agon.engine.connect() as conn:
        hashes = conn.execute(select(account_table.c.password_hash)).scalars().all()
    new_token = rematch_token(guest, private["id"])
    emails = {"ada": "ada-secret@example.org", "bob": "bob-secret@example.org"}
    for name, person in (("cyd", cyd), ("bob", bob), ("ada", ada)):
        others = [email for who, email in emails.items() if who != name]
        for seen in person.seen:
            for secret in [guest, new_token, token_hash(new_token), PASSWORD, *hashes, *others]:
                assert secret not in seen, (name, secret, seen[:300])
    lists = [seen for person in (cyd, bob, ada) for seen in person.seen if seen.startswith('{"open"')]
    assert len(lists) == 5 and all(private["id"] not in listed for listed in lists)  # the lobby's answers


def test_your_games_newest_first_within_each_kind(client):
    """Before: the account's seats came in the database's order (SQLite: as created, oldest first)."""
    ada = sign_up(client, "ada")
    made = [open_match(ada)["id"] for _ in range(3)]
    with client.app.state.agon.engine.begin() as conn:
        for when, match_id in zip((300, 100, 200), made, strict=True):
            conn.execute(match_table.update().where(match_table.c.id == match_id).values(created=when))
    listed = ada.call("GET", "/api/me/matches").json()["matches"]
    assert [m["id"] for m in listed] == [made[0], made[2], made[1]]


def test_the_lobby_shows_each_seated_players_rating_in_that_game(client):
    """Issue 30: the lobby shows who is seated with their ratings (wired at the merge of the lobby
    and the ratings): an account's and a bot's rating in this game; null for an open seat."""
    from agon.server.ratings import display, rating_table

    ada = sign_up(client, "ada")
    made = open_match(ada)
    ctx = client.app.state.agon
    with ctx.store.engine.connect() as conn:
        ada_id = conn.execute(select(account_table.c.id).where(account_table.c.name == "ada")).scalar()
    with ctx.store.engine.begin() as conn:
        conn.execute(rating_table.insert().values(game="dual-powers", player=f"a:{ada_id}", mu=27.0, sigma=5.0,
                                                  games=3, wins=2))
        conn.execute(rating_table.insert().values(game="1989", player=f"a:{ada_id}", mu=35.0, sigma=2.0,
                                                  games=9, wins=9))  # another game's rating is not shown
    entry = client.get("/api/lobby").json()["open"][0]
    assert [(s["role"], s["rating"]) for s in entry["seats"]] == [("red", display(27.0, 5.0)), ("white", None)]
    assert "rating_key" not in entry["seats"][0]
    assert client.get(f"/api/lobby/matches/{made['id']}").json()["seats"][0]["rating"] == display(27.0, 5.0)


def test_a_rematch_after_a_resignation_is_offered_by_the_loser_and_accepted(client):
    """Issue 30's done-when: one resigns, the other's rating changes, a rematch starts. The merge of
    the lobby and the resignations first refused it ("the game is not over yet": the engine's game
    goes on after a leave; the match is over) and did not know the resigned seat."""
    ada = sign_up(client, "ada")
    bob = sign_up(client, "bob")
    made = open_match(ada)
    assert bob.call("POST", f"/api/matches/{made['id']}/seats/white/take").status_code == 200
    resigned = ada.call("POST", f"/api/matches/{made['id']}/seats/red/resign")
    assert resigned.status_code == 200, resigned.text
    offered = ada.call("POST", f"/api/matches/{made['id']}/rematch")
    assert offered.status_code == 200, offered.text
    accepted = bob.call("POST", f"/api/matches/{made['id']}/rematch")
    assert accepted.status_code == 200, accepted.text
    started = accepted.json()
    assert started["rematch"] is not None and started["your_seat"]["role"] == "red"  # Bob played white: sides swap
    assert ada.call("GET", f"/api/matches/{made['id']}/rematch").json()["your_seat"]["role"] == "white"
