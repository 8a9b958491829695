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
what each chose stays hidden in the others' views. Rewards come at the end: the agents that won
share +1, those that lost share -1, whoever beat them (agon/rl/seats.py; 0 for everyone when nobody
wins). `state()` is the whole table for centralised critics: every role's observation vector, end to
end (no agent's observation holds it). `render_mode` "ansi" returns the board as text with colours,
"human" prints it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.console import Console

from agon.bots import Bot
from agon.engine import Action, State, load
from agon.rl.seats import automaton_roles, end_rewards, play_seats, seat_bots
from agon.rl.spaces import ActionSpaceError, spec

__all__ = ["OBS_BOUND", "AgonEnv", "end_rewards", "env"]

OBS_BOUND = float(2**20)


def env(game_id: str, agents: list[str] | None = None, seats: dict[str, str] | None = None,
        render_mode: str | None = None, max_steps: int | None = None, views: bool = False,
        **options: Any) -> AgonEnv:
    """The AEC environment of `game_id` with these game options (see `AgonEnv`)."""
    return AgonEnv(game_id, agents, seats, render_mode, max_steps, views, **options)


class AgonEnv(AECEnv):
    """One agon game as a PettingZoo AEC environment.

    `agents`: the roles the learner plays (default: every role the game's automata do not take:
    Cuba Libre's Non-players in a game of fewer than four players); `seats`: a bot name for any
    other role; `max_steps`: agent decisions before truncation (default: the game's max_length);
    `views`: put each agent's view dict in its info as well.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, agents: list[str] | None = None, seats: dict[str, str] | None = None,
                 render_mode: str | None = None, max_steps: int | None = None, views: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.game = load(game_id)
        self.options = self.game.normalize_options(dict(options))
        roles = self.game.roles(**self.options)
        automata = automaton_roles(self.game, self.options)  # Cuba Libre's Non-players (CL 1.5)
        chosen = list(agents) if agents else [r for r in roles if r not in automata]
        unknown = [r for r in [*chosen, *(seats or {})] if r not in roles]
        if unknown:
            raise ValueError(f"no role {', '.join(unknown)} in {game_id}; roles: {', '.join(roles)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.spec_ = spec(game_id)
        self.observer = self.spec_.observer()
        self.metadata = {**self.metadata, "name": f"agon_{game_id.replace('-', '_')}"}  # type: ignore[misc]  # (the env's own name, read from the instance)
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
        self.all_roles = roles
        self.state_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (f * len(roles),), np.float32)
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
        self.bots: dict[str, Bot] = seat_bots(self.game, self.seat_bots, game_seed)
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
        self._live().apply(agent, chosen)
        self.steps += 1
        self._advance()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        vector = np.asarray(self.observer.vector(self._live().view(agent)), dtype=np.float32)
        return {"observation": np.clip(vector, -OBS_BOUND, OBS_BOUND), "action_mask": self.action_mask(agent)}

    def render(self) -> str | None:
        """The board as a spectator sees it: "ansi" returns it as text (rich's markup turned into
        terminal colours), "human" prints it and returns None, no render_mode does nothing."""
        if self.render_mode is None or self.game_state is None:
            return None
        board = self.game.render(self.game_state.view(None), None)
        if self.render_mode == "human":
            Console(highlight=False).print(board)
            return None
        console = Console(force_terminal=True, color_system="standard", width=120, highlight=False)
        with console.capture() as captured:
            console.print(board)
        return captured.get()

    def _live(self) -> State:
        """The game being played: reset() deals one."""
        if self.game_state is None:
            raise RuntimeError("no game is being played: call reset() first")
        return self.game_state

    def state(self) -> np.ndarray:
        """The whole table for a centralised critic: every role's observation vector (each built
        from that role's view, agon/rl/observation.py), in the order of the game's roles; what no
        role sees (the deck's order) is in none of them. Never part of an agent's observation."""
        vectors = [np.asarray(self.observer.vector(self._live().view(role)), dtype=np.float32)
                   for role in self.all_roles]
        return np.clip(np.concatenate(vectors), -OBS_BOUND, OBS_BOUND)

    def close(self) -> None:
        self.game_state = None

    # -- beyond the AEC API --------------------------------------------------------------------

    def view(self, agent: str) -> dict[str, Any]:
        """The view dict of `agent` (what the observation vector is built from)."""
        return self._live().view(agent)

    def action_mask(self, agent: str) -> np.ndarray:
        mask: np.ndarray = np.zeros(self.spec_.num_actions, dtype=np.int8)
        if agent == getattr(self, "agent_selection", None) and not self.terminations.get(agent, True):
            mask[self.spec_.legal_numbers(self._live().legal_actions(agent))] = 1
        return mask

    def action_of(self, number: int) -> Action:
        """The agon Action an integer stands for."""
        return self.spec_.decode(number)

    # -- inside ----------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Let bot seats play until an agent must act or the game ends; then select that agent."""
        agent = play_seats(self._live(), self._cumulative_rewards.keys(), self.bots)
        if agent is None:
            self._finish(truncated=False)
        elif self.steps >= self.max_steps:
            self._finish(truncated=True)
        else:
            self.agent_selection = agent
            self._fill_infos()

    def _finish(self, truncated: bool) -> None:
        rewards = {} if truncated else end_rewards(self._live(), self.agents)
        for agent in self.agents:
            self.rewards[agent] = rewards.get(agent, 0.0)
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self.agent_selection = self.agents[0]
        self._fill_infos()

    def _fill_infos(self) -> None:
        if self.include_views:
            for agent in self.agents:
                self.infos[agent] = {"view": self._live().view(agent)}
