"""Operations (CL 3.0-3.3): the choice of Operation, the space loop and each per-space procedure.

Frame "op": {f, op, lim, free, sa_ok, sa, sp (chosen spaces), paid, src, slot, ...}. Its prompt
offers ("space", s) for every legal, affordable space not yet chosen (a LimOp stops after one),
("activity", name) for each Special Activity legal now (activities.py), op-specific extras and
("done") once a space is chosen. Costs are paid as each space is chosen (3.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import filterfalse
from typing import Any

from agon.engine import Action, plural
from agon.games.cuba_libre import activities
from agon.games.cuba_libre.board import SLOTS_OF, row_controlled
from agon.games.cuba_libre.data import (
    ADJ,
    AV_OF,
    CC,
    CO,
    DA,
    DB,
    DR,
    DU,
    ECS,
    FOREST,
    GB,
    GOVT,
    GUER_A,
    GUER_U,
    IS_CITY,
    IS_EC,
    M26,
    MA,
    MB,
    MOUNTAIN,
    MU,
    NAMES,
    NS,
    PIECE_KEYS,
    POPULATED,
    ROLES,
    SA,
    SPACE_INDEX,
    SU,
    SYN,
    P,
    T,
)
from agon.games.cuba_libre.insurgent_ops import (  # noqa: F401 - rally_options: the bots import it from here
    CARRY,
    MOVE,
    WITHIN_2,
    caracas_ok,
    carried,
    rally_options,
    rally_possible,
    rally_spaces,
    terror,
)
from agon.games.cuba_libre.steps import DONE, POP, REMOVE_PIECE, SKIP, SPACE, WAIT, Step, actions, by_arg, step

SPACES = tuple(range(NS))
GARRISON_SPACES = tuple(s for s in SPACES if IS_EC[s] or IS_CITY[s])  # CL 3.2.2: the ECs and Cities
# the Operations whose space test excludes the ECs (CL 3.2.1, 3.2.3, 3.3.1, 3.3.5): their whole-map
# pool is the Cities and Provinces
NO_EC_OPS = ("train", "sweep", "rally", "construct")

OPS = (("train", "garrison", "sweep", "assault"), ("rally", "march", "attack", "terror"),
       ("rally", "march", "attack", "terror"), ("rally", "march", "terror", "construct"))
OP_TITLES = {"train": "Train", "garrison": "Garrison", "sweep": "Sweep", "assault": "Assault", "rally": "Rally",
             "march": "March", "attack": "Attack", "terror": "Terror", "construct": "Construct"}


def govt_cost(g: Any) -> int:
    return 2 + g.alliance  # CL 3.2: Firm 2, Reluctant 3, Embargoed 4


CONSTRUCT_COST = 5  # CL 3.3.5: never free
MOST_A_SPACE_COSTS = CONSTRUCT_COST  # the Government's 2 + Alliance is at most 4, the others' 1
# the most a space of each Operation may cost (flat_cost at its dearest): with that much in hand
# every space is affordable, and `affordable` need not be asked
MOST_A_SPACE_OF = {"train": 4, "garrison": 0, "sweep": 4, "assault": 4, "rally": 1, "march": 1, "attack": 1,
                   "terror": 1, "construct": CONSTRUCT_COST}


def flat_cost(g: Any, op: str, free: bool) -> int:
    """What a space of `op` costs, but for the ECs of March and Terror (space_cost)."""
    if op == "construct":
        return CONSTRUCT_COST
    if free or op == "garrison":
        return 0
    if op in ("train", "sweep", "assault"):
        return govt_cost(g)
    return 1


def space_cost(g: Any, fr: dict[str, Any], s: int) -> int:
    op = fr["op"]
    if op in ("march", "terror") and IS_EC[s]:
        return 0  # CL 3.3.2, 3.3.4
    return flat_cost(g, op, fr["free"])


def affordable(g: Any, f: int, op: str, free: bool, spaces: Sequence[int]) -> Sequence[int]:
    """The spaces of `spaces` whose cost f's Resources cover (space_cost), without pricing each."""
    if g.res[f] >= MOST_A_SPACE_COSTS or flat_cost(g, op, free) <= g.res[f]:
        return spaces
    if op in ("march", "terror"):
        return [s for s in spaces if IS_EC[s]]  # CL 3.3.2, 3.3.4: free in an EC
    return ()


def pact(g: Any, f: int) -> bool:
    """Pact of Caracas (card 18) binds 26July and DR Operations."""
    return f in (M26, DR) and (18, False) in g.capabilities  # (g.has_cap(18), looked up in place)


# -- legality of a space ----------------------------------------------------------------------


