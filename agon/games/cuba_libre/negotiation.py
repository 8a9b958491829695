"""Negotiation (CL 1.5.1, 1.8): voluntary transfers of Resources and Cash (4.5.2).

Only to or from the faction executing an Op, SA or Event (1.8): the executing player faction is
offered ("transfer", None) at its card option ("option") and at its Operation's space prompt ("op")
(rules._legal adds it). That opens a short sub-procedure on top of the waiting frame:

- "transfer" (the executing faction): ("give to", role) or ("ask", role).
- "transfer_amount" (the executing faction gives): ("give resources", n) n = 1..its Resources, or
  ("give cash marker", space): one of its Cash markers goes to a Guerrilla/cube of the other faction in
  that space (Cash always sits under a piece, 4.5.2).
- "transfer_request" (the asked faction gives, so every transfer has the giver's consent):
  ("give resources", n), ("give cash marker", space) or ("decline", None).

Bounds (ruling CL-R35): one transfer or request per ordered pair (giver, receiver) per card
(`g.transfers`, reset with the card), so a card holds at most 12. Never between factions of the
same player (1.5, No Non-player option teams), except 26July and DR under the Pact of Caracas
(card 18). Non-players never give voluntarily (8.1.2 play note:
players may give to them): an executing Non-player is never offered the verb and a Non-player is
never asked (a Non-player seat that is asked anyway may only decline).
When the sub-procedure ends, the waiting frame is asked again (its options are read from the state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine import Action
from agon.games.cuba_libre.data import DIRECTORIO, M26, NAMES, ROLES, teams
from agon.games.cuba_libre.frames import TransferAmountFrame, TransferFrame, TransferRequestFrame
from agon.games.cuba_libre.steps import DECLINE, Step, _, by_arg, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

OFFERED_AT = ("option", "op")  # the executing faction's own prompts that offer ("transfer", None)
TRANSFER = Action("transfer", None)
GIVE_TO, ASK = by_arg("give to", ROLES), by_arg("ask", ROLES)
GIVE_RESOURCES = by_arg("give resources", range(50))  # GIVE_RESOURCES[n]: n Resources (1.8: at most 49 held)
GIVE_CASH = by_arg("give cash marker", NAMES)


def mates(state: CubaLibreState, faction: int) -> tuple[int, ...]:
    if not state.options.get("no_nonplayers"):
        return (faction,)  # one faction per player: the common case, asked at every offer (hot)
    return next(t for t in teams(state.options) if faction in t)


def pact_partners(state: CubaLibreState, giver: int, receiver: int) -> bool:
    """CL card 18 (Pact of Caracas, ruling CL-E18b): while it is in effect and 26July and DR belong
    to the same player, that player may transfer between them, which 1.5 otherwise forbids."""
    return {giver, receiver} == {M26, DIRECTORIO} and state.has_cap(18)


def cash_spaces(state: CubaLibreState, giver: int, receiver: int) -> list[int]:
    """Spaces where the giver holds Cash and the receiver has a Guerrilla or cube to hold it."""
    held = sorted(state.cash_spaces(giver))
    return [s for s in held if state.has_holder(s, receiver)]


def can_give(state: CubaLibreState, giver: int, receiver: int) -> bool:
    """CL 1.5.1: giver may still transfer something to receiver on this card (`gifts` is not
    empty: Resources, or a Cash marker where the receiver can hold it, the first one found)."""
    if receiver == giver or (giver, receiver) in state.transfers:
        return False
    if state.options.get("no_nonplayers") and receiver in mates(state, giver) and not pact_partners(state, giver, receiver):
        return False
    if state.res[giver] > 0:
        return True
    for c in state.cash:
        if c >= 0 and c % 4 == giver and state.has_holder(c // 4, receiver):
            return True
    return False


def choices(state: CubaLibreState, faction: int) -> list[Action]:
    """The "transfer" frame's options for the executing faction f (empty: the verb is not offered)."""
    np = state.np
    if faction in np:
        return []  # 8.1.2: the executing Non-player never opens a transfer
    out: list[Action] = []
    one_each = not state.options.get("no_nonplayers")  # (no teams: mates() is each faction alone)
    res, transfers = state.res, state.transfers
    gives = res[faction] > 0 and one_each  # can_give(g, f, e) but for `transfers`
    for e in range(4):
        if e == faction:
            continue
        if gives:  # can_give(g, f, e), its common case without the call: only this card's transfers count
            may_give = (faction, e) not in transfers
        else:
            may_give = can_give(state, faction, e)
        if may_give:
            out.append(GIVE_TO[e])
        if e in np:
            continue  # Non-players never give voluntarily
        if (res[e] > 0 and one_each and (e, faction) not in transfers) or can_give(state, e, faction):  # (the same, e giving)
            out.append(ASK[e])
    return out


