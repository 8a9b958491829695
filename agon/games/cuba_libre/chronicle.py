"""What each Cuba Libre action did, for the log: the pieces placed, moved, flipped or removed (where
and whose), Casinos closed or opened, Support/Opposition shifts, Terror and Sabotage markers,
Resources, Aid, the US Alliance, Cash markers and Control changes.

They are read off the state before and after the action (`snap`, then `describe`), so every Operation,
Special Activity, Event and Propaganda step is covered by one mechanism, and the steps keep saying only
what was chosen ("Train in Havana.").
"""

from __future__ import annotations

from typing import Any

from agon.engine import LogEntry
from agon.games.cuba_libre.board import row_control
from agon.games.cuba_libre.data import (
    ALLIANCE,
    CC,
    CO,
    DA,
    DB,
    DU,
    FACTION_NAMES,
    GB,
    IS_EC,
    LEVELS,
    MA,
    MB,
    MU,
    NAMES,
    NS,
    SA,
    SU,
    P,
    T,
)

# (name, plural, slots): a 2-slot kind is (Underground, Active) Guerrillas or (open, closed) Casinos
KINDS = (("Troop", "Troops", (T,)), ("Police", "Police", (P,)), ("Government Base", "Government Bases", (GB,)),
         ("26July Guerrilla", "26July Guerrillas", (MU, MA)), ("26July Base", "26July Bases", (MB,)),
         ("DR Guerrilla", "DR Guerrillas", (DU, DA)), ("DR Base", "DR Bases", (DB,)),
         ("Syndicate Guerrilla", "Syndicate Guerrillas", (SU, SA)), ("Casino", "Casinos", (CO, CC)))
STATES = {MU: "Underground", MA: "Active", DU: "Underground", DA: "Active", SU: "Underground", SA: "Active",
          CO: "open", CC: "closed"}

Snap = tuple[Any, ...]


def snap(g: Any) -> Snap:
    """The public facts an action may change (plain copies: cheap to take, compared in C)."""
    return ([row[:] for row in g.sp], g.support[:], g.terror[:], g.res[:], g.aid, g.alliance, g.cash[:])


def _name(kind: tuple[str, str, tuple[int, ...]], n: int) -> str:
    return f"{n} {kind[0] if n == 1 else kind[1]}"


def _s(n: int) -> str:
    """The verb ending for n pieces: "1 Troop moves", "2 Troops move"."""
    return "s" if n == 1 else ""


def _who(f: int) -> str:
    return FACTION_NAMES[f] if f >= 0 else "no one"


def describe(g: Any, before: Snap) -> None:
    """Log every change since `before` (a `snap` of the state)."""
    rows0, sup0, ter0, res0, aid0, all0, cash0 = before
    moved = [s for s in range(NS) if g.sp[s] != rows0[s]] if g.sp != rows0 else []
    if moved:
        _pieces(g, rows0, moved)
    if g.support != sup0 or g.terror != ter0:
        _levels(g, sup0, ter0)
    if g.res != res0:
        for f in range(4):
            if g.res[f] != res0[f]:
                g.say("{faction} Resources {old} -> {new}.", faction=FACTION_NAMES[f], old=res0[f], new=g.res[f])
    if g.aid != aid0:
        g.say("Aid {old} -> {new}.", old=aid0, new=g.aid)
    if g.alliance != all0:
        g.say("US Alliance {old} -> {new}.", old=ALLIANCE[all0], new=ALLIANCE[g.alliance])
    if g.cash != cash0:
        _cash(g, cash0)
    for s in moved:
        old, new = (-1, -1) if IS_EC[s] else (row_control(rows0[s]), row_control(g.sp[s]))
        if old != new:
            g.say("{space}: Control {old} -> {new}.", space=NAMES[s], old=_who(old), new=_who(new))


def _levels(g: Any, sup0: list[int], ter0: list[int]) -> None:
    for s in range(NS):
        if g.support[s] != sup0[s]:
            g.say("{space}: {old} -> {new}.", space=NAMES[s], old=LEVELS[sup0[s]], new=LEVELS[g.support[s]])
        if g.terror[s] != ter0[s]:
            d = g.terror[s] - ter0[s]
            g.say("{space}: {n} {marker} marker{plural} {what} ({total} there).", space=NAMES[s], n=abs(d),
                  marker="Sabotage" if IS_EC[s] else "Terror", plural="" if abs(d) == 1 else "s",
                  what="placed" if d > 0 else "removed", total=g.terror[s])