def assault_capacity(g: Any, s: int) -> int:
    """CL 3.2.4: 1 per Troop (Mountain: per 2 Troops), plus 1 per Police in a City or EC."""
    row = g.sp[s]
    troops, police = row[T], row[P]
    if g.has_mom(4):  # S.I.M. shaded: Police Assault as Troops
        troops, police = troops + police, 0
    city_like = IS_CITY[s] or IS_EC[s] or (MOUNTAIN[s] and g.has_mom(6))  # Sanchez Mosquera shaded
    if MOUNTAIN[s] and not city_like:
        n = troops // 2
    else:
        n = troops
    if city_like:
        n += police
    return n


def govt_can_remove(row: list[int]) -> bool:
    """`removal_targets(g, GOVT, s, "assault")` (or "airstrike", the same for the Government) is not
    empty in the space holding `row`: an Active Guerrilla, or a Base (open Casino) with no Guerrilla."""
    return bool(row[MA] or row[DA] or row[SA] or (row[MB] and not row[MU]) or (row[DB] and not row[DU])
                or (row[CO] and not row[SU]))


def _assault_ok(g: Any, f: int, s: int, arr: tuple[int, ...]) -> bool:
    if not govt_can_remove(g.sp[s]):
        return False
    return assault_capacity(g, s) > 0 or (g.has_mom(1) and any(g.sp[o][T] for o in range(NS) if o != s))


NEXT_TO = tuple(frozenset(near) for near in ADJ)  # (WITHIN_2's counterpart without Morgan)


def _march_ok(g: Any, f: int, s: int, arr: tuple[int, ...]) -> bool:
    near = WITHIN_2[s] if f == DR and g.has_cap(28) else ADJ[s]  # Morgan
    sp, u, a = g.sp, GUER_U[f], GUER_A[f]
    for o in near:
        if sp[o][u] + sp[o][a] - (arr[o] + arr[o + NS] if arr else 0) > 0:
            return True
    return False


def march_spaces(g: Any, f: int, pool: Sequence[int], arr: tuple[int, ...]) -> list[int]:
    """CL 3.3.2: the spaces of `pool` where `_march_ok` holds, from the origins once rather than from each
    destination: those next to (Morgan: within 2 of) a space holding f's Guerrillas that have not
    arrived in this March."""
    sources = march_sources(g, f, arr)
    if not sources:
        return []
    near = WITHIN_2 if f == DR and g.has_cap(28) else NEXT_TO
    reach = near[sources[0]].union(*[near[o] for o in sources[1:]])
    return list(filter(reach.__contains__, pool))  # in pool's order


def march_possible(g: Any, f: int, pool: Sequence[int]) -> bool:
    """CL 3.3.2: `march_spaces(g, f, pool, ())` is not empty (no Guerrilla has moved yet); stops at the first
    space holding f's Guerrillas that is next to (Morgan: within 2 of) a space of `pool`."""
    near = WITHIN_2 if f == DR and g.has_cap(28) else NEXT_TO
    sp, u, a = g.sp, GUER_U[f], GUER_A[f]
    for o in range(NS):
        if (sp[o][u] or sp[o][a]) and not near[o].isdisjoint(pool):
            return True
    return False


def march_sources(g: Any, f: int, arr: tuple[int, ...]) -> list[int]:
    """The spaces holding f's Guerrillas that have not arrived in this March (they may move on)."""
    sp, u, a = g.sp, GUER_U[f], GUER_A[f]
    if not any(arr):  # none has arrived yet (or no March is open)
        return [o for o, row in enumerate(sp) if row[u] or row[a]]
    return [o for o, row in enumerate(sp) if row[u] + row[a] > arr[o] + arr[o + NS]]


def _attack_ok(g: Any, f: int, s: int, arr: tuple[int, ...]) -> bool:
    """CL 3.3.3: f has a Guerrilla in s and some enemy has a piece there (counted in C)."""
    row = g.sp[s]
    if not row[GUER_U[f]] + row[GUER_A[f]]:
        return False
    enemy_pieces = sum(row) - sum(row[SLOTS_OF[f]])
    if pact(g, f):  # card 18: the other of 26July/DR is no target
        enemy_pieces -= sum(row[SLOTS_OF[M26 + DR - f]])
    return enemy_pieces > 0


def attack_spaces(g: Any, f: int, pool: Sequence[int]) -> list[int]:
    """The spaces of `pool` where `_attack_ok` holds, with the Pact looked at once."""
    sp, u, a, own = g.sp, GUER_U[f], GUER_A[f], SLOTS_OF[f]
    if pact(g, f):  # card 18: the other of 26July/DR is no target
        mate = SLOTS_OF[M26 + DR - f]
        return [s for s in pool if sp[s][u] + sp[s][a] and sum(sp[s]) - sum(sp[s][own]) - sum(sp[s][mate]) > 0]
    return [s for s in pool if sp[s][u] + sp[s][a] and sum(sp[s]) > sum(sp[s][own])]


def _terror_ok(g: Any, f: int, s: int, arr: tuple[int, ...]) -> bool:
    if not g.sp[s][GUER_U[f]]:
        return False
    # card 18, ruling CL-E18a: the Pact bars reducing Opposition, so only DR's Terror (toward
    # Neutral) is barred at Opposition; 26July's only builds it (8.7.1 step 4)
    return not (f == DR and g.support[s] < 0 and pact(g, f))


