"""Little Tricks: agon's example of a game made outside agon, against the documented contract only
(docs/implementing-a-game.md). Three suits of five cards; 2 or 3 players are dealt 4 cards each, a
turned-up card names trumps, each player bids the tricks they will take, and four tricks are played:
follow suit if you can, the highest trump or else the highest card of the suit led takes the trick;
a trick scores 1 and an exact bid 5 more (rules.md).

Rule ids in comments: LT 2 (set-up), LT 3 (bids), LT 4 (play), LT 5 (end), as the sections of
rules.md. Each decision is a named point (`phase`: "bid" or "play") with its own prompt.
"""

from __future__ import annotations

from typing import Any

from agon.engine import Action, Game, OptionSpec, Result, State, Text, msg
from agon.engine.domain import each
from agon.engine.position import PositionCodec
from agon.engine.rng import RandomSource

SUITS = ("moons", "stars", "suns")
RANKS = (1, 2, 3, 4, 5)
DECK = tuple(f"{suit}-{rank}" for suit in SUITS for rank in RANKS)
HAND = 4  # LT 2: cards dealt to each player, and so tricks played
EXACT_BID = 5  # LT 5: the bonus for taking exactly the tricks bid
BID, PLAY = "bid", "play"


def suit_of(card: str) -> str:
    return card.partition("-")[0]


def rank_of(card: str) -> int:
    return int(card.partition("-")[2])


def card_name(card: str) -> Text:
    return msg("{rank} of {suit}", rank=rank_of(card), suit=suit_of(card).capitalize())


