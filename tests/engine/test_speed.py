"""Issue 15: a quiet state (machines' games) and the per-position memo of legal lists."""

from __future__ import annotations

import random
import shutil

import pytest

import agon
from agon.engine import IllegalAction
from agon.testing import every_game, variants
from agon.testing.walk import random_position
from tests.engine.toy import GAME as HIGH_CARD


def test_a_quiet_game_plays_the_same_keeps_no_log_and_rebuilds_it_when_asked():
    # dual-powers skips even the arguments of its lines (and its games are short)
    for game_id, _options, steps in variants(("1989", {}, 150), ("cuba-libre", {}, 150), ("dual-powers", {}, 90),
                                              fill=(6,)):  # (a tiny game ends within 10)
        loud = random_position(game_id, 3, steps)
        quiet = random_position(game_id, 3, steps, quiet=True)
        assert quiet.record() == loud.record()
        assert len(quiet._log) < len(loud._log)  # the log lines of setup stay; play adds none
        assert quiet.log == loud.log  # rebuilt from the record
        assert quiet.view(loud.active[0]) == loud.view(loud.active[0])


def test_a_game_made_quiet_writes_no_setup_lines_and_replays_them_when_asked():
    for game_id in every_game():
        loud, quiet = agon.load(game_id).new(4), agon.load(game_id).new(4, quiet=True)
        assert quiet.quiet and not quiet._log and loud._log
        assert quiet.log == loud.log and quiet.rng.state == loud.rng.state
        assert quiet.view(loud.active[0])["log"] == loud.view(loud.active[0])["log"]


def test_memoised_legal_lists_are_per_position_and_copies():
    # Cuba Libre memoises (memo_legal); a caller editing the list never changes the state's
    state = agon.load("cuba-libre").new(seed=2)
    role = state.active[0]
    first = state.legal_actions(role)
    first.clear()
    assert state.legal_actions(role)
    state.apply(role, state.legal_actions(role)[0])
    twin = agon.load("cuba-libre").new(seed=2)
    twin.apply(role, twin.legal_actions(role)[0])
    assert state.legal_actions(state.active[0]) == twin._legal(twin.active[0])


def test_bench_profile_prints_the_summary_and_the_hot_spots():
    from agon.bench import profile

    text = profile("dual-powers", seconds=0.05, top=5)
    assert "random full games/s" in text and "tottime" in text
    assert "_time_clone" not in text  # clone() timing stays out of the games' profile


def _apply_index_refusals(state, role):
    other = next(r for r in state.game.roles(**state.options) if r != role)
    n = len(state.legal_actions(role))
    before = state.digest()
    for who, index in ((role, n), (role, -1), (role, True), (role, 1.0), (role, "0"), (other, 0), (None, 0), ([role], 0)):
        with pytest.raises(IllegalAction) as err:
            state.apply_index(who, index)
        assert "\n" not in str(err.value)
    assert state.digest() == before


def test_apply_index_plays_what_apply_plays_and_refuses_bad_input_unchanged():
    # issue 15: the machines' apply by index into legal_actions(role), for memo and plain games (every declared game)
    for game in (HIGH_CARD, *map(agon.load, every_game())):
        for quiet in (False, True):
            by_action, by_index = game.new(5, quiet=quiet), game.new(5, quiet=quiet)
            for k in range(60):
                if not by_action.active:
                    break
                role = by_action.active[0]
                legal = by_action.legal_actions(role)
                if k == 3:
                    _apply_index_refusals(by_index, role)
                by_action.apply(role, legal[k % len(legal)])
                by_index.apply_index(role, k % len(legal))
            assert by_index.digest() == by_action.digest()


def test_apply_index_with_undo_on_takes_snapshots_and_undoes_at_the_last_index():
    state = HIGH_CARD.new(1)
    state.undo_enabled = True
    role = state.active[0]
    start = state.digest()
    state.apply_index(role, 1)  # a bet: private, may be undone
    legal = state.legal_actions(role)
    assert legal[-1].verb == "undo"
    _apply_index_refusals(state, role)
    state.apply_index(role, len(legal) - 1)
    assert state.digest() == start


def test_apply_index_on_a_finished_game_says_it_is_over():
    state = HIGH_CARD.new(2)
    while state.active:
        state.apply_index(state.active[0], 0)
    with pytest.raises(IllegalAction, match="over"):
        state.apply_index("north", 0)


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed (Debian: apt-get install valgrind)")
def test_bench_instructions_counts_the_same_fixed_games_the_same_way():
    from agon.bench import count_instructions, play_fixed

    first, again = count_instructions("dual-powers", games=1), count_instructions("dual-powers", games=1)
    assert first.actions == again.actions == play_fixed("dual-powers", 1) > 0
    assert abs(first.instructions - again.instructions) < 0.01 * first.instructions  # no load moves it
    assert 5_000 < first.per_action < 500_000 and "instructions per action" in first.summary()


