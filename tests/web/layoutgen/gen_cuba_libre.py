"""Writes agon/games/cuba_libre/layout.json: Cuba's coastline and its Provinces, Cities and Economic
Centers from real latitude/longitude (written from general knowledge), projected equirectangular about
21.5 N with north-south stretched by STRETCH so the narrow island holds its pieces; each Province is the
part of the island inside its longitude band (Sierra Maestra: the south coast from Cabo Cruz to
Santiago). Cities and ECs get a box beside their place (in the sea where the island is narrow).
Run: python tests/web/layoutgen/gen_cuba_libre.py"""

import json
import math
from pathlib import Path

PKG = Path(__file__).resolve().parents[3] / "agon" / "games" / "cuba_libre"
K, STRETCH, LON0, LAT0, X0, Y0 = 158.0, 1.2, -85.2, 23.75, 20, 10
COS = math.cos(math.radians(21.5))

COAST = [  # (lat, lon), clockwise from Cabo San Antonio along the north coast
    (21.86, -84.95), (22.25, -84.55), (22.55, -84.05), (22.75, -83.55), (22.98, -83.0), (23.08, -82.6),
    (23.14, -82.36), (23.13, -81.95), (23.06, -81.58), (23.18, -81.25), (23.05, -80.9), (22.95, -80.4),
    (22.8, -79.9), (22.6, -79.35), (22.45, -78.8), (22.3, -78.35), (22.05, -77.85), (21.7, -77.25),
    (21.5, -76.75), (21.2, -76.05), (21.0, -75.6), (20.72, -75.3), (20.55, -74.75), (20.24, -74.13),
    (20.05, -74.45), (19.95, -75.05), (19.9, -75.6), (20.0, -75.82), (19.92, -76.3), (19.87, -77.0),
    (19.83, -77.7), (20.3, -77.55), (20.7, -77.2), (20.75, -77.85), (21.05, -78.4), (21.45, -78.95),
    (21.7, -79.5), (21.75, -80.0), (22.05, -80.45), (22.2, -80.95), (22.3, -81.4), (22.15, -81.85),
    (22.55, -82.1), (22.65, -82.6), (22.55, -83.05), (22.3, -83.5), (22.05, -84.1), (21.9, -84.5),
]

BANDS = {  # province: [(lon0, lon1, lat0, lat1), ...] whose union with the island is the province
    "Pinar del Río": [(-85.5, -82.95, 19, 24)],
    "La Habana": [(-82.95, -81.75, 19, 24)],
    "Matanzas": [(-81.75, -80.55, 19, 24)],
    "Las Villas": [(-80.55, -78.65, 19, 24)],
    "Camagüey Province": [(-78.65, -77.9, 19, 24), (-77.9, -76.75, 20.62, 24)],
    "Oriente": [(-76.75, -73.5, 20.62, 24), (-75.55, -73.5, 19, 20.62)],
    "Sierra Maestra": [(-77.9, -75.55, 19, 20.62)],
}

PLACES = {  # where each space's name and pieces go (lat, lon of the box centre) and its real place
    "Pinar del Río": {"box": (22.35, -83.75), "at": (22.42, -83.7)},
    "La Habana": {"box": (22.72, -82.38), "at": (22.8, -82.4)},
    "Matanzas": {"box": (22.6, -80.95), "at": (23.04, -81.58)},
    "Las Villas": {"box": (22.25, -79.6), "at": (22.4, -79.97)},
    "Camagüey Province": {"box": (21.55, -78.3), "at": (21.6, -78.0)},
    "Oriente": {"box": (20.3, -75.0), "at": (20.89, -76.26)},
    "Sierra Maestra": {"box": (20.12, -76.7), "at": (20.0, -76.85)},
    "Havana": {"box": (23.46, -82.36), "at": (23.13, -82.38)},
    "Camagüey City": {"box": (22.9, -77.75), "at": (21.38, -77.92)},
    "Santiago de Cuba": {"box": (19.45, -75.3), "at": (20.02, -75.82)},
    "Cigar EC": {"box": (21.55, -83.1), "at": (22.55, -83.4)},
    "Factory EC": {"box": (21.05, -79.75), "at": (21.93, -79.44)},
    "Sugar Cane EC": {"box": (19.55, -77.85), "at": (20.35, -77.1)},
}
BOX = {"province": (196, 100), "city": (196, 100), "ec": (196, 100)}


def project(lat: float, lon: float) -> tuple[float, float]:
    return X0 + (lon - LON0) * COS * K, Y0 + (LAT0 - lat) * K * STRETCH


def clip(poly: list[tuple[float, float]], lon0: float, lon1: float, lat0: float, lat1: float) -> list:
    """Sutherland-Hodgman: the part of the (lat, lon) polygon inside the rectangle."""
    edges = [(lambda p: p[1] >= lon0, 1, lon0), (lambda p: p[1] <= lon1, 1, lon1),
             (lambda p: p[0] >= lat0, 0, lat0), (lambda p: p[0] <= lat1, 0, lat1)]
    out = poly
    for keep, axis, value in edges:
        pts, out = out, []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if keep(cur) != keep(prev):
                t = (value - prev[axis]) / (cur[axis] - prev[axis])
                out.append(tuple(prev[j] + t * (cur[j] - prev[j]) for j in (0, 1)))
            if keep(cur):
                out.append(cur)
    return out


def points(poly: list) -> list[list[int]]:
    return [[round(v) for v in project(*p)] for p in poly]


def main() -> None:
    data = json.loads((PKG / "data" / "cuba_libre.json").read_text(encoding="utf-8"))
    spaces = []
    for s in data["spaces"]:
        place = PLACES[s["name"]]
        x, y = project(*place["box"])
        ax, ay = project(*place["at"])
        w, h = BOX[s["kind"]]
        entry = {"name": s["name"], "id": s["id"], "kind": s["kind"], "x": round(x), "y": round(y), "w": w, "h": h,
                 "lat": place["at"][0], "lon": place["at"][1], "ax": round(ax), "ay": round(ay)}
        if s["kind"] == "province":
            entry["terrain"] = s["terrain"]
            entry["areas"] = [points(clip(COAST, *band)) for band in BANDS[s["name"]]]
        spaces.append(entry)
    width = round(project(20, -73.6)[0])
    out = {
        "game": "cuba-libre",
        "about": "Schematic map of Cuba: coastline and places at their latitude/longitude (equirectangular "
                 f"about 21.5N, north-south stretched x{STRETCH}); Provinces are the island's longitude bands.",
        "viewBox": [0, 0, width, 1075],
        "coast": points(COAST),
        "spaces": spaces,
        "connections": sorted({tuple(sorted((s["name"], a))) for s in data["spaces"] for a in
                               [next(t["name"] for t in data["spaces"] if t["id"] == b) for b in s["adjacent"]]}),
        "tracks": {"edge": {"x": 30, "y": 920, "w": width - 60, "h": 140, "from": 0, "to": 49, "per": 25,
                            "title": "Resources, Aid and victory totals"}},
        "boxes": {
            "cards": {"x": 560, "y": 8, "w": 640, "h": 112},
            "factions": {"x": 1225, "y": 130, "w": 485, "h": 150},
            "available": {"x": 30, "y": 640, "w": 560, "h": 210},
            "markers": {"x": 610, "y": 700, "w": 330, "h": 150},
        },
        "card_titles": {str(c["number"]): c["title"] for c in data["cards"]},
    }
    (PKG / "layout.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", PKG / "layout.json", out["viewBox"])
    for s in spaces:
        print(s["name"], s["x"], s["y"], s["ax"], s["ay"])


if __name__ == "__main__":
    main()
