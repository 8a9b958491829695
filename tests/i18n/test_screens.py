"""Issue 12: the first screen of each game in each language, as `agon play GAME --lang L` draws it
(board, prompt, choices), kept in tests/i18n/screens/ for people to review and compared here so a
change shows. `AGON_WRITE_SCREENS=1 python -m pytest tests/i18n/test_screens.py` writes them again."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from agon.cli.main import main

HERE = Path(__file__).parent / "screens"
# the searching bots a plain `agon play` seats would print how long they thought: random bots keep the screens fixed
GAMES = {"dual-powers": ["--seat", "red=human"], "1989": ["--seat", "democrat=human", "--seat", "communist=random"],
         "intrigue-city": ["--seat", "p1=human", "--seat", "p2=random", "--seat", "p3=random"],
         "cuba-libre": ["--seat", "govt=human"]}


@pytest.mark.parametrize("lang", ["en", "el", "hu"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_first_screen_in_each_language(game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "110")
    monkeypatch.setenv("LINES", "60")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", game_id, "--seed", "1", "--lang", lang, *GAMES[game_id]]) == 0
    screen = capsys.readouterr().out
    assert "Traceback" not in screen
    path = HERE / f"{game_id}.{lang}.txt"
    if os.environ.get("AGON_WRITE_SCREENS"):
        path.write_text(screen, encoding="utf-8")
    assert path.is_file(), f"no reviewed screen {path.name}: write it with AGON_WRITE_SCREENS=1"
    assert screen == path.read_text(encoding="utf-8"), f"{path.name} changed: review it and write it again"
