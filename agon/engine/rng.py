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
_Lanes = tuple[int, int, int, tuple[tuple[int, int], ...]]
_BASE: list[tuple[int, _Lanes]] = []  # (how many lanes, their constants): the most built so far (`_lanes`)
_LANE_CACHE: dict[int, _Lanes] = {}


def _lanes(m: int) -> _Lanes:
    """The constants of a shuffle in m lanes (`Rng._shuffle_in_lanes`), lane L holding the draw
    that swaps item L + 1: 1 in each lane; a large offset less L * golden in lane L (the offset,
    far above the 64 bits that count, keeps every lane positive, so that nothing borrows from the
    next); a 64-bit mask in each lane; and, for each bit of the factors L + 2, (the bit, the
    masks of the lanes whose factor has it, shifted by it). A lane's constants do not depend on
    m, so those for m lanes are the low lanes of those built once for more (kept per m: decks
    come in a few sizes)."""
    constants = _LANE_CACHE.get(m)
    if constants is None:
        if not _BASE or _BASE[0][0] < m:
            count = max(128, 1 << (m - 1).bit_length())
            _BASE[:] = [(count, _lane_constants(count))]
        repeat, down, full, factor_bits = _BASE[0][1]
        low = (1 << (128 * m)) - 1
        constants = (repeat & low, down & low, full & low,
                     tuple((bit, (lanes & low) << bit) for bit, lanes in factor_bits[:(m + 1).bit_length()]))
        if len(_LANE_CACHE) < 512:
            _LANE_CACHE[m] = constants
    return constants


def _lane_constants(count: int) -> _Lanes:
    """`_lanes` for `count` lanes, built from bytes lane by lane (a sum of shifted big integers
    costs `count` times more)."""
    offset = 1 << (66 + count.bit_length())
    one, full, empty = (1).to_bytes(16, "little"), _MASK.to_bytes(16, "little"), bytes(16)
    down = b"".join((offset - lane * _GOLDEN).to_bytes(16, "little") for lane in range(count))
    factor_bits = tuple(
        (bit, int.from_bytes(b"".join(full if (lane + 2) >> bit & 1 else empty for lane in range(count)), "little"))
        for bit in range((count + 1).bit_length()))
    return (int.from_bytes(one * count, "little"), int.from_bytes(down, "little"),
            int.from_bytes(full * count, "little"), factor_bits)


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
        """1 + below(sides), inlined: the games roll at every check and battle."""
        if sides <= 0:
            raise ValueError(f"die({sides}): a die has at least one side")
        self.draws += 1
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return 1 + (((z ^ (z >> 31)) * sides) >> 64)

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
        """`shuffle` of m + 1 items: the m draws of SplitMix64 computed side by side. Lane L of a
        big integer (bits 128L to 128L + 127) holds the state of the draw that swaps item L + 1,
        the (m - L)th; each step of the mix is then one operation on the whole integer, masked
        back to 64 bits a lane so that nothing spills into the next lane. That draw takes
        `below(L + 2)`, the top 64 bits of z * (L + 2): the product is built lane by lane from
        shifts of z by the factor's bits, and the swaps are read out of the lanes' upper halves,
        from the top lane down."""
        repeat, down, mask, factor_bits = _lanes(m)
        z = ((self.state + m * _GOLDEN) * repeat + down) & mask  # state + (m - L) * golden in lane L
        last = z & _MASK  # lane 0 holds the last draw
        z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
        z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
        z = (z ^ (z >> 31)) & mask
        product = 0
        for bit, lanes_with_bit in factor_bits:
            product += (z << bit) & lanes_with_bit
        i = m
        for j in memoryview(product.to_bytes(16 * m, "little")).cast("Q")[::-2]:  # upper halves, lane m - 1 first
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
