"""agon games as OpenSpiel Python games: `import agon.rl.openspiel` registers them.

    >>> import pyspiel, agon.rl.openspiel
    >>> game = pyspiel.load_game("agon_dual_powers", {"players": 1, "side": "white", "difficulty": 6})
    >>> state = game.new_initial_state()          # a chance node: the deal's seed, four bytes of it
    >>> while state.is_chance_node():
    ...     state.apply_action(7)
    >>> state.apply_action(state.legal_actions()[0])

The game's options are its parameters (every option of `Game.option_specs`, plus `seed`); the
players are the roles nobody else plays, numbered in the order of `Game.roles`: a solo Dual Powers
game has one player against the Opposition, which is part of the game; the Cuba Libre factions the
rulebook gives to Non-players (`players` below 4, CL 1.5) are played inside the state by the
Non-player bots.

Chance is explicit and comes first: the game starts with four chance nodes of 256 equally likely
outcomes each, the bytes of the deal's number n, and the agon game is then dealt from the seed
`seed * 2**32 + n`; every later shuffle and die comes from that game's seeded generator, so the rest
of the game is a function of the chance outcomes and the players' actions. (Each shuffle and die as
its own chance node would need the rules to stop in the middle of an action at every draw:
docs/rl.md, OpenSpiel.) So `new_initial_state()` is always the same chance node, and OpenSpiel's
`rl_environment` deals a new game each episode by sampling it; a state serialises as its history
(docs/rl.md, OpenSpiel) and replays from it.

Actions are the numbers of the game's fixed action space (agon/rl/spaces.py); the information-state
tensor is the role's feature vector built from `view(role)` and its count of each of its own choices, its string a hash of the view with its
log and the role's own actions; `resample_from_infostate` goes through `determinize`. Returns: the
player's roles that won share +1, those that lost share -1 (agon/rl/seats.py). When several roles
may act at once (secret votes), the first of them is the current player.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from agon.bots import Bot
from agon.engine import Action, Game, OptionSpec, State, load
from agon.engine.rng import Rng
from agon.rl.seats import automaton_roles, end_rewards, play_seats, seat_bots
from agon.rl.spaces import GameSpec, games_with_space, spec

SEED_BYTES = 4  # chance nodes at the start: the deal's number, one byte each (most significant first)
SEED_OUTCOMES = 256
_PARAMETER_TYPES = (bool, int, str)


def short_name(game_id: str) -> str:
    return "agon_" + game_id.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    """`seed` and every option with its default, as OpenSpiel carries them (int, str, bool; an
    option whose choices mix words and numbers, such as Intrigue City's `arrangement_value`, is text)."""
    parameters: dict[str, Any] = {"seed": 0}
    for option in game.option_specs():
        default = option.default
        mixed = option.choices is not None and len({type(c) for c in option.choices}) > 1
        parameters[option.name] = str(default) if mixed else default
    return {name: value for name, value in parameters.items() if isinstance(value, _PARAMETER_TYPES)}


def _options(game: Game, parameters: dict[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel's parameters: those that apply to the chosen player count
    and the other options (a solo game's `side`, a theme only with `advanced` B), as the game takes them."""
    specs = {option.name: option for option in game.option_specs()}
    players = parameters.get("players")
    chosen = {}
    for name, value in parameters.items():
        option = specs.get(name)
        if option is None or (option.players is not None and players not in option.players):
            continue
        if any(parameters.get(key) != needed for key, needed in option.requires.items()):
            continue
        chosen[name] = _option_value(option, value)
    return game.normalize_options(chosen)


def _option_value(option: OptionSpec, value: Any) -> Any:
    """A text parameter back to the choice it names (OpenSpiel has no mixed-type parameters)."""
    for choice in option.choices or ():
        if isinstance(value, str) and not isinstance(choice, str) and str(choice) == value:
            return choice
    return value


class _Held:
    """What an OpenSpiel state holds: its game, the agon state (None while the deal's number is
    drawn), the bytes drawn so far, the seats' bots, whether its history replays it, and the views
    asked of it so far. OpenSpiel clones a Python state by deep-copying its attributes; here that is
    agon's cheap `clone()` (the bots copied, the game shared). OpenSpiel asks for the same tensors
    and strings many times per position, so the views and vectors are kept until the next action."""

    __slots__ = ("actions", "bots", "deal", "drawn", "game", "mine", "replayable", "seen", "state")

    def __init__(self, game: AgonSpielGame, state: State | None, bots: dict[str, Bot] | None = None,
                 replayable: bool = True, mine: list[dict[int, int]] | None = None) -> None:
        self.game = game
        self.state = state
        self.bots: dict[str, Bot] = bots or {}
        self.drawn = 0 if state is None else SEED_BYTES
        self.deal = 0
        self.replayable = replayable
        self.actions: list[int] = []  # OpenSpiel's history of this state: what serialises it
        # how often each player chose each action number: the recall part of the information state
        if mine is None:
            mine = [{} for _ in game.roles] if state is None else _counts(game, state)
        self.mine = [dict(counts) for counts in mine]
        self.seen: dict[tuple[Any, ...], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        state = None if self.state is None else self.state.clone()
        twin = _Held(self.game, state, copy.deepcopy(self.bots) if self.bots else None, self.replayable, self.mine)
        twin.drawn, twin.deal, twin.actions = self.drawn, self.deal, list(self.actions)
        twin.seen = dict(self.seen)  # same position: same views
        return twin

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        """Pickled (pyspiel's serialisation of a Python state pickles its attributes) as the game's
        string and the history, and unpickled by replaying that history: never the agon state itself."""
        if not self.replayable:
            raise ValueError("this state was not reached by play from new_initial_state() (it was resampled "
                             "or wrapped), so its history does not replay it; serialise the state it came from")
        return _replayed, (str(self.game), list(self.actions))

    def live(self) -> State:
        """The game being played: a chance node deals it first (see apply)."""
        if self.state is None:
            raise RuntimeError("no game yet: the deal's chance outcomes come first")
        return self.state

    def apply(self, action: int) -> None:
        self.actions.append(action)
        if self.state is None:
            self.deal = self.deal * SEED_OUTCOMES + action
            self.drawn += 1
            if self.drawn == SEED_BYTES:
                self.start()
            return
        state = self.state
        role = next(r for r in state.active if r in self.game.learners)
        state.apply(role, self.game.spec.decode(action))
        counts = self.mine[self.game.roles.index(role)]
        counts[action] = counts.get(action, 0) + 1
        self.advance()

    def view(self, player: int) -> dict[str, Any]:
        key = ("view", player)
        if key not in self.seen:
            self.seen[key] = self.live().view(self.game.roles[player])
        return self.seen[key]

    def vector(self, player: int) -> list[float]:
        key = ("vector", player)
        if key not in self.seen:
            self.seen[key] = self.game.observer.vector(self.view(player))
        return self.seen[key]

    def recall(self, player: int) -> np.ndarray:
        """How often `player` chose each action number so far (the tensor's recall part)."""
        counts: np.ndarray = np.zeros(self.game.spec.num_actions, np.float32)
        mine = self.mine[player]
        if mine:
            counts[list(mine)] = list(mine.values())
        return counts

    def start(self) -> None:
        """The deal's number is drawn: deal the agon game and let the seats play up to a player."""
        self.state = self.game.deal(self.game.seed * SEED_OUTCOMES**SEED_BYTES + self.deal)
        self.bots = seat_bots(self.game.agon, self.game.seats, self.state.seed)
        self.advance()

    def advance(self) -> None:
        play_seats(self.live(), self.game.learners, self.bots)
        for bot in self.bots.values():  # a Non-player's explanations would grow every clone's copy
            explain = getattr(bot, "explain", None)
            if explain:
                explain.clear()
        self.seen.clear()


class AgonSpielGame(pyspiel.Game):
    """One agon game for OpenSpiel; made by `pyspiel.load_game(short_name, params)`."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = load(self.game_id)
        merged = {**_parameters(game), **(params or {})}
        self.seed = int(merged["seed"])
        if not 0 <= self.seed < 2**31:
            raise ValueError(f"seed is from 0 to 2**31 - 1; got {self.seed}")
        self.options = _options(game, merged)
        automata = automaton_roles(game, self.options)
        self.roles = [r for r in game.roles(**self.options) if r not in automata]
        if not self.roles:
            raise ValueError(f"{self.game_id} with {self.options} leaves no role to a player")
        self.learners = frozenset(self.roles)
        self.seats = {r: game.default_seat(r, self.options) for r in automata}
        self.agon = game
        self.spec: GameSpec = spec(self.game_id)
        self.observer = self.spec.observer()
        everyone = not automata and len(self.roles) > 1  # else a loss costs the player more than others win
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.num_actions, max_chance_outcomes=SEED_OUTCOMES,
            num_players=len(self.roles), min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if everyone else None, max_game_length=self.spec.max_length)
        super().__init__(_game_type(self.game_id, zero_sum=everyone), info, merged)

    def deal(self, seed: int) -> State:
        return self.agon.new(seed, **self.options)

    def new_initial_state(self) -> AgonSpielState:
        """The first chance node (the deal is drawn next): the same state every time, as OpenSpiel expects."""
        return AgonSpielState(self)

    def new_initial_state_for(self, deal: int) -> AgonSpielState:
        """The state after the chance nodes drew `deal` (0 to 2**32 - 1): that game, dealt."""
        if not 0 <= deal < SEED_OUTCOMES**SEED_BYTES:
            raise ValueError(f"a deal is numbered from 0 to 2**32 - 1; got {deal}")
        state = AgonSpielState(self)
        for place in reversed(range(SEED_BYTES)):
            state.apply_action((deal >> (8 * place)) & 0xFF)
        return state

    def wrap(self, state: State) -> AgonSpielState:
        """An agon state of this game seen through OpenSpiel (for bots that search it); its history
        is not OpenSpiel's, so it does not serialise."""
        return AgonSpielState(self, _Held(self, state, seat_bots(self.agon, self.seats, state.seed), replayable=False))

    def deserialize_state(self, text: str) -> AgonSpielState:
        """The state whose history is `text`, one action number a line (the deal's four bytes, then
        the players' actions), replayed from the first chance node."""
        state = self.new_initial_state()
        for index, line in enumerate(text.split()):
            try:
                action = int(line)
            except ValueError:
                raise ValueError(f"a serialised {self.game_id} state is action numbers, one a line; "
                                 f"line {index + 1} is {line[:40]!r}") from None
            legal = state.legal_actions()
            if action not in legal:
                raise ValueError(f"action {action} (line {index + 1}) is not legal where it is played")
            state.apply_action(action)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> AgonObserver:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return AgonObserver(self, perfect_recall)


class AgonSpielState(pyspiel.State):
    """An agon state seen through OpenSpiel's State API."""

    def __init__(self, game: AgonSpielGame, held: _Held | None = None) -> None:
        super().__init__(game)
        self._held = held or _Held(game, None)

    @property
    def agon_state(self) -> State | None:
        """The agon state (None while the deal is drawn)."""
        return self._held.state

    def current_player(self) -> int:
        held = self._held
        if held.state is None:
            return pyspiel.PlayerId.CHANCE
        for role in held.state.active:
            if role in held.game.learners:
                return held.game.roles.index(role)
        return pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / SEED_OUTCOMES) for byte in range(SEED_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        role = self._held.game.roles[player]
        return sorted(self._held.game.spec.legal_numbers(self._held.live().legal_actions(role)))

    def _apply_action(self, action: int) -> None:
        self._held.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return str(self._held.game.spec.decode(action))

    def is_terminal(self) -> bool:
        return self._held.state is not None and self._held.state.is_over

    def returns(self) -> list[float]:
        roles = self._held.game.roles
        if not self.is_terminal():
            return [0.0] * len(roles)
        rewards = end_rewards(self._held.live(), roles)
        return [rewards[r] for r in roles]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AgonSpielState:
        """A state `player_id` cannot tell from this one (agon's `determinize`); its history is not
        this state's, so it does not serialise."""
        held = self._held
        if held.state is None:  # nobody has seen anything of the deal yet
            return AgonSpielState(held.game, copy.deepcopy(held))
        rng = Rng(int(probability_sampler() * 2**53))
        role = held.game.roles[player_id]
        twin = _Held(held.game, held.state.determinize(role, rng), copy.deepcopy(held.bots), False, held.mine)
        return AgonSpielState(held.game, twin)

    def __str__(self) -> str:
        held = self._held
        if held.state is None:
            return f"{held.game.game_id}: dealing, {held.drawn} of {SEED_BYTES} bytes of the deal drawn"
        state = held.state  # (the whole state, as OpenSpiel's ToString is: the generator too; a digest costs 30x)
        return (f"{held.game.game_id} seed {state.seed}, {state.actions_played} actions, active "
                f"{','.join(state.active) or 'none'}, generator {state.rng.state:x}+{state.rng.draws}")


def _counts(game: AgonSpielGame, state: State) -> list[dict[int, int]]:
    """Each player's action counts, read from the record of a state not played through OpenSpiel."""
    counts: list[dict[int, int]] = [{} for _ in game.roles]
    for role, verb, arg in state.history:
        if role in game.learners:
            number = game.spec.index.get(Action(verb, arg))
            if number is not None:
                mine = counts[game.roles.index(role)]
                mine[number] = mine.get(number, 0) + 1
    return counts


def _replayed(game_string: str, actions: list[int]) -> _Held:
    """What `_Held.__reduce__` pickled: the game loaded from its string, the history replayed."""
    game = pyspiel.load_game(game_string)
    if not isinstance(game, AgonSpielGame):
        raise ValueError(f"a serialised agon state names an agon game; got {game_string[:60]!r}")
    return game.deserialize_state("\n".join(map(str, actions)))._held


class AgonObserver:
    """OpenSpiel's PyObserver. The observation tensor is the feature vector of `view(role)`; the
    information-state tensor adds how often the role chose each action number (its recall: no two
    decisions along a game share it, docs/rl.md); both are zeros while the deal is drawn. Strings
    hash the view, with its log and the role's own actions for the information state."""

    def __init__(self, game: AgonSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        features = game.observer.size
        size = features + (game.spec.num_actions if perfect_recall else 0)
        self.tensor: np.ndarray = np.zeros(size, np.float32)
        self.dict = {"features": self.tensor[:features]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[features:]

    def set_from(self, state: AgonSpielState, player: int) -> None:
        held = state._held
        if held.state is None:
            self.tensor[:] = 0.0
            return
        self.dict["features"][:] = held.vector(player)
        if self.perfect_recall:
            self.dict["own_actions"][:] = held.recall(player)

    def string_from(self, state: AgonSpielState, player: int) -> str:
        held = state._held
        if held.state is None:
            return f"dealing {held.drawn}/{SEED_BYTES}"  # the bytes drawn are nobody's to see
        key = ("string", player, self.perfect_recall)
        if key not in held.seen:
            view = held.view(player)
            mine: list[Any] = []
            if self.perfect_recall:
                role = held.game.roles[player]
                mine = [[verb, arg] for who, verb, arg in held.state.history if who == role]
            else:
                view = {k: v for k, v in view.items() if k != "log"}
            blob = json.dumps([view, mine], sort_keys=True, ensure_ascii=False, default=str)
            held.seen[key] = hashlib.sha1(blob.encode()).hexdigest()
        return held.seen[key]


def _game_type(game_id: str, zero_sum: bool = True) -> pyspiel.GameType:
    game = load(game_id)
    counts = {len(game.roles(**options)) - len(automaton_roles(game, game.normalize_options(dict(options))))
              for options in _player_options(game_id)}
    utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"agon {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts), min_num_players=min(counts),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(game))


def _player_options(game_id: str) -> list[dict[str, Any]]:
    """Option sets that span the game's player counts (for GameType's min and max): each value of
    its `players` option from 1 up (its declared spec), or its defaults for a game without one."""
    for option in load(game_id).option_specs():
        if option.name == "players":
            counts = [value for value in option.allowed() if type(value) is int and value >= 1]
            return [{"players": value} for value in (min(counts), max(counts))] if counts else [{}]
    return [{}]


def register_all() -> None:
    """Register every agon game with OpenSpiel (done on import)."""
    registered = set(pyspiel.registered_names())
    for game_id in games_with_space():
        name = short_name(game_id)
        if name in registered:
            continue
        cls = type(f"AgonSpielGame_{name}", (AgonSpielGame,), {"game_id": game_id, "__module__": __name__})
        globals()[cls.__name__] = cls  # pickle finds a game's class by its module and name
        pyspiel.register_game(_game_type(game_id), cls)


register_all()


class OpenSpielIsmcts:
    """OpenSpiel's own ISMCTS bot (its Python implementation, random-rollout evaluator) seated as an
    agon bot: each choice wraps a clone of the agon state in the adapter and asks the bot.

    (OpenSpiel's C++ ISMCTSBot crashes on any Python game; on agon's it is refused, see `_GuardedIsmcts`;
    the Python bot is the same algorithm.)"""

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
        return self.game.spec.decode(self.bot.step(self.game.wrap(state.clone())))


CPP_ISMCTS_REFUSED = (
    "OpenSpiel's C++ ISMCTSBot cannot search a Python game such as {name} (pyspiel crashes: it does not keep "
    "the Python states it makes alive); use open_spiel.python.algorithms.ismcts.ISMCTSBot, or agon's ismcts bot")


class _GuardedIsmcts(pyspiel.ISMCTSBot):
    """`pyspiel.ISMCTSBot` once agon's games are registered: the C++ bot, refusing an agon state with
    a clear SpielError instead of the segmentation fault the C++ code meets on every Python game."""

    def step(self, state: pyspiel.State) -> int:
        _refuse_python_state(state)
        return super().step(state)

    def step_with_policy(self, state: pyspiel.State) -> Any:
        _refuse_python_state(state)
        return super().step_with_policy(state)

    def get_policy(self, state: pyspiel.State) -> Any:
        _refuse_python_state(state)
        return super().get_policy(state)

    def restart_at(self, state: pyspiel.State) -> None:
        _refuse_python_state(state)
        super().restart_at(state)

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        _refuse_python_state(state)
        super().inform_action(state, player_id, action)


def _refuse_python_state(state: pyspiel.State) -> None:
    if isinstance(state, AgonSpielState):
        raise pyspiel.SpielError(CPP_ISMCTS_REFUSED.format(name=state.get_game().get_type().short_name))


if not issubclass(pyspiel.ISMCTSBot, _GuardedIsmcts):
    pyspiel.ISMCTSBot = _GuardedIsmcts
