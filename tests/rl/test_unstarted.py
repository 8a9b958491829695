"""Issue 35 item 4 (found by mypy: the environment's game is None until reset()): asking an
environment for an observation before reset() says what to do in one line, not
`'NoneType' object has no attribute ...`."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")  # the agon[rl] extra; CI installs it (.ci/run)

from agon.rl.pettingzoo import env


def test_observe_before_reset_says_call_reset() -> None:
    unstarted = env("dual-powers")
    with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
        unstarted.unwrapped.observe("red")