def terror_spaces(g: Any, f: int, pool: Sequence[int]) -> list[int]:
    """The spaces of `pool` where `_terror_ok` holds, with the Pact looked at once."""
    sp, u = g.sp, GUER_U[f]
    if f == DR and pact(g, f):  # card 18: not at Opposition (ruling CL-E18a, see _terror_ok)
        return [s for s in pool if sp[s][u] and g.support[s] >= 0]
    return [s for s in pool if sp[s][u]]


def _construct_ok(g: Any, f: int, s: int, arr: tuple[int, ...]) -> bool:
    if IS_EC[s]:
        return False
    row = g.sp[s]
    if not (row_controlled(row, GOVT) or row_controlled(row, SYN)):  # (g.controls, on the row at hand)
        return False
    return bool(g.sp[s][CC]) or (g.casinos(s) < 2 and g.available(CC) > 0)


# each Operation's test of a space (g, acting faction, space, Guerrillas arrived this March)
SPACE_OK: dict[str, Callable[[Any, int, int, tuple[int, ...]], bool]] = {
    "train": lambda g, f, s, arr: not IS_EC[s],
    "garrison": lambda g, f, s, arr: IS_EC[s] or IS_CITY[s],
    "sweep": lambda g, f, s, arr: not IS_EC[s],
    "assault": _assault_ok,
    "rally": lambda g, f, s, arr: rally_possible(g, f, s),
    "march": _march_ok,
    "attack": _attack_ok,
    "terror": _terror_ok,
    "construct": _construct_ok,
}


def space_ok(g: Any, fr: dict[str, Any], s: int) -> bool:
    ok = SPACE_OK.get(fr["op"])
    return ok is not None and ok(g, fr["f"], s, fr.get("arr", ()))


def candidate_spaces(g: Any, fr: dict[str, Any]) -> list[int]:
    if (fr["lim"] and fr["sp"]) or fr.get("swept"):
        return []
    chosen, f, op = fr["sp"], fr["f"], fr["op"]
    pool = fr.get("within") or SPACES
    if g.res[f] < MOST_A_SPACE_OF[op]:  # (affordable's own first test, made here: it is rarely needed)
        pool = affordable(g, f, op, fr["free"], pool)
    if pool is SPACES and op in NO_EC_OPS:
        pool = POPULATED
    if op == "rally":
        spaces = rally_spaces(g, f, pool)
    elif op == "march":
        spaces = march_spaces(g, f, pool, fr.get("arr", ()))
    elif op == "terror":
        spaces = terror_spaces(g, f, pool)
    elif op == "attack":
        spaces = attack_spaces(g, f, pool)
    elif op in ("train", "sweep"):
        spaces = list(pool) if pool is POPULATED else [s for s in pool if not IS_EC[s]]
    elif op == "garrison":
        spaces = list(GARRISON_SPACES) if pool is SPACES else [s for s in pool if IS_EC[s] or IS_CITY[s]]
    else:
        ok, arr = SPACE_OK[op], fr.get("arr", ())
        spaces = [s for s in pool if ok(g, f, s, arr)]
    if chosen:  # (each space's test ignores the chosen ones: drop them from the few that pass)
        return list(filterfalse(chosen.__contains__, spaces))
    return spaces


def op_possible(g: Any, f: int, op: str, lim: bool, free: bool, within: tuple[int, ...] = (),
                sa: bool = False) -> bool:
    if op == "garrison" and not free and g.res[f] < govt_cost(g):
        return False
    pool = within or SPACES
    if g.res[f] < MOST_A_SPACE_OF[op]:  # (affordable's own first test, made here: it is rarely needed)
        pool = affordable(g, f, op, free, pool)
    if op == "march":
        if march_possible(g, f, pool):
            return True
    elif op == "rally":
        for s in pool:
            if rally_possible(g, f, s):
                return True
    else:
        ok = SPACE_OK[op]
        for s in pool:
            if ok(g, f, s, ()):
                return True
    # CL 4.1 example: a Kidnap may come first and pay for the Terror space it is in
    if sa and op == "terror" and f == M26:
        fr = {"f": f, "op": op, "lim": lim, "free": free, "sp": (), "within": within}
        return bool(activities.spaces(g, M26, "kidnap", fr))
    return False


def ops_possible(g: Any, f: int, lim: bool, free: bool, only: tuple[str, ...] = (),
                 within: tuple[int, ...] = (), sa: bool = False) -> list[str]:
    return [op for op in OPS[f] if not ((only and op not in only) or (free and op == "construct"))
            and op_possible(g, f, op, lim, free, within, sa)]


