"""`agon report results.json [more.json ...] [--html FILE | --png DIR]`: a tournament's balance, drawn.

Reads what `agon tournament ... --out results.json` wrote (several files of one tournament run in
parts are pooled) and shows: each seat's win rate with its
95% Wilson interval, the distribution of game lengths, the score margins (the winner's lead over
the runner-up, where the game keeps scores) and the first player's advantage (how often the role
that acted first won). `--png DIR` writes one matplotlib figure per question; `--html FILE` one
self-contained page (the figures inline as SVG, with the numbers in tables). Plots need the
optional extra `agon[report]` (matplotlib); the text summary needs nothing.
"""

from __future__ import annotations

import html
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agon.engine import load

Z95 = 1.96


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """The rate and its 95% Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Balance:
    """The numbers a report shows, from one results file."""

    title: str
    games: int
    seats: dict[str, str]
    win_rates: dict[str, tuple[float, float, float]]  # role -> (rate, low, high)
    lengths: list[int]
    margins: list[float]
    first_wins: tuple[float, float, float]
    seconds_per_move: dict[str, float]

    def text(self) -> str:
        lines = [f"{self.title}: {self.games} games"]
        wide = max((len(who) for who in self.seats.values()), default=0) + 1
        for role, (rate, low, high) in self.win_rates.items():
            who = self.seats.get(role, "(no seat)").ljust(wide)
            spm = self.seconds_per_move.get(role)
            timing = f", {spm * 1000:.1f} ms/move" if spm else ""
            lines.append(f"  {role:<12} {who:<14} {rate:6.1%}  (95% {low:.1%}–{high:.1%}){timing}")
        if self.lengths:
            ordered = sorted(self.lengths)
            lines.append(f"  length: median {ordered[len(ordered) // 2]} actions, {ordered[0]}–{ordered[-1]}")
        if self.margins:
            lines.append(f"  winner's margin: mean {sum(self.margins) / len(self.margins):.1f}")
        rate, low, high = self.first_wins
        lines.append(f"  the first player won {rate:.1%} (95% {low:.1%}–{high:.1%})")
        return "\n".join(lines)


def load_results(path: str | Path) -> dict[str, Any]:
    """A results file; ValueError naming what is missing if it is not one."""
    data = json.loads(Path(path).read_text())
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a tournament's results (agon tournament ... --out FILE writes one)")
    missing = [k for k in ("game", "seats", "games", "wins", "lengths", "results") if k not in data]
    if missing:
        raise ValueError(f"{path} is not a tournament's results: no {', '.join(missing)}")
    return data


def pooled(parts: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """One results object from several runs of the same tournament (the same game, options and
    seats, other seeds: a long study run in parts); ValueError naming the file that differs, or a
    seed played twice."""
    first = parts[0]
    same = ("game", "options", "seats")
    for part, name in zip(parts[1:], names[1:], strict=True):
        differs = [k for k in same if part.get(k) != first.get(k)]
        if differs:
            raise ValueError(f"{name} is another tournament than {names[0]} (its {', '.join(differs)} differ); "
                             "pool only runs of the same game, options and seats")
    seen: dict[int, str] = {}
    for part, name in zip(parts, names, strict=True):
        for r in part["results"]:
            if r.get("seed") in seen:
                raise ValueError(f"seed {r['seed']} is in both {seen[r['seed']]} and {name}: a game counted twice")
            seen[r.get("seed")] = name
    games = sum(int(p["games"]) for p in parts)
    roles = {role: None for p in parts for role in p["wins"]}
    spm = {role: sum(float(p.get("seconds_per_move", {}).get(role, 0.0)) * int(p["games"]) for p in parts) / max(games, 1)
           for role in {r for p in parts for r in p.get("seconds_per_move", {})}}
    return {
        "game": first["game"], "options": first.get("options", {}), "seats": first["seats"], "games": games,
        "wins": {role: sum(float(p["wins"].get(role, 0)) for p in parts) for role in roles},
        "draws": sum(int(p.get("draws", 0)) for p in parts),
        "lengths": [x for p in parts for x in p["lengths"]],
        "seconds_per_move": spm,
        "results": [r for p in parts for r in p["results"]],
    }


def balance(data: dict[str, Any]) -> Balance:
    n = int(data["games"])
    results: list[dict[str, Any]] = data["results"]
    margins = []
    for r in results:
        scores = sorted((v for v in r.get("scores", {}).values() if isinstance(v, (int, float))), reverse=True)
        if r.get("winners") and len(scores) >= 2:  # a two-sided track (+n for one is -n for the other): n
            margins.append(float(scores[0] if sum(scores) == 0 else scores[0] - scores[1]))
    first = sum(1 / len(r["winners"]) for r in results if r.get("first") in r.get("winners", []))
    return Balance(
        title=_title(str(data["game"]), dict(data.get("options", {}))), games=n, seats=dict(data["seats"]),
        win_rates={role: wilson(float(w), n) for role, w in data["wins"].items()},
        lengths=[int(x) for x in data["lengths"]], margins=margins, first_wins=wilson(first, len(results)),
        seconds_per_move={k: float(v) for k, v in data.get("seconds_per_move", {}).items()},
    )


def _title(game_id: str, options: dict[str, Any]) -> str:
    """"Cuba Libre (players=4)": the game's title and the options that differ from its defaults,
    the player count always (a designer compares 2- and 4-player balance)."""
    try:
        game = load(game_id)
        full = game.normalize_options(options)
        defaults = game.normalize_options({})
        name = game.title
    except (KeyError, ValueError):  # a results file of a game this install does not have
        return game_id + (f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else "")
    shown = {k: v for k, v in full.items() if k == "players" or v != defaults.get(k)}
    return name + (f" ({', '.join(f'{k}={v}' for k, v in shown.items())})" if shown else "")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ValueError("plots need matplotlib: pip install 'agon[report]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def figures(b: Balance) -> dict[str, Any]:
    """One matplotlib figure per question: win_rates, lengths, margins, first_player."""
    plt = _pyplot()
    out: dict[str, Any] = {}
    fig, ax = plt.subplots(figsize=(6, 3.2))
    roles = list(b.win_rates)
    rates = [b.win_rates[r][0] for r in roles]
    errors = [[b.win_rates[r][0] - b.win_rates[r][1] for r in roles], [b.win_rates[r][2] - b.win_rates[r][0] for r in roles]]
    ax.bar([f"{r}\n{b.seats.get(r, '-')}" for r in roles], rates, yerr=errors, capsize=6, color="#4c72b0")
    ax.axhline(1 / max(len(b.seats), 1), color="grey", linestyle=":", label="fair share")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"{b.title}: {b.games} games")
    ax.legend(loc="upper right")
    out["win_rates"] = fig
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.hist(b.lengths, bins=min(30, max(5, len(set(b.lengths)))), color="#55a868")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title("game length")
    out["lengths"] = fig
    fig, ax = plt.subplots(figsize=(6, 3.2))
    if b.margins:
        ax.hist(b.margins, bins=min(30, max(5, len(set(b.margins)))), color="#c44e52")
    else:
        ax.text(0.5, 0.5, "no scores kept", ha="center", va="center", transform=ax.transAxes)
    ax.set_xlabel("winner's score minus the runner-up's")
    ax.set_ylabel("games")
    ax.set_title("score margins")
    out["margins"] = fig
    fig, ax = plt.subplots(figsize=(4, 3.2))
    rate, low, high = b.first_wins
    ax.bar(["first player"], [rate], yerr=[[rate - low], [high - rate]], capsize=8, color="#8172b2")
    ax.axhline(1 / max(len(b.win_rates), 1), color="grey", linestyle=":")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("first-player advantage")
    out["first_player"] = fig
    for fig in out.values():
        fig.tight_layout()
    return out


def write_pngs(b: Balance, directory: str | Path) -> list[Path]:
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, fig in figures(b).items():
        path = folder / f"{name}.png"
        fig.savefig(path, dpi=110)
        written.append(path)
    _close()
    return written


def write_html(b: Balance, path: str | Path) -> Path:
    """One page with everything inline (SVG figures, tables): it opens anywhere, offline."""
    svgs = []
    for fig in figures(b).values():
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg")
        svg = buffer.getvalue()
        svgs.append(svg[svg.index("<svg"):])
    _close()
    rows = "".join(
        f"<tr><td>{html.escape(r)}</td><td>{html.escape(b.seats.get(r, '(no seat)'))}</td><td>{rate:.1%}</td>"
        f"<td>{low:.1%} – {high:.1%}</td></tr>" for r, (rate, low, high) in b.win_rates.items())
    title = html.escape(b.title)
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}: balance</title>"
            "<style>body{font-family:sans-serif;max-width:60em;margin:auto}td,th{padding:.2em .8em}"
            "svg{max-width:100%;height:auto}</style></head><body>"
            f"<h1>{title}</h1><p>{b.games} games.</p><pre>{html.escape(b.text())}</pre>"
            f"<table><tr><th>role</th><th>seat</th><th>win rate</th><th>95% interval</th></tr>{rows}</table>"
            + "".join(f"<figure>{svg}</figure>" for svg in svgs) + "</body></html>\n")
    out = Path(path)
    out.write_text(page)
    return out


def _close() -> None:
    import matplotlib.pyplot as plt

    plt.close("all")
