"""The board layouts (`Game.layout()`, read by the web board renderers): every space, track and box
the game's data and views name has coordinates inside the board, no two spaces overlap, and each
layout's copied facts agree with the game's own data. Pure Python, no browser."""

import json
from importlib import resources
from itertools import combinations

import pytest

import agon
from agon.engine.rng import Rng
from agon.testing import games_that

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


def centred(x: float, y: float, w: float, h: float) -> Rect:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def corner(spec: dict) -> Rect:
    return (spec["x"], spec["y"], spec["x"] + spec["w"], spec["y"] + spec["h"])


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(r: Rect, view_box: list[float]) -> bool:
    x, y, w, h = view_box
    return x <= r[0] and y <= r[1] and r[2] <= x + w and r[3] <= y + h


def assert_apart(named: dict[str, Rect], view_box: list[float]) -> None:
    outside = [k for k, r in named.items() if not inside(r, view_box)]
    assert not outside, f"outside the board: {outside}"
    clashes = [(a, b) for (a, ra), (b, rb) in combinations(named.items(), 2) if overlap(ra, rb)]
    assert not clashes, f"overlapping: {clashes[:5]}"


def game_json(package: str, name: str) -> object:
    return json.loads(resources.files(f"agon.games.{package}").joinpath(name).read_text(encoding="utf-8"))


def random_views(game_id: str, seed: int, steps: int, every: int) -> list[dict]:
    """Views (spectator and every role) along a random game, to check the names they use."""
    state = agon.load(game_id).new(seed)
    rng = Rng(seed)
    views = []
    for n in range(steps):
        if state.is_over:
            break
        if n % every == 0:
            views.append(state.view(None))
            views.extend(state.view(role) for role in state.active)
        role = state.active[0]
        actions = state.legal_actions(role)
        state.apply(role, rng.choice(actions))
    return views


# -- 1989 ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def layout_1989() -> dict:
    return agon.load("1989").layout()


def test_1989_every_space_has_coordinates_and_its_facts(layout_1989: dict) -> None:
    spaces = game_json("dawn_of_freedom", "spaces.json")
    placed = layout_1989["spaces"]
    assert [s["id"] for s in placed] == [s["id"] for s in spaces] == list(range(len(spaces)))
    for mine, theirs in zip(placed, spaces, strict=True):
        for key in ("name", "country", "class", "stability", "battleground"):
            assert mine[key] == theirs[key], (mine["name"], key)


def test_1989_spaces_labels_tracks_and_boxes_do_not_overlap(layout_1989: dict) -> None:
    w, h = layout_1989["space_size"]
    named = {s["name"]: centred(s["x"], s["y"], w, h) for s in layout_1989["spaces"]}
    named |= {f"label {n}": centred(c["x"], c["y"], c["w"], c["h"]) for n, c in layout_1989["countries"].items()}
    named |= {f"track {n}": corner(t) for n, t in layout_1989["tracks"].items()}
    named |= {f"box {n}": corner(b) for n, b in layout_1989["boxes"].items()}
    assert_apart(named, layout_1989["viewBox"])


def test_1989_connections_are_the_rulebook_adjacencies(layout_1989: dict) -> None:
    spaces = game_json("dawn_of_freedom", "spaces.json")
    pairs = {tuple(sorted((s["id"], a))) for s in spaces for a in s["adjacent"]}
    assert {tuple(p) for p in layout_1989["connections"]} == pairs


def test_1989_spaces_sit_where_geography_puts_them(layout_1989: dict) -> None:
    """Projected from latitude/longitude: west of a space's town is left of it, north is above it,
    for pairs of towns far enough apart (3 degrees) that nudging cannot swap them."""
    spaces = layout_1989["spaces"]
    for a, b in combinations(spaces, 2):
        if b["lon"] - a["lon"] > 3:
            assert a["x"] < b["x"], (a["name"], b["name"])
        if b["lat"] - a["lat"] > 3:
            assert a["y"] > b["y"], (a["name"], b["name"])


