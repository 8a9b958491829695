"""Writes agon/games/dawn_of_freedom/layout.json: the 1989 map projected from the spaces' real
latitude/longitude (written from general knowledge; spaces without a town sit beside the town whose
institution they are), then nudged apart so no two spaces overlap. Run: python tests/web/layoutgen/gen_1989.py"""

import json
import math
from pathlib import Path

from relax import relax

PKG = Path(__file__).resolve().parents[3] / "agon" / "games" / "dawn_of_freedom"

GEO = {  # id: (lat, lon)
    0: (53.63, 11.41), 1: (54.09, 12.10), 2: (52.52, 13.40), 3: (52.95, 14.25), 4: (52.30, 13.90),
    5: (51.87, 12.65), 6: (52.13, 11.63), 7: (51.48, 11.97), 8: (51.34, 12.37), 9: (50.98, 11.03),
    10: (50.83, 12.92), 11: (51.05, 13.74),
    12: (53.43, 14.55), 13: (54.35, 18.65), 14: (53.12, 18.00), 15: (52.41, 16.93), 16: (52.23, 21.01),
    17: (53.13, 23.16), 18: (51.11, 17.03), 19: (50.81, 19.12), 20: (51.76, 19.46), 21: (50.26, 19.02),
    22: (50.06, 19.94), 23: (51.25, 22.57), 24: (49.65, 20.20), 25: (49.40, 20.80),
    26: (49.75, 13.38), 27: (48.97, 14.47), 28: (50.08, 14.44), 29: (50.40, 15.30), 30: (50.65, 16.20),
    31: (49.19, 16.61), 32: (49.82, 18.26), 33: (48.15, 17.11), 34: (48.72, 19.15), 35: (49.00, 21.24),
    36: (48.72, 21.26),
    37: (47.55, 17.76), 38: (47.69, 17.63), 39: (47.58, 18.39), 40: (48.10, 20.78), 41: (47.53, 21.63),
    42: (47.23, 16.62), 43: (47.19, 18.41), 44: (47.50, 19.04), 45: (46.90, 20.10), 46: (47.10, 19.60),
    47: (46.25, 20.15), 48: (46.07, 18.23),
    49: (45.75, 21.23), 50: (46.77, 23.62), 51: (46.54, 24.56), 52: (47.16, 27.59), 53: (47.30, 23.20),
    54: (47.60, 23.90), 55: (46.10, 25.75), 56: (45.65, 25.60), 57: (45.40, 22.90), 58: (44.94, 26.02),
    59: (44.32, 23.80), 60: (44.43, 26.10), 61: (45.43, 28.05), 62: (44.18, 28.63),
    63: (43.42, 24.61), 64: (43.08, 25.63), 65: (43.85, 25.97), 66: (43.05, 23.45), 67: (42.70, 23.32),
    68: (42.43, 25.63), 69: (43.53, 26.52), 70: (42.50, 27.47), 71: (43.21, 27.91), 72: (42.30, 23.30),
    73: (42.14, 24.75), 74: (42.68, 26.32),
}

W, H = 116, 50  # one space box (centre coordinates below)
LAT0, LON0, K, SQUASH = 55.1, 10.9, 96.0, 0.70  # equirectangular about 48 N, north-south squashed by SQUASH
LABEL_W, LABEL_H = 230, 26
TX, BY = 1010, 690  # where the tracks (x) and the boxes (y) go
LABELS = {  # each country's name (and who is in power) in the empty land or sea beside it
    "East Germany": (54.7, 11.9), "Poland": (54.9, 21.0), "Czechoslovakia": (48.1, 14.0),
    "Hungary": (45.6, 17.6), "Romania": (48.2, 26.4), "Bulgaria": (41.6, 25.2),
}
COS = math.cos(math.radians(48.0))
MAP_X, MAP_Y = 20, 20


# countries whose "in power" line goes under the name: beside it, it ran under spaces (issue 33)
POWER_BELOW = ("Czechoslovakia", "Hungary")