def any_choice(state: CubaLibreState, faction: int) -> bool:
    """`choices(g, f)` is not empty; stops at the first option found."""
    np = state.np
    if faction in np:
        return False
    if state.res[faction] > 0 and not state.options.get("no_nonplayers"):  # the common case: f has Resources
        transfers = state.transfers
        if not transfers:
            return True  # no transfer yet on this card: f may give to any other faction
        for e in range(4):
            if e != faction and (faction, e) not in transfers:
                return True  # can_give(g, f, e): f has not given to e on this card
    for e in range(4):
        if e != faction and (can_give(state, faction, e) or (e not in np and can_give(state, e, faction))):
            return True
    return False


def open_transfer(state: CubaLibreState, faction: int) -> None:
    state.stack.append({"step": "transfer", "faction": faction})  # (state.push, built in place)


def gifts(state: CubaLibreState, giver: int, receiver: int) -> list[Any]:
    out: list[Any] = list(GIVE_RESOURCES[1:state.res[giver] + 1])
    return out + [GIVE_CASH[s] for s in cash_spaces(state, giver, receiver)]


def give(state: CubaLibreState, giver: int, receiver: int, action: Any) -> None:
    verb, arg = action
    if verb == "give resources":
        n = min(arg, state.res[giver])
        state.gain(giver, -n)
        state.gain(receiver, n)  # 1.8: never above 49, the excess is lost
        if not state.quiet:  # (a quiet game logs nothing: its words are not built)
            state.say(_("{faction} gives {n} Resource to {other}.") if n == 1 else _("{faction} gives {n} Resources to {other}."),
                  faction=state.fname(giver), n=n, other=state.fname(receiver))
        return
    s = NAMES.index(arg)
    i = state.cash.index(s * 4 + giver)
    state.cash[i] = s * 4 + receiver
    state.say("{faction} hands a Cash marker to {other} in {space}.", faction=state.fname(giver),
          other=state.fname(receiver), space=arg)


@step("transfer")
class Transfer(Step):
    """The executing faction chooses the other faction and the direction."""

    @staticmethod
    def legal(state: CubaLibreState, frame: TransferFrame) -> list[Any]:
        return choices(state, frame["faction"])

    @staticmethod
    def apply(state: CubaLibreState, frame: TransferFrame, action: Any) -> bool:
        f, e = frame["faction"], state.faction(action[1])
        state.stack.pop()
        if action[0] == "give to":
            state.transfers = state.transfers | {(f, e)}
            state.stack.append({"step": "transfer_amount", "faction": f, "recipient": e})  # (state.push, built in place)
        else:
            state.transfers = state.transfers | {(e, f)}
            state.stack.append({"step": "transfer_request", "faction": e, "recipient": f})
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: TransferFrame) -> tuple[str, dict[str, Any]]:
        return "Negotiation: give to, or ask, which faction?", {}


@step("transfer_amount")
class TransferAmount(Step):
    """The executing faction's gift: how many Resources, or which Cash marker."""

    @staticmethod
    def legal(state: CubaLibreState, frame: TransferAmountFrame) -> list[Any]:
        return gifts(state, frame["faction"], frame["recipient"])

    @staticmethod
    def apply(state: CubaLibreState, frame: TransferAmountFrame, action: Any) -> bool:
        give(state, frame["faction"], frame["recipient"], action)
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: TransferAmountFrame) -> tuple[str, dict[str, Any]]:
        return "Give {other} how many Resources, or a Cash marker?", {"other": state.fname(frame["recipient"])}


@step("transfer_request")
class TransferRequest(Step):
    """The asked faction (frame["faction"]) gives to the executing faction frame["recipient"], or declines."""

    @staticmethod
    def legal(state: CubaLibreState, frame: TransferRequestFrame) -> list[Any]:
        if frame["faction"] in state.np:
            return [DECLINE]  # 8.1.2: Non-players never give voluntarily
        return [*gifts(state, frame["faction"], frame["recipient"]), DECLINE]

    @staticmethod
    def apply(state: CubaLibreState, frame: TransferRequestFrame, action: Any) -> bool:
        if action[0] == "decline":
            if not state.quiet:
                state.say("{faction} declines to give to {other}.", faction=state.fname(frame["faction"]), other=state.fname(frame["recipient"]))
        else:
            give(state, frame["faction"], frame["recipient"], action)
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: TransferRequestFrame) -> tuple[str, dict[str, Any]]:
        return "{other} asks you for Resources or a Cash marker: give some, or decline?", {
            "other": state.fname(frame["recipient"])}
