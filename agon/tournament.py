"""Many games between fixed seats, for balance studies: win rates with confidence intervals.

`agon tournament cuba-libre --players 0 --games 500 --jobs 2` plays the seeds first_seed..,
in parallel processes when jobs > 1 (or as Ray Core tasks on a cluster, `--ray ADDRESS`), and
reports per role: wins (a shared win counts as a fraction), the win rate with its 95% Wilson
interval, and the mean score; plus the mean length. `--out results.json` keeps it all, every
game's seed and result included, for `agon report` (see agon.report).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agon.engine import State
from agon.match import play_match
from agon.report import wilson


@dataclass
class GameSummary:
    seed: int
    winners: list[str]
    scores: dict[str, float]
    actions: int
    reason: str
    first: str = ""  # the role that acted first
    seconds: dict[str, float] = field(default_factory=dict)  # thinking time per seat
    moves: dict[str, int] = field(default_factory=dict)  # bot choices per seat
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds (process time) thinking, per seat


@dataclass
class TournamentReport:
    game: str
    seats: dict[str, str]
    options: dict[str, Any]
    games: list[GameSummary] = field(default_factory=list)

    def wins(self, role: str) -> float:
        return sum(1 / len(g.winners) for g in self.games if role in g.winners)

    def win_rate(self, role: str) -> tuple[float, float, float]:
        """The rate and its 95% Wilson score interval."""
        return wilson(self.wins(role), len(self.games))

    def mean_score(self, role: str) -> float | None:
        values = [g.scores[role] for g in self.games if isinstance(g.scores.get(role), (int, float))]
        return sum(values) / len(values) if values else None

    def summary(self) -> str:
        n = len(self.games)
        lines = [f"{self.game} {self.options}: {n} games, {sum(g.actions for g in self.games) / max(n, 1):.0f} actions/game"]
        for role, who in self.seats.items():
            rate, low, high = self.win_rate(role)
            score = self.mean_score(role)
            shown = "" if score is None else f", mean score {score:.1f}"
            lines.append(f"  {role:<12} {who:<11} wins {self.wins(role):7.1f}  {rate:6.1%}  (95% {low:.1%}–{high:.1%}){shown}")
        others = sorted({w for g in self.games for w in g.winners if w not in self.seats})
        for winner in others:  # a rulebook automaton that holds no seat (the Dual Powers Opposition)
            lines.append(f"  {winner:<12} {'(no seat)':<11} wins {self.wins(winner):7.1f}  {self.win_rate(winner)[0]:6.1%}")
        no_winner = sum(1 for g in self.games if not g.winners)
        if no_winner:
            lines.append(f"  no winner among the seats: {no_winner}")
        return "\n".join(lines)


    def seconds_per_move(self, role: str) -> float:
        moves = sum(g.moves.get(role, 0) for g in self.games)
        return sum(g.seconds.get(role, 0.0) for g in self.games) / moves if moves else 0.0

    def cpu_per_move(self, role: str) -> float:
        """CPU seconds (this process's) a move: the budget a bot really had, whatever the load."""
        moves = sum(g.moves.get(role, 0) for g in self.games)
        return sum(g.cpu.get(role, 0.0) for g in self.games) / moves if moves else 0.0

    def to_json(self) -> dict[str, Any]:
        """What `--out` writes and `agon report` reads."""
        winners = sorted({w for g in self.games for w in g.winners} | set(self.seats))
        return {
            "game": self.game, "options": self.options, "seats": self.seats, "games": len(self.games),
            "wins": {role: self.wins(role) for role in winners},
            "draws": sum(1 for g in self.games if not g.winners),
            "lengths": [g.actions for g in self.games],
            "seconds_per_move": {role: self.seconds_per_move(role) for role in self.seats},
            "cpu_per_move": {role: self.cpu_per_move(role) for role in self.seats},
            "results": [{"seed": g.seed, "winners": g.winners, "scores": g.scores, "actions": g.actions,
                         "reason": g.reason, "first": g.first} for g in self.games],
        }

    def write(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")


def play_one(args: tuple[str, dict[str, str], int, dict[str, Any]]) -> GameSummary:
    """One game: (game, seats, seed, options) -> its summary (also `agon.ladder`'s game)."""
    game_id, seats, seed, options = args
    seconds: dict[str, float] = {}
    cpu: dict[str, float] = {}
    moves: dict[str, int] = {}
    first: list[str] = []
    started = [0.0, 0.0]

    def before_bot(state: State, role: str) -> None:
        started[0], started[1] = time.perf_counter(), time.process_time()

    def on_action(state: State, role: str, action: Any) -> None:
        if not first:
            first.append(role)
        if started[0]:
            seconds[role] = seconds.get(role, 0.0) + time.perf_counter() - started[0]
            cpu[role] = cpu.get(role, 0.0) + time.process_time() - started[1]
            moves[role] = moves.get(role, 0) + 1
            started[0] = 0.0

    state = play_match(game_id, seats, seed, before_bot=before_bot, on_action=on_action, **options)
    verdict = state.verdict
    winners, scores, reason = (list(verdict.winners), dict(verdict.scores), verdict.reason) if verdict else ([], {}, "")
    return GameSummary(seed, winners, scores, len(state.history), reason, first[0] if first else "", seconds, moves, cpu)


def tournament(game_id: str, seats: dict[str, str], games: int, options: dict[str, Any] | None = None,
               first_seed: int = 0, jobs: int = 1, progress: Callable[[int], None] | None = None,
               ray_address: str | None = None) -> TournamentReport:
    """Play the seeds first_seed.. with `seats`; `progress(n)` is called with the games done so far.
    With `ray_address` ("auto", "local" or "ray://host:10001") each game is a Ray Core task."""
    options = dict(options or {})
    work: Iterable[tuple[str, dict[str, str], int, dict[str, Any]]] = [
        (game_id, seats, seed, options) for seed in range(first_seed, first_seed + games)
    ]
    report = TournamentReport(game_id, seats, options)
    if ray_address is not None:
        _collect(report, _on_ray(ray_address, list(work)), progress)
    elif jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            _collect(report, pool.map(play_one, work, chunksize=max(1, games // (jobs * 8))), progress)
    else:
        _collect(report, map(play_one, work), progress)
    return report


def _collect(report: TournamentReport, played: Iterable[GameSummary], progress: Callable[[int], None] | None) -> None:
    for summary in played:
        report.games.append(summary)
        if progress is not None:
            progress(len(report.games))


def _play_many(batch: list[tuple[str, dict[str, str], int, dict[str, Any]]]) -> list[GameSummary]:
    return [play_one(args) for args in batch]


def _on_ray(address: str, work: list[tuple[str, dict[str, str], int, dict[str, Any]]]) -> Iterator[GameSummary]:
    """Batches of games as Ray Core tasks on the cluster at `address` ("local": a Ray started
    here); the summaries in the order the batches finish (seeds are kept with each). A task
    per game would cost more in scheduling than a random game of Dual Powers takes to play, so
    the games go in ~8 batches per CPU of the cluster."""
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'agon[cluster]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        # a cluster started here lives as long as this call; Ray's notice that it made it a token is noise
        logging.getLogger("ray._private.authentication").setLevel(logging.ERROR)
        try:
            ray.init(address=None if address == "local" else address, include_dashboard=False,
                     log_to_driver=False, configure_logging=False)
        except Exception as error:  # Ray raises many kinds (connection, authentication, version)
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise ValueError(f"could not start or reach Ray at {address!r}: {first_line}") from None
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, len(work) // (cpus * 8))
        play = ray.remote(_play_many)
        pending = [play.remote(work[start:start + size]) for start in range(0, len(work), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for batch in ray.get(done):
                yield from batch
    finally:
        if started_here:
            ray.shutdown()