def project(lat: float, lon: float) -> tuple[float, float]:
    return MAP_X + W / 2 + (lon - LON0) * COS * K, MAP_Y + H / 2 + (LAT0 - lat) * K * SQUASH


def main() -> None:
    spaces = json.loads((PKG / "spaces.json").read_text(encoding="utf-8"))
    tables = json.loads((PKG / "tables.json").read_text(encoding="utf-8"))
    power = json.loads((PKG / "power_cards.json").read_text(encoding="utf-8"))
    cards = json.loads((PKG / "cards.json").read_text(encoding="utf-8"))
    goal = {s["id"]: (*project(*GEO[s["id"]]), W, H) for s in spaces}
    for name, (lat, lon) in LABELS.items():
        goal[name] = (*project(lat, lon), LABEL_W, LABEL_H)
    tracks = {  # in the Baltic and Belarus, north-east of the map
        "vp": {"x": TX, "y": 40, "w": 310, "h": 125, "from": -20, "to": 20, "per": 10,
               "title": "Victory points (+ Democrat)"},
        "turn": {"x": TX, "y": 200, "w": 310, "h": 30, "from": 1, "to": 10, "title": "Turn"},
        "action_round": {"x": TX, "y": 265, "w": 310, "h": 30, "from": 0, "to": 8, "title": "Action round"},
        "tiananmen": {"x": TX, "y": 330, "w": 310, "h": 30, "from": 0, "to": 8, "title": "Tiananmen Square track"},
    }
    boxes = {  # in Yugoslavia, south-west of the map
        "cards": {"x": 24, "y": BY, "w": 300, "h": 200},
        "power_struggle": {"x": 340, "y": BY, "w": 300, "h": 200},
        "effects": {"x": 24, "y": BY + 212, "w": 616, "h": 112},
    }
    for name, t in {**tracks, **boxes}.items():  # panels are fixed obstacles the spaces keep clear of
        top = 22 if name in tracks else 0
        goal[f"panel {name}"] = (t["x"] + t["w"] / 2, t["y"] - top + (t["h"] + top) / 2, t["w"] + 8, t["h"] + top + 6)
    fixed = frozenset(k for k in goal if str(k).startswith("panel "))
    pos = relax(goal, bounds=(MAP_X, MAP_Y, TX + 330, BY + 360), fixed=fixed)
    width = max(x for x, _ in pos.values()) + W / 2 + 20
    out = {
        "game": "1989",
        "about": "Schematic map of Eastern Europe: each space at its town's latitude/longitude "
                 f"(equirectangular about 48N, {K:.0f} units per degree of latitude, north-south x{SQUASH}), "
                 "nudged apart for legibility; tracks and boxes in the empty land and sea.",
        "viewBox": [0, 0, round(max(width, TX + 330)), round(max(BY + 345, max(y for _, y in pos.values()) + H / 2 + 20))],
        "space_size": [W, H],
        "spaces": [{"id": s["id"], "name": s["name"], "country": s["country"], "class": s["class"],
                    "stability": s["stability"], "battleground": s["battleground"],
                    "lat": GEO[s["id"]][0], "lon": GEO[s["id"]][1],
                    "x": round(pos[s["id"]][0]), "y": round(pos[s["id"]][1])} for s in spaces],
        "connections": sorted({tuple(sorted((s["id"], a))) for s in spaces for a in s["adjacent"]}),
        "countries": {},
        "tracks": tracks,
        "boxes": boxes,
        "tiananmen_names": tables["tiananmen"],
        "power_cards": {str(c["number"]): [c["name"], c["value"]] for c in power},
        "card_titles": {str(c["number"]): c["title"] for c in cards},
        "card_ops": {str(c["number"]): c["ops"] for c in cards},
    }
    for c in tables["countries"]:
        x, y = pos[c["name"]]
        out["countries"][c["name"]] = {"abbr": c["abbr"], "x": round(x), "y": round(y), "w": LABEL_W, "h": LABEL_H}
        if c["name"] in POWER_BELOW:
            out["countries"][c["name"]]["power"] = "below"
    (PKG / "layout.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", PKG / "layout.json", out["viewBox"])


if __name__ == "__main__":
    main()
