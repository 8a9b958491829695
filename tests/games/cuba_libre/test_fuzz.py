"""Random full games (zero problems, replay checked), determinism and hidden information."""

from __future__ import annotations

import json

import pytest

import agon
from agon.engine.rng import Rng
from agon.testing import fuzz
from agon.testing.fuzz import play_random_game

CHUNKS = 8
PER_CHUNK = 25  # 200 four-player games in all


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_four_player_games(chunk: int) -> None:
    report = fuzz("cuba-libre", PER_CHUNK, {"players": 4}, first_seed=1000 + chunk * PER_CHUNK)
    assert report.ok, report.summary()


@pytest.mark.parametrize("options", [
    {"deployment": "variable"}, {"short": True}, {"players": 2}, {"players": 1}, {"players": 0},
    {"players": 3, "short": True, "deployment": "variable"}, {"deception": True},
    {"players": 2, "no_nonplayers": True}, {"no_reveal": True}, {"eligibility": "A"},
    {"eligibility": "B", "short": True}, {"players": 1, "solo": "govt", "deployment": "variable"},
    {"players": 1, "solo": "syndicate", "short": True},
])
def test_fuzz_options(options: dict) -> None:
    report = fuzz("cuba-libre", 12, options, first_seed=50)
    assert report.ok, report.summary()


def test_replay_is_deterministic() -> None:
    state, problem = play_random_game("cuba-libre", 77)
    assert problem is None
    record = json.loads(json.dumps(state.record()))
    again = agon.replay(record)
    assert again.digest() == state.digest()
    twin = agon.load("cuba-libre").new(77)
    assert twin.digest() == agon.load("cuba-libre").new(77).digest()


def test_clone_is_independent() -> None:
    state = agon.load("cuba-libre").new(5)
    chooser = Rng(1)
    for _ in range(120):
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
        if state.is_over:
            break
    assert not state.is_over
    twin = state.clone()
    before = state.digest()
    role = twin.active[0]
    twin.apply(role, twin.legal_actions(role)[0])
    assert state.digest() == before


def test_views_never_show_the_deck() -> None:
    """Leak test: the draw deck beyond the revealed next card is in no view; determinize keeps
    what is known (shown cards, played cards, counts, one Propaganda card per remaining pile)."""
    for seed in range(20):
        state, _ = play_random_game("cuba-libre", seed, max_actions=150 + 40 * seed)
        if state.is_over:
            continue
        for role in [*agon.load("cuba-libre").roles(), None]:
            view = state.view(role)
            assert "deck" not in view and view["deck_count"] == len(state.deck)
            other = state.determinize(role or "govt", Rng(seed + 99))
            assert other.view(role) == view
            assert sorted(other.deck + other.aside) == sorted(state.deck + state.aside)
            assert other.current == state.current and other.next_card == state.next_card


def test_determinize_changes_only_unknown_cards() -> None:
    state = agon.load("cuba-libre").new(8)
    seen = set()
    for k in range(10):
        other = state.determinize("govt", Rng(k))
        seen.add(tuple(other.deck))
        props = [i for i, c in enumerate(other.deck) if c > 48]
        assert len(props) == 4
    assert len(seen) > 1


def test_every_prompt_has_a_message_and_labels() -> None:
    state = agon.load("cuba-libre").new(11, deception=True)
    chooser = Rng(3)
    for _ in range(400):
        if state.is_over:
            break
        role = state.active[0]
        prompt = state.prompt(role)
        assert prompt.message() and "{" not in prompt.message()
        assert len(prompt.labels) == len(prompt.actions) and all(prompt.labels)
        state.apply(role, prompt.actions[chooser.below(len(prompt.actions))])
    text = agon.load("cuba-libre").render(state.view("govt"), "govt")
    assert "Cuba Libre" in text


def test_undo_restores_the_position() -> None:
    state = agon.load("cuba-libre").new(21)
    state.undo_enabled = True
    chooser = Rng(8)
    undone = 0
    for _ in range(300):
        if state.is_over:
            break
        role = state.active[0]
        before = state.digest()
        legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
        state.apply(role, legal[chooser.below(len(legal))])
        if role in state.active and state.can_undo(role) and chooser.below(3) == 0:
            state.apply(role, ("undo", None))
            assert state.digest() == before
            undone += 1
            state.apply(role, legal[chooser.below(len(legal))])
    assert undone > 5
