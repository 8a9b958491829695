"""The events API's core mechanisms (events.py docstring): hooks, effects, steps, map changes."""

from __future__ import annotations

from agon.games.dawn_of_freedom.data import SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import (
    Effect,
    in_country,
    of_class,
    pick_option,
    place,
    power_struggle,
    remove,
    then,
)
from agon.games.dawn_of_freedom.scoring import battlegrounds
from agon.games.dawn_of_freedom.turn import deal

from .helpers import act, clear_map, finish_place_ops, legal, new_game, set_hand, set_sp, top


def test_destroy_space_rewires_the_map() -> None:
    """Systematization: SPs removed or moved to Bucuresti, neighbours joined, one battleground fewer."""
    g = new_game()
    cluj, buc = space("Cluj-Napoca"), space("București")
    set_sp(g, "Cluj-Napoca", d=1, c=3)
    before = g.sp[C][buc]
    g.destroy_space(cluj)
    assert cluj in g.destroyed and g.sp[C][buc] == before + 3 and g.sp[D][cluj] == 0
    assert space("Timişoara") in g.adj[buc] and buc in g.adj[space("Babeş-Bolyai University")]
    assert cluj not in g.adj[buc] and battlegrounds(g, "Romania") == 5
    g.check_invariants()
    g.add_sp(D, cluj, 2)
    assert g.sp[D][cluj] == 0


def test_hand_size_effect_until_the_deal() -> None:
    g = new_game()
    set_hand(g, C, [])
    set_hand(g, D, [])
    g.add_effect(Effect("Presidential Visit", side=C, until="deal", hook="hand_size", value=7))
    deal(g)
    assert len(g.hands[C]) == 7 and len(g.hands[D]) == 8


def test_replace_ar_hook_replaces_the_round() -> None:
    g = new_game()
    calls = []

    def strike(g, eff, side):
        if side != C:
            return None
        calls.append(side)
        return then(lambda g: g.add_vp(1))

    g.add_effect(Effect("General Strike", side=C, until="manual", hook="replace_ar", fn=strike))
    g.stack = [{"p": "ar_loop", "i": 0}]
    g.run()
    assert calls == [C] and g.vp == 1 and g.active == ["democrat"]


def test_control_hook_sees_control_changes() -> None:
    g = new_game()
    seen = []
    g.add_effect(Effect("watch", until="game", hook="control", fn=lambda g, eff, s: seen.append(s)))
    set_sp(g, "Pécs", d=0, c=0)
    g.add_sp(D, space("Pécs"), 4)
    assert seen == [space("Pécs")]


def test_steps_place_per_space_and_remove() -> None:
    g = new_game()
    clear_map(g)
    g.push(place(C, 4, in_country("East Germany"), per_space=2))
    g.run()
    act(g, C, "space", space("Berlin"))
    act(g, C, "space", space("Berlin"))
    assert space("Berlin") not in {a.arg for a in legal(g, C)}
    act(g, C, "space", space("Leipzig"))
    act(g, C, "space", space("Leipzig"))
    assert top(g) == "choose_card"
    g.push(remove(D, 3, of_class("Worker")))
    g.run()
    assert {a.arg for a in legal(g, D)} == {space("Leipzig")}


def test_pick_option_and_power_struggle_step() -> None:
    g = new_game()
    g.push(pick_option(C, [("score", lambda g: power_struggle("Hungary", D)), ("nothing", lambda g: None)]))
    g.run()
    act(g, C, "option", "score")
    assert g.ps is not None and g.ps["country"] == "Hungary" and g.ps["starter"] == D


def test_ps_deal_hook_and_shown_hand() -> None:
    g = new_game()
    clear_map(g)
    for s in SPACES_IN["Romania"][:3]:
        g.sp[D][s] = 5
        g.ctrl[s] = g._compute_ctrl(s)

    def securitate(g, eff, country):
        if country == "Romania":
            g.ps["shown"] = True

    g.add_effect(Effect("Securitate", side=C, until="game", hook="ps_deal", fn=securitate))
    g.push(power_struggle("Romania", D))
    g.run()
    v = g.view("communist")
    assert v["power_struggle"]["democrat_hand"] == sorted(g.ps["hands"][D])
    assert "democrat_hand" not in g.view("democrat")["power_struggle"]


def test_play_for_ops_uses_another_card_without_its_event() -> None:
    from agon.games.dawn_of_freedom.events import play_for_ops

    g = new_game()
    set_hand(g, D, [29, 40])  # Jan Palach Week would place 6 Democrat SPs as an event
    g.push(play_for_ops(C, 29))
    g.run()
    assert top(g) == "operations" and g.active == ["communist"] and 29 in g.in_play
    act(g, C, "use", "place")
    finish_place_ops(g, C, "Praha")
    assert 29 in g.discard and g.sp[D][space("Charles University")] == 0


def test_on_mode_hook_sees_the_mode() -> None:
    g = new_game()
    seen = []

    def ligachev(g, eff, side, card, mode):
        if side == D:
            seen.append((card, mode))
            g.end_effect(eff.name)
            if not (card == 14 and mode == "event"):
                g.add_vp(-3)

    g.add_effect(Effect("Ligachev test", side=D, until="manual", hook="on_mode", fn=ligachev))
    set_hand(g, D, [40])
    g.stack.append({"p": "choose_card", "role": D})
    act(g, D, "card", 40)
    act(g, D, "play", "event")
    assert seen == [(40, "event")] and g.vp == -3


def test_committed_and_secret_cards_in_views() -> None:
    g = new_game()
    set_hand(g, D, [40, 29])
    g.must_play[D] = 40
    assert g.view("communist")["committed"] == {"democrat": 40}
    g.hands[D].remove(29)
    g.in_play.append(29)
    g.add_effect(Effect("Samizdat", side=D, until="manual", card=29, secret=True))
    assert 29 not in g.view("communist")["in_play"] and 29 in g.view("democrat")["in_play"]
