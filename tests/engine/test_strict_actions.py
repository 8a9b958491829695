"""An illegal action never changes the state, whatever its type (issue 16 item 1).

Legality compares by type as well as value: 28.0 is not 28, True is not 1. Anything that is not
an action raises IllegalAction with a message, in every game, before and after the game ends.
"""

from __future__ import annotations

import pytest

import agon
from agon.engine import Action, IllegalAction, Rng
from agon.testing import random_position, variants

GAMES = variants(("intrigue-city", {"players": 4}))  # every declared game, by default with its defaults

JUNK = [
    None, 5, [], {}, {"verb": "card"}, b"card", ("a", 1, 2), Action(None, None), Action(5, 1),  # type: ignore[arg-type]
    ("", None), ("x" * 5000, None), ("card", "x" * 5000), ("card", 10**5000), ("card", -(2**70)),
    ("card", {"a": 1}), ("card", 1.5), ("card", float("nan")), ("card", float("inf")), ("card", b"1"),
    ("card", [[[[[[[[[[[[1]]]]]]]]]]]]), ("card", object()),
]


def lookalikes(action: Action) -> list[Action]:
    """Actions equal to `action` by value but of another type."""
    arg = action.arg
    out = []
    if type(arg) is int:
        out += [Action(action.verb, float(arg))]
        if arg in (0, 1):
            out.append(Action(action.verb, bool(arg)))
    if type(arg) is tuple and arg and type(arg[0]) is int:
        out.append(Action(action.verb, (float(arg[0]), *arg[1:])))
    return out


def refuses(state: agon.State, role: object, action: object) -> None:
    digest, view = state.digest(), state.view(None)
    with pytest.raises(IllegalAction) as err:
        state.apply(role, action)  # type: ignore[arg-type]
    assert str(err.value) and len(str(err.value)) < 2000
    assert state.digest() == digest and state.view(None) == view


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_float_or_bool_lookalike_of_a_legal_action_is_illegal_and_changes_nothing(game_id, options):
    state, rng, tried = agon.load(game_id).new(3, **options), Rng(3), 0
    for _ in range(400):
        if not state.active or tried >= 30:
            break
        role = state.active[0]
        legal = state.legal_actions(role)
        for fake in [f for a in legal for f in lookalikes(a)][:5]:
            refuses(state, role, fake)
            tried += 1
        state.apply(role, legal[rng.below(len(legal))])
    assert tried > 0


def test_dual_powers_objective_28_0_is_not_objective_28():
    state = agon.load("dual-powers").new(1)
    role = state.active[0]
    action = next(a for a in state.legal_actions(role) if a.verb == "objective")
    refuses(state, role, Action("objective", float(action.arg)))
    state.apply(role, action)  # the real one still works


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_junk_is_illegal_with_a_message_and_changes_nothing(game_id, options):
    state = random_position(game_id, 5, 30, options, live=True)
    role = state.active[0]
    for junk in JUNK:
        refuses(state, role, junk)
    for bad_role in (None, 5, ["x"], {"a": 1}, "nobody"):
        refuses(state, bad_role, state.legal_actions(role)[0])
    with pytest.raises(IllegalAction):
        state.apply(role, state.legal_actions(role)[0], note={"not": "text"})  # type: ignore[arg-type]


def test_junk_after_game_over_is_illegal_and_changes_nothing():
    state = random_position("dual-powers", 2, 10_000)
    assert state.is_over
    for junk in [*JUNK, Action("pass", None)]:
        refuses(state, "red", junk)


def test_action_str_never_raises_on_huge_numbers():
    assert str(Action("card", (10**5000,))).startswith("card ")


def test_freeze_never_recurses_without_bound_and_apply_refuses_what_it_leaves():
    from agon.engine.actions import freeze

    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    frozen = freeze(deep)
    state = agon.load("dual-powers").new(1)
    refuses(state, state.active[0], Action("objective", frozen))
