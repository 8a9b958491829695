"""Paces, clocks and time-outs (issue 31), driven by a fake clock: a seat's clock runs only on its
turn and stops while bots think; a seat whose time runs out leaves the match or is handed to a
bot; the server keeps time across restarts and several processes (exactly one acts on each
deadline); reminders; vacations; taking a seat back. On SQLite, and PostgreSQL when
AGON_TEST_PG is set."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agon.server import clocks as clock_rules
from agon.server.clock_store import ClockStore
from agon.server.clocks import DAY, HOUR, MINUTE, FakeClock, Reminder, TimeOut, parse_pace
from tests.server.conftest import auth, make_client, new_match, wait_for
from tests.server.test_accounts import Person, sign_up


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("pg_url")
    return f"sqlite:///{tmp_path / 'agon.db'}"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def heard() -> Iterator[list[Reminder | TimeOut]]:
    """Every reminder and time-out the listeners are told of."""
    events: list[Reminder | TimeOut] = []
    clock_rules.on_reminder.append(events.append)
    clock_rules.on_time_out.append(events.append)
    yield events
    clock_rules.on_reminder.remove(events.append)
    clock_rules.on_time_out.remove(events.append)


def client_at(tmp_path: Path, db: str, clock: FakeClock, **settings: Any) -> TestClient:
    return make_client(tmp_path, db=db, clock=clock, clock_sweep_seconds=0, **settings)


def sweep(client: TestClient) -> int:
    return client.portal.call(client.app.state.agon.clocks.sweep)


def state(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    return client.get(f"/api/matches/{match_id}", headers=auth(token) if token else {}).json()


def play(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    """The seat of `token` plays the first action it is offered."""
    now = state(client, match_id, token)
    action = now["prompt"]["actions"][0]
    answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                         json={"version": now["version"], "verb": action["verb"], "arg": action["arg"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def humans_1989(client: TestClient, **pace: Any) -> tuple[str, dict[str, str], str]:
    """A 1989 match of two guest seats with this pace: (id, role -> token, the role to act first)."""
    made = new_match(client, "1989", seats={"democrat": "human", "communist": "human"}, seed=3, pace=pace)
    tokens = {role: seat["token"] for role, seat in made["seats"].items()}
    return made["id"], tokens, state(client, made["id"])["active"][0]


# -- creating: the pace ---------------------------------------------------------------------------


@pytest.mark.parametrize(("pace", "error"), [
    ({"kind": "hourly"}, "pace: kind must be one of none, live, fast, daily, bank"),
    ({"kind": "daily"}, "pace: daily needs per_move (days per move, 1-30)"),
    ({"kind": "daily", "per_move": 0}, "pace: per_move must be 1-30 days for a daily pace"),
    ({"kind": "live", "per_move": 181}, "pace: per_move must be 1-180 minutes for a live pace"),
    ({"kind": "fast", "per_move": "4"}, "pace: per_move must be a number"),
    ({"kind": "fast", "per_move": 4, "initial": 2}, "pace: initial and increment are for a bank pace"),
    ({"kind": "bank", "increment": 1}, "pace: bank needs initial (days) and increment (days per move)"),
    ({"kind": "bank", "initial": 61, "increment": 1}, "pace: initial must be between 1 minute and 60 days"),
    ({"kind": "bank", "initial": 3, "increment": -1}, "pace: increment must be between 0 and 30 days"),
    ({"kind": "bank", "initial": 3, "unit": "weeks"}, "pace: unit must be minutes, hours or days"),
    ({"kind": "daily", "per_move": 1, "on_timeout": "draw"}, "pace: on_timeout must be lose or bot"),
    ({"kind": "daily", "per_move": 1, "take_back": True, "on_timeout": "lose"},
     "pace: take_back needs on_timeout bot (a seat that lost does not come back)"),
    ({"kind": "daily", "per_move": 1, "take_back": "yes"}, "pace: take_back must be true or false"),
    ({"kind": "daily", "per_move": 1, "on_timeout": "bot", "bot": "nobody"}, "pace: bot: "),
    ({"kind": "daily", "per_move": 1, "speed": 2}, "pace: unknown field 'speed'"),
])
def test_a_pace_that_is_not_one_is_refused_in_one_line(db: str, tmp_path: Path, clock: FakeClock, pace, error):
    with client_at(tmp_path, db, clock) as client:
        answer = client.post("/api/matches", json={"game": "1989", "seats": {"democrat": "human",
                                                                              "communist": "human"}, "pace": pace})
        assert answer.status_code == 400
        message = answer.json()["error"]
        assert message.startswith(error) and "\n" not in message, message
        assert sweep(client) == 0


def test_paces_in_seconds_and_the_default():
    assert parse_pace({"kind": "live", "per_move": 5}, 2).per_move == 5 * MINUTE
    assert parse_pace({"kind": "fast", "per_move": 4}, 2).per_move == 4 * HOUR
    bank = parse_pace({"kind": "bank", "initial": 3, "increment": 1}, 4)
    assert (bank.initial, bank.increment, bank.on_timeout) == (3 * DAY, DAY, "bot")  # 3+ players: a bot sits in
    assert parse_pace(None, 2) is None
    assert parse_pace(None, 2, "daily:2").per_move == 2 * DAY


def test_a_match_without_a_human_opponent_has_no_clock_by_default(tmp_path: Path, clock: FakeClock):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock, default_pace="daily:1") as client:
        alone = new_match(client, "1989", seats={"democrat": "human", "communist": "random"})
        assert state(client, alone["id"])["clocks"] is None
        two = new_match(client, "1989", seats={"democrat": "human", "communist": "human"})
        assert state(client, two["id"])["clocks"]["pace"]["per_move"] == DAY


# -- the clock runs on the seat's turn only ---------------------------------------------------------


def test_a_seats_clock_runs_only_on_its_turn_and_stops_while_the_bot_thinks(tmp_path: Path, clock: FakeClock):
    """A bank of 1 day + 1 hour a move: the human's bank is charged for its own thinking only;
    the 5 hours the bot thinks (the fake clock moves while it chooses) are not charged."""
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        ctx = client.app.state.agon
        real = ctx.pool.chooser

        def slow_bot(*args: Any) -> Any:
            clock.advance(5 * HOUR)
            return real(*args)

        ctx.pool.chooser = slow_bot
        made = new_match(client, "1989", seats={"democrat": "human", "communist": "random"}, seed=4,
                         pace={"kind": "bank", "initial": 24, "increment": 1, "unit": "hours"})
        match_id, token = made["id"], made["seats"]["democrat"]["token"]
        mine = wait_for(lambda: (s := state(client, match_id, token))["prompt"] and s)["clocks"]["seats"]["democrat"]
        assert mine["running"] and mine["deadline"] == pytest.approx(clock.now + mine["left"], abs=0.2)
        before = mine["left"]
        clock.advance(2 * HOUR)
        after = play(client, match_id, token)["clocks"]["seats"]["democrat"]
        assert after["left"] == pytest.approx(before - 2 * HOUR + HOUR, abs=0.2)  # charged 2 h, 1 h increment
        if not after["running"]:  # the bot's turn: the clock stands still while it thinks
            assert after["deadline"] is None
            again = wait_for(lambda: (s := state(client, match_id, token))["prompt"] and s)["clocks"]["seats"]
            assert again["democrat"]["left"] == pytest.approx(after["left"], abs=0.2)
        assert "communist" not in after  # a bot seat has no clock


def test_a_daily_clock_starts_whole_each_turn_and_stops_when_the_game_is_over(tmp_path: Path, clock: FakeClock):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        match_id, tokens, first = humans_1989(client, kind="daily", per_move=2)
        other = "communist" if first == "democrat" else "democrat"
        clocks = state(client, match_id)["clocks"]["seats"]
        assert clocks[first]["running"] and not clocks[other]["running"]
        clock.advance(30 * HOUR)
        now = state(client, match_id)
        assert now["clocks"]["seats"][first]["deadline"] - clock.now == pytest.approx(18 * HOUR, abs=0.2)
        after = play(client, match_id, tokens[first])
        mover = after["active"][0]
        seats = after["clocks"]["seats"]
        assert seats[mover]["running"] and seats[mover]["left"] == pytest.approx(2 * DAY, abs=0.2)
        assert sweep(client) == 0  # nothing due


def test_an_action_after_the_deadline_is_refused(tmp_path: Path, clock: FakeClock):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        match_id, tokens, first = humans_1989(client, kind="live", per_move=5)
        clock.advance(5 * MINUTE + 1)
        now = state(client, match_id, tokens[first])
        action = now["prompt"]["actions"][0]
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[first]),
                             json={"version": now["version"], "verb": action["verb"], "arg": action["arg"]})
        assert (answer.status_code, answer.json()) == (409, {"error": "your time for this move has run out"})


# -- time-outs ----------------------------------------------------------------------------------------


def test_a_seat_of_a_larger_game_that_times_out_is_taken_by_a_bot_and_the_game_ends(
        tmp_path: Path, clock: FakeClock, heard):
    """Intrigue City: the human's time runs out; a bot sits in and the bots play to the end."""
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        made = new_match(client, "intrigue-city", seats={"p1": "human", "p2": "random", "p3": "random"}, seed=7,
                         pace={"kind": "live", "per_move": 10, "on_timeout": "bot", "bot": "random"})
        match_id, token = made["id"], made["seats"]["p1"]["token"]
        wait_for(lambda: state(client, match_id, token)["prompt"])
        clock.advance(10 * MINUTE - 1)
        assert sweep(client) == 1 and [type(e) for e in heard] == [Reminder]  # the scaled reminder
        clock.advance(2)
        assert sweep(client) == 1
        assert heard[-1] == TimeOut(match_id, "p1", "bot", None)
        seen = state(client, match_id, token)
        assert seen["seats"]["p1"] == {"kind": "bot", "bot": "random", "name": seen["seats"]["p1"]["name"]}
        assert seen["clocks"]["seats"]["p1"]["timed_out"]
        over = wait_for(lambda: (s := state(client, match_id))["is_over"] and s, seconds=120)
        assert over["result"] is not None
        kinds = [kind for _role, kind, _due in ClockStore(client.app.state.agon.store).events(match_id)]
        assert kinds == ["reminder", "time-out"]
        assert sweep(client) == 0