def any_op_possible(g: Any, f: int, lim: bool, free: bool, only: tuple[str, ...] = (),
                    within: tuple[int, ...] = (), sa: bool = False) -> bool:
    """`ops_possible(...)` is not empty; stops at the first possible Operation, for the prompts
    that only ask whether one is."""
    for op in OPS[f]:
        if (only and op not in only) or (free and op == "construct"):
            continue
        if op_possible(g, f, op, lim, free, within, sa):
            return True
    return False


# -- removal of enemy pieces --------------------------------------------------------------------


def removal_targets(g: Any, actor: int, s: int, mode: str) -> list[int]:
    """Slots that `actor` may remove (or close) now in s, by mode: assault, attack, airstrike,
    assassinate (CL 3.2.4, 3.3.3, 4.2.2, 4.4.3; Bases last, 1.4.5 Casinos)."""
    row = g.sp[s]
    out: list[int] = []
    no_pact = pact(g, actor)
    for e in range(4):
        if e == actor or (no_pact and e in (M26, DR)):
            continue
        if e == GOVT:
            if mode in ("attack", "assassinate", "bribe"):
                if row[T]:
                    out.append(T)
                if row[P]:
                    out.append(P)
                if row[GB] and (mode != "attack" or row[T] + row[P] == 0):
                    out.append(GB)
            continue
        u, a = GUER_U[e], GUER_A[e]
        if mode in ("attack", "assassinate") and row[u]:
            out.append(u)
        if row[a]:
            out.append(a)
        base = CO if e == SYN else g.base_slot(e)
        if row[base]:
            if mode == "assassinate":
                out.append(base)
            elif row[u] + row[a] == 0:
                if e == SYN and mode == "attack" and row[T] + row[P] > 0:
                    continue  # C-13: cubes protect Casinos from Attack
                out.append(base)
    return out


def remove_target(g: Any, actor: int, s: int, pt: int, capture: bool = True) -> None:
    """Remove (close a Casino) for `actor`; `capture`: the action captures Cash (4.5.2: Seizure,
    Captured Goods, Commandeer; not Air Strike)."""
    if pt == CO:
        g.close_casino(s)
    else:
        g.remove(s, pt, 1, capturer=actor if capture else -1)
    if pt in (g.base_slot(M26), g.base_slot(DR)) and g.has_cap(18):
        pass  # removal by an enemy never cancels the Pact (card 18)


def _targeted(g: Any, fr: dict[str, Any], action: Any) -> None:
    """Record the Faction an Op's removal or Activation step has now targeted (CL 3.1)."""
    e = g.faction(action[1]) if action[0] == "activate" else g.owner(g.slot(action[1]))
    if e not in fr.get("tg", ()):
        fr["tg"] = (*fr.get("tg", ()), e)


@step("remove")
class Remove(Step):
    """Remove up to fr["n"] enemy pieces in fr["s"] (mode: see removal_targets). CL 3.1 / 1.4.1:
    the executor chooses which Factions it targets; each targeted Faction's pieces go to the
    maximum, and once the targeted Factions have nothing removable left it may stop ("done").
    A lone removable kind is taken at once only where it belongs to a Faction already targeted
    (or nothing has been removed yet and it is the only choice). fr["tg"]: Factions targeted."""

    @staticmethod
    def _stoppable(g: Any, fr: dict[str, Any], targets: list[int]) -> bool:
        tg = fr.get("tg", ())
        return bool(tg) and not any(g.owner(pt) in tg for pt in targets)

    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        if fr["n"] == -1:
            fr["n"] = assault_capacity(g, fr["s"])
        if fr["n"] <= 0:
            return POP
        targets = removal_targets(g, fr["f"], fr["s"], fr["mode"])
        if not targets:
            return POP
        if len(targets) == 1 and fr["mode"] != "bribe" and not Remove._stoppable(g, fr, targets):
            Remove.apply(g, fr, ("remove", g.key(targets[0])))
            return Remove.enter(g, fr)
        return WAIT

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        targets = removal_targets(g, fr["f"], fr["s"], fr["mode"])
        out: list[Any] = [REMOVE_PIECE[pt] for pt in targets]
        if Remove._stoppable(g, fr, targets):
            out.append(DONE)  # CL 3.1: target no further Faction
        return out

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            return True
        _targeted(g, fr, action)
        remove_target(g, fr["f"], fr["s"], g.slot(action[1]), fr["mode"] != "airstrike")
        fr["n"] -= 1
        return False

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Remove an enemy piece in {space} ({n} left).", {"space": NAMES[fr["s"]], "n": fr["n"]}


def activatable(g: Any, fr: dict[str, Any]) -> list[int]:
    """Factions with Underground Guerrillas in fr["s"] that fr["f"] may Activate: its enemies, or
    every Insurgent with fr["any"] (an Event's Sweep chosen by the executing faction, card 3)."""
    s, anyone = fr["s"], fr.get("any", False)
    return [e for e in (M26, DR, SYN) if (anyone or e != fr["f"]) and g.sp[s][GUER_U[e]]]


