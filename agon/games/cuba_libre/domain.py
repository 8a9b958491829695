"""Every action Cuba Libre can offer (`Game.action_domain`): the (verb, arg) pairs of the steps'
`legal` (rules.py turns them into actions, text.py words them), each verb with its argument domain
from the game's data."""

from __future__ import annotations

from agon.engine import Action
from agon.engine.domain import bare, each, product
from agon.games.cuba_libre.activities import SA_TITLES
from agon.games.cuba_libre.data import FORCES, NAMES, PIECE_KEYS, ROLES
from agon.games.cuba_libre.op_spaces import OP_TITLES

# verbs by argument shape
BARE = ("borrow", "cancel pact", "carry cash", "decline", "done", "drop cash", "launder", "leave cash",
        "limop", "pass", "reroll", "roll", "skip", "transfer")
SPACE = ("agitate", "assault", "cash", "civic", "close", "from", "give cash marker", "open", "place",
         "remove base", "space", "to")
PIECE = ("flip", "place", "relocate", "remove", "removebase")
ROLE = ("activate", "ask", "faction", "give cash", "give to", "holder", "target")
SPACE_PIECE = ("borrow", "guerrilla", "place", "remove", "replace", "return", "withdraw", "move")
GUERRILLA_STATES = ("active", "underground")  # insurgent_ops.py: a Guerrilla by state
CARRY = " with cash"  # insurgent_ops.CARRY: the moved piece carries a Cash marker (CL 4.5.2)
CUBES = ("TT", "TP", "PP")  # operations.py: the cubes a Government Base replaces
DEPOSITS = ("base", "casino", "open casino", "resources")  # propaganda.py: what a Cash deposit buys (CL 6.2.3)
MAX_RESOURCES = 49  # CL 1.8
TRANSPORT_TROOPS = 3  # CL 4.2.1


def action_domain() -> list[Action]:
    most_guerrillas = max(FORCES)  # CL 3.3.1: a Rally places at most the Guerrillas Available
    movers = (*PIECE_KEYS, *GUERRILLA_STATES, *(k + CARRY for k in ("troop", "police", *GUERRILLA_STATES)))
    return [
        *bare(*BARE),
        *(Action(verb, s) for verb in SPACE for s in NAMES),
        *(Action(verb, p) for verb in PIECE for p in PIECE_KEYS),
        *(Action(verb, r) for verb in ROLE for r in ROLES),
        *(a for verb in SPACE_PIECE for a in product(verb, NAMES, PIECE_KEYS)),
        *product("cash", NAMES, ROLES),  # events_cards_1_24.py: a Cash marker to a faction's piece
        *product("base", NAMES, CUBES),
        *product("withdraw", NAMES, GUERRILLA_STATES),
        *product("move", NAMES, movers),
        *product("move", NAMES, PIECE_KEYS, NAMES),  # events: a piece from one space to another
        *product("replace", NAMES, PIECE_KEYS, PIECE_KEYS),
        *product("replace", PIECE_KEYS, PIECE_KEYS),
        *each("activity", SA_TITLES),
        *each("operation", OP_TITLES),
        *each("deposit", DEPOSITS),
        *each("event", ("shaded", "unshaded")),
        *each("op", (None, "hidden asset")),
        *each("choose", ("aid", "ambush", "close", "march", "rally")),  # events.py card choices
        *each("construct", ("place", "open")),
        *each("profit", ("cash in", "stash")),
        *each("rally", ("place", "base", "flip", *range(2, most_guerrillas + 1))),
        *each("give resources", range(1, MAX_RESOURCES + 1)),
        *each("keep", range(1, 7)),  # a die roll
        *each("troops", range(1, TRANSPORT_TROOPS + 1)),
        *each("troops with cash", range(1, TRANSPORT_TROOPS + 1)),
        *each("give cash", (None,)),
    ]