def test_a_time_out_under_the_bot_rule_then_take_back(tmp_path: Path, clock: FakeClock, heard):
    """The creator allowed taking seats back: a bot plays the timed-out seat until its player
    takes it back; meanwhile the player's own actions are refused."""
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        ctx = client.app.state.agon
        ctx.pool.chooser = lambda *args: (_ for _ in ()).throw(RuntimeError("the bot waits"))  # keep the seat still
        match_id, tokens, first = humans_1989(client, kind="fast", per_move=1, on_timeout="bot", take_back=True,
                                              bot="random")
        other = "communist" if first == "democrat" else "democrat"
        refused = client.post(f"/api/matches/{match_id}/take-back", headers=auth(tokens[first]))
        assert (refused.status_code, refused.json()["error"]) == (409, "your seat is not played by a bot after a "
                                                                       "time-out")
        clock.advance(HOUR + 1)
        assert sweep(client) == 1
        assert [e for e in heard if isinstance(e, TimeOut)] == [TimeOut(match_id, first, "bot", None)]
        now = state(client, match_id, tokens[first])
        assert now["seats"][first]["kind"] == "bot"
        action = now["view"] and state(client, match_id, tokens[first])
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[first]),
                             json={"version": action["version"], "verb": "pass", "arg": None})
        assert answer.status_code == 409 and "take the seat back" in answer.json()["error"]
        assert client.post(f"/api/matches/{match_id}/take-back", headers=auth(tokens[other])).status_code == 409
        back = client.post(f"/api/matches/{match_id}/take-back", headers=auth(tokens[first]))
        assert back.json() == {"ok": True, "role": first}
        now = state(client, match_id, tokens[first])
        assert now["seats"][first]["kind"] == "human"
        assert now["clocks"]["seats"][first] == {"left": HOUR, "running": True, "deadline": clock.now + HOUR,
                                                 "vacation": False, "timed_out": False}
        play(client, match_id, tokens[first])


