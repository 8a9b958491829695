"""Train a MaskablePPO policy in one seat of a game, save it, and measure it (`agon train GAME`).

The learner plays one seat (`seat`, default the game's first role) of the single-agent environment
`SeatEnv`; every other seat is played inside the environment by the `opponent` bot (default the
random bot), or by the learner itself (`opponent="self"`: self-play, one policy in every seat). The
policy is saved as sb3-contrib's zip (agon/rl/policy.py), then seated as the bot `ppo:path=FILE`
for `games` games against each of `random` and `greedy` in every other seat, on seeds training
never used (from MEASURE_SEED); the random bot plays the same games in the same seat as a baseline.
Win rates come with their 95% Wilson intervals (`agon.report.wilson`, via `agon.tournament`).
Needs the `[train]` extra (PyTorch CPU, stable-baselines3, sb3-contrib); docs/rl.md has the results.
"""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from agon.bots import bots, check_bot
from agon.engine import load
from agon.rl.policy import METADATA, PolicyInfo, require_train_extra, squash
from agon.rl.selfplay import SelfPlayEnv
from agon.rl.spaces import spec
from agon.tournament import tournament

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

SELF = "self"  # the opponent that is the learner itself
OPPONENTS = ("random", "greedy")  # what a policy is measured against
MEASURE_SEED = 1_000_000  # the first seed of the measuring games (training plays seeds seed, seed + 1, ...)

Progress = Callable[[float], None]


class SeatEnv(SelfPlayEnv):
    """The learner in `seat`, every other seat played by the bot `opponent` (or, with "self", by
    the learner too); observations squashed as the policy bot squashes them (agon/rl/policy.py)."""

    def __init__(self, game_id: str, seat: str, opponent: str, **options: Any) -> None:
        roles = load(game_id).roles(**load(game_id).normalize_options(dict(options)))
        if opponent == SELF:
            super().__init__(game_id, **options)
        else:
            super().__init__(game_id, agents=[seat], seats={r: opponent for r in roles if r != seat}, **options)

    def _observation(self) -> np.ndarray:
        return squash(super()._observation())


