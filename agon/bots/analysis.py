"""Post-game analysis and hints: the bot's estimate of each seat's chance of winning.

`analyse(record, budget)` replays a finished game and, at every decision (an action whose role
had two choices or more), searches the position with ISMCTS from the deciding role's information
only (`IsmctsBot.assess`: the samples are `state.determinize(role, ...)`, as when the bot plays),
so a decision is judged by what its player could know. It gives, after each decision, every
seat's estimated chance of winning (the graph), the bot's preferred choice beside the one made,
and the decisions that lost the most (the chance the bot's choice would have kept, minus the
chance left after the one made). `hint(state, role, budget)` is the same search for a position in
play: the role's top three choices with their chances.

Every number is a search's estimate on a bounded budget (`Budget`: iterations per decision and
per match, and optional time limits); with iterations alone the result is repeatable for a seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from agon.bots import playable
from agon.bots.ismcts import IsmctsBot, Judged
from agon.engine import Action, State, load, replay
from agon.engine.actions import freeze
from agon.engine.rng import derived_seed
from agon.engine.text import as_text

WORST = 5  # decisions listed as the ones that lost the most
MISTAKE = 0.05  # a loss of chance below this is not listed (search noise at small budgets)
HINTS = 3  # choices a hint shows


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search an analysis or a hint may use.

    `iterations`: ISMCTS iterations per decision; `match_iterations`: for a whole match (each
    decision gets the smaller of `iterations` and its share of this); `seconds`: a time limit per
    decision, `match_seconds` for the whole match (0: none; once it is spent the remaining
    decisions are left unjudged and the analysis says it is partial). `cutoff`: the playout depth
    (None: the game's default, as `ismcts`)."""

    iterations: int = 200
    match_iterations: int = 40_000
    seconds: float = 0.0
    match_seconds: float = 0.0
    cutoff: int | None = None

    def __post_init__(self) -> None:
        for name in ("iterations", "match_iterations", "seconds", "match_seconds"):
            value = getattr(self, name)
            if not value >= 0:
                raise ValueError(f"analysis budget {name} must be 0 or more, not {value!r}")
        if not self.iterations and not self.seconds:
            raise ValueError("an analysis budget needs iterations or seconds per decision")


def judge(state: State, role: str, budget: Budget, seed: int, focus: Action | None = None,
          iterations: int | None = None) -> list[Judged]:
    """The choices of `role` in `state` as a search from its information judges them, most
    visited first (`focus` judged for sure)."""
    bot = IsmctsBot(state.game.id, seed, iterations=budget.iterations if iterations is None else iterations,
                    seconds=budget.seconds or None, cutoff=budget.cutoff)
    return bot.assess(state, role, focus)


def hint(state: State, role: str, budget: Budget, seed: int = 0) -> list[dict[str, Any]]:
    """The role's top three choices, each {"verb", "arg", "label", "message", "chance", "visits"},
    best first; ValueError (one line) when the role has no choice to make now. Only the role's
    own information is searched."""
    legal = playable(state, role)
    if len(legal) == 1:
        return [{**_named(state, legal[0]), "chance": None, "visits": 0}]
    judged = judge(state, role, budget, seed)
    return [{**_named(state, j.action), "chance": round(j.chances[role], 3), "visits": j.visits}
            for j in judged[:HINTS]]


