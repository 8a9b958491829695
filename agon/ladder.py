"""`agon ladder`: every bot against every other and against the rulebook automata, in every seat.

The games are the tournament's (`agon.tournament.play_one`, one game per seed); the ladder only
chooses the seatings, keeps every game's result in a JSON file as it goes (a run stopped half-way
starts again where it stopped), and sums them into a markdown table and openskill ratings.

Seatings, for each game (`agon games` lists them):

- every seat of the game at its default number of players, each bot (`random`, `greedy`,
  `ismcts`, any other registered one) in that seat against each other bot in all the other seats;
- against the rulebook automata: Dual Powers solo against the Opposition at difficulties 3 and 6
  (DP S1), as each side; Cuba Libre one player against three Non-players (CL 8.0), as each
  Faction. Every bot of the game takes that seat, so `random` and the automaton itself in the
  seat (`opposition`, `nonplayer`) are the seat's baselines.

The budget is CPU seconds per move (`ismcts:seconds=B,cpu=1`: the search reads the process's CPU
clock, so a busy machine does not shorten it), or a fixed number of iterations (`--iterations`:
the same games, move for move, on any machine). Each row plays the seeds SEED.. SEED+GAMES-1,
the same seeds for every bot. Win rates carry 95% Wilson intervals; ratings are openskill's
Plackett-Luce with the server's constants and shown scale (`agon.server.ratings`): each game
rates the judged seat's bot against its opposition (the other bot, or the automaton) as two
players, in the order of the rows and seeds, so a run's ratings are the same whatever order its
workers finished in.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from agon.bots import bots
from agon.engine import games as all_games
from agon.engine import load
from agon.report import wilson
from agon.tournament import GameSummary, play_one

BASE = ("random", "greedy", "ismcts")  # the table's first columns; the games' own automata follow
BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"
FORMAT = 1  # the JSON file's layout

# the rulebook automata a seat can be played against: game -> [(options, what the seat plays against)]
AUTOMATA: dict[str, list[tuple[dict[str, Any], str]]] = {
    "dual-powers": [({"players": 1, "side": side, "difficulty": level}, f"Opposition, difficulty {level}")
                    for level in (3, 6) for side in ("red", "white")],  # DP S1
    "cuba-libre": [({"players": 1, "side": side}, "three Non-players")
                   for side in ("govt", "m26", "dr", "syndicate")],  # CL 8.0
}
TITLES = {"dual-powers": "Dual Powers", "1989": "1989", "intrigue-city": "Intrigue City", "cuba-libre": "Cuba Libre"}


@dataclass(frozen=True)
class Budget:
    """What a searching bot may spend on a move: CPU seconds, or iterations when those are set."""

    cpu: float = 1.0
    iterations: int = 0

    def spec(self, name: str) -> str:
        """The seat spec of bot `name` at this budget (bots without a budget take none)."""
        if name != "ismcts":
            return name
        return f"ismcts:iterations={self.iterations}" if self.iterations else f"ismcts:seconds={self.cpu:g},cpu=1"

    def words(self) -> str:
        return f"{self.iterations} iterations a move" if self.iterations else f"{self.cpu:g} CPU s a move"


@dataclass(frozen=True)
class Seating:
    """One set of games: the game, its options and who sits where (bot names, without settings)."""

    game: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[tuple[str, str], ...]
    against: str  # the automaton the seats play against, "" when every seat is a bot of this list

    @property
    def key(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game}[{opts}] " + " ".join(f"{role}={bot}" for role, bot in self.seats)


@dataclass(frozen=True)
class Row:
    """A line of the table: `bot` in `role` against `against` (another bot, or an automaton)."""

    game: str
    options: tuple[tuple[str, Any], ...]
    role: str
    against: str
    bot: str
    seating: Seating


def seatings(game_id: str, automata_only: bool = False) -> list[Seating]:
    """Every seating the ladder plays in `game_id`, in a fixed order (with `automata_only`, only
    those against the rulebook automata)."""
    names = bots(game_id)
    game = load(game_id)
    out: list[Seating] = []
    roles = [] if automata_only else game.roles(**game.normalize_options({}))
    for role in roles:
        for bot in names:
            for other in names:
                if other == bot:
                    continue
                seats = tuple((r, bot if r == role else other) for r in roles)
                seating = Seating(game_id, (), seats, "")
                if seating not in out:  # (two seats: A against B is also B against A)
                    out.append(seating)
    for options, against in AUTOMATA.get(game_id, []):
        opts = game.normalize_options(dict(options))
        seat = options["side"]
        for bot in names:
            out.append(Seating(game_id, tuple(sorted(options.items())), ((seat, bot),), against))
        assert seat in game.roles(**opts)
    return out


def rows_of(seating: Seating) -> list[Row]:
    """The rows a seating's games count for: each seat whose opponents all hold one other bot, or
    the one seat played against the automata."""
    if seating.against:
        role, bot = seating.seats[0]
        return [Row(seating.game, seating.options, role, seating.against, bot, seating)]
    out = []
    for role, bot in seating.seats:
        others = {b for r, b in seating.seats if r != role}
        if len(others) == 1 and bot not in others:
            out.append(Row(seating.game, seating.options, role, others.pop(), bot, seating))
    return out


class Ladder:
    """The games of a ladder run and their results, kept in `path` (JSON) as they finish."""

    def __init__(self, games_wanted: list[str], games: int, first_seed: int, budget: Budget,
                 path: str | Path | None = None, automata_only: tuple[str, ...] = ()) -> None:
        self.budget = budget
        self.first_seed = first_seed
        self.games = games
        self.path = Path(path) if path else None
        self.seatings = [s for g in games_wanted for s in seatings(g, g in automata_only)]
        self.results: dict[str, dict[str, GameSummary]] = {}
        if self.path is not None and self.path.exists():
            self._resume(json.loads(self.path.read_text()))

    def config(self) -> dict[str, Any]:
        return {"format": FORMAT, "budget": asdict(self.budget), "first_seed": self.first_seed}

    def _resume(self, saved: dict[str, Any]) -> None:
        if {k: saved.get(k) for k in self.config()} != self.config():
            raise ValueError(f"{self.path} holds a ladder of another budget or seeds ({saved.get('budget')}, "
                             f"seed {saved.get('first_seed')}); name another --out")
        for key, played in saved.get("results", {}).items():
            self.results[key] = {seed: GameSummary(**summary) for seed, summary in played.items()}

    def work(self) -> list[tuple[Seating, int]]:
        """The games still to play, in order."""
        return [(s, seed) for s in self.seatings for seed in range(self.first_seed, self.first_seed + self.games)
                if str(seed) not in self.results.get(s.key, {})]

    def play(self, workers: int = 1, progress: Callable[[int, int], None] | None = None) -> None:
        """Play the games not yet played, `workers` processes at once, saving after each."""
        todo = self.work()
        done = 0
        for seating, seed, summary in _played(todo, self.budget, workers):
            self.results.setdefault(seating.key, {})[str(seed)] = summary
            self.save()
            done += 1
            if progress is not None:
                progress(done, len(todo))

    def save(self, summary: bool = False) -> None:
        """Write the results (and, with `summary`, the rows and ratings) to the ladder's file."""
        if self.path is None:
            return
        temporary = self.path.with_suffix(self.path.suffix + ".part")
        content = {**self.to_json(), **({"summary": self.summary_json()} if summary else {})}
        temporary.write_text(json.dumps(content, indent=1, sort_keys=True) + "\n")
        os.replace(temporary, self.path)  # (a run stopped while writing keeps the last whole file)

    def played(self, seating: Seating) -> list[GameSummary]:
        """The seating's games played, by seed, within this run's seeds."""
        kept = self.results.get(seating.key, {})
        return [kept[str(seed)] for seed in range(self.first_seed, self.first_seed + self.games) if str(seed) in kept]

    def rows(self) -> list[dict[str, Any]]:
        """Every row with its games, wins, rate and 95% Wilson interval."""
        out = []
        for seating in self.seatings:
            played = self.played(seating)
            for row in rows_of(seating):
                wins = sum(1 / len(g.winners) for g in played if row.role in g.winners)
                rate, low, high = wilson(wins, len(played))
                out.append({"game": row.game, "options": dict(row.options), "role": row.role, "against": row.against,
                            "bot": row.bot, "spec": self.budget.spec(row.bot), "games": len(played), "wins": wins,
                            "rate": rate, "low": low, "high": high})
        return sorted(out, key=self._order)

    def _order(self, row: dict[str, Any]) -> tuple[int, bool, str, int, int, str]:
        """Rows by game, options, seat (the game's order), then opposition (the bots' order)."""
        games = list(dict.fromkeys(s.game for s in self.seatings))
        first = next(s for s in self.seatings if s.game == row["game"] and dict(s.options) == row["options"])
        roles = [role for role, _bot in first.seats]
        names = columns_of(bots(row["game"]))
        return (games.index(row["game"]), bool(row["options"]), json.dumps(row["options"], sort_keys=True),
                roles.index(row["role"]) if row["role"] in roles else 0,
                names.index(row["against"]) if row["against"] in names else len(names), row["against"])

    def cpu_per_move(self) -> float | None:
        """The mean CPU seconds the searching bot (ismcts) spent on a move, over all its games."""
        seconds = moves = 0.0
        for seating in self.seatings:
            roles = [role for role, bot in seating.seats if bot == "ismcts"]
            for summary in self.played(seating):
                seconds += sum(summary.cpu.get(role, 0.0) for role in roles)
                moves += sum(summary.moves.get(role, 0) for role in roles)
        return seconds / moves if moves else None

    def ratings(self) -> dict[str, list[dict[str, Any]]]:
        """Per game, every player's openskill rating, best first (see the module's docstring)."""
        try:
            from agon.server.ratings import MODEL, display  # (the server's model and scale)
        except ImportError:
            raise ValueError("the ladder's ratings are the server's (openskill): pip install 'agon[web]'") from None

        out: dict[str, list[dict[str, Any]]] = {}
        for game_id in dict.fromkeys(s.game for s in self.seatings):
            now: dict[str, Any] = {}
            counts: dict[str, int] = {}
            for seating in (s for s in self.seatings if s.game == game_id):
                rated = _rated_row(seating)
                if rated is None:
                    continue
                role, player, opponent = rated
                player, opponent = self.budget.spec(player), opponent if seating.against else self.budget.spec(opponent)
                for summary in self.played(seating):
                    mine = 1 / len(summary.winners) if role in summary.winners else 0.0
                    theirs = 1.0 - mine if summary.winners else 0.0
                    ranks: list[float] = [1, 1] if mine == theirs else ([1, 2] if mine > theirs else [2, 1])
                    teams = [[now.get(name) or MODEL.rating(name=name)] for name in (player, opponent)]
                    (after_player,), (after_opponent,) = MODEL.rate(teams, ranks=ranks)
                    now[player], now[opponent] = after_player, after_opponent
                    for name in (player, opponent):
                        counts[name] = counts.get(name, 0) + 1
            table = [{"player": name, "rating": display(r.mu, r.sigma), "mu": round(r.mu, 3),
                      "sigma": round(r.sigma, 3), "games": counts[name]} for name, r in now.items()]
            out[game_id] = sorted(table, key=lambda entry: (-entry["rating"], entry["player"]))
        return out

    def to_json(self) -> dict[str, Any]:
        results = {key: {seed: asdict(summary) for seed, summary in sorted(played.items(), key=lambda kv: int(kv[0]))}
                   for key, played in self.results.items()}
        return {**self.config(), "games_per_row": self.games, "results": results}

    def summary_json(self) -> dict[str, Any]:
        """The result file's summary part: the rows, the ratings and the measured budget."""
        return {"budget": self.budget.words(), "cpu_per_move": self.cpu_per_move(), "rows": self.rows(),
                "ratings": self.ratings()}


