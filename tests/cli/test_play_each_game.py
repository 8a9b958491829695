"""`agon play` smoke tests on every game: a person answers prompts, quits, and the record replays."""

from __future__ import annotations

import io
import json

import pytest

from agon.cli.main import main
from agon.engine import load
from agon.testing import every_game

NAMED = [
    ("dual-powers", ["--seat", "red=human"]),
    ("dual-powers", ["--players", "1", "--seat", "white=human", "--difficulty", "4"]),
    ("intrigue-city", ["--players", "4", "--seat", "p1=human", "--seat", "p2=human"]),
    ("1989", ["--seat", "democrat=human"]),
    ("cuba-libre", ["--seat", "govt=human"]),
    ("cuba-libre", ["--players", "1", "--seat", "govt=human"]),
]
# these, then every other declared game with a person in its first seat (random bots in the others: cheap)
GAMES = NAMED + [(game, ["--seat", f"{first}=human", *(f"--seat={role}=random" for role in others)])
                 for game in every_game() if game not in {named for named, _ in NAMED}
                 for first, *others in [load(game).roles()]]


@pytest.mark.parametrize(("game", "flags"), GAMES)
def test_a_person_plays_quits_and_the_record_replays(game, flags, monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 12 + "zz\nq\n"))
    assert main(["play", game, "--seed", "5", "--save", str(save), *flags]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out and "Record saved" in out
    record = json.loads(save.read_text())
    assert record["game"] == game and record["actions"]
    assert main(["replay", str(save), "--verify"]) == 0


def test_solo_cuba_libre_seat_names_the_persons_faction(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "cuba-libre", "--players", "1", "--seat", "govt=human", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Government (govt) = human" in out and "26July (m26) = nonplayer" in out and "Syndicate (syndicate) = nonplayer" in out