def test_1989_tracks_cover_the_values_views_hold(layout_1989: dict) -> None:
    tracks = layout_1989["tracks"]
    countries = {c["name"] for c in game_json("dawn_of_freedom", "tables.json")["countries"]}
    assert set(layout_1989["countries"]) == countries
    for view in random_views("1989", seed=3, steps=400, every=25):
        assert tracks["vp"]["from"] <= view["vp"] <= tracks["vp"]["to"] or abs(view["vp"]) >= 20
        assert tracks["turn"]["from"] <= view["turn"] <= tracks["turn"]["to"]
        assert tracks["action_round"]["from"] <= view["action_round"] <= tracks["action_round"]["to"]
        for side in ("democrat", "communist"):
            assert tracks["tiananmen"]["from"] <= view["tiananmen"][side] <= tracks["tiananmen"]["to"]
            assert len(view["sp"][side]) == len(layout_1989["spaces"])
        assert set(view["power"]) == countries
        for card in view.get("hand", []) + view["discard"] + view["in_play"]:
            assert str(card) in layout_1989["card_titles"]
        for card in view.get("power_struggle", {}).get("hand", []):
            assert str(card) in layout_1989["power_cards"]


def test_1989_card_names_agree_with_the_game_data(layout_1989: dict) -> None:
    power = game_json("dawn_of_freedom", "power_cards.json")
    cards = game_json("dawn_of_freedom", "cards.json")
    assert layout_1989["power_cards"] == {str(c["number"]): [c["name"], c["value"]] for c in power}
    assert layout_1989["card_titles"] == {str(c["number"]): c["title"] for c in cards}
    assert layout_1989["tiananmen_names"] == game_json("dawn_of_freedom", "tables.json")["tiananmen"]


# -- Cuba Libre ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def layout_cl() -> dict:
    return agon.load("cuba-libre").layout()


def cl_data() -> dict:
    return game_json("cuba_libre", "data/cuba_libre.json")


def test_cl_every_space_has_a_box_and_provinces_an_area(layout_cl: dict) -> None:
    spaces = cl_data()["spaces"]
    placed = {s["name"]: s for s in layout_cl["spaces"]}
    assert set(placed) == {s["name"] for s in spaces}
    for s in spaces:
        assert placed[s["name"]]["kind"] == s["kind"]
        assert bool(placed[s["name"]].get("areas")) == (s["kind"] == "province"), s["name"]


def test_cl_boxes_tracks_and_panels_do_not_overlap(layout_cl: dict) -> None:
    named = {s["name"]: centred(s["x"], s["y"], s["w"], s["h"]) for s in layout_cl["spaces"]}
    named |= {f"track {n}": corner(t) for n, t in layout_cl["tracks"].items()}
    named |= {f"box {n}": corner(b) for n, b in layout_cl["boxes"].items()}
    assert_apart(named, layout_cl["viewBox"])


def point_in(poly: list[list[int]], x: float, y: float) -> bool:
    inside_ = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside_ = not inside_
    return inside_


def test_cl_places_stand_on_the_island_in_their_province(layout_cl: dict) -> None:
    """Havana, Camagüey and Santiago (and each EC) stand on the coastline's island, inside the
    Province they adjoin; each Province's box centre lies in its own area; Havana is west of Santiago."""
    placed = {s["name"]: s for s in layout_cl["spaces"]}
    for s in placed.values():
        assert point_in(layout_cl["coast"], s["ax"], s["ay"]), s["name"]
        if s["kind"] == "province":
            assert any(point_in(a, s["x"], s["y"]) for a in s["areas"]), s["name"]
    for city, province in (("Havana", "La Habana"), ("Camagüey City", "Camagüey Province"),
                           ("Santiago de Cuba", "Sierra Maestra")):
        assert any(point_in(a, placed[city]["ax"], placed[city]["ay"]) for a in placed[province]["areas"]) \
            or city == "Santiago de Cuba", city
    assert placed["Havana"]["x"] < placed["Santiago de Cuba"]["x"]


