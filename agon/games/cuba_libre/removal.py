"""Removing pieces (CL 3.2.4, 3.3.3, 4.2.2, 4.4.3, 1.4.5) and voluntary removal (CL 1.4.1): the
pieces an actor may take off in a space, the "remove" and "activate" steps, and taking a piece off the
map to place it elsewhere when none is Available."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.data import (
    AV_OF,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    DR_BASE,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    M26,
    M26_BASE,
    NAMES,
    PIECE_KEYS,
    POLICE,
    ROLES,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.frames import ActivateFrame, RemoveFrame
from agon.games.cuba_libre.op_spaces import assault_capacity, pact
from agon.games.cuba_libre.steps import DONE, FINISHED, REMOVE_PIECE, WAIT, Step, by_arg, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

# -- removal of enemy pieces --------------------------------------------------------------------


def removal_targets(state: CubaLibreState, actor: int, space: int, mode: str) -> list[int]:
    """Slots that `actor` may remove (or close) now in s, by mode: assault, attack, airstrike,
    assassinate (CL 3.2.4, 3.3.3, 4.2.2, 4.4.3; Bases last, 1.4.5 Casinos)."""
    row = state.sp[space]
    out: list[int] = []
    no_pact = pact(state, actor)
    for e in range(4):
        if e == actor or (no_pact and e in (M26, DIRECTORIO)):
            continue
        if e == GOVT:
            if mode in ("attack", "assassinate", "bribe"):
                if row[TROOPS]:
                    out.append(TROOPS)
                if row[POLICE]:
                    out.append(POLICE)
                if row[GOVT_BASE] and (mode != "attack" or row[TROOPS] + row[POLICE] == 0):
                    out.append(GOVT_BASE)
            continue
        u, a = GUER_U[e], GUER_A[e]
        if mode in ("attack", "assassinate") and row[u]:
            out.append(u)
        if row[a]:
            out.append(a)
        base = CASINO if e == SYN else state.base_slot(e)
        if row[base]:
            if mode == "assassinate":
                out.append(base)
            elif row[u] + row[a] == 0:
                if e == SYN and mode == "attack" and row[TROOPS] + row[POLICE] > 0:
                    continue  # C-13: cubes protect Casinos from Attack
                out.append(base)
    return out


def remove_target(state: CubaLibreState, actor: int, space: int, piece_type: int, capture: bool = True) -> None:
    """Remove (close a Casino) for `actor`; `capture`: the action captures Cash (4.5.2: Seizure,
    Captured Goods, Commandeer; not Air Strike)."""
    if piece_type == CASINO:
        state.close_casino(space)
    else:
        state.remove(space, piece_type, 1, capturer=actor if capture else -1)
    if piece_type in (state.base_slot(M26), state.base_slot(DIRECTORIO)) and state.has_cap(18):
        pass  # removal by an enemy never cancels the Pact (card 18)


def _targeted(state: CubaLibreState, frame: RemoveFrame | ActivateFrame, action: Any) -> None:
    """Record the Faction an Op's removal or Activation step has now targeted (CL 3.1)."""
    e = state.faction(action[1]) if action[0] == "activate" else state.owner(state.slot(action[1]))
    if e not in frame.get("targeted", ()):
        frame["targeted"] = (*frame.get("targeted", ()), e)


@step("remove")
class Remove(Step):
    """Remove up to frame["count"] enemy pieces in frame["space"] (mode: see removal_targets). CL 3.1 / 1.4.1:
    the executor chooses which Factions it targets; each targeted Faction's pieces go to the
    maximum, and once the targeted Factions have nothing removable left it may stop ("done").
    A lone removable kind is taken at once only where it belongs to a Faction already targeted
    (or nothing has been removed yet and it is the only choice). frame["targeted"]: Factions targeted."""

    @staticmethod
    def _stoppable(state: CubaLibreState, frame: RemoveFrame, targets: list[int]) -> bool:
        tg = frame.get("targeted", ())
        return bool(tg) and not any(state.owner(piece_type) in tg for piece_type in targets)

    @staticmethod
    def enter(state: CubaLibreState, frame: RemoveFrame) -> int:
        if frame["count"] == -1:
            frame["count"] = assault_capacity(state, frame["space"])
        if frame["count"] <= 0:
            return FINISHED
        targets = removal_targets(state, frame["faction"], frame["space"], frame["mode"])
        if not targets:
            return FINISHED
        if len(targets) == 1 and frame["mode"] != "bribe" and not Remove._stoppable(state, frame, targets):
            Remove.apply(state, frame, ("remove", state.key(targets[0])))
            return Remove.enter(state, frame)
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: RemoveFrame) -> list[Any]:
        targets = removal_targets(state, frame["faction"], frame["space"], frame["mode"])
        out: list[Any] = [REMOVE_PIECE[piece_type] for piece_type in targets]
        if Remove._stoppable(state, frame, targets):
            out.append(DONE)  # CL 3.1: target no further Faction
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: RemoveFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        _targeted(state, frame, action)
        remove_target(state, frame["faction"], frame["space"], state.slot(action[1]), frame["mode"] != "airstrike")
        frame["count"] -= 1
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: RemoveFrame) -> tuple[str, dict[str, Any]]:
        return "Remove an enemy piece in {space} ({n} left).", {"space": NAMES[frame["space"]], "n": frame["count"]}


