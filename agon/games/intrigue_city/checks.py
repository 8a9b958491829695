"""Intrigue City: invariants checked after every fuzzed action, and determinization for search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agon.engine.rng import RandomSource
from agon.games.intrigue_city.data import BANK, TRACK
from agon.games.intrigue_city.effects import influences, value_total

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.intrigue_city.rules import IntrigueState


def determinize(s: IntrigueState, me: int, rng: RandomSource) -> None:
    """Resample what player `me` cannot see: the order of their own face-down Guild Power deck (setup
    2.4.4: shuffled, drawn from the top, IC-8.2), other players' Guild Power cards (deck, drawn,
    discarded, face-down votes), the Neutral deck, and in the 2-player game the other hand with the box."""
    s.pile = list(s.pile)
    s.decks = list(s.decks)
    for q in range(s.n):
        if q == me:
            own = sorted(s.decks[q])  # the cards left are known, their order is not
            rng.shuffle(own)
            s.decks[q] = own
            continue
        mine = [i for i, (p, _card, _era) in enumerate(s.pile) if p == q]
        pool = sorted(s.decks[q] + s.drawn[q] + s.discards[q] + [s.pile[i][1] for i in mine])
        rng.shuffle(pool)  # sorted first: the sample depends on the hidden cards, not their order
        k = len(s.decks[q])
        s.decks[q], pool = pool[:k], pool[k:]
        k = len(s.drawn[q])
        s.drawn[q], pool = pool[:k], pool[k:]
        k = len(s.discards[q])
        s.discards[q], pool = pool[:k], pool[k:]
        for i, c in zip(mine, pool, strict=True):
            s.pile[i] = (q, c, s.pile[i][2])  # (the era it was cast in is public)
        if s.votes[q] is not None:  # IC-8.2 / IC-V.4: a vote cast but not yet revealed, blank or not
            s.votes = list(s.votes)
            blank = s.options["blank_vote"] and not s.blank_used[q]
            k = rng.below(len(s.drawn[q]) + blank)
            s.votes[q] = -1 if k == len(s.drawn[q]) else k
    s.neutral = sorted(s.neutral)
    rng.shuffle(s.neutral)
    if s.n == 2:
        q = 1 - me
        cards = sorted(s.hands[q] + list(s.box))
        rng.shuffle(cards)
        k = len(s.hands[q])
        s.hands[q], s.box = cards[:k], cards[k:]


def check_invariants(s: IntrigueState) -> None:
    """Cubes conserved (IC-2.3), IC-2.7 on every board, tracks in range, cards and pawns accounted for."""
    n, cu = s.n, s.cu
    assert s.bank_total == BANK or s.options["unlimited_bank"]
    for v in (1, 2, 3):
        on_boards = sum(value_total(cu, p * 18, v) for p in range(n))
        assert on_boards + s.bank[v - 1] == s.bank_total[v - 1], f"cubes of value {v} not conserved"
        assert s.bank[v - 1] >= 0
    assert min(cu) >= 0, "negative cube count"
    assert s._inf == influences(cu, n), "the kept influences differ from the cubes"
    assert s._occupied == sum(1 << i for i, o in enumerate(s.occ) if o), "the kept occupied cards differ from occ"
    if s.phase != "setup":
        for p in range(n):
            for v in (1, 2, 3):
                assert value_total(cu, p * 18, v) >= 1, f"IC-2.7: {s.roles[p]} has no cube of value {v}"
    assert all(0 <= x <= 99 for x in s.pos), "intrigue off the track"
    assert all(e >= 0 for e in s.eq)
    assert len(set(zip(s.pos, s.arr, strict=True))) == n, "two markers in one stack place"
    assert all(1 <= x <= 20 for x in s.power), "guild power off the track"
    assert all(0 <= f <= 2 for f in s.fav)
    for g in range(6):
        assert sum(1 for p in range(n) if s.fav[p * 6 + g]) <= 5, "more Favour cards than exist"
    assert 0 <= s.tpos <= len(TRACK)
    placed = sum(len(o) for o in s.occ)
    assert placed == 2 * n - sum(s.pawns), "pawns on cards and in hand disagree"
    for p in range(n):
        held = len(s.decks[p]) + len(s.drawn[p]) + len(s.discards[p])
        held += sum(1 for q, _card, _era in s.pile if q == p) + sum(1 for q, _ in s.shown if q == p)
        assert held == 12, f"{s.roles[p]}'s Guild Power cards: {held}, not 12"
    cards = [*s.board, *s.box, *s.used_hand, *(c for h in s.hands for c in h)]
    assert len(cards) == len(set(cards)), "an action card is in two places"
    if s.phase == "over" or s.winner is not None:
        assert not s.act