@dataclass
class TrainSettings:
    """What `agon train` is asked for (each checked by `check`)."""

    game: str
    steps: int = 50_000
    seed: int = 0
    seat: str | None = None
    opponent: str = "random"
    games: int = 100
    options: dict[str, Any] = field(default_factory=dict)
    n_steps: int = 2048  # steps per PPO rollout (fewer when the whole budget is smaller)
    threads: int = 1  # PyTorch threads: one, beside the machine's other work

    def check(self) -> None:
        """ValueError (one line) for anything `agon train` cannot do; fills in the seat."""
        game = load(self.game)
        options = game.normalize_options(dict(self.options))
        roles = game.roles(**options)
        self.seat = self.seat or roles[0]
        if self.seat not in roles:
            raise ValueError(f"no seat {self.seat} in {self.game}; seats: {', '.join(roles)}")
        if len(roles) < 2:
            raise ValueError(f"{self.game} with these options has one seat ({self.seat}): train in a game of two or more")
        for name, value, least in (("--steps", self.steps, 1), ("--games", self.games, 1), ("--threads", self.threads, 1),
                                   ("--seed", self.seed, 0)):
            if value < least:
                raise ValueError(f"{name} must be {least} or more; got {value}")
        if self.opponent != SELF:
            check_bot(self.opponent, self.game)

    def command(self, out: str) -> str:
        """The `agon train` command line these settings stand for."""
        words = ["agon", "train", self.game, "--steps", str(self.steps), "--seed", str(self.seed), "--seat", str(self.seat),
                 "--opponent", self.opponent, "--games", str(self.games), "--out", out]
        for key, value in self.options.items():
            words += ["--option", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
        return shlex.join(words)


@dataclass
class Measure:
    """A policy's games against one opponent, with the random bot's in the same seat beside them."""

    opponent: str
    games: int
    wins: float
    rate: tuple[float, float, float]  # the win rate and its 95% Wilson interval
    baseline: tuple[float, float, float]  # the random bot's, in the same seat and games
    actions: float  # mean length of the policy's games

    def as_dict(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "games": self.games, "wins": self.wins, "rate": self.rate[0],
                "low": self.rate[1], "high": self.rate[2], "random_rate": self.baseline[0],
                "random_low": self.baseline[1], "random_high": self.baseline[2], "mean_actions": self.actions}


def train(settings: TrainSettings, out: str | Path, progress: Progress | None = None) -> MaskablePPO:
    """Train `settings.steps` decisions of the learner and save the policy to `out` (a zip)."""
    settings.check()
    require_train_extra()
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import Logger

    torch.set_num_threads(settings.threads)
    env = SeatEnv(settings.game, str(settings.seat), settings.opponent, **settings.options)
    rollout = max(64, min(settings.n_steps, settings.steps))
    model = MaskablePPO("MlpPolicy", env, n_steps=rollout, batch_size=64, ent_coef=0.01, seed=settings.seed,
                        device="cpu", verbose=0)
    # a logger that writes nothing: the library's default makes an empty SB3-<date> folder in the
    # temporary directory at every training, which nothing removes
    model.set_logger(Logger(folder=None, output_formats=[]))

    class Report(BaseCallback):
        def _on_step(self) -> bool:
            if progress is not None:
                progress(min(1.0, self.num_timesteps / settings.steps))
            return True

    model.learn(total_timesteps=settings.steps, callback=Report())
    game_spec = spec(settings.game)
    info = PolicyInfo(settings.game, str(settings.seat), dict(settings.options), game_spec.num_actions,
                      game_spec.observer().size, settings.opponent, int(model.num_timesteps))
    setattr(model, METADATA, info.as_dict())  # saved in the zip's "data" with the model's attributes
    model.save(str(out))
    return model


def measure(path: str | Path, game_id: str, seat: str, games: int, options: dict[str, Any] | None = None,
            opponents: tuple[str, ...] = OPPONENTS, progress: Progress | None = None) -> list[Measure]:
    """The policy in `path`, seated in `seat` as `ppo:path=...`, for `games` games against each
    opponent in every other seat, and the random bot in its place on the same seeds."""
    options = dict(options or {})
    game = load(game_id)
    roles = game.roles(**game.normalize_options(dict(options)))
    available = [name for name in opponents if name in bots(game_id)]
    results: list[Measure] = []
    for index, opponent in enumerate(available):
        others = {role: opponent for role in roles if role != seat}

        def advance(done: int, index: int = index) -> None:
            if progress is not None:
                progress((index + done / (2 * games)) / len(available))

        policy = tournament(game_id, {seat: f"ppo:path={path}", **others}, games, options, first_seed=MEASURE_SEED,
                            progress=advance)
        def advance_base(done: int, index: int = index) -> None:
            advance(games + done, index)

        base = tournament(game_id, {seat: "random", **others}, games, options, first_seed=MEASURE_SEED,
                          progress=advance_base)
        results.append(Measure(opponent, games, policy.wins(seat), policy.win_rate(seat), base.win_rate(seat),
                               sum(g.actions for g in policy.games) / games))
    return results


def table(game_id: str, seat: str, measures: list[Measure]) -> str:
    """The measures as a plain-text table, one row per opponent."""
    lines = [f"{game_id}: the policy in seat {seat}, against each opponent in every other seat (95% Wilson intervals)",
             f"  {'opponent':<10} {'games':>5} {'wins':>6}  {'policy win rate':<24} {'random bot in its seat':<24}"]
    for m in measures:
        lines.append(f"  {m.opponent:<10} {m.games:>5} {m.wins:>6.1f}  {_rate(m.rate):<24} {_rate(m.baseline):<24}")
    return "\n".join(lines)


def _rate(rate: tuple[float, float, float]) -> str:
    return f"{rate[0]:6.1%} ({rate[1]:.1%}–{rate[2]:.1%})"


@dataclass
class Run:
    """A whole `agon train`: the settings, the times, the measures; `as_dict` is its JSON."""

    settings: TrainSettings
    out: str
    train_wall: float
    train_cpu: float
    measure_wall: float
    measure_cpu: float
    trained_steps: int
    measures: list[Measure]

    def as_dict(self) -> dict[str, Any]:
        s = self.settings
        return {"game": s.game, "seat": s.seat, "opponent": s.opponent, "options": s.options, "steps": self.trained_steps,
                "seed": s.seed, "policy": self.out, "command": s.command(self.out),
                "train_wall_seconds": round(self.train_wall, 1), "train_cpu_seconds": round(self.train_cpu, 1),
                "measure_wall_seconds": round(self.measure_wall, 1), "measure_cpu_seconds": round(self.measure_cpu, 1),
                "measure_first_seed": MEASURE_SEED, "results": [m.as_dict() for m in self.measures]}


def run(settings: TrainSettings, out: str | Path, progress: Progress | None = None) -> Run:
    """Train, save to `out`, then measure the saved file (as a bot would load it)."""
    if "," in str(out):
        raise ValueError(f"--out {out}: a policy's path may not hold a comma (a bot's settings are split at commas)")
    settings.check()
    require_train_extra()
    wall, cpu = time.perf_counter(), time.process_time()
    model = train(settings, out, None if progress is None else lambda done: progress(done * 0.8))
    trained = (time.perf_counter() - wall, time.process_time() - cpu)
    wall, cpu = time.perf_counter(), time.process_time()
    measures = measure(out, settings.game, str(settings.seat), settings.games, settings.options,
                       progress=None if progress is None else lambda done: progress(0.8 + 0.2 * done))
    measured = (time.perf_counter() - wall, time.process_time() - cpu)
    return Run(settings, str(out), *trained, *measured, int(model.num_timesteps), measures)


def write_json(result: Run, path: str | Path) -> None:
    Path(path).write_text(json.dumps(result.as_dict(), indent=1) + "\n")
