"""The PettingZoo AEC environments pass PettingZoo's own api_test and seed_test, for every game."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")  # the agon[rl] extra; CI installs it (.ci/run)

from pettingzoo.test import api_test, seed_test

from agon.engine import IllegalAction
from agon.rl.pettingzoo import env
from agon.rl.spaces import ActionSpaceError

CASES = [
    ("dual-powers", {}),
    ("dual-powers", {"players": 1, "side": "white"}),
    ("1989", {}),
    ("intrigue-city", {"players": 3}),
    ("cuba-libre", {"agents": ["govt"]}),
    ("cuba-libre", {}),
]


@pytest.mark.parametrize(("game_id", "kwargs"), CASES)
def test_api_test(game_id: str, kwargs: dict) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's style advice (agent names, Dict spaces)
        api_test(env(game_id, **kwargs), num_cycles=60)


@pytest.mark.parametrize(("game_id", "kwargs"), CASES[::2])
def test_seed_test(game_id: str, kwargs: dict) -> None:
    seed_test(lambda: env(game_id, **kwargs), num_cycles=40)


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
