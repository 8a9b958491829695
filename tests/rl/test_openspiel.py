"""The OpenSpiel registrations pass OpenSpiel's random_sim_test; resampling keeps what a player knows."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the agon[rl] extra; CI installs it (.ci/run)

import agon.rl.openspiel  # noqa: E402, F401 - registers the games
from agon.engine.rng import Rng  # noqa: E402
from agon.rl.openspiel import short_name  # noqa: E402
from agon.rl.spaces import GAMES, spec  # noqa: E402

# Cuba Libre's short game keeps the test to seconds (its full random game is ~20 CPU s under the test's checks)
PARAMS = {"cuba-libre": {"seed": 3, "short": True}}


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_test(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id), PARAMS.get(game_id, {"seed": 3}))
    assert game.num_distinct_actions() == spec(game_id).num_actions
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_from_infostate_keeps_the_information_state(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id))
    state = game.new_initial_state()
    rng = Rng(4)
    for _ in range(60):
        state.apply_action(state.legal_actions()[rng.below(len(state.legal_actions()))])
    player = state.current_player()
    sample = state.resample_from_infostate(player, lambda: 0.25)
    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    assert sample.information_state_string(player) == state.information_state_string(player)


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game("agon_intrigue_city", {"players": 5})
    assert game.num_players() == 5
    assert game.new_initial_state().agon_state.options["players"] == 5
