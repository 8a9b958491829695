"""The seeded random generator that lives in every game state.

SplitMix64: its whole state is one 64-bit integer, so `clone()` is free and a game replays
exactly from its seed. `draws` counts how many numbers were taken; the engine reads it to know
that an action used randomness (which ends what undo may take back).
"""

from __future__ import annotations

import sys
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
# up to this many items a shuffle draws one number at a time (the lanes cost more to set up); the
# lanes are read as the machine's 64-bit words, so a big-endian machine always draws one at a time
_FEW = 8 if sys.byteorder == "little" else 1 << 62
_LANE_CACHE: dict[int, tuple[int, int, int, tuple[tuple[int, int], ...]]] = {}


def _lanes(m: int) -> tuple[int, int, int, tuple[tuple[int, int], ...]]:
    """The constants of a shuffle in lanes with m draws (`Rng._shuffle_in_lanes`): 1 in each lane;
    (k + 1) * golden in lane k; a 64-bit mask in each lane; and, for each bit of the factors
    m + 1 - k, (the bit, the masks of the lanes whose factor has it, shifted by it). Kept per m
    (decks come in a few sizes)."""
    constants = _LANE_CACHE.get(m)
    if constants is None:
        repeat = sum(1 << (128 * k) for k in range(m))
        steps = sum((k + 1) * _GOLDEN << (128 * k) for k in range(m))
        factor_bits = tuple(
            (bit, sum(_MASK << (128 * k) for k in range(m) if (m + 1 - k) >> bit & 1) << bit)
            for bit in range((m + 1).bit_length()))
        constants = (repeat, steps, repeat * _MASK, factor_bits)
        if len(_LANE_CACHE) < 512:
            _LANE_CACHE[m] = constants
    return constants


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
        """Fisher-Yates, in place: for i from the end down, swap items i and `below(i + 1)`. A
        longer list takes all its draws at once, in lanes of one big integer (`_lanes`): the same
        numbers, a third of the time for a 52-card deck (issue 15)."""
        n = len(items)
        if n > _FEW:
            self._shuffle_in_lanes(items, n - 1)
            return
        z0 = self.state
        for i in range(n - 1, 0, -1):  # below(i + 1), inlined
            z0 = z = (z0 + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z0
        if n > 1:
            self.draws += n - 1

    def _shuffle_in_lanes(self, items: MutableSequence[T], m: int) -> None:
        """`shuffle` of m + 1 items: the m draws of SplitMix64 computed side by side. Lane k of a
        big integer (bits 128k to 128k + 127) holds the state of draw k + 1; each step of the mix
        is then one operation on the whole integer, masked back to 64 bits a lane so that nothing
        spills into the next lane. Draw k + 1 takes `below(m + 1 - k)`, the top 64 bits of
        z * (m + 1 - k): that product is built lane by lane from shifts of z by the factor's bits,
        and the swap positions are read out of the lanes' upper halves."""
        repeat, steps, mask, factor_bits = _lanes(m)
        z = (self.state * repeat + steps) & mask  # state + (k + 1) * golden, per lane
        last = z >> (128 * (m - 1))
        z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
        z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
        z = (z ^ (z >> 31)) & mask
        product = 0
        for bit, lanes_with_bit in factor_bits:
            product += (z << bit) & lanes_with_bit
        swaps = memoryview(product.to_bytes(16 * m, "little")).cast("Q")[1::2]
        i = m
        for j in swaps:
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = last
        self.draws += m

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """A new, independent generator seeded from this one (for search, bots, determinize)."""
        return Rng(self.next64())
