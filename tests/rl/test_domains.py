"""Action spaces complete by construction: every verb the sources can build, every action offered."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from agon.engine import load
from agon.engine.rng import Rng
from agon.rl.domains import domain, verbs
from agon.rl.spaces import games_with_space, spec

GAMES = games_with_space()  # every declared game with a fixed action space (agon/engine/registry.py)

# Cuba Libre builds its actions as (verb, arg) pairs; these first words of pairs in its sources are no
# verbs: piece keys, option values, Operation and Special Activity names used as arguments, frame keys.
CL_NOT_VERBS = {
    "active", "underground", "aid", "attack", "bribe", "casino", "dr_u", "garrison", "govt_base",
    "infiltrate", "kidnap", "m26_u", "march", "max", "muscle", "option", "police", "reprisal", "standard",
    "subvert", "sweep", "syn_u", "terror", "train", "transport", "troop",
}
# Random games per option set of the survey, on seeds it never used, strict mode on (about a second each;
# a game not named: 2)
GAMES_PER_SET = {"dual-powers": 40, "1989": 6, "intrigue-city": 10, "cuba-libre": 3}


def source_nodes(game_id: str) -> Iterator[ast.AST]:
    """Every syntax node of the game's package (the Non-Players left out: they choose among the
    legal actions, they build none; the domain itself, `domain.py`; and the position codec,
    `position.py`, whose pairs name state fields)."""
    root = Path(str(resources.files(type(load(game_id)).__module__)))
    for path in sorted(root.rglob("*.py")):
        if "nonplayer" not in path.parts and path.name not in ("domain.py", "position.py"):
            yield from ast.walk(ast.parse(path.read_text(encoding="utf-8")))


def source_verbs(game_id: str) -> set[str]:
    """Verbs the game's sources write out: Action("verb", ...), `verb="..."`, Cuba Libre's ("verb", arg)."""
    found: set[str] = set()
    for node in source_nodes(game_id):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Action" and node.args
                and isinstance(node.args[0], ast.Constant)):
            found.add(node.args[0].value)
        elif isinstance(node, ast.keyword) and node.arg == "verb" and isinstance(node.value, ast.Constant):
            found.add(node.value.value)
        elif (isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "verb" for t in node.targets)
              and isinstance(node.value, ast.Constant)):
            found.add(node.value.value)
        elif (game_id == "cuba-libre" and isinstance(node, ast.Tuple) and len(node.elts) == 2
              and isinstance(node.elts[0], ast.Constant) and isinstance(node.elts[0].value, str)
              and "{" not in node.elts[0].value and not node.elts[0].value[:1].isupper()):
            found.add(node.elts[0].value)
    return found - {""} - (CL_NOT_VERBS if game_id == "cuba-libre" else set())  # "": a base class's blank verb


@pytest.mark.parametrize("game_id", GAMES)
def test_every_verb_the_sources_build_is_in_the_domain(game_id: str) -> None:
    assert source_verbs(game_id) - verbs(game_id) == set()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fixed_space_holds_the_whole_domain(game_id: str) -> None:
    s = spec(game_id)
    assert [a for a in domain(game_id) if a not in s.index] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_long_random_play_under_every_option_set_offers_only_numbered_actions(game_id: str) -> None:
    s = spec(game_id)
    game = load(game_id)
    chooser = Rng(2026)
    for options in game.sample_options():
        for seed in range(50_000, 50_000 + GAMES_PER_SET.get(game_id, 2)):
            state = game.new(seed, **options)
            while state.active:
                role = state.active[chooser.below(len(state.active))]
                legal = state.legal_actions(role)
                s.legal_numbers(legal)  # strict by default: an action without a number raises naming it
                state.apply(role, legal[chooser.below(len(legal))])


def test_every_1989_event_option_label_in_the_sources_is_in_the_domain() -> None:
    """1989 pick_option labels: ("label", callback) pairs and pick_country's `decline="label"`."""
    labels: set[str] = set()
    for node in source_nodes("1989"):
        if (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Constant)
                and isinstance(node.elts[0].value, str) and isinstance(node.elts[1], ast.Lambda | ast.Name | ast.Call)):  # a callback: a function or a partial of one
            labels.add(node.elts[0].value)
        elif isinstance(node, ast.keyword) and node.arg == "decline" and isinstance(node.value, ast.Constant):
            labels.add(node.value.value)
    options = {a.arg for a in domain("1989") if a.verb == "option"}
    assert len(labels) >= 10
    assert labels - options == set()
