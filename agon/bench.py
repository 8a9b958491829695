"""`agon bench`: random full games per second, actions per second, microseconds per clone()."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agon.engine import load
from agon.engine.rng import Rng


@dataclass
class BenchResult:
    game: str
    options: dict[str, Any]
    games: int
    actions: int
    seconds: float
    cpu_seconds: float
    clone_us: float

    @property
    def games_per_second(self) -> float:
        """Per second of this process's CPU time: steady when other work shares the cores."""
        return self.games / self.cpu_seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.cpu_seconds

    def summary(self) -> str:
        return (
            f"{self.game} {self.options}: {self.games_per_second:.1f} random full games/s, "
            f"{self.actions_per_second:,.0f} actions/s ({self.actions / max(self.games, 1):.0f} actions/game), "
            f"clone() {self.clone_us:.1f} µs  [per CPU second, one core; wall clock: "
            f"{self.games / self.seconds:.1f} games/s]"
        )


def bench(game_id: str, seconds: float = 5.0, options: dict[str, Any] | None = None, seed: int = 0,
          progress: Callable[[float], None] | None = None) -> BenchResult:
    """Play random games for about `seconds`, with no checks; then time clone() on mid-game states.
    `progress(elapsed)` is called after each game (the CLI's progress bar)."""
    game = load(game_id)
    options = dict(options or {})
    chooser = Rng(seed)
    games = actions = 0
    samples = []
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < seconds or games == 0:
        state = game.new(seed + games, **options)
        n = 0
        while True:
            active = state.active
            if not active:
                break
            role = active[0] if len(active) == 1 else active[chooser.below(len(active))]
            legal = state.legal_actions(role)
            state.apply(role, legal[chooser.below(len(legal))])
            n += 1
            if n == 40 and len(samples) < 50:
                samples.append(state.clone())
        games += 1
        actions += n
        if progress is not None:
            progress(time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    clone_us = _time_clone(samples or [game.new(seed, **options)])
    return BenchResult(game_id, options, games, actions, elapsed, cpu, clone_us)


def _time_clone(states: list[Any]) -> float:
    rounds = max(1, 20000 // len(states))
    start = time.process_time()
    for _ in range(rounds):
        for s in states:
            s.clone()
    return (time.process_time() - start) / (rounds * len(states)) * 1e6
