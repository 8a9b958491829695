"""Cash decisions of a player holder (CL 4.5.2, AMB-11, C-17).

- "cash_gift": the holder's last Guerrilla/cube in a space was removed or replaced while another
  faction's Guerrilla or cube is there. The holder may hand the marker to that faction's piece
  (`give cash <role>`) or let it go (`drop cash`: captured by the acting faction when its action
  has a capture clause, else back to the pool). While the question is open the marker is kept as
  -2 - code in `g.cash` (off the map, not Available).
- "cash_carry": another faction moved one of the holder's pieces out of a space where the holder
  keeps other pieces and Cash (Muscle moves Government cubes, Reprisal relocates a Guerrilla): the
  holder says whether a Cash marker sits under the piece that moved (4.5.2: Cash moves with its
  piece; the holder may shift it to another of its pieces there at any time).
Non-player holders never ask: 8.1.2 item 7 (transfer to another Non-player); their Cash sits under
their Underground Guerrillas first (item 3) and is otherwise never moved voluntarily.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.data import GUER_U, NAMES, teams
from agon.games.cuba_libre.frames import CashCarryFrame, CashGiftFrame
from agon.games.cuba_libre.steps import FINISHED, WAIT, Step, _, actions, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState


def limbo(code: int) -> int:
    return -2 - code


def recipients(state: CubaLibreState, space: int, holder: int) -> list[int]:
    """Factions whose Guerrilla or cube in s may receive the holder's Cash (never a faction of the
    same player under the No Non-player option, AMB-11)."""
    mates = next(t for t in teams(state.options) if holder in t)
    return [e for e in range(4) if e not in mates and state.has_holder(space, e)]


def settle(state: CubaLibreState, marker: int, space: int, holder: int, capturer: int) -> None:
    """The Cash is removed: captured under a capture clause (acting faction with a piece there)."""
    if capturer >= 0 and capturer != holder and state.has_holder(space, capturer):
        state.cash[marker] = space * 4 + capturer
        state.say("{faction} captures a Cash marker in {space}.", faction=state.fname(capturer), space=NAMES[space])
    else:
        state.cash[marker] = -1


@step("cash_gift")
class CashGift(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: CashGiftFrame) -> int:
        if state.has_holder(frame["space"], frame["faction"]):  # the holder has a piece there again: it keeps the Cash
            state.cash[frame["marker"]] = frame["space"] * 4 + frame["faction"]
            return FINISHED
        if not recipients(state, frame["space"], frame["faction"]):
            settle(state, frame["marker"], frame["space"], frame["faction"], frame["cap"])
            return FINISHED
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: CashGiftFrame) -> list[Any]:
        return actions([*(("give cash", state.role(e)) for e in recipients(state, frame["space"], frame["faction"])), ("drop cash", None)])

    @staticmethod
    def apply(state: CubaLibreState, frame: CashGiftFrame, action: Any) -> bool:
        s, i = frame["space"], frame["marker"]
        if action[0] == "give cash":
            e = state.faction(action[1])
            state.cash[i] = s * 4 + e
            state.say("{faction} hands a Cash marker to {other} in {space}.", faction=state.fname(frame["faction"]),
                  other=state.fname(e), space=NAMES[s])
        else:
            settle(state, i, s, frame["faction"], frame["cap"])
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: CashGiftFrame) -> tuple[str, dict[str, Any]]:
        return "Your last piece holding Cash in {space} is gone: hand the Cash to another piece there?", {
            "space": NAMES[frame["space"]]}


@step("cash_carry")
class CashCarry(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: CashCarryFrame) -> int:
        ok = state.cash_held(frame["space"], frame["faction"]) and state.has_holder(frame["destination"], frame["faction"])
        return WAIT if ok else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: CashCarryFrame) -> list[Any]:
        return actions((("carry cash", None), ("leave cash", None)))

    @staticmethod
    def apply(state: CubaLibreState, frame: CashCarryFrame, action: Any) -> bool:
        if action[0] == "carry cash":
            code = frame["space"] * 4 + frame["faction"]
            state.cash[state.cash.index(code)] = frame["destination"] * 4 + frame["faction"]
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: CashCarryFrame) -> tuple[str, dict[str, Any]]:
        return _("Your piece moved from {src} to {dst}: does a Cash marker go with it?"), {
            "src": NAMES[frame["space"]], "dst": NAMES[frame["destination"]]}


def ask_carry(state: CubaLibreState, faction: int, src: int, dst: int, piece_type: int = -1) -> None:
    """After another faction moved f's piece (slot pt) from src to dst: a player f says if Cash went
    along. A Non-player keeps its Cash under its Underground Guerrillas first (8.1.2 item 3): the Cash
    went along when the piece moved was its last Underground Guerrilla there."""
    if not (state.cash_held(src, faction) and state.has_holder(src, faction)):
        return
    if state.is_player(faction):
        state.push("cash_carry", faction, space=src, destination=dst)
    elif piece_type >= 0 and piece_type == GUER_U[faction] and not state.sp[src][piece_type]:
        code = src * 4 + faction
        state.cash[state.cash.index(code)] = dst * 4 + faction
