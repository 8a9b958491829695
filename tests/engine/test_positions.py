"""Positions as data (issue 35 item 2): `state.position()` is plain JSON holding the whole state,
and `game.from_position()` gives back a state that shows every role the same view and prompt and
plays on to the same future (random draws included), for every game of the registry (the plug-in
Little Tricks too), at the start, in the middle of a multi-step decision, in the middle and at the
end; a position that cannot be read is refused with one line (the engine's table here, each game's
own table in its test folder)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from agon.engine import PositionError, State, load
from agon.engine.position import load_position
from agon.engine.rng import Rng
from agon.testing import every_game

FUTURE = 40  # random actions played on from each position


def points(game_id: str) -> list[tuple[str, State]]:
    """A seeded game's start, its first point inside a multi-step decision (the role that acted is
    to act again), a point in the middle and its end."""
    length = load(game_id).new(11).play_random(Rng(11).random)
    state = load(game_id).new(11)
    found = [("start", state.clone())]
    rand = Rng(11).random
    last_role = None
    while not state.is_over:
        active = state.active
        if last_role in active and state.actions_played >= 3 and len(found) == 1:
            found.append(("inside a decision", state.clone()))
        if state.actions_played == length // 2:
            found.append(("middle", state.clone()))
        last_role = active[0]
        state.play_random(rand, limit=1)
    return [*found, ("end", state)]


CASES = [(game_id, label) for game_id in every_game() for label in ("start", "inside a decision", "middle", "end")]


@pytest.fixture(scope="module")
def played() -> dict[str, dict[str, State]]:
    return {game_id: dict(points(game_id)) for game_id in every_game()}


def same_position(a: State, b: State) -> None:
    roles = a.game.roles(**a.options)
    assert b._digest_snapshot() == a._digest_snapshot()
    assert (b.rng.state, b.rng.draws, b.seed, b.options) == (a.rng.state, a.rng.draws, a.seed, a.options)
    for role in [*roles, None]:
        assert b.view(role) == a.view(role), role
    for role in roles:
        assert b.prompt(role) == a.prompt(role), role


@pytest.mark.parametrize(("game_id", "label"), CASES)
def test_a_position_round_trips_and_plays_on_the_same(played: dict[str, dict[str, State]], game_id: str, label: str) -> None:
    """Issue 35 item 2: from_position(position()) is the same state, and the same actions give
    the same future, the game's own dice included."""
    state = played[game_id].get(label)
    if state is None:
        pytest.skip(f"{game_id}'s seeded game has no point {label!r}")
    text = json.dumps(state.position())  # plain JSON: dumps raises for anything else
    data = json.loads(text)
    assert data == state.position()  # and nothing is lost on the way through the text
    back = state.game.from_position(data)
    same_position(state, back)
    assert back.actions_played == state.actions_played and back.history == []  # no history needed
    ahead, rand_a, rand_b = state.clone(), Rng(5).random, Rng(5).random
    ahead.play_random(rand_a, limit=FUTURE)
    back.play_random(rand_b, limit=FUTURE)
    same_position(ahead, back)


@pytest.mark.parametrize(("game_id", "label"), CASES)
def test_nothing_of_the_new_game_a_position_is_built_on_stays(played: dict[str, dict[str, State]], game_id: str,
                                                               label: str) -> None:
    """Issue 35 item 2: `from_position` fills a new game of the position's seed with its fields and
    asks the game to rebuild what it keeps beside them (`changed()`): with another seed, so that the
    new game's deal differs, the same fields show the same views and offer the same choices (no
    cache of the new game's own position is left behind)."""
    state = played[game_id].get(label)
    data = state.position()
    data["seed"] += 1
    back = state.game.from_position(data)
    roles = state.game.roles(**state.options)
    for role in [*roles, None]:
        assert back.view(role) == state.view(role), role
    for role in roles:
        assert back.prompt(role) == state.prompt(role), role


def test_the_position_names_its_layout_and_game() -> None:
    data = load("cuba-libre").new(3).position()
    assert list(data) == ["format", "version", "game", "rules_version", "state_version", "options", "seed", "generator",
                          "rng", "actions_played", "state", "log"]
    assert (data["format"], data["version"], data["game"]) == ("agon-position", 1, "cuba-libre")
    assert data["state"]["support"]["havana"] == 2 and data["state"]["sp"]["havana"]["troop"] >= 1  # the map by space ids


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    return load("dual-powers").new(2).position()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            data = data[key]
        if value is KeyError:
            del data[last]
        else:
            data[last] = value
    return change


BAD = [
    ("not an object", lambda d: d.clear() or d.update(format=1), "not an agon position"),
    ("no key", _set("rng", KeyError), "the position has no 'rng'"),
    ("unknown key", _set("extra", 1), "unknown key 'extra'"),
    ("version", _set("version", 99), "the position's version is 99; this agon reads version 1"),
    ("other game", _set("game", "1989"), "the position is of the game '1989', not dual-powers"),
    ("rules version", _set("rules_version", "0"), "rules version '0'"),
    ("state version", _set("state_version", 7), "state_version is 7"),
    ("bad option", _set("options", {"players": 9}), "the position cannot start"),
    ("missing field", _set("state.deck", KeyError), "state: the field 'deck' is missing"),
    ("unknown field", _set("state.dragons", 3), "state: no field 'dragons' in dual-powers"),
    ("wrong type", _set("state.day", "one"), "day: expected a whole number; got a text 'one'"),
    ("wrong item type", _set("state.deck", ["a"]), "deck[0]: expected a whole number"),
    ("bad tag", _set("state.obj", {"$nothing": []}), "obj: unknown tag '$nothing'"),
    ("foreign code", _set("state.obj", {"$function": "os:system"}), "'os:system' is not of agon's engine or of dual-powers"),
    ("another game's code", _set("state.obj", {"$object": "agon.games.cuba_libre.data:Card", "fields": {}}),
     "is not of agon's engine or of dual-powers"),
    ("rng", _set("rng", {"state": -1, "draws": 0}), "rng.state: a whole number, 0 or more; got -1"),
    ("log", _set("log", [{"words": 1}]), "log[0]"),
]


@pytest.mark.parametrize(("name", "change", "error"), BAD, ids=[b[0] for b in BAD])
def test_an_unreadable_position_is_one_line(start: dict[str, Any], name: str, change: Any, error: str) -> None:
    """Issue 35 item 2: every impossible position is refused with one clear line."""
    data = copy.deepcopy(start)
    change(data)
    with pytest.raises(PositionError) as raised:
        load("dual-powers").from_position(data)
    assert error in str(raised.value) and "\n" not in str(raised.value)


def test_a_file_names_its_game() -> None:
    game, state = load_position(json.dumps(load("intrigue-city").new(4).position()))
    assert game.id == "intrigue-city" and state.actions_played == 0
    with pytest.raises(PositionError, match="not JSON"):
        load_position("{")
