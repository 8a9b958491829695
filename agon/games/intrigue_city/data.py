"""Intrigue City component data: loads `data.json` (our reconstruction, see docs/rules/intrigue-city.md)
and checks it once at import. Everything the rules need is exposed as plain module constants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))

GUILDS: tuple[str, ...] = tuple(_RAW["ring"])  # IC-2.2 ring order (GAP-5)
GUILD_NAMES: dict[str, str] = {g["id"]: g["name"] for g in _RAW["guilds"]}
GUILD_COLOURS: dict[str, str] = {g["id"]: g["colour"] for g in _RAW["guilds"]}
GI: dict[str, int] = {g: i for i, g in enumerate(GUILDS)}

# IC-2.2: Adjacent = i±1, Opposite = i+3, Non-adjacent = i±2 and i+3 (indices into GUILDS)
ADJ: tuple[tuple[int, int], ...] = tuple(((i - 1) % 6, (i + 1) % 6) for i in range(6))
NONADJ: tuple[tuple[int, ...], ...] = tuple(((i + 2) % 6, (i + 3) % 6, (i + 4) % 6) for i in range(6))
OPP: tuple[tuple[int], ...] = tuple(((i + 3) % 6,) for i in range(6))
OTHERS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in range(6) if j != i) for i in range(6))
RELATION = {"adjacent": ADJ, "non_adjacent": NONADJ, "opposite": OPP, "any_other": OTHERS, "both_adjacent": ADJ}

PLAYER_COLOURS: tuple[str, ...] = tuple(_RAW["player_colours"])
BANK: tuple[int, int, int] = tuple(_RAW["bank"][str(v)] for v in (1, 2, 3))
STARTING_SETS: tuple[tuple[int, ...], ...] = tuple(tuple(s) for s in _RAW["starting_sets"])  # GAP-4
EXTRA_SET: tuple[int, ...] = tuple(_RAW["extra_set"])  # GAP-9
FAVOURS_PER_GUILD: int = _RAW["favour_cards_per_guild"]
EQUILIBRIUM_PER_GUILD: int = _RAW["equilibrium_cards_per_guild"]
TRACK: tuple[str, ...] = tuple(_RAW["rounds_track"])  # IC-1.4
SHORT_START: int = _RAW["short_game_start"]
HAND_CARDS: int = _RAW["hand_cards_two_players"]
ADVANCED_BY_PLAYERS: dict[int, int] = {int(k): v for k, v in _RAW["advanced_by_players"].items()}  # GAP-1
VARIANT_A_BY_PLAYERS: dict[int, int] = {int(k): v for k, v in _RAW["variant_a_by_players"].items()}  # GAP-11

CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["cards"]}
BASIC: tuple[str, ...] = tuple(c for c, d in CARDS.items() if d["type"] == "basic")
ADVANCED: tuple[str, ...] = tuple(c for c, d in CARDS.items() if d["type"] == "advanced")
CARD_KIND: dict[str, str] = {c: d["kind"] for c, d in CARDS.items()}
CARD_VALUES: dict[str, tuple[int, ...]] = {c: tuple(d["values"]) for c, d in CARDS.items()}
CARD_REL: dict[str, tuple[tuple[int, ...], ...] | None] = {c: RELATION.get(d["chosen"]) for c, d in CARDS.items()}

_SLOTS = _RAW["slots"]
SLOT_SPIDERS: dict[int, tuple[int, ...]] = {
    n: tuple(s["spiders"] for s in _SLOTS if s["group"] in _RAW["slot_groups"][str(n)]) for n in range(2, 6)
}  # GAP-2, GAP-3
SLOT_IDS: dict[int, tuple[str, ...]] = {
    n: tuple(s["id"] for s in _SLOTS if s["group"] in _RAW["slot_groups"][str(n)]) for n in range(2, 6)
}
PRINTED: tuple[tuple[str, int, tuple[int, ...]], ...] = tuple(
    (p["card"], p["spiders"], tuple(p["players"])) for p in _RAW["printed"]
)

FAVOURS: dict[str, dict[str, Any]] = _RAW["favours"]
# AMB-1: which guild's Favour card is used when, and what it does, is data (so the mapping can be swapped)
FAV_PRE_OFFENSIVE: int = next(GI[g] for g in GUILDS if FAVOURS[g]["window"] == "pre_offensive")
FAV_PRE_DEFENSIVE: int = next(GI[g] for g in GUILDS if FAVOURS[g]["window"] == "pre_defensive")
FAV_REACT: tuple[int, ...] = tuple(GI[g] for g in FAVOURS if FAVOURS[g]["window"] == "react")
FAV_POST: tuple[int, ...] = tuple(GI[g] for g in FAVOURS if FAVOURS[g]["window"] == "post")
FAV_INTRIGUE: dict[int, tuple[int, int]] = {
    GI[g]: (f["intrigue"]["weak"], f["intrigue"]["strong"]) for g, f in FAVOURS.items() if "intrigue" in f
}  # FAV-ES, AMB-2: this turn's intrigue move changes by (Weak, Strong)
FAV_STRONG_BONUS: tuple[int, ...] = tuple(GI[g] for g, f in FAVOURS.items() if "strong_bonus" in f)  # FAV-BoS, AMB-6
THEMES: dict[str, dict[str, Any]] = _RAW["themes"]

# Guild Power cards (GAP-6): card c = guild index * 2 + variant; each colour deck holds all 12
POWER_VALUE: tuple[dict[int, int], ...] = tuple(
    {int(k): v for k, v in _RAW["power_deck"][c % 2]["value"].items()} for c in range(12)
)
POWER_NAMES: tuple[str, ...] = tuple(f"{GUILDS[c // 2]}-{_RAW['power_deck'][c % 2]['variant']}" for c in range(12))
POWER_INDEX: dict[str, int] = {n: i for i, n in enumerate(POWER_NAMES)}


def _validate() -> None:
    assert sorted(GUILDS) == sorted(GUILD_NAMES), "ring and guild list differ"
    assert len(GUILDS) == 6 and len(set(GUILDS)) == 6
    assert len(PLAYER_COLOURS) == 5
    assert len(BASIC) == 5 and len(ADVANCED) == 10 and len(CARDS) == 17, "17 action cards: 5 basic, 10 advanced, 2 printed"
    kinds = {"place_or_remove", "move", "place_two", "double_move", "claim", "place_move", "old_debts", "nothing"}
    for cid, card in CARDS.items():
        assert card["kind"] in kinds, f"{cid}: unknown kind"
        assert card["chosen"] in ("none", *RELATION), f"{cid}: unknown relation"
        assert all(v in (1, 2, 3) for v in card["values"]), f"{cid}: cube values are 1..3"
        assert card["text"] and card["short"], f"{cid}: no text or short text"
    for set_ in (*STARTING_SETS, EXTRA_SET):
        assert all(v in (1, 2, 3) for v in set_)
    assert {v for s in STARTING_SETS for v in s} == {1, 2, 3}, "IC-2.7: the sets hold every value"
    assert len(TRACK) == 12 and TRACK[SHORT_START] == "CoE I"
    for n in range(2, 6):
        assert len(SLOT_SPIDERS[n]) == 5 + ADVANCED_BY_PLAYERS[n], f"{n} players: slots = 5 + advanced"
        assert VARIANT_A_BY_PLAYERS[n] == len(SLOT_SPIDERS[n])
        assert all(1 <= s <= 5 for s in SLOT_SPIDERS[n])
        printed = sum(1 for _, _, ps in PRINTED if n in ps)
        assert len(SLOT_SPIDERS[n]) + printed >= 2 * n + 1, f"{n} players: too few actions"
    assert ADVANCED_BY_PLAYERS[2] + 2 * HAND_CARDS <= len(ADVANCED), "IC-2P.1 needs enough Advanced cards"
    assert set(FAVOURS) == set(GUILDS)
    for g, fav in FAVOURS.items():
        assert fav["text"] and fav["short"], f"{g} Favour: no text or short text"
        assert fav["window"] in ("pre_defensive", "pre_offensive", "post", "react"), g
        assert fav["effect"] in ("occupied", "place_or_remove", "move_adjacent"), g
        assert (fav["effect"] == "occupied") == fav["window"].startswith("pre_"), g
    assert len(FAV_REACT) == len(FAV_POST) == 2, "IC-6.4: two reactive and two post-offensive Favour cards"
    for theme in THEMES.values():
        assert len(theme["cards"]) == 11 and all(c in CARDS for c in theme["cards"])
        assert sum(1 for c in theme["cards"][:7] if c in ADVANCED) <= len(ADVANCED) - 2 * HAND_CARDS
    assert sum(BANK) == 96


_validate()
