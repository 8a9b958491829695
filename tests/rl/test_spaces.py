"""The fixed numbered action spaces: pinned, round-tripping, and covering what the games offer."""

from __future__ import annotations

import pytest

from agon.engine import Action, load
from agon.engine.rng import Rng
from agon.rl.spaces import ActionSpaceError, GameSpec, games_with_space, spec

GAMES = games_with_space()  # every declared game with a fixed action space (agon/engine/registry.py)

# A change here is a change of every trained agent's action numbering: only ever append (docs/rl.md).
# (agon's own games; a game of another distribution pins its own numbering in its own tests)
PINNED = {
    "dual-powers": (255, "e4bc44b40c99362f"),
    "1989": (288, "64006274858838e9"),
    "intrigue-city": (238, "f4614ce242734d3b"),
    "cuba-libre": (6490, "855d47d54f760dfc"),
}
# The sizes and hashes before the lists held each game's whole domain: the lists only grew since.
FIRST_PINNED = {
    "dual-powers": (187, "bcfd764af315cdf6"),
    "1989": (288, "64006274858838e9"),
    "intrigue-city": (189, "87598fe7be295be3"),
    "cuba-libre": (6487, "9c5da2cd4b9b6cc0"),
}

# Option sets the survey did not use, so that coverage is checked on games it never saw (a game not
# named: its defaults, on seeds the survey did not use).
COVERAGE = {
    "dual-powers": ([{}, {"players": 1, "side": "white", "difficulty": 2}], 4),
    "1989": ([{"handicap": 1}], 2),
    "intrigue-city": ([{"players": 2, "blank_vote": True}, {"players": 5, "advanced": "A"}], 3),
    "cuba-libre": ([{"players": 4, "short": True}], 1),
}


@pytest.mark.parametrize("game_id", [game_id for game_id in GAMES if game_id in PINNED])
def test_action_space_size_and_hash_are_pinned(game_id: str) -> None:
    s = spec(game_id)
    assert (s.num_actions, s.digest()) == PINNED[game_id]


@pytest.mark.parametrize("game_id", [game_id for game_id in GAMES if game_id in FIRST_PINNED])
def test_the_numbering_only_ever_grew_by_appending(game_id: str) -> None:
    size, digest = FIRST_PINNED[game_id]
    s = spec(game_id)
    assert GameSpec(game_id, s.actions[:size], s.features, s.max_length).digest() == digest


@pytest.mark.parametrize("game_id", GAMES)
def test_every_number_decodes_to_an_action_that_encodes_back(game_id: str) -> None:
    s = spec(game_id)
    assert len(set(s.actions)) == s.num_actions
    for number in range(s.num_actions):
        assert s.encode(s.decode(number)) == number


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_offered_in_unseen_games_has_a_number(game_id: str) -> None:
    s = spec(game_id)
    game = load(game_id)
    option_sets, games = COVERAGE.get(game_id, ([{}], 2))
    chooser = Rng(99)
    for options in option_sets:
        for seed in range(10_000, 10_000 + games):
            state = game.new(seed, **options)
            while state.active:
                role = state.active[chooser.below(len(state.active))]
                legal = state.legal_actions(role)
                s.legal_numbers(legal)  # strict: raises ActionSpaceError naming an action without a number
                state.apply(role, legal[chooser.below(len(legal))])


def test_unknown_actions_and_numbers_are_refused_with_a_clear_error() -> None:
    s = spec("dual-powers")
    with pytest.raises(ActionSpaceError, match="no number in the fixed action space"):
        s.encode(Action("card", 10_000))
    with pytest.raises(ActionSpaceError, match=r"outside 0\.\."):
        s.decode(s.num_actions)
    with pytest.raises(ActionSpaceError, match="no action space for game"):
        spec("chess")


def test_an_action_without_a_number_is_refused_by_default_or_left_out_with_a_warning_when_not_strict() -> None:
    s = spec("dual-powers")
    legal = [Action("pass"), Action("card", 10_000)]
    with pytest.raises(ActionSpaceError, match="card 10000 has no number"):
        s.legal_numbers(legal)
    with pytest.warns(UserWarning, match="card 10000 has no number"):
        assert s.legal_numbers(legal, strict=False) == [s.encode(Action("pass"))]
    with pytest.raises(ActionSpaceError):
        s.legal_numbers([Action("card", 10_001)], strict=False)
