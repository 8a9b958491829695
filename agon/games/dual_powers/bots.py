"""The Opposition's procedure (S5, S8.1) as a bot for any seat: it plays through the same prompts.

It never moves or refreshes; it recruits one unit worth the card's recruit value (or the strongest
that fits) into the card's district, sends leaders to the Unrest district, spends extra actions on
a unit in the Unrest district and always counts the Unrest district. Cards it plays are its own
generator's picks (the top of a face-down stack); as its objective it keeps its highest-VP card.
"""

from __future__ import annotations

from typing import Any

from agon.engine import Action, State
from agon.engine.rng import Rng
from agon.games.dual_powers.data import CARD_REC, CARD_VP, DISTRICTS, FRESH


class OppositionBot:
    """A rulebook-style policy after the solo Opposition; usable in any Dual Powers seat."""

    name = "opposition"

    def __init__(self, game_id: str = "dual-powers", seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, role: str) -> Action:
        legal = [a for a in state.legal_actions(role) if a.verb != "undo"]
        if not legal:
            raise ValueError(f"{role} has no legal action")
        s: Any = state
        verbs = {a.verb: a for a in legal}
        phase = s.phase
        if phase == "objective":
            return max(legal, key=lambda a: (CARD_VP[a.arg], -a.arg))
        if phase == "play":
            return legal[self.rng.below(len(legal))]
        if phase == "command":
            return verbs.get("recruit", verbs["pass"])
        if phase == "recruit":
            units = [a for a in legal if a.verb == "unit"]
            if not units:
                return verbs["done"]
            exact = [a for a in units if FRESH[a.arg] == CARD_REC[s.card]]
            return exact[0] if exact else max(units, key=lambda a: FRESH[a.arg])
        if phase == "leader":
            return verbs.get("leader_recruit", verbs["done"])
        if phase in ("place_leader", "xplace"):
            return Action("district", DISTRICTS[s.unrest])
        if phase == "extra":
            return Action("extra", "recruit") if Action("extra", "recruit") in legal else verbs.get("pass", legal[0])
        if phase == "xrecruit":
            return max(legal, key=lambda a: FRESH[a.arg])
        if phase == "unrest":
            return Action("unrest", "objective")
        return legal[0]
