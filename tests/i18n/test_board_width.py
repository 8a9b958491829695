"""Cuba Libre's terminal board fits 80 columns in every language: Greek words are longer
("Παθητική Υποστήριξη", "Μετρητά: Συνδικάτο"), and at 80 columns its rows wrapped into the next
column's place and its header broke inside "Propaganda 0/4". Every line of the board is at most the
panel's inside (76 columns), at the start, in play (Terror, Cash, Capabilities) and at the end."""

from __future__ import annotations

import io
import re

import pytest

from agon.cli.main import main
from agon.engine import load
from agon.engine.rng import Rng
from agon.engine.textfit import PANEL_WIDTH, fit_lines, visible_len
from agon.i18n import translator

LANGS = ["en", "el", "hu"]


def _boards(steps: int = 900, every: int = 60) -> list[tuple[dict, str | None]]:
    """(view, role) of a seeded random game every `every` steps, its last view included."""
    game = load("cuba-libre")
    state = game.new(5)
    chooser = Rng(6)
    out = []
    for step in range(steps):
        if not state.active:
            break
        role = state.active[chooser.below(len(state.active))]
        if step % every == 0:
            out.append((state.view(role), role))
        legal = state.legal_actions(role)
        state.apply(role, legal[chooser.below(len(legal))])
    out.append((state.view(None), None))
    return out


@pytest.fixture(scope="module")
def boards() -> list[tuple[dict, str | None]]:
    return _boards()


@pytest.mark.parametrize("lang", LANGS)
def test_every_line_of_the_board_fits_the_panel(lang: str, boards: list[tuple[dict, str | None]]) -> None:
    game, tr = load("cuba-libre"), translator(lang, "cuba-libre")
    long = [(visible_len(line), line) for view, role in boards
            for line in game.render(view, role, tr=tr).splitlines() if visible_len(line) > PANEL_WIDTH]
    assert not long, f"{len(long)} lines wider than {PANEL_WIDTH}: {long[:3]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_screen_at_80_columns_wraps_no_board_row(lang: str, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`agon play cuba-libre --lang L` at 80 columns: every printed line fits, and the panel holds
    exactly the board's lines (the terminal wrapped none of them)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "50")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    drawn: list[str] = []
    board_class = type(load("cuba-libre"))
    render = board_class.render

    def recorded(self, *args, **kwargs):  # the board the terminal draws, as the game wrote it
        drawn.append(render(self, *args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(board_class, "render", recorded)
    assert main(["play", "cuba-libre", "--seed", "1", "--lang", lang, "--seat", "govt=human"]) == 0
    screen = capsys.readouterr().out
    assert max(len(line) for line in screen.splitlines()) <= 80
    panel = re.search(r"╭[^\n]*\n(.*?)\n╰", screen, re.S)
    assert panel is not None and drawn
    assert len(panel.group(1).splitlines()) == len(drawn[-1].splitlines()), panel.group(1)


def test_fit_lines_breaks_between_parts_and_keeps_a_style_on_every_row() -> None:
    assert fit_lines(["card 13 El Che  next 25  deck 49"], 16) == ["card 13 El Che", "  next 25", "  deck 49"]
    assert fit_lines(["[dim]a, bb, cc[/dim]"], 6) == ["[dim]a, bb,[/dim]", "[dim]  cc[/dim]"]
    assert fit_lines(["short"], 76) == ["short"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_three_player_intrigue_city_board_names_only_the_seated_colours(lang: str) -> None:
    """The terminal's Intrigue City board names each seated player with their colour and no other
    (a 3-player game has no green p4 or orange p5; the web legend had them: tests/web/js/legend.test.mjs)."""
    game, tr = load("intrigue-city"), translator(lang, "intrigue-city")
    state = game.new(1)
    board = game.render(state.view("p1"), "p1", tr=tr)
    for role, colour in (("p4", "green"), ("p5", "orange")):
        assert tr.term(game.role_name(role)) not in board
        assert f"({tr.term(colour)})" not in board
    assert all(f"({tr.term(colour)})" in board for colour in ("purple", "red", "blue"))


@pytest.mark.parametrize("lang", LANGS)
def test_dual_powers_district_rows_line_up_in_every_language(lang: str) -> None:
    """Hungarian's "Vasziljevszkij-sziget" (21) ran past the 19-column name column into the units."""
    from agon.games.dual_powers.data import DISTRICT_NAME

    game, tr = load("dual-powers"), translator(lang, "dual-powers")
    lines = re.sub(r"\[/?[a-z][a-z ]*\]", "", game.render(game.new(2).view("red"), "red", tr=tr)).splitlines()
    names = [tr.term(name) for name in DISTRICT_NAME]
    rows = [next(line for line in lines if line.startswith(name + " ")) for name in names]
    starts = {len(row) - len(row[len(name):].lstrip()) for row, name in zip(rows, names, strict=True)}
    assert len(starts) == 1, rows
