"""Hostile input at the engine's two doors, for every game (issue 16): arbitrary JSON-like values
thrown at `State.apply` raise IllegalAction and leave the state unchanged (unless they are exactly
a legal action); thrown at `agon.replay` they raise ReplayError, never another exception."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agon
from agon.engine import IllegalAction, ReplayError
from agon.testing import random_position, variants

GAMES = variants(("intrigue-city", {"players": 4}))  # every declared game, by default with its defaults
STEPS = (0, 25, 120)

atoms = st.none() | st.booleans() | st.integers() | st.integers(-(10**30), 10**30) | st.floats() | st.text(max_size=8)
json_like = st.recursive(atoms, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                             max_size=4), max_leaves=12)


@cache
def position(game_id: str, steps: int) -> agon.State:
    return random_position(game_id, 11, steps, dict(GAMES)[game_id])


def action_like(state: agon.State) -> st.SearchStrategy:
    legal = [a for r in state.active for a in state.legal_actions(r)] or [agon.Action("pass")]
    verbs = st.sampled_from(sorted({a.verb for a in legal}))
    near = st.sampled_from(legal).flatmap(lambda a: st.sampled_from([
        (a.verb, float(a.arg)) if type(a.arg) is int else (a.verb, [a.arg]),
        [a.verb, list(a.arg)] if isinstance(a.arg, tuple) else (a.verb, str(a.arg)),
        (a.verb, True), a,
    ]))
    return json_like | st.tuples(verbs, json_like) | st.lists(json_like, max_size=3) | near


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_arbitrary_values_at_apply_raise_illegal_action_and_change_nothing(game_id, options, data):
    state = position(game_id, data.draw(st.sampled_from(STEPS))).clone()
    roles = agon.load(game_id).roles(**state.options)
    role = data.draw(st.sampled_from(roles) | json_like)
    action = data.draw(action_like(state))
    digest = state.digest()
    legal = role in roles and state.legal_actions(role)
    try:
        state.apply(role, action)
    except IllegalAction as err:
        assert str(err) and state.digest() == digest
        state.view(None)
        return
    assert legal, "an action was applied for a role that had nothing to do"
    state.view(role)  # a legal action leaves a state that still works


@cache
def record_of(game_id: str) -> str:
    return json.dumps(position(game_id, 30).record())


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_arbitrary_values_in_a_record_raise_replay_error(game_id, options, data):
    record = json.loads(record_of(game_id))
    how = data.draw(st.sampled_from(["field", "entry", "part", "whole", "text"]))
    value = data.draw(json_like)
    if how == "field":
        record[data.draw(st.sampled_from(["game", "engine", "seed", "options", "actions", "digest"]))] = value
    elif how == "entry":
        record["actions"][data.draw(st.integers(0, len(record["actions"]) - 1))] = value
    elif how == "part":
        entry = record["actions"][data.draw(st.integers(0, len(record["actions"]) - 1))]
        entry[data.draw(st.integers(0, len(entry) - 1))] = value
    elif how == "whole":
        record = value
    else:
        text = json.dumps(record)
        cut = data.draw(st.integers(0, len(text)))
        record = text[:cut] + data.draw(st.text(max_size=6)) + text[cut:]
    try:
        agon.replay(record)
    except ReplayError as err:
        assert str(err) and "\n" not in str(err)