def test_bench_instructions_without_valgrind_is_a_one_line_error(monkeypatch, capsys):
    from agon.cli.main import main

    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["bench", "dual-powers", "--instructions"]) == 2
    out = capsys.readouterr().out
    assert "needs valgrind" in out and "Traceback" not in out


@pytest.mark.parametrize("game_id, options", variants(
    ("dual-powers", {}), ("dual-powers", {"players": 1}), ("intrigue-city", {"players": 2}),
    ("intrigue-city", {"players": 5}), ("1989", {}), ("cuba-libre", {}), ("cuba-libre", {"players": 0})))
def test_a_game_state_keeps_its_fields_in_slots_and_setup_sets_every_one(game_id, options):
    # a state with a __dict__ of more than 30 fields (or one a copy has read) makes every method
    # call on it slower in CPython 3.11: each game names its fields, and clone() copies them all
    state = random_position(game_id, 5, 30, options)
    assert not hasattr(state, "__dict__"), f"{type(state).__name__} has a __dict__: a base class lacks __slots__"
    assert [name for name in type(state)._fields if not hasattr(state, name)] == []
    twin = state.clone()
    role = (state.active or [None])[0]  # (a tiny game may be over by now)
    assert twin.digest() == state.digest() and twin.view(role) == state.view(role)


def test_a_state_class_without_slots_still_clones_hashes_undoes_and_becomes_another():
    state = HIGH_CARD.new(seed=1)
    assert hasattr(state, "__dict__")  # the toy game names no slots: its __dict__ is copied as well
    twin = state.clone()
    assert twin.digest() == state.digest() and twin.hands is not state.hands
    twin.apply("north", twin.legal_actions("north")[0])
    assert twin.digest() != state.digest()
    state.become(twin)
    assert state.digest() == twin.digest() and state.stage == "card"
    with pytest.raises(TypeError):
        state.become(agon.load("dual-powers").new(1))


def test_1989_digests_stay_as_they_were_before_the_fields_became_slots():
    # the same positions' digests on the tree before (sp_summary was a class default that no digest
    # held until the first event): saved records keep verifying
    digests = [random_position("1989", 5, n).digest() for n in (0, 3, 40, 200)]
    # (issue 34 changed 1989's log on purpose, a failed check's line and SPs counted without "SP(s)":
    # the digest hashes the log, so the later two positions' digests are new; the fields still are not;
    # then issue 34 item 10 made every "card(s)" and "SP(s)" line a plural, "is dealt 8 cards" from the
    # first position on: all four digests are new, the positions and fields the same; then issue 34
    # item 3 put the support checks' rolls in the rulebook's words: the later two are new again)
    # (issue 36 item 3 then kept what a side knows of the other's hand as counts, `not_red` a number and
    # `ops_cap` a list, fields every digest hashes: all four are new again, the positions the same)
    assert digests == ["1f4bc702667b83b7", "cfcaa558c67cd25e", "4cdf24762c34d29c", "d4395d0ef58b0bbe"]
    assert random_position("1989", 5, 0).sp_summary is None and random_position("1989", 5, 200).sp_summary is False


def test_apply_index_keeps_twins_records_apart_after_either_appends():
    # the record is a chain of links the twins share: each goes on with its own
    state = agon.load("dual-powers").new(3, quiet=True)
    state.apply_index(state._active_now()[0], 0)
    twin = state.clone()
    for first, second in ((twin, state), (state, twin)):  # the twin appends first, then the original
        first.apply_index(first._active_now()[0], 0)
        second.apply_index(second._active_now()[0], len(second._legal_now(second._active_now()[0])) - 1)
    mine, theirs = state.record()["actions"], twin.record()["actions"]
    assert len(mine) == len(theirs) == 3 and mine[0] == theirs[0] and mine[1:] != theirs[1:]
    for record in (state.record(), twin.record()):  # each replays (every action legal) to its own record
        assert agon.replay(record).record() == record


def test_bench_instructions_refuses_a_bad_option_before_counting(monkeypatch, capsys):
    from agon.cli.main import main

    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/valgrind")  # never reached
    assert main(["bench", "1989", "--instructions", "--option", "handicap=9"]) == 2
    out = capsys.readouterr().out
    assert "handicap" in out and "valgrind" not in out and "Traceback" not in out


