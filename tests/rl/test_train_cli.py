"""`agon train` and the `ppo:path=FILE` bot without PyTorch (issue 36 item 8): every bad input is one
line and exit 2 before anything trains, a missing `[train]` extra names the pip command, and the
server never seats a policy file (it has no limit for the setting `path`). Nothing here trains."""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("gymnasium")  # the agon[rl] extra; CI installs it (.ci/run)

from agon.bots import bots, check_bot
from agon.server.bot_limits import BotLimits
from agon.testing import every_game
from tests.cli.test_newcomer import run


@pytest.mark.parametrize(("argv", "words"), [
    (["train", "no-such-game"], "no-such-game"),
    (["train", "dual-powers", "--seat", "blue"], "no seat blue in dual-powers; seats: red, white"),
    (["train", "dual-powers", "--steps", "0"], "--steps must be 1 or more; got 0"),
    (["train", "dual-powers", "--games", "0"], "--games must be 1 or more; got 0"),
    (["train", "dual-powers", "--threads", "0"], "--threads must be 1 or more; got 0"),
    (["train", "dual-powers", "--opponent", "nobody"], "no bot 'nobody' for dual-powers"),
    (["train", "dual-powers", "--opponent", "ismcts:speed=2"], "bot ismcts has no setting speed"),
    (["train", "dual-powers", "--players", "1", "--side", "red"], "has one seat (red)"),
    (["train", "dual-powers", "--out", "policy.pt"], "a policy file's name ends in .zip"),
    (["train", "dual-powers", "--out", "a,b.zip"], "may not hold a comma"),
    (["tournament", "1989", "--seat", "democrat=ppo", "--games", "1"], "bot ppo needs the setting path"),
    (["tournament", "1989", "--seat", "democrat=ppo:path=/no/such.zip", "--games", "1"], "no policy file /no/such.zip"),
])
def test_every_bad_input_is_one_line_and_exit_2(monkeypatch, capsys, tmp_path, argv, words):
    monkeypatch.chdir(tmp_path)
    code, out = run(monkeypatch, capsys, argv)
    assert code == 2 and words in out and len(out.strip().splitlines()) == 1, out
    assert list(tmp_path.iterdir()) == []  # nothing trained, nothing written


def test_a_file_that_is_no_policy_is_refused_in_one_line(monkeypatch, capsys, tmp_path):
    fake = tmp_path / "notes.zip"
    fake.write_text("not a zip")
    code, out = run(monkeypatch, capsys, ["tournament", "1989", "--seat", f"democrat=ppo:path={fake}", "--games", "1"])
    assert code == 2 and "is not a policy file `agon train` saved" in out and len(out.strip().splitlines()) == 1


@pytest.mark.parametrize("module", ["torch", "sb3_contrib"])
def test_a_missing_train_extra_is_one_line_naming_the_pip_command(monkeypatch, capsys, tmp_path, module):
    monkeypatch.setitem(sys.modules, module, None)  # `import torch` now raises ImportError
    monkeypatch.chdir(tmp_path)
    code, out = run(monkeypatch, capsys, ["train", "dual-powers", "--steps", "64"])
    assert code == 2 and len(out.strip().splitlines()) == 1
    assert f"agon train needs the [train] extra, PyTorch and sb3-contrib ({module} is not installed)" in out, out
    assert "pip install 'agon[train]'" in out
    assert list(tmp_path.iterdir()) == []


def test_the_ppo_bot_is_not_listed_and_the_server_never_seats_it():
    """A policy file is unpickled when read: no web seat may name one (agon/server/bot_limits.py)."""
    for game_id in every_game():
        assert "ppo" not in bots(game_id)
        check_bot("ppo:path=policy.zip", game_id)  # the command line may
        for spec in ("ppo:path=policy.zip", "ppo"):
            with pytest.raises(ValueError, match="path"):
                BotLimits().check(spec, game_id)