def _rated_row(seating: Seating) -> tuple[str, str, str] | None:
    """(the judged seat, its bot, its opposition) when the seating's games rate two players: a bot
    against the automata, or one bot against another holding every other seat."""
    rows = rows_of(seating)
    if not rows:
        return None
    return rows[0].role, rows[0].bot, rows[0].against


def _played(todo: list[tuple[Seating, int]], budget: Budget,
            workers: int) -> Iterator[tuple[Seating, int, GameSummary]]:
    def job(seating: Seating, seed: int) -> tuple[str, dict[str, str], int, dict[str, Any]]:
        return seating.game, {role: budget.spec(bot) for role, bot in seating.seats}, seed, dict(seating.options)

    if workers <= 1:
        for seating, seed in todo:
            yield seating, seed, play_one(job(seating, seed))
        return
    with ProcessPoolExecutor(workers) as pool:
        pending: dict[Future[GameSummary], tuple[Seating, int]] = {}
        queue = list(todo)
        while queue or pending:
            while queue and len(pending) < workers * 2:
                seating, seed = queue.pop(0)
                pending[pool.submit(play_one, job(seating, seed))] = (seating, seed)
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                seating, seed = pending.pop(future)
                yield seating, seed, future.result()


def columns_of(names: list[str]) -> list[str]:
    """Bot names in the table's order: random, greedy, ismcts, then the games' own automata."""
    return [b for b in BASE if b in names] + [b for b in names if b not in BASE]


