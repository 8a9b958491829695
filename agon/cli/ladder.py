"""`agon ladder`: every bot against every other and against the automata, every seat (`agon.ladder`)."""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from rich.console import Console
from rich.markup import escape

from agon.ladder import Budget, Ladder, games_of, markdown, write_docs


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("ladder", help="every bot against every other and against the rulebook automata, every "
                                           "seat, at a CPU budget per move: win rates with 95%% intervals, ratings")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--automata-only", action="append", metavar="GAME", default=[],
                        help="in this game only the seatings against its rulebook automata (repeatable)")
    parser.add_argument("--games", type=int, default=10, help="games per seating (seeds SEED.., default 10)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--cpu", type=float, default=1.0, help="CPU seconds per move for the searching bot (default 1)")
    parser.add_argument("--iterations", type=int, default=0,
                        help="iterations per move instead of CPU time (the same games on any machine)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing at once (default 1)")
    parser.add_argument("--out", default="ladder.json",
                        help="the results file: kept after every game, and read again to resume (default ladder.json)")
    parser.add_argument("--table-only", action="store_true",
                        help="play nothing: write the tables from the games the results file holds (a run stopped "
                             "half-way: its rows say how many games they have)")
    parser.add_argument("--docs", metavar="FILE", help="write the tables between the ladder markers of this "
                        "markdown file (docs/bots.md)")


def cmd_ladder(console: Console, args: argparse.Namespace, progress: Any) -> int:
    if args.games < 1 or args.workers < 1:
        raise ValueError("--games and --workers must be 1 or more")
    if not args.iterations and not 0 < args.cpu < 3600:
        raise ValueError(f"--cpu must be a number of seconds above 0; got {args.cpu}")
    if args.iterations < 0:
        raise ValueError(f"--iterations must be 0 or more; got {args.iterations}")
    budget = Budget(cpu=args.cpu, iterations=args.iterations)
    ladder = Ladder(games_of(args.game), args.games, args.seed, budget, args.out, tuple(games_of(args.automata_only)
                                                                                       if args.automata_only else ()))
    todo = 0 if args.table_only else len(ladder.work())
    if todo:
        with progress(console, "ladder", todo) as advance:
            ladder.play(args.workers, progress=lambda done, _total: advance(done))
    ladder.save(summary=True)
    table = markdown(ladder, command_of(args))
    console.print(table, markup=False, soft_wrap=True)
    if args.docs:
        write_docs(args.docs, table)
        console.print(f"Tables written to {escape(args.docs)}", soft_wrap=True)
    return 0


def command_of(args: argparse.Namespace) -> str:
    """The command that makes this ladder again (the table says how it was made; the games a
    `--table-only` run wrote from were played by this command, or by a part of it)."""
    words = ["agon", "ladder"]
    for game_id in args.game or []:
        words += ["--game", game_id]
    for game_id in args.automata_only:
        words += ["--automata-only", game_id]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    words += ["--iterations", str(args.iterations)] if args.iterations else ["--cpu", f"{args.cpu:g}"]
    words += ["--workers", str(args.workers), "--out", args.out]
    return shlex.join(words)