def test_cl_connections_are_the_rulebook_adjacencies(layout_cl: dict) -> None:
    spaces = cl_data()["spaces"]
    name = {s["id"]: s["name"] for s in spaces}
    pairs = {tuple(sorted((s["name"], name[a]))) for s in spaces for a in s["adjacent"]}
    assert {tuple(p) for p in layout_cl["connections"]} == pairs


def test_cl_views_name_only_placed_spaces_and_known_cards(layout_cl: dict) -> None:
    names = {s["name"] for s in layout_cl["spaces"]}
    track = layout_cl["tracks"]["edge"]
    for view in random_views("cuba-libre", seed=5, steps=300, every=20):
        assert {s["name"] for s in view["spaces"]} == names
        for value in [*view["resources"].values(), view["aid"], *view["totals"].values()]:
            assert track["from"] <= value <= track["to"]
        for card in (view["current_card"], view["next_card"]):
            assert card is None or str(card) in layout_cl["card_titles"]
    assert layout_cl["card_titles"] == {str(c["number"]): c["title"] for c in cl_data()["cards"]}


# -- Dual Powers -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def layout_dp() -> dict:
    return agon.load("dual-powers").layout()


def test_dp_every_district_and_connection_is_placed(layout_dp: dict) -> None:
    data = game_json("dual_powers", "data.json")
    assert [d["id"] for d in layout_dp["districts"]] == [d["id"] for d in data["districts"]]
    assert [(c["id"], c["pair"]) for c in layout_dp["connections"]] == [(c["id"], c["pair"]) for c in data["connections"]]
    w, h = layout_dp["district_size"]
    named = {d["id"]: centred(d["x"], d["y"], w, h) for d in layout_dp["districts"]}
    named |= {f"track {n}": corner(t) for n, t in layout_dp["tracks"].items()}
    named |= {f"box {n}": corner(b) for n, b in layout_dp["boxes"].items()}
    assert_apart(named, layout_dp["viewBox"])


def test_dp_districts_keep_their_compass_points(layout_dp: dict) -> None:
    """Vyborg Side is north of Liteyny across the Neva, Vasilievsky Island west of the Admiralty,
    Narva south of it, as in Petrograd."""
    at = {d["id"]: d for d in layout_dp["districts"]}
    assert at["vyborg"]["y"] < at["liteyny"]["y"]
    assert at["petrograd_side"]["y"] < at["admiralty"]["y"] < at["narva"]["y"]
    assert at["vasilievsky"]["x"] < at["admiralty"]["x"] < at["liteyny"]["x"]


def test_dp_card_labels_are_the_games_and_views_name_only_known_things(layout_dp: dict) -> None:
    from agon.games.dual_powers.data import CARD_LABEL, FRESH, MARKER_NAME

    assert [c["label"] for c in layout_dp["cards"]] == list(CARD_LABEL)
    assert [(m["name"], m["fresh"]) for m in layout_dp["markers"]] == list(zip(MARKER_NAME, FRESH, strict=True))
    assert [c["id"] for c in layout_dp["cards"]] == list(range(len(CARD_LABEL)))
    labels = set(CARD_LABEL)
    ids = {d["id"] for d in layout_dp["districts"]}
    support, calendar = layout_dp["tracks"]["support"], layout_dp["tracks"]["calendar"]
    for view in random_views("dual-powers", seed=2, steps=200, every=10):
        assert {d["id"] for d in view["districts"]} == ids
        assert view["blockade"] is None or view["blockade"] in {c["id"] for c in layout_dp["connections"]}
        assert support["from"] <= view["score"] <= support["to"]
        assert calendar["from"] <= view["day"] <= calendar["to"]
        for side in view["sides"].values():
            hand = side["hand"] if isinstance(side["hand"], list) else []
            assert set(hand + side["played"]) <= labels
            assert all(layout_dp["markers"][m]["id"] == m for m in side["supply"])


