"""Shared steps for the event cards (events_cards_1_24.py, events_cards_25_48.py).

- pick(): a faction picks one of a computed list of options, up to n times (optionally stopping).
- ambush(): a free Ambush (4.3.2 / 4.4.2) granted by an Event.
- gov_assault(): a free Government Assault in one space, optionally against one faction only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre import removal
from agon.games.cuba_libre.data import CASINO, CLOSED_CASINO, FOREST, GOVT, GUER_A, GUER_U, N_SPACES, NAMES
from agon.games.cuba_libre.events import _order
from agon.games.cuba_libre.frames import ActivateFrame, EvxAssaultFrame, EvxPickFrame
from agon.games.cuba_libre.op_spaces import assault_capacity
from agon.games.cuba_libre.removal import removal_targets, remove_target
from agon.games.cuba_libre.steps import DONE, FINISHED, REMOVE_PIECE, WAIT, Step, actions, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

Options = Callable[[Any], list[Any]]
Apply = Callable[[Any, str, Any], None]

GUERRILLA_KEYS = ("m26_u", "m26_a", "dr_u", "dr_a", "syn_u", "syn_a")
NEW_GUERRILLA = ("m26_u", "dr_u", "syn_u")  # one new Underground Guerrilla of an Insurgent


def pick(state: CubaLibreState, actor: int, options: Options, callback: Apply, count: int = 1, prompt: str = "Choose.",
         optional: bool = False) -> None:
    """Queue: up to n times, `actor` picks one of options(g) (a list of (verb, arg)); then
    fn(g, verb, arg) runs (it may queue further steps, run before the next pick). Ends early when
    no option is left; `optional` adds ("done") so the actor may stop."""
    state.stack.append({"step": "evx_pick", "faction": actor, "opts": options, "callback": callback, "count": count, "text": prompt,
                    "optional": optional})


@step("evx_pick")
class Pick(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: EvxPickFrame) -> int:
        if frame.get("stop") or frame["count"] <= 0:
            return FINISHED
        options = frame["opts"](state)
        if not options:
            return FINISHED
        state.entered(frame, Pick._choices(frame, options))
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: EvxPickFrame) -> list[Any]:
        return Pick._choices(frame, frame["opts"](state))

    @staticmethod
    def _choices(frame: EvxPickFrame, options: list[Any]) -> list[Any]:
        out = actions(options)  # the card's (verb, arg) pairs
        return [*out, DONE] if frame["optional"] else out

    @staticmethod
    def apply(state: CubaLibreState, frame: EvxPickFrame, action: Any) -> bool:
        verb, arg = action
        if verb == "done":
            return True
        if verb != "withdraw":  # taking own pieces back first (1.4.1) is not one of the n picks
            frame["count"] -= 1
        mark = len(state.stack)
        frame["callback"](state, verb, arg)
        _order(state, mark)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvxPickFrame) -> tuple[str, dict[str, Any]]:
        return frame["text"], {"n": frame["count"]}


def piece_options(state: CubaLibreState, keys: tuple[str, ...], spaces: Any = None, verb: str = "remove") -> list[Any]:
    """(verb, (space name, key)) for every listed piece kind present in the spaces."""
    if spaces is None:
        where: Any = range(N_SPACES)
    elif callable(spaces):
        where = [s for s in range(N_SPACES) if spaces(state, s)]
    else:
        where = spaces
    out: list[Any] = []
    for s in where:
        for key in keys:
            if state.sp[s][state.slot(key)]:
                out.append((verb, (NAMES[s], key)))
    return out


def open_casino(state: CubaLibreState, space: int) -> None:
    if state.sp[space][CLOSED_CASINO]:
        state.sp[space][CLOSED_CASINO] -= 1
        state.sp[space][CASINO] += 1


def ambush(state: CubaLibreState, faction: int, space: int) -> None:
    """A free Ambush by x in s (4.3.2, 4.4.2): Activate 1 Underground Guerrilla (if any), remove up
    to 2 enemy pieces without a roll (Attack limits), then place 1 Guerrilla of x (Captured Goods).
    Call from an event callback: the steps are queued in run order."""
    state.flip(space, faction, 1, True)
    state.say("{faction} Ambushes in {space}.", faction=state.fname(faction), space=NAMES[space])
    state.push("remove", faction, space=space, count=2, mode="attack")
    state.push("place_after", faction, space=space)


def gov_assault(state: CubaLibreState, space: int, only: int = -1, chooser: int = GOVT) -> None:
    """A free Government Assault in s (3.2.4), against faction `only` if given (card 9 shaded);
    `chooser` picks the pieces removed (the executing faction, CL 5.1). Armored Cars (card 1
    shaded): the Government may first move Troops in from anywhere."""
    if state.has_mom(1):
        state.push("move_cubes", GOVT, space=space, count=0, mode="armored")
    state.push("evx_assault", chooser, space=space, count=-1, only=only)


def sweep_in_place(state: CubaLibreState, space: int, chooser: int) -> None:
    """A free Government Sweep in s moving no cubes (card 3 shaded): Activate 1 Guerrilla per cube
    there, 1 per 2 cubes in Forest (3.2.3); `chooser` picks which Guerrillas."""
    n = state.cubes(space) // 2 if FOREST[space] else state.cubes(space)
    state.push("evx_activate", chooser, space=space, count=n, any=True)


@step("evx_activate")
class Activate(removal.Activate):
    """The Activation of an Event's Sweep (core step "activate" with any Insurgent's Guerrillas)."""

    @staticmethod
    def prompt(state: CubaLibreState, frame: ActivateFrame) -> tuple[str, dict[str, Any]]:
        return "Sweep in {space}: Activate a Guerrilla ({n} left).", {"space": NAMES[frame["space"]], "n": frame["count"]}


@step("evx_assault")
class Assault(Step):
    """A Government Assault, chosen by frame["faction"], maybe of one faction only (capacity counted when
    it starts, after any Armored Cars moves)."""

    @staticmethod
    def _targets(state: CubaLibreState, frame: EvxAssaultFrame) -> list[int]:
        out = removal_targets(state, GOVT, frame["space"], "assault")
        return [piece_type for piece_type in out if frame["only"] < 0 or state.owner(piece_type) == frame["only"]]

    @staticmethod
    def enter(state: CubaLibreState, frame: EvxAssaultFrame) -> int:
        if frame["count"] < 0:
            frame["count"] = assault_capacity(state, frame["space"])
        while frame["count"] > 0:
            targets = Assault._targets(state, frame)
            if not targets:
                return FINISHED
            if len(targets) > 1:
                return WAIT
            remove_target(state, GOVT, frame["space"], targets[0])
            frame["count"] -= 1
        return FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: EvxAssaultFrame) -> list[Any]:
        return [REMOVE_PIECE[piece_type] for piece_type in Assault._targets(state, frame)]

    @staticmethod
    def apply(state: CubaLibreState, frame: EvxAssaultFrame, action: Any) -> bool:
        remove_target(state, GOVT, frame["space"], state.slot(action[1]))
        frame["count"] -= 1
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvxAssaultFrame) -> tuple[str, dict[str, Any]]:
        return "Assault in {space}: remove a piece ({n} left).", {"space": NAMES[frame["space"]], "n": frame["count"]}


def guerrilla_slots(faction: int) -> tuple[int, int]:
    return GUER_U[faction], GUER_A[faction]
