"""Nothing lost (issue 11): `agon serve` killed with SIGKILL at random moments keeps every
acknowledged action, and every match replays to the same digest; for SQLite and PostgreSQL.
Several processes on one PostgreSQL database see each other's moves (LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import pytest

import agon
from agon.engine import ENGINE_VERSION, Action, State
from agon.engine.actions import freeze
from agon.engine.rng import Rng
from agon.server.store import Store, make_engine
from tests.server.conftest import ServerProcess, auth, whole

GAMES = {"1989": 21, "intrigue-city": 22, "dual-powers": 23}


class Player(threading.Thread):
    """Plays random legal actions in one match until the server stops answering."""

    def __init__(self, base: str, match_id: str, tokens: dict[str, str], state: State, seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.match_id, self.tokens, self.state = base, match_id, tokens, state
        self.rng = Rng(seed)
        self.in_flight: tuple[str, Action] | None = None

    def run(self) -> None:
        with httpx.Client(base_url=self.base, timeout=5) as http:
            while self.state.active:
                role = self.state.active[0]
                legal = [a for a in self.state.legal_actions(role) if a.verb != "undo"]
                action = legal[self.rng.below(len(legal))]
                self.in_flight = (role, action)
                try:
                    response = http.post(f"/api/matches/{self.match_id}/actions", headers=auth(self.tokens[role]),
                                         json={"version": self.version, "verb": action.verb,
                                               "arg": json.loads(json.dumps(action.arg))})
                except httpx.HTTPError:
                    return  # killed: this action may or may not have been stored
                assert response.status_code == 200, response.text
                self.state.apply(role, action)  # acknowledged
                self.version += 1
                self.in_flight = None

    version = 0


def _check_and_resume(base: str, players: list[Player]) -> None:
    """Every acknowledged action is there (and at most the one in flight besides)."""
    with httpx.Client(base_url=base, timeout=10) as http:
        for p in players:
            stored = http.get(f"/api/matches/{p.match_id}").json()["version"]
            assert stored in (p.version, p.version + 1), (stored, p.version)
            if stored == p.version + 1:  # the action in flight when the server died was stored
                assert p.in_flight is not None
                p.state.apply(*p.in_flight)
                p.version += 1
            for role, token in p.tokens.items():
                seen = http.get(f"/api/matches/{p.match_id}", headers=auth(token)).json()
                assert seen["view"] == json.loads(json.dumps(p.state.view(role), default=str))


def _kill_and_restart(db: str, rounds: int) -> None:
    server = ServerProcess(db).start()
    chooser = Rng(99)
    players = []
    try:
        with httpx.Client(base_url=server.base, timeout=10) as http:
            for game, seed in GAMES.items():
                roles = http.post(f"/api/games/{game}/roles", json={}).json()["roles"]
                made = http.post("/api/matches", json={"game": game, "seed": seed,
                                                       "seats": dict.fromkeys(roles, "human")}).json()
                state = agon.load(game).new(seed, generator="keyed")
                state.undo_enabled = True
                tokens = {r: s["token"] for r, s in made["seats"].items()}
                players.append(Player(server.base, made["id"], tokens, state, seed))
        for _ in range(rounds):
            threads = [Player(p.base, p.match_id, p.tokens, p.state, chooser.below(10**6)) for p in players]
            for t, p in zip(threads, players, strict=True):
                t.version = p.version
            start = sum(p.version for p in players)
            for t in threads:
                t.start()
            deadline = time.monotonic() + 30
            while sum(t.version for t in threads) < start + 9 and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(chooser.below(300) / 1000)  # then at a random moment, requests in flight
            server.kill()
            for t in threads:
                t.join(10)
            players = threads
            server = ServerProcess(db, server.port).start()
            for p in players:
                p.base = server.base
            _check_and_resume(server.base, players)
        assert sum(p.version for p in players) >= 9 * rounds
    finally:
        server.stop()
    engine = make_engine(db)
    store = Store(engine)
    for p in players:
        row = store.get_match(p.match_id)
        actions = [[a.role, a.verb, a.arg] for a in store.actions_from(p.match_id, 0)]
        record = {"game": row.game, "engine": ENGINE_VERSION, "seed": row.seed, "generator": row.generator,
                  "options": row.options,
                  "actions": actions}
        assert agon.replay(record).digest() == p.state.digest()
        assert [(a[0], a[1], freeze(a[2])) for a in actions] == list(p.state.history)
    engine.dispose()


def test_sigkill_loses_no_acknowledged_action_sqlite(tmp_path):
    _kill_and_restart(f"sqlite:///{tmp_path / 'agon.db'}", rounds=2)


def test_sigkill_loses_no_acknowledged_action_postgresql(pg_url):
    _kill_and_restart(pg_url, rounds=2)


def test_a_move_through_one_process_reaches_a_websocket_of_another(pg_url):
    from websockets.sync.client import connect

    one = ServerProcess(pg_url).start()
    two = ServerProcess(pg_url).start()
    try:
        made = httpx.post(f"{one.base}/api/matches", json={"game": "1989", "seed": 5, "seats": {
            "democrat": "human", "communist": "human"}}).json()
        tokens = {r: s["token"] for r, s in made["seats"].items()}
        local = agon.load("1989").new(5, generator="keyed")
        with connect(f"ws://127.0.0.1:{two.port}/api/matches/{made['id']}/live") as ws:
            watcher = "communist" if local.active[0] == "democrat" else "democrat"
            ws.send(json.dumps({"token": tokens[watcher]}))
            first = json.loads(ws.recv(10))
            assert first["version"] == 0
            held = first["view"]["log"]
            for version in range(3):
                role = local.active[0]
                action = local.legal_actions(role)[0]
                server = (one, two)[version % 2]  # alternate: each process also sees the other's writes
                response = httpx.post(f"{server.base}/api/matches/{made['id']}/actions", headers=auth(tokens[role]),
                                      json={"version": version, "verb": action.verb,
                                            "arg": json.loads(json.dumps(action.arg))})
                assert response.status_code == 200, response.text
                local.apply(role, action)
                pushed: dict[str, Any] = json.loads(ws.recv(10))
                assert pushed["version"] == version + 1
                pushed = whole(pushed, held)  # the lines it lacks, counted by the process that pushes
                held = pushed["view"]["log"]
                assert pushed["view"] == json.loads(json.dumps(local.view(watcher), default=str))
        stale = httpx.post(f"{two.base}/api/matches/{made['id']}/actions", headers=auth(tokens[local.active[0]]),
                           json={"version": 1, "verb": "pass"})
        assert stale.status_code == 409
    finally:
        one.stop()
        two.stop()


def test_two_writers_of_one_version_one_wins(tmp_path):
    """The unique (match, index) decides: two processes (here two caches on one database) post for
    the same version; the first is stored, the other gets 409 and its cache catches up."""
    from agon.server.matches import ApiError, Matches
    from agon.server.migrations import upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'agon.db'}")
    upgrade(engine)
    one, two = Matches(Store(engine)), Matches(Store(engine))
    match_id, _, _ = one.create("intrigue-city", {}, dict.fromkeys(["p1", "p2", "p3"], "human"), 3, None)
    role = two.get(match_id).state.active[0]
    first, second = one.get(match_id).state.legal_actions(role)[:2]
    assert one.act(match_id, role, 0, first.verb, first.arg).version == 1
    with pytest.raises(ApiError) as refused:
        two.act(match_id, role, 0, second.verb, second.arg)
    assert refused.value.status == 409
    assert two.get(match_id).version == 1 and two.get(match_id).state.history == one.get(match_id).state.history
    engine.dispose()


def test_the_migrations_head_is_the_newest_revision():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from agon.server import migrations

    config = Config()
    config.set_main_option("script_location", str(migrations.HERE))
    assert ScriptDirectory.from_config(config).get_current_head() == migrations.HEAD


def test_a_bot_thinking_in_one_process_is_said_by_another(pg_url):
    """`thinking` travels by NOTIFY too: a bot computing in process one is in the state object that
    process two serves (GET and websocket), and leaves it when the bot has moved."""
    from websockets.sync.client import connect

    one = ServerProcess(pg_url).start()
    two = ServerProcess(pg_url).start()
    try:
        local = agon.load("cuba-libre").new(5, generator="keyed")
        thinker = local.active[0]
        # settle=0 so that each step thinks its whole budget (settling early, a step may be over before
        # process two hears that it began); 1.5 s a step: the keyed deal of seed 5 gives the Syndicate a
        # short first turn, whose first step must outlast the websocket's opening (0.3 s did not)
        seats = {r: ("ismcts:seconds=1.5,settle=0" if r == thinker else "human") for r in local.game.roles(**local.options)}
        made = httpx.post(f"{one.base}/api/matches", json={"game": "cuba-libre", "seed": 5, "seats": seats}).json()
        url = f"{two.base}/api/matches/{made['id']}"
        with connect(f"ws://127.0.0.1:{two.port}/api/matches/{made['id']}/live") as ws:
            ws.send(json.dumps({}))
            pushes = [json.loads(ws.recv(30))]
            while pushes[-1]["version"] == 0 and len(pushes) < 5:
                pushes.append(json.loads(ws.recv(30)))
        assert any(p["thinking"] == [thinker] for p in pushes), pushes
        assert pushes[-1]["version"] >= 1
        # the bot plays its whole turn (0.3 s a step) first; between two of its steps `thinking` may be
        # empty for a moment, so wait for the turn to pass to a person, not for one empty reading
        deadline = time.monotonic() + 120
        state = httpx.get(url).json()
        while time.monotonic() < deadline and (state["thinking"] or thinker in state["active"]):
            time.sleep(0.2)
            state = httpx.get(url).json()
        assert state["thinking"] == [] and thinker not in state["active"], state["active"]
    finally:
        one.stop()
        two.stop()


def test_a_token_rate_limit_holds_across_processes(pg_url):
    """The requests one process serves for a token are told to the others (NOTIFY), so a token
    that spent its burst on process one is refused (429) by process two too."""
    env = {"AGON_TOKEN_RATE": "0.05", "AGON_TOKEN_BURST": "4"}
    one = ServerProcess(pg_url, env=env).start()
    two = ServerProcess(pg_url, env=env).start()
    try:
        made = httpx.post(f"{one.base}/api/matches", json={"game": "1989", "seed": 5, "seats": {
            "democrat": "human", "communist": "human"}}).json()
        token = made["seats"]["democrat"]["token"]
        url = f"/api/matches/{made['id']}"
        assert httpx.get(f"{two.base}{url}", headers=auth(token)).status_code == 200
        codes = [httpx.get(f"{one.base}{url}", headers=auth(token)).status_code for _ in range(3)]
        assert codes == [200, 200, 200]  # with the one on process two: the burst of 4 is spent
        time.sleep(1.0)  # the processes tell each other every quarter second
        assert httpx.get(f"{two.base}{url}", headers=auth(token)).status_code == 429
        assert httpx.get(f"{one.base}{url}", headers=auth(token)).status_code == 429
    finally:
        one.stop()
        two.stop()
