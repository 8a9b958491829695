"""Where an Operation may go and what it costs (CL 3.0-3.3): each Operation's test of a space, the
spaces a faction may still select, their costs (3.1), and selecting one (which pushes that space's
procedure). Below the Special Activities (activities.py) and the Operation frame (operations.py), which
both ask these questions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import filterfalse
from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.board import SLOTS_OF, row_controlled
from agon.games.cuba_libre.data import (
    ADJ,
    ALL_SPACES,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    DR_ACTIVE,
    DR_BASE,
    DR_UNDERGROUND,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    IS_CITY,
    IS_EC,
    M26,
    M26_ACTIVE,
    M26_BASE,
    M26_UNDERGROUND,
    MOUNTAIN,
    N_SPACES,
    NAMES,
    POLICE,
    POPULATED,
    SYN,
    SYN_ACTIVE,
    SYN_UNDERGROUND,
    TROOPS,
)
from agon.games.cuba_libre.frames import OpFrame
from agon.games.cuba_libre.insurgent_ops import (
    WITHIN_2,
    rally_possible,
    rally_spaces,
    terror,
)

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

SPACES = ALL_SPACES
NO_ARRIVALS: tuple[int, ...] = ()  # an Operation's arrivals before any (frame "arr")
GARRISON_SPACES = tuple(s for s in SPACES if IS_EC[s] or IS_CITY[s])  # CL 3.2.2: the ECs and Cities
# the Operations whose space test excludes the ECs (CL 3.2.1, 3.2.3, 3.3.1, 3.3.5): their whole-map
# pool is the Cities and Provinces
NO_EC_OPS = ("train", "sweep", "rally", "construct")

OPS = (("train", "garrison", "sweep", "assault"), ("rally", "march", "attack", "terror"),
       ("rally", "march", "attack", "terror"), ("rally", "march", "terror", "construct"))
OP_TITLES = {"train": "Train", "garrison": "Garrison", "sweep": "Sweep", "assault": "Assault", "rally": "Rally",
             "march": "March", "attack": "Attack", "terror": "Terror", "construct": "Construct"}


def govt_cost(state: CubaLibreState) -> int:
    return 2 + state.alliance  # CL 3.2: Firm 2, Reluctant 3, Embargoed 4


CONSTRUCT_COST = 5  # CL 3.3.5: never free
MOST_A_SPACE_COSTS = CONSTRUCT_COST  # the Government's 2 + Alliance is at most 4, the others' 1
# the most a space of each Operation may cost (flat_cost at its dearest): with that much in hand
# every space is affordable, and `affordable` need not be asked
MOST_A_SPACE_OF = {"train": 4, "garrison": 0, "sweep": 4, "assault": 4, "rally": 1, "march": 1, "attack": 1,
                   "terror": 1, "construct": CONSTRUCT_COST}


def flat_cost(state: CubaLibreState, operation: str, free: bool) -> int:
    """What a space of `op` costs, but for the ECs of March and Terror (space_cost)."""
    if operation == "construct":
        return CONSTRUCT_COST
    if free or operation == "garrison":
        return 0
    if operation in ("train", "sweep", "assault"):
        return govt_cost(state)
    return 1


def space_cost(state: CubaLibreState, frame: OpFrame, space: int) -> int:
    op = frame["operation"]
    if op in ("march", "terror") and IS_EC[space]:
        return 0  # CL 3.3.2, 3.3.4
    return flat_cost(state, op, frame["free"])


def affordable(state: CubaLibreState, faction: int, operation: str, free: bool, spaces: Sequence[int]) -> Sequence[int]:
    """The spaces of `spaces` whose cost f's Resources cover (space_cost), without pricing each."""
    if state.res[faction] >= MOST_A_SPACE_COSTS or flat_cost(state, operation, free) <= state.res[faction]:
        return spaces
    if operation in ("march", "terror"):
        return [s for s in spaces if IS_EC[s]]  # CL 3.3.2, 3.3.4: free in an EC
    return ()


def pact(state: CubaLibreState, faction: int) -> bool:
    """Pact of Caracas (card 18) binds 26July and DR Operations."""
    return faction in (M26, DIRECTORIO) and (18, False) in state.capabilities  # (g.has_cap(18), looked up in place)


# -- legality of a space ----------------------------------------------------------------------


def assault_capacity(state: CubaLibreState, space: int) -> int:
    """CL 3.2.4: 1 per Troop (Mountain: per 2 Troops), plus 1 per Police in a City or EC."""
    row = state.sp[space]
    troops, police = row[TROOPS], row[POLICE]
    if state.has_mom(4):  # S.I.M. shaded: Police Assault as Troops
        troops, police = troops + police, 0
    city_like = IS_CITY[space] or IS_EC[space] or (MOUNTAIN[space] and state.has_mom(6))  # Sanchez Mosquera shaded
    if MOUNTAIN[space] and not city_like:
        n = troops // 2
    else:
        n = troops
    if city_like:
        n += police
    return n