ACTIVATE = by_arg("activate", ROLES)


@step("activate")
class Activate(Step):
    """Activate fr["n"] enemy Underground Guerrillas in fr["s"] (Sweep, Garrison). CL 3.1 / 1.4.1:
    the executor chooses the targeted Factions, each Activated to the maximum; once no targeted
    Faction has an Underground Guerrilla left it may stop ("done"). fr["tg"]: Factions targeted."""

    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        s, n = fr["s"], fr["n"]
        if n <= 0:
            return POP
        facs = activatable(g, fr)
        if not facs:
            return POP
        tg = fr.get("tg", ())
        if len(facs) == 1 and (not tg or facs[0] in tg):  # the only choice, or already targeted
            fr["n"] -= g.flip(s, facs[0], n, True)
            fr["tg"] = (*tg, facs[0]) if facs[0] not in tg else tg
            return Activate.enter(g, fr)
        if tg and all(e in tg for e in facs) and sum(g.sp[s][GUER_U[e]] for e in facs) <= n:
            for e in facs:
                fr["n"] -= g.flip(s, e, fr["n"], True)
            return POP
        return WAIT

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        facs = activatable(g, fr)
        out: list[Any] = [ACTIVATE[e] for e in facs]
        tg = fr.get("tg", ())
        if tg and not any(e in tg for e in facs):
            out.append(DONE)  # CL 3.1: target no further Faction
        return out

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            return True
        _targeted(g, fr, action)
        fr["n"] -= g.flip(fr["s"], g.faction(action[1]), 1, True)
        return False

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Activate a Guerrilla in {space} ({n} left).", {"space": NAMES[fr["s"]], "n": fr["n"]}


# -- voluntary removal (CL 1.4.1) --------------------------------------------------------------

# What each Operation (with the SAs that may go with it) can place, by faction: the own piece kinds
# a player may take off the map to Available when none is Available (Infiltrate with Rally/March,
# Captured Goods and Ambush with Attack).
PLACES = {
    (GOVT, "train"): (T, P, GB),
    (M26, "rally"): (GUER_U[M26], GUER_A[M26], MB), (M26, "march"): (GUER_U[M26], GUER_A[M26]),
    (M26, "attack"): (GUER_U[M26], GUER_A[M26]),
    (DR, "rally"): (GUER_U[DR], GUER_A[DR], DB), (DR, "attack"): (GUER_U[DR], GUER_A[DR]),
    (SYN, "rally"): (GUER_U[SYN], GUER_A[SYN]), (SYN, "construct"): (CO, CC),
}


# WITHDRAW[pt][s]: ("withdraw", (name of s, key of slot pt))
WITHDRAW = tuple(by_arg("withdraw", ((name, key) for name in NAMES)) for key in PIECE_KEYS)


def withdraw_options(g: Any, f: int, kinds: tuple[int, ...]) -> list[Any]:
    """CL 1.4.1: while executing an Operation a player faction may remove its own pieces from the
    map to Available, to place them elsewhere: offered for a piece kind with none Available (not
    Non-players, AMB-54; 26July/DR Bases under the Pact of Caracas go by "cancel pact", card 18)."""
    if not kinds or f in g.np:
        return []
    out: list[Any] = []
    avail = g.avail
    for pt in kinds:
        if avail[AV_OF[pt]] or (pt in (MB, DB) and g.has_cap(18)):
            continue
        out += [WITHDRAW[pt][s] for s, row in enumerate(g.sp) if row[pt]]
    return out


def withdraw(g: Any, f: int, arg: Any) -> None:
    s, pt = NAMES.index(arg[0]), g.slot(arg[1])
    g.remove(s, pt)
    g.say("{faction} takes a piece off the map in {space} to place it elsewhere.", faction=g.fname(f),
          space=NAMES[s])


# -- choosing the Operation -------------------------------------------------------------------


OPERATION = {op: Action("operation", op) for op in OP_TITLES}


@step("opchoice")
class OpChoice(Step):
    """Choose which Operation (fr: lim, free, sa, src, only)."""

    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        return WAIT if g.entered(fr, OpChoice.legal(g, fr)) else POP

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        ops = ops_possible(g, fr["f"], fr["lim"], fr["free"], fr.get("only", ()), fr.get("within", ()), fr["sa"])
        if fr.get("src") == "launder":
            ops = [o for o in ops if o != "construct"]  # CL 2.3.6
        return [OPERATION[op] for op in ops]

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        f = fr["f"]
        op = action[1]
        new = {"k": "op", "f": f, "op": op, "lim": fr["lim"], "free": fr["free"], "sa_ok": fr["sa"], "sa": "",
               "sp": (), "paid": False, "src": fr.get("src", "card"), "slot": fr.get("slot", 0),
               "within": fr.get("within", ())}
        if g.quiet:
            pass  # (a quiet game logs nothing: its words are not built)
        elif fr["lim"]:
            g.say("{faction} executes {op} (limited).", faction=g.fname(f), op=OP_TITLES[op])
        else:
            g.say("{faction} executes {op}.", faction=g.fname(f), op=OP_TITLES[op])
        if op == "garrison" and not fr["free"]:
            g.gain(f, -govt_cost(g))  # CL 3.2.2: paid in total
            new["paid"] = True
        if op in ("march", "garrison", "sweep"):
            new["arr"] = (0,) * (2 * NS)  # Guerrillas that arrived this March (Underground, Active)
        g.stack.pop()
        g.stack.append(new)
        return False

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Choose an Operation.", {}