def test_the_record_counts_its_actions_and_undo_takes_them_back():
    # the record is a chain of links; actions_played counts them without a walk (Cuba Libre's
    # Non-players seed their own generators with it)
    state = HIGH_CARD.new(seed=2)
    state.undo_enabled = True
    state.apply("north", state.legal_actions("north")[0])  # a bet: private, may be undone
    assert state.actions_played == len(state.record()["actions"]) == len(state.history) == 1
    state.apply("north", "undo")
    assert state.actions_played == len(state.record()["actions"]) == 0


def _random_by_hand(state, rand) -> int:
    """The machines' loop as three public calls per action (what State.play_random fuses)."""
    played = 0
    while state.active:
        active = state.active
        role = active[0] if len(active) == 1 else active[int(rand() * len(active))]
        legal = state.legal_actions(role)
        state.apply(role, legal[int(rand() * len(legal))])
        played += 1
    return played


@pytest.mark.parametrize("game_id, options", variants(
    ("dual-powers", {}), ("dual-powers", {"players": 1}), ("1989", {}), ("intrigue-city", {"players": 4}),
    ("cuba-libre", {}), ("cuba-libre", {"players": 1}),
))
def test_play_random_plays_the_game_the_public_calls_play(game_id, options):
    # issue 15: one engine call per game for the machines, the same game as action by action
    game = agon.load(game_id)
    for seed in (1, 2):
        by_hand, fused = game.new(seed, quiet=True, **options), game.new(seed, quiet=True, **options)
        played = _random_by_hand(by_hand, random.Random(seed).random)
        rand = random.Random(seed).random
        limit = min(25, played - 1)  # (a tiny game has fewer actions)
        assert fused.play_random(rand, limit) == limit  # a limit stops it, and the next call goes on
        assert limit + fused.play_random(rand) == played
        assert fused.digest() == by_hand.digest() and fused.actions_played == played
        assert fused.play_random(rand) == 0 and fused.result == by_hand.result


def test_play_random_with_undo_on_never_undoes_and_plays_the_same_game():
    loud, undoable = HIGH_CARD.new(4), HIGH_CARD.new(4)
    undoable.undo_enabled = True
    assert undoable.play_random(random.Random(9).random) == _random_by_hand(loud, random.Random(9).random)
    assert undoable.digest() == loud.digest()


def test_play_random_refuses_a_bad_limit_and_plays_nothing():
    state = HIGH_CARD.new(3)
    before = state.digest()
    for limit in (-1, 2.5, "3", True):
        with pytest.raises(ValueError, match="limit") as err:
            state.play_random(random.Random(1).random, limit)
        assert "\n" not in str(err.value)
    assert state.digest() == before and state.play_random(random.Random(1).random, 0) == 0


def test_play_random_at_a_dead_end_says_so_in_one_line():
    # an active role with no legal action is a game's bug: a one-line AgonError, not an IndexError
    from tests.engine.toy import HighCardState

    class DeadEnd(HighCardState):
        __slots__ = ()

        def _legal(self, role):
            return []

    dead = HIGH_CARD.new(1)
    dead.__class__ = DeadEnd  # (the same fields: only the legal list changes)
    with pytest.raises(agon.engine.AgonError, match="no legal action") as err:
        dead.play_random(random.Random(1).random)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("what", ["dual-powers", "server"])
@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_bench_refuses_seconds_that_are_no_length_of_time(what, seconds, capsys):
    # a bench of no time ran one game anyway (the server's: none, and reported nan), and of
    # forever never ended: a one-line error
    from agon.cli.main import main

    assert main(["bench", what, "--seconds", seconds]) == 2
    out = capsys.readouterr().out
    assert "--seconds" in out and "Traceback" not in out and len(out.strip().splitlines()) == 1


@pytest.mark.parametrize("think", ["-1", "nan", "inf"])
def test_bench_server_refuses_a_think_time_that_is_no_length_of_time(think, capsys):
    from agon.cli.main import main

    pytest.importorskip("uvicorn")
    assert main(["bench", "server", "--think", think]) == 2
    out = capsys.readouterr().out
    assert "--think" in out and "Traceback" not in out


@pytest.mark.parametrize("games", ["0", "-3"])
def test_fuzz_refuses_no_games(games, capsys):
    from agon.cli.main import main

    assert main(["fuzz", "1989", "--games", games]) == 2
    out = capsys.readouterr().out
    assert "--games" in out and "0 problems" not in out