def govt_can_remove(row: list[int]) -> bool:
    """`removal_targets(g, GOVT, s, "assault")` (or "airstrike", the same for the Government) is not
    empty in the space holding `row`: an Active Guerrilla, or a Base (open Casino) with no Guerrilla."""
    return bool(row[M26_ACTIVE] or row[DR_ACTIVE] or row[SYN_ACTIVE] or (row[M26_BASE] and not row[M26_UNDERGROUND]) or (row[DR_BASE] and not row[DR_UNDERGROUND])
                or (row[CASINO] and not row[SYN_UNDERGROUND]))


def _assault_ok(state: CubaLibreState, faction: int, space: int, arr: tuple[int, ...]) -> bool:
    if not govt_can_remove(state.sp[space]):
        return False
    return assault_capacity(state, space) > 0 or (state.has_mom(1) and any(state.sp[o][TROOPS] for o in range(N_SPACES) if o != space))


NEXT_TO = tuple(frozenset(near) for near in ADJ)  # (WITHIN_2's counterpart without Morgan)


def _march_ok(state: CubaLibreState, faction: int, space: int, arr: tuple[int, ...]) -> bool:
    near = WITHIN_2[space] if faction == DIRECTORIO and state.has_cap(28) else ADJ[space]  # Morgan
    sp, u, a = state.sp, GUER_U[faction], GUER_A[faction]
    for o in near:
        if sp[o][u] + sp[o][a] - (arr[o] + arr[o + N_SPACES] if arr else 0) > 0:
            return True
    return False


def march_spaces(state: CubaLibreState, faction: int, pool: Sequence[int], arr: tuple[int, ...]) -> list[int]:
    """CL 3.3.2: the spaces of `pool` where `_march_ok` holds, from the origins once rather than from each
    destination: those next to (Morgan: within 2 of) a space holding f's Guerrillas that have not
    arrived in this March."""
    sources = march_sources(state, faction, arr)
    if not sources:
        return []
    near = WITHIN_2 if faction == DIRECTORIO and state.has_cap(28) else NEXT_TO
    reach = near[sources[0]].union(*[near[o] for o in sources[1:]])
    return list(filter(reach.__contains__, pool))  # in pool's order


def march_possible(state: CubaLibreState, faction: int, pool: Sequence[int]) -> bool:
    """CL 3.3.2: `march_spaces(g, f, pool, ())` is not empty (no Guerrilla has moved yet); stops at the first
    space holding f's Guerrillas that is next to (Morgan: within 2 of) a space of `pool`."""
    near = WITHIN_2 if faction == DIRECTORIO and state.has_cap(28) else NEXT_TO
    sp, u, a = state.sp, GUER_U[faction], GUER_A[faction]
    for o in range(N_SPACES):
        if (sp[o][u] or sp[o][a]) and not near[o].isdisjoint(pool):
            return True
    return False


def march_sources(state: CubaLibreState, faction: int, arr: tuple[int, ...]) -> list[int]:
    """The spaces holding f's Guerrillas that have not arrived in this March (they may move on)."""
    sp, u, a = state.sp, GUER_U[faction], GUER_A[faction]
    if not any(arr):  # none has arrived yet (or no March is open)
        return [o for o, row in enumerate(sp) if row[u] or row[a]]
    return [o for o, row in enumerate(sp) if row[u] + row[a] > arr[o] + arr[o + N_SPACES]]


def _attack_ok(state: CubaLibreState, faction: int, space: int, arr: tuple[int, ...]) -> bool:
    """CL 3.3.3: f has a Guerrilla in s and some enemy has a piece there (counted in C)."""
    row = state.sp[space]
    if not row[GUER_U[faction]] + row[GUER_A[faction]]:
        return False
    enemy_pieces = sum(row) - sum(row[SLOTS_OF[faction]])
    if pact(state, faction):  # card 18: the other of 26July/DR is no target
        enemy_pieces -= sum(row[SLOTS_OF[M26 + DIRECTORIO - faction]])
    return enemy_pieces > 0


def attack_spaces(state: CubaLibreState, faction: int, pool: Sequence[int]) -> list[int]:
    """The spaces of `pool` where `_attack_ok` holds, with the Pact looked at once."""
    sp, u, a, own = state.sp, GUER_U[faction], GUER_A[faction], SLOTS_OF[faction]
    if pact(state, faction):  # card 18: the other of 26July/DR is no target
        mate = SLOTS_OF[M26 + DIRECTORIO - faction]
        return [s for s in pool if sp[s][u] + sp[s][a] and sum(sp[s]) - sum(sp[s][own]) - sum(sp[s][mate]) > 0]
    return [s for s in pool if sp[s][u] + sp[s][a] and sum(sp[s]) > sum(sp[s][own])]


def _terror_ok(state: CubaLibreState, faction: int, space: int, arr: tuple[int, ...]) -> bool:
    if not state.sp[space][GUER_U[faction]]:
        return False
    # card 18, ruling CL-E18a: the Pact bars reducing Opposition, so only DR's Terror (toward
    # Neutral) is barred at Opposition; 26July's only builds it (8.7.1 step 4)
    return not (faction == DIRECTORIO and state.support[space] < 0 and pact(state, faction))


