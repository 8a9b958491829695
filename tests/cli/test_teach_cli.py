"""Bots that teach in the terminal (issue 36 items 4 and 5): `agon analyse RECORD` (a compact
graph and the decisions that lost the most) and the key `t` (a tip: the bot's top three
choices). Budgets are tiny."""

from __future__ import annotations

import json
import re
from pathlib import Path

from agon.bots.analysis import Budget, analyse
from tests.cli.test_newcomer import run

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
TINY = ["--iterations", "4", "--match-iterations", "400"]


def test_analyse_prints_a_graph_line_per_seat_and_the_worst_decisions(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["analyse", str(GOLDEN / "1989-handicap.json"), *TINY, "--lang", "en"])
    assert code == 0
    assert "Analysis of 1989: Dawn of Freedom: 83 decisions judged of 89 actions" in out.replace("\n", " ")
    assert re.search(r"Democrat +[▁▂▃▄▅▆▇█]+ +\d+% → 0%", out) and re.search(r"Communist +[▁▂▃▄▅▆▇█]+ +\d+% → 100%", out)
    assert "The decisions that lost the most" in out and "the bot's choice" in out


def test_analyse_json_is_the_analysis_the_server_stores(monkeypatch, capsys):
    record = GOLDEN / "dual-powers-solo.json"
    code, out = run(monkeypatch, capsys, ["analyse", str(record), *TINY, "--seed", "2", "--json"])
    assert code == 0
    assert json.loads(out) == analyse(json.loads(record.read_text()), Budget(4, 400), 2)


def test_analyse_refuses_a_game_that_is_not_over_in_one_line(monkeypatch, capsys, tmp_path):
    record = json.loads((GOLDEN / "dual-powers-solo.json").read_text())
    record["actions"] = record["actions"][:5]
    record.pop("digest", None)
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record))
    code, out = run(monkeypatch, capsys, ["analyse", str(path)])
    assert code == 2 and out.strip() == "agon: only a finished game is analysed; this record stops before the end"


def test_t_shows_the_bots_top_choices_by_their_numbers(monkeypatch, capsys):
    monkeypatch.setattr("agon.cli.main.HINT_BUDGET", Budget(iterations=6, match_iterations=6))
    argv = ["play", "dual-powers", "--seed", "4", "--seat", "red=human", "--seat", "white=random", "--lang", "en"]
    code, out = run(monkeypatch, capsys, argv, "t\nq\n")
    assert code == 0
    tips = out.split("The bot's top choices")[1].splitlines()[1:4]
    assert all(re.match(r" +\d+ .+ \d+%$", line) for line in tips), tips


def test_no_tips_turns_t_off(monkeypatch, capsys):
    argv = ["play", "dual-powers", "--seed", "4", "--seat", "red=human", "--seat", "white=random", "--no-tips", "--lang", "en"]
    code, out = run(monkeypatch, capsys, argv, "t\nq\n")
    assert code == 0 and "Tips are off in this game." in out
