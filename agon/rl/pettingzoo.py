"""agon games as PettingZoo AEC environments, with an action mask over each game's fixed action space.

    >>> from agon.rl.pettingzoo import env
    >>> e = env("cuba-libre", agents=["govt"])          # the other factions: their default seats
    >>> e.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.step(int(obs["action_mask"].nonzero()[0][0]))

Each agent is a role of the game. `observation` is the role's feature vector (built only from
`view(role)`, agon/rl/observation.py) and `action_mask` marks its legal actions in the game's
numbered action space (agon/rl/spaces.py); `env.view(agent)` is the view itself. Roles that are not
agents are played inside the environment by bots (`seats`, else the game's default seat: the Cuba
Libre Non-Players, the random bot elsewhere); a solo Dual Powers game's Opposition is part of the
game itself. When several roles may act at once (secret votes), the first of them acts first:
what each chose stays hidden in the others' views. Rewards come at the end: the winners share +1,
the others share -1 (0 for everyone when nobody wins).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from agon.bots import Bot, make_bot
from agon.engine import Action, State, load
from agon.rl.spaces import ActionSpaceError, spec

OBS_BOUND = float(2**20)


def env(game_id: str, agents: list[str] | None = None, seats: dict[str, str] | None = None,
        render_mode: str | None = None, max_steps: int | None = None, views: bool = False,
        **options: Any) -> AgonEnv:
    """The AEC environment of `game_id` with these game options (see `AgonEnv`)."""
    return AgonEnv(game_id, agents, seats, render_mode, max_steps, views, **options)


def end_rewards(state: State, roles: list[str]) -> dict[str, float]:
    """Winners share +1, the others share -1; 0 for all when there is no winner (or no result)."""
    result = state.result or {}
    winners = [r for r in result.get("winners", []) if r in roles]
    losers = [r for r in roles if r not in winners]
    if not winners:
        return dict.fromkeys(roles, 0.0)
    return {r: (1.0 / len(winners) if r in winners else -1.0 / max(len(losers), 1)) for r in roles}


class AgonEnv(AECEnv):
    """One agon game as a PettingZoo AEC environment.

    `agents`: the roles the learner plays (default: every role); `seats`: a bot name for any
    other role; `max_steps`: agent decisions before truncation (default: the game's max_length);
    `views`: put each agent's view dict in its info as well.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, agents: list[str] | None = None, seats: dict[str, str] | None = None,
                 render_mode: str | None = None, max_steps: int | None = None, views: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.game = load(game_id)
        self.options = self.game.normalize_options(dict(options))
        roles = self.game.roles(**self.options)
        chosen = list(agents) if agents else list(roles)
        unknown = [r for r in [*chosen, *(seats or {})] if r not in roles]
        if unknown:
            raise ValueError(f"no role {', '.join(unknown)} in {game_id}; roles: {', '.join(roles)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.spec_ = spec(game_id)
        self.observer = self.spec_.observer()
        self.metadata = {**self.metadata, "name": f"agon_{game_id.replace('-', '_')}"}
        self.render_mode = render_mode
        self.possible_agents = chosen
        self.seat_bots = {r: (seats or {}).get(r) or self.game.default_seat(r, self.options)
                          for r in roles if r not in chosen}
        self.max_steps = max_steps or self.spec_.max_length
        self.include_views = views
        n, f = self.spec_.num_actions, self.observer.size
        space = spaces.Dict({
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (f,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._observation_spaces = dict.fromkeys(chosen, space)
        self._action_spaces = {r: spaces.Discrete(n) for r in chosen}
        self._next_seed = 0
        self.game_state: State | None = None

    # -- the AEC API ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` fixes the deal, the dice and the seat bots (default: the next seed).
        `options` is accepted as PettingZoo asks and unused: game options are given to `env()`."""
        game_seed = self._next_seed if seed is None else int(seed)
        self._next_seed = game_seed + 1
        self.game_state = self.game.new(game_seed, **self.options)
        self.bots: dict[str, Bot] = {r: make_bot(name, self.game.id, game_seed * 1000 + i + 1)
                                     for i, (r, name) in enumerate(self.seat_bots.items())}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._advance()
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ActionSpaceError(f"{agent} must choose an action; only finished agents step with None")
        chosen = self.spec_.decode(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game_state.apply(agent, chosen)
        self.steps += 1
        self._advance()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        vector = np.asarray(self.observer.vector(self.game_state.view(agent)), dtype=np.float32)
        return {"observation": np.clip(vector, -OBS_BOUND, OBS_BOUND), "action_mask": self.action_mask(agent)}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        return self.game.render(self.game_state.view(None), None)

    def close(self) -> None:
        self.game_state = None

    # -- beyond the AEC API --------------------------------------------------------------------

    def view(self, agent: str) -> dict[str, Any]:
        """The view dict of `agent` (what the observation vector is built from)."""
        return self.game_state.view(agent)

    def action_mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.spec_.num_actions, dtype=np.int8)
        if agent == getattr(self, "agent_selection", None) and not self.terminations.get(agent, True):
            mask[self.spec_.legal_numbers(self.game_state.legal_actions(agent))] = 1
        return mask

    def action_of(self, number: int) -> Action:
        """The agon Action an integer stands for."""
        return self.spec_.decode(number)

    # -- inside ----------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Let bot seats play until an agent must act or the game ends; then select that agent."""
        state = self.game_state
        while True:
            active = state.active
            if not active:
                self._finish(truncated=False)
                return
            mine = [r for r in active if r in self._cumulative_rewards]
            if mine:
                if self.steps >= self.max_steps:
                    self._finish(truncated=True)
                    return
                self.agent_selection = mine[0]
                self._fill_infos()
                return
            role = active[0]
            bot = self.bots[role]
            state.apply(role, bot.choose(state, role), note=getattr(bot, "last_reason", None))

    def _finish(self, truncated: bool) -> None:
        rewards = {} if truncated else end_rewards(self.game_state, self.agents)
        for agent in self.agents:
            self.rewards[agent] = rewards.get(agent, 0.0)
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self.agent_selection = self.agents[0]
        self._fill_infos()

    def _fill_infos(self) -> None:
        if self.include_views:
            for agent in self.agents:
                self.infos[agent] = {"view": self.game_state.view(agent)}
