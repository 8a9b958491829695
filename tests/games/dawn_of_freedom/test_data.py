"""1989 data files: loaded once, validated (counts, adjacency, start SPs, decks, power cards)."""

from __future__ import annotations

import pytest

import agon
from agon.games.dawn_of_freedom import data
from agon.games.dawn_of_freedom.data import CARDS, POWER_CARDS, SPACES, space


def test_counts_and_facts() -> None:
    assert len(SPACES) == 75 and len(CARDS) == 110 and len(POWER_CARDS) == 52
    assert [CARDS[n].country for n in (22, 23, 42, 43, 55, 95)] == [
        "Poland", "Hungary", "East Germany", "Bulgaria", "Czechoslovakia", "Romania"]
    assert space("Bucuresti") == space("București") == space("Bucureşti")
    assert data.COUNTRY["Hungary"].control == 4 and data.COUNTRY["Bulgaria"].control == 3
    assert data.TST_NEEDS[0][:2] == (5, 5) and data.TST_NEEDS[1][-1] == 5
    assert agon.load("1989").roles() == ["democrat", "communist"]


def test_seed_adjacencies() -> None:
    """The adjacencies the seed's examples confirm (1989.md Part 2)."""
    adj = {s.name: {SPACES[a].name for a in s.adjacent} for s in SPACES}
    assert {"Kraków", "Polish Writers"} <= adj["Jagiellonian University"]
    assert {"Łódź", "Catholic Church, Poland"} <= adj["Kraków"]
    assert {"Bratislava", "Ostrava", "Prešov"} == adj["Catholic Church, Czechoslovakia"]
    assert "Košice" in adj["Prešov"] and "Košice" not in adj["Catholic Church, Czechoslovakia"]
    stab = {s.name: s.stability for s in SPACES}
    assert (stab["Dresden"], stab["Budapest"], stab["Kraków"], stab["Jagiellonian University"]) == (4, 3, 3, 1)


def test_validation_rejects_bad_data() -> None:
    countries, spaces, cards, power, tables = data._load()
    broken = list(spaces)
    broken[0] = broken[0]._replace(adjacent=(*broken[0].adjacent, 74))
    with pytest.raises(ValueError, match="not symmetric"):
        data._validate(countries, tuple(broken), cards, power, tables)
    with pytest.raises(ValueError, match="110 strategy cards"):
        data._validate(countries, spaces, cards[:-1], power, tables)
    with pytest.raises(ValueError, match="stability"):
        data._validate(countries, (spaces[0]._replace(stability=9), *spaces[1:]), cards, power, tables)