# -- the Operation frame ----------------------------------------------------------------------


CANCEL_PACT = Action("cancel pact", None)


@step("op")
class Operation(Step):
    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        if fr.get("end") or (fr.get("swept") and not (fr["sa_ok"] and not fr["sa"] and activities.available(g, fr))):
            op_finished(g, fr)
            return POP
        return WAIT

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        """The prompt's options. Its parts are kept in g._op_parts (frame, f's Resources, candidate
        spaces, SAs available or None when none may be added, the options after "done") until an
        action is applied to this frame: what the prompt asks again meanwhile comes after a transfer
        (CL 1.5.1, negotiation.py), which moves only Resources and Cash, so only the parts that read
        them are worked out again."""
        f, op, chosen = fr["f"], fr["op"], fr["sp"]
        res = g.res[f]
        before = g._op_parts
        if before is not None and before[0] is fr:
            _, res_before, spaces, sas, rest = before
            if res != res_before and min(res, res_before) < MOST_A_SPACE_OF[op]:  # (candidate_spaces' affordability)
                spaces = candidate_spaces(g, fr)
            if sas is not None:
                sas = activities.available_after_transfer(g, fr, sas)
        else:
            spaces = candidate_spaces(g, fr)
            sas = activities.available(g, fr) if fr["sa_ok"] and not fr["sa"] else None
            rest = []
            if f in (M26, DR) and caracas_ok(g, f) and not fr.get("caracas"):
                rest.append(CANCEL_PACT)
            kinds = PLACES.get((f, op))
            if kinds and not fr.get("sp_closed"):  # (no call where the Operation places nothing)
                rest += withdraw_options(g, f, kinds)
        g._op_parts = (fr, res, spaces, sas, rest)
        out: list[Any] = list(map(SPACE.__getitem__, spaces))
        if op == "train" and chosen and not fr.get("extra_done"):
            out += train_extras(g, fr)
        if sas:
            out += map(activities.ACTIVITY.__getitem__, sas)
        if chosen or op == "garrison" or not spaces:
            out.append(DONE)  # ruling CL-R13: an Operation left with no legal space may end
        return out + rest

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        g._op_parts = None  # (the position moves on: see legal)
        verb, arg = action
        if verb == "done":
            if fr["op"] == "sweep" and not fr.get("swept"):
                sweep_activate(g, fr)  # the Operation stays open for a Special Activity after it (4.1)
                return False
            fr["end"] = True
            if fr["op"] == "garrison":
                garrison_finish(g, fr)
            return False
        if verb == "activity":
            activities.start(g, fr, arg)
            return False
        if verb == "withdraw":
            withdraw(g, fr["f"], arg)
            return False
        if verb == "cancel pact":
            fr["caracas"] = True
            g.push("caracas", fr["f"], n=2)
            return False
        if verb in ("base", "civic"):
            train_extra(g, fr, verb, arg)
            return False
        s = SPACE_INDEX.get(arg) if arg in SPACE_INDEX else NAMES.index(arg)
        select_space(g, fr, s)
        return False

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "{line}", {"line": plural(  # (one space is not "1 spaces": issue 34 item 10)
            "{op}: choose a space, a Special Activity, or done ({n} space so far).",
            "{op}: choose a space, a Special Activity, or done ({n} spaces so far).", "n",
            op=OP_TITLES[fr["op"]], n=len(fr["sp"]))}


def select_space(g: Any, fr: dict[str, Any], s: int) -> None:
    f, op = fr["f"], fr["op"]
    push = g.stack.append  # (g.push: the same frames, built in place)
    cost = space_cost(g, fr, s)
    if cost:
        g.gain(f, -cost)
        fr["paid"] = True
    fr["sp"] = fr["sp"] + (s,)
    if not g.quiet:  # (a quiet game logs nothing: its words are not built)
        g.say("{op} in {space}.", op=OP_TITLES[op], space=NAMES[s])
    if op == "train":
        if IS_CITY[s] or g.sp[s][GB]:
            push({"k": "train_place", "f": f, "s": s, "n": 0})
    elif op == "garrison":
        push({"k": "move_cubes", "f": f, "s": s, "n": 0, "mode": "garrison"})
    elif op == "sweep":
        push({"k": "move_cubes", "f": f, "s": s, "n": 0, "mode": "sweep"})
    elif op == "assault":
        push({"k": "remove", "f": f, "s": s, "n": -1, "mode": "assault"})  # capacity counted at its start
        if g.has_mom(1):  # Armored Cars shaded: Troops from anywhere join the Assault first
            push({"k": "move_cubes", "f": f, "s": s, "n": 0, "mode": "armored"})
    elif op == "rally":
        push({"k": "rally", "f": f, "s": s})
    elif op == "march":
        push({"k": "march", "f": f, "s": s, "grp": ()})
    elif op == "attack":
        push({"k": "attack", "f": f, "s": s})
    elif op == "terror":
        terror(g, f, s)
    elif op == "construct":
        push({"k": "construct", "f": f, "s": s})


