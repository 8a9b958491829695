"""Data files (map, forces, set-up, deck) and the standard set-up (CL 1.3, S2, S4)."""

from __future__ import annotations

import agon
from agon.games.cuba_libre.data import (
    ADJ,
    CARDS,
    FORCES,
    HAVANA,
    HAVANA_STEPS,
    N_SPACES,
    ORDER,
    POP,
    SPACE_IDS,
    space,
)


def test_map_has_13_spaces_15_adjacencies_and_rejected_pairs():
    assert N_SPACES == 13 and sum(len(a) for a in ADJ) == 30
    assert space("matanzas") not in ADJ[HAVANA]
    assert space("santiago_de_cuba") not in ADJ[space("oriente")]
    assert len(ADJ[HAVANA]) == 1 and len(ADJ[space("santiago_de_cuba")]) == 1
    assert sum(POP) == 17


def test_havana_steps_match_a_breadth_first_search():
    dist = {HAVANA: 0}
    frontier = [HAVANA]
    while frontier:
        nxt = []
        for s in frontier:
            for a in ADJ[s]:
                if a not in dist:
                    dist[a] = dist[s] + 1
                    nxt.append(a)
        frontier = nxt
    assert [dist[s] for s in range(N_SPACES)] == list(HAVANA_STEPS)


def test_available_forces_and_cards():
    assert FORCES == (15, 15, 2, 15, 4, 15, 4, 6, 10)
    assert len(CARDS) == 52 and len(ORDER) == 48
    assert ORDER[1] == (0, 1, 2, 3)


def test_standard_setup_totals():
    g = next(g for g in (agon.load("cuba-libre").new(seed) for seed in range(20)) if g.prop_played == 0)
    assert g.total_support() == 16
    assert g.opposition_plus_bases() == 7
    assert g.dr_pop_plus_bases() == 1
    assert g.open_casinos() == 3
    ctrl = {SPACE_IDS[s]: g.control(s) for s in range(N_SPACES)}
    assert ctrl["havana"] == 0 and ctrl["las_villas"] == 0 and ctrl["sierra_maestra"] == 1
    assert ctrl["camaguey_province"] == 2 and ctrl["pinar_del_rio"] == 3 and ctrl["la_habana"] == -1
    assert g.res == [15, 10, 5, 15] and g.aid == 15 and g.alliance == 0
    assert g.avail == [3, 7, 2, 11, 3, 12, 4, 6, 7]
    g.check_invariants()


def test_1_7_control_counts_open_casinos_only():
    from tests.games.cuba_libre.helpers import situation

    g = situation({"havana": {"troop": 2, "police": 1, "dr_u": 1, "casino": 1, "closed_casino": 1}})
    assert g.control(space("havana")) == 0


def test_render_shows_the_board():
    game = agon.load("cuba-libre")
    g = game.new(3)
    text = game.render(g.view("govt"), "govt")
    for word in ("Havana", "Sierra Maestra", "Total Support", "Eligible", "Aid"):
        assert word in text
