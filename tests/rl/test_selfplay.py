"""Self-play environment (Gymnasium's env checker) and a policy seated through make_bot."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")  # the agon[rl] extra; CI installs it (.ci/run)

import numpy as np

import agon
from agon.bots import GENERIC_BOTS
from agon.rl.selfplay import SelfPlayEnv, register_policy_bot


def test_self_play_env_observations_are_in_its_space_and_resets_repeat() -> None:
    """(Gymnasium's check_env steps with unmasked random actions, which agon refuses as illegal.)"""
    env = SelfPlayEnv("intrigue-city", players=3)
    first, _ = env.reset(seed=9)
    assert env.observation_space.contains(first)
    for _ in range(50):
        observation, *_ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert env.observation_space.contains(observation)
    again, _ = env.reset(seed=9)
    assert np.array_equal(first, again)


def test_an_unmasked_action_is_refused_and_changes_nothing() -> None:
    env = SelfPlayEnv("dual-powers")
    env.reset(seed=1)
    digest = env.aec.game_state.digest()
    with pytest.raises(agon.IllegalAction):
        env.step(int(np.flatnonzero(~env.action_masks())[0]))
    assert env.aec.game_state.digest() == digest


def test_self_play_game_to_its_end_gives_the_last_mover_its_reward_and_every_role_its_return() -> None:
    """(Before: only the last mover's reward; the other role's return was nowhere.)"""
    env = SelfPlayEnv("dual-powers")
    env.reset(seed=4)
    for _ in range(5000):
        mover = env.aec.agent_selection
        mask = env.action_masks()
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        if terminated or truncated:
            break
        assert "returns" not in info
    winners = env.aec.game_state.result["winners"]
    assert terminated and winners
    assert info["returns"] == {role: (1.0 if role in winners else -1.0) for role in ("red", "white")}
    assert reward == info["returns"][mover]


def test_self_play_alone_against_the_opposition_pays_a_loss_minus_one() -> None:
    env = SelfPlayEnv("dual-powers", players=1, side="white", difficulty=6)
    env.reset(seed=1)
    for _ in range(5000):
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if terminated or truncated:
            break
    assert env.aec.game_state.result["winners"] == ["opposition"]
    assert reward == -1.0 and info["returns"] == {"white": -1.0}


def test_a_registered_policy_plays_through_make_bot_and_play_match() -> None:
    register_policy_bot("last-legal", lambda observation, mask: int(np.flatnonzero(mask)[-1]))
    try:
        assert agon.make_bot("last-legal", "dual-powers").name == "last-legal"
        state = agon.play_match("dual-powers", {"red": "last-legal", "white": "random"}, seed=2)
        assert state.is_over
    finally:
        GENERIC_BOTS.pop("last-legal")
