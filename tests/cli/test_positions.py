"""Front ends start from a position (issue 35 item 2): `agon analyse --position FILE` judges one,
`agon play GAME --position FILE` plays on from one and saves the game as a position again; a bad
file is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agon.engine import load
from agon.engine.rng import Rng
from agon.testing import position_file
from tests.cli.test_newcomer import run


@pytest.fixture(scope="module")
def dual_powers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state = load("dual-powers").new(4)
    state.play_random(Rng(1).random, limit=30)
    path = tmp_path_factory.mktemp("positions") / "dp.json"
    path.write_text(json.dumps(state.position()))
    return path


def test_analyse_judges_a_position(dual_powers: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(monkeypatch, capsys, ["analyse", "--position", str(dual_powers), "--iterations", "30", "--json",
                                          "--lang", "en"])
    found = json.loads(out)
    assert code == 0 and found["game"] == "dual-powers" and found["role"] in ("red", "white")
    assert found["actions_played"] == 30 and found["choices"] and set(found["chances"]) == {"red", "white"}


def test_play_goes_on_from_a_position_and_saves_one(dual_powers: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "saved.json"
    code, out = run(monkeypatch, capsys, ["play", "dual-powers", "--position", str(dual_powers), "--save", str(saved),
                                          "--no-tips", "--lang", "en"], "1\nq\n")
    joined = "".join(out.split())  # (the terminal wraps a long path anywhere)
    assert code == 0 and f"continuewith--position{saved}" in joined
    state = position_file(saved)  # the game as it stood when the person quit: the person's action on, and the bot's
    assert state.actions_played > 30 and state.history == []


BAD = [
    ("{", "agon: not JSON"),
    ('{"format": "agon-position", "game": "chess"}', "agon: no game 'chess'"),
    ("[]", 'agon: a position is a JSON object with a "game"'),
]


@pytest.mark.parametrize(("text", "error"), BAD)
@pytest.mark.parametrize("command", ["play", "analyse"])
def test_a_bad_position_file_is_one_line_and_exit_2(text: str, error: str, command: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out = run(monkeypatch, capsys, [command, "--position", str(path)])
    assert code == 2 and out.strip().startswith(error) and len(out.strip().splitlines()) == 1


def test_a_position_of_another_game_is_refused(dual_powers: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(monkeypatch, capsys, ["play", "1989", "--position", str(dual_powers)])
    assert code == 2 and "is a position of dual-powers, not of 1989" in out