class TricksState(State):
    """One position: the hands, the deck, the bids, the trick on the table and the tricks taken.
    Each decision is asked of `turn`: a bid while `phase` is "bid", then a card to play."""

    __slots__ = ("bids", "deck", "hands", "leader", "phase", "taken", "trick", "trump", "turn", "turned_up")
    bids: dict[str, int | None]
    phase: str
    hands: dict[str, list[str]]
    deck: list[str]
    turned_up: str | None
    trump: str | None
    trick: list[tuple[str, str]]
    leader: str
    turn: str
    taken: dict[str, int]

    def _roles(self) -> list[str]:
        return self.game.roles(**self.options)

    def _setup(self) -> None:  # LT 2
        roles = self._roles()
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = {role: sorted(deck[i * HAND:(i + 1) * HAND]) for i, role in enumerate(roles)}
        deck = deck[len(roles) * HAND:]
        self.turned_up = deck.pop() if self.options["trumps"] else None
        self.trump = suit_of(self.turned_up) if self.turned_up else None
        self.deck = deck
        self.trick = []
        self.leader = self.turn = roles[0]
        self.taken = dict.fromkeys(roles, 0)
        self.bids = dict.fromkeys(roles)
        self.phase = BID
        if self.turned_up:
            self.say("{card} is turned up: {suit} are trumps", card=card_name(self.turned_up),
                     suit=self.trump.capitalize())
        for role in roles:
            self.say("you are dealt {cards}", to=role, cards=", ".join(self.hands[role]))

    def _over(self) -> bool:
        return self.phase == PLAY and not self.trick and all(not hand for hand in self.hands.values())

    def _active(self) -> list[str]:
        return [] if self._over() else [self.turn]

    def _legal(self, role: str) -> list[Action]:
        if self.phase == BID:  # LT 3: any number of tricks from none to all
            return [Action(BID, n) for n in range(HAND + 1)]
        hand = self.hands[role]
        if self.trick:  # LT 4: follow the suit led if you can
            led = suit_of(self.trick[0][1])
            following = [card for card in hand if suit_of(card) == led]
            hand = following or hand
        return [Action(PLAY, card) for card in hand]

    def _apply(self, role: str, action: Action) -> None:
        roles = self._roles()
        if self.phase == BID:  # LT 3: in turn from player 1, then player 1 leads
            self.bids[role] = action.arg
            self.say("{role} bids {n}", role=role, n=action.arg)
            if role == roles[-1]:
                self.phase = PLAY
            self.turn = roles[(roles.index(role) + 1) % len(roles)]
            return None
        card = action.arg
        self.hands[role].remove(card)
        self.trick.append((role, card))
        self.say("{role} plays {card}", role=role, card=card_name(card))
        if len(self.trick) < len(roles):
            self.turn = roles[(roles.index(role) + 1) % len(roles)]
            return None
        winner = self._trick_winner()
        self.taken[winner] += 1
        self.say("{role} takes the trick", role=winner)
        self.trick = []
        self.leader = self.turn = winner  # LT 4: who takes a trick leads the next
        return None

    def _trick_winner(self) -> str:  # LT 4
        led = suit_of(self.trick[0][1])
        trumps = [(rank_of(card), role) for role, card in self.trick if suit_of(card) == self.trump]
        if trumps:
            return max(trumps)[1]
        return max((rank_of(card), role) for role, card in self.trick if suit_of(card) == led)[1]

    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]:
        if self.phase == BID:
            return "{role}: bid the tricks you will take", {"role": role}
        if self.trick:
            return "{role}: play a card (follow {suit} if you can)", {"role": role,
                                                                     "suit": suit_of(self.trick[0][1]).capitalize()}
        return "{role}: lead a card", {"role": role}

    def _view(self, role: str | None) -> dict[str, Any]:
        return {
            "hands": {r: (list(hand) if r == role else len(hand)) for r, hand in self.hands.items()},
            "deck": len(self.deck),
            "turned_up": self.turned_up,
            "trump": self.trump,
            "trick": [{"role": r, "card": card} for r, card in self.trick],
            "phase": self.phase,
            "bids": dict(self.bids),
            "leader": self.leader,
            "taken": dict(self.taken),
        }

    def _result(self) -> Result | None:  # LT 5
        if not self._over():
            return None
        scores = {role: n + (EXACT_BID if self.bids[role] == n else 0) for role, n in self.taken.items()}
        best = max(scores.values())
        return Result.from_dict({"winners": [role for role, n in scores.items() if n == best], "scores": scores,
                                 "reason": "the highest score", "tricks": dict(self.taken)})

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, TricksState)
        twin.hands = {role: list(hand) for role, hand in self.hands.items()}
        twin.deck = list(self.deck)
        twin.trick = list(self.trick)
        twin.taken = dict(self.taken)
        twin.bids = dict(self.bids)

    def _determinize(self, role: str, rng: RandomSource) -> None:
        """The other hands and the deck dealt again from what `role` has not seen, same sizes."""
        others = [r for r in self.hands if r != role]
        # sorted first: the sample depends on what `role` knows only, not on where the cards were
        pool = sorted([*self.deck, *(card for r in others for card in self.hands[r])])
        rng.shuffle(pool)
        for r in others:
            size = len(self.hands[r])
            self.hands[r], pool = sorted(pool[:size]), pool[size:]
        self.deck = pool

    def label(self, action: Action) -> Text:
        if action.verb == BID:
            return msg("bid {n}", n=action.arg)
        return card_name(action.arg)

    def check_invariants(self) -> None:
        cards = [*self.deck, *(c for hand in self.hands.values() for c in hand), *(c for _, c in self.trick)]
        if self.turned_up:
            cards.append(self.turned_up)
        assert len(cards) == len(set(cards)), cards
        played = len(self._roles()) * HAND - sum(len(hand) for hand in self.hands.values()) - len(self.trick)
        assert played == len(self._roles()) * sum(self.taken.values()), (played, self.taken)
        assert (self.phase == BID) == (None in self.bids.values()), (self.phase, self.bids)


class LittleTricks(Game):
    id = "little-tricks"
    title = "Little Tricks"
    state_class = TricksState

    def roles(self, **options: Any) -> list[str]:
        return [f"p{n}" for n in range(1, options.get("players", 2) + 1)]

    def option_specs(self) -> list[OptionSpec]:
        return [OptionSpec("players", "int", default=2, choices=(2, 3), help="number of players"),
                OptionSpec("trumps", "bool", default=True, help="a turned-up card names trumps (LT 2)")]

    def sample_options(self) -> list[dict[str, Any]]:
        return [{}, {"players": 3}, {"players": 3, "trumps": False}]

    def position_codec(self) -> PositionCodec:
        from little_tricks.position import CODEC

        return CODEC

    def action_domain(self) -> list[Action]:
        return [*each(BID, range(HAND + 1)), *each(PLAY, DECK)]

    def cards(self) -> list[dict[str, Any]]:
        return [{"id": card, "name": f"{rank_of(card)} of {suit_of(card).capitalize()}",
                 "short": f"{suit_of(card).capitalize()}, rank {rank_of(card)}",
                 "text": "a card of the suit " + suit_of(card).capitalize()} for card in DECK]

    def terms(self) -> list[str]:
        return [suit.capitalize() for suit in SUITS]


GAME = LittleTricks()
