"""High Card: a tiny hidden-information game that exercises the engine contract.

Nine cards 1..9 are shuffled; each player gets two, hidden. On a turn the player first names a
bet of 1..3 (private, may be undone), then plays a card face up (revealed: no undo past it).
After four cards, the higher total wins; a tie is shared.
"""

from __future__ import annotations

from typing import Any

from agon.engine import Action, Game, Result, State, register
from agon.engine.rng import Rng

ROLES = ["north", "south"]


class HighCardState(State):
    def _setup(self) -> None:
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.hands = {"north": [deck.pop(), deck.pop()], "south": [deck.pop(), deck.pop()]}
        self.deck = deck
        self.played: dict[str, list[int]] = {"north": [], "south": []}
        self.bets: dict[str, int] = {"north": 0, "south": 0}
        self.turn = 0
        self.stage = "bet"

    def _active(self) -> list[str]:
        return [] if self.turn >= 4 else [ROLES[self.turn % 2]]

    def _legal(self, role: str) -> list[Action]:
        if self.stage == "bet":
            return [Action("bet", n) for n in (1, 2, 3)]
        return [Action("card", c) for c in sorted(self.hands[role])]

    def _apply(self, role: str, action: Action) -> None:
        if action.verb == "bet":
            self.bets[role] += action.arg
            self.say("{role} bets {n}", to=role, role=role, n=action.arg)
            self.stage = "card"
            return
        self.hands[role].remove(action.arg)
        self.played[role].append(action.arg)
        self.reveal()
        self.say("{role} plays {card}", role=role, card=action.arg)
        self.turn += 1
        self.stage = "bet"

    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]:
        return ("{role}: choose a bet" if self.stage == "bet" else "{role}: play a card"), {"role": role}

    def _view(self, role: str | None) -> dict[str, Any]:
        return {
            "hands": {r: (list(self.hands[r]) if r == role else len(self.hands[r])) for r in ROLES},
            "played": {r: list(self.played[r]) for r in ROLES},
            "deck": len(self.deck),
            "bet": self.bets[role] if role in ROLES else None,
        }

    def _result(self) -> Result | None:
        if self.turn < 4:
            return None
        scores = {r: sum(self.played[r]) for r in ROLES}
        best = max(scores.values())
        return Result.from_dict({"winners": [r for r in ROLES if scores[r] == best], "scores": scores, "reason": "totals"})

    def _copy_into(self, twin: State) -> None:
        twin.hands = {r: list(h) for r, h in self.hands.items()}
        twin.deck = list(self.deck)
        twin.played = {r: list(p) for r, p in self.played.items()}
        twin.bets = dict(self.bets)

    def _determinize(self, role: str, rng: Rng) -> None:
        others = [r for r in ROLES if r != role]
        pool = list(self.deck)
        for r in others:
            pool += self.hands[r]
        rng.shuffle(pool)
        for r in others:
            n = len(self.hands[r])
            self.hands[r], pool = pool[:n], pool[n:]
        self.deck = pool

    def check_invariants(self) -> None:
        cards = self.deck + [c for r in ROLES for c in self.hands[r] + self.played[r]]
        assert sorted(cards) == list(range(1, 10)), cards


class HighCard(Game):
    id = "high-card"
    title = "High Card (engine test game)"
    state_class = HighCardState

    def roles(self, **options: Any) -> list[str]:
        return list(ROLES)


GAME = HighCard()
register(GAME)