def op_finished(g: Any, fr: dict[str, Any]) -> None:
    """Bookkeeping after an Operation: what the 1st Eligible did (2.3.4) and Launder (2.3.6)."""
    f = fr["f"]
    g.last_op = (f, fr["op"], fr["sp"])
    if fr["src"] == "card" and fr["slot"] == 1 and fr["sa"]:
        g.first_did = "opsa"
    if fr["src"] == "card" and fr["paid"] and not fr["sa"] and g.is_player(f):
        from agon.games.cuba_libre.turn import offer_launder

        offer_launder(g, f)


# -- Train ------------------------------------------------------------------------------------


PLACE_TROOP, PLACE_POLICE = Action("place", "troop"), Action("place", "police")


@step("train_place")
class TrainPlace(Step):
    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        if fr["n"] >= 4:
            return POP
        return WAIT if g.available(T) + g.available(P) or TrainPlace._withdraw(g, fr) else POP

    @staticmethod
    def _withdraw(g: Any, fr: dict[str, Any]) -> list[Any]:
        """CL 1.4.1: cubes from elsewhere on the map (not this space) when none is Available."""
        here = NAMES[fr["s"]]
        return [a for a in withdraw_options(g, GOVT, (T, P)) if a[1][0] != here]

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        out: list[Any] = []
        if g.available(T):
            out.append(PLACE_TROOP)
        if g.available(P):
            out.append(PLACE_POLICE)
        out += TrainPlace._withdraw(g, fr)
        out.append(DONE)
        return out

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            return True
        if action[0] == "withdraw":
            withdraw(g, GOVT, action[1])
            return False
        g.place(fr["s"], T if action[1] == "troop" else P)
        fr["n"] += 1
        return False

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Train: place cubes in {space} ({n} of 4).", {"space": NAMES[fr["s"]], "n": fr["n"]}


def civic_ok(g: Any, s: int) -> bool:
    """CL 6.3.2: Government-Controlled City/Province with Troops and Police; some effect."""
    row = g.sp[s]
    return (row[T] > 0 and row[P] > 0 and g.controls(s, GOVT)  # never in an EC
            and (g.terror[s] > 0 or g.support[s] < 2) and g.res[GOVT] >= 4)


def civic_action(g: Any, s: int) -> None:
    g.gain(GOVT, -4)
    if g.terror[s]:
        g.terror[s] -= 1
    else:
        g.shift(s, 1)


def train_extras(g: Any, fr: dict[str, Any]) -> list[Any]:
    """CL 3.2.1 step 2, in at most 1 selected space: a Base from 2 cubes, or Civic Action."""
    spaces = (fr["extra"],) if fr.get("extra") is not None else fr["sp"]
    out: list[Any] = []
    for s in spaces:
        row = g.sp[s]
        if fr.get("extra") is None and row[T] + row[P] >= 2 and g.base_room(s, GOVT) and g.available(GB):
            for combo in ("TT", "TP", "PP"):
                if row[T] >= combo.count("T") and row[P] >= combo.count("P"):
                    out.append(("base", (NAMES[s], combo)))
        if civic_ok(g, s) and fr.get("extra_kind", "civic") == "civic":
            out.append(("civic", NAMES[s]))
    return actions(out)


def train_extra(g: Any, fr: dict[str, Any], verb: str, arg: Any) -> None:
    if verb == "base":
        s = NAMES.index(arg[0])
        for c in arg[1]:
            g.remove(s, T if c == "T" else P)
        g.place(s, GB)
        fr["extra_done"] = True
        g.say("The Government builds a Base in {space}.", space=NAMES[s])
    else:
        s = NAMES.index(arg)
        civic_action(g, s)
        fr["extra"] = s
        fr["extra_kind"] = "civic"
        g.say("Civic Action in {space}.", space=NAMES[s])
    fr["lim"] = True if fr["sp"] else fr["lim"]  # no more Train spaces after step 2
    fr["sp_closed"] = True


# -- Garrison and Sweep movement -------------------------------------------------------------


