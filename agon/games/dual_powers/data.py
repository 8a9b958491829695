"""Component data for Dual Powers: Revolution 1917, loaded once from `data.json` and validated.

The values in `data.json` are reconstructed (the publisher's card, map and marker values are not
public); they satisfy every constraint of the rulebook and its examples. They live in that one file
so that published values can replace them. Everything here is plain tuples of ints and strings,
indexed by small integers, so the rules can use them on hot paths.

Indices:
  sides      0 red, 1 white
  districts  0..5 in file order
  cards      0..47 Command cards, 48..53 Leader cards (red leaders, then white leaders)
  markers    0..9 red units, 10..19 white units, 20..25 neutral units, 26..31 the six leaders
             (same order as their cards), 32 neutral Trotsky, 33 red Trotsky, 34..60 Opposition
             units (9 of Level 1, then 9 of Level 2, then 9 of Level 3)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RED, WHITE = 0, 1
SIDES = ("red", "white")
NEUTRAL, OPPOSITION = 2, 3  # marker owner classes besides RED and WHITE
ACTIONS = ("move", "double_move", "refresh")
SPECIALS = ("mobilize_protest", "espionage", "popular_agitation")


def _load() -> dict[str, Any]:
    return json.loads((Path(__file__).with_name("data.json")).read_text())


RAW = _load()


def _check(cond: bool, what: str) -> None:
    if not cond:
        raise ValueError(f"dual-powers data.json: {what}")


# -- map --------------------------------------------------------------------------------------
DISTRICTS: tuple[str, ...] = tuple(d["id"] for d in RAW["districts"])
DISTRICT_NAME: tuple[str, ...] = tuple(d["name"] for d in RAW["districts"])
DISTRICT_COLOUR: tuple[str, ...] = tuple(d["colour"] for d in RAW["districts"])
DIDX: dict[str, int] = {d: i for i, d in enumerate(DISTRICTS)}
CONNECTIONS: tuple[str, ...] = tuple(c["id"] for c in RAW["connections"])
CONNECTION_NAME: tuple[str, ...] = tuple(c["name"] for c in RAW["connections"])
CIDX: dict[str, int] = {c: i for i, c in enumerate(CONNECTIONS)}
EDGES: tuple[tuple[int, int], ...] = tuple((DIDX[c["pair"][0]], DIDX[c["pair"][1]]) for c in RAW["connections"])
# ADJ[d]: ((neighbour, connection), ...)
ADJ: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((b if a == d else a, e) for e, (a, b) in enumerate(EDGES) if d in (a, b)) for d in range(len(DISTRICTS))
)
ARROW: tuple[int, ...] = tuple(CIDX[d["arrow"]] for d in RAW["districts"])  # SU11, R5.2

# -- command cards ----------------------------------------------------------------------------
_cmd = RAW["command_cards"]
N_COMMAND = len(_cmd)
_leaders = [x for x in RAW["leaders"] if x["days"] is not None]
_trotsky = [x for x in RAW["leaders"] if x["days"] is None]
N_CARDS = N_COMMAND + len(_leaders)
# CARD_CODE: the rulebook examples' names ("purple-4", "red-6c"); CARD_LABEL: what a person reads
CARD_CODE: tuple[str, ...] = tuple([c["label"] for c in _cmd] + [x["name"] for x in _leaders])


def _command_name(card: dict[str, Any]) -> str:
    letter = card["label"].split("-")[1].lstrip("0123456789")
    return f"{DISTRICT_NAME[DIDX[card['district']]]} {card['days']}" + (f" ({letter})" if letter else "")


CARD_LABEL: tuple[str, ...] = tuple([_command_name(c) for c in _cmd] + [x["name"] for x in _leaders])
CARD_DIST: tuple[int, ...] = tuple([DIDX[c["district"]] for c in _cmd] + [-1] * len(_leaders))
CARD_DAYS: tuple[int, ...] = tuple([c["days"] for c in _cmd] + [x["days"] for x in _leaders])
CARD_REC: tuple[int, ...] = tuple([c["recruit"] for c in _cmd] + [0] * len(_leaders))
CARD_ACT: tuple[str, ...] = tuple([c["action"] for c in _cmd] + [""] * len(_leaders))
CARD_VP: tuple[int, ...] = tuple([c["vp"] for c in _cmd] + [0] * len(_leaders))
CARD_LABEL_IDX: dict[str, int] = {**{code: i for i, code in enumerate(CARD_CODE)}, **{lab: i for i, lab in enumerate(CARD_LABEL)}}
CARD_TEXTS: dict[str, Any] = RAW["card_texts"]

# -- markers ----------------------------------------------------------------------------------
_units = RAW["units"]
RED_UNITS = tuple(range(0, 10))
WHITE_UNITS = tuple(range(10, 20))
NEUTRAL_UNITS = tuple(range(20, 26))
LEADER_MARKERS = tuple(range(26, 26 + len(_leaders)))
TROTSKY_N, TROTSKY_R = 32, 33
_per = RAW["opposition_units"]["per_level"]
_levels = RAW["opposition_units"]["levels"]
OPP_FIRST = 34
OPP_UNITS = tuple(range(OPP_FIRST, OPP_FIRST + _per * len(_levels)))
N_MARKERS = OPP_FIRST + len(OPP_UNITS)

_fresh: list[int] = []
_exh: list[int] = []
_owner: list[int] = []
_name: list[str] = []
for side_name, owner in (("red", RED), ("white", WHITE), ("neutral", NEUTRAL)):
    for i, (f, x) in enumerate(_units[side_name]):
        _fresh.append(f)
        _exh.append(x)
        _owner.append(owner)
        _name.append(f"{side_name} unit {f}/{x}" if side_name != "neutral" else f"neutral unit {f}/{x}")
        del i
for x in _leaders:
    _fresh.append(x["fresh"])
    _exh.append(x["exhausted"])
    _owner.append(SIDES.index(x["side"]))
    _name.append(x["name"])
for x in _trotsky:
    _fresh.append(x["fresh"])
    _exh.append(x["exhausted"])
    _owner.append(NEUTRAL if x["side"] == "neutral" else SIDES.index(x["side"]))
    _name.append(x["name"])
for lvl in _levels:
    for _ in range(_per):
        _fresh.append(lvl)
        _exh.append(0)  # the difficulty X (S8.6); rules read it from the state
        _owner.append(OPPOSITION)
        _name.append(f"Opposition unit L{lvl}")
FRESH: tuple[int, ...] = tuple(_fresh)
EXH: tuple[int, ...] = tuple(_exh)
OWNER: tuple[int, ...] = tuple(_owner)
MARKER_NAME: tuple[str, ...] = tuple(_name)
IS_LEADER: tuple[bool, ...] = tuple(LEADER_MARKERS[0] <= m <= TROTSKY_R for m in range(N_MARKERS))
OPP_LEVEL: tuple[int, ...] = tuple(FRESH[m] if m >= OPP_FIRST else 0 for m in range(N_MARKERS))
SIDE_UNITS: tuple[tuple[int, ...], tuple[int, ...]] = (RED_UNITS, WHITE_UNITS)

# leader cards: card index -> marker, side, special action
CARD_LEADER: tuple[int, ...] = tuple([-1] * N_COMMAND + list(LEADER_MARKERS))
CARD_SIDE: tuple[int, ...] = tuple([-1] * N_COMMAND + [SIDES.index(x["side"]) for x in _leaders])
CARD_SPECIAL: tuple[str, ...] = tuple([""] * N_COMMAND + [x["special"] for x in _leaders])
SIDE_LEADER_CARDS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(c for c in range(N_COMMAND, N_CARDS) if CARD_SIDE[c] == RED),
    tuple(c for c in range(N_COMMAND, N_CARDS) if CARD_SIDE[c] == WHITE),
)

# -- tracks -----------------------------------------------------------------------------------
TRACK_END: int = RAW["support_track"]["last_space"]
MONTHS: tuple[str, ...] = tuple(m["id"] for m in RAW["months"])
MONTH_LABEL: tuple[str, ...] = tuple(m["label"] for m in RAW["months"])
UNREST_VP: tuple[int, ...] = tuple(m["unrest_vp"] for m in RAW["months"])
_cal = RAW["calendar"]
LAST_DAY: int = _cal["last_day"]
EXTRA_DAYS: frozenset[int] = frozenset(_cal["extra_action_days"])
JUMP_DAYS: frozenset[int] = frozenset(_cal["jump_to_31"])
MONTH_TROTSKY_RETURNS: int = MONTHS.index(_cal["trotsky_returns"])
MONTH_TROTSKY_JOINS: int = MONTHS.index(_cal["trotsky_joins"])
MONTH_END: int = MONTHS.index(_cal["game_end"])
_round = RAW["round"]
CARDS_DRAWN: int = _round["cards_drawn"]
TURNS_PER_PLAYER: int = _round["turns_per_player"]
SOLO_ROUNDS: int = _round["solo_rounds"]
SOLO_OPP_TURNS: int = _round["solo_opposition_turns"]
SOLO_HAND_DRAW: int = _round["solo_hand_draw"]


def validate() -> None:
    """Check counts, ids, references and the map; raise ValueError naming what is wrong."""
    _check(len(DISTRICTS) == 6 and len(set(DISTRICTS)) == 6, "6 distinct districts")
    _check(N_COMMAND == 48, f"48 Command cards, found {N_COMMAND}")
    _check(len({c["id"] for c in _cmd}) == 48 and len(set(CARD_LABEL)) == N_CARDS, "unique card ids and labels")
    for c in _cmd:
        _check(c["district"] in DIDX, f"card {c['id']} names an unknown district")
        _check(1 <= c["recruit"] <= 3, f"card {c['id']} recruit value 1-3")
        _check(c["days"] >= 1 and c["vp"] >= 1, f"card {c['id']} days and VP positive")
        _check(c["action"] in ACTIONS, f"card {c['id']} action {c['action']!r}")
    _check(set(CARD_TEXTS["actions"]) == set(ACTIONS) and set(CARD_TEXTS["specials"]) == set(SPECIALS),
           "card_texts words every action and special action")
    _check(all(isinstance(CARD_TEXTS[k], str) for k in ("command", "command_short", "leader", "leader_short")),
           "card_texts has the command and leader templates")
    _check(len(_leaders) == 6, "6 Leader cards")
    for side in (RED, WHITE):
        specials = sorted(CARD_SPECIAL[c] for c in SIDE_LEADER_CARDS[side])
        _check(len(SIDE_LEADER_CARDS[side]) == 3, f"3 {SIDES[side]} leaders")
        _check(all(s in SPECIALS for s in specials), f"{SIDES[side]} leader special actions")
    _check(len(_trotsky) == 2 and _trotsky[0]["fresh"] == _trotsky[1]["fresh"]
           and _trotsky[0]["exhausted"] == _trotsky[1]["exhausted"], "two Trotsky markers with equal values (R3.5.2)")
    _check(len(_units["red"]) == 10 and len(_units["white"]) == 10 and len(_units["neutral"]) == 6, "unit counts 10/10/6")
    _check(len(OPP_UNITS) == 27, "27 Opposition units")
    _check(all(1 <= FRESH[m] <= 3 for m in RED_UNITS + WHITE_UNITS), "faction units recruitable (fresh 1-3)")
    # map: no loops, no duplicate connections, symmetric adjacency, connected
    _check(all(a != b for a, b in EDGES), "no connection joins a district to itself")
    _check(len({frozenset(e) for e in EDGES}) == len(EDGES), "no duplicate connections")
    for d in range(6):
        for n, e in ADJ[d]:
            _check((d, e) in ADJ[n], f"adjacency of {DISTRICTS[d]} and {DISTRICTS[n]} is symmetric")
    seen, todo = {0}, [0]
    while todo:
        for n, _ in ADJ[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    _check(len(seen) == 6, "the city is connected")
    _check(len(set(ARROW)) == 6, "each district has its own Blockade arrow")
    _check(all(d in EDGES[ARROW[d]] for d in range(6)), "each arrow touches its district")
    _check(len(MONTHS) == 6 and MONTH_TROTSKY_RETURNS < MONTH_TROTSKY_JOINS < MONTH_END, "month track")
    _check(TRACK_END > 0, "Support track length")


validate()
