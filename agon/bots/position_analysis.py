"""The bot's look at one position (issue 35 item 2): `agon analyse --position FILE` starts from a
position instead of a finished game's record, as a bug report or a rulebook's example gives one.
The side to act's choices as a search from its own information judges them, and each seat's
chance of winning with the best of them (agon/bots/analysis.py judges a whole game the same way)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from agon.bots import playable
from agon.bots.analysis import Budget, _named, judge
from agon.engine import State

CHOICES = 5  # choices listed, best first


def analyse_position(state: State, budget: Budget, seed: int = 0) -> dict[str, Any]:
    """{"game", "roles", "budget", "seed", "actions_played", "over", "result", "role" (who is to
    act, None once over), "chances": {role: p} (with the best choice), "choices": [{"verb", "arg",
    "label", "message", "chance", "visits"}], best first}; JSON-ready."""
    roles = list(state.game.roles(**state.options))
    found: dict[str, Any] = {"game": state.game.id, "roles": roles, "budget": asdict(budget), "seed": seed,
                             "actions_played": state.actions_played, "over": state.is_over, "result": state.result,
                             "role": None, "chances": {}, "choices": []}
    if state.is_over:
        winners = state.result["winners"] if state.result else []
        found["chances"] = {r: (round(1 / len(winners), 3) if r in winners else 0.0) for r in roles}
        return found
    role = state.active[0]
    found["role"] = role
    legal = playable(state, role)
    if len(legal) == 1:  # nothing to judge: the one choice there is
        found["choices"] = [{**_named(state, legal[0]), "chance": None, "visits": 0}]
        return found
    judged = judge(state, role, budget, seed, iterations=budget.iterations)
    found["chances"] = {r: round(p, 3) for r, p in judged[0].chances.items()}
    found["choices"] = [{**_named(state, j.action), "chance": round(j.chances[role], 3), "visits": j.visits}
                        for j in judged[:CHOICES]]
    return found
