"""What each Cuba Libre action did, for the log: the pieces placed, moved, flipped or removed (where
and whose), Casinos closed or opened, Support/Opposition shifts, Terror and Sabotage markers,
Resources, Aid, the US Alliance, Cash markers and Control changes.

They are read off the state before and after the action (`snap`, then `describe`), so every Operation,
Special Activity, Event and Propaganda step is covered by one mechanism, and the steps keep saying only
what was chosen ("Train in Havana.").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agon.engine import LogEntry, Text, plural
from agon.games.cuba_libre.board import row_control
from agon.games.cuba_libre.data import (
    ALLIANCE,
    CASINO,
    CLOSED_CASINO,
    DR_ACTIVE,
    DR_BASE,
    DR_UNDERGROUND,
    FACTION_NAMES,
    GOVT_BASE,
    IS_EC,
    LEVELS,
    M26_ACTIVE,
    M26_BASE,
    M26_UNDERGROUND,
    N_SPACES,
    NAMES,
    POLICE,
    SYN_ACTIVE,
    SYN_UNDERGROUND,
    TROOPS,
)
from agon.games.cuba_libre.steps import _

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

# (pieces, slots): "n pieces" as a plural Text; a 2-slot kind is (Underground, Active) Guerrillas or
# (open, closed) Casinos
KINDS: tuple[tuple[Callable[[int], Text], tuple[int, ...]], ...] = (
    (lambda count: plural("{n} Troop", "{n} Troops", "n", n=count), (TROOPS,)),
    (lambda count: plural("{n} Police", "{n} Police", "n", n=count), (POLICE,)),
    (lambda count: plural("{n} Government Base", "{n} Government Bases", "n", n=count), (GOVT_BASE,)),
    (lambda count: plural("{n} 26July Guerrilla", "{n} 26July Guerrillas", "n", n=count), (M26_UNDERGROUND, M26_ACTIVE)),
    (lambda count: plural("{n} 26July Base", "{n} 26July Bases", "n", n=count), (M26_BASE,)),
    (lambda count: plural("{n} DR Guerrilla", "{n} DR Guerrillas", "n", n=count), (DR_UNDERGROUND, DR_ACTIVE)),
    (lambda count: plural("{n} DR Base", "{n} DR Bases", "n", n=count), (DR_BASE,)),
    (lambda count: plural("{n} Syndicate Guerrilla", "{n} Syndicate Guerrillas", "n", n=count), (SYN_UNDERGROUND, SYN_ACTIVE)),
    (lambda count: plural("{n} Casino", "{n} Casinos", "n", n=count), (CASINO, CLOSED_CASINO)),
)
STATES = {M26_UNDERGROUND: "Underground", M26_ACTIVE: "Active", DR_UNDERGROUND: "Underground", DR_ACTIVE: "Active", SYN_UNDERGROUND: "Underground", SYN_ACTIVE: "Active",
          CASINO: "open", CLOSED_CASINO: "closed"}

Snap = tuple[Any, ...]


def snap(state: CubaLibreState) -> Snap:
    """The public facts an action may change (plain copies: cheap to take, compared in C)."""
    return ([row[:] for row in state.sp], state.support[:], state.terror[:], state.res[:], state.aid, state.alliance, state.cash[:])


def _who(faction: int) -> str:
    return FACTION_NAMES[faction] if faction >= 0 else "no one"


def describe(state: CubaLibreState, before: Snap) -> None:
    """Log every change since `before` (a `snap` of the state)."""
    rows0, sup0, ter0, res0, aid0, all0, cash0 = before
    moved = [s for s in range(N_SPACES) if state.sp[s] != rows0[s]] if state.sp != rows0 else []
    if moved:
        _pieces(state, rows0, moved)
    if state.support != sup0 or state.terror != ter0:
        _levels(state, sup0, ter0)
    if state.res != res0:
        for f in range(4):
            if state.res[f] != res0[f]:
                state.say("{faction} Resources {old} -> {new}.", faction=FACTION_NAMES[f], old=res0[f], new=state.res[f])
    if state.aid != aid0:
        state.say("Aid {old} -> {new}.", old=aid0, new=state.aid)
    if state.alliance != all0:
        state.say("US Alliance {old} -> {new}.", old=ALLIANCE[all0], new=ALLIANCE[state.alliance])
    if state.cash != cash0:
        _cash(state, cash0)
    for s in moved:
        old, new = (-1, -1) if IS_EC[s] else (row_control(rows0[s]), row_control(state.sp[s]))
        if old != new:
            state.say("{space}: Control {old} -> {new}.", space=NAMES[s], old=_who(old), new=_who(new))


def _levels(state: CubaLibreState, sup0: list[int], ter0: list[int]) -> None:
    for s in range(N_SPACES):
        if state.support[s] != sup0[s]:
            state.say("{space}: {old} -> {new}.", space=NAMES[s], old=LEVELS[sup0[s]], new=LEVELS[state.support[s]])
        if state.terror[s] != ter0[s]:
            d = state.terror[s] - ter0[s]
            one, other = MARKERS[IS_EC[s], d > 0]
            state.say(one if abs(d) == 1 else other, space=NAMES[s], n=abs(d), total=state.terror[s])


MARKERS = {  # (in an EC, placed): the log line for 1 marker and for more (3.3.4 Terror, Sabotage)
    (False, True): ("{space}: {n} Terror marker placed ({total} there).",
                    "{space}: {n} Terror markers placed ({total} there)."),
    (False, False): ("{space}: {n} Terror marker removed ({total} there).",
                     "{space}: {n} Terror markers removed ({total} there)."),
    (True, True): ("{space}: {n} Sabotage marker placed ({total} there).",
                   "{space}: {n} Sabotage markers placed ({total} there)."),
    (True, False): ("{space}: {n} Sabotage marker removed ({total} there).",
                    "{space}: {n} Sabotage markers removed ({total} there)."),
}


def _pieces(state: CubaLibreState, rows0: list[list[int]], moved: list[int]) -> None:
    delta = {s: [x - y for x, y in zip(state.sp[s], rows0[s], strict=True)] for s in moved}
    touched = {piece_type for d in delta.values() for piece_type, x in enumerate(d) if x}
    for kind in KINDS:
        slots = kind[1]
        if touched.isdisjoint(slots):
            continue
        net = {s: sum(delta[s][piece_type] for piece_type in slots) for s in moved}
        if len(slots) == 2:
            _exchanges(state, kind, rows0, moved)
        gains = [[s, n] for s, n in net.items() if n > 0]
        for s, n in ((s, -n) for s, n in net.items() if n < 0):
            for gain in gains:  # pair losses with gains: a move
                k = min(n, gain[1])
                if k <= 0:
                    continue
                _say(state, k, "move", pieces=kind[0](k), origin=NAMES[s], space=NAMES[gain[0]],
                     state=_state(state, rows0, gain[0], slots))
                gain[1] -= k
                n -= k
            if n:
                _say(state, n, "removed", pieces=kind[0](n), space=NAMES[s])
        for s, n in gains:
            if n:
                _say(state, n, "placed", pieces=kind[0](n), space=NAMES[s], state=_state(state, rows0, s, slots))


def _state(state: CubaLibreState, rows0: list[list[int]], space: int, slots: tuple[int, ...]) -> str:
    """The state the pieces arrive in ("Underground", "open"), or "" when it goes unsaid."""
    if len(slots) == 1:
        return ""
    up = [piece_type for piece_type in slots if state.sp[space][piece_type] > rows0[space][piece_type]]
    return STATES[up[0]] if len(up) == 1 else ""


# what happened (and whether a state is named): the log line for 1 piece and for more; `pieces` is a
# plural Text
LINES = {
    "move": ("{pieces} moves from {origin} to {space}.", "{pieces} move from {origin} to {space}."),
    "move with state": ("{pieces} moves from {origin} to {space} ({state}).",
                        "{pieces} move from {origin} to {space} ({state})."),
    "removed": ("{pieces} removed from {space}.", "{pieces} removed from {space}."),
    "placed": ("{pieces} placed in {space}.", "{pieces} placed in {space}."),
    "placed with state": ("{pieces} placed in {space} ({state}).", "{pieces} placed in {space} ({state})."),
    "close": ("{pieces} in {space} closes.", "{pieces} in {space} close."),
    "open": ("{pieces} in {space} opens.", "{pieces} in {space} open."),
    "flip with state": ("{pieces} in {space} flips {state}.", "{pieces} in {space} flip {state}."),
}


def _say(board: CubaLibreState, count: int, what: str, **args: Any) -> None:
    """Log what happened to n pieces: the sentence agrees with n (a whole template for 1 and one for
    more), and names the state when there is one."""
    state = bool(args.get("state"))
    if not state:
        args.pop("state", None)
    one, other = LINES[f"{what} with state" if state else what]
    board.say(one if count == 1 else other, **args)


def _exchanges(state: CubaLibreState, kind: tuple[Callable[[int], Text], tuple[int, ...]], rows0: list[list[int]], moved: list[int]) -> None:
    """Flips between Underground and Active, and Casinos closed or opened, within a space."""
    a, b = kind[1]
    for s in moved:
        da, db = state.sp[s][a] - rows0[s][a], state.sp[s][b] - rows0[s][b]
        if da * db >= 0:
            continue
        to = STATES[b] if da < 0 else STATES[a]
        k = min(abs(da), abs(db))
        verb = ("close" if to == "closed" else "open") if a == CASINO else "flip"
        _say(state, k, verb, pieces=kind[0](k), space=NAMES[s], state="" if a == CASINO else to)


def _at(where: int) -> int:
    """A Cash marker's place (-1 Available); one awaiting its holder's choice (-2 - place) is still there."""
    return -2 - where if where < -1 else where


def _cash(state: CubaLibreState, cash0: list[int]) -> None:
    for c0, c1 in ((_at(a), _at(b)) for a, b in zip(cash0, state.cash, strict=True)):
        if c0 == c1:
            continue
        if c1 < 0:
            state.say("Cash removed from {space} ({faction}).", space=NAMES[c0 // 4], faction=FACTION_NAMES[c0 % 4])
        elif c0 < 0:
            state.say("Cash placed in {space} with {faction}.", space=NAMES[c1 // 4], faction=FACTION_NAMES[c1 % 4])
        else:
            state.say("Cash in {origin} ({old}) goes to {faction} in {space}.", origin=NAMES[c0 // 4],
                  old=FACTION_NAMES[c0 % 4], faction=FACTION_NAMES[c1 % 4], space=NAMES[c1 // 4])


TRACE = _("    [{role} by the rules: {note}]")  # the note is the Non-player's reason, in English


def rule_trace(state: CubaLibreState, role: str, note: str) -> LogEntry | None:
    """A Non-player's reason, set apart from what happened, and once per step: the same reason as
    that role's last one is not repeated (g.trace_last)."""
    if state.trace_last == (role, note):
        return None
    state.trace_last = (role, note)
    return LogEntry(TRACE, {"role": role, "note": note}, None)
