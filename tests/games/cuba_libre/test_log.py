"""Issue 10 item 2: the Cuba Libre log says what happened (pieces, levels, Resources, Aid, Cash,
Casinos, Control) and the Non-player rule trace is set apart and not repeated."""

from __future__ import annotations

import itertools

from agon.games.cuba_libre.data import GOVT, M26, space
from agon.games.cuba_libre.nonplayer import NonPlayerBot
from tests.games.cuba_libre.helpers import act, blank, op_in, situation, start


def lines(g, since: int) -> list[str]:
    return [e.message() for e in list(g._log)[since:]]


def test_train_logs_each_cube_placed_resources_and_control():
    g = situation({"havana": {"m26_a": 1}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "train")
    n = len(g._log)
    act(g, "space", "Havana")
    act(g, "place", "troop")
    act(g, "place", "police")
    out = lines(g, n)
    assert "Government Resources 10 -> 8." in out
    assert "1 Troop placed in Havana." in out and "1 Police placed in Havana." in out
    assert "Havana: Control 26July -> no one." in out and "Havana: Control no one -> Government." in out


def test_sweep_logs_moves_and_flips_and_assault_the_removals():
    g = situation({"havana": {"troop": 2}, "la_habana": {"m26_u": 2}}, res={"govt": 10})
    op_in(g, GOVT, "sweep", "La Habana")
    n = len(g._log)
    act(g, "move", ("Havana", "troop"))
    act(g, "move", ("Havana", "troop"))
    act(g, "done")  # the Sweep Activates once its Troops have moved (3.2.3)
    out = lines(g, n)
    assert out.count("1 Troop moves from Havana to La Habana.") == 2
    assert "2 26July Guerrillas in La Habana flip Active." in out
    g2 = situation({"havana": {"troop": 2, "dr_a": 1}}, res={"govt": 10})
    op_in(g2, GOVT, "assault", "Havana")
    assert "1 DR Guerrilla removed from Havana." in lines(g2, 0)


def test_support_terror_cash_and_casinos_are_logged():
    from agon.games.cuba_libre.chronicle import describe, snap

    g = situation({"havana": {"casino": 1, "syn_u": 1}})
    before = snap(g)
    g.shift(space("havana"), 1)
    g.add_terror(space("matanzas"))
    g.close_casino(space("havana"))
    g.cash[0] = space("havana") * 4 + 3
    g.aid += 3
    n = len(g._log)
    describe(g, before)
    out = lines(g, n)
    assert "Havana: Neutral -> Passive Support." in out
    assert "Matanzas: 1 Terror marker placed (1 there)." in out
    assert "1 Casino in Havana closes." in out
    assert "Cash placed in Havana with Syndicate." in out
    assert any(line.startswith("Aid ") for line in out)


def test_nonplayer_rule_trace_is_set_apart_and_once_per_step():
    g = blank(players=0)
    bot = NonPlayerBot()
    notes = []
    for _ in range(60):
        if g.is_over:
            break
        role = g.active[0]
        action = bot.choose(g, role)
        notes.append((role, bot.last_reason))
        g.apply(role, action, note=bot.last_reason)
    trace = [e for e in g._log if "by the rules" in e.text]
    assert trace and all(e.message().startswith("    [") for e in trace)
    assert not any(e.text == "{role}: {note}" for e in g._log)
    for a, b in itertools.pairwise(trace):
        assert a.args != b.args  # never the same step twice in a row
    assert len(trace) < len(notes)  # repeats of a step were dropped
    _ = M26


def test_cash_awaiting_its_holders_choice_is_still_in_its_space():
    """A Cash marker whose holder is deciding (4.5.2, encoded -2 - place) logs nothing until it moves."""
    from agon.games.cuba_libre.chronicle import describe, snap

    g = blank()
    code = space("havana") * 4 + 3
    g.cash[0] = code
    before = snap(g)
    g.cash[0] = -2 - code
    n = len(g._log)
    describe(g, before)
    assert lines(g, n) == []
    before = snap(g)
    g.cash[0] = -1
    describe(g, before)
    assert lines(g, n) == ["Cash removed from Havana (Syndicate)."]


def test_transport_destinations_say_transport_and_its_log_agrees_in_number():
    """Issue 33: a Transport destination was labelled "Redeploy to ..." (CL 4.2.1 is no Redeploy);
    the move of 2 Troops reads "2 Troops move" in the log."""
    from agon.engine import Action

    g = situation({"havana": {"troop": 5}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "train")
    act(g, "activity", "transport")
    act(g, "space", "Havana")
    assert str(g.label(Action("to", "Oriente"))) == "Transport to Oriente"
    act(g, "to", "Oriente")
    assert str(g.label(Action("troops", 2))) == "Move 2 Troops"
    n = len(g._log)
    act(g, "troops", 2)
    assert "2 Troops move from Havana to Oriente." in lines(g, n)


def test_a_reprisal_destination_says_relocate_and_a_redeploy_one_redeploy():
    """CL 4.2.3: Reprisal relocates a Guerrilla; CL 6.4: the Redeploy phase redeploys."""
    from agon.engine import Action

    g = situation({"matanzas": {"troop": 3, "m26_u": 1}}, res={"govt": 10})
    start(g, GOVT)
    act(g, "operation", "sweep")
    act(g, "activity", "reprisal")
    act(g, "space", "Matanzas")
    act(g, "relocate", "m26_u")
    assert str(g.label(Action("to", "Las Villas"))) == "Relocate to Las Villas"
    # no Base: its Troops must redeploy
    g2 = situation({"havana": {"troop": 1, "police": 1}, "pinar_del_rio": {"troop": 3}})
    g2.stack = []
    g2.push("prop_redeploy", GOVT)
    g2._run()
    act(g2, "move", ("Pinar del Río", "troop"))
    assert str(g2.label(Action("to", "Havana"))) == "Redeploy to Havana"
