"""Issue 12: the first screen of each game in each language, as `agon play GAME --lang L` draws it
(board, prompt, choices), kept in tests/i18n/screens/ for people to review and compared here so a
change shows. `AGON_WRITE_SCREENS=1 python -m pytest tests/i18n/test_screens.py` writes them again."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from agon.cli.main import main
from agon.engine import load
from agon.testing import games_that

HERE = Path(__file__).parent / "screens"
# agon's own games (a game of another distribution keeps its reviewed screens with its own tests):
# a new one fails below until its screens are written and reviewed
GAMES = games_that(lambda game: type(game).__module__.startswith("agon.games."))
# the searching bots a plain `agon play` seats would print how long they thought: random bots keep the
# screens fixed; a game not named here: a person in the first seat, random bots in the others
SEATS = {"dual-powers": ["--seat", "red=human"], "cuba-libre": ["--seat", "govt=human"]}


def seats(game_id: str) -> list[str]:
    if game_id in SEATS:
        return SEATS[game_id]
    first, *others = load(game_id).roles()
    return ["--seat", f"{first}=human", *(flag for role in others for flag in ("--seat", f"{role}=random"))]


@pytest.mark.parametrize(("game_id", "lang"), [(game_id, lang) for game_id in GAMES
                                               for lang in ["en", *load(game_id).languages()]])
def test_the_first_screen_in_each_language(game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "110")
    monkeypatch.setenv("LINES", "60")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", game_id, "--seed", "1", "--lang", lang, *seats(game_id)]) == 0
    screen = capsys.readouterr().out
    assert "Traceback" not in screen
    path = HERE / f"{game_id}.{lang}.txt"
    if os.environ.get("AGON_WRITE_SCREENS"):
        path.write_text(screen, encoding="utf-8")
    assert path.is_file(), f"no reviewed screen {path.name}: write it with AGON_WRITE_SCREENS=1"
    assert screen == path.read_text(encoding="utf-8"), f"{path.name} changed: review it and write it again"
