"""Random full games (IC-1 .. IC-10 end to end): no crash, no dead end, invariants after every action,
replay determinism (agon.testing.fuzz). 200 games per player count, in chunks for pytest-xdist."""

from __future__ import annotations

import pytest

from agon.bench import bench
from agon.testing import fuzz

CHUNK = 100


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fuzz_200_games_per_player_count(players: int, chunk: int) -> None:
    report = fuzz("intrigue-city", CHUNK, {"players": players}, first_seed=chunk * CHUNK)
    assert report.ok, report.summary()
    assert report.games == CHUNK


VARIANTS = [
    {"beginner": True},
    {"short": True},
    {"blank_vote": True},
    {"advanced": "A"},
    {"advanced": "B", "theme": "whispers"},
    {"advanced": "B", "theme": "gold_and_steel"},
    {"advanced": "B", "theme": "web_of_lies"},
    {"advanced": "B", "theme": "shifting_alliances"},
    {"short": True, "blank_vote": True, "beginner": True},
    {"strict_victory": True, "formed_favour": False, "limit_equilibrium": True, "schemer_tie": "shared"},
    {"unlimited_bank": True, "blank_vote": True, "arrangement_value": 1, "advanced": "B", "theme": "shifting_alliances"},
    {"schemer_tie": "none", "advanced": "A", "short": True},
]


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "-".join(f"{k}={x}" for k, x in v.items()))
def test_fuzz_variants(variant: dict, players: int) -> None:
    report = fuzz("intrigue-city", 12, {"players": players, **variant}, first_seed=1000)
    assert report.ok, report.summary()


def test_bench_runs() -> None:
    result = bench("intrigue-city", 0.3, {"players": 4})
    assert result.games >= 1 and result.clone_us < 100
