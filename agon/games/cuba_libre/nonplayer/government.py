"""Non-player Government (CL 8.8): Momentum priorities, Train, Garrison, Sweep, Assault; Transport,
Air Strike, Reprisal; Civic Action and Redeploy in Propaganda Rounds.

Flow (8.8, completion AMB-19, C-42..C-47):
    Momentum priorities (8.8.1) where triggered
    Train condition     -> Train (8.8.2)    -> Transport                         ; IF NONE Garrison
    Garrison condition  -> Garrison (8.8.3) -> Air Strike | Reprisal | Transport ; IF NONE Sweep
    Sweep condition     -> Sweep (8.8.4)    -> Air Strike | Reprisal | Transport ; IF NONE Assault
    otherwise           -> Assault (8.8.5)  -> Air Strike | Reprisal | Transport ; IF NONE Pass
At most 4 spaces when Firm, 3 Reluctant, 2 Embargoed: a 9-Resource budget (8.8 NOTE).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.activities import spaces
from agon.games.cuba_libre.data import (
    ADJ,
    CASINO,
    CITIES,
    DIRECTORIO,
    DR_BASE,
    ECS,
    FOREST,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    HAVANA,
    IS_CITY,
    IS_EC,
    IS_PROV,
    M26,
    M26_BASE,
    MOUNTAIN,
    N_SPACES,
    NAMES,
    POLICE,
    POP,
    POPULATED,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.frames import Frame
from agon.games.cuba_libre.insurgent_ops import CARRY
from agon.games.cuba_libre.nonplayer.common import (
    Ctx,
    Decision,
    can_execute,
    entry,
    final_round,
    first_executable,
    idx,
    others_count,
    planner,
    takes_cash,
)
from agon.games.cuba_libre.nonplayer.frames import op_plan
from agon.games.cuba_libre.op_spaces import assault_capacity, govt_cost, space_ok
from agon.games.cuba_libre.operations import civic_ok
from agon.games.cuba_libre.propaganda import redeploy_dests
from agon.games.cuba_libre.removal import removal_targets

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

REMOVE_WHY = "8.8.5 targets: Bases, Cash holders, 26July, DR, Syndicate"
UNLISTED = 6  # airstrike_rank of a piece outside the 8.8.3 Air Strike list


def _most_of(state: CubaLibreState, piece_type: int) -> Callable[[int], int]:
    """The order key "the most pieces of type pt first" (a space's count of pt, negated)."""
    return lambda origin: -state.sp[origin][piece_type]


def max_spaces(state: CubaLibreState) -> int:
    return 9 // govt_cost(state)  # 8.8 NOTE: 4 Firm, 3 Reluctant, 2 Embargoed


def keeps_control(state: CubaLibreState, space: int, count: int = 1) -> bool:
    """Removing n Government cubes from s does not lose Government Control there."""
    if state.control(space) != GOVT:
        return True
    gc = state.faction_count(space, GOVT) - count
    return gc > others_count(state, space, GOVT)


# -- Assault arithmetic (3.2.4) ------------------------------------------------------------------


def assault_result(state: CubaLibreState, space: int) -> tuple[int, int, bool, bool]:
    """(26July/DR Bases removed, 26July/DR Guerrillas removed, Cash seized, Control added)."""
    cap = assault_capacity(state, space)
    if not cap:
        return (0, 0, False, False)
    row = state.sp[space]
    bases = guer = removed = 0
    cash = False
    for f in (M26, DIRECTORIO, SYN):
        a = row[GUER_A[f]]
        k = min(cap, a)
        cap -= k
        removed += k
        if f != SYN:
            guer += k
        if k and k == state.guerrillas(space, f) and takes_cash(state, space, f, GOVT):
            cash = True
        base = CASINO if f == SYN else (M26_BASE if f == M26 else DR_BASE)
        if cap and not row[GUER_U[f]] and k == a and row[base]:
            b = min(cap, row[base]) if f != SYN else 0
            cap -= b
            removed += b
            bases += b
    gc = state.faction_count(space, GOVT)
    ctrl = not IS_EC[space] and state.control(space) != GOVT and gc > others_count(state, space, GOVT) - removed
    return (bases, guer, cash, ctrl)


def _removable(state: CubaLibreState, space: int) -> int:
    """Enemy pieces an Assault of unlimited strength would remove in s (3.2.4, Bases last)."""
    row = state.sp[space]
    n = 0
    for f in (M26, DIRECTORIO, SYN):
        n += row[GUER_A[f]]
        if not row[GUER_U[f]] and f != SYN:
            n += row[M26_BASE if f == M26 else DR_BASE]
    return n


def mountain_assault(state: CubaLibreState) -> bool:
    """8.8.1 Sanchez Mosquera (Greek «Βάσης της 26 Ιουλίου ή οποιονδήποτε 4 ή περισσοτέρων
    Αυτονομιστών από Βουνά»): an Assault can remove a 26July Base, or any 4+ Guerrillas (the
    Syndicate's too) in all, from Mountain spaces (a DR Base alone does not count)."""
    guerrillas = 0
    for s in assault_spaces(state):
        if not MOUNTAIN[s]:
            continue
        if m26_base_falls(state, s, assault_capacity(state, s)):
            return True
        cap = assault_capacity(state, s)
        guerrillas += min(cap, sum(state.sp[s][GUER_A[f]] for f in (M26, DIRECTORIO, SYN)))
    return guerrillas >= 4


def m26_base_falls(state: CubaLibreState, space: int, capacity: int, activated: int = 0) -> bool:
    """An Assault of `capacity` removes a 26July Base in s (3.2.4: its Guerrillas first, all of them
    Active once `activated` Underground ones are flipped; the Government removes Bases and 26July
    pieces first, 8.8.5)."""
    row = state.sp[space]
    if not row[M26_BASE] or row[GUER_U[M26]] > activated:
        return False
    return capacity > state.guerrillas(space, M26)


def sweep_reach(state: CubaLibreState, space: int) -> int:
    """CL 3.2.3 with 8.8.4 step 2: the Guerrillas a Sweep in s can Activate: 1 per cube there or
    moved in from adjacent spaces (Troops; S.I.M. Police too) without losing Control of the origin,
    in Forest 1 per 2 cubes."""
    sim = state.has_mom(4)
    cubes = state.cubes(space)
    for o in ADJ[space]:
        movable = state.sp[o][TROOPS] + (state.sp[o][POLICE] if sim else 0)
        if state.control(o) == GOVT:
            movable = min(movable, max(0, state.faction_count(o, GOVT) - others_count(state, o, GOVT) - 1))
        cubes += movable
    return cubes // 2 if FOREST[space] else cubes


def sweep_activates(state: CubaLibreState, space: int, factions: tuple[int, ...] = (M26, DIRECTORIO, SYN)) -> int:
    """How many Underground Guerrillas of `factions` a Sweep in s can Activate."""
    return min(sweep_reach(state, space), sum(state.sp[space][GUER_U[f]] for f in factions))


def masferrer_target(state: CubaLibreState) -> bool:
    """8.8.1 Rolando Masferrer (Greek «αν είναι δυνατή η αφαίρεση μιας Βάσης της 26 Ιουλίου ή να
    Ενεργοποιήσετε 4 ή περισσότερους Αυτονομιστές»): the Sweep with its free Assault can remove a
    26July Base (the Sweep Activating its Guerrillas there first), or the Sweep can Activate 4+
    Guerrillas in its spaces (at most 4/3/2, 8.8 NOTE)."""
    if sum(sorted((sweep_activates(state, s) for s in range(N_SPACES)), reverse=True)[:max_spaces(state)]) >= 4:
        return True
    return any(m26_base_falls(state, s, assault_capacity(state, s), sweep_activates(state, s, (M26,)))
               for s in range(N_SPACES) if state.sp[s][M26_BASE])


def armored_target(state: CubaLibreState) -> bool:
    """8.8.1 Armored Cars: an Assault (Troops brought in from anywhere) removes a 26July Base or
    4+ Guerrillas."""
    spare = sum(max(0, state.sp[o][TROOPS] - (0 if state.control(o) != GOVT else max(0, others_count(state, o, GOVT) + 1
                                                                         - state.sp[o][POLICE] - state.sp[o][GOVT_BASE])))
                for o in range(N_SPACES))
    for s in range(N_SPACES):
        row = state.sp[s]
        need_base = row[GUER_A[M26]] + 1 if row[M26_BASE] and not row[GUER_U[M26]] else 99
        guer = sum(row[GUER_A[f]] for f in (M26, DIRECTORIO, SYN))
        cap = assault_capacity(state, s) + (spare - row[TROOPS]) // (2 if MOUNTAIN[s] and not IS_EC[s] else 1)
        if cap >= min(need_base, 4 if guer >= 4 else 99):
            return True
    return False


def assault_spaces(state: CubaLibreState) -> list[int]:
    if state.has_mom(1):
        return [s for s in range(N_SPACES) if space_ok(state, {"step": "op", "operation": "assault", "faction": GOVT}, s)]
    return [s for s in range(N_SPACES) if assault_capacity(state, s) and removal_targets(state, GOVT, s, "assault")]


def assault_worth(state: CubaLibreState, with_control: bool) -> bool:
    """8.8.4 / 8.8.5 (AMB-19): a 26July/DR Base or 3+ of their Guerrillas (8.8.5: or Control)."""
    best = sorted((assault_result(state, s) for s in assault_spaces(state)), key=lambda role: (-role[0], -role[1]))[:max_spaces(state)]
    if any(r[0] for r in best) or sum(r[1] for r in best) >= 3:
        return True
    return with_control and any(r[3] for r in best)


# -- 8.8.2 Train ----------------------------------------------------------------------------------


def train_targets(state: CubaLibreState) -> list[int]:
    return [s for s in POPULATED if IS_CITY[s] or state.sp[s][GOVT_BASE]]


def train_cond(state: CubaLibreState) -> bool:
    return any(state.control(s) != GOVT or not state.sp[s][TROOPS] or not state.sp[s][POLICE] for s in train_targets(state))


def train_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    room = max_spaces(g) - len(done)
    out: list[dict[str, Any]] = []
    cubes = g.available(TROOPS) + g.available(POLICE)
    cands = [s for s in train_targets(g) if s not in done]
    for s in ctx.order(cands, lambda space: (g.control(space) == GOVT, bool(g.sp[space][POLICE]), bool(g.sp[space][TROOPS]))):
        if cubes < 4 or len(out) >= room:
            break
        out.append(entry(s, "8.8.2 step 1: 4 cubes in a City/Base space (no Control, no Police, no Troops first)"))
        cubes -= 4
    provs = [s for s in POPULATED if IS_PROV[s] and g.cubes(s) >= 2 and not g.sp[s][GOVT_BASE] and g.base_room(s, GOVT)
             and g.available(GOVT_BASE) and s not in done]
    if provs and len(out) < room and not any(g.sp[s][GOVT_BASE] and IS_PROV[s] and s in done for s in done):
        out.append(entry(ctx.pick(provs), "8.8.2 step 2: a Government Base in 1 Province with 2+ cubes", act="base"))
    return out


def extra(ctx: Ctx) -> Decision | None:
    """8.8.2 steps 2-3 inside the Train: the Base, else Civic Action (Resources stay 9+)."""
    g, frame = ctx.g, ctx.frame
    if frame["operation"] != "train" or not frame["spaces"]:
        return None
    bases = [e["s"] for e in op_plan(ctx, sys.modules[__name__], frame)["entries"] if e.get("act") == "base"]
    for s in bases:
        for combo in ("TT", "TP", "PP"):
            if ctx.ok("base", (NAMES[s], combo)):
                return Decision("base", (NAMES[s], combo), "8.8.2 step 2: replace 2 Troops (else Police) with a Base")
    if frame.get("extra_done"):
        return None
    civ = [idx(a) for v, a in ctx.legal if v == "civic"]
    civ = [s for s in civ if g.support[s] < 2 and g.res[GOVT] - 4 * (g.terror[s] + 1) >= 9]
    if civ:
        s = ctx.order(civ, lambda space: (-POP[space], g.terror[space]))[0]
        return Decision("civic", NAMES[s], "8.8.2 step 3: Civic Action, greatest shift, Resources stay 9+")
    return None


def transport_plan(ctx: Ctx, src: int = -1) -> tuple[int, int, int, str] | None:
    """8.8.2 Transport [AMB-40]: from the Govt City with the most Troops above Control needs (or
    `src`, the City already chosen), to the first destination kind that exists; ties at random (8.2)."""
    g = ctx.g
    srcs = {}
    for s in CITIES:
        if g.control(s) == GOVT and g.sp[s][TROOPS]:
            excess = min(g.sp[s][TROOPS], g.faction_count(s, GOVT) - others_count(g, s, GOVT) - 1)
            if excess > 0:
                srcs[s] = excess
    if src < 0:
        if not srcs:
            return None
        src = ctx.order(srcs, lambda space: -srcs[space])[0]
    k = min(3, srcs.get(src, g.sp[src][TROOPS]))
    d1 = [d for d in range(N_SPACES) if d != src and IS_PROV[d] and g.sp[d][POLICE] and not g.sp[d][TROOPS]]
    if d1:
        return src, ctx.pick(d1), k, "8.8.2 Transport 1: a Province with Police but no Troops"
    d2 = [d for d in range(N_SPACES) if d != src and sum(g.sp[d][GUER_A[f]] for f in (M26, DIRECTORIO, SYN)) > g.sp[d][TROOPS]]
    if d2:
        return src, ctx.pick(d2), k, "8.8.2 Transport 2: more Active Guerrillas than Troops"
    d3 = []
    for d in POPULATED:
        c = g.control(d)
        if d != src and c not in (-1, GOVT):
            total = sum(g.faction_count(d, e) for e in range(4)) + k
            if not 2 * g.faction_count(d, c) > total:
                d3.append(d)
    if d3:
        return src, ctx.pick(d3), k, "8.8.2 Transport 3: the Troops break another faction's Control"
    return None


# -- 8.8.3 Garrison -------------------------------------------------------------------------------


def _guer(state: CubaLibreState, space: int) -> int:
    return sum(state.guerrillas(space, f) for f in (M26, DIRECTORIO, SYN))


def garrison_cond(state: CubaLibreState) -> bool:
    """C-42 (Greek): 26July Guerrillas at an EC are Underground or outnumber the cubes."""
    return any(state.sp[s][GUER_U[M26]] or state.guerrillas(s, M26) > state.cubes(s) for s in ECS)


def _city_need(state: CubaLibreState, space: int) -> bool:
    return state.control(space) != GOVT or not state.sp[space][POLICE] or not state.sp[space][TROOPS]


def garrison_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    if not any(g.sp[o][TROOPS] or g.sp[o][POLICE] > 1 for o in range(N_SPACES)):
        return []
    out = [entry(s, "8.8.3: cubes to equal the Guerrillas in every EC") for s in ctx.shuffled(ECS)
           if s not in done and _guer(g, s) > g.cubes(s)]
    out += [entry(s, "8.8.3: Control, a missing Police or Troop in a City") for s in ctx.shuffled(CITIES)
            if s not in done and _city_need(g, s)]
    return out


def _garrison_need(state: CubaLibreState, space: int) -> str | None:
    if IS_EC[space]:
        return "police" if _guer(state, space) > state.cubes(space) else None
    if not state.sp[space][POLICE]:
        return "police"
    if not state.sp[space][TROOPS]:
        return "troop"
    return "police" if state.control(space) != GOVT else None


def _can_spare(state: CubaLibreState, origin: int, piece_type: int, chosen: tuple[int, ...]) -> bool:
    """A space this Garrison already supplied keeps what it needed (ruling CL-NP15)."""
    if origin not in chosen:
        return True
    if IS_EC[origin]:
        return state.cubes(origin) - 1 >= _guer(state, origin)
    return state.sp[origin][piece_type] > 1


def move_cubes(ctx: Ctx, mod: Any) -> Decision | None:
    """Garrison, Sweep and Armored Cars cube moves; 8.1.2 #9: a cube leaving a space where the
    Government holds Cash carries it when the destination is not an EC (ECs get Cash last)."""
    d = _move_cubes(ctx, mod)
    if d is not None and d.verb == "move" and not IS_EC[ctx.frame["space"]]:
        o, key = d.arg
        if ctx.ok("move", (o, key + CARRY)):
            return Decision("move", (o, key + CARRY), d.reason + "; carries Cash to a non-EC space (8.1.2 #9)")
    return d


def _move_cubes(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    s = frame["space"]
    op = g.op_frame()
    chosen = op["spaces"] if op else ()
    opts = [a for v, a in ctx.legal if v == "move"]
    if frame["mode"] == "garrison":
        need = _garrison_need(g, s)
        if need is None:
            return Decision("done", None, "8.8.3: this space has what it needs")
        for key in ((need, "troop") if need == "police" else ("troop", "police")):
            piece_type = POLICE if key == "police" else TROOPS
            cands = [idx(o) for o, k in opts if k == key and g.sp[idx(o)][piece_type] > (piece_type == POLICE)
                     and _can_spare(g, idx(o), piece_type, chosen)]  # 8.8.3 has no Control clause (ruling CL-NP15)
            if cands:
                o = ctx.order(cands, _most_of(g, piece_type))[0]
                return Decision("move", (NAMES[o], key), "8.8.3: Police then Troops, from the most of that type, "
                                                         "never the last Police")
        return Decision("done", None, "8.8.3: no cube can come")
    if frame["mode"] == "armored":  # 8.8.1 Armored Cars: Troops in, by Sweep priorities, from anywhere
        if assault_capacity(g, s) >= _removable(g, s):
            return Decision("done", None, "8.8.1 Armored Cars: enough Troops to remove everything possible")
        cands = [idx(o) for o, k in opts if k == "troop" and keeps_control(g, idx(o))]
        if cands:
            o = ctx.order(cands, lambda origin: -g.sp[origin][TROOPS])[0]
            return Decision("move", (NAMES[o], "troop"), "8.8.1 Armored Cars: Troops from the most, keeping Control")
        return Decision("done", None, "8.8.1 Armored Cars: no more Troops can come")
    # Sweep (8.8.4 step 2): Troops to Activate every Guerrilla there and gain Control
    under = sum(g.sp[s][GUER_U[f]] for f in (M26, DIRECTORIO, SYN))
    if _sweep_activations(g, s) >= under and (g.control(s) == GOVT or IS_EC[s]):
        return Decision("done", None, "8.8.4 step 2: enough cubes to Activate all and Control")
    # 8.8.1 S.I.M. (Greek «αν γίνεται σε κενό»): half Police (rounded up) only into a space that had
    # no cube before this Sweep's moves; elsewhere Troops as needed (Police under S.I.M. after them)
    sim = g.has_mom(4) and g.cubes(s) == frame["count"]
    want = ("police", "troop") if sim and frame["count"] % 2 == 0 else ("troop", "police")
    for key in want:
        piece_type = POLICE if key == "police" else TROOPS
        cands = [idx(o) for o, k in opts if k == key and keeps_control(g, idx(o))
                 and (idx(o) not in chosen or _sweep_activations(g, idx(o), 1) == _sweep_activations(g, idx(o)))]
        if cands:
            o = ctx.order(cands, _most_of(g, piece_type))[0]
            return Decision("move", (NAMES[o], key), "8.8.4 step 2: move Troops in without losing Control"
                            + (" (S.I.M.: half Police)" if sim else ""))
    return Decision("done", None, "8.8.4 step 2: no more Troops can come")


def _sweep_activations(state: CubaLibreState, space: int, leaving: int = 0) -> int:
    """CL 3.2.3: the Guerrillas Sweep space s Activates once `leaving` of its cubes go (cubes count
    where they end the moves, 1 per cube, Forest 1 per 2)."""
    cubes = state.cubes(space) - leaving
    return min(cubes // 2 if FOREST[space] else cubes, sum(state.sp[space][GUER_U[f]] for f in (M26, DIRECTORIO, SYN)))


def garrison_assault(ctx: Ctx, mod: Any) -> Decision:
    g = ctx.g
    ecs = [idx(a) for v, a in ctx.legal if v == "assault"]
    if not ecs:
        return Decision("skip", None, "8.8.3: no EC to Assault")

    def m26_removed(space: int) -> tuple[int, int]:
        cap = assault_capacity(g, space)
        m = min(cap, g.sp[space][GUER_A[M26]])
        return (-m, -min(cap, sum(g.sp[space][GUER_A[f]] for f in (M26, DIRECTORIO, SYN))))

    s = ctx.order(ecs, m26_removed)[0]
    return Decision("assault", NAMES[s], "8.8.3 [AMB-53]: free Assault in the EC removing the most 26July pieces")


# -- 8.8.4 Sweep ----------------------------------------------------------------------------------


def sweep_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    room = max_spaces(g) - len(done)
    cands = []
    for s in POPULATED:
        if s in done or not (g.sp[s][GUER_U[M26]] or g.sp[s][GUER_U[DIRECTORIO]]):
            continue
        if sweep_activates(g, s, (M26, DIRECTORIO)):  # 3.2.3: only where the Sweep Activates something
            cands.append(s)
    sim = g.has_mom(4)

    def key(space: int) -> tuple[int, int, int]:
        where = 0 if g.support[space] > 0 else 1 if space == HAVANA else 2
        cubes_first = (0 if g.cubes(space) else 1) if not sim else (1 if g.cubes(space) else 0)
        return (where, cubes_first, 0)

    return [entry(s, "8.8.4 step 1: Sweep Underground 26July/DR (Support, Havana, elsewhere; cubes first"
               + (", S.I.M. reversed)" if sim else ")")) for s in ctx.order(cands, key)[:room]]


# -- 8.8.5 Assault --------------------------------------------------------------------------------


def assault_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    room = max_spaces(g) - len(done)
    cands = [s for s in assault_spaces(g) if s not in done]

    def key(space: int) -> tuple[int, int, int]:
        r = assault_result(g, space)
        return (-r[0], 0 if r[2] else 1, -r[1])

    return [entry(s, "8.8.5: most Bases, then Cash seized, then most Guerrillas") for s in ctx.order(cands, key)[:room]]


def remove_key(ctx: Ctx, space: int, key: str) -> tuple[int, ...]:
    g = ctx.g
    piece_type = g.slot(key)
    owner = g.owner(piece_type)
    is_base = piece_type in (M26_BASE, DR_BASE, CASINO)
    if ctx.frame.get("mode") == "airstrike":
        return airstrike_rank(g, space, piece_type)
    cash = 0 if takes_cash(g, space, owner, GOVT) and g.guerrillas(space, owner) == 1 else 1
    return (0 if is_base else 1, cash, {M26: 0, DIRECTORIO: 1, SYN: 2}.get(owner, 3))


# -- Special Activities (8.8.2, 8.8.3) --------------------------------------------------------------


def airstrike_rank(state: CubaLibreState, space: int, piece_type: int) -> tuple[int, ...]:
    """C-43 (Greek): 26July Base, DR Base, 26July then DR Guerrilla with a cube there, the last
    26July (else DR) Guerrilla; Provinces before ECs."""
    ec = 1 if IS_EC[space] else 0
    if piece_type == M26_BASE:
        return (0, ec)
    if piece_type == DR_BASE:
        return (1, ec)
    owner = state.owner(piece_type)
    if owner in (M26, DIRECTORIO) and state.cubes(space):
        return (2 if owner == M26 else 3, ec)
    if owner in (M26, DIRECTORIO) and state.guerrillas(space, owner) == 1:
        return (4 if owner == M26 else 5, ec)
    return (UNLISTED, ec)  # not an 8.8.3 target: never struck by choice


def guantanamo_two(state: CubaLibreState) -> bool:
    """8.8.1 Guantanamo Bay: an Air Strike could remove 2 pieces among its 8.8.3 targets (26July and
    DR pieces; Syndicate pieces are not in the Air Strike priorities)."""
    return any(sum(state.sp[s][piece_type] for piece_type in removal_targets(state, GOVT, s, "airstrike")
                   if airstrike_rank(state, s, piece_type)[0] < UNLISTED) >= 2
               for s in spaces(state, GOVT, "airstrike", {"step": "op", "faction": GOVT, "spaces": ()}))


def airstrike_space(ctx: Ctx) -> tuple[int, str] | None:
    g = ctx.g
    cands = spaces(g, GOVT, "airstrike", {"step": "op", "faction": GOVT, "spaces": ()})
    if not cands:
        return None
    s = ctx.order(cands, lambda space: min(airstrike_rank(g, space, piece_type) for piece_type in removal_targets(g, GOVT, space, "airstrike")))[0]
    if min(airstrike_rank(g, s, piece_type) for piece_type in removal_targets(g, GOVT, s, "airstrike"))[0] >= UNLISTED:
        return None  # 8.8.3: no listed target, so Reprisal instead
    return s, "8.8.3 Air Strike: 26July Base, DR Base, Guerrillas with cubes, a last Guerrilla"


def reprisal_space(ctx: Ctx) -> tuple[int, str] | None:
    g = ctx.g
    cands = [s for s in spaces(g, GOVT, "reprisal", {"step": "op", "faction": GOVT, "spaces": ()}) if g.support[s] < 0]
    if not cands:
        return None
    return ctx.order(cands, lambda space: -POP[space])[0], "8.8.3 Reprisal: highest-Pop Govt-Controlled space at Opposition"


def sa(ctx: Ctx) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    if frame["operation"] == "train":
        if transport_plan(ctx) and ctx.ok("activity", "transport"):
            return Decision("activity", "transport", "8.8.2 Transport after Train")
        return None
    if g.has_mom(5) and frame["operation"] == "sweep" and ctx.ok("activity", "masferrer"):
        # 8.8.1: the Sweep was chosen for it (its Activations done, 3.2.3), so the free Assault
        # follows wherever it removes something (8.1.1: to the maximum)
        if assault_spaces(g):
            return Decision("activity", "masferrer", "8.8.1 Rolando Masferrer: Sweep with a free Assault")
    if g.has_mom(2) and ctx.ok("activity", "airstrike") and guantanamo_two(g):
        return Decision("activity", "airstrike", "8.8.1 Guantanamo Bay: Air Strike removing 2 pieces")
    if airstrike_space(ctx) and ctx.ok("activity", "airstrike"):
        return Decision("activity", "airstrike", "8.8.3: Air Strike")
    if reprisal_space(ctx) and ctx.ok("activity", "reprisal"):
        return Decision("activity", "reprisal", "8.8.3: Embargoed or no Air Strike target, Reprisal")
    if transport_plan(ctx) and ctx.ok("activity", "transport"):
        return Decision("activity", "transport", "8.8.3: no Reprisal space, Transport (8.8.2)")
    return None


def sa_frame(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    name, stage = frame["special_activity"], frame["stage"]
    if name == "transport":
        tp = transport_plan(ctx, frame["space"] if stage else -1)
        if tp is None:
            return None
        src, dest, k, why = tp
        if stage == 0:
            return Decision("space", NAMES[src], why)
        if stage == 1:
            if not ctx.ok("to", NAMES[dest]):
                return None
            return Decision("to", NAMES[dest], why)
        n = min(k, max(a for v, a in ctx.legal if v == "troops"))
        if not IS_EC[dest] and ctx.ok("troops with cash", n):  # 8.1.2 #9: Cash first to non-EC spaces
            return Decision("troops with cash", n, why + "; the Troops carry the Government's Cash (8.1.2 #9)")
        return Decision("troops", n, why)
    if name == "airstrike" and stage == 0:
        got = airstrike_space(ctx)
        if got is None or not ctx.ok("space", NAMES[got[0]]):  # already committed: the best legal space
            cands = [idx(a) for v, a in ctx.legal if v == "space"]
            if not cands:
                return None

            def best(space: int) -> tuple[int, ...]:
                return min((airstrike_rank(g, space, piece_type) for piece_type in removal_targets(g, GOVT, space, "airstrike")), default=(9,))

            s = ctx.order(cands, best)[0]
            got = (s, "8.8.3 Air Strike: the best target left" + ("" if best(s)[0] < UNLISTED else
                                                                   " (none listed: the SA was already begun)"))
        return Decision("space", NAMES[got[0]], got[1])
    if name == "reprisal":
        s = frame.get("space", -1)
        if stage == 0:
            got = reprisal_space(ctx)
            return Decision("space", NAMES[got[0]], got[1]) if got else None
        if stage == 1:
            keys = [a for v, a in ctx.legal if v == "relocate"]
            rank = {"m26_u": 0, "m26_a": 1, "dr_u": 2, "dr_a": 3, "syn_u": 4, "syn_a": 5}
            return Decision("relocate", min(keys, key=lambda key: rank.get(key, 9)),
                            "8.8.3 Reprisal: 26July, DR, Syndicate; Underground first")
        dests = [idx(a) for v, a in ctx.legal if v == "to"]
        good = [d for d in dests if g.support[d] <= 0 and not IS_EC[d]]
        _ = s
        return Decision("to", NAMES[ctx.pick(good or dests)], "8.8.3 Reprisal: to a Neutral or Opposition space")
    if name == "masferrer" and stage == 0:
        cands = [idx(a) for v, a in ctx.legal if v == "space"]
        s = ctx.order(cands, lambda space: (-assault_result(g, space)[0], -assault_result(g, space)[1]))[0]
        return Decision("space", NAMES[s], "8.8.1 Masferrer: the free Assault removing the most")
    return None


# -- the flowchart --------------------------------------------------------------------------------


plan = planner({"train": train_plan, "garrison": garrison_plan, "sweep": sweep_plan, "assault": assault_plan})


def ops(ctx: Ctx, allowed: list[str]) -> tuple[str, str] | None:
    g = ctx.g

    can = can_execute(ctx, allowed, plan)

    if g.has_mom(1) and can("assault") and armored_target(g):
        return "assault", "8.8.1 Armored Cars: Assault removing a 26July Base or 4+ Guerrillas"
    if g.has_mom(6) and can("assault") and mountain_assault(g):
        return "assault", "8.8.1 Sanchez Mosquera: Assault a Mountain 26July Base or 4+ Guerrillas"
    if g.has_mom(5) and can("sweep") and masferrer_target(g):
        return "sweep", "8.8.1 Rolando Masferrer: Sweep (a 26July Base or 4+ Guerrillas to Activate) with a free Assault"
    chain = [("train", "8.8.2 Train: a City or Base space lacks Control, Troops or Police"),
             ("garrison", "8.8.2 IF NONE: Garrison (8.8.3)"), ("sweep", "8.8.3 IF NONE: Sweep (8.8.4)"),
             ("assault", "8.8.4 IF NONE: Assault (8.8.5)")]
    if not train_cond(g):
        chain = chain[1:]
        chain[0] = ("garrison", "8.8.3 Garrison: 26July Underground or outnumbering cubes at an EC")
        if not garrison_cond(g):
            chain = chain[1:]
            if assault_worth(g, with_control=False):
                chain = [("assault", "8.8.5 Assault: removes a Base or 3+ Guerrillas")]
            else:
                chain[0] = ("sweep", "8.8.4 Sweep: Assault alone removes no Base nor 3 Guerrillas")
    return first_executable(chain, can)


# -- Propaganda: Civic Action (8.8.6) and Redeploy (8.8.7) ------------------------------------------


def civic(ctx: Ctx, mod: Any) -> Decision:
    g = ctx.g
    floor = 0 if final_round(g) else 9
    cands = [idx(a) for v, a in ctx.legal if v == "civic"]
    good = [s for s in cands if civic_ok(g, s) and g.support[s] < 2 and g.res[GOVT] - 4 * (g.terror[s] + 1) >= floor]
    if not good:
        return Decision("done", None, "8.8.6: no shift affordable above the Resource floor")
    s = ctx.order(good, lambda space: (-POP[space], g.terror[space]))[0]
    return Decision("civic", NAMES[s], "8.8.6 Civic Action: greatest shift first" + (" (final Round)" if not floor else ""))


def _police_targets(ctx: Ctx) -> list[tuple[int, str]]:
    """8.8.7 step 1 destinations in priority order, ties at random (8.2)."""
    g, gc = ctx.g, ctx.frame["government_controlled"]
    out = []
    for s in ctx.shuffled(ECS):
        if g.guerrillas(s, M26) > g.sp[s][POLICE]:
            out.append((s, "8.8.7 step 1: Police to equal 26July Guerrillas at an EC"))
    for s in ctx.shuffled(gc):
        if IS_PROV[s] and g.sp[s][TROOPS] and not g.sp[s][GOVT_BASE]:
            if g.sp[s][POLICE] + g.sp[s][GOVT_BASE] <= others_count(g, s, GOVT):
                out.append((s, "8.8.7 step 1: Police to keep Control where Troops leave"))
    for s in ctx.shuffled(POPULATED):
        if (IS_CITY[s] or g.sp[s][GOVT_BASE]) and not g.sp[s][POLICE] and s in gc:
            out.append((s, "8.8.7 step 1: 1 Police to each City and Base space without"))
    return out


def _spread_origins(state: CubaLibreState, frame: Frame, origins: list[int]) -> list[int]:
    """8.8.7 step 2 (Playbook: 11/1/3 Troops in three Cities become 5/5/5): the destinations whose
    optional Troops may move to even the Troops out, 2+ above the fewest elsewhere, never losing
    Government Control there."""
    dests = redeploy_dests(state, frame, TROOPS, -1)
    out = []
    for o in origins:
        low = min((state.sp[d][TROOPS] for d in dests if d != o), default=99)
        if o in dests and state.sp[o][TROOPS] - low >= 2 and keeps_control(state, o):
            out.append(o)
    return out


def redeploy(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    targets = _police_targets(ctx)
    if frame["stage"] >= 0:
        dests = [idx(a) for v, a in ctx.legal if v == "to"]
        if frame["stage"] % 2 == 1:
            for s, why in targets:
                if s in dests:
                    return Decision("to", NAMES[s], why)
            return Decision("to", NAMES[ctx.pick(dests)], "8.8.7: Police, random destination")
        d = ctx.order(dests, lambda destination: g.sp[destination][TROOPS])[0]
        return Decision("to", NAMES[d], "8.8.7 step 2: Troops as evenly as possible")
    moves = [a for v, a in ctx.legal if v == "move"]
    forced = [idx(o) for o, k in moves if k == "troop" and (IS_EC[idx(o)] or (not IS_CITY[idx(o)] and not g.sp[idx(o)][GOVT_BASE]))]
    police_from = [idx(o) for o, k in moves if k == "police" and g.sp[idx(o)][POLICE] > 1 and keeps_control(g, idx(o))]
    live = [s for s, _ in targets if any(o != s for o in police_from)]
    if live:
        dest = live[0]
        o = ctx.order([o for o in police_from if o != dest and o not in live], lambda origin: -g.sp[origin][POLICE])
        if o:
            return Decision("move", (NAMES[o[0]], "police"), "8.8.7 step 1: Police from the space with the most")
    if forced:
        return Decision("move", (NAMES[ctx.pick(forced)], "troop"), "8.8.7 step 2: Troops that must leave")
    spare = _spread_origins(g, frame, [idx(o) for o, k in moves if k == "troop"])
    if spare:
        origin = ctx.order(spare, lambda origin: -g.sp[origin][TROOPS])[0]
        return Decision("move", (NAMES[origin], "troop"), "8.8.7 step 2: Troops as evenly as possible, from the most")
    if ctx.ok("done"):
        return Decision("done", None, "8.8.7: Redeploy complete")
    return None


HANDLERS = {"sa": sa_frame, "move_cubes": move_cubes, "garrison_assault": garrison_assault,
            "prop_civic": civic, "prop_redeploy": redeploy}
