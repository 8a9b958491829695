"""Victory Deception option (CL 7.3, 3- or 4-player games): 2 blind markers per player.

Empty Threat: no effect (shown at the end). Hidden Agenda: +1 to the player's victory margin
(counted in the final ranking, 7.1/7.3; never in the 7.2 conditions). Hidden Asset: turns one
LimOp option (2nd Eligible after an Op only, or the Final Event card) into a full Op with a
Special Activity. The mix of the 12 markers is not in any source (ruling CL-R6): 4 of each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine.rng import RandomSource
from agon.games.cuba_libre.data import ROLES

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

MIX = ("empty threat",) * 4 + ("hidden agenda",) * 4 + ("hidden asset",) * 4


def setup(state: CubaLibreState) -> None:
    state.dec_hand = [[] for _ in range(4)]
    state.dec_shown = [[] for _ in range(4)]
    state.dec_aside = []
    if not state.options.get("deception"):
        return
    pool = list(MIX)
    state.rng.shuffle(pool)
    for f in range(4):
        if state.is_player(f):
            state.dec_hand[f] = [pool.pop(), pool.pop()]
            state.say("You drew the Deception markers {a} and {b}.", to=ROLES[f], a=state.dec_hand[f][0], b=state.dec_hand[f][1])
    state.dec_aside = pool


def has_asset(state: CubaLibreState, faction: int) -> bool:
    return "hidden asset" in state.dec_hand[faction]


def use_asset(state: CubaLibreState, faction: int) -> None:
    state.dec_hand[faction].remove("hidden asset")
    state.dec_shown[faction].append("hidden asset")
    state.reveal()
    state.say("{faction} reveals a Hidden Asset: a full Operation with a Special Activity.", faction=state.fname(faction))


def agenda_bonus(state: CubaLibreState, faction: int) -> int:
    return (state.dec_hand[faction] + state.dec_shown[faction]).count("hidden agenda")


def reveal_all(state: CubaLibreState) -> None:
    for f in range(4):
        state.dec_shown[f] = state.dec_shown[f] + state.dec_hand[f]
        state.dec_hand[f] = []


def view(state: CubaLibreState, role: str | None) -> dict[str, Any]:
    out = {}
    for f in range(4):
        entry: dict[str, Any] = {"hidden": len(state.dec_hand[f]), "revealed": list(state.dec_shown[f])}
        if role == ROLES[f]:
            entry["mine"] = list(state.dec_hand[f])
        out[ROLES[f]] = entry
    return out


def determinize(state: CubaLibreState, role: str, rng: RandomSource) -> None:
    """Other players' unrevealed markers and the set-aside ones are unknown to `role`."""
    me = ROLES.index(role)
    others = [f for f in range(4) if f != me]
    pool = sorted([m for f in others for m in state.dec_hand[f]] + state.dec_aside)
    rng.shuffle(pool)  # sorted first: the sample depends on the hidden markers, not their order
    for f in others:
        n = len(state.dec_hand[f])
        state.dec_hand[f], pool = pool[:n], pool[n:]
    state.dec_aside = pool


def check(state: CubaLibreState) -> None:
    if state.options.get("deception"):
        total = sum(len(h) for h in state.dec_hand) + sum(len(s) for s in state.dec_shown) + len(state.dec_aside)
        assert total == len(MIX), f"{total} Deception markers"