def _plain_origins(g: Any, fr: dict[str, Any]) -> list[tuple[int, str]]:
    """(origin space, "troop" or "police") of each cube move into fr["s"]."""
    s, mode = fr["s"], fr["mode"]
    out: list[tuple[int, str]] = []
    op = g.op_frame()
    if mode == "garrison":
        arr = op["arr"] if op is not None and "arr" in op else (0,) * (2 * NS)
        for o, row in enumerate(g.sp):
            if o != s:  # ruling: a cube moves at most once per Garrison
                if row[T] > arr[o]:
                    out.append((o, "troop"))
                if row[P] > arr[o + NS]:
                    out.append((o, "police"))
        return out
    if mode == "armored":
        return [(o, "troop") for o in range(NS) if o != s and g.sp[o][T]]
    arr = op["arr"] if op is not None and "arr" in op else (0,) * (2 * NS)
    for o in ADJ[s]:  # ruling CL-R22: cubes that moved in this Sweep do not move again
        if g.sp[o][T] > arr[o]:
            out.append((o, "troop"))
        if g.has_mom(4) and g.sp[o][P] > arr[o + NS]:
            out.append((o, "police"))  # S.I.M. shaded
    return out


def move_origins(g: Any, fr: dict[str, Any]) -> list[Any]:
    """Cube moves into fr["s"]; where the Government holds Cash a cube may carry it (4.5.2)."""
    plain = _plain_origins(g, fr)
    out = [MOVE[kind][o] for o, kind in plain]
    if any([c >= 0 and c % 4 == GOVT for c in g.cash]):
        out += [MOVE[kind + CARRY][o] for o, kind in plain if g.cash_held(o, GOVT)]
    return out


@step("move_cubes")
class MoveCubes(Step):
    """Garrison (3.2.2) or Sweep (3.2.3) movement into fr["s"]; Sweep then Activates."""

    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        if fr.get("end"):
            return POP
        origins = move_origins(g, fr)
        if not origins:
            return MoveCubes._finish(g, fr)
        g.entered(fr, [*origins, DONE])
        return WAIT

    @staticmethod
    def _finish(g: Any, fr: dict[str, Any]) -> int:
        fr["end"] = True  # a Sweep Activates only once all its Troops have moved (sweep_activate)
        return POP

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        return [*move_origins(g, fr), DONE]

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            code = MoveCubes._finish(g, fr)
            return code == POP
        o = NAMES.index(action[1][0])
        kind, carry = carried(action[1][1])
        police = kind == "police"
        g.move(o, fr["s"], P if police else T, 1, carry)
        op = g.op_frame()
        if fr["mode"] in ("garrison", "sweep") and op is not None and "arr" in op:
            arr = list(op["arr"])
            arr[fr["s"] + NS * police] += 1
            op["arr"] = tuple(arr)
        fr["n"] += 1
        return False

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Move cubes into {space} ({n} moved).", {"space": NAMES[fr["s"]], "n": fr["n"]}


def sweep_activate(g: Any, fr: dict[str, Any]) -> None:
    """CL 3.2.3 steps 2-3: once every Troop has moved, each Sweep space Activates 1 Guerrilla per
    cube that ends there (Forest: per 2 cubes); a cube counts only where it ends the moves."""
    fr["swept"] = True
    fr["sp_closed"] = True
    for s in reversed(fr["sp"]):  # resolved in the order the spaces were chosen
        n = g.cubes(s) // 2 if FOREST[s] else g.cubes(s)
        g.push("activate", GOVT, s=s, n=n)


def garrison_finish(g: Any, fr: dict[str, Any]) -> None:
    """CL 3.2.2 steps 2-3: Activate 1 per cube in each EC, then an optional free Assault in 1 EC."""
    dest = fr["sp"]
    g.push("garrison_assault", GOVT, ecs=tuple(s for s in ECS if not fr["lim"] or s in dest))
    for s in ECS:
        g.push("activate", GOVT, s=s, n=g.cubes(s))


@step("garrison_assault")
class GarrisonAssault(Step):
    @staticmethod
    def enter(g: Any, fr: dict[str, Any]) -> int:
        return WAIT if g.entered(fr, GarrisonAssault.legal(g, fr))[:-1] else POP

    @staticmethod
    def legal(g: Any, fr: dict[str, Any]) -> list[Any]:
        out: list[Any] = actions(("assault", NAMES[s]) for s in fr["ecs"]
                                 if assault_capacity(g, s) and removal_targets(g, GOVT, s, "assault"))
        return [*out, SKIP]

    @staticmethod
    def apply(g: Any, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "assault":
            s = NAMES.index(action[1])
            g.stack.pop()
            g.push("remove", GOVT, s=s, n=-1, mode="assault")  # capacity counted when removal starts
            if g.has_mom(1):  # Armored Cars shaded: Troops from anywhere join this Assault too
                g.push("move_cubes", GOVT, s=s, n=0, mode="armored")
            return False
        return True

    @staticmethod
    def prompt(g: Any, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Garrison: Assault in 1 EC?", {}