def _cell(row: dict[str, Any]) -> str:
    wins = f"{row['wins']:g}"
    return f"{wins}/{row['games']} {row['rate']:.0%} ({row['low']:.0%}–{row['high']:.0%})"


def markdown(ladder: Ladder, command: str) -> str:
    """The tables docs/bots.md shows: win rates by seat and opposition (a column per bot), then
    the ratings per game."""
    rows = ladder.rows()
    columns = columns_of(list(dict.fromkeys(r["bot"] for r in rows)))
    lines = [f"`{command}`", ""]
    measured = ladder.cpu_per_move()
    spent = f"; `ismcts` spent {measured:.3f} CPU s a move on average" if measured is not None else ""
    per_row = sorted({r["games"] for r in rows})
    counts = "–".join(str(n) for n in (per_row[0], per_row[-1])) if per_row and per_row[0] != per_row[-1] else (
        str(per_row[0]) if per_row else "0")
    lines.append(f"Budget: `ismcts` at {ladder.budget.words()}{spent}; {counts} games a row (seeds "
                 f"{ladder.first_seed}–{ladder.first_seed + ladder.games - 1}); a cell is wins/games, the win rate "
                 "and its 95% Wilson interval.")
    lines += ["", "| game | seat | against | " + " | ".join(f"`{c}`" for c in columns) + " |",
              "|---|---|---|" + "---|" * len(columns)]
    grouped: dict[tuple[str, str, str, str], dict[str, dict[str, Any]]] = {}
    for r in rows:
        key = (r["game"], json.dumps(r["options"], sort_keys=True), r["role"], r["against"])
        grouped.setdefault(key, {})[r["bot"]] = r
    for (game_id, _options, role, against), cells in grouped.items():
        shown = f"`{against}`" if not any(r["options"] for r in cells.values()) else against
        lines.append(f"| {TITLES.get(game_id, game_id)} | {role} | {shown} | "
                     + " | ".join(_cell(cells[c]) if c in cells else "—" for c in columns) + " |")
    lines += ["", "Ratings (openskill, the server's model and scale: 1500 + 60 × (μ − 3σ)):", "",
              "| game | player | rating | μ | σ | games |", "|---|---|---|---|---|---|"]
    for game_id, table in ladder.ratings().items():
        for entry in table:
            lines.append(f"| {TITLES.get(game_id, game_id)} | `{entry['player']}` | {entry['rating']} | "
                         f"{entry['mu']:.1f} | {entry['sigma']:.1f} | {entry['games']} |")
    return "\n".join(lines)


def write_docs(path: str | Path, table: str) -> None:
    """Put `table` between the ladder's markers in the markdown file at `path`."""
    text = Path(path).read_text()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{path} has no {BEGIN} ... {END} markers to write the ladder between")
    Path(path).write_text(text[:start + len(BEGIN)] + "\n" + table + "\n" + text[end:])


def games_of(named: list[str] | None) -> list[str]:
    known = all_games()
    for game_id in named or []:
        if game_id not in known:
            raise ValueError(f"no game {game_id!r}; games: {', '.join(known)}")
    return list(named) if named else list(known)
