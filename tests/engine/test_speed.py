"""Issue 15: a quiet state (machines' games) and the per-position memo of legal lists."""

from __future__ import annotations

import agon
from agon.testing.walk import random_position


def test_a_quiet_game_plays_the_same_keeps_no_log_and_rebuilds_it_when_asked():
    # dual-powers skips even the arguments of its lines (and its games are short)
    for game_id, steps in (("1989", 150), ("cuba-libre", 150), ("dual-powers", 90)):
        loud = random_position(game_id, 3, steps)
        quiet = random_position(game_id, 3, steps, quiet=True)
        assert quiet.record() == loud.record()
        assert len(quiet._log) < len(loud._log)  # the log lines of setup stay; play adds none
        assert quiet.log == loud.log  # rebuilt from the record
        assert quiet.view(loud.active[0]) == loud.view(loud.active[0])


def test_a_game_made_quiet_writes_no_setup_lines_and_replays_them_when_asked():
    for game_id in ("dual-powers", "intrigue-city", "1989", "cuba-libre"):
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
