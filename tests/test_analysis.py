"""Post-game analysis and hints (issue 36 items 4 and 5): repeatable with a seed, and honest.

Honest as the search is (tests/test_search_honesty.py): a decision is judged from the deciding
role's information only, so two states that differ only in what that role cannot see (its twin,
`state.determinize(role, ...)`) get the same judgement and the same hint, number for number.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agon.bots.analysis import Budget, analyse, hint, judge
from agon.engine import Rng
from agon.server.teach import seat_hint
from agon.testing import random_position, variants

GOLDEN = Path(__file__).parent / "golden"
TINY = Budget(iterations=6, match_iterations=400)
GAMES = variants(("intrigue-city", {"players": 3}))  # every declared game


@pytest.fixture(scope="module")
def solo_record() -> dict:
    return json.loads((GOLDEN / "dual-powers-solo.json").read_text())


@pytest.fixture(scope="module")
def solo_analysis(solo_record: dict) -> dict:
    return analyse(solo_record, TINY, seed=3)


def _positions(game_id: str, options: dict) -> list:
    found = []
    for k, steps in enumerate((20, 70, 3)):  # (a tiny game is over before 20 actions: its 3rd)
        if len(found) == 2:
            break
        state = random_position(game_id, 31 + k, steps, options)
        if state.active and len([a for a in state.legal_actions(state.active[0]) if a.verb != "undo"]) > 1:
            found.append(state)
    return found


def test_an_analysis_is_the_same_for_the_same_seed(solo_record, solo_analysis):
    assert analyse(solo_record, TINY, seed=3) == solo_analysis
    assert json.loads(json.dumps(solo_analysis)) == solo_analysis  # stored as JSON, read back the same


def test_an_analysis_has_a_point_after_every_decision_and_ends_at_the_result(solo_record, solo_analysis):
    decisions, points = solo_analysis["decisions"], solo_analysis["points"]
    assert decisions and len(points) == len(decisions) + 1
    assert [p["step"] for p in points[:-1]] == [d["step"] + 1 for d in decisions]
    assert points[-1]["step"] == len(solo_record["actions"]) == solo_analysis["total"]
    assert points[-1]["chances"] == {r: (1.0 if r in solo_analysis["winners"] else 0.0) for r in solo_analysis["roles"]}
    for decision in decisions:
        assert decision["loss"] == pytest.approx(max(0.0, decision["before"] - decision["after"]), abs=1e-3)
        assert decision["choices"] > 1 and {"label", "message", "verb", "arg"} <= set(decision["best"])
    worst = [decisions[k]["loss"] for k in solo_analysis["worst"]]
    assert worst == sorted(worst, reverse=True)


def test_the_match_budget_is_shared_among_the_decisions(solo_record):
    thin = analyse(solo_record, Budget(iterations=50, match_iterations=41 * 2), seed=3)
    assert max(d["visits"] for d in thin["decisions"]) <= 2


def test_a_game_that_is_not_over_is_refused():
    record = random_position("1989", 1, 10, {}).record()
    with pytest.raises(ValueError, match="only a finished game"):
        analyse(record, TINY)


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_decision_is_judged_the_same_whatever_its_role_cannot_see(game_id, options):
    for state in _positions(game_id, options):
        role = state.active[0]
        twin = state.determinize(role, Rng(4242))
        focus = state.legal_actions(role)[-1]
        digest = state.digest()
        assert judge(state, role, TINY, 9, focus=focus) == judge(twin, role, TINY, 9, focus=focus)
        assert state.digest() == digest  # the real game untouched


def test_the_decision_made_is_judged_even_on_a_budget_smaller_than_the_choices():
    state = _positions("1989", {})[0]
    role = state.active[0]
    last = state.legal_actions(role)[-1]
    assert last in [j.action for j in judge(state, role, TINY, 1, focus=last, iterations=1)]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_hint_reveals_nothing_its_seat_cannot_see(game_id, options):
    """The leak test: the hint of a state and of its twin are identical (so no hidden card changes
    it), and it names only the seat's own legal choices."""
    for state in _positions(game_id, options):
        role = state.active[0]
        twin = state.determinize(role, Rng(99))
        ours, theirs = seat_hint(state, role, TINY, 5), seat_hint(twin, role, TINY, 5)
        assert ours == theirs
        legal = {(a.verb, json.dumps(a.arg)) for a in state.legal_actions(role)}
        assert 1 <= len(ours) <= 3
        for choice in ours:
            assert set(choice) == {"verb", "arg", "label", "message", "chance", "visits"}
            assert (choice["verb"], json.dumps(choice["arg"])) in legal
            assert 0.0 <= choice["chance"] <= 1.0


def test_a_hint_with_one_choice_names_it_without_a_search():
    state = random_position("1989", 1, 0, {})
    while True:
        role = state.active[0]
        legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
        if len(legal) == 1:
            break
        state.apply(role, legal[0])
    assert hint(state, role, TINY) == [{**hint(state, role, TINY)[0], "chance": None, "visits": 0}]


def test_a_match_a_resignation_ended_is_analysed_up_to_it_and_ends_at_its_result():
    """The server's record of a match a player left holds its `result` (the game itself goes on)."""
    record = json.loads((GOLDEN / "1989-handicap.json").read_text())
    record["actions"] = record["actions"][:12]
    record.pop("digest")
    record["result"] = {"reason": "resigned", "winners": ["democrat"], "ranking": [["democrat"], ["communist"]]}
    done = analyse(record, TINY)
    assert done["points"][-1] == {"step": 12, "role": None, "chances": {"democrat": 1.0, "communist": 0.0}}


def test_a_simultaneous_choice_is_judged_for_the_role_asked_not_the_first_active():
    """An Intrigue City vote (IC Change of Era): every voter is active at once; the analysis of
    the last voter's vote crashed, its search branching on the first voter's choices only."""
    state = random_position("intrigue-city", 3, 0, {"players": 3})
    rng = Rng(8)
    while len(state.active) < 2:
        role = state.active[0]
        legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
        state.apply(role, legal[rng.below(len(legal))])
    role = state.active[-1]
    vote = state.legal_actions(role)[-1]
    judged = judge(state, role, TINY, 4, focus=vote)
    assert vote in [j.action for j in judged]
