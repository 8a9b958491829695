"""`agon bench ismcts --against openspiel`: both searches run on the same positions."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")  # the agon[rl] extra; CI installs it (.ci/run)

from agon.bench import bench_ismcts


def test_side_by_side_reports_both_searches_per_cpu_second() -> None:
    result = bench_ismcts(("dual-powers",), against="openspiel", iterations=4, positions=1, match_games=0)
    assert result.rate("dual-powers", "agon") > 0 and result.rate("dual-powers", "openspiel") > 0
    assert "OpenSpiel ISMCTS" in result.summary()


def test_unknown_opponent_is_refused() -> None:
    with pytest.raises(ValueError, match="--against takes 'openspiel'"):
        bench_ismcts(("dual-powers",), against="chess-engine")
