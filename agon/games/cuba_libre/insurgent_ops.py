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
from agon.games.cuba_libre.frames import (
    AttackFrame,
    CaracasFrame,
    ConstructFrame,
    MarchFrame,
    PlaceAfterFrame,
    RallyFrame,
    RerollFrame,
)
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


def rally_options(state: CubaLibreState, faction: int, space: int, free_level: bool = False) -> list[Any]:
    """Rally results possible in s (CL 3.3.1)."""
    if IS_EC[space]:
        return []
    lvl = state.support[space]
    if not free_level:
        if faction == M26 and lvl > 0:
            return []
        if faction == DIRECTORIO and lvl in (2, -2):
            return []
    row = state.sp[space]
    u, a = GUER_U[faction], GUER_A[faction]
    out: list[Any] = []
    av = state.avail[AV_OF[u]]
    if av or withdrawable(state, faction, space):
        out.append("place")
    if faction != SYN and row[u] + row[a] >= 2 and state.base_room(space, faction) and state.available(state.base_slot(faction)):
        out.append("base")
    bases = row[CASINO] if faction == SYN else row[state.base_slot(faction)]
    if bases:
        if row[a]:
            out.append("flip")
        if faction != SYN:
            most = 2 * bases + 2 * POPULATION[space] if faction == M26 else bases + POPULATION[space]  # CL 3.3.1, C-12
            out += list(range(2, min(most, av) + 1))
    return out


def rally_possible(state: CubaLibreState, faction: int, space: int) -> bool:
    """`rally_options(g, f, s)` is not empty, without listing them (the Operation's space test)."""
    if IS_EC[space]:
        return False
    lvl = state.support[space]
    if (faction == M26 and lvl > 0) or (faction == DIRECTORIO and lvl in (2, -2)):
        return False
    row = state.sp[space]
    u, a = GUER_U[faction], GUER_A[faction]
    if state.avail[AV_OF[u]]:
        return True  # "place"
    if faction not in state.np and any(state.sp[o][u] or state.sp[o][a] for o in range(N_SPACES) if o != space):
        return True  # "place", after taking Guerrillas off the map (withdrawable)
    if faction != SYN and row[u] + row[a] >= 2 and state.base_room(space, faction) and state.available(state.base_slot(faction)):
        return True  # "base"
    return bool(row[a] and (row[CASINO] if faction == SYN else row[state.base_slot(faction)]))  # "flip" (counts need Available)


def rally_spaces(state: CubaLibreState, faction: int, spaces: Sequence[int]) -> list[int]:
    """The spaces of `spaces` where `rally_possible(g, f, s)`: where "place" is possible, every
    City and Province that f's Rally may take place in (the level bars of 3.3.1)."""
    u, a = GUER_U[faction], GUER_A[faction]
    # "place" is possible wherever the level allows: from Available, or for a player after taking
    # a Guerrilla off another space (1.4.1; with 2+ spaces holding them, each space has another)
    if not state.avail[AV_OF[u]] and not (faction not in state.np and sum(1 for row in state.sp if row[u] or row[a]) > 1):
        return [s for s in spaces if rally_possible(state, faction, s)]
    sup = state.support
    if faction == M26:
        return [s for s in spaces if not IS_EC[s] and sup[s] <= 0]
    if faction == DIRECTORIO:
        return [s for s in spaces if not IS_EC[s] and sup[s] not in (2, -2)]
    return [s for s in spaces if not IS_EC[s]]


def withdrawable(state: CubaLibreState, faction: int, space: int) -> list[Any]:
    """CL 1.4.1: a player with no Guerrilla Available may first take its own Guerrillas off the
    map (from other spaces) to Available, to place them here."""
    if state.avail[AV_OF[GUER_U[faction]]] or faction in state.np:
        return []
    out: list[Any] = []
    for o in range(N_SPACES):
        if o != space:
            if state.sp[o][GUER_A[faction]]:
                out.append(WITHDRAW_ACTIVE[o])
            if state.sp[o][GUER_U[faction]]:
                out.append(WITHDRAW_UNDERGROUND[o])
    return out


WITHDRAW_ACTIVE = by_arg("withdraw", ((name, "active") for name in NAMES))
WITHDRAW_UNDERGROUND = by_arg("withdraw", ((name, "underground") for name in NAMES))


