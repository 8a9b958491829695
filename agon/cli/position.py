"""Positions at the command line (issue 35 item 2; docs/positions.md): `agon play GAME --position
FILE` plays on from a position file, `agon analyse --position FILE` judges one, and a game started
from a position is saved as a position (it has no history a record could replay). A bad file is
one line and exit 2, as every error of `agon` (agon/cli/main.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from agon.bots.analysis import Budget
from agon.bots.position_analysis import analyse_position
from agon.engine import State, Translator
from agon.engine.position import load_position, position_text
from agon.engine.text import from_json
from agon.i18n import _, default_language, translator


def read_position(path: str, game_id: str | None = None) -> State:
    """The state of a position file; ValueError (one line) for a file of another game."""
    game, state = load_position(Path(path).read_text(encoding="utf-8"))
    if game_id is not None and game.id != game_id:
        raise ValueError(f"{path} is a position of {game.id}, not of {game_id}")
    return state


def from_history(state: State) -> bool:
    """Whether the state's record replays to it (False for a game started from a position)."""
    return state.actions_played == len(state.history)


def save_position(state: State, path: str) -> None:
    Path(path).write_text(position_text(state.position()), encoding="utf-8")


def cmd_analyse_position(console: Console, args: argparse.Namespace) -> int:
    state = read_position(args.position)
    budget = Budget(iterations=args.iterations, match_iterations=args.iterations, seconds=args.seconds)
    found = analyse_position(state, budget, args.seed)
    if args.json:
        console.print_json(json.dumps(found))
        return 0
    show_position_analysis(console, state, found, translator(args.lang or default_language(), state.game.id))
    return 0


def show_position_analysis(console: Console, state: State, found: dict[str, Any], tr: Translator) -> None:
    game = state.game
    name = {role: tr.text(game.role_name(role)) for role in found["roles"]}
    if found["over"]:
        console.print(escape(tr(_("The game is over in this position."))))
        return
    console.print(escape(tr(_("{game}, after {actions} actions: {role} to act."), game=tr.text(game.title),
                            actions=found["actions_played"], role=name[found["role"]])))
    if found["chances"]:
        chances = ", ".join(f"{name[r]} {p:.0%}" for r, p in found["chances"].items())
        console.print(escape(tr(_("Each seat's chance of winning with the best choice: {chances}"), chances=chances)))
    table = Table(title=tr(_("The bot's choices, best first")), title_justify="left", box=None, pad_edge=False)
    for heading in (_("#"), _("choice"), _("chance"), _("visits")):
        table.add_column(tr(heading), overflow="fold")
    for number, choice in enumerate(found["choices"], 1):
        chance = "" if choice["chance"] is None else f"{choice['chance']:.0%}"
        table.add_row(str(number), escape(tr.text(from_json(choice["message"]))), chance, str(choice["visits"]))
    console.print(table)


def add_position_argument(play: Any) -> None:
    play.add_argument("--position", metavar="FILE",
                      help="play on from a position file (docs/positions.md): a bug report's or a rulebook example's "
                           "situation; saved with --save as a position again")