def test_take_back_needs_the_creators_leave(tmp_path: Path, clock: FakeClock):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        client.app.state.agon.pool.chooser = lambda *args: (_ for _ in ()).throw(RuntimeError("the bot waits"))
        match_id, tokens, first = humans_1989(client, kind="fast", per_move=1, on_timeout="bot", bot="random")
        clock.advance(HOUR + 1)
        assert sweep(client) == 1
        refused = client.post(f"/api/matches/{match_id}/take-back", headers=auth(tokens[first]))
        assert refused.status_code == 403
        assert refused.json() == {"error": "the creator of this match did not allow taking a seat back"}


@pytest.mark.parametrize(("headers", "status", "error"), [
    ({}, 401, "log in first (no session cookie, or it has expired)"),
    ({"Authorization": "Bearer nonsense"}, 401, "unknown token"),
    ({"Authorization": "Basic x"}, 401, "the Authorization header must be 'Bearer TOKEN'"),
])
def test_take_back_bad_inputs(db: str, tmp_path: Path, clock: FakeClock, headers, status, error):
    with client_at(tmp_path, db, clock) as client:
        match_id, _tokens, _first = humans_1989(client, kind="daily", per_move=1)
        answer = client.post(f"/api/matches/{match_id}/take-back", headers=headers)
        assert (answer.status_code, answer.json()) == (status, {"error": error})
        missing = client.post("/api/matches/nothing/take-back", headers={"Authorization": "Bearer x"})
        assert missing.status_code == 404


