"""`agon ladder` (issue 36 item 1): every bot against every other and the automata, every seat,
with Wilson intervals, openskill ratings, a resumable results file and a markdown table."""

from __future__ import annotations

import json

import pytest

from agon.ladder import BEGIN, END, Budget, Ladder, markdown, rows_of, seatings, write_docs
from agon.report import wilson

TINY = Budget(iterations=2)


def _small(path) -> Ladder:
    """Dual Powers, random and ismcts only: both seats against each other, and red against the
    Opposition at difficulty 3 (a couple of games each, 2 iterations a move)."""
    ladder = Ladder(["dual-powers"], 2, 0, TINY, path)
    ladder.seatings = [s for s in ladder.seatings
                       if {bot for _role, bot in s.seats} <= {"random", "ismcts"}
                       and (not s.against or (s.against.endswith("3") and s.seats[0][0] == "red"))]
    return ladder


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("ladder") / "ladder.json"
    ladder = _small(path)
    ladder.play()
    ladder.save(summary=True)
    return ladder, path


def test_every_seat_and_the_automata_with_each_bot_as_its_own_baseline():
    found = seatings("cuba-libre", automata_only=True)
    assert {s.seats[0] for s in found} == {(side, bot) for side in ("govt", "m26", "dr", "syndicate")
                                          for bot in ("random", "ismcts", "greedy", "nonplayer")}  # CL 8.0
    duals = seatings("dual-powers")
    solo = [s for s in duals if s.against]
    assert {(dict(s.options)["difficulty"], s.seats[0][0]) for s in solo} == {(3, "red"), (3, "white"), (6, "red"),
                                                                              (6, "white")}
    two = [s for s in duals if not s.against]
    assert len(two) == 4 * 3  # every ordered pair of the four bots, once (A-B counts for both seats)
    assert {(r.role, r.bot, r.against) for s in two for r in rows_of(s)} == {
        (role, a, b) for role in ("red", "white") for a in ("random", "ismcts", "greedy", "opposition")
        for b in ("random", "ismcts", "greedy", "opposition") if a != b}


def test_the_rows_carry_wilson_intervals_and_the_table_says_its_budget(played):
    ladder, _path = played
    rows = ladder.rows()
    assert rows and all(r["games"] == 2 for r in rows)
    for r in rows:
        assert (r["rate"], r["low"], r["high"]) == wilson(r["wins"], r["games"])
    table = markdown(ladder, "agon ladder --iterations 2")
    lines = table.splitlines()
    assert lines[0] == "`agon ladder --iterations 2`"
    assert "Budget: `ismcts` at 2 iterations a move" in lines[2] and "2 games a row" in lines[2]
    header = next(line for line in lines if line.startswith("| game | seat"))
    assert header == "| game | seat | against | `random` | `ismcts` |"
    assert "| Dual Powers | red | Opposition, difficulty 3 |" in table
    red_vs_random = next(r for r in rows if (r["role"], r["bot"], r["against"]) == ("red", "ismcts", "random"))
    cell = f"{red_vs_random['wins']:g}/2 {red_vs_random['rate']:.0%} ({red_vs_random['low']:.0%}–"
    assert cell in next(line for line in lines if line.startswith("| Dual Powers | red | `random` |"))


def test_ratings_use_the_servers_model_and_scale(played):
    from agon.server.ratings import display

    ladder, _path = played
    table = ladder.ratings()["dual-powers"]
    names = {entry["player"] for entry in table}
    assert names == {"random", "ismcts:iterations=2", "Opposition, difficulty 3"}
    assert all(entry["rating"] == display(entry["mu"], entry["sigma"]) for entry in table)
    assert sum(entry["games"] for entry in table) == 2 * 2 * (2 + 2)  # each game rates two players


def test_a_run_resumes_from_its_file_and_repeats_itself(played, tmp_path):
    ladder, path = played
    again = _small(path)
    assert again.work() == []  # everything is in the file
    saved = json.loads(path.read_text())
    assert saved["summary"]["rows"] == ladder.rows()
    with pytest.raises(ValueError, match="another budget or seeds"):
        Ladder(["dual-powers"], 2, 0, Budget(iterations=3), path)
    fresh = _small(tmp_path / "again.json")
    fresh.seatings = [s for s in fresh.seatings if s.against]  # (the solo games: the cheapest to play again)
    fresh.play()
    assert fresh.rows() == [r for r in ladder.rows() if r["against"].startswith("Opposition")]  # the same games


def test_the_table_goes_between_the_markers(tmp_path):
    page = tmp_path / "bots.md"
    page.write_text(f"# Bots\n{BEGIN}\nold\n{END}\nafter\n")
    write_docs(page, "| new |")
    assert page.read_text() == f"# Bots\n{BEGIN}\n| new |\n{END}\nafter\n"
    page.write_text("# no markers\n")
    with pytest.raises(ValueError, match=r"no .* markers"):
        write_docs(page, "| new |")


def test_the_command_says_how_to_make_the_table_again_and_bad_input_is_one_line(capsys):
    from agon.cli.ladder import command_of
    from agon.cli.main import build_parser, main

    args = build_parser().parse_args(["ladder", "--game", "cuba-libre", "--automata-only", "cuba-libre", "--cpu",
                                      "0.05", "--games", "3"])
    assert command_of(args) == ("agon ladder --game cuba-libre --automata-only cuba-libre --games 3 --seed 0 "
                                "--cpu 0.05 --workers 1 --out ladder.json")
    assert main(["ladder", "--games", "0"]) == 2
    assert main(["ladder", "--game", "chess"]) == 2
    assert main(["ladder", "--cpu", "0"]) == 2
    out = capsys.readouterr().out
    assert out.count("agon: ") == 3 and "Traceback" not in out
