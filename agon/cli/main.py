"""`agon`: play, replay, fuzz, bench and read the rules of the games."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown

from agon.bench import bench
from agon.bots import bots
from agon.cli.options import game_options, parse_pairs
from agon.cli.serve import add_parser as add_serve_parser
from agon.cli.serve import cmd_bench_server, cmd_serve
from agon.cli.terminal import Quit, TerminalPlayer, show_result
from agon.engine import AgonError, games, load, read_record, replay, replay_checked, save_record
from agon.match import HUMAN, play_match, seat_players
from agon.testing import fuzz
from agon.tournament import tournament

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, help="number of players (where the game has a choice)")
    parser.add_argument("--side", help="your side in a solo game (Dual Powers: red or white)")
    parser.add_argument("--difficulty", type=int, help="solo difficulty (Dual Powers: 1..6)")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="any other game option")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agon", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("games", help="list the installed games and their bots")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seat", action="append", metavar="ROLE=WHO", help="human or a bot name, e.g. red=human")
    play.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    play.add_argument("--save", help="write the game record here when the game ends or you quit")
    play.add_argument("--load", help="continue a saved game record")
    _add_game_options(play)

    rep = sub.add_parser("replay", help="replay a game record")
    rep.add_argument("file")
    rep.add_argument("--verify", action="store_true", help="only check that the record replays exactly")
    rep.add_argument("--as", dest="role", help="show the log as this role sees it")

    fz = sub.add_parser("fuzz", help="play random games, report crashes, dead ends, invariant and replay failures")
    fz.add_argument("game")
    fz.add_argument("--games", type=int, default=100)
    fz.add_argument("--seed", type=int, default=0, help="first seed")
    fz.add_argument("--no-replay", action="store_true", help="skip the replay check")
    fz.add_argument("--seat", action="append", metavar="ROLE=BOT", help="a bot in a seat (others: the game's default seats)")
    fz.add_argument("--random", action="store_true", help="every seat moves at random, whatever the game's default seats")
    _add_game_options(fz)

    bn = sub.add_parser("bench", help="random full games per second, actions per second, clone() cost")
    bn.add_argument("game")
    bn.add_argument("--seconds", type=float, default=5.0)
    bn.add_argument("--matches", type=int, default=500, help="`agon bench server`: live matches")
    bn.add_argument("--db", action="append", help="`agon bench server`: a database URL (repeatable; default SQLite, "
                    "and PostgreSQL at $AGON_TEST_PG when set)")
    bn.add_argument("--think", type=float, default=5.0, help="`agon bench server`: seconds a player thinks between actions")
    _add_game_options(bn)

    tour = sub.add_parser("tournament", help="many games between bots: win rates with 95% intervals, for balance")
    tour.add_argument("game")
    tour.add_argument("--seat", action="append", metavar="ROLE=BOT", help="a bot in a seat (others: the game's default seats)")
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seed", type=int, default=0, help="first seed")
    tour.add_argument("--jobs", type=int, default=1, help="processes to play in parallel")
    _add_game_options(tour)

    rules = sub.add_parser("rules", help="a player's rules reference, with rule ids")
    rules.add_argument("game")
    add_serve_parser(sub)
    return parser


def cmd_games(console: Console, args: argparse.Namespace) -> int:
    for game_id in games():
        game = load(game_id)
        console.print(f"[bold]{game_id}[/bold]  {game.title}  (bots: {', '.join(bots(game_id))})")
    return 0


def cmd_play(console: Console, args: argparse.Namespace) -> int:
    if args.load:
        record = read_record(Path(args.load))
        state = replay(record)
        game_id, seed, options = record["game"], record["seed"], record["options"]
    else:
        game_id, options = args.game, game_options(args)
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        humans_named = [role for role, who in parse_pairs(args.seat, "--seat").items() if who == HUMAN]
        if options.get("players") == 1 and "side" not in options and len(humans_named) == 1:
            options["side"] = humans_named[0]  # a solo game: the one person's seat is the side they play
        state = load(game_id).new(seed, **options)
        options = state.options
    seats = parse_pairs(args.seat, "--seat")
    if not seats:
        seats = {load(game_id).roles(**options)[0]: HUMAN}
    filled = seat_players(game_id, seats, seed, options)
    humans = [role for role, who in filled.items() if who == HUMAN]
    console.print(f"[bold]{load(game_id).title}[/bold], seed {seed}: " + ", ".join(f"{r} = {w}" for r, w in filled.items()),
                  soft_wrap=True)
    player = TerminalPlayer(console, humans)
    try:
        state = play_match(game_id, filled, seed, human=player.choose, on_action=player.on_action, state=state, **options)
    except Quit:
        console.print("Stopped.")
    finally:
        if args.save:
            save_record(state, args.save)
            console.print(f"Record saved to {args.save}")
    if state.is_over:
        player.show_new_log(state)
        show_result(console, state)
    return 0


def cmd_replay(console: Console, args: argparse.Namespace) -> int:
    record = read_record(Path(args.file))
    replayed = replay_checked(record)
    state = replayed.state
    if args.verify:
        console.print(replayed.summary(len(record["actions"])))
        return 0
    for entry in state.log:
        if entry.to is None or entry.to == args.role:
            console.print(f"· {entry.message()}")
    if state.is_over:
        show_result(console, state)
    return 0


def cmd_fuzz(console: Console, args: argparse.Namespace) -> int:
    load(args.game)
    options = game_options(args)
    seats: dict[str, str] | str | None = None
    if not args.random:
        named = parse_pairs(args.seat, "--seat")
        game = load(args.game)
        opts = game.normalize_options(dict(options))
        seats = {role: named.get(role) or game.default_seat(role, opts) for role in game.roles(**opts)}
    report = fuzz(args.game, args.games, options, first_seed=args.seed, check_replay=not args.no_replay, seats=seats)
    console.print(report.summary(), markup=False, soft_wrap=True)
    return 0 if report.ok else 1


def cmd_bench(console: Console, args: argparse.Namespace) -> int:
    if args.game == "server":
        return cmd_bench_server(console, args)
    load(args.game)
    console.print(bench(args.game, args.seconds, game_options(args)).summary(), markup=False, soft_wrap=True)
    return 0


def cmd_tournament(console: Console, args: argparse.Namespace) -> int:
    options = game_options(args)
    seats = seat_players(args.game, parse_pairs(args.seat, "--seat"), args.seed, options)
    if HUMAN in seats.values():
        raise ValueError("a tournament seats bots only")
    report = tournament(args.game, seats, args.games, options, first_seed=args.seed, jobs=args.jobs)
    console.print(report.summary(), markup=False, soft_wrap=True)
    return 0


def cmd_rules(console: Console, args: argparse.Namespace) -> int:
    game = load(args.game)
    path = DOCS / (game.rules_doc or f"{game.id}.md")
    if not path.exists():
        console.print(f"No rules reference at {path}")
        return 1
    console.print(Markdown(path.read_text()))
    return 0


COMMANDS = {
    "games": cmd_games, "play": cmd_play, "replay": cmd_replay, "fuzz": cmd_fuzz, "bench": cmd_bench,
    "tournament": cmd_tournament, "rules": cmd_rules,
    "serve": lambda _console, args: cmd_serve(args),
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    console = Console(highlight=False)
    try:
        return COMMANDS[args.command](console, args)
    except (AgonError, ValueError, OSError, json.JSONDecodeError) as err:
        console.print(f"[red]agon: {err}[/red]")
        return 2


def run() -> Any:
    sys.exit(main())


if __name__ == "__main__":
    run()
