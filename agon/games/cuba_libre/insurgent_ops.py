"""Insurgent Operations (CL 3.3): Rally, March, Attack (with Ambush), Terror and Construct.

Per-space steps pushed by op_spaces.select_space; the Operation frame is found with g.op_frame().
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from agon.engine import Action, plural
from agon.games.cuba_libre.data import (
    ADJ,
    AV_OF,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    GUER_A,
    GUER_U,
    IS_EC,
    M26,
    N_SPACES,
    NAMES,
    SYN,
)
from agon.games.cuba_libre.data import POP as POPULATION
from agon.games.cuba_libre.steps import DONE, FINISHED, WAIT, Step, _, actions, by_arg, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

CARRY = " with cash"
# Morgan (card 28): the spaces within 2 of each space, as a set and in board order (a symmetric
# relation, so "s is within 2 of a space holding Guerrillas" is "s is in the reach of one of them")
WITHIN_2 = tuple(frozenset({*ADJ[s], *(o2 for m in ADJ[s] for o2 in ADJ[m] if o2 != s)}) for s in range(N_SPACES))
WITHIN_2_IN_ORDER = tuple(tuple(sorted(near)) for near in WITHIN_2)
_MOVED = ("troop", "police", "active", "underground")  # cubes (Garrison, Sweep, Redeploy), Guerrillas (March)
# MOVE[kind][o]: ("move", (name of o, kind)); a kind ending in CARRY takes a Cash marker along (4.5.2)
MOVE = {kind: by_arg("move", ((name, kind) for name in NAMES)) for kind in (*_MOVED, *(k + CARRY for k in _MOVED))}


def rally_options(g: CubaLibreState, f: int, s: int, free_level: bool = False) -> list[Any]:
    """Rally results possible in s (CL 3.3.1)."""
    if IS_EC[s]:
        return []
    lvl = g.support[s]
    if not free_level:
        if f == M26 and lvl > 0:
            return []
        if f == DIRECTORIO and lvl in (2, -2):
            return []
    row = g.sp[s]
    u, a = GUER_U[f], GUER_A[f]
    out: list[Any] = []
    av = g.avail[AV_OF[u]]
    if av or withdrawable(g, f, s):
        out.append("place")
    if f != SYN and row[u] + row[a] >= 2 and g.base_room(s, f) and g.available(g.base_slot(f)):
        out.append("base")
    bases = row[CASINO] if f == SYN else row[g.base_slot(f)]
    if bases:
        if row[a]:
            out.append("flip")
        if f != SYN:
            most = 2 * bases + 2 * POPULATION[s] if f == M26 else bases + POPULATION[s]  # CL 3.3.1, C-12
            out += list(range(2, min(most, av) + 1))
    return out


def rally_possible(g: CubaLibreState, f: int, s: int) -> bool:
    """`rally_options(g, f, s)` is not empty, without listing them (the Operation's space test)."""
    if IS_EC[s]:
        return False
    lvl = g.support[s]
    if (f == M26 and lvl > 0) or (f == DIRECTORIO and lvl in (2, -2)):
        return False
    row = g.sp[s]
    u, a = GUER_U[f], GUER_A[f]
    if g.avail[AV_OF[u]]:
        return True  # "place"
    if f not in g.np and any(g.sp[o][u] or g.sp[o][a] for o in range(N_SPACES) if o != s):
        return True  # "place", after taking Guerrillas off the map (withdrawable)
    if f != SYN and row[u] + row[a] >= 2 and g.base_room(s, f) and g.available(g.base_slot(f)):
        return True  # "base"
    return bool(row[a] and (row[CASINO] if f == SYN else row[g.base_slot(f)]))  # "flip" (counts need Available)


def rally_spaces(g: CubaLibreState, f: int, spaces: Sequence[int]) -> list[int]:
    """The spaces of `spaces` where `rally_possible(g, f, s)`: where "place" is possible, every
    City and Province that f's Rally may take place in (the level bars of 3.3.1)."""
    u, a = GUER_U[f], GUER_A[f]
    # "place" is possible wherever the level allows: from Available, or for a player after taking
    # a Guerrilla off another space (1.4.1; with 2+ spaces holding them, each space has another)
    if not g.avail[AV_OF[u]] and not (f not in g.np and sum(1 for row in g.sp if row[u] or row[a]) > 1):
        return [s for s in spaces if rally_possible(g, f, s)]
    sup = g.support
    if f == M26:
        return [s for s in spaces if not IS_EC[s] and sup[s] <= 0]
    if f == DIRECTORIO:
        return [s for s in spaces if not IS_EC[s] and sup[s] not in (2, -2)]
    return [s for s in spaces if not IS_EC[s]]


def withdrawable(g: CubaLibreState, f: int, s: int) -> list[Any]:
    """CL 1.4.1: a player with no Guerrilla Available may first take its own Guerrillas off the
    map (from other spaces) to Available, to place them here."""
    if g.avail[AV_OF[GUER_U[f]]] or f in g.np:
        return []
    out: list[Any] = []
    for o in range(N_SPACES):
        if o != s:
            if g.sp[o][GUER_A[f]]:
                out.append(WITHDRAW_ACTIVE[o])
            if g.sp[o][GUER_U[f]]:
                out.append(WITHDRAW_UNDERGROUND[o])
    return out


WITHDRAW_ACTIVE = by_arg("withdraw", ((name, "active") for name in NAMES))
WITHDRAW_UNDERGROUND = by_arg("withdraw", ((name, "underground") for name in NAMES))


def terror(g: CubaLibreState, f: int, s: int) -> None:
    """CL 3.3.4 in one space."""
    g.flip(s, f, 1, True)
    if IS_EC[s]:
        if not g.terror[s]:
            g.add_terror(s)
        return
    g.add_terror(s)
    if f == M26:
        g.shift(s, -1)  # AMB-7: 26July Terror builds Opposition
    else:
        g.shift_toward_neutral(s)


# every result rally_options may list: "place", "base", "flip" or a number of Guerrillas placed
RALLY = {o: Action("rally", o) for o in ("place", "base", "flip", *range(2, 50))}


@step("rally")
class Rally(Step):
    @staticmethod
    def enter(g: CubaLibreState, frame: dict[str, Any]) -> int:
        if frame.get("end"):
            return FINISHED
        options = rally_options(g, frame["f"], frame["s"], frame.get("free_level", False))
        if not options:
            return FINISHED
        g.entered(frame, Rally._choices(g, frame, options))
        return WAIT

    @staticmethod
    def legal(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
        return Rally._choices(g, frame, rally_options(g, frame["f"], frame["s"], frame.get("free_level", False)))

    @staticmethod
    def _choices(g: CubaLibreState, frame: dict[str, Any], options: list[Any]) -> list[Any]:
        f, s = frame["f"], frame["s"]
        out: list[Any] = [RALLY[o] for o in options]
        if not g.available(GUER_U[f]):
            out = [o for o in out if o[1] in ("base", "flip")] + withdrawable(g, f, s)
        return out

    @staticmethod
    def apply(g: CubaLibreState, frame: dict[str, Any], action: Any) -> bool:
        f = frame["f"]
        if action[0] == "withdraw":
            o = NAMES.index(action[1][0])
            g.remove(o, GUER_A[f] if action[1][1] == "active" else GUER_U[f])
            return False
        rally_result(g, f, frame["s"], action[1])
        return True

    @staticmethod
    def prompt(g: CubaLibreState, frame: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Rally in {space}: choose the result.", {"space": NAMES[frame["s"]]}


def rally_result(g: CubaLibreState, f: int, s: int, what: Any) -> None:
    u, a = GUER_U[f], GUER_A[f]
    if what == "place":
        g.place(s, u)
    elif what == "base":
        take_a = min(2, g.sp[s][a])
        g.remove(s, a, take_a)
        g.remove(s, u, 2 - take_a)
        g.place(s, g.base_slot(f))
    elif what == "flip":
        g.flip(s, f, g.sp[s][a], False)
    else:
        g.place(s, u, int(what))
    if f == M26 and g.has_cap(30):  # The Guerrilla Life: 26July Rally also flips Underground
        g.flip(s, f, g.sp[s][a], False)


def march_origins(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
    f, s = frame["f"], frame["s"]
    op = g.op_frame()
    arr = op["arr"] if op is not None and "arr" in op else (0,) * (2 * N_SPACES)
    out: list[Any] = []
    origins = ADJ[s]
    if f == DIRECTORIO and g.has_cap(28):  # Morgan unshaded: DR Guerrillas may March 2 spaces
        origins = WITHIN_2_IN_ORDER[s]
    held = g.cash_spaces(f)
    u, a = GUER_U[f], GUER_A[f]
    for o in origins:
        row = g.sp[o]
        if row[a] > arr[o + N_SPACES]:
            out.append(ACTIVE_MOVES[o])
            if o in held:
                out.append(ACTIVE_CASH_MOVES[o])  # 4.5.2: one Cash moves with it
        if row[u] > arr[o]:
            out.append(UNDERGROUND_MOVES[o])
            if o in held:
                out.append(UNDERGROUND_CASH_MOVES[o])
    return out


ACTIVE_MOVES, UNDERGROUND_MOVES = MOVE["active"], MOVE["underground"]
ACTIVE_CASH_MOVES, UNDERGROUND_CASH_MOVES = MOVE["active" + CARRY], MOVE["underground" + CARRY]


def carried(kind: str) -> tuple[str, bool]:
    """("underground with cash") -> ("underground", True): the moving piece takes a Cash marker."""
    return (kind[:-len(CARRY)], True) if kind.endswith(CARRY) else (kind, False)


def _arrive(g: CubaLibreState, s: int, nu: int, na: int) -> None:
    op = g.op_frame()
    if op is not None and "arr" in op:
        arr = list(op["arr"])
        arr[s] += nu
        arr[s + N_SPACES] += na
        op["arr"] = tuple(arr)


@step("march")
class March(Step):
    """Guerrillas move into fr["s"] from adjacent spaces (3.3.2); groups by origin."""

    @staticmethod
    def enter(g: CubaLibreState, frame: dict[str, Any]) -> int:
        origins = march_origins(g, frame)
        if not origins:
            March._finish(g, frame)
            return FINISHED
        g.entered(frame, March._choices(frame, origins))
        return WAIT

    @staticmethod
    def legal(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
        return March._choices(frame, march_origins(g, frame))

    @staticmethod
    def _choices(frame: dict[str, Any], origins: list[Any]) -> list[Any]:
        return [*origins, DONE] if frame["grp"] else origins

    @staticmethod
    def apply(g: CubaLibreState, frame: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            March._finish(g, frame)
            return True
        f, s = frame["f"], frame["s"]
        o = NAMES.index(action[1][0])
        kind, carry = carried(action[1][1])
        under = kind == "underground"
        g.move(o, s, GUER_U[f] if under else GUER_A[f], 1, carry)
        _arrive(g, s, int(under), int(not under))
        frame.setdefault("first_o", o)  # El Che: the group of the first Guerrilla moved moves first
        grp = dict(frame["grp"])
        nu, na = grp.get(o, (0, 0))
        grp[o] = (nu + under, na + (not under))
        frame["grp"] = tuple(sorted(grp.items()))
        return False

    @staticmethod
    def _finish(g: CubaLibreState, frame: dict[str, Any]) -> None:
        """CL 3.3.2: a group Activates if the destination is at Support or an EC and
        group + cubes > 3. El Che (card 13): 26July's first group ends Underground (its Active
        Guerrillas flip, and it skips the Activation test)."""
        f, s = frame["f"], frame["s"]
        op = g.op_frame()
        first = op is not None and not op.get("groups")
        for o, (nu, na) in sorted(frame["grp"], key=lambda item: item[0] != frame.get("first_o")):
            if f == M26 and g.has_cap(13) and first:  # card 13, ruling CL-E13: it ends Underground
                first = False
                g.flip(s, f, na, False)
                _arrive(g, s, na, -na)
                continue
            first = False
            exposed = (g.support[s] > 0 or IS_EC[s]) and nu + na + g.cubes(s) > 3
            if o not in ADJ[s]:  # Morgan (card 28): also tested in the space passed through (best path)
                exposed = exposed or all((g.support[m] > 0 or IS_EC[m]) and nu + na + g.cubes(m) > 3
                                         for m in ADJ[s] if o in ADJ[m])
            if exposed:
                g.flip(s, f, nu, True)
                _arrive(g, s, -nu, nu)
        if op is not None and frame["grp"]:
            op["groups"] = True

    @staticmethod
    def prompt(g: CubaLibreState, frame: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "March into {space}: move Guerrillas from adjacent spaces.", {"space": NAMES[frame["s"]]}


ROLL, AMBUSH = Action("roll", None), Action("activity", "ambush")


@step("attack")
class Attack(Step):
    """CL 3.3.3 in one space: roll, or Ambush (4.3.2 / 4.4.2) if the SA is open."""

    @staticmethod
    def legal(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
        out: list[Any] = [ROLL]
        op = g.op_frame()
        if op and op["sa_ok"] and not op["sa"] and g.sp[frame["s"]][GUER_U[frame["f"]]]:
            out.append(AMBUSH)
        return out

    @staticmethod
    def apply(g: CubaLibreState, frame: dict[str, Any], action: Any) -> bool:
        f, s = frame["f"], frame["s"]
        g.stack.pop()
        if action[0] == "activity":
            op = g.op_frame()
            assert op is not None  # (an Ambush is the Special Activity of an Attack: its frame is below)
            op["sa"] = "ambush"
            ambush(g, f, s)
            return False
        g.flip(s, f, g.sp[s][GUER_U[f]], True)
        roll = g.rng.die()
        g.say("{faction} Attacks in {space}: roll {roll} against {guerrillas}.", faction=g.fname(f), space=NAMES[s],
              roll=roll, guerrillas=plural("{n} Guerrilla", "{n} Guerrillas", "n", n=g.guerrillas(s, f)))
        if f == M26 and g.has_cap(22):  # Raul unshaded: 26July may roll again
            g.push("reroll", f, s=s, roll=roll, what="attack")
        else:
            attack_result(g, f, s, roll)
        return False

    @staticmethod
    def prompt(g: CubaLibreState, frame: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Attack in {space}: roll or Ambush.", {"space": NAMES[frame["s"]]}


def attack_result(g: CubaLibreState, f: int, s: int, roll: int) -> None:
    """CL 3.3.3 steps 2-4 once the die is final."""
    guerrillas = g.guerrillas(s, f)
    if roll <= guerrillas:
        if roll == 1:
            g.push("place_after", f, s=s)
        g.push("remove", f, s=s, n=2, mode="attack")
    else:  # CL 3.3.3: the die must not exceed the Guerrillas; the log says why nothing is removed
        g.say("The Attack in {space} fails: {roll} is more than {guerrillas}.", space=NAMES[s], roll=roll,
              guerrillas=plural("{n} Guerrilla", "{n} Guerrillas", "n", n=guerrillas))


@step("reroll")
class Reroll(Step):
    """Raul (card 22 unshaded): keep the die or roll it once more (Attack or Kidnap)."""

    @staticmethod
    def legal(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
        return actions((("keep", frame["roll"]), ("reroll", None)))

    @staticmethod
    def apply(g: CubaLibreState, frame: dict[str, Any], action: Any) -> bool:
        roll = frame["roll"] if action[0] == "keep" else g.rng.die()
        g.stack.pop()
        if action[0] == "reroll":
            g.say("26July rolls again: {roll}.", roll=roll)
        if frame["what"] == "attack":
            attack_result(g, frame["f"], frame["s"], roll)
        else:
            kidnap_result(g, frame["s"], frame["target"], roll)
        return False

    @staticmethod
    def prompt(g: CubaLibreState, frame: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "You rolled {roll}: keep it or roll again?", {"roll": frame["roll"]}


def ambush(g: CubaLibreState, f: int, s: int) -> None:
    """CL 4.3.2: Activate 1 Underground Guerrilla, succeed without rolling, then Captured Goods."""
    g.flip(s, f, 1, True)
    g.say("{faction} Ambushes in {space}.", faction=g.fname(f), space=NAMES[s])
    g.push("place_after", f, s=s)
    g.push("remove", f, s=s, n=2, mode="attack")


@step("place_after")
class PlaceAfter(Step):
    """Captured Goods (3.3.3): 1 Available Guerrilla of the attacker in the space."""

    @staticmethod
    def enter(g: CubaLibreState, frame: dict[str, Any]) -> int:
        g.place(frame["s"], GUER_U[frame["f"]])
        return FINISHED


@step("construct")
class Construct(Step):
    @staticmethod
    def enter(g: CubaLibreState, frame: dict[str, Any]) -> int:
        opts = g.entered(frame, Construct.legal(g, frame))
        if len(opts) == 1:
            Construct.apply(g, frame, opts[0])
            return FINISHED
        return WAIT if opts else FINISHED

    @staticmethod
    def legal(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
        s = frame["s"]
        out: list[Any] = []
        if g.casinos(s) < 2 and g.available(CLOSED_CASINO):
            out.append(Action("construct", "place"))
        if g.sp[s][CLOSED_CASINO]:
            out.append(Action("construct", "open"))
        return out

    @staticmethod
    def apply(g: CubaLibreState, frame: dict[str, Any], action: Any) -> bool:
        s = frame["s"]
        if action[1] == "place":
            g.place(s, CLOSED_CASINO)  # CL 3.3.5: Construct places a closed Casino
        else:
            g.sp[s][CLOSED_CASINO] -= 1
            g.sp[s][CASINO] += 1
        return True

    @staticmethod
    def prompt(g: CubaLibreState, frame: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Construct in {space}: place a closed Casino or open one.", {"space": NAMES[frame["s"]]}


def caracas_ok(g: CubaLibreState, f: int) -> bool:
    """Card 18: 26July or DR may remove 2 of its own Bases at once (1.4.1) to cancel the Pact."""
    return f in (M26, DIRECTORIO) and (18, False) in g.capabilities and g.on_map(g.base_slot(f)) >= 2  # (has_cap(18))


@step("caracas")
class Caracas(Step):
    """Remove 2 own Bases (one per prompt); then Pact of Caracas is cancelled (card 18)."""

    @staticmethod
    def legal(g: CubaLibreState, frame: dict[str, Any]) -> list[Any]:
        b = g.base_slot(frame["f"])
        return actions(("remove base", NAMES[s]) for s in range(N_SPACES) if g.sp[s][b])

    @staticmethod
    def apply(g: CubaLibreState, frame: dict[str, Any], action: Any) -> bool:
        g.remove(NAMES.index(action[1]), g.base_slot(frame["f"]))
        frame["n"] -= 1
        if frame["n"] == 0:
            g.capabilities = g.capabilities - {(18, False)}
            g.say("{faction} removes 2 of its Bases: the Pact of Caracas ends.", faction=g.fname(frame["f"]))
            return True
        return False

    @staticmethod
    def prompt(g: CubaLibreState, frame: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Remove one of your Bases ({n} to go).", {"n": frame["n"]}


def kidnap_result(g: CubaLibreState, s: int, target: int, roll: int) -> None:
    took = min(roll, g.res[target])
    g.gain(target, -took)
    got = g.gain(M26, took)
    if g.has_mom(22):
        g.add_aid(2 * got)  # Raul shaded
    g.say(_("26July Kidnaps in {space}: roll {roll}, takes {n} Resource.") if took == 1 else
          _("26July Kidnaps in {space}: roll {roll}, takes {n} Resources."), space=NAMES[s], roll=roll, n=took)
    g.close_casino(s)