def terror_spaces(state: CubaLibreState, faction: int, pool: Sequence[int]) -> list[int]:
    """The spaces of `pool` where `_terror_ok` holds, with the Pact looked at once."""
    sp, u = state.sp, GUER_U[faction]
    if faction == DIRECTORIO and pact(state, faction):  # card 18: not at Opposition (ruling CL-E18a, see _terror_ok)
        return [s for s in pool if sp[s][u] and state.support[s] >= 0]
    return [s for s in pool if sp[s][u]]


def _construct_ok(state: CubaLibreState, faction: int, space: int, arr: tuple[int, ...]) -> bool:
    if IS_EC[space]:
        return False
    row = state.sp[space]
    if not (row_controlled(row, GOVT) or row_controlled(row, SYN)):  # (g.controls, on the row at hand)
        return False
    return bool(state.sp[space][CLOSED_CASINO]) or (state.casinos(space) < 2 and state.available(CLOSED_CASINO) > 0)


# each Operation's test of a space (g, acting faction, space, Guerrillas arrived this March)
SPACE_OK: dict[str, Callable[[Any, int, int, tuple[int, ...]], bool]] = {
    "train": lambda state, faction, space, arr: not IS_EC[space],
    "garrison": lambda state, faction, space, arr: IS_EC[space] or IS_CITY[space],
    "sweep": lambda state, faction, space, arr: not IS_EC[space],
    "assault": _assault_ok,
    "rally": lambda state, faction, space, arr: rally_possible(state, faction, space),
    "march": _march_ok,
    "attack": _attack_ok,
    "terror": _terror_ok,
    "construct": _construct_ok,
}


def space_ok(state: CubaLibreState, frame: OpFrame, space: int) -> bool:
    ok = SPACE_OK.get(frame["operation"])
    return ok is not None and ok(state, frame["faction"], space, frame.get("arr", ()))


def candidate_spaces(state: CubaLibreState, frame: OpFrame) -> list[int]:
    if (frame["lim"] and frame["spaces"]) or frame.get("swept"):
        return []
    chosen, f, op = frame["spaces"], frame["faction"], frame["operation"]
    pool: Sequence[int] = frame.get("within") or SPACES
    if state.res[f] < MOST_A_SPACE_OF[op]:  # (affordable's own first test, made here: it is rarely needed)
        pool = affordable(state, f, op, frame["free"], pool)
    if pool is SPACES and op in NO_EC_OPS:
        pool = POPULATED
    if op == "rally":
        spaces = rally_spaces(state, f, pool)
    elif op == "march":
        spaces = march_spaces(state, f, pool, frame.get("arr", NO_ARRIVALS))
    elif op == "terror":
        spaces = terror_spaces(state, f, pool)
    elif op == "attack":
        spaces = attack_spaces(state, f, pool)
    elif op in ("train", "sweep"):
        spaces = list(pool) if pool is POPULATED else [s for s in pool if not IS_EC[s]]
    elif op == "garrison":
        spaces = list(GARRISON_SPACES) if pool is SPACES else [s for s in pool if IS_EC[s] or IS_CITY[s]]
    else:
        ok, arr = SPACE_OK[op], frame.get("arr", NO_ARRIVALS)
        spaces = [s for s in pool if ok(state, f, s, arr)]
    if chosen:  # (each space's test ignores the chosen ones: drop them from the few that pass)
        return list(filterfalse(chosen.__contains__, spaces))
    return spaces



def select_space(state: CubaLibreState, frame: OpFrame, space: int) -> None:
    f, op = frame["faction"], frame["operation"]
    push = state.stack.append  # (state.push: the same frames, built in place)
    cost = space_cost(state, frame, space)
    if cost:
        state.gain(f, -cost)
        frame["paid"] = True
    frame["spaces"] = frame["spaces"] + (space,)
    if not state.quiet:  # (a quiet game logs nothing: its words are not built)
        state.say("{op} in {space}.", op=OP_TITLES[op], space=NAMES[space])
    if op == "train":
        if IS_CITY[space] or state.sp[space][GOVT_BASE]:
            push({"step": "train_place", "faction": f, "space": space, "count": 0})
    elif op == "garrison":
        push({"step": "move_cubes", "faction": f, "space": space, "count": 0, "mode": "garrison"})
    elif op == "sweep":
        push({"step": "move_cubes", "faction": f, "space": space, "count": 0, "mode": "sweep"})
    elif op == "assault":
        push({"step": "remove", "faction": f, "space": space, "count": -1, "mode": "assault"})  # capacity counted at its start
        if state.has_mom(1):  # Armored Cars shaded: Troops from anywhere join the Assault first
            push({"step": "move_cubes", "faction": f, "space": space, "count": 0, "mode": "armored"})
    elif op == "rally":
        push({"step": "rally", "faction": f, "space": space})
    elif op == "march":
        push({"step": "march", "faction": f, "space": space, "grp": ()})
    elif op == "attack":
        push({"step": "attack", "faction": f, "space": space})
    elif op == "terror":
        terror(state, f, space)
    elif op == "construct":
        push({"step": "construct", "faction": f, "space": space})


