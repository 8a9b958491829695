"""The OpenSpiel registrations pass OpenSpiel's own tests (random_sim_test with serialisation on,
serialize_game_and_state), deal a new game per episode of rl_environment, take every option as a
parameter, keep what a player knows when resampling, and refuse the C++ ISMCTSBot instead of crashing."""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # the agon[rl] extra; CI installs it (.ci/run)

from open_spiel.python import rl_environment  # noqa: E402

import agon.rl.openspiel  # noqa: E402, F401 - registers the games
from agon.engine.rng import Rng  # noqa: E402
from agon.rl.openspiel import SEED_BYTES, short_name  # noqa: E402
from agon.rl.spaces import games_with_space, spec  # noqa: E402
from agon.testing import variants  # noqa: E402

GAMES = games_with_space()  # every declared game with a fixed action space (agon/engine/registry.py)

# every game, and the configurations with automata: solo Dual Powers against the Opposition, Cuba
# Libre against Non-players (its short game keeps a random game to seconds under the test's checks)
CASES = variants(
    ("dual-powers", {}),
    ("dual-powers", {"players": 1, "side": "white", "difficulty": 6}),
    ("1989", {}),
    ("intrigue-city", {"players": 4}),
    ("cuba-libre", {"short": True}),
    ("cuba-libre", {"players": 1, "solo": "govt", "short": True}),
    having=lambda game: game.rl_space(),
)


def _id(case: tuple[str, dict]) -> str:
    return case[0] + "".join(f"-{k}={v}" for k, v in case[1].items())


def _random_state(game: pyspiel.Game, steps: int, seed: int, live: bool = False) -> pyspiel.State:
    """The state after `steps` random actions, or at the end; with `live`, the last one before the
    end of a shorter game (someone still has a decision to make)."""
    state = game.new_initial_state()
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        if live:
            ahead = state.clone()
            ahead.apply_action(action)
            if ahead.is_terminal():
                break
        state.apply_action(action)
    return state


# the deals random_sim_test plays: seed 5 gives Cuba Libre's short game its shortest random game of
# seeds 1 to 5 (2.5 CPU seconds under the test's checks, against 4.5 to 7 for the others)
SIM_SEEDS = {"cuba-libre": 5}


@pytest.mark.parametrize(("game_id", "params"), CASES, ids=map(_id, CASES))
def test_random_sim_test_with_serialisation(game_id: str, params: dict) -> None:
    """OpenSpiel's own checks of a whole random game, serialising and deserialising on the way."""
    game = pyspiel.load_game(short_name(game_id), {"seed": SIM_SEEDS.get(game_id, 3), **params})
    assert game.num_distinct_actions() == spec(game_id).num_actions
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "params"), CASES, ids=map(_id, CASES))
def test_serialize_game_and_state_round_trip(game_id: str, params: dict) -> None:
    game = pyspiel.load_game(short_name(game_id), params)
    for steps in (0, 2, SEED_BYTES, 40):
        state = _random_state(game, steps, seed=steps)
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game)
        assert again.history() == state.history()
        assert str(again) == str(state)
        assert again.legal_actions() == state.legal_actions()
        if state.agon_state is not None:
            assert again.agon_state.digest() == state.agon_state.digest()
        if state.agon_state is not None and not state.is_terminal():  # (a tiny game is over by 40 steps)
            assert again.information_state_string() == state.information_state_string()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_serialisation_is_the_history_not_the_agon_state() -> None:
    """The [State] section names the history and pickles a replay of it (the game's string and the
    action numbers), never the agon state with its hidden cards."""
    game = pyspiel.load_game("agon_1989")
    state = _random_state(game, 30, seed=1)
    text = pyspiel.serialize_game_and_state(game, state)
    assert "history=" in text and len(text) < 1500
    deal_blob = pickle.dumps(state.agon_state)
    assert len(deal_blob) > 4 * len(text)


def test_a_resampled_state_refuses_to_serialise_with_a_clear_error() -> None:
    game = pyspiel.load_game("agon_1989")
    state = _random_state(game, 30, seed=1)
    sample = state.resample_from_infostate(state.current_player(), lambda: 0.5)
    with pytest.raises(Exception, match="not reached by play from new_initial_state"):
        pyspiel.serialize_game_and_state(game, sample)


def test_a_bad_serialisation_is_refused_in_one_line() -> None:
    game = pyspiel.load_game("agon_1989")
    with pytest.raises(ValueError, match="line 2 is 'x'"):
        game.deserialize_state("1\nx\n")
    with pytest.raises(ValueError, match="not legal"):
        game.deserialize_state("1\n2\n3\n4\n999999\n")


def test_rl_environment_deals_a_new_game_every_episode_and_repeats_with_its_seed() -> None:
    """The standard loop: each reset draws the deal at the chance nodes (the environment's sampler),
    so episodes differ; the same sampler seed gives the same deals."""

    def deals(seed: int) -> list[int]:
        env = rl_environment.Environment("agon_dual_powers")
        env.seed(seed)
        seeds = []
        for _ in range(3):
            time_step = env.reset()
            seeds.append(env.get_state.agon_state.seed)
            player = time_step.observations["current_player"]
            env.step([time_step.observations["legal_actions"][player][0]])
        return seeds

    first = deals(11)
    assert len(set(first)) == 3
    assert deals(11) == first


