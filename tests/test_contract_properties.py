"""Properties of the engine contract that hold for every game, checked with hypothesis.

From any position reached by legal play: the record replays to the same state, a clone is equal
and independent, an illegal action raises IllegalAction and changes nothing, and a role that is
not active has no legal action.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agon
from agon.engine import Action, IllegalAction, Result
from agon.testing import variants

GAMES = variants(
    ("dual-powers", {}),
    ("dual-powers", {"players": 1, "side": "white", "difficulty": 3}),
    ("intrigue-city", {"players": 4}),
    ("1989", {}),
    ("cuba-libre", {}),
    ("cuba-libre", {"players": 2}),
)  # every declared game (agon.testing.variants), these variants named


def play(game_id: str, options: dict, seed: int, picks: list[int]) -> agon.State:
    state = agon.load(game_id).new(seed, **options)
    for pick in picks:
        active = state.active
        if not active:
            break
        role = active[pick % len(active)]
        legal = state.legal_actions(role)
        state.apply(role, legal[pick % len(legal)])
    return state


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10**6), max_size=120))
def test_every_position_replays_clones_and_refuses_illegal_actions(game_id, options, seed, picks):
    state = play(game_id, options, seed, picks)
    digest = state.digest()
    assert agon.replay(state.record()).digest() == digest

    twin = state.clone()
    assert twin.digest() == digest
    if twin.active:
        role = twin.active[0]
        twin.apply(role, twin.legal_actions(role)[0])
        assert state.digest() == digest  # the original did not move with its clone

    for role in agon.load(game_id).roles(**state.options):
        if role not in state.active:
            assert state.legal_actions(role) == []
            with pytest.raises(IllegalAction):
                state.apply(role, Action("pass"))
        else:
            with pytest.raises(IllegalAction):
                state.apply(role, Action("no such verb", 12345))
        assert state.digest() == digest


ENDS = variants(("cuba-libre", {"short": True}), ("intrigue-city", {"short": True}),
                ("dual-powers", {"players": 1}))  # the short games (a whole game each)


@pytest.mark.parametrize(("game_id", "options"), ENDS)
def test_every_game_ends_in_a_typed_result_whose_json_form_the_view_carries(game_id, options):
    """Issue 35 item 5: a game's `_result()` is a `Result` (winners, scores, reason, its other facts),
    not a dict each caller reads by its keys; `result` and a view's "result" are its JSON form."""
    state = agon.load(game_id).new(4, quiet=True, **options)
    assert state._result() is None and state.verdict is None and state.result is None
    state.play_random(agon.Rng(4).random)
    verdict = state._result()
    assert isinstance(verdict, Result), type(verdict)
    assert state.verdict == verdict and state.result == verdict.as_dict() == state.view(None)["result"]
    assert list(state.result)[:3] == ["winners", "scores", "reason"]
    assert set(verdict.scores) <= set(state.game.roles(**state.options))
