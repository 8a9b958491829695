"""Records that are wrong fail with a ReplayError that says what is wrong (issue 16 item 4),
and `--verify` says whether a digest confirmed the replay (item 5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import agon
from agon.cli.main import main
from agon.engine import ReplayError, replay_checked
from agon.testing import every_game
from tests.engine import toy  # noqa: F401 - registers high-card


def good() -> dict:
    state = agon.load("high-card").new(seed=4)
    state.apply("north", ("bet", 1))
    state.apply("north", state.legal_actions("north")[0])
    return json.loads(json.dumps(state.record()))


def refused(record: object, match: str) -> ReplayError:
    with pytest.raises(ReplayError, match=match) as err:
        agon.replay(record)  # type: ignore[arg-type]
    assert err.value.index == -1 and "\n" not in str(err.value)
    return err.value


@pytest.mark.parametrize(("actions", "match"), [(5, "actions are a list"), (None, "actions are a list"),
                                                 ({"0": []}, "actions are a list"), ("abc", "actions are a list")])
def test_actions_that_are_not_a_list_are_refused(actions, match):
    refused({**good(), "actions": actions}, match)


def test_a_record_without_actions_is_refused_with_or_without_a_digest():
    record = good()
    del record["actions"]
    refused(record, "actions are a list")
    refused({**record, "digest": "0" * 16}, "actions are a list")


@pytest.mark.parametrize("seed", ["1", 1.5, True, False, None, [1], {"a": 1}, 2**64, -(2**63) - 1])
def test_a_seed_of_the_wrong_type_is_refused_not_coerced(seed):
    refused({**good(), "seed": seed}, "seed")


def test_a_missing_seed_is_refused_not_taken_as_zero():
    record = good()
    del record["seed"]
    refused(record, "seed is a whole number; got nothing")


def test_infinity_and_nan_in_json_text_are_refused():
    text = json.dumps(good())
    for constant in ("Infinity", "-Infinity", "NaN"):
        refused(text.replace('"seed": 4', f'"seed": {constant}'), "not a JSON number")


def test_json_nested_1000_deep_is_refused():
    record = good()
    deep = "[" * 1000 + "]" * 1000
    refused(json.dumps(record).replace('"options": {}', f'"options": {deep}'), "nests too deep|options are an object")
    with pytest.raises(ReplayError):
        agon.replay(json.dumps(record).replace('"bet", 1]', f'"bet", {deep}]'))
    refused("[" * 100_000 + "]" * 100_000, "nests too deep")


@pytest.mark.parametrize(("text", "kind"), [("[]", "a list"), ("null", "nothing"), ("5", "a number"),
                                             ('"x.json"', "text"), ("true", "a boolean")])
def test_top_level_json_that_is_not_an_object_is_refused(text, kind):
    refused(text, f"a record is a JSON object; got {kind}")


def test_a_string_is_json_text_never_a_path_to_another_file(tmp_path, monkeypatch):
    (tmp_path / "other.json").write_text(json.dumps(good()))
    monkeypatch.chdir(tmp_path)
    refused("other.json", "JSON text")
    refused(json.dumps("other.json"), "got text")
    assert agon.replay(Path("other.json")).history == agon.replay(good()).history


def test_a_record_of_an_unknown_engine_version_says_which_versions_replay():
    err = refused({**good(), "engine": "9.9"}, "engine '9.9'")
    assert agon.engine.ENGINE_VERSION in str(err)
    refused({**good(), "engine": None}, "engine None")
    record = good()
    del record["engine"]  # a record built by hand from stored actions: this engine's
    assert agon.replay(record).history == agon.replay(good()).history


@pytest.mark.parametrize(("field", "value", "match"), [
    ("game", 5, "names its game"), ("game", "no-such", "setup is not valid"),
    ("options", [], "options are an object"), ("options", {"players": 9}, "setup is not valid"),
    ("digest", 5, "digest is text"),
])
def test_bad_fields_are_named(field, value, match):
    refused({**good(), field: value}, match)


@pytest.mark.parametrize("entry", [5, None, [], ["north"], ["north", "bet"], ["north", "bet", 1, 2],
                                   ["north", "bet", 1, "note", "more"], ["north", 5, 1], [None, "bet", 1],
                                   ["north", "bet", 1.0], ["north", "bet", True], ["north", "bet", {"a": 1}]])
def test_a_bad_action_entry_names_its_index(entry):
    record = good()
    record["actions"][1] = entry
    with pytest.raises(ReplayError, match="action 1 ") as err:
        agon.replay(record)
    assert err.value.index == 1


def test_verify_without_a_digest_says_not_verified(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(good()))
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "replays legally, not verified (no digest)" in out and "exactly" not in out
    assert not replay_checked(good()).verified


def test_verify_with_a_digest_says_ok(tmp_path, capsys):
    path = tmp_path / "game.json"
    state = agon.replay(good())
    agon.engine.save_record(state, path)
    assert main(["replay", str(path), "--verify"]) == 0
    assert "OK: 2 actions replay exactly" in capsys.readouterr().out
    assert replay_checked(Path(path)).verified


def _piles(value: Any) -> list[list[Any]]:
    """The lists of a state's field an order could hide in: the field if it is a list of plain
    values that reads otherwise reversed (a deck), else such lists inside it (the hands, a game's decks)."""
    def pile(item: Any) -> bool:
        return isinstance(item, list) and all(isinstance(x, int | str) for x in item) and item != item[::-1]
    if pile(value):
        return [value]
    inside = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [item for item in inside if pile(item)]


@pytest.mark.parametrize("game_id", every_game())
def test_the_digest_covers_every_order_no_view_shows(game_id):
    """A deck's order (any list no role's view shows the order of) is in the digest: reversing it
    changes no view and changes the digest (engine 0.1.0 hashed the views only)."""
    state = agon.load(game_id).new(seed=2)
    roles = [*state.game.roles(**state.options), None]
    shown, before = [state.view(role) for role in roles], state.digest()
    hidden = []
    for name, value in state._public_fields().items():
        for pile in _piles(value):
            pile.reverse()
            try:
                state.changed()  # (a game's caches of its fields: views read them)
                unseen = [state.view(role) for role in roles] == shown
            except Exception:  # a game that cannot draw it: the order is seen
                unseen = False
            if unseen:
                hidden.append(name)
                assert state.digest() != before, name
            pile.reverse()
            state.changed()
    assert state.digest() == before and [state.view(role) for role in roles] == shown
    if not hidden:
        pytest.skip(f"{game_id} hides no order at its start")


def test_a_record_of_engine_0_1_0_replays_but_its_old_digest_cannot_verify():
    replayed = replay_checked({**good(), "engine": "0.1.0", "digest": "0123456789abcdef"})
    assert not replayed.verified and "0.1.0" in replayed.why_not
    with pytest.raises(ReplayError, match="differs"):
        agon.replay({**good(), "digest": "0123456789abcdef"})
