"""1989 text a person reads (issue 10 items 3 and 4): log lines in the rulebook's words, the
compact board for an 80x50 terminal, long choice lists grouped by country."""

from __future__ import annotations

import re

from agon.engine import Action
from agon.games.dawn_of_freedom.data import C, D
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
    assert _messages(g)[-1] == "The Communist removes 1 Democrat SP(s) and adds 2 Communist SP(s) in Kraków."
    sid = set_sp(g, "Łódź", d=0, c=4)
    dice(g, 6)
    support_check(g, D, sid, 4)
    assert _messages(g)[-1].startswith("The Democrat removes ") and "Communist SP(s)" in _messages(g)[-1]


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
    assert g.label(Action("card", 4)) == "#4 Michnik* (1 Op, Democrat)"
    assert g.label(Action("card", 8)) == "#8 Prudence (4 Ops, both sides)"
