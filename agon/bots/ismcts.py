"""Information Set Monte Carlo Tree Search (single-observer ISMCTS), for any agon game.

Each iteration samples a full state the bot cannot tell from the real one
(`state.determinize(role, rng)`), walks the shared tree by UCB restricted to the actions legal in
that sample (availability counts, as in Cowling, Powley and Whitehouse 2012), adds one node,
plays randomly to the end (or a move cap) and backs up each role's reward. The real state is
never touched.

Settings: a time budget per move (`seconds`, 1 s by default, what a person gets) or a fixed
number of `iterations` (repeatable: the same seed gives the same move); `cutoff=N` stops each
playout after N actions and scores the position with the game's evaluation
(`agon/games/<game>/evaluation.py`, see `agon.bots.evaluation`) instead of playing to the end.
Its default is the game's `CUTOFF` (1989 10 actions, Intrigue City and Cuba Libre 30; Dual Powers,
which has none, plays to the end: each measured stronger so, docs/bots.md).

Two savings that never change what the search would have chosen, or only add to it:
`settle` ends a move's search once the most visited choice leads the next by more than the
iterations left (the rest could not overtake it); `reuse` starts the next step of the bot's own
turn (a Cuba Libre space, a 1989 Support Point) from the subtree under its last choice, when no
other role has acted since (off by default: it did not measure stronger, docs/bots.md).

`automata` (on): the seats a game gives to its rulebook automata (Cuba Libre's Non-players in a
game for fewer than four people, CL 8.0) are played inside the search by that automaton, as they
will be played: the tree branches only on the other roles' choices and the playouts follow the
automaton's priorities instead of random moves. The automaton sees only the sample, whose seed
is resampled with the rest of what the role cannot see, so its die rolls are guesses too.
`heavy=1` plays every other move of a playout by the game's own automaton as well (the bot's own
role and the other players' included), instead of at random: a cheap policy that plays like a
player, for the games that have one (Cuba Libre's Non-player, Dual Powers' Opposition).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agon.bots import Bot, playable
from agon.bots.evaluation import default_cutoff, evaluator
from agon.engine import Action, State, load
from agon.engine.rng import Rng

SETTLE_EVERY = 8  # iterations between checks that the choice is settled


@dataclass(frozen=True, slots=True)
class Judged:
    """A choice as `IsmctsBot.assess` judged it: how often the search took it, and each role's
    estimated chance of winning after it (its mean reward there)."""

    action: Action
    visits: int
    chances: dict[str, float]


class _Node:
    __slots__ = ("actor", "avails", "children", "reward", "visits")

    def __init__(self, actor: str | None) -> None:
        self.actor = actor  # the role whose action led here
        self.children: dict[tuple[str, Action], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avails = 0


def reward_of(state: State, role: str) -> float:
    """1 shared among the winners, 0 for the others, 0.5 for all when the playout was cut short."""
    verdict = state.verdict
    if verdict is None:
        return 0.5
    winners = verdict.winners
    return 1.0 / len(winners) if role in winners else 0.0


class IsmctsBot:
    name = "ismcts"

    def __init__(self, game_id: str, seed: int = 0, iterations: int | None = None, rollout_cap: int = 3000,
                 exploration: float = 0.7, seconds: float | None = None, cutoff: int | None = None,
                 settle: int = 1, reuse: int = 0, automata: int = 1, heavy: int = 0, cpu: int = 0) -> None:
        self.game_id = game_id
        self.rng = Rng(seed)
        if not iterations and not seconds:
            seconds = 1.0  # a person's default: about a second per move
        self.iterations = int(iterations or 0)  # 0: no cap on iterations
        self.seconds = float(seconds or 0.0)  # 0: no time limit
        # the clock `seconds` is read on: CPU time of this process counts only the search's own work,
        # so a budget means the same on a loaded machine (the ladder's, docs/bots.md)
        self.clock: Callable[[], float] = time.process_time if cpu else time.perf_counter
        self.rollout_cap = rollout_cap
        self.exploration = exploration
        self.cutoff = default_cutoff(game_id) if cutoff is None else int(cutoff)
        self.settle = bool(settle)
        self.reuse = bool(reuse)
        self.automata = bool(automata)
        self._models: dict[str, Callable[[str, int], Bot]] = {}  # roles the tree does not branch on
        self._playout_models: dict[str, Callable[[str, int], Bot]] = {}  # the others, with `heavy`, in playouts
        self._policy: Callable[[str, int], Bot] | None = None
        if heavy:
            own = load(game_id).bots()
            if len(own) != 1:
                raise ValueError(f"ismcts heavy playouts need the game's own automaton, and {game_id} has "
                                 f"{'none' if not own else 'several'}; use heavy=0")
            self._policy = next(iter(own.values()))
        self._kept: tuple[list[tuple[str, str, Any]], _Node] | None = None
        self._tally: dict[tuple[str, Action], list[float]] | None = None  # `assess` only: rewards by root choice
        self._roles: list[str] = []
        self._focus: tuple[str, Action | None] | None = None  # `assess` only: the role judged, its choice tried first
        self._decider: str | None = None  # the role choosing: it acts first at the root (a vote's later voter too)
        self.evaluate: Callable[[State], dict[str, float]] | None = None
        if self.cutoff:
            self.evaluate = evaluator(game_id)
            if self.evaluate is None:
                raise ValueError(f"ismcts cutoff needs an evaluation, and {game_id} has none; use cutoff=0")

    def choose(self, state: State, role: str) -> Action:
        legal = playable(state, role)
        if len(legal) == 1:
            return legal[0]
        history = state.history if self.reuse else []  # only reuse compares it (a list of the whole game)
        root = (self._reused(history, role) if self.reuse else None) or _Node(None)
        mine = [(role, action) for action in legal]
        self._decider = role
        try:
            self._search(root, state, role, mine)
        finally:
            self._decider = None
        best = max((m for m in mine if m in root.children), key=lambda m: root.children[m].visits, default=None)
        if best is None:
            self._kept = None
            return legal[self.rng.below(len(legal))]
        if self.reuse:
            self._kept = (history, root.children[best])
        return best[1]

    def assess(self, state: State, role: str, focus: Action | None = None) -> list[Judged]:
        """Every choice of `role` the search tried, most visited first, each with every role's
        mean reward over the iterations through it (its estimated chance of winning). The whole
        budget is used (no `settle`); `focus`, a legal action, is tried first, so it is judged
        even on a budget smaller than the number of choices. Only `state.determinize(role, ...)`
        samples are searched: what `role` cannot see cannot change the answer
        (`agon.bots.analysis`, tests/test_analysis.py)."""
        legal = playable(state, role)
        mine = [(role, action) for action in legal]
        roles = list(state.game.roles(**state.options))
        tally: dict[tuple[str, Action], list[float]] = {}
        settle, self.settle = self.settle, False
        self._tally, self._roles = tally, roles
        self._focus, self._decider = (role, focus), role
        try:
            root = _Node(None)
            self._search(root, state, role, mine)
        finally:
            self.settle, self._tally, self._focus, self._decider = settle, None, None, None
        judged = []
        for move in mine:
            child = root.children.get(move)
            if child is None or not child.visits:
                continue
            sums = tally[move]
            judged.append(Judged(move[1], child.visits, {r: sums[k] / child.visits for k, r in enumerate(roles)}))
        judged.sort(key=lambda j: -j.visits)  # (a stable sort: ties keep the legal order)
        return judged

    def _search(self, root: _Node, state: State, role: str, mine: list[tuple[str, Action]]) -> None:
        """Iterate from `root` within the budget (the choice of `role` among `mine`)."""
        self._models = automata_of(state, role) if self.automata else {}
        if self._policy is not None:
            self._playout_models = {other: self._policy for other in state.game.roles(**state.options)
                                    if other not in self._models}
        clock = self.clock
        start = clock()
        deadline = start + self.seconds if self.seconds else math.inf
        done = 0
        while (not self.iterations or done < self.iterations) and (done == 0 or clock() < deadline):
            self._iterate(root, self._sample(state, role))
            done += 1
            if self.settle and done % SETTLE_EVERY == 0 and self._settled(root, mine, done, start, deadline):
                break

    def _reused(self, history: list[tuple[str, str, Any]], role: str) -> _Node | None:
        """The subtree under this bot's last choice when nothing has happened since but that choice
        (the next atomic step of its own turn: a Cuba Libre space, a 1989 Support Point). Its
        statistics come from samples of what the role knew one step ago, and the step was its own
        action, so it learns nothing it was not told; after any other role's action it starts afresh
        (their action may hide what they chose)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        before, node = kept
        if len(history) != len(before) + 1 or history[-1][0] != role or history[:-1] != before:
            return None
        return node if node.actor == role else None

    def _settled(self, root: _Node, mine: list[tuple[str, Action]], done: int, start: float, deadline: float) -> bool:
        """True when the most visited choice cannot be overtaken in the iterations left (the budget's
        rest, or at the rate so far until the deadline), so the rest would not change the move."""
        left = self.iterations - done if self.iterations else math.inf
        if deadline != math.inf:
            now = self.clock()
            left = min(left, done * (deadline - now) / max(now - start, 1e-9))
        first = second = 0
        for m in mine:
            child = root.children.get(m)
            visits = child.visits if child is not None else 0
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        return first - second > left

    def _sample(self, state: State, role: str) -> State:
        """A determinized copy to search in. It never undoes: undo (on when a person holds a seat)
        would snapshot every playout action and offer `undo` as a move. It is quiet: no log lines."""
        sample = state.determinize(role, self.rng)
        sample.undo_enabled = False
        sample.quiet = True
        return sample

    def _iterate(self, root: _Node, sample: State) -> None:
        path = [root]
        node = root
        models = self._modelled(self._models)
        while True:
            active = sample.active
            if not active:
                break
            actor = active[0]
            if node is root and self._decider in active:
                # a simultaneous choice (an Intrigue City vote): the role deciding acts first, so the
                # root branches on its own choices (branching on the first voter's left it none: it
                # then played at random)
                actor = self._decider
            model = models.get(actor)
            if model is not None:  # an automaton's move: not a choice the tree branches on
                sample.apply(actor, model.choose(sample, actor))
                continue
            moves = [(actor, a) for a in sample.legal_actions(actor)]
            untried = [m for m in moves if m not in node.children]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.avails += 1
            if untried:
                focus = self._focus
                if focus is not None and node is root and focus in untried:
                    move = (actor, focus[1])
                else:
                    move = untried[self.rng.below(len(untried))]
                child = _Node(actor)
                child.avails = 1
                node.children[move] = child
                sample.apply(*move)
                path.append(child)
                break
            move = max(moves, key=lambda m: self._ucb(node.children[m]))
            sample.apply(*move)
            node = node.children[move]
            path.append(node)
        if self._playout_models:
            models.update(self._modelled(self._playout_models))
        scores = self._rollout(sample, models)
        if self._tally is not None and len(path) > 1:
            self._count(path, root, sample, scores)
        for visited in path:
            visited.visits += 1
            if visited.actor is not None:
                visited.reward += scores[visited.actor] if scores is not None else reward_of(sample, visited.actor)

    def _count(self, path: list[_Node], root: _Node, sample: State, scores: dict[str, float] | None) -> None:
        """`assess`: add every role's reward to the tally of the root's choice this iteration took."""
        assert self._tally is not None
        first = next(move for move, child in root.children.items() if child is path[1])
        sums = self._tally.setdefault(first, [0.0] * len(self._roles))
        for k, other in enumerate(self._roles):
            sums[k] += scores.get(other, 0.0) if scores is not None else reward_of(sample, other)

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return child.reward / child.visits + self.exploration * math.sqrt(math.log(max(child.avails, 1)) / child.visits)

    def _modelled(self, factories: dict[str, Callable[[str, int], Bot]]) -> dict[str, Bot]:
        """Fresh automata for one iteration (an automaton may carry a plan from step to step)."""
        return {role: factory(self.game_id, self.rng.below(1 << 30)) for role, factory in factories.items()}

    def _rollout(self, sample: State, models: dict[str, Bot]) -> dict[str, float] | None:
        """Plays at random (the automata by their rules; with `heavy` every role); None at the end
        (or the move cap), the evaluation's scores at the cut-off."""
        rng = self.rng
        for _ in range(self.cutoff or self.rollout_cap):
            active = sample.active
            if not active:
                return None
            actor = active[0]
            model = models.get(actor)
            if model is not None:
                sample.apply(actor, model.choose(sample, actor))
                continue
            legal = sample.legal_actions(actor)
            sample.apply(actor, legal[rng.below(len(legal))])
        if self.evaluate is not None and sample.active:
            return self.evaluate(sample)
        return None


def automata_of(state: State, role: str) -> dict[str, Callable[[str, int], Bot]]:
    """The other roles the game seats with one of its own automata by default (`default_seat`
    naming a bot of `Game.bots()`), each with that bot's factory."""
    game = state.game
    own = game.bots()
    seats = {other: game.default_seat(other, state.options) for other in game.roles(**state.options) if other != role}
    return {other: own[name] for other, name in seats.items() if name in own}


def make_ismcts(game_id: str, seed: int = 0, **settings: Any) -> IsmctsBot:
    return IsmctsBot(game_id, seed, **settings)
