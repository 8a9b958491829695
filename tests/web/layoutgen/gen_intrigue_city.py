"""Writes agon/games/intrigue_city/layout.json: the row of action cards, the six guilds on their ring,
the rounds and Intrigue tracks, the bank and turn boxes and one board per player.
Run: python tests/web/layoutgen/gen_intrigue_city.py"""

import json
import math
from pathlib import Path

PKG = Path(__file__).resolve().parents[3] / "agon" / "games" / "intrigue_city"


def main() -> None:
    data = json.loads((PKG / "data.json").read_text(encoding="utf-8"))
    slots = len(data["slots"]) + len(data["printed"])
    cw, gap = 112, 7
    cards = [{"pos": i, "x": 20 + i * (cw + gap), "y": 16, "w": cw, "h": 132} for i in range(slots)]
    cx, cy, r = 250, 412, 158
    guilds = []
    for i, g in enumerate(data["ring"]):
        a = -math.pi / 2 + i * 2 * math.pi / len(data["ring"])
        name = next(x for x in data["guilds"] if x["id"] == g)
        guilds.append({"id": g, "name": name["name"], "colour": name["colour"],
                       "x": round(cx + r * math.cos(a)), "y": round(cy + r * math.sin(a)), "r": 62})
    boards = [{"x": 20 + i * 316, "y": 640, "w": 304, "h": 390} for i in range(5)]
    out = {
        "game": "intrigue-city",
        "about": "Schematic table: the action cards in their row, the guild ring, tracks and each player's board.",
        "viewBox": [0, 0, 1600, 1045],
        "cards": cards,
        "ring": {"x": cx, "y": cy, "r": r},
        "guilds": guilds,
        "tracks": {
            "rounds": {"x": 500, "y": 190, "w": 1080, "h": 40, "from": 0, "to": len(data["rounds_track"]) - 1,
                       "labels": data["rounds_track"], "title": "Rounds"},
            "intrigue": {"x": 500, "y": 270, "w": 1080, "h": 120, "from": 0, "to": 59, "per": 20,
                         "title": "Intrigue"},
        },
        "boxes": {"turn": {"x": 500, "y": 410, "w": 520, "h": 210},
                  "bank": {"x": 1040, "y": 410, "w": 540, "h": 210}},
        "boards": boards,
        "card_names": {c["id"]: [c["name"], c["text"]] for c in data["cards"]},
        "favour_text": {g: f["text"] for g, f in data["favours"].items()},
    }
    (PKG / "layout.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", PKG / "layout.json", slots, "card slots")


if __name__ == "__main__":
    main()