def analyse(record: dict[str, Any], budget: Budget, seed: int = 0,
            progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The analysis of a finished game's record (JSON-ready); ValueError if the game is not over.

    {"game", "roles", "seed", "budget", "total" (actions), "complete" (every decision judged),
     "points": [{"step", "role", "chances": {role: p}}] (after the step-th action),
     "decisions": [{"step" (0-based index of the action), "role", "chosen", "best" (each
      {"verb", "arg", "label", "message"}), "before" (the chance with the best choice), "after"
      (with the one made), "loss", "choices", "visits"}],
     "worst": [indexes into decisions, the largest loss first], "winners"}
    `progress(done, total)` is called after each decision judged."""
    final = replay(record)
    ended = record.get("result") if isinstance(record.get("result"), dict) else None  # a resignation ended it
    if not final.is_over and ended is None:
        raise ValueError("only a finished game is analysed; this record stops before the end")
    game = load(record["game"])
    state = game.new(final.seed, generator=final.generator, **final.options)
    state.quiet = True
    roles = list(game.roles(**final.options))
    entries = final.record()["actions"]
    deciding = _decisions(entries, game.new(final.seed, generator=final.generator, **final.options))
    share = max(1, budget.match_iterations // max(1, len(deciding))) if budget.match_iterations else 0
    per_decision = min(budget.iterations, share) if budget.iterations and share else (budget.iterations or share)
    started = time.perf_counter()
    points: list[dict[str, Any]] = []
    decisions: list[dict[str, Any]] = []
    complete = True
    for index, entry in enumerate(entries):
        role, verb, arg, *note = entry
        action = Action(verb, freeze(arg))
        if index in deciding:
            if budget.match_seconds and time.perf_counter() - started > budget.match_seconds:
                complete = False
            else:
                decision = _decide(state, role, action, budget, _seed(seed, index), per_decision)
                if decision is None:
                    complete = False
                    state.apply(role, action, note=note[0] if note else None)
                    continue
                decision["step"] = index
                decisions.append(decision)
                points.append({"step": index + 1, "role": role, "chances": decision.pop("chances")})
                if progress is not None:
                    progress(len(decisions), len(deciding))
        state.apply(role, action, note=note[0] if note else None)
    winners = list(((final.result or {}) if final.is_over else ended or {}).get("winners", []))
    points.append({"step": len(entries), "role": None,
                   "chances": {r: (round(1 / len(winners), 3) if r in winners else 0.0) for r in roles}})
    worst = sorted((k for k, d in enumerate(decisions) if d["loss"] >= MISTAKE),
                   key=lambda k: (-decisions[k]["loss"], k))[:WORST]
    return {"game": game.id, "roles": roles, "seed": seed, "budget": asdict(budget), "total": len(entries),
            "complete": complete, "points": points, "decisions": decisions, "worst": worst, "winners": winners}


def _decisions(entries: list[list[Any]], state: State) -> set[int]:
    """The indexes of the actions whose role had a choice (two playable actions or more)."""
    state.quiet = True
    found = set()
    for index, (role, verb, arg, *_note) in enumerate(entries):
        if len(playable(state, role)) > 1:
            found.add(index)
        state.apply(role, Action(verb, freeze(arg)))
    return found


def _decide(state: State, role: str, action: Action, budget: Budget, seed: int,
            iterations: int) -> dict[str, Any] | None:
    judged = judge(state, role, budget, seed, focus=action, iterations=iterations)
    chosen = next((j for j in judged if j.action == action), None)
    if chosen is None:  # no iteration at all (a time limit spent before the first)
        return None
    best = judged[0]
    before = max(chosen.chances[role], best.chances[role])  # the best the role could have kept, as judged
    return {"role": role, "chosen": _named(state, action), "best": _named(state, best.action),
            "before": round(before, 3), "after": round(chosen.chances[role], 3),
            "loss": round(max(0.0, before - chosen.chances[role]), 3), "choices": len(playable(state, role)),
            "visits": sum(j.visits for j in judged),
            "chances": {r: round(p, 3) for r, p in chosen.chances.items()}}


def _named(state: State, action: Action) -> dict[str, Any]:
    label = as_text(state.label(action))
    return {"verb": action.verb, "arg": _jsonable(action.arg), "label": str(label), "message": label.to_json()}


def _jsonable(value: Any) -> Any:
    return [_jsonable(v) for v in value] if isinstance(value, tuple | list) else value


def _seed(seed: int, index: int) -> int:
    """Each decision's own search seed: the same decision is judged the same whatever came before."""
    return derived_seed(seed, "analysis", index)
