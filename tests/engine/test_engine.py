"""The engine contract, exercised on the High Card test game."""

from __future__ import annotations

import json

import pytest

import agon
from agon.engine import ENGINE_VERSION, Action, IllegalAction, ReplayError, Rng, log_lines, replay
from agon.testing import fuzz
from tests.engine import toy  # noqa: F401 - registers high-card

GAME = "high-card"


def test_action_is_a_hashable_named_pair():
    a = agon.Action("card", 17)
    assert (a.verb, a.arg) == ("card", 17)
    assert a == ("card", 17) and hash(a) == hash(Action("card", 17))
    with pytest.raises(AttributeError):
        a.verb = "x"  # type: ignore[misc]


def test_load_and_games_list_registered_game():
    game = agon.load(GAME)
    assert game.id == GAME and GAME in agon.games()
    with pytest.raises(agon.UnknownGame):
        agon.load("no-such-game")


def test_illegal_action_leaves_state_unchanged():
    state = agon.load(GAME).new(seed=3)
    before = state.digest()
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply("north", Action("bet", 9))
    with pytest.raises(IllegalAction, match="cannot act now"):
        state.apply("south", Action("bet", 1))
    assert state.digest() == before


def test_replay_rebuilds_the_same_state_and_tampering_names_the_index():
    state = agon.load(GAME).new(seed=11)
    bot = agon.make_bot("random", GAME, seed=2)
    while not state.is_over:
        role = state.active[0]
        state.apply(role, bot.choose(state, role))
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == GAME and record["seed"] == 11 and record["engine"] == ENGINE_VERSION
    assert agon.replay(record).digest() == state.digest()
    record["actions"][3][2] = 99
    with pytest.raises(ReplayError) as err:
        agon.replay(record)
    assert err.value.index == 3


def test_clone_is_independent():
    state = agon.load(GAME).new(seed=5)
    twin = state.clone()
    twin.apply("north", Action("bet", 2))
    assert state.view("north")["bet"] == 0 and twin.view("north")["bet"] == 2
    assert len(state.log) < len(twin.log)
    state.apply("north", Action("bet", 3))
    assert twin.view("north")["bet"] == 2 and state.view("north")["bet"] == 3


def test_view_hides_the_other_hand_and_private_log():
    state = agon.load(GAME).new(seed=5)
    state.apply("north", Action("bet", 2))
    south = state.view("south")
    assert isinstance(south["hands"]["north"], int)
    assert not any("bets" in line for line in log_lines(south["log"]))
    assert any("bets" in line for line in log_lines(state.view("north")["log"]))


def test_undo_back_to_the_last_reveal_only():
    state = agon.load(GAME).new(seed=5)
    state.undo_enabled = True
    assert Action("undo") not in state.legal_actions("north")
    before = state.digest()
    state.apply("north", Action("bet", 2))
    assert Action("undo") in state.legal_actions("north")
    state.apply("north", Action("undo"))
    assert state.digest() == before
    state.apply("north", Action("bet", 1))
    state.apply("north", state.legal_actions("north")[0])  # a card: revealed
    assert Action("undo") not in state.legal_actions("south")
    state.apply("south", Action("bet", 1))
    with pytest.raises(IllegalAction):
        state.apply("north", Action("undo"))


def test_an_undo_is_said_in_the_log_for_every_seat():
    """Issue 33: an undo took the move's lines out of the log and said nothing, so the other seat
    saw its opponent's move vanish. The line it leaves changes neither the position's digest nor
    the record (a taken-back move leaves the game where it was)."""
    state = agon.load(GAME).new(seed=5)
    state.undo_enabled = True
    before = state.digest()
    state.apply("north", Action("bet", 2))
    state.apply("north", Action("undo"))
    for viewer in ("north", "south", None):
        assert log_lines(state.view(viewer)["log"])[-1] == "north took back a move."
    assert state.digest() == before
    assert replay(state.record()).digest() == state.digest()


def test_determinize_keeps_what_the_role_knows():
    state = agon.load(GAME).new(seed=8)
    state.apply("north", Action("bet", 1))
    state.apply("north", state.legal_actions("north")[0])
    seen = set()
    for i in range(20):
        twin = state.determinize("south", Rng(i))
        assert twin.hands["south"] == state.hands["south"]
        assert twin.played == state.played
        twin.check_invariants()
        seen.add(tuple(twin.hands["north"]))
    assert len(seen) > 1
    assert state.rng.state == state.clone().rng.state


