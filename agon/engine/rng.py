"""The seeded random generators that live in game states (`RandomSource`, the API both share).

`Rng`, SplitMix64: its whole state is one 64-bit integer, so `clone()` is free and a game replays
exactly from its seed; the machines' generator (bench, fuzz, tournaments, search). Its outputs give
its state away (the finalizer is a bijection: one output is the state), so whoever sees a few of
its numbers can compute all the others: a game whose hidden cards it deals is not secret from a
player who searches the seeds (issue 29).

`KeyedRng`: BLAKE2b keyed with the seed, in counter mode; its outputs say nothing of the key or of
what comes next, so a match with a secret seed (`new_secret_seed`) keeps its deal secret, and it
still replays exactly from that seed. The server's matches and `agon play` without `--seed` use it.

Both count in `draws` how many numbers were taken; the engine reads it to know that an action
used randomness (which ends what undo may take back).
"""

from __future__ import annotations

import hashlib
import secrets
import struct
import sys
from abc import ABC, abstractmethod
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


class RandomSource(ABC):
    """What a game may ask of its generator: `Rng` and `KeyedRng` both give it (type hints say
    `RandomSource` where either will do). A generator is deterministic from its seed; `clone()`
    continues identically; `draws` counts the numbers taken; `state` is an int that says where in
    its stream the generator is (the engine hashes it in `State.digest`)."""

    __slots__ = ()
    draws: int

    @property
    @abstractmethod
    def state(self) -> int:
        """Where in its stream the generator is. Abstract: `Rng` keeps it in a slot of the same name
        (a slot in the subclass is a data descriptor that takes the property's place, so reads cost
        what they did), `KeyedRng` works it out from its position."""

    @abstractmethod
    def next64(self) -> int:
        """A uniform 64-bit integer."""

    @abstractmethod
    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (the top bits of n * next64(): one draw, no rejection)."""

    @abstractmethod
    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: for i from the end down, swap items i and `below(i + 1)`."""

    @abstractmethod
    def clone(self) -> RandomSource:
        """A generator that continues exactly as this one would."""

    @abstractmethod
    def fork(self) -> RandomSource:
        """A new, independent generator seeded from this one."""

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in low..high, both included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        """A roll of a die with `sides` sides: 1 + below(sides)."""
        if sides <= 0:
            raise ValueError(f"die({sides}): a die has at least one side")
        return 1 + self.below(sides)

    def random(self) -> float:
        """A float in [0, 1), from the top 53 bits of one draw."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]


class Rng(RandomSource):
    __slots__ = ("draws", "state")
    state: int  # (a slot in place of the base's read-only property)

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

    def die(self, sides: int = 6) -> int:
        """1 + below(sides), inlined: the games roll at every check and battle."""
        if sides <= 0:
            raise ValueError(f"die({sides}): a die has at least one side")
        self.draws += 1
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return 1 + (((z ^ (z >> 31)) * sides) >> 64)

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

    def fork(self) -> Rng:
        """A new, independent generator seeded from this one (for search, bots, determinize)."""
        return Rng(self.next64())


# -- the keyed generator -----------------------------------------------------------------------

GENERATORS = ("splitmix", "keyed")  # the names a game and its record give their generator
KEYED_SEED_BITS = 256  # a keyed generator's seed is any int in 0 <= seed < 2**256 (its key's 32 bytes)
SECRET_SEED_BITS = 128  # what `new_secret_seed` draws: beyond any search
_WORDS = 8  # 64-bit words per block: BLAKE2b's largest digest, 64 bytes
_UNPACK = struct.Struct(f"<{_WORDS}Q").unpack  # little-endian on every machine: the same stream everywhere
_PERSON = b"agon-rng-1"  # BLAKE2b's personalisation: these digests serve no other purpose


def new_secret_seed() -> int:
    """A fresh seed for a match that needs secrecy: 128 bits from the system's secure source."""
    return secrets.randbits(SECRET_SEED_BITS)


