"""Game.option_specs(): every game's options as data (for lobbies), in step with normalize_options."""

from __future__ import annotations

import pytest

import agon
from agon.engine import OptionError, OptionSpec


def _context(spec: OptionSpec) -> dict:
    """Options that make `spec` apply: a player count it is for, and what it requires."""
    base = dict(spec.requires)
    if spec.players is not None:
        base["players"] = spec.players[0]
    return base


@pytest.mark.parametrize("game_id", agon.games())
def test_every_listed_value_is_accepted(game_id):
    game = agon.load(game_id)
    specs = game.option_specs()
    assert len({s.name for s in specs}) == len(specs)
    for spec in specs:
        assert spec.as_dict()["default"] == spec.default
        for value in spec.allowed():
            normal = game.normalize_options({**_context(spec), spec.name: value})
            if spec.name in normal:
                assert normal[spec.name] == value


@pytest.mark.parametrize("game_id", agon.games())
def test_defaults_are_what_normalize_fills_in(game_id):
    game = agon.load(game_id)
    for spec in game.option_specs():
        normal = game.normalize_options(_context(spec))
        if spec.name in normal:
            assert normal[spec.name] == spec.default, spec.name


@pytest.mark.parametrize("game_id", agon.games())
def test_a_value_outside_the_list_is_refused(game_id):
    game = agon.load(game_id)
    for spec in game.option_specs():
        if spec.kind == "bool":
            bad = "maybe"
        elif spec.kind == "int":
            bad = max(spec.allowed()) + 100
        else:
            bad = "no-such-value"
        with pytest.raises(OptionError):  # an AgonError naming the option (issue 35 item 5)
            game.normalize_options({**_context(spec), spec.name: bad})
    with pytest.raises(OptionError, match="no_such_option"):
        game.normalize_options({"no_such_option": 1})


def test_an_option_spec_checks_its_kind():
    with pytest.raises(ValueError, match="kind"):
        OptionSpec("x", "float")