def test_rng_is_deterministic_and_uniform_enough():
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.die() - 1] += 1
    assert min(counts) > 850
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10))


def test_rng_below_and_shuffle_inlined_draw_the_same_numbers_as_next64():
    # issue 15: below and shuffle inline next64; replays need the very same stream
    for seed in (0, 7, 2**63 + 5):
        fast, ref = Rng(seed), Rng(seed)
        for n in (1, 2, 6, 48, 2**40 + 3):
            assert fast.below(n) == (ref.next64() * n) >> 64
        items, expected = list(range(30)), list(range(30))
        fast.shuffle(items)
        for i in range(29, 0, -1):
            j = (ref.next64() * (i + 1)) >> 64
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert (fast.state, fast.draws) == (ref.state, ref.draws)
        fast.shuffle([]), fast.shuffle([1])
        assert (fast.state, fast.draws) == (ref.state, ref.draws)
        for sides in (1, 6, 10, 20):  # die inlines below too
            assert fast.die(sides) == 1 + ((ref.next64() * sides) >> 64)
        assert (fast.state, fast.draws) == (ref.state, ref.draws)
    with pytest.raises(ValueError):
        Rng(0).die(0)


@pytest.mark.parametrize("size", [*range(0, 20), 31, 52, 64, 110, 300])
def test_rng_shuffle_in_lanes_draws_the_same_stream_at_every_size(size):
    # issue 15: past a few items a shuffle takes its draws side by side in one big integer; the
    # swaps, the state after and the count of draws must be those of one below(i + 1) at a time
    for seed in (0, 3, 2**64 - 1):
        fast, ref = Rng(seed), Rng(seed)
        fast.below(5), ref.below(5)
        items, expected = list(range(size)), list(range(size))
        fast.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = ref.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert (fast.state, fast.draws) == (ref.state, ref.draws)
        assert fast.next64() == ref.next64()


def test_fuzz_harness_finds_no_problem_in_the_test_game():
    report = fuzz(GAME, 50)
    assert report.ok, report.summary()
    assert report.games == 50


def test_play_match_with_bots_reaches_the_end():
    state = agon.play_match(GAME, {"north": "random"}, seed=4)
    assert state.is_over and state.result["winners"]


def test_play_match_human_seat_uses_the_chooser_and_enables_undo():
    asked = []

    def human(state, role):
        asked.append(role)
        return next(a for a in state.legal_actions(role) if a.verb != "undo")

    state = agon.play_match(GAME, {"north": "human", "south": "random"}, seed=4, human=human)
    assert state.is_over and set(asked) == {"north"}


def test_a_note_goes_into_the_log_and_the_record_and_replays():
    state = agon.load(GAME).new(seed=2)
    state.apply("north", Action("bet", 1), note="rule 9 step 2: bet low")
    assert "north: rule 9 step 2: bet low" in log_lines(state.view(None)["log"])
    record = json.loads(json.dumps(state.record()))
    assert record["actions"][0] == ["north", "bet", 1, "rule 9 step 2: bet low"]
    assert agon.replay(record).digest() == state.digest()
    assert state.history == [("north", "bet", 1)]


def test_play_match_logs_a_bot_reason():
    class Explaining:
        name = "explaining"
        last_reason = None

        def choose(self, state, role):
            self.last_reason = f"picks the first of {len(state.legal_actions(role))}"
            return state.legal_actions(role)[0]

    from agon.bots import GENERIC_BOTS

    GENERIC_BOTS["explaining"] = lambda game_id, seed=0: Explaining()
    try:
        state = agon.play_match(GAME, {"north": "explaining"}, seed=1)
    finally:
        del GENERIC_BOTS["explaining"]
    assert any("north: picks the first of" in line for line in log_lines(state.view(None)["log"]))
    assert agon.replay(state.record()).digest() == state.digest()


def test_fuzz_reports_a_bot_that_chooses_an_illegal_action():
    from agon.bots import GENERIC_BOTS

    class Cheater:
        name = "cheater"

        def choose(self, state, role):
            return Action("bet", 99)

    GENERIC_BOTS["cheater"] = lambda game_id, seed=0: Cheater()
    try:
        report = fuzz(GAME, 2, seats={"north": "cheater"})
    finally:
        del GENERIC_BOTS["cheater"]
    assert [p.kind for p in report.problems] == ["illegal choice", "illegal choice"]
