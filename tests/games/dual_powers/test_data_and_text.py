"""The data file loads and validates; options; labels, prompts, render and the rules reference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import agon
from agon.engine import log_lines
from agon.games.dual_powers import data

from .helpers import GAME, begin, new

ROOT = Path(__file__).resolve().parents[3]


def test_data_validates_counts_references_and_map() -> None:
    data.validate()
    assert data.N_COMMAND == 48 and data.N_CARDS == 54 and data.N_MARKERS == 61
    assert sorted(data.CARD_REC[:48]).count(1) == 16
    raw = json.loads((ROOT / "agon/games/dual_powers/data.json").read_text())
    assert "RECONSTRUCTED" in raw["about"]


def test_options_are_normalized_and_checked() -> None:
    assert GAME.normalize_options({}) == {"players": 2}
    assert GAME.normalize_options({"players": 1}) == {"players": 1, "side": "red", "difficulty": 1}
    assert GAME.roles(players=1, side="white", difficulty=6) == ["white"]
    for bad in ({"players": 3}, {"players": 1, "difficulty": 7}, {"players": 1, "side": "green"},
                {"players": 2, "difficulty": 2}, {"players": 1, "colour": "red"}):
        with pytest.raises(ValueError):
            GAME.normalize_options(bad)


def test_labels_and_prompts_are_readable() -> None:
    s = begin()
    p = s.prompt("red")
    assert p.message().startswith("Play a card")
    assert all(lab.startswith("Play ") for lab in p.labels)
    s.apply("red", p.actions[-1])
    assert all(lab and not lab.startswith("(") for lab in s.prompt("red").labels)


@pytest.mark.parametrize("options", [{}, {"players": 1, "side": "red", "difficulty": 3}])
def test_render_shows_board_calendar_score_hand_and_objective(options: dict) -> None:
    s = new(2, **options)
    role = "red"
    out = agon.load("dual-powers").render(s.view(role), role)
    for word in ("Vyborg Side", "Narva District", "Support", "Popular Will", "Unrest!", "Blockade", "March/April",
                 "hand:"):
        assert word in out
    if options:
        assert "Opposition" in out and "objective: hidden" in out


def test_rules_reference_exists_with_rule_ids_and_the_data_caveat() -> None:
    text = (ROOT / "agon/rules" / GAME.rules_doc).read_text()
    for rid in ("SU1", "R3.4", "R4.2", "R6.2", "S5", "S8"):
        assert rid in text
    assert "reconstructed" in text


def test_every_ruling_names_a_test_that_exists() -> None:
    text = (ROOT / "docs/rulings/dual-powers.md").read_text()
    tests = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    for n in range(1, 31):
        assert f"| A{n}" in text
    for name in set(__import__("re").findall(r"`(?:[a-z_]+\.py::)?(test_[A-Za-z0-9_]+)`", text)):
        assert f"def {name}(" in tests, name


@pytest.mark.parametrize("options", [{}, {"players": 1, "side": "white", "difficulty": 2}])
def test_every_prompt_has_a_question_and_every_action_a_label(options: dict) -> None:
    from agon.engine.rng import Rng

    for seed in range(5):
        s = new(seed, **options)
        chooser = Rng(seed)
        while not s.is_over:
            role = s.active[0]
            p = s.prompt(role)
            assert p.message() != "Waiting." and "{" not in p.message()
            assert all(lab and lab != str(a) for a, lab in zip(p.actions, p.labels, strict=True))
            s.apply(role, p.actions[chooser.below(len(p.actions))])


@pytest.mark.parametrize("options", [{}, {"players": 1, "side": "red", "difficulty": 6}])
def test_the_opposition_bot_plays_whole_games_in_any_seat(options: dict) -> None:
    from agon.bots import make_bot

    for seed in range(4):
        s = new(seed, **options)
        bots = {r: make_bot("opposition" if r == "red" else "random", "dual-powers", seed)
                for r in GAME.roles(**options)}
        while not s.is_over:
            role = s.active[0]
            s.apply(role, bots[role].choose(s, role))
            s.check_invariants()


def test_R3_9_1_the_extra_action_prompt_names_its_source_and_the_way_to_forgo_it() -> None:
    s = begin()
    s.phase, s.ctx, s.cur, s.day = "extra", "xturn", 0, 15
    p = s.prompt("red")
    assert "day marker is on 15" in p.message()
    assert "No extra action (forgo it)" in p.labels
    s.ctx = "xunrest"
    assert "Unrest district" in s.prompt("red").message()
    assert s.prompt("red").message().startswith("Choose your extra action")


def test_log_names_the_opposition_and_counts_days_like_the_rulebook() -> None:
    from agon.engine import Action
    from agon.games.dual_powers import board, text
    from agon.games.dual_powers.data import CARD_DAYS, MONTH_TROTSKY_JOINS, TROTSKY_N

    one = next(c for c in range(48) if CARD_DAYS[c] == 1)
    assert str(text.label(begin(), Action("card", one))).endswith("(1 day)")  # plural("{n} day", "{n} days")
    s = new(3, players=1, side="white", difficulty=2)  # the Opposition is Red
    s.month, s.loc[TROTSKY_N] = MONTH_TROTSKY_JOINS, 0
    board.calendar_event(s)  # DP R3.5.2: Red (here the Opposition) controls Trotsky now
    lines = [e["text"] if isinstance(e, dict) else str(e) for e in log_lines(s.view("white")["log"])]
    assert any("The Opposition now controls him" in line for line in lines)
    s.score = 3
    board.gain_vp(s, 0, 1, "test")
    assert any("toward the Opposition" in line for line in [str(e) for e in log_lines(s.view("white")["log"])])
    assert "the Opposition (red)" in agon.load("dual-powers").render(s.view("white"), "white")


def test_SU11_R5_2_the_log_names_the_blocked_connection() -> None:
    from agon.games.dual_powers import board, scoring
    from agon.games.dual_powers.data import ARROW, CONNECTION_NAME

    s = begin()
    first = str(log_lines(s.view(None)["log"])[0])
    assert CONNECTION_NAME[ARROW[s.btile]] in first  # SU11
    s.tiles = []
    scoring.cleanup(s)  # A12: no tile left for the Blockade! space
    assert str(board.blockade_text(s)) == "no connection is blocked"
    assert "no tile left" in str(log_lines(s.view(None)["log"])[-1])


def test_R3_6_1_the_command_prompt_names_the_printed_action() -> None:
    from .helpers import play, turn

    s = begin()
    turn(s, 0, "red-1")  # recruit 2, Refresh
    play(s, 0, "red-1")
    assert s.prompt("red").message() == "Vyborg Side 1: Recruit or Refresh (never both)?"