def _pieces(g: Any, rows0: list[list[int]], moved: list[int]) -> None:
    delta = {s: [x - y for x, y in zip(g.sp[s], rows0[s], strict=True)] for s in moved}
    touched = {pt for d in delta.values() for pt, x in enumerate(d) if x}
    for kind in KINDS:
        slots = kind[2]
        if touched.isdisjoint(slots):
            continue
        net = {s: sum(delta[s][pt] for pt in slots) for s in moved}
        if len(slots) == 2:
            _exchanges(g, kind, rows0, moved)
        gains = [[s, n] for s, n in net.items() if n > 0]
        for s, n in ((s, -n) for s, n in net.items() if n < 0):
            for gain in gains:  # pair losses with gains: a move
                k = min(n, gain[1])
                if k <= 0:
                    continue
                g.say("{pieces} move{s} from {origin} to {space}{state}.", pieces=_name(kind, k), s=_s(k),
                      origin=NAMES[s], space=NAMES[gain[0]], state=_state(g, rows0, gain[0], slots))
                gain[1] -= k
                n -= k
            if n:
                g.say("{pieces} removed from {space}.", pieces=_name(kind, n), space=NAMES[s])
        for s, n in gains:
            if n:
                g.say("{pieces} placed in {space}{state}.", pieces=_name(kind, n), space=NAMES[s],
                      state=_state(g, rows0, s, slots))


def _state(g: Any, rows0: list[list[int]], s: int, slots: tuple[int, ...]) -> str:
    if len(slots) == 1:
        return ""
    up = [pt for pt in slots if g.sp[s][pt] > rows0[s][pt]]
    return f" ({STATES[up[0]]})" if len(up) == 1 else ""


def _exchanges(g: Any, kind: tuple[str, str, tuple[int, ...]], rows0: list[list[int]], moved: list[int]) -> None:
    """Flips between Underground and Active, and Casinos closed or opened, within a space."""
    a, b = kind[2]
    for s in moved:
        da, db = g.sp[s][a] - rows0[s][a], g.sp[s][b] - rows0[s][b]
        if da * db >= 0:
            continue
        to = STATES[b] if da < 0 else STATES[a]
        k = min(abs(da), abs(db))
        verb = ("close" if to == "closed" else "open") if a == CO else "flip"
        g.say("{pieces} in {space} {verb}{s}{state}.", pieces=_name(kind, k), space=NAMES[s], verb=verb, s=_s(k),
              state="" if a == CO else " " + to)


def _at(c: int) -> int:
    """A Cash marker's place (-1 Available); one awaiting its holder's choice (-2 - place) is still there."""
    return -2 - c if c < -1 else c


def _cash(g: Any, cash0: list[int]) -> None:
    for c0, c1 in ((_at(a), _at(b)) for a, b in zip(cash0, g.cash, strict=True)):
        if c0 == c1:
            continue
        if c1 < 0:
            g.say("Cash removed from {space} ({faction}).", space=NAMES[c0 // 4], faction=FACTION_NAMES[c0 % 4])
        elif c0 < 0:
            g.say("Cash placed in {space} with {faction}.", space=NAMES[c1 // 4], faction=FACTION_NAMES[c1 % 4])
        else:
            g.say("Cash in {origin} ({old}) goes to {faction} in {space}.", origin=NAMES[c0 // 4],
                  old=FACTION_NAMES[c0 % 4], faction=FACTION_NAMES[c1 % 4], space=NAMES[c1 // 4])


TRACE = "    [{role} by the rules: {note}]"


def rule_trace(g: Any, role: str, note: str) -> LogEntry | None:
    """A Non-player's reason, set apart from what happened, and once per step: the same reason as
    that role's last one is not repeated (g.trace_last)."""
    if g.trace_last == (role, note):
        return None
    g.trace_last = (role, note)
    return LogEntry(TRACE, {"role": role, "note": note}, None)