# -- restarts and several processes -------------------------------------------------------------------


def test_a_server_stopped_before_a_deadline_times_the_seat_out_once_after_a_restart(
        tmp_path: Path, clock: FakeClock, heard):
    db = f"sqlite:///{tmp_path / 'a.db'}"
    with client_at(tmp_path, db, clock) as client:
        client.app.state.agon.pool.chooser = lambda *args: (_ for _ in ()).throw(RuntimeError("the bot waits"))
        match_id, _tokens, first = humans_1989(client, kind="daily", per_move=1, on_timeout="bot", bot="random")
    clock.advance(3 * DAY)  # the server is down meanwhile
    for _ in range(2):
        with client_at(tmp_path, db, clock, resume_bots=False) as client:  # the start sweeps the clocks
            assert state(client, match_id)["seats"][first]["kind"] == "bot"
            assert sweep(client) == 0
            events = ClockStore(client.app.state.agon.store).events(match_id)
    assert [kind for _role, kind, _due in events] == ["time-out"]  # the reminders were past: none sent
    assert [e for e in heard if isinstance(e, TimeOut)] == [TimeOut(match_id, first, "bot", None)]


def test_a_time_out_claimed_by_a_process_that_died_is_finished_after_the_lease(
        tmp_path: Path, clock: FakeClock, heard):
    db = f"sqlite:///{tmp_path / 'a.db'}"
    with client_at(tmp_path, db, clock, resume_bots=False) as client:
        ctx = client.app.state.agon
        match_id, _tokens, first = humans_1989(client, kind="daily", per_move=1, on_timeout="bot", bot="random")
        clock.advance(DAY + 1)
        claimed = ctx.clocks.claim(match_id)  # the claim is stored; the process dies before the seat changes hands
        assert claimed is not None and [t.role for t in claimed.time_outs] == [first]
        assert sweep(client) == 0  # the lease holds
        clock.advance(120)
        assert sweep(client) == 1
        assert state(client, match_id)["seats"][first]["kind"] == "bot"
        assert [e for e in heard if isinstance(e, TimeOut)] == [TimeOut(match_id, first, "bot", None)]


def test_two_processes_on_postgresql_act_on_each_deadline_exactly_once(pg_url: str, tmp_path: Path,
                                                                      clock: FakeClock, heard):
    waits = {"resume_bots": False}
    with client_at(tmp_path, pg_url, clock, **waits) as one, client_at(tmp_path, pg_url, clock, **waits) as two:
        made = [humans_1989(one, kind="live", per_move=3, on_timeout="bot", bot="random") for _ in range(6)]
        clock.advance(3 * MINUTE + 1)
        claimed: list[int] = []
        start = threading.Barrier(2)

        def run(client: TestClient) -> None:
            start.wait()
            claimed.append(sweep(client))

        threads = [threading.Thread(target=run, args=(c,)) for c in (one, two)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(claimed) == len(made)
        store = ClockStore(one.app.state.agon.store)
        for match_id, _tokens, first in made:
            events = [e for e in store.events(match_id) if e[1] == "time-out"]
            assert [role for role, _kind, _due in events] == [first]
        outs = sorted((e.match_id, e.role) for e in heard if isinstance(e, TimeOut))
        assert outs == sorted((m, f) for m, _t, f in made)


# -- reminders ----------------------------------------------------------------------------------------


def test_reminders_fall_at_24_hours_and_1_hour_before_a_daily_deadline_once_each(tmp_path: Path, clock: FakeClock,
                                                                                heard):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock) as client:
        match_id, _tokens, first = humans_1989(client, kind="daily", per_move=3)
        deadline = clock.now + 3 * DAY
        clock.advance(2 * DAY - 1)
        assert sweep(client) == 0 and heard == []
        clock.advance(1)
        assert sweep(client) == 1 and sweep(client) == 0
        assert heard == [Reminder(match_id, first, DAY, deadline, None)]
        clock.advance(DAY - HOUR - 10)
        assert sweep(client) == 0
        clock.advance(10)
        assert sweep(client) == 1
        assert [type(e) for e in heard] == [Reminder, Reminder] and heard[1].left_seconds == HOUR


# -- vacations ----------------------------------------------------------------------------------------


