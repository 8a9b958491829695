"""Information Set Monte Carlo Tree Search (single-observer ISMCTS), for any agon game.

Each iteration samples a full state the bot cannot tell from the real one
(`state.determinize(role, rng)`), walks the shared tree by UCB restricted to the actions legal in
that sample (availability counts, as in Cowling, Powley and Whitehouse 2012), adds one node,
plays randomly to the end (or a move cap) and backs up each role's reward. The real state is
never touched.
"""

from __future__ import annotations

import math
from typing import Any

from agon.bots import playable
from agon.engine import Action, State
from agon.engine.rng import Rng


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
    result = state.result
    if result is None:
        return 0.5
    winners = result.get("winners", [])
    return 1.0 / len(winners) if role in winners else 0.0


class IsmctsBot:
    name = "ismcts"

    def __init__(self, game_id: str, seed: int = 0, iterations: int = 200, rollout_cap: int = 3000,
                 exploration: float = 0.7) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.rollout_cap = rollout_cap
        self.exploration = exploration

    def choose(self, state: State, role: str) -> Action:
        legal = playable(state, role)
        if len(legal) == 1:
            return legal[0]
        root = _Node(None)
        for _ in range(self.iterations):
            self._iterate(root, self._sample(state, role))
        best = max(
            (child for (actor, action), child in root.children.items() if actor == role and action in legal),
            key=lambda child: child.visits,
            default=None,
        )
        if best is None:
            return legal[self.rng.below(len(legal))]
        return next(action for (actor, action), child in root.children.items() if child is best)

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
        while True:
            active = sample.active
            if not active:
                break
            actor = active[0]
            moves = [(actor, a) for a in sample.legal_actions(actor)]
            untried = [m for m in moves if m not in node.children]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.avails += 1
            if untried:
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
        self._rollout(sample)
        for visited in path:
            visited.visits += 1
            if visited.actor is not None:
                visited.reward += reward_of(sample, visited.actor)

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return child.reward / child.visits + self.exploration * math.sqrt(math.log(max(child.avails, 1)) / child.visits)

    def _rollout(self, sample: State) -> None:
        rng = self.rng
        for _ in range(self.rollout_cap):
            active = sample.active
            if not active:
                return
            actor = active[0]
            legal = sample.legal_actions(actor)
            sample.apply(actor, legal[rng.below(len(legal))])


def make_ismcts(game_id: str, seed: int = 0, **settings: Any) -> IsmctsBot:
    return IsmctsBot(game_id, seed, **settings)
