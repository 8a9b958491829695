"""agon games as OpenSpiel Python games: `import agon.rl.openspiel` registers them.

    >>> import pyspiel, agon.rl.openspiel
    >>> game = pyspiel.load_game("agon_1989")                 # or agon_dual_powers, agon_intrigue_city,
    >>> state = game.new_initial_state()                       #    agon_cuba_libre; params: seed, options
    >>> state.apply_action(state.legal_actions()[0])

Every role of the game is an OpenSpiel player (numbered in the order of `Game.roles`). Chance is
sampled (OpenSpiel's SAMPLED_STOCHASTIC): the shuffles and dice happen inside the agon state from its
seeded generator, so there are no chance nodes; the game's `seed` parameter fixes the deal and the dice
(`new_initial_state_for(seed)` deals another game from the same game object). Actions are the numbers of the game's fixed
action space (agon/rl/spaces.py); the information-state tensor is the role's feature vector built
from `view(role)`, its string a hash of the view with its log; `resample_from_infostate` goes
through `determinize`. Returns: the winners share +1, the others share -1 (zero-sum).
When several roles may act at once (secret votes), the first of them is the current player.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from agon.engine import Game, State, load
from agon.engine.rng import Rng
from agon.rl.pettingzoo import end_rewards
from agon.rl.spaces import GAMES, GameSpec, spec


def short_name(game_id: str) -> str:
    return "agon_" + game_id.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    """The game's default options that OpenSpiel can carry (int, str, bool), plus `seed`."""
    defaults = game.normalize_options({})
    return {"seed": 0, **{k: v for k, v in defaults.items() if isinstance(v, (bool, int, str))}}


class _Held:
    """What an OpenSpiel state holds: its game, the agon state and the views asked of it so far.
    OpenSpiel clones a Python state by deep-copying its attributes; here that is agon's cheap
    `clone()`, the game shared. OpenSpiel asks for the same tensors and strings many times per
    position, so the views and vectors are kept until the next action."""

    __slots__ = ("game", "seen", "state")

    def __init__(self, game: AgonSpielGame, state: State, seen: dict[tuple[Any, ...], Any] | None = None) -> None:
        self.game = game
        self.state = state
        self.seen: dict[tuple[Any, ...], Any] = seen or {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.state.clone(), dict(self.seen))  # same position: same views

    def view(self, player: int) -> dict[str, Any]:
        key = ("view", player)
        if key not in self.seen:
            self.seen[key] = self.state.view(self.game.roles[player])
        return self.seen[key]

    def vector(self, player: int) -> list[float]:
        key = ("vector", player)
        if key not in self.seen:
            self.seen[key] = self.game.observer.vector(self.view(player))
        return self.seen[key]


class AgonSpielGame(pyspiel.Game):
    """One agon game for OpenSpiel; made by `pyspiel.load_game(short_name, params)`."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = load(self.game_id)
        merged = {**_parameters(game), **(params or {})}
        self.options = game.normalize_options({k: v for k, v in merged.items() if k != "seed"})
        self.roles = game.roles(**self.options)
        self.agon = game
        self.spec: GameSpec = spec(self.game_id)
        self.seed = int(merged["seed"])
        self.observer = self.spec.observer()
        self._initial = game.new(self.seed, **self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.num_actions, max_chance_outcomes=0, num_players=len(self.roles),
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=self.spec.max_length)
        super().__init__(_game_type(self.game_id), info, merged)

    def new_initial_state(self) -> AgonSpielState:
        """The game dealt from the `seed` parameter (the same deal every time, as OpenSpiel expects)."""
        return AgonSpielState(self, self._initial.clone())

    def new_initial_state_for(self, seed: int) -> AgonSpielState:
        """The game dealt from another seed: a new deal per episode without a new game object."""
        return AgonSpielState(self, self.agon.new(seed, **self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> AgonObserver:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return AgonObserver(self, perfect_recall)


class AgonSpielState(pyspiel.State):
    """An agon state seen through OpenSpiel's State API."""

    def __init__(self, game: AgonSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(game, state)

    @property
    def agon_state(self) -> State:
        return self._held.state

    def current_player(self) -> int:
        active = self._held.state.active
        if not active:
            return pyspiel.PlayerId.TERMINAL
        return self._held.game.roles.index(active[0])

    def _legal_actions(self, player: int) -> list[int]:
        role = self._held.game.roles[player]
        return sorted(self._held.game.spec.legal_numbers(self._held.state.legal_actions(role)))

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        state.apply(state.active[0], self._held.game.spec.decode(action))
        self._held.seen.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._held.game.spec.decode(action))

    def is_terminal(self) -> bool:
        return self._held.state.is_over

    def returns(self) -> list[float]:
        roles = self._held.game.roles
        if not self._held.state.is_over:
            return [0.0] * len(roles)
        rewards = end_rewards(self._held.state, roles)
        return [rewards[r] for r in roles]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AgonSpielState:
        """A state `player_id` cannot tell from this one (agon's `determinize`)."""
        rng = Rng(int(probability_sampler() * 2**53))
        role = self._held.game.roles[player_id]
        return AgonSpielState(self._held.game, self._held.state.determinize(role, rng))

    def __str__(self) -> str:
        state = self._held.state
        return f"{self._held.game.game_id} seed {state.seed}, {len(state.history)} actions, active {state.active}"