def test_a_vacation_pauses_the_accounts_clocks(tmp_path: Path, clock: FakeClock, heard):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock, vacation_days=10) as client:
        ada = sign_up(client, "ada")
        made = ada.call("POST", "/api/matches", json={
            "game": "1989", "seats": {"democrat": "human", "communist": "human"}, "seed": 3,
            "pace": {"kind": "daily", "per_move": 1, "on_timeout": "bot", "bot": "random"}}).json()
        match_id, mine = made["id"], made["mine"]
        other_token = next(s["token"] for r, s in made["seats"].items() if r != mine)
        while state(client, match_id)["active"] != [mine]:
            play(client, match_id, other_token)
        clock.advance(HOUR)
        assert ada.call("POST", "/api/me/vacation", json={"days": 5}).json()["on"] is True
        shown = state(client, match_id)["clocks"]["seats"][mine]
        assert shown["vacation"] and not shown["running"], state(client, match_id)
        assert shown["deadline"] - clock.now == pytest.approx(5 * DAY + DAY - HOUR, abs=1)
        clock.advance(4 * DAY)
        assert sweep(client) == 0 and heard == []
        status = ada.call("DELETE", "/api/me/vacation").json()
        assert (status["on"], status["used_days"], status["left_days"]) == (False, 4.0, 6.0)
        clock.advance(DAY - HOUR - 5)
        assert all(not isinstance(e, TimeOut) for e in heard) and sweep(client) in (0, 1)
        assert not any(isinstance(e, TimeOut) for e in heard)
        clock.advance(10)
        sweep(client)
        assert [e for e in heard if isinstance(e, TimeOut)] == [TimeOut(match_id, mine, "bot", made_account(ada))]


def made_account(person: Person) -> int | None:
    return person.client.app.state.agon.accounts.id_of_name("ada")


def test_a_vacation_ends_by_itself_when_the_days_are_spent(tmp_path: Path, clock: FakeClock):
    with client_at(tmp_path, f"sqlite:///{tmp_path / 'a.db'}", clock, vacation_days=3) as client:
        ada = sign_up(client, "ada")
        assert ada.call("POST", "/api/me/vacation", json={"days": 3}).json()["left_days"] == 3.0
        clock.advance(3 * DAY + 1)
        status = ada.call("GET", "/api/me/vacation").json()
        assert (status["on"], status["left_days"]) == (False, 0.0)
        refused = ada.call("POST", "/api/me/vacation", json={"days": 1})
        assert refused.json() == {"error": "no vacation days are left this year"}


@pytest.mark.parametrize(("method", "body", "status", "error"), [
    ("POST", {"days": 0}, 400, "days must be a number above 0"),
    ("POST", {"days": -2}, 400, "days must be a number above 0"),
    ("POST", {"days": 31}, 400, "days must be at most 30 (the vacation days left this year)"),
    ("POST", {"days": "7"}, 400, "days: "),
    ("POST", {}, 400, "days: "),
    ("POST", {"days": 2, "more": 1}, 400, "more: "),
    ("DELETE", None, 409, "you are not on vacation"),
])
def test_vacation_bad_inputs(db: str, tmp_path: Path, clock: FakeClock, method, body, status, error):
    with client_at(tmp_path, db, clock) as client:
        ada = sign_up(client, "ada")
        answer = ada.call(method, "/api/me/vacation", **({"json": body} if body is not None else {}))
        assert answer.status_code == status and answer.json()["error"].startswith(error), answer.text
        assert ada.call("GET", "/api/me/vacation").json()["on"] is False
        assert ada.call("POST", "/api/me/vacation", json={"days": 2}).status_code == 200
        twice = ada.call("POST", "/api/me/vacation", json={"days": 2})
        assert (twice.status_code, twice.json()) == (409, {"error": "you are on vacation already"})
        assert client.get("/api/me/vacation").status_code == 401
        assert ada.call("DELETE", "/api/me/vacation", csrf=False).status_code == 403


def test_a_seat_of_a_two_player_game_that_times_out_loses(db: str, tmp_path: Path, clock: FakeClock, heard):
    """The "lose" rule: the seat leaves the match (`seat_leave.leave_seat`): the other side wins."""
    with client_at(tmp_path, db, clock) as client:
        match_id, tokens, first = humans_1989(client, kind="fast", per_move=2, on_timeout="lose")
        other = "communist" if first == "democrat" else "democrat"
        clock.advance(2 * HOUR + 1)
        assert sweep(client) == 1
        over = state(client, match_id, tokens[other])
        assert over["is_over"] and over["clocks"]["seats"][first]["timed_out"]
        assert not any(seat["running"] for seat in over["clocks"]["seats"].values())
        assert (over["result"]["winners"], over["result"]["left"]) == ([other], {first: "timed out"})
        assert [e for e in heard if isinstance(e, TimeOut)] == [TimeOut(match_id, first, "lose", None)]
        assert sweep(client) == 0
