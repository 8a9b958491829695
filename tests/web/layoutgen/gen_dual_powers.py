"""Writes agon/games/dual_powers/layout.json: Petrograd's six districts at their real latitude/longitude
(centres written from general knowledge; equirectangular about 60 N), nudged apart to hold their
markers; the Neva and its branches drawn between the districts the bridges join; the support track,
calendar and side panels. Run: python tests/web/layoutgen/gen_dual_powers.py"""

import json
import math
from pathlib import Path

from relax import relax

from agon.games.dual_powers.data import CARD_CODE, CARD_LABEL, EXH, FRESH, MARKER_NAME, N_MARKERS, OWNER

PKG = Path(__file__).resolve().parents[3] / "agon" / "games" / "dual_powers"
GEO = {  # district: (lat, lon) of its centre
    "vyborg": (59.975, 30.360), "petrograd_side": (59.962, 30.300), "vasilievsky": (59.940, 30.250),
    "admiralty": (59.928, 30.305), "liteyny": (59.940, 30.358), "narva": (59.905, 30.280),
}
K = 7600.0
COS = math.cos(math.radians(60.0))
W, H = 290, 190
LAT0, LON0 = 59.99, 30.215


def project(lat: float, lon: float) -> tuple[float, float]:
    return 20 + W / 2 + (lon - LON0) * COS * K, 20 + H / 2 + (LAT0 - lat) * K


def mid(a: tuple[float, float], b: tuple[float, float]) -> list[int]:
    return [round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)]


def main() -> None:
    data = json.loads((PKG / "data.json").read_text(encoding="utf-8"))
    goal = {d["id"]: (*project(*GEO[d["id"]]), W, H) for d in data["districts"]}
    pos = relax(goal, bounds=(0, 0, 1150, 900), gap=110)
    p = {k: (round(x), round(y)) for k, (x, y) in pos.items()}
    right = max(x for x, _ in p.values()) + W / 2 + 30
    bottom = max(y for _, y in p.values()) + H / 2 + 20
    vl, va, vps, vvas = mid(p["vyborg"], p["liteyny"]), mid(p["petrograd_side"], p["admiralty"]), \
        mid(p["vyborg"], p["petrograd_side"]), mid(p["petrograd_side"], p["vasilievsky"])
    vadm = mid(p["vasilievsky"], p["admiralty"])
    river = [  # the Neva from the east, then its branches to the Gulf of Finland in the west
        [[round(right - 20), vl[1] + 30], vl, va, vadm, [0, vadm[1] + 40]],
        [vl, vps, [vps[0] - 60, 0]],
        [va, vvas, [0, vvas[1] - 30]],
    ]
    cards = []
    by_label = {c["label"]: c for c in data["command_cards"]} | {x["name"]: x for x in data["leaders"]}
    for i, (code, label) in enumerate(zip(CARD_CODE, CARD_LABEL, strict=True)):
        c = by_label[code]
        cards.append({"id": i, "label": label, "code": code, **{k: c.get(k) for k in ("district", "days", "recruit", "action", "vp",
                                                                         "side", "special") if c.get(k) is not None}})
    side = round(right)
    out = {
        "game": "dual-powers",
        "about": "Schematic map of Petrograd: each district at its centre's latitude/longitude (equirectangular "
                 "about 60N), nudged apart to hold its markers; the Neva between the districts its bridges join.",
        "viewBox": [0, 0, side + 400, max(900, round(bottom))],
        "district_size": [W, H],
        "districts": [{"id": d["id"], "name": d["name"], "colour": d["colour"], "lat": GEO[d["id"]][0],
                       "lon": GEO[d["id"]][1], "x": p[d["id"]][0], "y": p[d["id"]][1]} for d in data["districts"]],
        "connections": [{"id": c["id"], "name": c["name"], "pair": c["pair"],
                         "kind": "bridge" if c["id"].endswith("bridge") else "prospekt"} for c in data["connections"]],
        "river": river,
        # tracks in rows of 11: cells wide enough for "-15" in 13 px type (issue 33 item 6)
        "tracks": {
            "support": {"x": side, "y": 40, "w": 380, "h": 84, "from": -data["support_track"]["last_space"],
                        "to": data["support_track"]["last_space"], "per": 11, "title": "Support (White - / Red +)"},
            "calendar": {"x": side, "y": 170, "w": 380, "h": 84, "from": 1, "to": data["calendar"]["last_day"],
                         "per": 11, "title": "Calendar (day)"},
        },
        "boxes": {"status": {"x": side, "y": 268, "w": 380, "h": 160},
                  "red": {"x": side, "y": 440, "w": 380, "h": 200},
                  "white": {"x": side, "y": 652, "w": 380, "h": 190}},
        "months": data["months"],
        "markers": [{"id": m, "name": MARKER_NAME[m], "owner": ("red", "white", "neutral", "opposition")[OWNER[m]],
                     "fresh": FRESH[m], "exhausted": EXH[m]} for m in range(N_MARKERS)],
        "cards": cards,
    }
    out["boxes"]["white"]["h"] = out["viewBox"][3] - 10 - out["boxes"]["white"]["y"]
    (PKG / "layout.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", PKG / "layout.json", out["viewBox"], p)


if __name__ == "__main__":
    main()