def activatable(state: CubaLibreState, frame: ActivateFrame) -> list[int]:
    """Factions with Underground Guerrillas in frame["space"] that frame["faction"] may Activate: its enemies, or
    every Insurgent with frame["any"] (an Event's Sweep chosen by the executing faction, card 3)."""
    s, anyone = frame["space"], frame.get("any", False)
    return [e for e in (M26, DIRECTORIO, SYN) if (anyone or e != frame["faction"]) and state.sp[s][GUER_U[e]]]


ACTIVATE = by_arg("activate", ROLES)


@step("activate")
class Activate(Step):
    """Activate frame["count"] enemy Underground Guerrillas in frame["space"] (Sweep, Garrison). CL 3.1 / 1.4.1:
    the executor chooses the targeted Factions, each Activated to the maximum; once no targeted
    Faction has an Underground Guerrilla left it may stop ("done"). frame["targeted"]: Factions targeted."""

    @staticmethod
    def enter(state: CubaLibreState, frame: ActivateFrame) -> int:
        s, n = frame["space"], frame["count"]
        if n <= 0:
            return FINISHED
        facs = activatable(state, frame)
        if not facs:
            return FINISHED
        tg = frame.get("targeted", ())
        if len(facs) == 1 and (not tg or facs[0] in tg):  # the only choice, or already targeted
            frame["count"] -= state.flip(s, facs[0], n, True)
            frame["targeted"] = (*tg, facs[0]) if facs[0] not in tg else tg
            return Activate.enter(state, frame)
        if tg and all(e in tg for e in facs) and sum(state.sp[s][GUER_U[e]] for e in facs) <= n:
            for e in facs:
                frame["count"] -= state.flip(s, e, frame["count"], True)
            return FINISHED
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: ActivateFrame) -> list[Any]:
        facs = activatable(state, frame)
        out: list[Any] = [ACTIVATE[e] for e in facs]
        tg = frame.get("targeted", ())
        if tg and not any(e in tg for e in facs):
            out.append(DONE)  # CL 3.1: target no further Faction
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: ActivateFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        _targeted(state, frame, action)
        frame["count"] -= state.flip(frame["space"], state.faction(action[1]), 1, True)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: ActivateFrame) -> tuple[str, dict[str, Any]]:
        return "Activate a Guerrilla in {space} ({n} left).", {"space": NAMES[frame["space"]], "n": frame["count"]}


# -- voluntary removal (CL 1.4.1) --------------------------------------------------------------

# What each Operation (with the SAs that may go with it) can place, by faction: the own piece kinds
# a player may take off the map to Available when none is Available (Infiltrate with Rally/March,
# Captured Goods and Ambush with Attack).
PLACES = {
    (GOVT, "train"): (TROOPS, POLICE, GOVT_BASE),
    (M26, "rally"): (GUER_U[M26], GUER_A[M26], M26_BASE), (M26, "march"): (GUER_U[M26], GUER_A[M26]),
    (M26, "attack"): (GUER_U[M26], GUER_A[M26]),
    (DIRECTORIO, "rally"): (GUER_U[DIRECTORIO], GUER_A[DIRECTORIO], DR_BASE), (DIRECTORIO, "attack"): (GUER_U[DIRECTORIO], GUER_A[DIRECTORIO]),
    (SYN, "rally"): (GUER_U[SYN], GUER_A[SYN]), (SYN, "construct"): (CASINO, CLOSED_CASINO),
}


# WITHDRAW[pt][s]: ("withdraw", (name of s, key of slot pt))
WITHDRAW = tuple(by_arg("withdraw", ((name, key) for name in NAMES)) for key in PIECE_KEYS)


def withdraw_options(state: CubaLibreState, faction: int, kinds: tuple[int, ...]) -> list[Any]:
    """CL 1.4.1: while executing an Operation a player faction may remove its own pieces from the
    map to Available, to place them elsewhere: offered for a piece kind with none Available (not
    Non-players, AMB-54; 26July/DR Bases under the Pact of Caracas go by "cancel pact", card 18)."""
    if not kinds or faction in state.np:
        return []
    out: list[Any] = []
    avail = state.avail
    for piece_type in kinds:
        if avail[AV_OF[piece_type]] or (piece_type in (M26_BASE, DR_BASE) and state.has_cap(18)):
            continue
        out += [WITHDRAW[piece_type][s] for s, row in enumerate(state.sp) if row[piece_type]]
    return out


def withdraw(state: CubaLibreState, faction: int, arg: Any) -> None:
    s, piece_type = NAMES.index(arg[0]), state.slot(arg[1])
    state.remove(s, piece_type)
    state.say("{faction} takes a piece off the map in {space} to place it elsewhere.", faction=state.fname(faction),
          space=NAMES[s])


