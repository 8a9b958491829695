"""Removing pieces (CL 3.2.4, 3.3.3, 4.2.2, 4.4.3, 1.4.5) and voluntary removal (CL 1.4.1): the
pieces an actor may take off in a space, the "remove" and "activate" steps, and taking a piece off the
map to place it elsewhere when none is Available."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.data import (
    AV_OF,
    CC,
    CO,
    DB,
    DR,
    GB,
    GOVT,
    GUER_A,
    GUER_U,
    M26,
    MB,
    NAMES,
    PIECE_KEYS,
    ROLES,
    SYN,
    P,
    T,
)
from agon.games.cuba_libre.op_spaces import assault_capacity, pact
from agon.games.cuba_libre.steps import DONE, POP, REMOVE_PIECE, WAIT, Step, by_arg, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

# -- removal of enemy pieces --------------------------------------------------------------------


def removal_targets(g: CubaLibreState, actor: int, s: int, mode: str) -> list[int]:
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


def remove_target(g: CubaLibreState, actor: int, s: int, pt: int, capture: bool = True) -> None:
    """Remove (close a Casino) for `actor`; `capture`: the action captures Cash (4.5.2: Seizure,
    Captured Goods, Commandeer; not Air Strike)."""
    if pt == CO:
        g.close_casino(s)
    else:
        g.remove(s, pt, 1, capturer=actor if capture else -1)
    if pt in (g.base_slot(M26), g.base_slot(DR)) and g.has_cap(18):
        pass  # removal by an enemy never cancels the Pact (card 18)


def _targeted(g: CubaLibreState, fr: dict[str, Any], action: Any) -> None:
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
    def _stoppable(g: CubaLibreState, fr: dict[str, Any], targets: list[int]) -> bool:
        tg = fr.get("tg", ())
        return bool(tg) and not any(g.owner(pt) in tg for pt in targets)

    @staticmethod
    def enter(g: CubaLibreState, fr: dict[str, Any]) -> int:
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
    def legal(g: CubaLibreState, fr: dict[str, Any]) -> list[Any]:
        targets = removal_targets(g, fr["f"], fr["s"], fr["mode"])
        out: list[Any] = [REMOVE_PIECE[pt] for pt in targets]
        if Remove._stoppable(g, fr, targets):
            out.append(DONE)  # CL 3.1: target no further Faction
        return out

    @staticmethod
    def apply(g: CubaLibreState, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            return True
        _targeted(g, fr, action)
        remove_target(g, fr["f"], fr["s"], g.slot(action[1]), fr["mode"] != "airstrike")
        fr["n"] -= 1
        return False

    @staticmethod
    def prompt(g: CubaLibreState, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return "Remove an enemy piece in {space} ({n} left).", {"space": NAMES[fr["s"]], "n": fr["n"]}


def activatable(g: CubaLibreState, fr: dict[str, Any]) -> list[int]:
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
    def enter(g: CubaLibreState, fr: dict[str, Any]) -> int:
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
    def legal(g: CubaLibreState, fr: dict[str, Any]) -> list[Any]:
        facs = activatable(g, fr)
        out: list[Any] = [ACTIVATE[e] for e in facs]
        tg = fr.get("tg", ())
        if tg and not any(e in tg for e in facs):
            out.append(DONE)  # CL 3.1: target no further Faction
        return out

    @staticmethod
    def apply(g: CubaLibreState, fr: dict[str, Any], action: Any) -> bool:
        if action[0] == "done":
            return True
        _targeted(g, fr, action)
        fr["n"] -= g.flip(fr["s"], g.faction(action[1]), 1, True)
        return False

    @staticmethod
    def prompt(g: CubaLibreState, fr: dict[str, Any]) -> tuple[str, dict[str, Any]]:
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


def withdraw_options(g: CubaLibreState, f: int, kinds: tuple[int, ...]) -> list[Any]:
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


def withdraw(g: CubaLibreState, f: int, arg: Any) -> None:
    s, pt = NAMES.index(arg[0]), g.slot(arg[1])
    g.remove(s, pt)
    g.say("{faction} takes a piece off the map in {space} to place it elsewhere.", faction=g.fname(f),
          space=NAMES[s])


