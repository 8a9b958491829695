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


def hide_next(g: CubaLibreState) -> bool:
    return bool(g.options.get("no_reveal"))


def order_card(g: CubaLibreState) -> int:
    """The card whose faction symbols order the current card (2.3.2 / 2.3.1 Options A-B)."""
    if g.options.get("eligibility", "standard") == "standard":
        return g.current
    if g.next_card >= 0 and CARDS[g.next_card]["type"] == "event":
        g.peek = 0
        return g.next_card
    for depth, c in enumerate(reversed(g.deck), start=1):
        if CARDS[c]["type"] == "event":
            g.peek = max(g.peek, depth)  # the cards turned up on the way (and this one) are seen
            return c
    g.peek = len(g.deck)
    for c in reversed([g.current, *g.played]):
        if c in ORDER:
            return c
    return g.current


def executed_makes_ineligible(g: CubaLibreState) -> bool:
    return g.options.get("eligibility", "standard") != "B"


def unknown_positions(g: CubaLibreState) -> list[int]:
    """Positions (in deck order, next card at len(deck)) that nobody has seen."""
    out = list(range(len(g.deck) - g.peek))
    if hide_next(g) and g.next_card >= 0:
        out.append(len(g.deck))
    return out


def seen_top(g: CubaLibreState) -> list[int]:
    return list(reversed(g.deck[len(g.deck) - g.peek:])) if g.peek else []
