"""The terminal's help names only the keys the game has: Intrigue City has no map, and its help (`h`,
or after a number not shown) said "m NAME = a space and its neighbours" in every language."""

from __future__ import annotations

import io

import pytest

from agon.cli.main import main


@pytest.mark.parametrize(("game", "seats", "has_map"), [
    ("intrigue-city", ["p1=human", "p2=random", "p3=random"], False),
    ("dual-powers", ["red=human", "white=random"], True),
])
def test_the_help_names_the_map_only_where_there_is_one(game: str, seats: list[str], has_map: bool,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr("sys.stdin", io.StringIO("h\n99\nq\n"))
    argv = ["play", game, "--seed", "1", "--lang", "el"]
    for seat in seats:
        argv += ["--seat", seat]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("b = ταμπλό") == 2  # `h`, and after the number not shown
    assert ("m ΟΝΟΜΑ" in out) == has_map
