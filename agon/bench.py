"""`agon bench`: random full games per second, actions per second, microseconds per clone()."""

from __future__ import annotations

import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agon.engine import State, load
from agon.engine.rng import Rng, make_rng


@dataclass
class BenchResult:
    game: str
    options: dict[str, Any]
    games: int
    actions: int
    seconds: float
    cpu_seconds: float
    clone_us: float
    generator: str = "splitmix"

    @property
    def games_per_second(self) -> float:
        """Per second of this process's CPU time: steady when other work shares the cores."""
        return self.games / self.cpu_seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.cpu_seconds

    def summary(self) -> str:
        keyed = ", keyed generator" if self.generator != "splitmix" else ""
        return (
            f"{self.game} {self.options}{keyed}: {self.games_per_second:.1f} random full games/s, "
            f"{self.actions_per_second:,.0f} actions/s ({self.actions / max(self.games, 1):.0f} actions/game), "
            f"{f'clone() {self.clone_us:.1f} µs' if self.clone_us else 'clone() not timed'}  [per CPU second, one core; wall clock: "
            f"{self.games / self.seconds:.1f} games/s]"
        )


def bench(game_id: str, seconds: float = 5.0, options: dict[str, Any] | None = None, seed: int = 0,
          progress: Callable[[float], None] | None = None, time_clones: bool = True,
          generator: str = "splitmix") -> BenchResult:
    """Play random games for about `seconds`, with no checks; then time clone() on mid-game states
    (unless `time_clones` is off: clone_us is then 0). `progress(elapsed)` is called after each
    game (the CLI's progress bar). `generator`: the games' random generator (`Game.new`)."""
    game = load(game_id)
    options = dict(options or {})
    make_rng(generator, seed)  # a bad generator: its one-line error before any game
    rand = random.Random(seed).random
    games = actions = 0
    samples: list[State] = []
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < seconds or games == 0:
        state = game.new(seed + games, quiet=True, generator=generator, **options)  # a machine's game: no log work (issue 15)
        n = play_random(state, rand, samples if len(samples) < 50 else None)
        games += 1
        actions += n
        if progress is not None:
            progress(time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    clone_us = _time_clone(samples or [game.new(seed, **options)]) if time_clones else 0.0
    return BenchResult(game_id, options, games, actions, elapsed, cpu, clone_us, generator)


def play_random(state: State, rand: Callable[[], float], samples: list[State] | None = None) -> int:
    """Play `state` to its end with uniformly random legal actions; the number of actions. With
    `samples`, a clone of the position after 40 actions goes into it (for timing clone()).

    The harness's own choices cost next to nothing (`rand` is a C generator, not the games'
    SplitMix64), and the engine plays the whole game in one call (`State.play_random`: the
    position's memoised lists, no legality scan), so what it costs is the game's own work
    (issue 15)."""
    if samples is None:
        return state.play_random(rand)
    n = state.play_random(rand, 40)
    if n == 40:
        samples.append(state.clone())
    return n + state.play_random(rand)


@dataclass
class InstructionCount:
    game: str
    options: dict[str, Any]
    games: int
    actions: int
    instructions: int  # of play alone: the same games' setups are counted apart and taken off
    generator: str = "splitmix"

    @property
    def per_action(self) -> float:
        return self.instructions / max(self.actions, 1)

    def summary(self) -> str:
        keyed = ", keyed generator" if self.generator != "splitmix" else ""
        return (f"{self.game} {self.options}{keyed}: {self.per_action:,.0f} instructions per action "
                f"({self.games} fixed quiet random games, {self.actions:,} actions; setup not counted)"
                "  [cachegrind, PYTHONHASHSEED=0: the same on any load]")


def play_fixed(game_id: str, games: int, options: dict[str, Any] | None = None, play: bool = True,
               generator: str = "splitmix") -> int:
    """The workload `count_instructions` measures: `games` quiet games from seeds 1000, 1001, ...
    played to their end by `play_random` from one fixed chooser (`play` False: only set up); the
    number of actions played."""
    game = load(game_id)
    rand = random.Random(12345).random
    actions = 0
    for k in range(games):
        state = game.new(1000 + k, quiet=True, generator=generator, **dict(options or {}))
        if play:
            actions += play_random(state, rand)
    return actions


def count_instructions(game_id: str, games: int = 10, options: dict[str, Any] | None = None,
                       generator: str = "splitmix") -> InstructionCount:
    """`agon bench GAME --instructions`: the CPU instructions per action of fixed random games,
    counted by valgrind's cachegrind, which no machine load changes (a timing swings by 1.5x on a
    shared machine). Runs `play_fixed` twice in a child process, with and without play, and takes
    the difference, so the interpreter's start and the setups are not counted."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise ValueError("--instructions needs valgrind (Debian: apt-get install valgrind)")
    if games < 1:
        raise ValueError(f"--games must be at least 1; got {games}")
    options = dict(options or {})
    load(game_id).normalize_options(dict(options))  # a bad option: the game's own one-line error, here
    make_rng(generator, 1000)  # and a bad generator
    counts = []
    for play in (True, False):
        code = (f"from agon.bench import play_fixed; "
                f"print(play_fixed({game_id!r}, {games}, {options!r}, play={play}, generator={generator!r}))")
        done = subprocess.run(
            [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, "-c", code],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if done.returncode != 0 or refs is None:  # the child's last words, not valgrind's summary
            lines = [line for line in done.stderr.strip().splitlines() if not line.startswith("==")]
            raise ValueError(f"the counted run failed: {lines[-1] if lines else f'exit code {done.returncode}'}")
        counts.append((int(refs.group(1).replace(",", "")), int(done.stdout.split()[-1])))
    (played, actions), (setup, _) = counts
    return InstructionCount(game_id, options, games, actions, played - setup, generator)


def profile(game_id: str, seconds: float = 5.0, options: dict[str, Any] | None = None, top: int = 25,
            generator: str = "splitmix") -> str:
    """`agon bench GAME --profile`: the bench's random games under cProfile; the summary, then the
    `top` functions by time spent in them (their own time, callees excluded), so the next person
    who speeds a game up starts from data."""
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    result = profiler.runcall(bench, game_id, seconds, options, time_clones=False, generator=generator)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
    lines = out.getvalue().strip().splitlines()
    table = lines[next((i for i, line in enumerate(lines) if "ncalls" in line), 0):]
    return "\n".join([result.summary() + "  [under the profiler: slower than without]", *table])


def _time_clone(states: list[Any]) -> float:
    rounds = max(1, 20000 // len(states))
    start = time.process_time()
    for _ in range(rounds):
        for s in states:
            s.clone()
    return (time.process_time() - start) / (rounds * len(states)) * 1e6


# -- `agon bench ismcts [--against openspiel]`: search speed (and strength) side by side ----------

ISMCTS_GAMES = ("dual-powers", "1989", "intrigue-city", "cuba-libre")


@dataclass
class SearchSpeed:
    game: str
    searcher: str
    iterations: int
    cpu_seconds: float

    @property
    def per_second(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds else 0.0


@dataclass
class IsmctsBench:
    speeds: list[SearchSpeed]
    match: dict[str, Any] | None = None

    def rate(self, game: str, searcher: str) -> float:
        return next((s.per_second for s in self.speeds if s.game == game and s.searcher == searcher), 0.0)

    def summary(self) -> str:
        lines = []
        for game in dict.fromkeys(s.game for s in self.speeds):
            ours, theirs = self.rate(game, "agon"), self.rate(game, "openspiel")
            line = f"{game}: agon ismcts {ours:,.1f} iterations/s"
            if theirs:
                line += f", OpenSpiel ISMCTS {theirs:,.1f} simulations/s, ratio {ours / theirs:.1f}x"
            lines.append(line + "  [per CPU second, same positions]")
        if self.match:
            m = self.match
            lines.append(f"{m['game']}, {m['games']} games, agon {m['agon_iterations']} iterations vs OpenSpiel "
                         f"{m['openspiel_iterations']} simulations per move (equal CPU time): agon won {m['agon_wins']}, "
                         f"OpenSpiel won {m['openspiel_wins']}, other {m['other']}")
        return "\n".join(lines)


def _positions(game_id: str, count: int, seed: int, depth: int = 40) -> list[Any]:
    """Mid-game positions: `depth` random actions from `count` seeded deals (a decision with a choice)."""
    game = load(game_id)
    chooser = Rng(seed)
    found = []
    for k in range(count):
        state = game.new(seed + k)
        for _ in range(depth):
            role = state.active[0]
            legal = state.legal_actions(role)
            state.apply(role, legal[chooser.below(len(legal))])
        while state.active and len(state.legal_actions(state.active[0])) < 2:
            state.apply(state.active[0], state.legal_actions(state.active[0])[0])
        if state.active:
            found.append(state)
    return found


def _time_search(bot: Any, states: list[Any]) -> float:
    start = time.process_time()
    for state in states:
        bot.choose(state, state.active[0])
    return time.process_time() - start


def bench_ismcts(games: tuple[str, ...] = ISMCTS_GAMES, against: str | None = None, iterations: int = 40,
                 positions: int = 3, match_games: int = 2, seed: int = 0) -> IsmctsBench:
    """agon's ISMCTS iterations per CPU second on the same mid-game positions of each game; with
    `against="openspiel"` also OpenSpiel's ISMCTS through agon.rl.openspiel with as many simulations,
    and a short match on Dual Powers at equal CPU time per move."""
    from agon.bots.ismcts import IsmctsBot

    if against not in (None, "openspiel"):
        raise ValueError(f"--against takes 'openspiel', not {against!r}")
    if against == "openspiel" and importlib.util.find_spec("pyspiel") is None:
        raise ValueError("--against openspiel needs OpenSpiel: pip install 'agon[rl]'")
    speeds = []
    for game_id in games:
        states = _positions(game_id, positions, seed)
        bot = IsmctsBot(game_id, seed, iterations=iterations)
        speeds.append(SearchSpeed(game_id, "agon", iterations * len(states), _time_search(bot, states)))
        if against == "openspiel":
            from agon.rl.openspiel import OpenSpielIsmcts

            theirs = OpenSpielIsmcts(game_id, seed, iterations=iterations)
            speeds.append(SearchSpeed(game_id, "openspiel", iterations * len(states), _time_search(theirs, states)))
    result = IsmctsBench(speeds)
    if against == "openspiel" and match_games > 0:
        result.match = _match("dual-powers", result, match_games, seed)
    return result


def _match(game_id: str, speeds: IsmctsBench, games: int, seed: int, openspiel_iterations: int = 20) -> dict[str, Any]:
    """agon's ISMCTS against OpenSpiel's, seats alternating, each given the same CPU time per move."""
    from agon.bots.ismcts import IsmctsBot
    from agon.rl.openspiel import OpenSpielIsmcts

    ratio = speeds.rate(game_id, "agon") / max(speeds.rate(game_id, "openspiel"), 1e-9)
    ours_iterations = max(int(openspiel_iterations * ratio), openspiel_iterations)
    game = load(game_id)
    tally = {"agon_wins": 0, "openspiel_wins": 0, "other": 0}
    for k in range(games):
        state = game.new(seed + 100 + k)
        roles = game.roles(**state.options)
        ours_role = roles[k % len(roles)]
        bots = {r: (IsmctsBot(game_id, seed + k, iterations=ours_iterations) if r == ours_role
                    else OpenSpielIsmcts(game_id, seed + k, iterations=openspiel_iterations)) for r in roles}
        while state.active:
            role = state.active[0]
            state.apply(role, bots[role].choose(state, role))
        verdict = state.verdict
        winners = list(verdict.winners) if verdict is not None else []
        if winners == [ours_role]:
            tally["agon_wins"] += 1
        elif winners and ours_role not in winners:
            tally["openspiel_wins"] += 1
        else:
            tally["other"] += 1
    return {"game": game_id, "games": games, "agon_iterations": ours_iterations,
            "openspiel_iterations": openspiel_iterations, **tally}
