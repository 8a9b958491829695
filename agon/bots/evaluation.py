"""Position evaluations: what `greedy` maximises and what ISMCTS scores at a playout cut-off.

Each game that has one keeps it in `agon/games/<game>/evaluation.py` as
`evaluate(state) -> {role: estimate}`: every role's chance of winning as guessed from the
position, each in 0..1, summing to 1 over the roles. The features are public ones (score and VP
tracks, Support, control, cards in hand), documented in each module and in docs/bots.md, so an
evaluation of a determinized sample tells the deciding role nothing it could not see.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import types
from collections.abc import Callable, Mapping

from agon.engine import State, load

Evaluation = Callable[[State], dict[str, float]]


def evaluator(game_id: str) -> Evaluation | None:
    """The game's `evaluate`, or None if its package has no evaluation module."""
    module = _module(game_id)
    if module is None:
        return None
    evaluate: Evaluation = module.evaluate
    return evaluate


def _module(game_id: str) -> types.ModuleType | None:
    package = type(load(game_id)).__module__
    if not package.startswith("agon.games."):
        return None
    module_name = package.rsplit(".", 1)[0] + ".evaluation" if package.count(".") > 2 else package + ".evaluation"
    if importlib.util.find_spec(module_name) is None:
        return None
    return importlib.import_module(module_name)


def default_cutoff(game_id: str) -> int:
    """The playout depth at which ISMCTS scores with the evaluation by default: the module's
    `CUTOFF` (measured per game, docs/bots.md), 0 (playouts to the end) without one."""
    module = _module(game_id)
    return int(getattr(module, "CUTOFF", 0)) if module is not None else 0


def shares(values: Mapping[str, float], scale: float) -> dict[str, float]:
    """Softmax of `values` / `scale`: a lead of `scale` points is worth e (2.7) to 1 in odds."""
    top = max(values.values())
    weights = {role: math.exp((v - top) / scale) for role, v in values.items()}
    total = sum(weights.values())
    return {role: w / total for role, w in weights.items()}


def two_sided(first: str, second: str, lead: float, scale: float, roles: list[str]) -> dict[str, float]:
    """A two-sided game: `lead` points in `first`'s favour; only the seated `roles` are returned
    (a solo game seats one side against an automaton)."""
    both = shares({first: lead, second: 0.0}, scale)
    return {role: both[role] for role in roles}