def terror(state: CubaLibreState, faction: int, space: int) -> None:
    """CL 3.3.4 in one space."""
    state.flip(space, faction, 1, True)
    if IS_EC[space]:
        if not state.terror[space]:
            state.add_terror(space)
        return
    state.add_terror(space)
    if faction == M26:
        state.shift(space, -1)  # AMB-7: 26July Terror builds Opposition
    else:
        state.shift_toward_neutral(space)


# every result rally_options may list: "place", "base", "flip" or a number of Guerrillas placed
RALLY = {o: Action("rally", o) for o in ("place", "base", "flip", *range(2, 50))}


@step("rally")
class Rally(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: RallyFrame) -> int:
        if frame.get("end"):
            return FINISHED
        options = rally_options(state, frame["faction"], frame["space"], frame.get("free_level", False))
        if not options:
            return FINISHED
        state.entered(frame, Rally._choices(state, frame, options))
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: RallyFrame) -> list[Any]:
        return Rally._choices(state, frame, rally_options(state, frame["faction"], frame["space"], frame.get("free_level", False)))

    @staticmethod
    def _choices(state: CubaLibreState, frame: RallyFrame, options: list[Any]) -> list[Any]:
        f, s = frame["faction"], frame["space"]
        out: list[Any] = [RALLY[o] for o in options]
        if not state.available(GUER_U[f]):
            out = [o for o in out if o[1] in ("base", "flip")] + withdrawable(state, f, s)
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: RallyFrame, action: Any) -> bool:
        f = frame["faction"]
        if action[0] == "withdraw":
            o = NAMES.index(action[1][0])
            state.remove(o, GUER_A[f] if action[1][1] == "active" else GUER_U[f])
            return False
        rally_result(state, f, frame["space"], action[1])
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: RallyFrame) -> tuple[str, dict[str, Any]]:
        return "Rally in {space}: choose the result.", {"space": NAMES[frame["space"]]}


def rally_result(state: CubaLibreState, faction: int, space: int, what: Any) -> None:
    u, a = GUER_U[faction], GUER_A[faction]
    if what == "place":
        state.place(space, u)
    elif what == "base":
        take_a = min(2, state.sp[space][a])
        state.remove(space, a, take_a)
        state.remove(space, u, 2 - take_a)
        state.place(space, state.base_slot(faction))
    elif what == "flip":
        state.flip(space, faction, state.sp[space][a], False)
    else:
        state.place(space, u, int(what))
    if faction == M26 and state.has_cap(30):  # The Guerrilla Life: 26July Rally also flips Underground
        state.flip(space, faction, state.sp[space][a], False)


def march_origins(state: CubaLibreState, frame: MarchFrame) -> list[Any]:
    f, s = frame["faction"], frame["space"]
    op = state.op_frame()
    arr = op["arr"] if op is not None and "arr" in op else (0,) * (2 * N_SPACES)
    out: list[Any] = []
    origins = ADJ[s]
    if f == DIRECTORIO and state.has_cap(28):  # Morgan unshaded: DR Guerrillas may March 2 spaces
        origins = WITHIN_2_IN_ORDER[s]
    held = state.cash_spaces(f)
    u, a = GUER_U[f], GUER_A[f]
    for o in origins:
        row = state.sp[o]
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


def _arrive(state: CubaLibreState, space: int, underground: int, active: int) -> None:
    op = state.op_frame()
    if op is not None and "arr" in op:
        arr = list(op["arr"])
        arr[space] += underground
        arr[space + N_SPACES] += active
        op["arr"] = tuple(arr)


