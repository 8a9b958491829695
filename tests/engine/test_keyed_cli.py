"""Issue 29 item 1 at the command line: `agon play` without `--seed` deals from a secret 128-bit
seed with the keyed generator, never shows that seed, saves it in the record (which says
"keyed") and continues it with `--load`; `--seed N` is the SplitMix game it always was; fuzz
and bench take `--generator keyed`; a keyed game's bots get seeds that say nothing of its seed."""

from __future__ import annotations

import json

from agon.engine import replay
from agon.engine.rng import derived_seed
from agon.match import bot_seed, play_match
from agon.testing import fuzz
from tests.engine import toy  # noqa: F401 - registers high-card
from tests.engine.test_cli import run


def test_play_without_a_seed_is_keyed_with_a_secret_seed_it_never_shows(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--save", str(save)], "1\nq\n")
    record = json.loads(save.read_text())
    assert code == 0 and record["generator"] == "keyed" and 0 <= record["seed"] < 1 << 128
    assert str(record["seed"]) not in out and "a secret seed" in out and "seed " not in out.split("\n")[0]
    code, out = run(monkeypatch, capsys, ["replay", str(save), "--verify"])
    assert code == 0 and "replay exactly" in out
    code, out = run(monkeypatch, capsys, ["play", "--load", str(save), "--seat", "north=random", "--save", str(save)])
    continued = json.loads(save.read_text())
    assert code == 0 and "Game over" in out and str(record["seed"]) not in out
    assert continued["seed"] == record["seed"] and continued["generator"] == "keyed"
    assert continued["actions"][:1] == record["actions"]


def test_play_with_a_seed_is_the_splitmix_game_it_was_unless_told(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--seed", "3", "--save", str(save)],
                    "q\n")
    record = json.loads(save.read_text())
    assert code == 0 and "seed 3" in out and record["seed"] == 3 and "generator" not in record
    code, out = run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--seed", "3", "--generator", "keyed",
                                          "--save", str(save)], "q\n")
    record = json.loads(save.read_text())
    assert code == 0 and "seed 3" not in out and record["seed"] == 3 and record["generator"] == "keyed"


def test_load_refuses_a_seed_or_a_generator_in_one_line(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    run(monkeypatch, capsys, ["play", "high-card", "--seat", "north=human", "--save", str(save)], "q\n")
    for extra in (["--seed", "4"], ["--generator", "splitmix"]):
        code, out = run(monkeypatch, capsys, ["play", "--load", str(save), *extra])
        assert code == 2 and "no --seed or --generator" in out and len(out.strip().splitlines()) == 1


def test_fuzz_and_bench_take_the_keyed_generator(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, ["fuzz", "high-card", "--games", "10", "--generator", "keyed"])
    assert code == 0 and "10 games" in out and "0 problems" in out
    code, out = run(monkeypatch, capsys, ["bench", "high-card", "--seconds", "0.2", "--generator", "keyed"])
    assert code == 0 and "keyed generator" in out and "games/s" in out


def test_fuzz_refuses_seeds_its_generator_does_not_take():
    try:
        fuzz("high-card", 3, first_seed=-5, generator="keyed")
    except ValueError as err:
        assert "2**256" in str(err)
    else:
        raise AssertionError("a keyed fuzz from seed -5 ran")


def test_a_keyed_games_bots_are_seeded_one_way_from_its_seed():
    seed = (1 << 127) + 99
    assert bot_seed(7, 2) == 7003  # SplitMix games: as ever (tournaments and tests replay the same)
    assert bot_seed(seed, 0, "keyed") == derived_seed(seed, "bot", 0) != bot_seed(seed, 1, "keyed")
    assert all(bot_seed(seed, k, "keyed") < 1 << 64 for k in range(4))
    state = play_match("high-card", {"north": "random", "south": "random"}, seed, generator="keyed")
    assert state.generator == "keyed" and state.is_over
    assert replay(state.record()).digest() == state.digest()
