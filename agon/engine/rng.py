"""The seeded random generator that lives in every game state.

SplitMix64: its whole state is one 64-bit integer, so `clone()` is free and a game replays
exactly from its seed. `draws` counts how many numbers were taken; the engine reads it to know
that an action used randomness (which ends what undo may take back).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("draws", "state")

    def __init__(self, seed: int = 0) -> None:
        self.state = (int(seed) * 0xD1B54A32D192ED03 + 0x2545F4914F6CDD1D) & _MASK
        self.draws = 0

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        twin.draws = self.draws
        return twin

    def next64(self) -> int:
        self.draws += 1
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (the top bits of n * next64(): one draw, no rejection)."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        self.draws += 1  # next64, inlined: the games' hottest call
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in low..high, both included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place (`below(i + 1)` for i from the end down, inlined)."""
        z0 = self.state
        n = len(items)
        for i in range(n - 1, 0, -1):
            z0 = z = (z0 + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z0
        if n > 1:
            self.draws += n - 1

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """A new, independent generator seeded from this one (for search, bots, determinize)."""
        return Rng(self.next64())