@step("march")
class March(Step):
    """Guerrillas move into frame["space"] from adjacent spaces (3.3.2); groups by origin."""

    @staticmethod
    def enter(state: CubaLibreState, frame: MarchFrame) -> int:
        origins = march_origins(state, frame)
        if not origins:
            March._finish(state, frame)
            return FINISHED
        state.entered(frame, March._choices(frame, origins))
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: MarchFrame) -> list[Any]:
        return March._choices(frame, march_origins(state, frame))

    @staticmethod
    def _choices(frame: MarchFrame, origins: list[Any]) -> list[Any]:
        return [*origins, DONE] if frame["grp"] else origins

    @staticmethod
    def apply(state: CubaLibreState, frame: MarchFrame, action: Any) -> bool:
        if action[0] == "done":
            March._finish(state, frame)
            return True
        f, s = frame["faction"], frame["space"]
        o = NAMES.index(action[1][0])
        kind, carry = carried(action[1][1])
        under = kind == "underground"
        state.move(o, s, GUER_U[f] if under else GUER_A[f], 1, carry)
        _arrive(state, s, int(under), int(not under))
        frame.setdefault("first_o", o)  # El Che: the group of the first Guerrilla moved moves first
        grp = dict(frame["grp"])
        nu, na = grp.get(o, (0, 0))
        grp[o] = (nu + under, na + (not under))
        frame["grp"] = tuple(sorted(grp.items()))
        return False

    @staticmethod
    def _finish(state: CubaLibreState, frame: MarchFrame) -> None:
        """CL 3.3.2: a group Activates if the destination is at Support or an EC and
        group + cubes > 3. El Che (card 13): 26July's first group ends Underground (its Active
        Guerrillas flip, and it skips the Activation test)."""
        f, s = frame["faction"], frame["space"]
        op = state.op_frame()
        first = op is not None and not op.get("groups")
        for o, (nu, na) in sorted(frame["grp"], key=lambda item: item[0] != frame.get("first_o")):
            if f == M26 and state.has_cap(13) and first:  # card 13, ruling CL-E13: it ends Underground
                first = False
                state.flip(s, f, na, False)
                _arrive(state, s, na, -na)
                continue
            first = False
            exposed = (state.support[s] > 0 or IS_EC[s]) and nu + na + state.cubes(s) > 3
            if o not in ADJ[s]:  # Morgan (card 28): also tested in the space passed through (best path)
                exposed = exposed or all((state.support[m] > 0 or IS_EC[m]) and nu + na + state.cubes(m) > 3
                                         for m in ADJ[s] if o in ADJ[m])
            if exposed:
                state.flip(s, f, nu, True)
                _arrive(state, s, -nu, nu)
        if op is not None and frame["grp"]:
            op["groups"] = True

    @staticmethod
    def prompt(state: CubaLibreState, frame: MarchFrame) -> tuple[str, dict[str, Any]]:
        return "March into {space}: move Guerrillas from adjacent spaces.", {"space": NAMES[frame["space"]]}


ROLL, AMBUSH = Action("roll", None), Action("activity", "ambush")


@step("attack")
class Attack(Step):
    """CL 3.3.3 in one space: roll, or Ambush (4.3.2 / 4.4.2) if the SA is open."""

    @staticmethod
    def legal(state: CubaLibreState, frame: AttackFrame) -> list[Any]:
        out: list[Any] = [ROLL]
        op = state.op_frame()
        if op and op["sa_ok"] and not op["special_activity"] and state.sp[frame["space"]][GUER_U[frame["faction"]]]:
            out.append(AMBUSH)
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: AttackFrame, action: Any) -> bool:
        f, s = frame["faction"], frame["space"]
        state.stack.pop()
        if action[0] == "activity":
            op = state.op_frame()
            assert op is not None  # (an Ambush is the Special Activity of an Attack: its frame is below)
            op["special_activity"] = "ambush"
            ambush(state, f, s)
            return False
        state.flip(s, f, state.sp[s][GUER_U[f]], True)
        roll = state.rng.die()
        state.say("{faction} Attacks in {space}: roll {roll} against {guerrillas}.", faction=state.fname(f), space=NAMES[s],
              roll=roll, guerrillas=plural("{n} Guerrilla", "{n} Guerrillas", "n", n=state.guerrillas(s, f)))
        if f == M26 and state.has_cap(22):  # Raul unshaded: 26July may roll again
            state.push("reroll", f, space=s, roll=roll, what="attack")
        else:
            attack_result(state, f, s, roll)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: AttackFrame) -> tuple[str, dict[str, Any]]:
        return "Attack in {space}: roll or Ambush.", {"space": NAMES[frame["space"]]}


def attack_result(state: CubaLibreState, faction: int, space: int, roll: int) -> None:
    """CL 3.3.3 steps 2-4 once the die is final."""
    guerrillas = state.guerrillas(space, faction)
    if roll <= guerrillas:
        if roll == 1:
            state.push("place_after", faction, space=space)
        state.push("remove", faction, space=space, count=2, mode="attack")
    else:  # CL 3.3.3: the die must not exceed the Guerrillas; the log says why nothing is removed
        state.say("The Attack in {space} fails: {roll} is more than {guerrillas}.", space=NAMES[space], roll=roll,
              guerrillas=plural("{n} Guerrilla", "{n} Guerrillas", "n", n=guerrillas))


