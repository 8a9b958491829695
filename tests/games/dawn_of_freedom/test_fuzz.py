"""1989 random full games (invariants, dead ends, replay), hidden information, determinism."""

from __future__ import annotations

import json

import pytest

import agon
from agon.engine import log_lines
from agon.engine.rng import Rng
from agon.games.dawn_of_freedom.data import ROLES
from agon.testing import fuzz
from agon.testing.fuzz import play_random_game


@pytest.mark.parametrize("first", [0, 50, 100, 150])
def test_fuzz_random_games(first: int) -> None:
    report = fuzz("1989", 50, first_seed=first)
    assert report.ok, report.summary()


def test_fuzz_with_handicap() -> None:
    report = fuzz("1989", 20, {"handicap": 2}, first_seed=1000)
    assert report.ok, report.summary()


def test_replay_is_deterministic() -> None:
    state, problem = play_random_game("1989", 77)
    assert problem is None
    again = agon.replay(json.loads(json.dumps(state.record())))
    assert again.digest() == state.digest() and again.result == state.result


def _states(seed: int, every: int = 23):
    """Mid-game states of one random game, sampled every few actions."""
    game = agon.load("1989")
    state = game.new(seed)
    chooser = Rng(seed)
    out = []
    for step in range(5000):
        if not state.active:
            break
        role = state.active[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
        if step % every == 0 or (state.ps is not None and step % 3 == 0):
            out.append(state.clone())
    return out


@pytest.mark.parametrize("seed", [3, 4])
def test_views_leak_nothing(seed: int) -> None:
    """A role's view is the same in every state it cannot tell apart (determinized states)."""
    changed = 0
    for state in _states(seed):
        for role in ROLES:
            me = ROLES.index(role)
            view = json.dumps(state.view(role), sort_keys=True, default=str)
            for k in range(3):
                twin = state.determinize(role, Rng(k + 1))
                assert sorted(twin.hands[me]) == sorted(state.hands[me])
                assert json.dumps(twin.view(role), sort_keys=True, default=str) == view
                twin.check_invariants()
                changed += sorted(twin.hands[1 - me]) != sorted(state.hands[1 - me])
    assert changed > 0


def test_opponent_cards_are_counts_only() -> None:
    for state in _states(5, every=41):
        for role in ROLES:
            me = ROLES.index(role)
            v = state.view(role)
            assert v["hand"] == sorted(state.hands[me])
            assert v["hand_counts"][ROLES[1 - me]] == len(state.hands[1 - me])
            assert ("deck" not in v and "democrat_hand" not in json.dumps(v)) or role == "communist"
            spectator = state.view(None)
            assert "hand" not in spectator


def test_render_shows_the_board() -> None:
    game = agon.load("1989")
    state = game.new(1)
    text = game.render(state.view("communist"), "communist")
    for word in ("Poland", "Gdańsk", "VP", "Tiananmen", "Your hand", "Setup"):
        assert word in text


def test_undo_until_information_is_revealed() -> None:
    from agon.engine import Action

    game = agon.load("1989")
    state = game.new(8)
    state.undo_enabled = True
    before = state.digest()
    state.apply("communist", Action("space", 74))
    assert state.sp[1][74] == 1
    state.apply("communist", Action("undo"))
    assert state.sp[1][74] == 0 and state.digest() != "" and state.view("communist")["sp"] == game.new(8).view(
        "communist")["sp"]
    assert before == game.new(8).digest()


def test_clone_is_independent() -> None:
    state, _ = play_random_game("1989", 21, max_actions=150)
    twin = state.clone()
    role = twin.active[0]
    for _ in range(30):
        if not twin.active:
            break
        role = twin.active[0]
        twin.apply(role, twin.legal_actions(role)[0])
    again = agon.replay(state.record())
    assert again.digest() == state.digest()


def test_prompts_and_labels_read_like_the_rulebook() -> None:
    """A human player's view: the deal is one line per side (the cards privately), every option
    has a readable label (no raw "play ops"/"raise no"), support checks show their modifiers."""
    from agon.engine import Action
    from agon.games.dawn_of_freedom.data import D

    from .helpers import give, my_round, new_game, play

    state = agon.load("1989").new(4)
    text = json.dumps(log_lines(state.view("democrat")["log"]))
    assert "is dealt 8 cards" in text and "draws 1 card" not in text and "You are dealt" in text
    g = new_game()
    give(g, D, 1)  # Legacy of Martial Law: a Communist card
    my_round(g, D)
    g.apply("democrat", Action("card", 1))
    labels = [str(g.label(a)) for a in g.legal_actions("democrat")]
    assert "For Operations (the Communist's event happens too)" in labels
    assert "For a Tiananmen Square attempt (its event does not happen)" in labels
    g = new_game()
    give(g, D, 29, 31)
    my_round(g, D)
    play(g, D, 31, "event")  # Intelligentsia: 4 SPs in Intellectual spaces
    assert g.prompt("democrat").message() == "Place 4 SPs in Intellectual spaces (at most 2 per space)."


def test_board_shows_the_discard_pile_and_what_is_in_force() -> None:
    """2.2: either player may inspect the discard pile: the compact board counts it and says where it
    is listed (b, the whole board; its cards took 3 rows of 80x50 late in a game, issue 34); a
    lasting effect is named by its card's number and name (`c N` reads what it does) under how
    long it lasts ("Helsinki Final Act (Communist, whole game)" read as the Communist's card)."""
    from agon.games.dawn_of_freedom.data import CARDS, D

    from .helpers import give, my_round, new_game, play

    g = new_game()
    g.discard.append(g.deck.pop())
    give(g, D, 26)
    my_round(g, D)
    play(g, D, 26, "event")
    game = agon.load("1989")
    text = game.render(g.view("democrat"), "democrat")
    top = g.discard[-1]
    assert "discard 1 (b: the pile)\n" in text and "In force — whole game: 26 Helsinki Final Act\n" in text
    assert f"Discard pile: {top} {CARDS[top].title}" in game.render(g.view("democrat"), "democrat", full=True)
