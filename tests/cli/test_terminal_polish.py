"""What the terminal prints reads whole in every language: the help names only the keys the game has
(Intrigue City has no map, and its help, after `h` or a number not shown, said "m NAME = a space and its
neighbours"), and a group of choices breaks its rows between two names."""

from __future__ import annotations

import io

import pytest

from agon.cli.main import main
from agon.engine import load
from agon.testing import games_that


@pytest.mark.parametrize("game", games_that(lambda game: "el" in game.languages()))
def test_the_help_names_the_map_only_where_there_is_one(game: str, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Every game with Greek: a person in the first seat, random bots in the others; the map's key
    exactly where the game has a map (`Game.neighbours()`)."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr("sys.stdin", io.StringIO("h\n99\nq\n"))
    first, *others = load(game).roles()
    has_map = bool(load(game).neighbours())
    argv = ["play", game, "--seed", "1", "--lang", "el", "--seat", f"{first}=human"]
    for role in others:
        argv += ["--seat", f"{role}=random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("b = ταμπλό") == 2  # `h`, and after the number not shown
    assert ("m ΟΝΟΜΑ" in out) == has_map


def test_a_group_of_choices_breaks_between_two_names_never_inside_one() -> None:
    """1989's set-up list at 80 columns broke "15 Καθολική / Εκκλησία" over two rows."""
    from rich.console import Console

    from agon.cli.terminal import TerminalPlayer

    console = Console(width=80, file=io.StringIO())
    names = ["Στσέτσιν", "Γκντανσκ", "Μπιαλίστοκ", "Βρότσλαβ", "Καθολική Εκκλησία", "Λοτζ", "Κατοβίτσε",
             "Κρακοβία", "Ιαγκελλόνειο Πανεπιστήμιο", "Πολωνοί Συγγραφείς"]
    TerminalPlayer(console, ["democrat"]).print_group("Πολωνία", [(str(11 + i), n) for i, n in enumerate(names)])
    rows = console.file.getvalue().splitlines()
    assert all(len(row) <= 80 for row in rows) and len(rows) <= 3
    for i, name in enumerate(names):
        assert any(f"{11 + i} {name}" in row for row in rows), name