def test_rl_environment_with_the_full_state_serialises_every_step() -> None:
    env = rl_environment.Environment("agon_1989", include_full_state=True)
    env.seed(2)
    time_step = env.reset()
    for _ in range(6):
        _, state = pyspiel.deserialize_game_and_state(time_step.observations["serialized_state"])
        assert state.history() == env.get_state.history()
        assert state.agon_state.digest() == env.get_state.agon_state.digest()
        player = time_step.observations["current_player"]
        time_step = env.step([time_step.observations["legal_actions"][player][-1]])


def test_the_initial_state_is_the_same_chance_node_every_time() -> None:
    game = pyspiel.load_game("agon_cuba_libre")
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.is_chance_node() and str(first) == str(second)
    outcomes = first.chance_outcomes()
    assert len(outcomes) == game.max_chance_outcomes() == 256
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_the_deal_is_the_seed_parameter_and_the_chance_outcomes() -> None:
    game = pyspiel.load_game("agon_1989", {"seed": 2})
    state = game.new_initial_state_for(0x01020304)
    assert state.history() == [1, 2, 3, 4]
    assert state.agon_state.seed == 2 * 2**32 + 0x01020304


@pytest.mark.parametrize("side", ["red", "white"])
@pytest.mark.parametrize("difficulty", [1, 6])
def test_solo_dual_powers_at_any_difficulty_and_side_is_a_parameter(side: str, difficulty: int) -> None:
    game = pyspiel.load_game("agon_dual_powers", {"players": 1, "side": side, "difficulty": difficulty})
    assert game.num_players() == 1
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = game.new_initial_state_for(5)
    assert state.agon_state.options == {"players": 1, "side": side, "difficulty": difficulty}
    assert state.current_player() == 0 and side in state.agon_state.active


def test_cuba_libre_against_non_players_plays_them_inside_the_state() -> None:
    game = pyspiel.load_game("agon_cuba_libre", {"players": 1, "solo": "dr"})
    assert game.num_players() == 1
    state = game.new_initial_state_for(9)
    for _ in range(40):
        if state.is_terminal():
            break
        assert state.current_player() == 0 and "dr" in state.agon_state.active
        state.apply_action(state.legal_actions()[0])
    roles = {role for role, _, _ in state.agon_state.history}
    assert roles - {"dr"}, "the Non-players moved"


def test_a_lone_player_that_loses_gets_minus_one() -> None:
    """(Before: 0, the same as a game without a winner.)"""
    game = pyspiel.load_game("agon_dual_powers", {"players": 1})
    state = _random_state(game, 10_000, seed=3)
    assert state.is_terminal() and state.agon_state.result["winners"] == ["opposition"]
    assert state.returns() == [-1.0]


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game("agon_intrigue_city", {"players": 5, "advanced": "B", "theme": "web_of_lies",
                                                    "arrangement_value": "2"})
    assert game.num_players() == 5
    options = game.new_initial_state_for(1).agon_state.options
    assert options["players"] == 5 and options["theme"] == "web_of_lies" and options["arrangement_value"] == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_from_infostate_keeps_the_information_state(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id))
    state = _random_state(game, 64, seed=4, live=True)
    player = state.current_player()
    sample = state.resample_from_infostate(player, lambda: 0.25)
    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    assert sample.information_state_string(player) == state.information_state_string(player)


def test_the_information_state_string_recalls_the_players_own_actions() -> None:
    """Perfect recall: the string holds the role's actions as well as its view and log."""
    game = pyspiel.load_game("agon_1989")
    state = _random_state(game, 12, seed=5)
    player = state.current_player()
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    assert observer.string_from(state, player) != state.information_state_string(player)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_two_decisions_of_a_game_share_an_information_state_tensor(game_id: str) -> None:
    """The tensor recalls the role's own choices (a count per action number); the view alone does
    not tell apart the steps of a compound move (before: 14% of 1989's and 43% of Cuba Libre's
    information states shared their tensor with another, three random games each)."""
    game = pyspiel.load_game(short_name(game_id), {"short": True} if game_id == "cuba-libre" else {})
    assert game.information_state_tensor_size() == spec(game_id).observer().size + game.num_distinct_actions()
    assert game.observation_tensor_size() == spec(game_id).observer().size
    state = _random_state(game, SEED_BYTES, seed=0)
    rng = Rng(8)
    seen: dict[bytes, str] = {}
    for _ in range(150):
        if state.is_terminal():
            break
        player = state.current_player()
        tensor = bytes(memoryview(np.asarray(state.information_state_tensor(player), np.float32)))
        string = state.information_state_string(player)
        assert seen.setdefault(tensor, string) == string
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])


def test_the_cpp_ismcts_bot_is_refused_with_a_clear_error_not_a_crash() -> None:
    """pyspiel's C++ ISMCTSBot segfaults on Python games; on agon's it raises. In a subprocess, so
    that a crash fails this test and not the whole suite."""
    script = textwrap.dedent("""
        import pyspiel, agon.rl.openspiel
        game = pyspiel.load_game("agon_dual_powers")
        state = game.new_initial_state_for(3)
        evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
        bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 20)
        try:
            bot.step(state)
        except pyspiel.SpielError as err:
            print("refused:", err)
        kuhn = pyspiel.load_game("kuhn_poker").new_initial_state()
        kuhn.apply_action(0)
        kuhn.apply_action(1)
        print("C++ game:", bot.step(kuhn) in kuhn.legal_actions())
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-400:]}"
    assert "refused: OpenSpiel's C++ ISMCTSBot cannot search a Python game such as agon_dual_powers" in run.stdout
    assert "C++ game: True" in run.stdout  # the guard leaves OpenSpiel's own games alone
