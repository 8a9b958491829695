"""The `agon` command, driven in-process on the High Card test game."""

from __future__ import annotations

import io
import json

import pytest

from agon.cli.main import main
from tests.engine import toy  # noqa: F401 - registers high-card


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], typed: str = "") -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    return code, capsys.readouterr().out


def test_play_against_a_bot_with_bad_input_reprompting(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    # a card keeps its number while it stays in the hand (issue 34 item 3): the last card is "2 card 7"
    typed = "x\n9\nh\nl\n1\n1\nu\n2\n2\n2\n2\n2\n2\n2\n"
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--seed", "3", "--save", str(save)], typed)
    assert code == 0
    assert "Please type a number" in out and "Game over" in out
    record = json.loads(save.read_text())
    assert record["game"] == "high-card" and record["seed"] == 3
    code, out = run(monkeypatch, capsys, ["replay", str(save), "--verify"])
    assert code == 0 and "replay exactly" in out


def test_quit_saves_a_record_that_can_be_continued(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    code, _ = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--seed", "1", "--save", str(save)], "1\nq\n")
    assert code == 0
    assert len(json.loads(save.read_text())["actions"]) == 1
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--load", str(save), "--seat", "north=random"])
    assert code == 0 and "Game over" in out


def test_fuzz_and_bench_commands(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["fuzz", "high-card", "--games", "20"])
    assert code == 0 and "20 games" in out and "0 problems" in out
    code, out = run(monkeypatch, capsys, ["bench", "high-card", "--seconds", "0.2"])
    assert code == 0 and "games/s" in out and "clone()" in out


def test_unknown_game_and_bad_seat_are_errors_not_crashes(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["fuzz", "no-such-game"])
    assert code == 2 and "no game" in out
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "east=human"])
    assert code == 2 and "no role east" in out


def test_fuzz_with_a_bot_in_a_seat(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["fuzz", "high-card", "--games", "5", "--seat", "north=ismcts:iterations=200"])
    assert code == 0 and "5 games" in out and "0 problems" in out


def test_hot_seat_hands_over_between_two_people(monkeypatch, capsys):
    # north is handed the keyboard (Enter; issue 34: the first person too), bets and plays (2 answers),
    # then south is handed the keyboard, and so on; a card keeps its number while it stays in the hand
    # (issue 34 item 3: north's second card is still 2, south's still 1)
    typed = "\n1\n1\n\n1\n2\n\n1\n2\n\n1\n1\n"
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--seat", "south=human", "--seed", "2"], typed)
    assert code == 0
    assert out.count("Pass the keyboard to") == 4 and "Game over" in out


def test_tournament_reports_win_rates_with_intervals(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["tournament", "high-card", "--games", "30", "--seat", "north=ismcts:iterations=200"])
    assert code == 0 and "30 games" in out and "95%" in out and "ismcts" in out


def test_tournament_win_rates_add_up():
    from agon.tournament import tournament

    report = tournament("high-card", {"north": "random", "south": "random"}, 40)
    assert len(report.games) == 40
    assert abs(report.wins("north") + report.wins("south") - 40) < 1e-9
    rate, low, high = report.win_rate("north")
    assert low <= rate <= high


def test_a_wrong_number_at_a_prompt_of_stable_numbers_names_the_numbers_shown(monkeypatch, capsys, tmp_path):
    """Issue 34 item 3 keeps a card's number while it stays in the hand, so a prompt may show only
    "2 card 7": typing 1 there says which numbers there are (it said "from 1 to 2")."""
    typed = "1\n1\n1\n1\n2\n2\n2\n2\n2\n2\n"
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--seed", "3",
                                          "--save", str(tmp_path / "game.json")], typed)
    assert code == 0 and "Please type one of the numbers shown: 2" in out and "from 1 to 2" not in out
