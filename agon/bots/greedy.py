"""`greedy`: a one-ply bot that takes the action whose result the game's evaluation likes best.

For each legal action it applies the action to one determinized sample of the position (a state
consistent with what the role knows, drawn with the bot's own generator, so it sees no hidden
card), finishes the role's own turn at random (a step of a multi-step decision, such as choosing a Cuba
Libre Operation, scores by where it leads), scores the outcome with
`agon/games/<game>/evaluation.py` and keeps the best; ties go to a random one of the best. A baseline for the strength ladder, and a cheap playout policy.
"""

from __future__ import annotations

from agon.bots import playable
from agon.bots.evaluation import Evaluation, evaluator
from agon.engine import Action, State
from agon.engine.rng import Rng

TURN_CAP = 200  # random steps to finish the role's turn after the action judged


class GreedyBot:
    name = "greedy"

    def __init__(self, game_id: str, seed: int = 0) -> None:
        evaluate = evaluator(game_id)
        if evaluate is None:
            raise ValueError(f"greedy needs an evaluation, and {game_id} has none")
        self.evaluate: Evaluation = evaluate
        self.rng = Rng(seed)

    def choose(self, state: State, role: str) -> Action:
        legal = playable(state, role)
        if len(legal) == 1:
            return legal[0]
        sample = state.determinize(role, self.rng)
        best: list[Action] = []
        top = -1.0
        for action in legal:
            after = sample.clone()
            after.apply(role, action)
            self._finish_turn(after, role)
            value = self._value(after, role)
            if value > top + 1e-12:
                best, top = [action], value
            elif abs(value - top) <= 1e-12:
                best.append(action)
        return best[self.rng.below(len(best))]

    def _finish_turn(self, after: State, role: str) -> None:
        for _ in range(TURN_CAP):
            active = after.active
            if not active or active[0] != role:
                return
            legal = [a for a in after.legal_actions(role) if a.verb != "undo"]
            after.apply(role, legal[self.rng.below(len(legal))])

    def _value(self, after: State, role: str) -> float:
        verdict = after.verdict
        if verdict is not None:
            winners = verdict.winners
            return 1.0 / len(winners) if role in winners else 0.0
        return self.evaluate(after).get(role, 0.0)