@step("reroll")
class Reroll(Step):
    """Raul (card 22 unshaded): keep the die or roll it once more (Attack or Kidnap)."""

    @staticmethod
    def legal(state: CubaLibreState, frame: RerollFrame) -> list[Any]:
        return actions((("keep", frame["roll"]), ("reroll", None)))

    @staticmethod
    def apply(state: CubaLibreState, frame: RerollFrame, action: Any) -> bool:
        roll = frame["roll"] if action[0] == "keep" else state.rng.die()
        state.stack.pop()
        if action[0] == "reroll":
            state.say("26July rolls again: {roll}.", roll=roll)
        if frame["what"] == "attack":
            attack_result(state, frame["faction"], frame["space"], roll)
        else:
            kidnap_result(state, frame["space"], frame["target"], roll)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: RerollFrame) -> tuple[str, dict[str, Any]]:
        return "You rolled {roll}: keep it or roll again?", {"roll": frame["roll"]}


def ambush(state: CubaLibreState, faction: int, space: int) -> None:
    """CL 4.3.2: Activate 1 Underground Guerrilla, succeed without rolling, then Captured Goods."""
    state.flip(space, faction, 1, True)
    state.say("{faction} Ambushes in {space}.", faction=state.fname(faction), space=NAMES[space])
    state.push("place_after", faction, space=space)
    state.push("remove", faction, space=space, count=2, mode="attack")


@step("place_after")
class PlaceAfter(Step):
    """Captured Goods (3.3.3): 1 Available Guerrilla of the attacker in the space."""

    @staticmethod
    def enter(state: CubaLibreState, frame: PlaceAfterFrame) -> int:
        state.place(frame["space"], GUER_U[frame["faction"]])
        return FINISHED


@step("construct")
class Construct(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: ConstructFrame) -> int:
        opts = state.entered(frame, Construct.legal(state, frame))
        if len(opts) == 1:
            Construct.apply(state, frame, opts[0])
            return FINISHED
        return WAIT if opts else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: ConstructFrame) -> list[Any]:
        s = frame["space"]
        out: list[Any] = []
        if state.casinos(s) < 2 and state.available(CLOSED_CASINO):
            out.append(Action("construct", "place"))
        if state.sp[s][CLOSED_CASINO]:
            out.append(Action("construct", "open"))
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: ConstructFrame, action: Any) -> bool:
        s = frame["space"]
        if action[1] == "place":
            state.place(s, CLOSED_CASINO)  # CL 3.3.5: Construct places a closed Casino
        else:
            state.sp[s][CLOSED_CASINO] -= 1
            state.sp[s][CASINO] += 1
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: ConstructFrame) -> tuple[str, dict[str, Any]]:
        return "Construct in {space}: place a closed Casino or open one.", {"space": NAMES[frame["space"]]}


def caracas_ok(state: CubaLibreState, faction: int) -> bool:
    """Card 18: 26July or DR may remove 2 of its own Bases at once (1.4.1) to cancel the Pact."""
    return faction in (M26, DIRECTORIO) and (18, False) in state.capabilities and state.on_map(state.base_slot(faction)) >= 2  # (has_cap(18))


@step("caracas")
class Caracas(Step):
    """Remove 2 own Bases (one per prompt); then Pact of Caracas is cancelled (card 18)."""

    @staticmethod
    def legal(state: CubaLibreState, frame: CaracasFrame) -> list[Any]:
        b = state.base_slot(frame["faction"])
        return actions(("remove base", NAMES[s]) for s in range(N_SPACES) if state.sp[s][b])

    @staticmethod
    def apply(state: CubaLibreState, frame: CaracasFrame, action: Any) -> bool:
        state.remove(NAMES.index(action[1]), state.base_slot(frame["faction"]))
        frame["count"] -= 1
        if frame["count"] == 0:
            state.capabilities = state.capabilities - {(18, False)}
            state.say("{faction} removes 2 of its Bases: the Pact of Caracas ends.", faction=state.fname(frame["faction"]))
            return True
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: CaracasFrame) -> tuple[str, dict[str, Any]]:
        return "Remove one of your Bases ({n} to go).", {"n": frame["count"]}


def kidnap_result(state: CubaLibreState, space: int, target: int, roll: int) -> None:
    took = min(roll, state.res[target])
    state.gain(target, -took)
    got = state.gain(M26, took)
    if state.has_mom(22):
        state.add_aid(2 * got)  # Raul shaded
    state.say(_("26July Kidnaps in {space}: roll {roll}, takes {n} Resource.") if took == 1 else
          _("26July Kidnaps in {space}: roll {roll}, takes {n} Resources."), space=NAMES[space], roll=roll, n=took)
    state.close_casino(space)
