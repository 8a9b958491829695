"""Every action each game can offer, built from the game's own data: its action space by construction.

For each game, `domain(game_id)` lists every `Action(verb, arg)` the game's code can build, each verb
with its argument domain taken from the game's data (space, piece, card and role names, numeric
ranges with their rule bounds), read from the code paths that build actions (`Action(` in
dual_powers/rules.py, dawn_of_freedom/*.py, intrigue_city/*.py; the `(verb, arg)` pairs of Cuba
Libre's steps, which rules.py turns into actions). The fixed numbering (`agon/rl/data/<game>.json`)
holds all of it: a domain may hold a few actions no position can reach, never lack one a position
offers. `VERBS[game]` is the verb list, which tests/rl/test_domains.py compares with the sources.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache

from agon.engine import Action

Arg = str | int | None | tuple[str | int, ...]


def _each(verb: str, values: Iterable[Arg]) -> list[Action]:
    return [Action(verb, v) for v in values]


def _product(verb: str, *slots: Iterable[str | int]) -> list[Action]:
    return [Action(verb, combo) for combo in itertools.product(*slots)]


def _bare(*verbs: str) -> list[Action]:
    return [Action(v, None) for v in verbs]


def _dual_powers() -> list[Action]:
    from agon.games.dual_powers import rules as r

    return [*r.A_CARD, *r.A_OBJ, *r.A_UNIT, *r.A_MARKER, *r.A_DIST, *r.A_CONN, r.A_DONE, r.A_PASS, r.A_RECRUIT,
            r.A_LEADER_RECRUIT, *r.A_PRINTED.values(), *r.A_SPECIAL.values(), *r.A_EXTRA.values(), *r.A_UNREST]


# 1989 labels of `pick_option` prompts (core_events.py, events_*.py) besides country names and
# Goodbye Lenin's "carry out <red title>"
OPTIONS_1989 = (
    "2 support checks (+2) on Student or Intellectual spaces", "decline",
    "discard a 3-Ops card to cancel the support check", "end the game at the end of this turn",
    "let the support check happen", "no struggle", "place 3 SPs in Elite spaces",
    "place 4 SPs in spaces without Democrat SPs", "play Common European Home with the shown card",
    "play the shown card", "remove all Democrat SPs from Elite spaces", "the game goes on",
    "use Goodbye Lenin's Operations",
)


def _1989() -> list[Action]:
    from agon.games.dawn_of_freedom.data import CARDS, COUNTRY_NAMES, POWER_CARDS, SPACES, SUITS

    options = [*OPTIONS_1989, *COUNTRY_NAMES, *(f"carry out {c.title}" for c in CARDS.values() if c.red)]
    return [
        *_each("card", sorted(CARDS)),  # turn.py, flow.py CARD
        *_each("space", range(len(SPACES))),  # flow.py SPACE
        *_each("pscard", sorted(POWER_CARDS)),  # power.py: Power Struggle cards
        *_each("suit", SUITS),  # power.py: suit to ban / lead
        *_each("option", options),  # steps.py pick_option
        *_each("extra round", ("take", "pass")),  # turn.py
        *_each("play", ("event", "ops", "tiananmen", "both")),  # turn.py
        *_each("order", ("event first", "ops first", "cancel event")),  # turn.py
        *_each("raise", ("no", "yes")),  # power.py
        *_each("power", ("keep", "surrender")),  # power.py
        *_each("use", ("place", "checks", "place+", "checks+", "tiananmen")),  # ops.py
        *_bare("pass", "concede"),
    ]


def _intrigue_city() -> list[Action]:
    from agon.games.intrigue_city.data import CARD_KIND, GUILDS, POWER_NAMES
    from agon.games.intrigue_city.effects import VALUES
    from agon.games.intrigue_city.rules import PLACE_ACTIONS, TARGET_ACTIONS

    return [
        *(a for row in PLACE_ACTIONS for a in row),  # offensive/defensive pawn positions
        *(a for row in TARGET_ACTIONS for a in row),  # target (player, guild)
        *(Action(verb, g) for verb in ("favour", "guild", "chosen", "from") for g in GUILDS),
        *_each("hand", CARD_KIND),  # a hand card (rules.py)
        *_each("vote", POWER_NAMES),  # scoring.py
        *(Action(verb, v) for verb in ("move", "place", "remove", "back") for v in VALUES),  # effects.py
        *_product("move", GUILDS, GUILDS, VALUES),  # effects.py: a move between two guilds
        *_bare("pass", "card", "blank"),
    ]


# Cuba Libre verbs by argument shape (the (verb, arg) pairs of the steps' `legal`, text.py words them)
CL_BARE = ("borrow", "cancel pact", "carry cash", "decline", "done", "drop cash", "launder", "leave cash",
           "limop", "pass", "reroll", "roll", "skip", "transfer")
CL_SPACE = ("agitate", "assault", "cash", "civic", "close", "from", "give cash marker", "open", "place",
            "remove base", "space", "to")
CL_PIECE = ("flip", "place", "relocate", "remove", "removebase")
CL_ROLE = ("activate", "ask", "faction", "give cash", "give to", "holder", "target")
CL_SPACE_PIECE = ("borrow", "guerrilla", "place", "remove", "replace", "return", "withdraw", "move")
GUERRILLA_STATES = ("active", "underground")  # insurgent_ops.py: a Guerrilla by state
CARRY = " with cash"  # insurgent_ops.CARRY: the moved piece carries a Cash marker (CL 4.5.2)
CUBES = ("TT", "TP", "PP")  # operations.py: the cubes a Government Base replaces
MAX_RESOURCES = 49  # CL 1.8
TRANSPORT_TROOPS = 3  # CL 4.2.1


def _cuba_libre() -> list[Action]:
    from agon.games.cuba_libre.activities import SA_TITLES
    from agon.games.cuba_libre.data import FORCES, NAMES, PIECE_KEYS, ROLES
    from agon.games.cuba_libre.op_spaces import OP_TITLES
    from agon.games.cuba_libre.text import _DEPOSIT

    most_guerrillas = max(FORCES)  # CL 3.3.1: a Rally places at most the Guerrillas Available
    movers = (*PIECE_KEYS, *GUERRILLA_STATES, *(k + CARRY for k in ("troop", "police", *GUERRILLA_STATES)))
    return [
        *_bare(*CL_BARE),
        *(Action(verb, s) for verb in CL_SPACE for s in NAMES),
        *(Action(verb, p) for verb in CL_PIECE for p in PIECE_KEYS),
        *(Action(verb, r) for verb in CL_ROLE for r in ROLES),
        *(a for verb in CL_SPACE_PIECE for a in _product(verb, NAMES, PIECE_KEYS)),
        *_product("cash", NAMES, ROLES),  # events_cards_1_24.py: a Cash marker to a faction's piece
        *_product("base", NAMES, CUBES),
        *_product("withdraw", NAMES, GUERRILLA_STATES),
        *_product("move", NAMES, movers),
        *_product("move", NAMES, PIECE_KEYS, NAMES),  # events: a piece from one space to another
        *_product("replace", NAMES, PIECE_KEYS, PIECE_KEYS),
        *_product("replace", PIECE_KEYS, PIECE_KEYS),
        *_each("activity", SA_TITLES),
        *_each("operation", OP_TITLES),
        *_each("deposit", _DEPOSIT),  # propaganda.py: what a Cash deposit buys (CL 6.2.3)
        *_each("event", ("shaded", "unshaded")),
        *_each("op", (None, "hidden asset")),
        *_each("choose", ("aid", "ambush", "close", "march", "rally")),  # events.py card choices
        *_each("construct", ("place", "open")),
        *_each("profit", ("cash in", "stash")),
        *_each("rally", ("place", "base", "flip", *range(2, most_guerrillas + 1))),
        *_each("give resources", range(1, MAX_RESOURCES + 1)),
        *_each("keep", range(1, 7)),  # a die roll
        *_each("troops", range(1, TRANSPORT_TROOPS + 1)),
        *_each("troops with cash", range(1, TRANSPORT_TROOPS + 1)),
        *_each("give cash", (None,)),
    ]


_BUILDERS = {"dual-powers": _dual_powers, "1989": _1989, "intrigue-city": _intrigue_city,
             "cuba-libre": _cuba_libre}


@cache
def domain(game_id: str) -> frozenset[Action]:
    """Every action `game_id` can ever offer (a superset: a few may be unreachable)."""
    return frozenset(_BUILDERS[game_id]())


def verbs(game_id: str) -> frozenset[str]:
    """The verbs of `domain(game_id)`."""
    return frozenset(a.verb for a in domain(game_id))
