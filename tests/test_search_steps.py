"""ISMCTS between moves and within one (issue 13): it stops a move's search once the rest of the
budget could not change the choice, (with reuse=1) keeps the subtree of its own last choice for
the next step of the same turn, never across another role's action, and plays the seats of the
game's rulebook automata by their rules inside the search (CL 8.0)."""

from __future__ import annotations

import pytest

import agon
from agon.bots.ismcts import IsmctsBot, _Node, automata_of
from agon.testing import random_position


def _choice_points(game_id: str, count: int) -> list:
    found = []
    for seed in range(40):
        state = random_position(game_id, seed, 30 + 7 * seed)
        if state.active and len(state.legal_actions(state.active[0])) > 1:
            found.append(state)
        if len(found) == count:
            break
    return found


def test_a_settled_search_makes_the_move_the_whole_budget_makes():
    for state in _choice_points("dual-powers", 2):
        role = state.active[0]
        whole = agon.make_bot("ismcts:iterations=40,cutoff=10,settle=0,reuse=0", "dual-powers", 3)
        settled = agon.make_bot("ismcts:iterations=40,cutoff=10,reuse=0", "dual-powers", 3)
        assert settled.choose(state, role) == whole.choose(state, role)


def _own_next_step(game_id: str, bot: IsmctsBot):
    """A position and the position after the bot's choice there, where the same role decides again."""
    for state in _choice_points(game_id, 8):
        role = state.active[0]
        action = bot.choose(state, role)
        after = state.clone()
        after.apply(role, action)
        if after.active and after.active[0] == role and len(after.legal_actions(role)) > 1:
            return state, after
    raise AssertionError(f"no two steps in a row by one role in {game_id}")


def test_the_next_step_of_its_own_turn_starts_from_the_kept_subtree():
    bot = IsmctsBot("cuba-libre", 5, iterations=20, cutoff=5, reuse=1)
    _, after = _own_next_step("cuba-libre", bot)
    kept = bot._kept[1]
    assert kept.visits > 0
    assert bot._reused(after.history, after.active[0]) is kept


def test_another_roles_action_or_another_game_starts_a_fresh_tree():
    bot = IsmctsBot("cuba-libre", 5, iterations=20, cutoff=5, reuse=1)
    state, after = _own_next_step("cuba-libre", bot)
    history = after.history
    other = next(r for r in state.game.roles(**state.options) if r != after.active[0])
    assert bot._reused([*history[:-1], (other, *history[-1][1:])], after.active[0]) is None
    bot.choose(state, state.active[0])
    assert bot._reused(state.history, state.active[0]) is None  # nothing was played since


SOLO_DR = {"players": 1, "side": "dr"}  # CL 8.9: one person; the other three factions are Non-players


def _actors(node: _Node) -> set[str | None]:
    found = {child.actor for child in node.children.values()}
    for child in node.children.values():
        found |= _actors(child)
    return found


def test_the_non_player_seats_are_modelled_and_only_the_players_choices_branch():  # CL 8.0, 8.9
    state = random_position("cuba-libre", 3, 0, SOLO_DR)
    nonplayer = agon.make_bot("nonplayer", "cuba-libre", 1)
    while state.active[0] != "dr":
        state.apply(state.active[0], nonplayer.choose(state, state.active[0]))
    assert sorted(automata_of(state, "dr")) == ["govt", "m26", "syndicate"]
    assert automata_of(random_position("cuba-libre", 3, 0), "dr") == {}  # four players: no automata
    bot = IsmctsBot("cuba-libre", 5, iterations=30, cutoff=40)
    bot.choose(state, "dr")  # sets up the models for this game
    root = _Node(None)
    for _ in range(30):
        bot._iterate(root, bot._sample(state, "dr"))
    assert _actors(root) == {"dr"}
    unmodelled = IsmctsBot("cuba-libre", 5, iterations=30, cutoff=40, automata=0)
    unmodelled.choose(state, "dr")
    root = _Node(None)
    for _ in range(30):
        unmodelled._iterate(root, unmodelled._sample(state, "dr"))
    assert len(_actors(root)) > 1


def test_heavy_playouts_move_every_role_by_the_games_automaton():
    seen = []

    class Watching(IsmctsBot):
        def _rollout(self, sample, models):
            seen.append(sorted((role, bot.name) for role, bot in models.items()))
            return super()._rollout(sample, models)

    state = random_position("cuba-libre", 3, 20)
    Watching("cuba-libre", 5, iterations=6, heavy=1).choose(state, state.active[0])
    assert seen and all(models == [(r, "nonplayer") for r in sorted(state.game.roles())] for models in seen)
    seen.clear()
    Watching("cuba-libre", 5, iterations=6).choose(state, state.active[0])
    assert seen and all(models == [] for models in seen)  # four players, random playouts


def test_heavy_playouts_need_an_automaton():
    with pytest.raises(ValueError, match="1989 has none"):
        agon.make_bot("ismcts:heavy=1", "1989", 1)


def test_a_later_voter_of_a_simultaneous_vote_searches_its_own_choices():  # IC Change of Era
    """Every voter of an Intrigue City vote is active at once. The search branched on the first
    active voter's choices only, so a later voter found none of its own at the root and played
    at random; now the deciding role acts first at the root and its move is the most visited."""
    from agon.engine import Rng

    state = random_position("intrigue-city", 3, 0, {"players": 3})
    rng = Rng(8)
    while len(state.active) < 2:
        mover = state.active[0]
        legal = [a for a in state.legal_actions(mover) if a.verb != "undo"]
        state.apply(mover, legal[rng.below(len(legal))])
    role = state.active[-1]
    bot = IsmctsBot("intrigue-city", seed=1, iterations=40, settle=0, reuse=1)
    move = bot.choose(state, role)
    assert bot._kept is not None, "no choice of the deciding role at the root: the move was a random one"
    assert move in state.legal_actions(role)
