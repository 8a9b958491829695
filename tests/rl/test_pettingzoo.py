"""The PettingZoo AEC environments pass PettingZoo's own api_test, seed_test, render_test and state
checks, for every game and the configurations with automata; a loss pays -1 in every configuration.
(There is no parallel environment: agon's roles take turns, so parallel_api_test has nothing to test.)"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")  # the agon[rl] extra; CI installs it (.ci/run)

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.test.state_test import test_state_space as check_state_space

from agon.engine import IllegalAction
from agon.rl.pettingzoo import OBS_BOUND, env
from agon.rl.spaces import ActionSpaceError
from agon.testing import variants

CASES = variants(
    ("dual-powers", {}),
    ("dual-powers", {"players": 1, "side": "white"}),
    ("1989", {}),
    ("intrigue-city", {"players": 3}),
    ("cuba-libre", {"agents": ["govt"]}),
    ("cuba-libre", {}),
    ("cuba-libre", {"players": 1, "solo": "dr"}),
)  # every declared game (agon.testing.variants), these configurations named


@pytest.mark.parametrize(("game_id", "kwargs"), CASES)
def test_api_test(game_id: str, kwargs: dict) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's style advice (agent names, Dict spaces)
        api_test(env(game_id, **kwargs), num_cycles=60)


@pytest.mark.parametrize(("game_id", "kwargs"), CASES)
def test_seed_test(game_id: str, kwargs: dict) -> None:
    seed_test(lambda: env(game_id, **kwargs), num_cycles=40)


@pytest.mark.parametrize(("game_id", "kwargs"), CASES)
def test_render_test(game_id: str, kwargs: dict, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test in both modes: "ansi" returns text, "human" prints and returns None."""
    render_test(lambda render_mode=None: env(game_id, render_mode=render_mode, **kwargs))
    assert capsys.readouterr().out.count("\n") > 5  # "human" printed the boards


@pytest.mark.parametrize(("game_id", "kwargs"), CASES)
def test_state_is_the_whole_table_and_stays_in_its_space(game_id: str, kwargs: dict) -> None:
    """PettingZoo's state_space checks, and state() along a game (its state_test samples actions
    without the mask, which agon refuses, so the game is played with masked actions here)."""
    e = env(game_id, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # its warnings flag infinite or equal bounds
        check_state_space(e)
    e.reset(seed=2)
    size = e.observer.size
    for _ in e.agent_iter(40):
        state = e.state()
        assert e.state_space.contains(state)
        for index, role in enumerate(e.all_roles):
            vector = np.clip(np.asarray(e.observer.vector(e.game_state.view(role)), np.float32), -OBS_BOUND, OBS_BOUND)
            assert np.array_equal(state[index * size:(index + 1) * size], vector)
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
    assert e.state().shape == (size * len(e.all_roles),)


def test_state_holds_what_a_single_agents_observation_hides() -> None:
    """The critic's state has every hand; an agent's observation has only its own."""
    e = env("1989")
    e.reset(seed=5)
    size = e.observer.size
    state = e.state()
    democrat = e.observe("democrat")["observation"]
    communist = e.observe("communist")["observation"]
    assert np.array_equal(state[:size], democrat) and np.array_equal(state[size:], communist)
    assert not np.array_equal(democrat, communist)


def test_non_player_seats_play_inside_the_environment() -> None:
    e = env("cuba-libre", agents=["govt"])
    e.reset(seed=3)
    assert e.possible_agents == ["govt"]
    for _ in range(30):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        assert e.agent_selection == "govt"
        assert e.game_state.active[0] == "govt"
        e.step(int(obs["action_mask"].nonzero()[0][0]))


def test_a_game_played_to_its_end_rewards_the_winners_plus_one_and_the_others_minus_one() -> None:
    e = env("dual-powers")
    e.reset(seed=1)
    final: dict[str, float] = {}
    for agent in e.agent_iter(10_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
        e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][-1]))
    winners = e.game_state.result["winners"]
    assert not e.agents and set(final) == {"red", "white"}
    assert final == {r: (1.0 if r in winners else -1.0) for r in final} or (not winners and set(final.values()) == {0.0})


@pytest.mark.parametrize(("game_id", "kwargs"), [
    ("dual-powers", {"players": 1, "side": "red", "difficulty": 3}),
    ("cuba-libre", {"players": 1, "solo": "m26", "short": True}),
    ("cuba-libre", {"agents": ["govt"], "short": True}),
])
def test_a_lone_agent_that_loses_gets_minus_one(game_id: str, kwargs: dict) -> None:
    """A loss pays -1 in one-agent configurations too (before: 0, the same as a game without a winner)."""
    e = env(game_id, **kwargs)
    for seed in range(6):
        e.reset(seed=seed)
        for _ in e.agent_iter(10_000):
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                final = reward
            e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
        winners = e.game_state.result["winners"]
        if winners and e.possible_agents[0] not in winners:
            assert final == -1.0
            return
    pytest.fail("no lost game in six")


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    e = env("1989")
    e.reset(seed=2)
    obs, *_ = e.last()
    illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
    digest = e.game_state.digest()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.game_state.digest() == digest
    with pytest.raises(ActionSpaceError):
        e.step(10**9)


def test_bad_roles_are_refused() -> None:
    with pytest.raises(ValueError, match="no role spy in cuba-libre"):
        env("cuba-libre", agents=["spy"])
