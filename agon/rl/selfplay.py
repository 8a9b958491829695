"""Self-play as a single-agent Gymnasium environment, and a trained policy seated as an agon bot.

`SelfPlayEnv` lets one policy play every role of a game (the role to move is in the observation:
its view has `role=...`), which is what single-agent learners such as sb3-contrib's MaskablePPO
expect; `action_masks()` gives the legal actions. A step's reward is the end reward of the role
that just moved (agon/rl/seats.py: the winners share +1, the losers -1), 0 until the game ends; the
step that ends the game also gives every role its return, `info["returns"]` ({role: reward}), for
a learner that credits each role's last move (a single reward stream cannot: paying the other roles
in extra steps would teach the last mover that its winning move was worth their loss, docs/rl.md).

`PolicyBot` turns any `predict(observation, mask) -> int` into an agon bot, and
`register_policy_bot(name, predict)` makes it a seat for `make_bot` and `agon.play_match`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from agon.bots import GENERIC_BOTS
from agon.engine import Action, State
from agon.rl.pettingzoo import OBS_BOUND, AgonEnv

Predict = Callable[[np.ndarray, np.ndarray], int]


class SelfPlayEnv(gymnasium.Env):
    """One policy plays every agent role of `agon.rl.pettingzoo.env(game_id, **kwargs)`."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - Gymnasium's own class attribute

    def __init__(self, game_id: str, **kwargs: Any) -> None:
        self.aec = AgonEnv(game_id, **kwargs)
        n, f = self.aec.spec_.num_actions, self.aec.observer.size
        self.observation_space = gymnasium.spaces.Box(-OBS_BOUND, OBS_BOUND, (f,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(n)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        return self._observation(), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        mover = self.aec.agent_selection
        self.aec.step(int(action))
        done = any(self.aec.terminations.values()) or any(self.aec.truncations.values())
        truncated = any(self.aec.truncations.values())
        reward = float(self.aec.rewards.get(mover, 0.0)) if done else 0.0
        info: dict[str, Any] = {}
        if done:
            info["returns"] = {role: float(self.aec.rewards.get(role, 0.0)) for role in self.aec.possible_agents}
        return self._observation(), reward, done and not truncated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the role to move (sb3-contrib's MaskablePPO calls this)."""
        return self.aec.action_mask(self.aec.agent_selection).astype(bool)

    def _observation(self) -> np.ndarray:
        return self.aec.observe(self.aec.agent_selection)["observation"]


class PolicyBot:
    """An agon bot that asks `predict(observation, mask)` for an action number."""

    def __init__(self, game_id: str, predict: Predict, name: str = "policy") -> None:
        from agon.rl.spaces import spec

        self.name = name
        self.spec = spec(game_id)
        self.observer = self.spec.observer()
        self.predict = predict

    def choose(self, state: State, role: str) -> Action:
        legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
        mask: np.ndarray = np.zeros(self.spec.num_actions, dtype=bool)
        mask[self.spec.legal_numbers(legal)] = True
        observation = np.asarray(self.observer.vector(state.view(role)), dtype=np.float32)
        action = self.spec.decode(int(self.predict(observation, mask)))
        return action if action in legal else legal[0]  # a policy's masked-out choice: the first legal action


def register_policy_bot(name: str, predict: Predict) -> None:
    """Make `make_bot(name, game_id)` (and `--seat role=name` in this process) seat this policy."""
    GENERIC_BOTS[name] = lambda game_id, seed=0: PolicyBot(game_id, predict, name)
