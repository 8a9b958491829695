"""Write agon/web/static/ladder.json: what the lobby says of its default bot's strength, summed from
the strength ladder's results (docs/ladder/1s/*.json, described in docs/bots.md): per game, the games
`ismcts` at one second a move won against `random` and against `greedy` in the other seats.

    python -m tests.web.layoutgen.gen_ladder
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LADDER = ROOT / "docs" / "ladder" / "1s"
OUT = ROOT / "agon" / "web" / "static" / "ladder.json"


def summary() -> dict[str, dict[str, object]]:
    games: dict[str, dict[str, object]] = {}
    for path in sorted(LADDER.glob("*.json")):
        run = json.loads(path.read_text())
        searcher = [role for role, seat in run["seats"].items() if seat.startswith("ismcts")]
        others = {seat.split(":")[0] for role, seat in run["seats"].items() if role not in searcher}
        if len(searcher) != 1 or len(others) != 1 or ",heavy" in run["seats"][searcher[0]]:
            continue
        (against,) = others
        if against not in ("random", "greedy"):
            continue
        entry = games.setdefault(run["game"], {"bot": "ismcts", "seconds": 1, "random": [0, 0], "greedy": [0, 0]})
        won, played = entry[against]  # type: ignore[misc]
        entry[against] = [won + round(run["wins"][searcher[0]]), played + run["games"]]
    return games


if __name__ == "__main__":
    OUT.write_text(json.dumps(summary(), indent=1) + "\n", encoding="utf-8")
    print("wrote", OUT)
