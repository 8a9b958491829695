"""Issue 15 item 4: a view's log costs the lines since the last view, not the whole game, and is
always exactly the lines the role may read (through clones that part ways and undo)."""

from __future__ import annotations

import pytest

from agon.engine import LogEntry, load
from agon.engine.rng import Rng
from agon.testing import every_game


def fresh(state, role):
    return [e.to_json() for e in state.log if e.to is None or e.to == role]


@pytest.mark.parametrize("game_id", every_game())
def test_the_log_of_a_view_is_the_roles_lines_through_clones_and_undo(game_id: str) -> None:
    state = load(game_id).new(5)
    state.undo_enabled = True
    chooser = Rng(6)
    roles = state.game.roles(**state.options)
    clones = []
    for step in range(120):
        if not state.active:
            break
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
        if step <= 40:  # the twin parts at step 40, or half-way through a game that ends sooner
            clones.append(state.clone())
        for who in [*roles, None]:
            assert state.view(who)["log"] == fresh(state, who)
            assert state.log_length(who) == len(fresh(state, who))  # what the server counts without a view
    twin = clones[min(40, len(clones) // 2)]
    while twin.active:  # the twin goes its own way after the parting
        role = twin.active[0]
        legal = [a for a in twin.legal_actions(role) if a.verb != "undo"]
        twin.apply(role, legal[-1])
        assert twin.view(role)["log"] == fresh(twin, role)
        if len(twin.history) > 80:
            break


def test_a_view_builds_only_the_lines_since_the_last_view(monkeypatch: pytest.MonkeyPatch) -> None:
    state = load("cuba-libre").new(3)
    chooser = Rng(4)
    while len(state.log) < 300 and state.active:
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
        state.view(None)
    built = []
    original = LogEntry.to_json
    monkeypatch.setattr(LogEntry, "to_json", lambda self: built.append(1) or original(self))
    before = len(state.log)
    role = state.active[0]
    legal = state.legal_actions(role)
    state.apply(role, legal[0])
    state.view(None)
    assert len(built) <= len(state.log) - before  # the new lines only, not the 300 before them


def test_a_line_every_role_may_read_is_made_once_for_all_of_their_views() -> None:
    """Issue 37 (memory of long games): each role's view held its own copy of every public line's
    message, five copies in a Cuba Libre match watched by its four roles and a spectator (2.3 MiB
    of a finished match's 4.2). A line for one role alone is still in that role's view only."""
    state = load("cuba-libre").new(3)
    chooser = Rng(4)
    roles = state.game.roles(**state.options)
    while len(state.log) < 200 and state.active:
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
    views = {who: state.view(who)["log"] for who in [*roles, None]}
    public = [i for i, e in enumerate(state.log) if e.to is None]
    assert public
    for who in roles:
        assert views[who] == fresh(state, who)
        mine = iter(views[who])
        lines = {i: next(mine) for i, e in enumerate(state.log) if e.to is None or e.to == who}
        assert all(lines[i] is views[None][public.index(i)] for i in public)  # the same message, not a copy
