"""Issue 35 items 1 and 5: games declared by entry point (agon/engine/registry.py), the facts machines
need declared with each game, options checked from their specs (OptionError), a typed Result."""

from __future__ import annotations

import ast
import importlib.util
import tomllib
from pathlib import Path

import pytest

import agon
from agon.engine import AgonError, OptionError, OptionSpec, Result, ResultError, UnknownGame, registry
from agon.engine.options import check_options

ROOT = Path(__file__).resolve().parents[2]


def test_agons_own_games_are_declared_by_entry_point_in_its_pyproject():
    with (ROOT / "pyproject.toml").open("rb") as file:
        points = tomllib.load(file)["project"]["entry-points"]["agon.games"]
    packages = sorted(folder.name for folder in (ROOT / "agon" / "games").iterdir() if (folder / "__init__.py").is_file())
    # each package of agon/games declared once, and nothing else: pyproject.toml is the one list
    assert sorted(target.partition(":")[0] for target in points.values()) == [f"agon.games.{name}" for name in packages]
    assert registry.checkout_declarations() == points  # the fallback of a checkout without metadata
    for target in points.values():  # (loading them is every other test's business: the imports cost seconds)
        module, _, attr = target.partition(":")
        assert importlib.util.find_spec(module) is not None and attr == "GAME"
    assert registry.declared()[:len(points)] == list(points)


def test_a_declared_game_loads_on_first_use_and_bad_declarations_are_agon_errors(monkeypatch):
    monkeypatch.setattr(registry, "_declared", dict(registry._declared))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    registry.declare("twin-powers", "agon.games.dual_powers:GAME")  # an object whose id is another's
    with pytest.raises(AgonError, match="not the game 'twin-powers'"):
        agon.load("twin-powers")
    with pytest.raises(AgonError, match="module:attribute"):
        registry.declare("x", "no_colon")
    registry.declare("gone", "agon_no_such_package:GAME")
    assert "gone" not in agon.games()  # a package that cannot be imported is not installed
    with pytest.raises(UnknownGame, match="not installed"):
        agon.load("gone")
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        agon.load("chess")


def test_agon_games_in_the_environment_declares_games():
    assert registry.parse_environment(" a=m:G ; b = n.o:H;;junk") == {"a": "m:G", "b": "n.o:H"}


def test_front_ends_and_rl_import_no_game_internals():
    """agon/rl once imported the internals of all four games (a private `_DEPOSIT` included); now
    every fact comes through the Game object."""
    for path in sorted((ROOT / "agon" / "rl").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("agon.games"), (path.name, node.module)


def test_options_are_checked_from_their_specs_with_an_option_error():
    specs = [OptionSpec("players", "int", default=2, choices=(1, 2)),
             OptionSpec("side", "choice", default="red", choices=("red", "white"), players=(1,)),
             OptionSpec("level", "int", default=1, minimum=1, maximum=6, players=(1,)),
             OptionSpec("fast", "bool", default=False, requires={"side": "white"})]
    assert check_options(specs, {}, "g") == {"players": 2}
    assert check_options(specs, {"players": 1, "side": "white"}, "g") == {
        "players": 1, "side": "white", "level": 1, "fast": False}
    for bad, words in [({"colour": 1}, r"unknown option\(s\) \['colour'\]"), ({"players": 3}, "players must be one of"),
                       ({"players": True}, "whole number"), ({"players": 1, "level": 7}, "1 to 6"),
                       ({"side": "white"}, "only for games with players=1"), ({"players": 1, "fast": True},
                                                                              "side='white'")]:
        with pytest.raises(OptionError, match=words):
            check_options(specs, bad, "g")
    assert issubclass(OptionError, AgonError) and issubclass(OptionError, ValueError)  # (every game's:
    # tests/engine/test_option_specs.py)


def test_a_result_is_typed_and_checked():
    result = Result.from_dict({"winners": ["a", "b"], "scores": {"a": 2, "b": 2.5}, "reason": "tie", "turn": 3})
    assert result.winner is None and result.details["turn"] == 3
    assert result.as_dict() == {"winners": ["a", "b"], "scores": {"a": 2, "b": 2.5}, "reason": "tie", "turn": 3}
    for bad in ({"scores": {}, "reason": "x"}, {"winners": ["a"], "scores": {"a": True}, "reason": "x"},
                {"winners": ["a"], "scores": {}, "reason": ""}):
        with pytest.raises(ResultError):
            Result.from_dict(bad)
