"""`agon train GAME` end to end on a tiny budget, one test per game (issue 36 item 8): MaskablePPO
trains in a seat, the policy is saved, loaded back as the bot `ppo:path=FILE`, measured against
random and greedy (win rates with Wilson intervals, the random bot's beside them), printed as a
table and written as JSON; and the saved policy takes a seat in `agon tournament`.

Needs the `[train]` extra (PyTorch CPU, sb3-contrib); CI installs it (.ci/run). The budget (256
steps, one measuring game per opponent) checks the pipeline, not the policy's strength: docs/rl.md
has the full-budget results. Together the four cost about 13 CPU seconds and PyTorch's import 2.3 more;
Cuba Libre's, about 5, needs it: its measuring games against three greedy bots are long.
"""

from __future__ import annotations

import json
import tempfile

import pytest

pytest.importorskip("sb3_contrib", reason="the [train] extra is not installed: pip install -e '.[train]' (CI installs it)")

from agon.bots import bots
from agon.engine import load
from agon.rl.policy import read_info
from agon.testing import every_game
from tests.cli.test_newcomer import run

STEPS, GAMES = "256", "1"
# the four games (agon's own have a greedy bot; the suite's toy game would cost 2.5 CPU s for nothing new)
GAMES_WITH_GREEDY = [game_id for game_id in every_game() if "greedy" in bots(game_id)]


@pytest.mark.parametrize("game_id", GAMES_WITH_GREEDY)
def test_train_saves_a_policy_that_is_measured_and_seated_as_a_bot(monkeypatch, capsys, tmp_path, game_id):
    out = tmp_path / "policy.zip"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    code, text = run(monkeypatch, capsys, ["train", game_id, "--steps", STEPS, "--games", GAMES, "--out", str(out)])
    assert code == 0, text
    assert not list(scratch.glob("SB3-*")), "training left a folder in the temporary directory (SB3's logger)"
    seat = load(game_id).roles(**load(game_id).normalize_options({}))[0]
    lines = text.splitlines()
    assert lines[0].startswith(f"{game_id}: the policy in seat {seat}")
    opponents = ["random", "greedy"]
    assert [line.split()[0] for line in lines[2:4]] == opponents, text
    assert f"ppo:path={out}" in text

    info = read_info(out)  # the file says what it is, read without PyTorch
    assert (info.game, info.seat, info.opponent) == (game_id, seat, "random") and info.steps >= int(STEPS)
    results = json.loads(out.with_suffix(".json").read_text())
    assert results["command"] == (f"agon train {game_id} --steps {STEPS} --seed 0 --seat {seat} --opponent random "
                                  f"--games {GAMES} --out {out}")
    assert [r["opponent"] for r in results["results"]] == opponents
    for row in results["results"]:
        assert row["games"] == int(GAMES) and 0 <= row["low"] <= row["rate"] <= row["high"] <= 1
        assert 0 <= row["random_low"] <= row["random_rate"] <= row["random_high"] <= 1

    code, text = run(monkeypatch, capsys, ["tournament", game_id, "--seat", f"{seat}=ppo:path={out}", "--games", "1"])
    assert code == 0 and f"ppo:path={out}" in text, text
