"""`agon analyse RECORD`: the bot's post-game analysis of a finished game, in the terminal.

A compact graph (one line per seat: its estimated chance of winning after each decision, as bars
of eight heights, the decisions that lost the most marked beneath by their number), then a table
of those decisions with the bot's preferred choice beside each (`agon.bots.analysis`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from agon.bots.analysis import Budget, analyse
from agon.engine import Translator, load, read_record
from agon.engine.text import from_json
from agon.i18n import LANGUAGES, _, default_language, translator

BARS = "▁▂▃▄▅▆▇█"
WIDTH = 64  # columns of the graph at most


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("analyse", help="the bot's analysis of a finished game: each seat's chance of winning "
                                            "after every decision, and the decisions that lost the most")
    parser.add_argument("file", nargs="?", help="a finished game's record (as `agon play --save` or the server writes it)")
    parser.add_argument("--position", metavar="FILE",
                        help="judge one position instead (docs/positions.md): each seat's chance and the best choices")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations per decision (default 200)")
    parser.add_argument("--match-iterations", type=int, default=40_000,
                        help="iterations for the whole game; each decision gets its share at most (default 40000)")
    parser.add_argument("--seconds", type=float, default=0.0, help="the most a decision's search may take (0: no limit)")
    parser.add_argument("--seed", type=int, default=0, help="the searches' seed: the same seed, the same analysis")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON (as the server stores it)")
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None, help="en, el or hu; default: your locale's")


def cmd_analyse(console: Console, args: argparse.Namespace, progress: Any = None) -> int:
    if (args.file is None) == (args.position is None):
        raise ValueError("analyse takes a finished game's record FILE or --position FILE (one of them)")
    if args.position is not None:  # issue 35 item 2
        from agon.cli.position import cmd_analyse_position

        return cmd_analyse_position(console, args)
    record = read_record(Path(args.file))
    budget = Budget(iterations=args.iterations, match_iterations=args.match_iterations, seconds=args.seconds)
    if progress is None:
        result = analyse(record, budget, args.seed)
    else:
        with progress(console, "analyse", 1.0, "decisions") as advance:
            result = analyse(record, budget, args.seed, lambda done, total: advance(done / max(total, 1)))
    if args.json:
        console.print_json(json.dumps(result))
        return 0
    tr = translator(args.lang or default_language(), result["game"])
    show_analysis(console, result, tr)
    return 0


def show_analysis(console: Console, result: dict[str, Any], tr: Translator) -> None:
    """The graph and the table of the worst decisions."""
    game = load(result["game"])
    name = {role: tr.text(game.role_name(role)) for role in result["roles"]}
    console.print(escape(tr(_("Analysis of {game}: {decisions} decisions judged of {actions} actions "
                              "({iterations} search iterations a decision at most)."),
                            game=tr.text(game.title), decisions=len(result["decisions"]), actions=result["total"],
                            iterations=result["budget"]["iterations"])))
    if not result["complete"]:
        partial = tr(_("The time budget ran out: the last decisions are not judged."))
        console.print(f"[yellow]{escape(partial)}[/yellow]")
    console.print(escape(tr(_("Each seat's chance of winning after each decision:"))))
    points = result["points"]
    pad = max(len(n) for n in name.values()) + 2
    columns = _columns(len(points), max(16, min(WIDTH, console.width - pad - 16)))
    for role in result["roles"]:
        line = "".join(BARS[min(7, int(points[k]["chances"].get(role, 0.0) * 8))] for k in columns)
        first, last = points[0]["chances"].get(role, 0.0), points[-1]["chances"].get(role, 0.0)
        console.print(f"  {escape(name[role]).ljust(pad)}{line}  {first:.0%} → {last:.0%}")
    marks = [" "] * len(columns)
    for number, k in enumerate(result["worst"], 1):
        at = min(range(len(columns)), key=lambda c: abs(columns[c] - k))
        marks[at] = str(number) if number < 10 else "*"
    if result["worst"]:
        console.print(f"  {' ' * pad}{''.join(marks).rstrip()}")
        _worst_table(console, result, name, tr)
    else:
        console.print(escape(tr(_("No decision lost much, as the bot judged them."))))


def _columns(count: int, width: int) -> list[int]:
    """The points the graph shows, one a column: all of them, or `width` evenly spread ones."""
    if count <= width:
        return list(range(count))
    return [round(c * (count - 1) / (width - 1)) for c in range(width)]


def _worst_table(console: Console, result: dict[str, Any], name: dict[str, str], tr: Translator) -> None:
    table = Table(title=tr(_("The decisions that lost the most")), title_justify="left", box=None, pad_edge=False)
    for heading in (_("#"), _("action"), _("seat"), _("played"), _("chance"), _("the bot's choice"), _("chance")):
        table.add_column(tr(heading), overflow="fold")
    for number, k in enumerate(result["worst"], 1):
        decision = result["decisions"][k]
        table.add_row(str(number), str(decision["step"] + 1), escape(name[decision["role"]]),
                      escape(tr.text(from_json(decision["chosen"]["message"]))), f"{decision['after']:.0%}",
                      escape(tr.text(from_json(decision["best"]["message"]))), f"{decision['before']:.0%}")
    console.print(table)
