"""Cuba Libre facts: the map, the forces, the standard set-up and the deck.

Loaded once from `data/cuba_libre.json` (the project's own data file, compiled from the playbook's
Spaces List, Card List and set-up page) and validated here; the rules modules import the constants.

Pieces on a space are one list of 13 counts, indexed by the piece constants below (T, P, GB, ...).
Factions are ints 0..3 (GOVT, M26, DR, SYN); ROLES maps them to the role names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROLES = ("govt", "m26", "dr", "syndicate")
GOVT, M26, DIRECTORIO, SYN = 0, 1, 2, 3
FACTION_NAMES = ("Government", "26July", "Directorio", "Syndicate")
INSURGENTS = (M26, DIRECTORIO, SYN)

# piece slots of a space
(TROOPS, POLICE, GOVT_BASE, M26_UNDERGROUND, M26_ACTIVE, M26_BASE, DR_UNDERGROUND, DR_ACTIVE, DR_BASE, SYN_UNDERGROUND,
 SYN_ACTIVE, CASINO, CLOSED_CASINO) = range(13)
NPT = 13
PIECE_NAMES = (
    "Troops", "Police", "Government Base", "26July Underground Guerrilla", "26July Active Guerrilla",
    "26July Base", "DR Underground Guerrilla", "DR Active Guerrilla", "DR Base",
    "Syndicate Underground Guerrilla", "Syndicate Active Guerrilla", "open Casino", "closed Casino",
)
PIECE_KEYS = ("troop", "police", "govt_base", "m26_u", "m26_a", "m26_base", "dr_u", "dr_a", "dr_base",
              "syn_u", "syn_a", "casino", "closed_casino")
PIECE_INDEX = {k: i for i, k in enumerate(PIECE_KEYS)}
OWNER = (GOVT, GOVT, GOVT, M26, M26, M26, DIRECTORIO, DIRECTORIO, DIRECTORIO, SYN, SYN, SYN, SYN)
GUER_U = (-1, M26_UNDERGROUND, DR_UNDERGROUND, SYN_UNDERGROUND)  # Underground Guerrilla slot per faction
GUER_A = (-1, M26_ACTIVE, DR_ACTIVE, SYN_ACTIVE)
BASE = (GOVT_BASE, M26_BASE, DR_BASE, CASINO)
IS_GUERRILLA = (False, False, False, True, True, False, True, True, False, True, True, False, False)
IS_BASE = (False, False, True, False, False, True, False, False, True, False, False, True, True)
FACTION_SLOTS = ((TROOPS, POLICE, GOVT_BASE), (M26_UNDERGROUND, M26_ACTIVE, M26_BASE), (DR_UNDERGROUND, DR_ACTIVE, DR_BASE),
                 (SYN_UNDERGROUND, SYN_ACTIVE, CASINO, CLOSED_CASINO))

# Available boxes
AV_T, AV_P, AV_GB, AV_MG, AV_MB, AV_DG, AV_DB, AV_SG, AV_C = range(9)
AV_OF = (AV_T, AV_P, AV_GB, AV_MG, AV_MG, AV_MB, AV_DG, AV_DG, AV_DB, AV_SG, AV_SG, AV_C, AV_C)
AV_KEYS = ("troops", "police", "govt_bases", "m26_guerrillas", "m26_bases", "dr_guerrillas", "dr_bases",
           "syndicate_guerrillas", "casinos")

CITY, PROVINCE, ECONOMIC_CENTER = "city", "province", "ec"
ALLIANCE = ("Firm", "Reluctant", "Embargoed")
LEVELS = {2: "Active Support", 1: "Passive Support", 0: "Neutral", -1: "Passive Opposition", -2: "Active Opposition"}

_PATH = Path(__file__).with_name("data") / "cuba_libre.json"


def _load() -> dict[str, Any]:
    with _PATH.open(encoding="utf-8") as fh:
        raw = json.load(fh)
    _validate(raw)
    return raw


def _validate(raw: dict[str, Any]) -> None:
    spaces = raw["spaces"]
    ids = [s["id"] for s in spaces]
    if len(spaces) != 13 or len(set(ids)) != 13:
        raise ValueError("cuba-libre data: expected 13 distinct spaces")
    kinds = [s["kind"] for s in spaces]
    if kinds.count(CITY) != 3 or kinds.count(PROVINCE) != 7 or kinds.count(ECONOMIC_CENTER) != 3:
        raise ValueError("cuba-libre data: expected 3 Cities, 7 Provinces, 3 ECs")
    for s in spaces:
        for a in s["adjacent"]:
            if a not in ids:
                raise ValueError(f"cuba-libre data: {s['id']} is adjacent to unknown {a}")
            other = spaces[ids.index(a)]
            if s["id"] not in other["adjacent"]:
                raise ValueError(f"cuba-libre data: adjacency {s['id']}-{a} is not symmetric")
        if s["kind"] == ECONOMIC_CENTER and (s["pop"] or s["econ"] not in (2, 3)):
            raise ValueError(f"cuba-libre data: EC {s['id']} needs econ 2/3 and no pop")
        if s["kind"] != ECONOMIC_CENTER and (s["econ"] or s["pop"] not in (1, 2, 6)):
            raise ValueError(f"cuba-libre data: {s['id']} needs pop 1/2/6 and no econ")
    if sum(len(s["adjacent"]) for s in spaces) != 30:
        raise ValueError("cuba-libre data: expected 15 adjacent pairs")
    if sum(s["pop"] for s in spaces) != 17 or sum(s["econ"] for s in spaces) != 8:
        raise ValueError("cuba-libre data: total Pop 17 and Econ 8 expected")
    forces = raw["forces"]
    if list(forces) != list(AV_KEYS) or sum(forces.values()) != 86:
        raise ValueError("cuba-libre data: Available Forces must list 86 pieces")
    cards = raw["cards"]
    numbers = [c["number"] for c in cards]
    if numbers != list(range(1, 53)):
        raise ValueError("cuba-libre data: cards must be numbered 1..52")
    for c in cards:
        if c["type"] == "event":
            if sorted(c["order"]) != sorted(ROLES):
                raise ValueError(f"cuba-libre data: card {c['number']} has a bad faction order")
        elif c["type"] != "propaganda":
            raise ValueError(f"cuba-libre data: card {c['number']} has unknown type")
    if sum(1 for c in cards if c["type"] == "propaganda") != 4:
        raise ValueError("cuba-libre data: 4 Propaganda cards expected")
    for sid, pcs in raw["setup"]["pieces"].items():
        if sid not in ids:
            raise ValueError(f"cuba-libre data: set-up names unknown space {sid}")
        for key in pcs:
            if key not in forces:
                raise ValueError(f"cuba-libre data: set-up piece {key} unknown")


DATA = _load()
SPACES: tuple[dict[str, Any], ...] = tuple(DATA["spaces"])
N_SPACES = len(SPACES)
ALL_SPACES = tuple(range(N_SPACES))  # every space's index: a choice among all of them
SPACE_IDS = tuple(s["id"] for s in SPACES)
SPACE_INDEX = {sid: i for i, sid in enumerate(SPACE_IDS)}
NAMES = tuple(s["name"] for s in SPACES)
KIND = tuple(s["kind"] for s in SPACES)
POP = tuple(s["pop"] for s in SPACES)
ECON = tuple(s["econ"] for s in SPACES)
TERRAIN = tuple(s["terrain"] for s in SPACES)
ADJ = tuple(tuple(SPACE_INDEX[a] for a in s["adjacent"]) for s in SPACES)
HAVANA_STEPS = tuple(s["havana_steps"] for s in SPACES)
IS_CITY = tuple(k == CITY for k in KIND)
IS_PROV = tuple(k == PROVINCE for k in KIND)
IS_EC = tuple(k == ECONOMIC_CENTER for k in KIND)
POPULATED = tuple(i for i in range(N_SPACES) if not IS_EC[i])
ECS = tuple(i for i in range(N_SPACES) if IS_EC[i])
CITIES = tuple(i for i in range(N_SPACES) if IS_CITY[i])
PROVINCES = tuple(i for i in range(N_SPACES) if IS_PROV[i])
FOREST = tuple(t == "forest" for t in TERRAIN)
MOUNTAIN = tuple(t == "mountain" for t in TERRAIN)
HAVANA = SPACE_INDEX["havana"]
SIERRA_MAESTRA = SPACE_INDEX["sierra_maestra"]
PINAR = SPACE_INDEX["pinar_del_rio"]
LAS_VILLAS = SPACE_INDEX["las_villas"]

FORCES = tuple(DATA["forces"][k] for k in AV_KEYS)
CASH_MARKERS = DATA["markers"]["cash"]
TERROR_MARKERS = DATA["markers"]["terror_sabotage"]

CARDS: dict[int, dict[str, Any]] = {c["number"]: c for c in DATA["cards"]}
EVENT_CARDS = tuple(n for n, c in CARDS.items() if c["type"] == "event")
PROPAGANDA_CARDS = tuple(n for n, c in CARDS.items() if c["type"] == "propaganda")
ORDER = {n: tuple(ROLES.index(r) for r in c["order"]) for n, c in CARDS.items() if c["type"] == "event"}
TITLE = {n: c["title"] for n, c in CARDS.items()}


def _load_card_texts() -> dict[str, Any]:
    """Our wording of every card (data/card_texts.json): a short and a full text per side."""
    raw = json.loads(_PATH.with_name("card_texts.json").read_text(encoding="utf-8"))
    for n, card in CARDS.items():
        if card["type"] != "event":
            continue
        sides = raw["events"].get(str(n), {})
        wanted = {"unshaded", "shaded"} if card["dual"] else {"single"}
        if set(sides) != wanted or not all(sides[k].get("short") and sides[k].get("text") for k in wanted):
            raise ValueError(f"cuba-libre card texts: card {n} needs a short and a full text for {sorted(wanted)}")
    if len(raw["events"]) != len(EVENT_CARDS) or not (raw["propaganda"]["short"] and raw["propaganda"]["text"]):
        raise ValueError("cuba-libre card texts: one entry per Event card and one for Propaganda")
    return raw


CARD_TEXTS = _load_card_texts()


def space(name: str) -> int:
    """Index of a space by id ("havana") or name ("Havana")."""
    if name in SPACE_INDEX:
        return SPACE_INDEX[name]
    if name in NAMES:
        return NAMES.index(name)
    raise KeyError(f"no space {name!r}; spaces: {', '.join(SPACE_IDS)}")

# CL 1.5 No Non-player option: who plays the leftover factions (26July also runs DR; with 2 players
# the Government also runs the Syndicate)
TEAMS = {3: ((0,), (1, 2), (3,)), 2: ((0, 3), (1, 2))}


def teams(options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The players' factions: one faction each, or teams under the No Non-player option."""
    if options.get("no_nonplayers") and options["players"] in TEAMS:
        return TEAMS[options["players"]]
    return tuple((f,) for f in range(4))