def _key(seed: int) -> bytes:
    """A keyed generator's seed as its key: 32 bytes; ValueError for a seed out of range."""
    if type(seed) is not int or not 0 <= seed < 1 << KEYED_SEED_BITS:
        raise ValueError(f"a keyed generator's seed is a whole number from 0 to 2**{KEYED_SEED_BITS} - 1")
    return seed.to_bytes(KEYED_SEED_BITS // 8, "little")


def _keyed_hasher(seed: int) -> hashlib.blake2b:
    return hashlib.blake2b(key=_key(seed), digest_size=64, person=_PERSON)


def derived_seed(seed: int, *labels: int | str) -> int:
    """A 64-bit seed for a generator of its own (a bot's, a non-player's), drawn from a keyed
    game's seed one way (BLAKE2b keyed with it, of the labels): whatever the numbers of that
    generator give away, it is not the game's seed. Labels tell the uses apart."""
    message = repr(labels).encode()
    return int.from_bytes(hashlib.blake2b(message, key=_key(seed), digest_size=8, person=b"agon-derived").digest(), "little")


def _restore_keyed(seed: int, position: int, draws: int) -> KeyedRng:
    """A KeyedRng from its pickled form (a keyed hasher does not pickle: it is built again)."""
    rng = KeyedRng(seed)
    rng._seek(position)
    rng.draws = draws
    return rng


class KeyedRng(RandomSource):
    """A generator whose outputs reveal neither its seed nor its state: block i of its stream is
    the 64-byte keyed BLAKE2b of the counter i (key: the seed's 32 bytes), read as 8 words. Without
    the key its numbers cannot be told from chance, so a player who sees some of them learns
    nothing of the others (issue 29); with the seed a game replays exactly.

    `state` is how many words the stream has given (a position, no secret: the key is not in it);
    `clone()` copies a few references (the keyed hasher is shared: each block hashes a copy)."""

    __slots__ = ("_block", "_hasher", "_next", "_seed", "_words", "draws")

    def __init__(self, seed: int = 0) -> None:
        self._hasher = _keyed_hasher(seed)
        self._seed = seed
        self._block = -1  # the block `_words` holds; -1: none yet
        self._words: tuple[int, ...] = ()
        self._next = _WORDS  # the next word of `_words` to give; _WORDS: the block is spent
        self.draws = 0

    @property
    def state(self) -> int:
        return self._block * _WORDS + self._next

    def __repr__(self) -> str:  # never the seed: a log or a traceback shows no key
        return f"<KeyedRng at word {self.state}, {self.draws} draws>"

    def __reduce__(self) -> tuple[object, tuple[int, int, int]]:
        return _restore_keyed, (self._seed, self.state, self.draws)

    def _seek(self, position: int) -> None:
        """Stand at word `position` of the stream (unpickling)."""
        if position <= 0:
            return
        block, used = divmod(position - 1, _WORDS)  # the block of the last word given
        self._fill(block)
        self._next = used + 1

    def _fill(self, block: int) -> None:
        hasher = self._hasher.copy()
        hasher.update(block.to_bytes(16, "little"))
        self._words = _UNPACK(hasher.digest())
        self._block = block

    def clone(self) -> KeyedRng:
        twin = KeyedRng.__new__(KeyedRng)
        twin._hasher = self._hasher
        twin._seed = self._seed
        twin._block = self._block
        twin._words = self._words
        twin._next = self._next
        twin.draws = self.draws
        return twin

    def next64(self) -> int:
        self.draws += 1
        i = self._next
        if i == _WORDS:
            self._fill(self._block + 1)
            i = 0
        self._next = i + 1
        return self._words[i]

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (the top bits of n * next64(): one draw, no rejection; the
        bias, n / 2**64, is far below anything a game could notice). Not inlined as Rng's is: a
        keyed game draws less than once an action, and only servers play it."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        return (self.next64() * n) >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: for i from the end down, swap items i and `below(i + 1)` (its
        words taken at once: a 52-card deck in a quarter less than 51 calls)."""
        i = len(items) - 1
        if i < 1:
            return
        for word in self._take(i):
            j = (word * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1

    def _take(self, count: int) -> list[int]:
        """The next `count` words of the stream, as `count` calls of next64 would give them."""
        self.draws += count
        start = self._next
        words = list(self._words[start:start + count])
        self._next = start + len(words)
        while len(words) < count:
            self._fill(self._block + 1)
            more = self._words[:count - len(words)]
            words += more
            self._next = len(more)
        return words

    def fork(self) -> KeyedRng:
        """A new, independent keyed generator whose key is the next four words of this one."""
        words = [self.next64() for _ in range(KEYED_SEED_BITS // 64)]
        return KeyedRng(sum(word << (64 * k) for k, word in enumerate(words)))


def make_rng(generator: str, seed: int) -> RandomSource:
    """The generator named `generator` ("splitmix" or "keyed", `GENERATORS`) seeded with `seed`."""
    if generator == "splitmix":
        return Rng(seed)
    if generator == "keyed":
        return KeyedRng(seed)
    raise ValueError(f"no generator {generator!r}; generators: {', '.join(GENERATORS)}")
