"""The keyed generator (issue 29 item 1: "the deal can be recovered from a seat's own view"): a
SplitMix64 stream gives its state and its seed away from a single output, so whoever sees a few
of a game's numbers knows the rest; `KeyedRng` (BLAKE2b keyed with the seed, in counter mode) has
the same API, replays exactly from its seed, and its outputs give nothing away. A game says which
generator it uses, its record says so, and replay honours it."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from itertools import pairwise

import pytest

from agon.engine import KeyedRng, ReplayError, Rng, load, new_secret_seed, replay, replay_checked
from agon.engine.rng import _GOLDEN, _MASK, RandomSource
from agon.testing import every_game
from tests.engine import toy  # noqa: F401 - registers high-card

TITLES = every_game()  # (the registry's: a plug-in game too)
BIG_SEED = (1 << 200) + 12345  # beyond 64 bits: only the keyed generator takes it


def stream(rng: RandomSource, n: int) -> list[int]:
    return [rng.next64() for _ in range(n)]


# -- the generator -----------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_stream_and_another_seed_another():
    assert stream(KeyedRng(BIG_SEED), 40) == stream(KeyedRng(BIG_SEED), 40)
    assert stream(KeyedRng(BIG_SEED), 40) != stream(KeyedRng(BIG_SEED + 1), 40)
    assert stream(KeyedRng(0), 3) != stream(KeyedRng(1), 3)


def test_the_stream_is_fixed_for_good():
    """A record replays on any machine and any later engine: the first words of seed 7 are pinned."""
    assert [hex(word) for word in stream(KeyedRng(7), 2)] == ["0x4a02e100a7b64df1", "0xf023ca485ed86905"]


@pytest.mark.parametrize("taken", [0, 1, 7, 8, 9, 16, 23])
def test_a_clone_and_a_pickled_copy_continue_identically(taken):
    rng = KeyedRng(BIG_SEED)
    stream(rng, taken)
    twin, thawed = rng.clone(), pickle.loads(pickle.dumps(rng))
    assert twin.state == thawed.state == rng.state == taken
    assert twin.draws == thawed.draws == rng.draws == taken
    expected = stream(rng, 20)
    assert stream(twin, 20) == expected and stream(thawed, 20) == expected


def test_a_clone_is_independent_of_its_original():
    rng = KeyedRng(3)
    twin = rng.clone()
    first = stream(rng, 10)
    assert stream(twin, 10) == first and rng.state == twin.state == 10


def test_every_call_counts_its_draws_as_rng_does():
    for rng in (Rng(5), KeyedRng(5)):
        rng.next64(), rng.below(6), rng.die(), rng.randint(3, 9), rng.random(), rng.choice("abc")
        assert rng.draws == 6
        rng.shuffle(list(range(10)))  # one draw per swap: n - 1
        assert rng.draws == 15
        rng.sample(range(4), 2)
        assert rng.draws == 18
        rng.shuffle([]), rng.shuffle([1])
        assert rng.draws == 18


def test_state_is_part_of_the_interface_a_generator_must_give():
    """RandomSource.state was a property raising NotImplementedError: a generator without it was
    made and failed only when a digest read it. Now it is abstract, and both generators give it,
    a clone and a pickled copy included."""

    class Stateless(RandomSource):
        def next64(self) -> int:
            return 0

        below = shuffle = clone = fork = next64  # type: ignore[assignment]

    with pytest.raises(TypeError, match="state"):
        Stateless()  # type: ignore[abstract]
    for rng in (Rng(5), KeyedRng(5)):
        rng.below(9)
        assert isinstance(rng, RandomSource) and rng.state == rng.clone().state == pickle.loads(pickle.dumps(rng)).state
    plain = Rng(5)
    plain.state = 12345  # Rng's state is a slot: settable (position codecs restore it)
    assert plain.clone().state == 12345


def test_its_methods_give_what_rngs_give():
    rng = KeyedRng(11)
    assert all(0 <= rng.below(5) < 5 for _ in range(200))
    assert all(1 <= rng.die(4) <= 4 for _ in range(200)) and all(3 <= rng.randint(3, 5) <= 5 for _ in range(200))
    assert all(0.0 <= rng.random() < 1.0 for _ in range(200))
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert len(set(rng.sample(range(10), 4))) == 4
    fork = rng.fork()
    assert isinstance(fork, KeyedRng) and stream(fork, 5) != stream(rng.clone(), 5)
    for bad, call in (("below", lambda: rng.below(0)), ("die", lambda: rng.die(0))):
        with pytest.raises(ValueError, match=bad):
            call()
    with pytest.raises(IndexError):
        rng.choice([])


@pytest.mark.parametrize("before", [0, 3, 8, 13])
@pytest.mark.parametrize("size", [0, 1, 2, 6, 9, 10, 17, 52])
def test_a_shuffle_is_fisher_yates_on_below(before, size):
    """The keyed shuffle takes the same draws as `below(i + 1)` from the end down, as Rng's does
    (it takes its words at once, across the stream's blocks), and leaves the generator where
    those calls would."""
    shuffler, by_calls = KeyedRng(9), KeyedRng(9)
    stream(shuffler, before), stream(by_calls, before)
    items, by_hand = list(range(size)), list(range(size))
    shuffler.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = by_calls.below(i + 1)
        by_hand[i], by_hand[j] = by_hand[j], by_hand[i]
    assert items == by_hand
    assert (shuffler.state, shuffler.draws) == (by_calls.state, by_calls.draws)
    assert stream(shuffler, 10) == stream(by_calls, 10)


@pytest.mark.parametrize(("sides", "limit"), [(6, 20.52), (10, 27.88), (52, 78.62)])  # chi-square, p = 0.001
def test_below_is_uniform(sides, limit):
    rng, draws = KeyedRng(BIG_SEED), 2000 * sides
    counts = Counter(rng.below(sides) for _ in range(draws))
    expected = draws / sides
    chi_square = sum((counts[value] - expected) ** 2 / expected for value in range(sides))
    assert chi_square < limit


def test_neither_repr_nor_pickle_needs_the_seed_in_view():
    rng = KeyedRng(BIG_SEED)
    assert str(BIG_SEED) not in repr(rng) and hex(BIG_SEED)[2:] not in repr(rng)


def test_a_secret_seed_is_128_bits_from_the_secure_source():
    seeds = {new_secret_seed() for _ in range(8)}
    assert len(seeds) == 8 and all(0 <= seed < 1 << 128 for seed in seeds)
    assert any(seed >= 1 << 64 for seed in seeds)  # (each is below 2**64 with chance 2**-64)


# -- why SplitMix64 is unsafe, and the keyed generator is not -----------------------------------


def _unshift(value: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == value."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


def _splitmix_state_behind(output: int) -> int:
    """The SplitMix64 state that gave `output`: its finalizer is a bijection, undone step by step."""
    z = _unshift(output, 31)
    z = _unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & _MASK, 27)
    return _unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _MASK, 30)


def _splitmix_seed_behind(first_output: int) -> int:
    """The seed of an `Rng` whose first output is `first_output` (as `Rng.__init__` sets it)."""
    start = (_splitmix_state_behind(first_output) - _GOLDEN) & _MASK
    return (start - 0x2545F4914F6CDD1D) * pow(0xD1B54A32D192ED03, -1, 1 << 64) & _MASK


def _predict_next(first: int, second: int) -> int | None:
    """SplitMix64's next output from two consecutive ones, or None if they are not SplitMix64's."""
    state = _splitmix_state_behind(second)
    if (state - _splitmix_state_behind(first)) & _MASK != _GOLDEN:
        return None
    probe = Rng()
    probe.state = state
    return probe.next64()


def test_splitmix_outputs_give_away_the_next_ones_and_the_seed():
    """Issue 29: two consecutive outputs of Rng give the next (one is enough for its state), and
    the first gives the seed: a game dealt by it hides nothing from a patient player."""
    seed = 987_654_321_987
    rng = Rng(seed)
    first, second, third = stream(rng, 3)
    assert _predict_next(first, second) == third
    assert _splitmix_seed_behind(first) == seed


def test_the_same_attack_gives_nothing_on_the_keyed_generator():
    rng = KeyedRng(BIG_SEED)
    outputs = stream(rng, 64)
    # its outputs are no SplitMix64 stream: no two consecutive ones are a golden step apart
    assert all(_predict_next(a, b) is None for a, b in pairwise(outputs))
    # what the SplitMix inversion calls its seed is no seed of this stream, neither as SplitMix nor as a key
    guess = _splitmix_seed_behind(outputs[0])
    assert stream(Rng(guess), 4) != outputs[:4] and stream(KeyedRng(guess), 4) != outputs[:4]
    assert stream(Rng(BIG_SEED), 4) != outputs[:4]  # nor is it SplitMix seeded from the key
    # its `state` is only a position in the stream: two keys at one position have the same state
    other = KeyedRng(BIG_SEED + 1)
    stream(other, 64)
    assert other.state == rng.state == 64 and stream(other, 4) != stream(rng, 4)


def _first_view(state) -> dict:
    return {key: value for key, value in state.view("red").items() if key != "log"}


def _search(red_view: dict, generator: str, seeds: range):
    """The issue's attack: try each seed against Red's first view; the game it deals, or None."""
    game = load("dual-powers")
    for seed in seeds:
        candidate = game.new(seed, generator=generator)
        if _first_view(candidate) == red_view:
            return candidate
    return None


def test_issue_29_a_seed_search_over_reds_view_finds_whites_hand_only_in_a_splitmix_game_from_a_small_seed():
    """The attack as reported (over 256 seeds here, 2**31 there): Red's first view picks out the
    seed, and the found game shows White's hand. A keyed game from a 128-bit secret seed is out of
    reach of the search, whichever generator the searcher assumes."""
    game = load("dual-powers")
    dealt = game.new(200)
    found = _search(_first_view(dealt), "splitmix", range(256))
    assert found is not None and found.seed == 200
    assert found.view("white")["sides"]["white"]["hand"] == dealt.view("white")["sides"]["white"]["hand"]
    secret = game.new((1 << 127) + 200, generator="keyed")
    for generator in ("splitmix", "keyed"):
        assert _search(_first_view(secret), generator, range(256)) is None


# -- games ---------------------------------------------------------------------------------------


def _played(game_id: str, seed: int, generator: str, limit: int = 4000):
    game = load(game_id)
    state = game.new(seed, generator=generator)
    chooser = Rng(seed & 0xFFFF)
    state.play_random(chooser.random, limit=limit)
    return state


@pytest.mark.parametrize("game_id", TITLES)
def test_a_keyed_game_of_every_title_replays_exactly_from_its_record(game_id):
    state = _played(game_id, BIG_SEED, "keyed")
    assert type(state.rng) is KeyedRng and state.generator == "keyed" and (state.actions_played > 20 or state.is_over)
    record = state.record()
    assert record["generator"] == "keyed" and record["seed"] == BIG_SEED
    record["digest"] = state.digest()
    replayed = replay_checked(json.loads(json.dumps(record)))  # through JSON: a 201-bit seed survives
    assert replayed.verified and replayed.state.digest() == state.digest()
    assert replayed.state.generator == "keyed" and replayed.state.rng.state == state.rng.state


@pytest.mark.parametrize("game_id", TITLES)
def test_the_generator_changes_the_deal_and_the_digest(game_id):
    game = load(game_id)
    splitmix, keyed = game.new(5), game.new(5, generator="keyed")
    assert splitmix.digest() != keyed.digest()
    assert game.new(5, generator="splitmix").digest() == splitmix.digest()  # the default, as before


def test_a_splitmix_record_has_no_generator_key():
    state = _played("dual-powers", 3, "splitmix", limit=10)
    assert "generator" not in state.record() and state.generator == "splitmix"


def test_a_clone_keeps_the_generator_and_determinize_gives_search_a_fast_one():
    state = load("dual-powers").new(BIG_SEED, generator="keyed")
    twin = state.clone()
    assert twin.generator == "keyed" and type(twin.rng) is KeyedRng
    assert stream(twin.rng, 9) == stream(state.rng.clone(), 9)
    before = (state.rng.state, state.rng.draws, state.digest())
    role = state.game.roles(**state.options)[0]
    guess = state.determinize(role, Rng(1))
    assert type(guess.rng) is Rng and guess.generator == "splitmix"
    assert (state.rng.state, state.rng.draws, state.digest()) == before  # the real generator untouched


def test_a_keyed_state_pickles():
    state = _played("1989", BIG_SEED, "keyed", limit=30)
    thawed = pickle.loads(pickle.dumps(state))
    assert thawed.generator == "keyed" and thawed.digest() == state.digest()


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize("generator", ["mersenne", "", "Keyed"])
def test_an_unknown_generator_is_refused_in_one_line(generator):
    with pytest.raises(ValueError, match="no generator") as err:
        load("dual-powers").new(1, generator=generator)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("seed", [-1, 1 << 256])
def test_a_keyed_seed_out_of_range_is_refused_in_one_line(seed):
    with pytest.raises(ValueError, match="2\\*\\*256") as err:
        load("dual-powers").new(seed, generator="keyed")
    assert "\n" not in str(err.value)


def _record(**changes: object) -> dict:
    state = load("high-card").new(4, generator="keyed")
    return {**json.loads(json.dumps(state.record())), **changes}


@pytest.mark.parametrize(("changes", "match"), [
    ({"generator": "mersenne"}, "generator is one of splitmix, keyed; got text"),
    ({"generator": 1}, "generator is one of"),
    ({"generator": None}, "generator is one of"),
    ({"seed": -1}, "seed is from 0 to 2\\*\\*256 - 1"),
    ({"seed": 1 << 256}, "seed is from 0 to 2\\*\\*256 - 1"),
    ({"seed": 1 << 64, "generator": "splitmix"}, "seed fits in 64 bits"),
])
def test_a_record_with_a_bad_generator_or_seed_is_refused_in_one_line(changes, match):
    with pytest.raises(ReplayError, match=match) as err:
        replay(_record(**changes))
    assert err.value.index == -1 and "\n" not in str(err.value)


def test_a_keyed_record_takes_seeds_a_splitmix_one_refuses():
    assert replay(_record(seed=(1 << 256) - 1)).generator == "keyed"
    assert replay(_record(seed=1 << 64, generator="keyed")).generator == "keyed"
