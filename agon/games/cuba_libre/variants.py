"""Optional rules of the 1st edition kept by the Greek seed: No Reveal (2.2) and Eligibility
Options A and B (2.3.1). Options: no_reveal (bool), eligibility ("standard" | "A" | "B").

- No Reveal: the next card stays face down (views hide it; determinize resamples it) and the Final
  Event card restriction (2.3.9) is ignored.
- Option A: the faction order of the current card is taken from the first Event card on top of the
  draw deck (revealing Propaganda cards on the way, which stay known); if none is left, from the
  most recent Event card played.
- Option B: Option A's order, and executing an Op or Event no longer makes a faction Ineligible
  (only Event texts do).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agon.games.cuba_libre.data import CARDS, ORDER

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState


def hide_next(state: CubaLibreState) -> bool:
    return bool(state.options.get("no_reveal"))


def order_card(state: CubaLibreState) -> int:
    """The card whose faction symbols order the current card (2.3.2 / 2.3.1 Options A-B)."""
    if state.options.get("eligibility", "standard") == "standard":
        return state.current
    if state.next_card >= 0 and CARDS[state.next_card]["type"] == "event":
        state.peek = 0
        return state.next_card
    for depth, c in enumerate(reversed(state.deck), start=1):
        if CARDS[c]["type"] == "event":
            state.peek = max(state.peek, depth)  # the cards turned up on the way (and this one) are seen
            return c
    state.peek = len(state.deck)
    for c in reversed([state.current, *state.played]):
        if c in ORDER:
            return c
    return state.current


def executed_makes_ineligible(state: CubaLibreState) -> bool:
    return state.options.get("eligibility", "standard") != "B"


def unknown_positions(state: CubaLibreState) -> list[int]:
    """Positions (in deck order, next card at len(deck)) that nobody has seen."""
    out = list(range(len(state.deck) - state.peek))
    if hide_next(state) and state.next_card >= 0:
        out.append(len(state.deck))
    return out


def seen_top(state: CubaLibreState) -> list[int]:
    return list(reversed(state.deck[len(state.deck) - state.peek:])) if state.peek else []
