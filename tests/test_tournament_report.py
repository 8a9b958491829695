"""`agon tournament ... --out results.json` and `agon report` (issue 13): the JSON the issue names,
the balance numbers, the plots (PNG and a self-contained HTML page), and Ray Core tasks on a local Ray."""

from __future__ import annotations

import json

import pytest

from agon.cli.main import main
from agon.report import balance, load_results, pooled, wilson
from agon.tournament import tournament


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    path = tmp_path_factory.mktemp("tour") / "results.json"
    assert main(["tournament", "dual-powers", "--games", "6", "--jobs", "2", "--seat", "red=greedy",
                 "--out", str(path)]) == 0
    return path


def test_out_writes_the_json_the_issue_names(results):
    data = json.loads(results.read_text())
    assert data["game"] == "dual-powers" and data["seats"] == {"red": "greedy", "white": "random"}
    assert data["games"] == 6 and sum(data["wins"].values()) + data["draws"] == 6
    assert len(data["lengths"]) == 6 and set(data["seconds_per_move"]) == {"red", "white"}
    assert data["seconds_per_move"]["red"] > data["seconds_per_move"]["white"] > 0
    assert data["cpu_per_move"]["red"] > data["cpu_per_move"]["white"] > 0  # (the CPU time beside the wall clock)
    assert [r["seed"] for r in data["results"]] == list(range(6))
    assert all(r["first"] in ("red", "white") and r["winners"] for r in data["results"])


def test_the_results_replay_seed_by_seed(results):
    data = json.loads(results.read_text())
    again = tournament("dual-powers", {"red": "greedy", "white": "random"}, 2).to_json()
    assert again["results"][:2] == data["results"][:2]


def test_report_numbers(results, capsys):
    numbers = balance(load_results(results))
    rate, low, high = numbers.win_rates["red"]
    assert low <= rate <= high and numbers.first_wins[1] <= numbers.first_wins[0] <= numbers.first_wins[2]
    assert len(numbers.lengths) == 6 and len(numbers.margins) == 6
    assert main(["report", str(results)]) == 0
    out = capsys.readouterr().out
    assert "95%" in out and "first player won" in out and "ms/move" in out


def test_wilson_interval_of_a_known_case():
    rate, low, high = wilson(10, 20)
    assert rate == 0.5 and round(low, 3) == 0.299 and round(high, 3) == 0.701


def test_report_draws_pngs_and_one_self_contained_page(results, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="agon[report] is installed in CI (.ci/run)")
    assert main(["report", str(results), "--png", str(tmp_path / "plots")]) == 0
    names = sorted(p.name for p in (tmp_path / "plots").iterdir())
    assert names == ["first_player.png", "lengths.png", "margins.png", "win_rates.png"]
    assert all((tmp_path / "plots" / n).read_bytes()[:4] == b"\x89PNG" for n in names)
    page = tmp_path / "balance.html"
    assert main(["report", str(results), "--html", str(page)]) == 0
    text = page.read_text()
    assert text.count("<svg") == 4 and "src=" not in text and "Dual Powers: Revolution 1917 (players=2)" in text


def test_report_refuses_what_is_not_a_results_file(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps({"game": "1989"}))
    assert main(["report", str(bad)]) == 2
    out = capsys.readouterr().out
    assert "not a tournament's results: no seats" in out and "Traceback" not in out
    assert main(["report", str(tmp_path / "missing.json")]) == 2


def test_report_pools_the_parts_of_one_tournament_and_refuses_others(results, tmp_path, capsys):
    later = tmp_path / "later.json"
    assert main(["tournament", "dual-powers", "--games", "3", "--seed", "6", "--seat", "red=greedy",
                 "--out", str(later)]) == 0
    whole = tournament("dual-powers", {"red": "greedy", "white": "random"}, 9).to_json()
    capsys.readouterr()
    assert main(["report", str(results), str(later)]) == 0
    assert capsys.readouterr().out.startswith("Dual Powers: Revolution 1917 (players=2): 9 games")
    numbers = balance(pooled([load_results(results), load_results(later)], ["a", "b"]))
    assert numbers.win_rates == balance(whole).win_rates and sorted(numbers.lengths) == sorted(whole["lengths"])
    assert main(["report", str(results), str(results)]) == 2
    assert "seed 0 is in both" in capsys.readouterr().out
    other = tmp_path / "other.json"
    assert main(["tournament", "dual-powers", "--games", "1", "--seed", "20", "--out", str(other)]) == 0
    capsys.readouterr()
    assert main(["report", str(results), str(other)]) == 2
    assert "another tournament" in capsys.readouterr().out


def test_a_tournament_on_a_local_ray_cluster(tmp_path):
    pytest.importorskip("ray", reason="agon[cluster] is installed in CI (.ci/run)")
    path = tmp_path / "ray.json"
    assert main(["tournament", "dual-powers", "--games", "4", "--ray", "local", "--out", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["games"] == 4 and sorted(r["seed"] for r in data["results"]) == [0, 1, 2, 3]
    local = tournament("dual-powers", {"red": "random", "white": "random"}, 4).to_json()
    assert sorted(map(json.dumps, data["results"])) == sorted(map(json.dumps, local["results"]))
