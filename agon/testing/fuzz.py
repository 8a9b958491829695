"""Random games to the end, checking after every action.

A problem is one of: a crash (an exception from the game), a dead end (not over, but nobody or
an active role with no legal action), an invariant failure (check_invariants raised), a stall
(no end after max_actions), a replay mismatch (the record does not rebuild the same state).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agon.bots import Bot, make_bot
from agon.engine import IllegalAction, State, load, replay
from agon.engine.rng import Rng, make_rng
from agon.match import bot_seed


@dataclass
class Problem:
    seed: int
    kind: str
    detail: str
    step: int

    def __str__(self) -> str:
        return f"seed {self.seed}: {self.kind} at action {self.step}: {self.detail}"


@dataclass
class FuzzReport:
    game: str
    options: dict[str, Any]
    games: int = 0
    actions: int = 0
    problems: list[Problem] = field(default_factory=list)
    winners: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        lines = [f"{self.game} {self.options}: {self.games} games, {self.actions} actions, {len(self.problems)} problems"]
        if self.winners:
            lines.append("winners: " + ", ".join(f"{k} {v}" for k, v in sorted(self.winners.items())))
        lines += [f"  {p}" for p in self.problems[:20]]
        return "\n".join(lines)


Seats = dict[str, str] | str | None


def _seat_bots(game_id: str, state: State, seats: Seats, seed: int) -> dict[str, Bot]:
    if seats is None:
        return {}
    game = state.game
    roles = game.roles(**state.options)
    if seats == "default":
        names = {role: game.default_seat(role, state.options) for role in roles}
    elif isinstance(seats, dict):
        names = dict(seats)
    else:
        raise ValueError(f"seats must be None, 'default' or a dict, not {seats!r}")
    return {
        role: make_bot(name, game_id, bot_seed(seed, index, state.generator))
        for index, (role, name) in enumerate(names.items())
        if name != "random"
    }


def play_random_game(
    game_id: str,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    check: bool = True,
    max_actions: int = 200_000,
    seats: Seats = None,
    generator: str = "splitmix",
) -> tuple[State, Problem | None]:
    """One game of random moves (and of bots in the seats `seats` names) with the random
    generator `generator` names (see `Game.new`); returns the final (or failing) state and the
    first problem found."""
    options = dict(options or {})
    chooser = Rng(seed ^ 0x5EED)
    step = 0
    try:
        state = load(game_id).new(seed, generator=generator, **options)
        bots = _seat_bots(game_id, state, seats, seed)
    except Exception:
        return None, Problem(seed, "crash", traceback.format_exc(limit=8), -1)  # type: ignore[return-value]
    try:
        if check:
            state.check_invariants()
        while step < max_actions:
            active = state.active
            if not active:
                if state.is_over:
                    return state, None
                return state, Problem(seed, "dead end", "no active role and the game is not over", step)
            role = active[chooser.below(len(active))]
            legal = state.legal_actions(role)
            if not legal:
                return state, Problem(seed, "dead end", f"{role} is active with no legal action: {state.prompt(role).message()}", step)
            bot = bots.get(role)
            if bot is None:
                state.apply(role, legal[chooser.below(len(legal))])
            else:
                action = bot.choose(state, role)
                try:
                    state.apply(role, action, note=getattr(bot, "last_reason", None))
                except IllegalAction as err:
                    return state, Problem(seed, "illegal choice", f"{bot.name} chose {action} for {role}: {err}", step)
            step += 1
            if check:
                state.check_invariants()
        return state, Problem(seed, "stall", f"no end after {max_actions} actions", step)
    except AssertionError as err:
        return state, Problem(seed, "invariant", f"{err}\n{traceback.format_exc(limit=6)}", step)
    except Exception:
        return state, Problem(seed, "crash", traceback.format_exc(limit=12), step)


def fuzz(
    game_id: str,
    games: int,
    options: dict[str, Any] | None = None,
    *,
    first_seed: int = 0,
    check_replay: bool = True,
    max_actions: int = 200_000,
    seats: Seats = None,
    progress: Callable[[int], None] | None = None,
    generator: str = "splitmix",
) -> FuzzReport:
    """Play `games` games from consecutive seeds and report every problem.

    `seats`: None, every role moves at random; "default", each role gets the game's default seat
    (e.g. Cuba Libre's Non-Players for the factions nobody plays), random where that is "random";
    or a dict role -> bot name (roles not named move at random). `progress(n)` is called after
    each game with the number of games done (the CLI's progress bar). `generator`: the games'
    random generator, "splitmix" or "keyed" (their records say so, and replay with it).
    """
    for seed in (first_seed, first_seed + games - 1):
        make_rng(generator, seed)  # a generator that is none, or seeds it does not take: one error, not a crash a game
    report = FuzzReport(game_id, dict(options or {}))
    for seed in range(first_seed, first_seed + games):
        state, problem = play_random_game(game_id, seed, options, max_actions=max_actions, seats=seats,
                                          generator=generator)
        report.games += 1
        if progress is not None:
            progress(report.games)
        if state is not None:
            report.actions += len(state.history)
        if problem is not None:
            report.problems.append(problem)
            continue
        verdict = state.verdict
        for winner in verdict.winners if verdict is not None else ():
            report.winners[winner] = report.winners.get(winner, 0) + 1
        if check_replay:
            try:
                again = replay(state.record())
                if again.digest() != state.digest():
                    report.problems.append(Problem(seed, "replay mismatch", "digests differ", len(state.history)))
            except Exception as err:
                report.problems.append(Problem(seed, "replay mismatch", str(err), len(state.history)))
    return report
