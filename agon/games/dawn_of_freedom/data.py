"""1989: Dawn of Freedom: the game's facts, loaded once from the package's JSON files and validated.

Files (facts from the 2nd-edition reference data): `spaces.json` (75 spaces), `cards.json` (110
strategy cards), `power_cards.json` (52 power struggle cards), `tables.json` (country scoring values,
Tiananmen Square track, power struggle results table), `card_texts.json` (what every card does, in
our own words: a one-line short form and the full text).

Sides are ints: D = 0 (democrat), C = 1 (communist); `ROLES[side]` is the role name, `NAMES[side]`
the side's name in log lines and prompts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

D, C = 0, 1
ROLES = ("democrat", "communist")
NAMES = ("Democrat", "Communist")  # the rulebook's words for the sides, in every text a person reads
SIDE_OF = {"democrat": D, "communist": C}
BOTH = 2  # a card's side: "both" (silver star)

CLASSES = ("Elite", "Bureaucrat", "Farmer", "Worker", "Intellectual", "Student", "Church", "Minority")
PERIODS = ("early", "middle", "late")


class Space(NamedTuple):
    id: int
    name: str
    ascii: str
    country: str
    region: str
    cls: str
    stability: int
    battleground: bool
    start: tuple[int, int]  # (democrat, communist) printed start SPs
    adjacent: tuple[int, ...]


class Card(NamedTuple):
    number: int
    title: str
    ops: int
    side: int  # D, C or BOTH
    period: int  # 0 early, 1 middle, 2 late
    star: bool  # removed after its event
    scoring: bool
    red: bool
    country: str | None  # scoring cards: the country scored


class PowerCard(NamedTuple):
    number: int
    name: str
    kind: str  # "suit", "leader", "wild"
    value: int  # initiative value (0 for wild cards)
    leader_class: str | None


class Country(NamedTuple):
    name: str
    abbr: str
    region: str
    presence: int
    domination: int
    control: int
    power_value: int
    scoring_card: int


_DIR = Path(__file__).parent


def _read(name: str) -> Any:
    return json.loads((_DIR / name).read_text(encoding="utf-8"))


def _load() -> tuple[tuple[Country, ...], tuple[Space, ...], tuple[Card, ...], tuple[PowerCard, ...], dict[str, Any]]:
    tables = _read("tables.json")
    countries = tuple(Country(**c) for c in tables["countries"])
    region = {c.name: c.region for c in countries}
    spaces = tuple(
        Space(s["id"], s["name"], s["ascii"], s["country"], region[s["country"]], s["class"], s["stability"],
              s["battleground"], (s["start"]["democrat"], s["start"]["communist"]), tuple(s["adjacent"]))
        for s in _read("spaces.json")
    )
    scoring_country = {c.scoring_card: c.name for c in countries}
    side = {"democrat": D, "communist": C, "both": BOTH}
    cards = tuple(
        Card(c["number"], c["title"], c["ops"], side[c["side"]], PERIODS.index(c["period"]), c["star"], c["scoring"],
             c["red"], scoring_country.get(c["number"]))
        for c in _read("cards.json")
    )
    power = tuple(PowerCard(p["number"], p["name"], p["kind"], p["value"] or 0, p["leader_class"])
                  for p in _read("power_cards.json"))
    _validate(countries, spaces, cards, power, tables)
    return countries, spaces, cards, power, tables


def _validate(countries: tuple[Country, ...], spaces: tuple[Space, ...], cards: tuple[Card, ...],
              power: tuple[PowerCard, ...], tables: dict[str, Any]) -> None:
    def check(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"1989 data: {what}")

    names = {c.name for c in countries}
    check(len(countries) == 6, "six countries")
    check(len(spaces) == 75, f"75 spaces, found {len(spaces)}")
    for i, s in enumerate(spaces):
        check(s.id == i, f"space ids in order ({s.name})")
        check(s.country in names, f"{s.name}: unknown country {s.country}")
        check(s.cls in CLASSES, f"{s.name}: unknown class {s.cls}")
        check(1 <= s.stability <= 5, f"{s.name}: stability {s.stability}")
        for a in s.adjacent:
            check(0 <= a < 75 and a != i and i in spaces[a].adjacent, f"{s.name}: adjacency to {a} not symmetric")
    check(sum(len(s.adjacent) for s in spaces) == 2 * 104, "104 connections")
    per_country = {"East Germany": 12, "Poland": 14, "Czechoslovakia": 11, "Hungary": 12, "Romania": 14, "Bulgaria": 12}
    bgs = {"East Germany": 6, "Poland": 6, "Czechoslovakia": 6, "Hungary": 4, "Romania": 6, "Bulgaria": 5}
    for name in names:
        mine = [s for s in spaces if s.country == name]
        check(len(mine) == per_country[name], f"{name}: {len(mine)} spaces")
        check(sum(s.battleground for s in mine) == bgs[name], f"{name}: battlegrounds")
    # 1989 3.2 / 3.3: Communist 20 SPs in 13 spaces, Democrat 15 SPs in 10 spaces
    check(sum(s.start[C] for s in spaces) == 20 and sum(1 for s in spaces if s.start[C]) == 13, "communist start SPs")
    check(sum(s.start[D] for s in spaces) == 15 and sum(1 for s in spaces if s.start[D]) == 10, "democrat start SPs")
    check(len(cards) == 110 and [c.number for c in cards] == list(range(1, 111)), "110 strategy cards numbered 1..110")
    for c in cards:
        check(c.scoring == (c.ops == 0), f"card {c.number}: scoring cards and only they have 0 Ops")
        check(c.ops <= 4, f"card {c.number}: ops {c.ops}")
    check(sum(c.period == 0 for c in cards) == 40 and sum(c.period == 1 for c in cards) == 41, "deck periods 40/41/29")
    check(sorted(c.number for c in cards if c.scoring) == [22, 23, 42, 43, 55, 95], "six scoring cards")
    check(len(power) == 52 and [p.number for p in power] == list(range(1, 53)), "52 power struggle cards")
    kinds: dict[str, int] = {}
    for p in power:
        kinds[p.name] = kinds.get(p.name, 0) + 1
        if p.kind == "leader":
            check(p.leader_class in CLASSES and p.value == 3, f"power card {p.number}: leader")
    check(kinds.get("Rally in the Square") == 6 and kinds.get("Strike") == 12 and kinds.get("March") == 12
          and kinds.get("Petition") == 6, "power struggle suits 6/12/12/6")
    check(sum(p.kind == "wild" for p in power) == 4 and sum(p.kind == "leader" for p in power) == 12, "wild/leader counts")
    for role in ROLES:
        check(len(tables["tiananmen"][role]["needs"]) == 8, "8 Tiananmen boxes")
    check(len(tables["results_table"]) == 8, "results table 0..7")


COUNTRIES, SPACES, CARDS_LIST, POWER_CARDS_LIST, _TABLES = _load()
SHORT_MAX = 48  # a card's short text fits beside its name on an 80-column line


class CardText(NamedTuple):
    short: str  # one line, for hands and prompts
    text: str  # the full text


def _load_texts() -> tuple[dict[int, CardText], dict[str, CardText]]:
    """`card_texts.json`: one entry per strategy card (by number) and per power struggle card name."""
    raw = _read("card_texts.json")

    def entry(where: str, e: Any) -> CardText:
        short, text = e.get("short"), e.get("text")
        if not isinstance(short, str) or not short.strip() or "\n" in short or len(short) > SHORT_MAX:
            raise ValueError(f"1989 card texts: {where}: short must be one line of 1 to {SHORT_MAX} characters")
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"1989 card texts: {where}: the full text is missing")
        return CardText(short, text)

    strategy = {e["number"]: entry(f"card {e.get('number')}", e) for e in raw["strategy"]}
    if sorted(strategy) != list(range(1, 111)) or len(raw["strategy"]) != 110:
        raise ValueError("1989 card texts: one entry for each strategy card 1..110")
    power = {name: entry(name, e) for name, e in raw["power"].items()}
    names = {p.name for p in POWER_CARDS_LIST}
    if set(power) != names:
        raise ValueError(f"1989 card texts: power struggle names {sorted(set(power) ^ names)} do not match the deck")
    return strategy, power


CARD_TEXTS, POWER_TEXTS = _load_texts()
CARDS: dict[int, Card] = {c.number: c for c in CARDS_LIST}
POWER_CARDS: dict[int, PowerCard] = {p.number: p for p in POWER_CARDS_LIST}
COUNTRY: dict[str, Country] = {c.name: c for c in COUNTRIES}
COUNTRY_NAMES: tuple[str, ...] = tuple(c.name for c in COUNTRIES)
_COMMA_TO_CEDILLA = str.maketrans("șțȘȚ", "şţŞŢ")


def _key(name: str) -> str:
    return name.translate(_COMMA_TO_CEDILLA).casefold()


SPACE_ID: dict[str, int] = {}
for _s in SPACES:
    SPACE_ID[_key(_s.name)] = _s.id
    SPACE_ID[_key(_s.ascii)] = _s.id
ADJ: tuple[tuple[int, ...], ...] = tuple(s.adjacent for s in SPACES)  # the printed map's adjacency (1989 1.2)
NEAR: tuple[frozenset[int], ...] = tuple(frozenset((s.id, *s.adjacent)) for s in SPACES)  # each space and its neighbours
SPACES_IN: dict[str, tuple[int, ...]] = {n: tuple(s.id for s in SPACES if s.country == n) for n in COUNTRY_NAMES}
REGION_COUNTRIES: dict[str, tuple[str, ...]] = {
    "Eastern Europe": ("East Germany", "Poland", "Czechoslovakia", "Hungary"),
    "Balkans": ("Romania", "Bulgaria"),
}
TST_NEEDS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_TABLES["tiananmen"]["democrat"]["needs"]), tuple(_TABLES["tiananmen"]["communist"]["needs"]))
TST_NAMES: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(_TABLES["tiananmen"]["democrat"]["names"]), tuple(_TABLES["tiananmen"]["communist"]["names"]))
RESULTS_TABLE: tuple[int, ...] = tuple(_TABLES["results_table"])
SCORING_CARDS: dict[int, str] = {c.number: c.country for c in CARDS_LIST if c.scoring and c.country}
PERIOD_CARDS: tuple[tuple[int, ...], ...] = tuple(tuple(c.number for c in CARDS_LIST if c.period == p) for p in range(3))
SUITS = ("Rally in the Square", "Strike", "March", "Petition")


def control(democrat_sps: int, communist_sps: int, stability: int) -> int | None:
    """1989 2.2: a side controls a space where its SPs exceed the other's by the stability or more."""
    margin = democrat_sps - communist_sps
    return D if margin >= stability else C if -margin >= stability else None


def space(name: str) -> int:
    """The id of a space by its name (with or without diacritics, any case): `space("Gdańsk") == 13`."""
    try:
        return SPACE_ID[_key(name)]
    except KeyError:
        raise KeyError(f"no space {name!r}") from None


def card_side_name(side: int) -> str:
    return ("democrat", "communist", "both")[side]
