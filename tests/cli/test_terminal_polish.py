"""What the terminal prints reads whole in every language: the help names only the keys the game has
(Intrigue City has no map, and its help, after `h` or a number not shown, said "m NAME = a space and its
neighbours"), and a group of choices breaks its rows between two names."""

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
