"""Bots: the random bot and ISMCTS, on the High Card test game."""

from __future__ import annotations

import agon
from agon.bots.ismcts import IsmctsBot
from tests.engine import toy  # noqa: F401 - registers high-card


def test_every_game_has_random_and_ismcts():
    assert agon.bots("high-card")[:2] == ["random", "ismcts"]


def test_ismcts_chooses_a_legal_action_without_touching_the_state():
    state = agon.load("high-card").new(seed=2)
    state.apply("north", agon.Action("bet", 1))
    before = state.digest()
    bot = IsmctsBot("high-card", seed=1, iterations=60)
    action = bot.choose(state, "north")
    assert action in state.legal_actions("north")
    assert state.digest() == before


def test_ismcts_plays_the_higher_card_when_it_matters():
    # with the last card to play, a bot that searches plays its best card
    wins = 0
    for seed in range(10):
        state = agon.load("high-card").new(seed=seed)
        bot = IsmctsBot("high-card", seed=seed, iterations=80)
        while not state.is_over:
            role = state.active[0]
            if role == "north":
                state.apply(role, bot.choose(state, role))
            else:
                state.apply(role, state.legal_actions(role)[0])
        wins += "north" in state.result["winners"]
    assert wins >= 6


def test_ismcts_seats_in_a_match():
    state = agon.play_match("high-card", {"north": "ismcts", "south": "random"}, seed=3)
    assert state.is_over


def test_ismcts_samples_never_undo_when_a_person_holds_a_seat():
    # issue 15 item 5: play_match turns undo on for a person's seat; the search's samples and
    # playouts must neither snapshot for undo nor choose `undo`
    samples = []

    class Watching(IsmctsBot):
        def _rollout(self, sample, models):
            super()._rollout(sample, models)
            samples.append(sample)

    state = agon.load("1989").new(seed=4)
    state.undo_enabled = True
    role = state.active[0]
    Watching("1989", seed=1, iterations=8, rollout_cap=60).choose(state, role)
    assert samples and all(not s.undo_enabled and not s._undo for s in samples)
    assert all(verb != "undo" for s in samples for _, verb, _ in s.history)
