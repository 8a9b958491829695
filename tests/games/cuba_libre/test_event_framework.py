"""The event framework (CL 5.x): registry, ordering of queued steps, reusable steps, free ops."""

from __future__ import annotations

import pytest

from agon.games.cuba_libre import events as ev
from agon.games.cuba_libre.data import DIRECTORIO, GOVT, M26, SYN, space
from tests.games.cuba_libre.helpers import act, blank, legal, situation


def S(name: str) -> int:
    return space(name)


def run_steps(g, f: int, fn) -> None:
    """Run fn(g, f) as if it were an event's text."""
    g.phase = "card"
    g.cand = ()
    g.n_acted = 1
    g.stack = []
    mark = len(g.stack)
    fn(g, f)
    ev._order(g, mark)
    g.changed()
    g._run()


def test_registry_rejects_unknown_cards_and_single_text_shaded():
    with pytest.raises(ValueError):
        ev.event(60)
    with pytest.raises(ValueError):
        ev.event(11, shaded=True)
    assert ev.has_event(15, False) and ev.has_event(15, True)
    assert ev.missing_events() == []


def test_queued_steps_run_in_order_and_then_runs_after_choices():
    g = blank()
    seen = []

    def text(g, f):
        ev.choose_space(g, f, (S("havana"), S("matanzas")), lambda g, s: seen.append(("space", s)))
        ev.choose_faction(g, f, (M26, DIRECTORIO), lambda g, x: seen.append(("faction", x)))
        ev.then(g, lambda g: seen.append(("then",)))

    run_steps(g, GOVT, text)
    assert legal(g) == [("space", "Havana"), ("space", "Matanzas")]
    act(g, "space", "Matanzas")
    assert legal(g) == [("faction", "m26"), ("faction", "dr")]
    act(g, "faction", "dr")
    assert seen == [("space", S("matanzas")), ("faction", DIRECTORIO), ("then",)]


def test_place_remove_and_shift_steps():
    g = situation({"oriente": {"dr_u": 2}})

    def text(g, f):
        ev.place(g, f, ("m26_u", "m26_base"), count=2, spaces=lambda g, s: s == S("matanzas"))
        ev.remove(g, f, ("dr_u",), count=1)
        ev.shift(g, f, 2, -1, spaces=lambda g, s: s in (S("havana"), S("oriente"), S("ec_cigar")))

    run_steps(g, M26, text)
    assert ("place", ("Matanzas", "m26_base")) in legal(g)
    act(g, "place", ("Matanzas", "m26_base"))
    act(g, "place", ("Matanzas", "m26_u"))
    act(g, "remove", ("Oriente", "dr_u"))
    assert [a for v, a in legal(g)] == ["Havana", "Oriente"]  # ECs have no level
    act(g, "space", "Havana")
    act(g, "space", "Oriente")
    assert g.sp[S("matanzas")][5] == 1 and g.sp[S("matanzas")][3] == 1 and g.sp[S("oriente")][6] == 1
    assert g.support[S("havana")] == -1 and g.support[S("oriente")] == -1


def test_event_removal_closes_casinos_unless_the_syndicate_removes_its_own():
    g = situation({"havana": {"casino": 1}})
    run_steps(g, GOVT, lambda g, f: ev.remove(g, f, ("casino",), count=1))
    act(g, "remove", ("Havana", "casino"))
    assert g.sp[S("havana")][11] == 0 and g.sp[S("havana")][12] == 1


def test_free_op_is_free_limited_to_its_spaces_and_keeps_eligibility():
    g = situation({"la_habana": {"dr_u": 2}}, res={"dr": 0})
    run_steps(g, GOVT, lambda g, f: ev.free_op(g, DIRECTORIO, ops=("march",), spaces=(S("matanzas"), S("havana"))))
    assert legal(g) == [("operation", "march")]
    act(g, "operation", "march")
    assert sorted(a for v, a in legal(g) if v == "space") == ["Havana", "Matanzas"]
    act(g, "space", "Matanzas")
    act(g, "move", ("La Habana", "underground"))
    act(g, "done")
    act(g, "done")
    assert g.res[DIRECTORIO] == 0 and g.sp[S("matanzas")][6] == 1
    assert DIRECTORIO not in g.executed
    assert g.last_op == (DIRECTORIO, "march", (S("matanzas"),))


def test_free_sa_outside_an_operation():
    g = situation({"havana": {"troop": 2, "casino": 1}, "ec_cigar": {"syn_u": 1}})
    run_steps(g, GOVT, lambda g, f: ev.free_sa(g, SYN, "bribe"))
    res = g.res[SYN]
    act(g, "space", "Havana")
    act(g, "remove", "troop")
    act(g, "done")
    assert g.res[SYN] == res and g.sp[S("havana")][0] == 1


def test_capability_momentum_and_eligibility_helpers():
    g = blank()
    ev.add_capability(g, 28)
    ev.add_momentum(g, 4)
    assert g.has_cap(28) and g.has_mom(4)
    ev.remove_capability(g, 28)
    assert not g.has_cap(28)
    ev.stay_eligible(g, DIRECTORIO)
    ev.ineligible_next(g, M26)
    g.executed = frozenset({DIRECTORIO, GOVT})
    g.end_card()
    assert g.elig == [False, False, True, True]


def test_redeploy_step_for_card_11():
    g = situation({"havana": {"troop": 1, "police": 1}, "pinar_del_rio": {"troop": 2}})
    run_steps(g, GOVT, lambda g, f: ev.redeploy(g))
    assert g.stack[-1]["step"] == "prop_redeploy" and ("done", None) not in legal(g)
