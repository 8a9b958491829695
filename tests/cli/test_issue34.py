"""Issue 34: the terminal for the big games. Each test names the item it checks (the issue's number)."""

from __future__ import annotations

import io
import json

import pytest

from agon.cli.main import main


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
        typed: str = "") -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out


# -- item 5: a loaded game is not lost on quit -------------------------------------------------

def test_item_5_a_loaded_game_keeps_saving_to_its_file(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    argv = ["play", "dual-powers", "--seed", "4", "--seat", "red=human", "--seat", "white=random", "--save", str(save)]
    run(monkeypatch, capsys, argv, "1\nq\n")
    before = len(json.loads(save.read_text())["actions"])
    code, out = run(monkeypatch, capsys, ["play", "--load", str(save)], "1\nq\n")
    assert code == 0 and f"Saving to {save}" in out.replace("\n", "")
    assert len(json.loads(save.read_text())["actions"]) > before


# -- item 9: hot seat opens on a pass screen ---------------------------------------------------

def test_item_9_hot_seat_load_starts_with_a_pass_screen(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    argv = ["play", "dual-powers", "--players", "2", "--seed", "3", "--save", str(save)]
    run(monkeypatch, capsys, argv, "\n1\n\nq\n")
    code, out = run(monkeypatch, capsys, ["play", "--load", str(save)], "q\n")
    assert code == 0 and "Pass the keyboard to" in out and "Your Secret Objective" not in out
    assert "hand:" not in out.split("Pass the keyboard")[0]
