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


def setup(g: CubaLibreState) -> None:
    g.dec_hand = [[] for _ in range(4)]
    g.dec_shown = [[] for _ in range(4)]
    g.dec_aside = []
    if not g.options.get("deception"):
        return
    pool = list(MIX)
    g.rng.shuffle(pool)
    for f in range(4):
        if g.is_player(f):
            g.dec_hand[f] = [pool.pop(), pool.pop()]
            g.say("You drew the Deception markers {a} and {b}.", to=ROLES[f], a=g.dec_hand[f][0], b=g.dec_hand[f][1])
    g.dec_aside = pool


def has_asset(g: CubaLibreState, f: int) -> bool:
    return "hidden asset" in g.dec_hand[f]


def use_asset(g: CubaLibreState, f: int) -> None:
    g.dec_hand[f].remove("hidden asset")
    g.dec_shown[f].append("hidden asset")
    g.reveal()
    g.say("{faction} reveals a Hidden Asset: a full Operation with a Special Activity.", faction=g.fname(f))


def agenda_bonus(g: CubaLibreState, f: int) -> int:
    return (g.dec_hand[f] + g.dec_shown[f]).count("hidden agenda")


def reveal_all(g: CubaLibreState) -> None:
    for f in range(4):
        g.dec_shown[f] = g.dec_shown[f] + g.dec_hand[f]
        g.dec_hand[f] = []


def view(g: CubaLibreState, role: str | None) -> dict[str, Any]:
    out = {}
    for f in range(4):
        entry: dict[str, Any] = {"hidden": len(g.dec_hand[f]), "revealed": list(g.dec_shown[f])}
        if role == ROLES[f]:
            entry["mine"] = list(g.dec_hand[f])
        out[ROLES[f]] = entry
    return out


def determinize(g: CubaLibreState, role: str, rng: RandomSource) -> None:
    """Other players' unrevealed markers and the set-aside ones are unknown to `role`."""
    me = ROLES.index(role)
    others = [f for f in range(4) if f != me]
    pool = sorted([m for f in others for m in g.dec_hand[f]] + g.dec_aside)
    rng.shuffle(pool)  # sorted first: the sample depends on the hidden markers, not their order
    for f in others:
        n = len(g.dec_hand[f])
        g.dec_hand[f], pool = pool[:n], pool[n:]
    g.dec_aside = pool


def check(g: CubaLibreState) -> None:
    if g.options.get("deception"):
        total = sum(len(h) for h in g.dec_hand) + sum(len(s) for s in g.dec_shown) + len(g.dec_aside)
        assert total == len(MIX), f"{total} Deception markers"
