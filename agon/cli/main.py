"""`agon`: play, replay, fuzz, bench and read the rules of the games."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from agon import __version__ as agon_version
from agon.bench import bench, bench_ismcts, count_instructions, profile
from agon.bots import bot_settings, bots
from agon.cli.admin import add_parser as add_admin_parser
from agon.cli.admin import cmd_admin
from agon.cli.analyse import add_parser as add_analyse_parser
from agon.cli.analyse import cmd_analyse
from agon.cli.ladder import add_parser as add_ladder_parser
from agon.cli.ladder import cmd_ladder
from agon.cli.options import game_options, parse_pairs
from agon.cli.position import add_position_argument, from_history, read_position, save_position
from agon.cli.rules import show_rules
from agon.cli.serve import add_parser as add_serve_parser
from agon.cli.serve import cmd_bench_server, cmd_serve
from agon.cli.terminal import HINT_BUDGET, Quit, TerminalPlayer, show_result
from agon.cli.train import add_parser as add_train_parser
from agon.cli.train import cmd_train
from agon.engine import (
    ENGLISH,
    AgonError,
    Game,
    State,
    Translator,
    games,
    load,
    read_record,
    replay,
    replay_checked,
)
from agon.engine import Text as Message
from agon.engine.rng import GENERATORS, new_secret_seed
from agon.i18n import LANGUAGES, _, default_language, translator
from agon.match import HUMAN, play_match, seat_players
from agon.testing import fuzz
from agon.tournament import tournament


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, help="number of players (where the game has a choice)")
    parser.add_argument("--side", help="your side in a solo game (Dual Powers: red or white)")
    parser.add_argument("--difficulty", type=int, help="solo difficulty (Dual Powers: 1..6)")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="any other game option")


PLAY_KEYS = """keys during a game:
  NUMBER      the choice with that number (a choice keeps its number while it stays legal)
  NAME        the one choice whose name starts so (e.g. a space: gda)
  b           the whole board, and its map
  m NAME      a space (the start of its name), its neighbours and who holds them
  m N         the same for the space choice N names; m alone: the whole map
  l           the whole log
  c N         card #N in full (the number after # beside a card); c alone: every card on screen
  u           undo your last action (where the game allows it)
  t           a tip: the bot's top three choices, with its estimate of your chance after each
  h           help, and who plays each seat
  q, Ctrl-C   quit (saves to the --save file, or to the --load file it came from)"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agon", description=__doc__)
    parser.add_argument("--version", action="version", version=f"agon {agon_version}",
                        help="the installed package's version (game records carry their own format version)")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("games", help="list the installed games and their bots")

    play = sub.add_parser("play", help="play a game in the terminal", epilog=PLAY_KEYS,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game", nargs="?", help="the game (not needed with --load)")
    play.add_argument("--seat", action="append", metavar="ROLE=WHO",
                      help="human or a bot with settings, BOT[:k=v,...], e.g. red=human, white=ismcts:seconds=2")
    play.add_argument("--seed", type=int, default=None,
                      help="seed of the game (default: a secret 128-bit one, with the keyed generator)")
    play.add_argument("--generator", choices=GENERATORS, default=None,
                      help="the game's random generator: keyed (its numbers give nothing away; the default without "
                           "--seed) or splitmix (fast; the default with --seed)")
    play.add_argument("--save", help="write the game record here when the game ends or you quit")
    play.add_argument("--load", help="continue a saved game record (seats as they were, unless --seat says otherwise)")
    play.add_argument("--no-tips", action="store_true", help="no tips (`t`) in this game")
    play.add_argument("--lang", choices=list(LANGUAGES), default=None,
                      help="the language of the board, prompts and log: en, el (Greek), hu (Hungarian); default: your locale's")
    _add_game_options(play)
    add_position_argument(play)  # issue 35 item 2: play on from a position file

    rep = sub.add_parser("replay", help="replay a game record")
    rep.add_argument("file")
    rep.add_argument("--verify", action="store_true", help="only check that the record replays exactly")
    rep.add_argument("--as", dest="role", help="show the log as this role sees it")
    rep.add_argument("--lang", choices=list(LANGUAGES), default=None, help="en, el or hu; default: your locale's")

    add_analyse_parser(sub)  # issue 36: the bot's post-game analysis

    fz = sub.add_parser("fuzz", help="play random games, report crashes, dead ends, invariant and replay failures")
    fz.add_argument("game", help="a game id (`agon games` lists them)")
    fz.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    fz.add_argument("--seed", type=int, default=0, help="first seed (default 0; game i has seed SEED+i)")
    fz.add_argument("--no-replay", action="store_true", help="skip the replay check")
    fz.add_argument("--seat", action="append", metavar="ROLE=BOT[:k=v,...]",
                    help="a bot in a seat, e.g. white=ismcts:iterations=50 (others: the game's default seats)")
    fz.add_argument("--random", action="store_true", help="every seat moves at random, whatever the game's default seats")
    fz.add_argument("--generator", choices=GENERATORS, default="splitmix", help="the games' random generator")
    _add_game_options(fz)

    bn = sub.add_parser("bench", help="random full games per second, actions per second, clone() cost")
    bn.add_argument("game", help="a game id, or `server` (the web server under load) or `ismcts` (search speed)")
    bn.add_argument("--seconds", type=float, default=5.0, help="how long to play random games (default 5)")
    bn.add_argument("--matches", type=int, default=500, help="`agon bench server`: live matches")
    bn.add_argument("--db", action="append", help="`agon bench server`: a database URL (repeatable; default SQLite, "
                    "and PostgreSQL at $AGON_TEST_PG when set)")
    bn.add_argument("--think", type=float, default=5.0, help="`agon bench server`: seconds a player thinks between actions")
    bn.add_argument("--bots", metavar="BOT", help="`agon bench server --bots ismcts`: one scripted person against this "
                    "bot per match; measures the person's wait per bot turn (--think default 0.5 s, --seconds 60)")
    bn.add_argument("--against", choices=["openspiel"], help="`agon bench ismcts --against openspiel`: search side by side")
    bn.add_argument("--profile", action="store_true", help="also print the top hot spots of the random games (cProfile)")
    bn.add_argument("--instructions", action="store_true",
                    help="CPU instructions per action of fixed random games (valgrind): the same on any load")
    bn.add_argument("--games", type=int, default=10, help="`--instructions`: how many fixed games (default 10)")
    bn.add_argument("--generator", choices=GENERATORS, default="splitmix", help="the games' random generator")
    _add_game_options(bn)

    tour = sub.add_parser("tournament", help="many games between bots: win rates with 95%% intervals, for balance")
    tour.add_argument("game")
    tour.add_argument("--seat", action="append", metavar="ROLE=BOT[:k=v,...]",
                      help="a bot in a seat, e.g. white=ismcts:seconds=0.2 (others: the game's default seats)")
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seed", type=int, default=0, help="first seed")
    tour.add_argument("--jobs", type=int, default=1, help="processes to play in parallel")
    tour.add_argument("--ray", metavar="ADDRESS", help="play each game as a Ray Core task on this cluster "
                      "('auto', 'ray://host:10001', or 'local' to start one here); needs agon[cluster]")
    tour.add_argument("--out", metavar="FILE", help="write the results as JSON (every game's seed and result), "
                      "for `agon report`")
    _add_game_options(tour)

    add_ladder_parser(sub)  # issue 36: every bot against every other and the automata

    rp = sub.add_parser("report", help="a tournament's balance: win rates with intervals, lengths, margins, "
                        "first-player advantage")
    rp.add_argument("results", nargs="+", help="a file `agon tournament ... --out FILE` wrote; several files of the "
                    "same tournament (game, options, seats) run in parts are pooled")
    drawn = rp.add_mutually_exclusive_group()
    drawn.add_argument("--html", metavar="FILE", help="a self-contained page with the plots (needs agon[report])")
    drawn.add_argument("--png", metavar="DIR", help="one PNG per plot in this folder (needs agon[report])")

    rules = sub.add_parser("rules", help="a player's rules reference, with rule ids")
    rules.add_argument("game")
    rules.add_argument("--cards", action="store_true", help="every card's full text instead")
    rules.add_argument("--card", help="the full text of one card (its number or name)")
    rules.add_argument("--lang", choices=list(LANGUAGES), default=None,
                       help="en, el (Greek) or hu (Hungarian); default: your locale's")
    add_serve_parser(sub)
    add_admin_parser(sub)
    add_train_parser(sub, _add_game_options)  # issue 36 item 8: needs agon[train]
    return parser


def cmd_games(console: Console, args: argparse.Namespace) -> int:
    for game_id in games():
        game = load(game_id)
        named = [_with_settings(name, bot_settings(name, game_id)) for name in bots(game_id)]
        console.print(f"[bold]{game_id}[/bold]  {game.title}  (bots: {escape(', '.join(named))})", soft_wrap=True)
    return 0


def _with_settings(name: str, settings: dict[str, dict[str, Any]]) -> str:
    """"ismcts[:seconds=1.0,iterations=0]": a bot and its settings with their defaults."""
    if not settings:
        return name
    return name + "[:" + ",".join(f"{k}={v['default']}" for k, v in settings.items()) + "]"


def _new_game(args: argparse.Namespace, named: dict[str, str]) -> tuple[State, dict[str, str]]:
    """A new game from the command line, and who sits where (what the person named)."""
    if args.game is None:
        raise ValueError("name the game to play (`agon games` lists them), or continue one with --load FILE")
    game, options = load(args.game), game_options(args)
    # a game nobody named a seed for is a secret: a keyed generator from a 128-bit secret seed
    # (issue 29); one from --seed N is the fast SplitMix game it has always been, unless --generator says
    generator = args.generator or ("splitmix" if args.seed is not None else "keyed")
    if args.seed is not None:
        seed = args.seed
    else:
        seed = new_secret_seed() if generator == "keyed" else int.from_bytes(os.urandom(4), "big")
    humans_named = [role for role, who in named.items() if who == HUMAN]
    if args.players is None and len(humans_named) <= 1:  # one person at the keyboard
        options = _one_person(game, options, humans_named, named)
    if options.get("players") == 1 and "side" not in options and len(humans_named) == 1:
        options["side"] = humans_named[0]  # a solo game: the one person's seat is the side they play
    state = game.new(seed, generator=generator, **options)
    seats = dict(named)
    if args.players is not None:  # --players N: N people; seats nobody named go to people, automata keep theirs
        for role in game.roles(**state.options):
            if role not in seats and game.default_seat(role, state.options) == "random":
                seats[role] = HUMAN
    elif HUMAN not in seats.values() and set(game.roles(**state.options)) - set(seats):
        seats[_person(game, options, [], named)] = HUMAN  # the person sits where nobody else was named
    for role in game.roles(**state.options):  # the others: the game's automaton, else its best quick bot (item 8)
        seats.setdefault(role, game.opponent(role, state.options))
    return state, seats


def _person(game: Game, options: dict[str, Any], humans_named: list[str], named: dict[str, str]) -> str:
    """The one person's seat: the one named human, else the solo side given, else the first role
    nobody else was named for."""
    side = options.get("side")  # (left out below: a game may take a side only with its player count)
    roles = game.roles(**game.normalize_options({k: v for k, v in options.items() if k != "side"}))
    free = [role for role in roles if role not in named] or roles  # (every seat named: a game to watch)
    return humans_named[0] if humans_named else side if side in roles else free[0]


def _one_person(game: Game, options: dict[str, Any], humans_named: list[str], named: dict[str, str]) -> dict[str, Any]:
    """The options of a game for one person against the game's automata (Cuba Libre: its
    one-player game, with the person's faction as the solo side; issue 34 item 8)."""
    person = _person(game, options, humans_named, named)
    options = game.one_person(person, options)
    if options.get("players") == 1 and "side" not in options:
        options["side"] = person
    return options


def _loaded_game(args: argparse.Namespace, named: dict[str, str]) -> tuple[State, dict[str, str]]:
    """A saved game, and its seats as they were saved (--seat overrides a seat)."""
    if args.generator is not None or args.seed is not None:
        raise ValueError("--load continues a game with its own seed and generator: no --seed or --generator with it")
    record = read_record(Path(args.load))
    if args.game is not None and record.get("game") != args.game:
        raise ValueError(f"{args.load} is a record of {record.get('game')!r}, not of {args.game}")
    state = replay(record)
    saved = record.get("seats")
    seats = {str(k): str(v) for k, v in saved.items()} if isinstance(saved, dict) else {}
    return state, {**seats, **named}


def _position_game(args: argparse.Namespace, named: dict[str, str]) -> tuple[State, dict[str, str]]:
    """A game from a position file (docs/positions.md): the person sits where --seat says, else at
    the seat to act; the others as in a new game."""
    if args.load or args.generator is not None or args.seed is not None or game_options(args):
        raise ValueError("--position plays on with the position's own seed, generator and options: "
                         "no --load, --seed, --generator or game options with it")
    state = read_position(args.position, args.game)
    game = state.game
    seats = dict(named)
    if HUMAN not in seats.values():
        free = [role for role in [*state.active, *game.roles(**state.options)] if role not in seats]
        if free:
            seats[free[0]] = HUMAN
    for role in game.roles(**state.options):
        seats.setdefault(role, game.opponent(role, state.options))
    return state, seats


def _save(console: Console, state: State, path: str, seats: dict[str, str], interrupted: bool,
          tr: Translator = ENGLISH) -> None:
    if not from_history(state):  # a game started from a position: its record does not replay to it
        save_position(state, path)
        console.print(escape(tr(_("Position saved to {path} (continue with --position {path})"), path=path)))
        return
    if interrupted:  # Ctrl-C may have stopped an action half-way: rebuild the state from its record
        try:
            state = replay(state.record())
        except AgonError:
            pass
    record = state.record()
    record["digest"] = state.digest()
    record["seats"] = seats
    Path(path).write_text(json.dumps(record, indent=1) + "\n")
    saved = tr(_("Record saved to {path}"), path=path)
    # wrapped at the terminal's width, words kept whole (issue 34 item 10: it ran past 80 columns)
    if state.is_over:
        console.print(escape(saved))
    else:  # 16.6: a mid-game record is the whole game, hidden cards included
        secret = tr(_("It holds the seed, and so every hand and the deck order: keep it to yourself until the "
                      "game is over."))
        console.print(escape(f"{saved}. {secret}"))


def cmd_play(console: Console, args: argparse.Namespace) -> int:
    named = parse_pairs(args.seat, "--seat")
    if args.position:  # issue 35 item 2
        state, seats = _position_game(args, named)
    else:
        state, seats = _loaded_game(args, named) if args.load else _new_game(args, named)
    game_id, seed, options = state.game.id, state.seed, state.options
    filled = seat_players(game_id, seats, seed, options)
    humans = [role for role, who in filled.items() if who == HUMAN]
    tr = translator(args.lang or default_language(), game_id)
    named_roles = {r: tr.term(state.game.role_name(r)) for r in filled}
    person = tr(_("human"))  # (bots keep their names: they are what a person types)
    # a role by its name, with the id people type after it unless the name already holds it
    seated = [(f"{named_roles[r]} ({r})" if f"({r.lower()})" not in named_roles[r].lower() else named_roles[r])
              + f" = {person if w == HUMAN else w}" for r, w in filled.items()]
    if state.generator == "keyed":  # the seed is every hand and the deck order: never on the screen
        heading = tr(_("{game}, a secret seed: {seats}"), game=state.game.title, seats=", ".join(seated))
    else:
        heading = tr(_("{game}, seed {seed}: {seats}"), game=state.game.title, seed=str(seed), seats=", ".join(seated))
    with console.capture() as capture:  # wrapped between words (the terminal cut "communis|t" at 80 columns)
        console.print(escape(heading))
    console.file.write(capture.get())
    # a loaded game keeps saving to the file it came from unless --save names another (issue 34 item 5)
    save_to = args.save or args.load
    if args.load and not args.save:
        console.print(escape(tr(_("Saving to {path} when you quit, as you loaded it (--save FILE saves elsewhere)."),
                                path=args.load)))
    player = TerminalPlayer(console, humans, seats=filled, tr=tr, hints=None if args.no_tips else HINT_BUDGET)
    player.printed_rows += capture.get().count("\n")  # the first screen fits the terminal with the heading above it
    interrupted = False
    try:
        state = play_match(game_id, filled, seed, human=player.choose, on_action=player.on_action,
                           before_bot=player.before_bot, state=state, **options)
    except Quit:
        console.print(escape(tr(_("Stopped."))))
    except KeyboardInterrupt:
        interrupted = True
        player.stop_thinking()
        console.print(escape(tr(_("Interrupted. Saving the game first.")) if save_to else tr(_("Interrupted."))))
    finally:
        finished = state.is_over and not interrupted
        if save_to and not finished:
            _save(console, state, save_to, filled, interrupted, tr)
    if finished:
        player.show_new_log(state)
        player.show_board(state, humans[0] if len(humans) == 1 else None)  # the final position, then the result
        show_result(console, state, tr)
        if save_to:  # (said after the result: above it, the final scoring pushed it out of sight; issue 34)
            _save(console, state, save_to, filled, interrupted, tr)
    return 130 if interrupted else 0


def cmd_replay(console: Console, args: argparse.Namespace) -> int:
    record = read_record(Path(args.file))
    replayed = replay_checked(record)
    state = replayed.state
    if args.verify:
        console.print(replayed.summary(len(record["actions"])))
        return 0
    tr = translator(args.lang or default_language(), state.game.id)
    for entry in state.log:
        if entry.to is None or entry.to == args.role:
            console.print(f"· {escape(tr.text(Message(entry.text, entry.args)))}")
    if state.is_over:
        show_result(console, state, tr)
    return 0


def cmd_fuzz(console: Console, args: argparse.Namespace) -> int:
    load(args.game)
    if args.games < 1:  # (a fuzz of no games found nothing, and said so as if it had looked)
        raise ValueError(f"--games must be at least 1; got {args.games}")
    options = game_options(args)
    seats: dict[str, str] | str | None = None
    if not args.random:
        seats = seat_players(args.game, parse_pairs(args.seat, "--seat"), args.seed, options)
        if HUMAN in seats.values():
            raise ValueError("fuzz seats bots only")
    with _progress(console, "fuzz " + args.game, args.games) as advance:
        report = fuzz(args.game, args.games, options, first_seed=args.seed, check_replay=not args.no_replay, seats=seats,
                      progress=advance, generator=args.generator)
    console.print(report.summary(), markup=False, soft_wrap=True)
    return 0 if report.ok else 1


def cmd_bench(console: Console, args: argparse.Namespace) -> int:
    if not 0 < args.seconds < math.inf:  # (NaN too: a bench of no time, or of forever, is no bench)
        raise ValueError(f"--seconds must be a number of seconds above 0; got {args.seconds}")
    if args.game == "server":
        return cmd_bench_server(console, args)
    if args.game == "ismcts":  # ISMCTS iterations/s on every game (and OpenSpiel's, --against openspiel)
        console.print(bench_ismcts(against=args.against).summary(), markup=False, soft_wrap=True)
        return 0
    load(args.game)
    if args.instructions:
        counted = count_instructions(args.game, args.games, game_options(args), generator=args.generator)
        console.print(counted.summary(), markup=False, soft_wrap=True)
        return 0
    if args.profile:
        console.print(profile(args.game, args.seconds, game_options(args), generator=args.generator), markup=False,
                      soft_wrap=True)
        return 0
    with _progress(console, "bench " + args.game, args.seconds, unit="s") as advance:
        result = bench(args.game, args.seconds, game_options(args), progress=advance, generator=args.generator)
    console.print(result.summary(), markup=False, soft_wrap=True)
    return 0


def cmd_tournament(console: Console, args: argparse.Namespace) -> int:
    options = game_options(args)
    seats = seat_players(args.game, parse_pairs(args.seat, "--seat"), args.seed, options)
    if HUMAN in seats.values():
        raise ValueError("a tournament seats bots only")
    if args.games < 1 or args.jobs < 1:
        raise ValueError("--games and --jobs must be 1 or more")
    with _progress(console, "tournament " + args.game, args.games) as advance:
        report = tournament(args.game, seats, args.games, options, first_seed=args.seed, jobs=args.jobs, progress=advance,
                            ray_address=args.ray)
    console.print(report.summary(), markup=False, soft_wrap=True)
    if args.out:
        report.write(args.out)
        console.print(f"Results written to {escape(args.out)}", soft_wrap=True)
    return 0


def cmd_report(console: Console, args: argparse.Namespace) -> int:
    from agon.report import balance, load_results, pooled, write_html, write_pngs

    numbers = balance(pooled([load_results(path) for path in args.results], list(args.results)))
    console.print(numbers.text(), markup=False, soft_wrap=True)
    if args.html:
        console.print(f"Page written to {escape(str(write_html(numbers, args.html)))}", soft_wrap=True)
    if args.png:
        paths = write_pngs(numbers, args.png)
        console.print("Plots written: " + escape(", ".join(str(p) for p in paths)), soft_wrap=True)
    return 0


def cmd_rules(console: Console, args: argparse.Namespace) -> int:
    return show_rules(console, load(args.game), cards=args.cards, card=args.card, lang=args.lang or default_language())


@contextmanager
def _progress(console: Console, what: str, total: float, unit: str = "games") -> Iterator[Callable[[float], None]]:
    """A progress bar on stderr (games done, rate, time left); nothing when stderr is no terminal."""
    columns = [TextColumn(f"{what}"), BarColumn(), MofNCompleteColumn() if unit == "games" else TextColumn(""),
               TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn()]
    bar = Progress(*columns, console=Console(stderr=True), transient=True)
    task = bar.add_task(what, total=total, rate="")
    started = time.perf_counter()

    def advance(done: float) -> None:
        elapsed = max(time.perf_counter() - started, 1e-9)
        rate = f"{done / elapsed:.1f} games/s" if unit == "games" else ""
        bar.update(task, completed=min(done, total), rate=rate)

    with bar:
        yield advance


COMMANDS = {
    "games": cmd_games, "play": cmd_play, "replay": cmd_replay,
    "analyse": lambda console, args: cmd_analyse(console, args, _progress), "fuzz": cmd_fuzz, "bench": cmd_bench,
    "tournament": cmd_tournament, "report": cmd_report, "rules": cmd_rules,
    "ladder": lambda console, args: cmd_ladder(console, args, _progress),
    "serve": lambda _console, args: cmd_serve(args),
    "admin": lambda _console, args: cmd_admin(args),
    "train": lambda console, args: cmd_train(console, args, _progress),
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    console = Console(highlight=False)
    try:
        return COMMANDS[args.command](console, args)
    except (AgonError, ValueError, OSError, json.JSONDecodeError, RecursionError) as err:
        console.print(f"[red]agon: {escape(_one_line(err))}[/red]", soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        console.print("agon: interrupted")
        return 130


def _one_line(err: BaseException) -> str:
    text = str(err) or type(err).__name__
    first = text.splitlines()[0] if text.strip() else text
    return first if len(first) <= 400 else first[:400] + "..."


def run() -> Any:
    sys.exit(main())


if __name__ == "__main__":
    run()
