"""`agon train GAME`: MaskablePPO in one seat, saved, then measured against random and greedy.

Everything but the command line lives in agon/rl/train.py; this module imports it only when the
command runs, so `agon` itself never needs the `[rl]` or `[train]` extras.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from agon.cli.options import game_options


def add_parser(sub: Any, add_game_options: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("train", help="train a MaskablePPO policy in one seat (needs agon[train]), save it, and "
                                          "measure it against random and greedy with 95%% intervals")
    parser.add_argument("game", help="a game id (`agon games` lists them)")
    parser.add_argument("--steps", type=int, default=50_000, help="the learner's decisions to train on (default 50000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the training games and of PPO (default 0)")
    parser.add_argument("--seat", help="the seat the policy learns and is measured in (default: the game's first role)")
    parser.add_argument("--opponent", default="random", metavar="BOT",
                        help="who plays every other seat in training: a bot (BOT[:k=v,...]) or `self` (self-play); "
                             "default random")
    parser.add_argument("--games", type=int, default=100,
                        help="measuring games against each of random and greedy (default 100)")
    parser.add_argument("--out", help="the policy file, a .zip (default ppo-GAME-SEAT.zip); the results go beside it "
                        "as .json; play it with --seat ROLE=ppo:path=FILE")
    parser.add_argument("--json", metavar="FILE", help="write the results here instead")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads (default 1)")
    add_game_options(parser)


def cmd_train(console: Console, args: argparse.Namespace, progress: Any = None) -> int:
    from agon.rl import missing_extra

    try:  # the [rl] extra's NumPy and Gymnasium, imported only now
        from agon.rl.train import TrainSettings, run, table, write_json
    except ImportError as err:
        raise missing_extra("agon train", err) from None

    settings = TrainSettings(args.game, steps=args.steps, seed=args.seed, seat=args.seat, opponent=args.opponent,
                             games=args.games, options=game_options(args), threads=args.threads)
    settings.check()
    out = args.out or f"ppo-{settings.game}-{settings.seat}.zip"
    if not out.endswith(".zip"):
        raise ValueError(f"--out {out}: a policy file's name ends in .zip")
    if progress is None:
        result = run(settings, out)
    else:
        with progress(console, f"train {settings.game}", 1.0, "steps") as advance:
            result = run(settings, out, advance)
    json_path = args.json or out[: -len(".zip")] + ".json"
    write_json(result, json_path)
    console.print(table(settings.game, str(settings.seat), result.measures), markup=False, soft_wrap=True)
    console.print(f"{result.trained_steps} steps in {result.train_wall:.0f} s ({result.train_cpu:.0f} s CPU); measured in "
                  f"{result.measure_wall:.0f} s ({result.measure_cpu:.0f} s CPU)", soft_wrap=True)
    console.print(f"Policy saved to {escape(out)} (a seat: ppo:path={escape(out)}); results written to "
                  f"{escape(json_path)}", soft_wrap=True)
    return 0
