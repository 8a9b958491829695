"""Smoke run of examples/train_dual_powers.py: a few hundred MaskablePPO steps, then one game as a bot.

Runs only where sb3-contrib (and so PyTorch) is installed; CI does not install it (docs/rl.md).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (CI does not install it; docs/rl.md)")

from agon.bots import GENERIC_BOTS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_dual_powers.py"


def test_example_trains_a_few_hundred_steps_and_plays_through_make_bot() -> None:
    spec = importlib.util.spec_from_file_location("train_dual_powers", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    try:
        model = module.train(steps=256, seed=0)
        tally = module.evaluate(model, games=1, seed=0)
        assert sum(tally.values()) == 1
    finally:
        GENERIC_BOTS.pop("ppo", None)
