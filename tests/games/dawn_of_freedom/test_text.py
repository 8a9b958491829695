"""1989 text a person reads (issue 10 items 3 and 4): log lines in the rulebook's words, the
compact board for an 80x50 terminal, long choice lists grouped by country."""

from __future__ import annotations

import re

from agon.engine import Action
from agon.games.dawn_of_freedom.data import C, D, space
from agon.games.dawn_of_freedom.ops import support_check
from agon.testing.fuzz import play_random_game

from .helpers import clear_map, dice, new_game, set_sp

LOWER_ROLE = re.compile(r"\b(democrat|communist)\b")


def _messages(g: object) -> list[str]:
    return [e.message() for e in g.log]  # type: ignore[attr-defined]


def test_6_2_5_support_check_result_says_whose_sps_were_removed_and_added() -> None:
    g = new_game()
    clear_map(g)
    sid = set_sp(g, "Kraków", d=1, c=0)
    dice(g, 6)
    support_check(g, C, sid, 3)  # 6 + 3 - 6 (stability 3, no neighbour controlled) = 3 against 1 Democrat SP
    assert _messages(g)[-1] == "The Communist removes 1 Democrat SP and adds 2 Communist SPs in Kraków."  # (issue 34: no "SP(s)")
    sid = set_sp(g, "Łódź", d=0, c=4)
    dice(g, 6)
    support_check(g, D, sid, 4)
    assert _messages(g)[-1].startswith("The Democrat removes ") and "Communist SP" in _messages(g)[-1]


def test_log_names_the_sides_in_the_rulebooks_words() -> None:
    """No lower-case role ids ("communist places 1 SP") in any log line of a random game."""
    state, problem = play_random_game("1989", 5, max_actions=600)
    assert problem is None
    lines = [e.message() for e in state.log]
    assert any(line.startswith("The Communist places 1 SP in ") for line in lines)
    assert not [line for line in lines if LOWER_ROLE.search(line)]
    assert not [line for line in lines if "SP(s) removed," in line]


def test_card_labels_name_the_side_and_ops_in_words() -> None:
    g = new_game()
    assert str(g.label(Action("card", 4))) == "#4 Michnik* (1 Op, Democrat)"
    assert str(g.label(Action("card", 8))) == "#8 Prudence (4 Ops, both sides)"


MARKUP = re.compile(r"\[/?[a-z ]+\]")


def _board(state: object, role: str | None, full: bool = False) -> list[str]:
    text = state.game.render(state.view(role), role, full=full)  # type: ignore[attr-defined]
    return MARKUP.sub("", text).splitlines()


def test_compact_board_fits_an_80_column_terminal_with_room_for_a_prompt() -> None:
    """Issue 10 item 4: the map part of the default board fits an 80-column panel (76 inside); a game in
    progress takes at most 35 of 50 lines (the full board takes ~95), the worst case (SPs in every
    space) at most 42."""
    g, _ = play_random_game("1989", 5, max_actions=300)  # a game in progress
    lines = _board(g, "democrat")
    assert len(lines) <= 35 and len(_board(g, "democrat", full=True)) >= 90
    # the key is the whole board's (b): on the compact one it cost a row the log needed at 80x50 (issue 34)
    assert not [line for line in lines if line.startswith("Key: ")]
    assert any(line.startswith("Key: Democrat/Communist SPs") for line in _board(g, "democrat", full=True))
    assert not [line for line in lines if LOWER_ROLE.search(line)]
    for sid in range(75):
        g.sp[D][sid] = max(g.sp[D][sid], 1)
    lines = _board(g, "democrat")
    assert len(lines) <= 42
    map_lines = [line for line in lines if re.search(r"\d/\d", line)]
    assert len(map_lines) >= 25 and all(len(line) <= 76 for line in map_lines)  # inside the terminal's panel
    assert len(lines[0]) <= 76 and len(lines[1]) <= 76
    # "Czechoslovakia (CS): power Communist x2; ... of 11" took two rows, and in Greek and Hungarian
    # every country's line did, with two-digit counts (issue 34)
    from agon.i18n import translator

    g.retained = [2] * 6
    for sid in range(75):
        g.sp[C][sid] = 10 if sid % 2 else 0
    g.changed()
    for lang in ("en", "el", "hu"):
        text = g.game.render(g.view("democrat"), "democrat", tr=translator(lang, "1989"))
        countries = MARKUP.sub("", text).splitlines()[2::1]
        countries = [line for line in countries if " x2" in line]
        assert len(countries) == 6 and all(len(line) <= 76 for line in countries), (lang, countries)


def test_full_board_shows_every_space_with_its_class_and_stability() -> None:
    g = new_game()
    lines = _board(g, "communist", full=True)
    assert len([line for line in lines if " stab " in line]) == 75
    leipzig = next(line for line in lines if "Leipzig" in line)
    assert "Worker" in leipzig and "stab 3" in leipzig
    assert any("classes (events name them): Elite, Bureaucrat" in line for line in lines)


def test_compact_board_shows_only_spaces_holding_sps_and_no_hand_to_a_spectator() -> None:
    g = new_game()
    clear_map(g)
    set_sp(g, "Leipzig", d=3)
    lines = _board(g, None)
    assert [line for line in lines if "/" in line and "Leipzig" in line]
    assert not [line for line in lines if "Dresden" in line]
    assert not [line for line in lines if line.startswith("Your hand")]
    assert any(line.startswith("Your hand") for line in _board(g, "democrat"))


def test_space_choices_name_their_country_first_so_long_lists_read_grouped() -> None:
    g = new_game()
    labels = [str(g.label(Action("space", sid))) for sid in range(75)]
    assert labels[0].startswith("East Germany: ") and labels[-1].startswith("Bulgaria: ")
    countries = [label.split(":")[0] for label in labels]
    assert countries == sorted(countries, key=countries.index)  # each country's spaces together
    set_sp(g, "Leipzig", d=1, c=0)
    assert str(g.label(Action("space", space("Leipzig")))) == \
        "East Germany: Leipzig (Worker, BG, stab 3; D 1 / C 0)"