class AgonObserver:
    """OpenSpiel's PyObserver: the feature vector of `view(role)`; strings hash the view."""

    def __init__(self, game: AgonSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.observer.size, np.float32)
        self.dict = {"features": self.tensor}

    def set_from(self, state: AgonSpielState, player: int) -> None:
        self.tensor[:] = state._held.vector(player)

    def string_from(self, state: AgonSpielState, player: int) -> str:
        held = state._held
        key = ("string", player, self.perfect_recall)
        if key not in held.seen:
            view = held.view(player)
            if not self.perfect_recall:
                view = {k: v for k, v in view.items() if k != "log"}
            blob = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
            held.seen[key] = hashlib.sha1(blob.encode()).hexdigest()
        return held.seen[key]


def _game_type(game_id: str) -> pyspiel.GameType:
    game = load(game_id)
    counts = {len(game.roles(**options)) for options in _player_options(game_id)}
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"agon {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts), min_num_players=min(counts),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(game))


def _player_options(game_id: str) -> list[dict[str, Any]]:
    """Option sets that span the game's player counts (for GameType's min and max)."""
    return {"dual-powers": [{"players": 1}, {"players": 2}], "intrigue-city": [{"players": 2}, {"players": 5}]}.get(
        game_id, [{}])


def register_all() -> None:
    """Register every agon game with OpenSpiel (done on import)."""
    registered = set(pyspiel.registered_names())
    for game_id in GAMES:
        name = short_name(game_id)
        if name in registered:
            continue
        cls = type(f"AgonSpielGame_{name}", (AgonSpielGame,), {"game_id": game_id})
        pyspiel.register_game(_game_type(game_id), cls)


register_all()


class OpenSpielIsmcts:
    """OpenSpiel's own ISMCTS bot (its Python implementation, random-rollout evaluator) seated as an
    agon bot: each choice wraps a clone of the agon state in the adapter and asks the bot.

    (OpenSpiel's C++ ISMCTSBot does not hold on to states resampled by a Python game, so it crashes
    on any Python game; the Python bot is the same algorithm.)"""

    name = "openspiel-ismcts"

    def __init__(self, game_id: str, seed: int = 0, iterations: int = 100, exploration: float = 2.0) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        self.game = pyspiel.load_game(short_name(game_id))
        self.iterations = iterations
        random_state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        self.bot = ismcts.ISMCTSBot(self.game, evaluator, exploration, iterations, random_state=random_state,
                                    allow_inconsistent_action_sets=True)

    def choose(self, state: State, role: str) -> Any:
        legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
        if len(legal) == 1:
            return legal[0]
        if state.active[0] != role:
            raise ValueError(f"OpenSpiel moves the first active role; {role} is not it ({state.active})")
        wrapped = AgonSpielState(self.game, state.clone())
        return self.game.spec.decode(self.bot.step(wrapped))