# -- Intrigue City ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def layout_ic() -> dict:
    return agon.load("intrigue-city").layout()


def test_ic_every_card_slot_guild_and_board_is_placed_apart(layout_ic: dict) -> None:
    data = game_json("intrigue_city", "data.json")
    assert len(layout_ic["cards"]) == len(data["slots"]) + len(data["printed"])
    assert [g["id"] for g in layout_ic["guilds"]] == data["ring"]
    assert len(layout_ic["boards"]) == max(int(n) for n in data["slot_groups"])
    assert layout_ic["tracks"]["rounds"]["labels"] == data["rounds_track"]
    named = {f"card {c['pos']}": corner(c) for c in layout_ic["cards"]}
    named |= {f"guild {g['id']}": centred(g["x"], g["y"], 2 * g["r"], 2 * g["r"]) for g in layout_ic["guilds"]}
    named |= {f"track {n}": corner(t) for n, t in layout_ic["tracks"].items()}
    named |= {f"box {n}": corner(b) for n, b in layout_ic["boxes"].items()}
    named |= {f"board {i}": corner(b) for i, b in enumerate(layout_ic["boards"])}
    assert_apart(named, layout_ic["viewBox"])


def test_ic_views_name_only_placed_cards_and_guilds(layout_ic: dict) -> None:
    guilds = {g["id"] for g in layout_ic["guilds"]}
    for players in (2, 5):
        state = agon.load("intrigue-city").new(4, players=players)
        rng = Rng(4)
        for n in range(150):
            if state.is_over:
                break
            if n % 15 == 0:
                view = state.view(state.active[0])
                assert len(view["cards"]) <= len(layout_ic["cards"])
                assert len(view["players"]) <= len(layout_ic["boards"])
                assert set(view["power"]) == guilds
                for c in view["cards"]:
                    assert c["card"] in layout_ic["card_names"]
                for p in view["players"]:
                    assert set(p["board"]) == guilds
                    for card in p.get("hand", []) if isinstance(p.get("hand"), list) else []:
                        assert card in layout_ic["card_names"]
            role = state.active[0]
            state.apply(role, rng.choice(state.legal_actions(role)))


FACT_SKIP = {"game", "role", "active", "over", "result", "log"}  # what board.js's summary() leaves out


@pytest.mark.parametrize("game", games_that(lambda game: game.fact_labels()))  # the games with a facts.json
def test_every_fact_a_view_shows_has_a_label(game: str) -> None:
    """Issue 33 item 3: the page's "Numbers of the position" showed the view's raw keys. Every key
    summary() shows (a scalar, or a small mapping of scalars, and that mapping's keys) in the views
    of a random game has a word in the game's facts.json (Game.fact_labels), so no raw id is left."""
    from agon.engine import load

    loaded = load(game)
    labels = loaded.fact_labels()
    keys, values = labels["keys"], labels["values"]
    short = any(spec.name == "short" for spec in loaded.option_specs())  # its short game where it has one
    state = loaded.new(seed=5, **({"short": True} if short else {}))
    rng = Rng(5)
    missing: set[str] = set()
    for _ in range(200):
        if state.is_over:
            break
        view = state.view(state.active[0])
        for key, value in view.items():
            if key in FACT_SKIP or (key.endswith("_label") and key[:-6] in view):
                continue
            if not isinstance(value, (dict, list)):
                missing |= {key} - set(keys)
            elif isinstance(value, dict) and 0 < len(value) <= 12 and all(not isinstance(v, (dict, list)) for v in value.values()):
                missing |= {key} - set(keys)
                # a mapping's keys: a label, or a term the catalogue has (a country, a side)
                missing |= {k for k in value if k not in keys and k not in values and not k.isdigit() and "_" in k}
        role = state.active[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    assert not missing, f"{game}: facts.json lacks {sorted(missing)}"
