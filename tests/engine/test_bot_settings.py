"""Bot settings everywhere (issue 13): make_bot keywords, the seat syntax BOT[:k=v,...], and a
one-line error for a bad setting."""

from __future__ import annotations

import time

import pytest

import agon
from agon.bots import bot_settings, parse_bot
from agon.match import seat_players
from tests.engine import toy  # noqa: F401 - registers high-card


def test_make_bot_takes_settings_as_keywords_or_in_the_name():
    by_keyword = agon.make_bot("ismcts", "1989", 3, seconds=0.5, cutoff=12)
    by_name = agon.make_bot("ismcts:seconds=0.5,cutoff=12", "1989", 3)
    for bot in (by_keyword, by_name):
        assert (bot.seconds, bot.iterations, bot.cutoff) == (0.5, 0, 12)
    assert agon.make_bot("ismcts", "1989", 3, iterations=40).seconds == 0.0


def test_a_persons_default_ismcts_thinks_about_a_second():
    bot = agon.make_bot("ismcts", "high-card", 1)
    assert (bot.seconds, bot.iterations) == (1.0, 0)
    fast = agon.make_bot("ismcts:seconds=0.05", "high-card", 1)
    state = agon.load("high-card").new(seed=2)
    started = time.perf_counter()
    fast.choose(state, "north")
    assert time.perf_counter() - started < 0.5


def test_a_fixed_number_of_iterations_repeats_its_choice():
    state = agon.load("1989").new(seed=4)
    role = state.active[0]
    picks = {agon.make_bot("ismcts:iterations=15,cutoff=10", "1989", 9).choose(state, role) for _ in range(2)}
    assert len(picks) == 1


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:depth=3", "bot ismcts has no setting depth; settings: seconds, iterations, cutoff, exploration"),
    ("ismcts:seconds=fast", "ismcts setting seconds must be a number, not 'fast'"),
    ("ismcts:iterations=2.5", "ismcts setting iterations must be a whole number, not '2.5'"),
    ("ismcts:seconds=-1", "ismcts setting seconds must be 0 or more"),
    ("ismcts:seconds", "bot setting .seconds. in .ismcts:seconds. must look like name=value"),
    ("random:seconds=1", "bot random has no setting seconds; it takes no settings"),
    ("deep", "no bot 'deep' for 1989"),
])
def test_a_bad_setting_is_a_one_line_error(spec, words):
    with pytest.raises(ValueError, match=words) as caught:
        agon.make_bot(spec, "1989", 1)
    assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="^seat communist: " + words):
        seat_players("1989", {"communist": spec}, 1, {})


def test_cutoff_needs_an_evaluation():
    with pytest.raises(ValueError, match="high-card has none"):
        agon.make_bot("ismcts:cutoff=5", "high-card", 1)


def test_parse_bot_and_the_settings_table():
    assert parse_bot("ismcts: seconds=1 , cutoff=20") == ("ismcts", {"seconds": "1", "cutoff": "20"})
    assert parse_bot("random") == ("random", {})
    table = bot_settings("ismcts", "cuba-libre")
    assert set(table) == {"seconds", "iterations", "cutoff", "exploration", "settle", "reuse", "automata", "heavy", "cpu"}
    assert table["cutoff"]["default"] > 0  # the game's own: its playouts to the end are slow
    assert bot_settings("ismcts", "high-card")["cutoff"]["default"] == 0  # no evaluation: to the end


def test_seat_syntax_in_play_tournament_and_fuzz(monkeypatch, capsys):
    from agon.cli.main import main

    seat = "north=ismcts:iterations=30"
    assert main(["tournament", "high-card", "--games", "3", "--seat", seat]) == 0
    assert "ismcts:iterations=30" in capsys.readouterr().out
    assert main(["fuzz", "high-card", "--games", "2", "--seat", seat]) == 0
    assert main(["play", "high-card", "--seed", "1", "--seat", seat, "--seat", "south=random"]) == 0
    assert main(["tournament", "high-card", "--games", "3", "--seat", "north=ismcts:iters=3"]) == 2
    assert "no setting iters" in capsys.readouterr().out
