"""1989 readings the rules audit (issue 9, items 9-12) asked to fix or decide; docs/rulings/1989.md
R12-R15. Each test is named after the rule it checks."""

from __future__ import annotations

from agon.engine import Action
from agon.games.dawn_of_freedom.data import CARDS, SPACES, C, D, space
from agon.games.dawn_of_freedom.events import Effect, in_country
from agon.games.dawn_of_freedom.ops import tst_modifiers

from .helpers import act, event, legal, my_round, new_game, play, set_hand, set_sp, top

PRUDENCE, MICHNIK, LASZLO_TOKES, AUSTRIA_HUNGARY = 8, 4, 73, 58


def _austria_hungary(g: object) -> None:
    g.add_effect(Effect("Austria-Hungary Border Reopened", side=D, until="turn", ops=1, ops_where=True,  # type: ignore[attr-defined]
                        where=in_country("East Germany")))


def test_7_3_prudence_played_by_both_sides_keeps_both_effects() -> None:
    """R12: Prudence retrieved and played by the other side in the same turn hits each side once."""
    g = new_game()
    event(g, C, PRUDENCE)  # the Democrat's cards are worth 1 less
    assert g.ops_modifier(D) == -1 and g.ops_modifier(C) == 0
    event(g, D, PRUDENCE)  # back from the discards (Honecker, Reformer Rehabilitated)
    assert g.ops_modifier(D) == -1 and g.ops_modifier(C) == -1
    assert g.card_ops(3, D) == 2 and g.card_ops(3, C) == 2  # Walesa: 3 - 1 for either side


def test_7_3_prudence_twice_by_one_side_adds_up() -> None:
    """7.3: the modifiers are cumulative when the same side plays Prudence twice."""
    g = new_game()
    event(g, C, PRUDENCE)
    event(g, C, PRUDENCE)
    assert g.ops_modifier(D) == -2 and g.ops_modifier(C) == 0


def test_R3_austria_hungary_bonus_not_offered_where_ops_are_limited_to_romania() -> None:
    """R3 / 11.1: "+1 Op, all in East Germany" cannot apply to Ops that must be spent in Romania
    (Laszlo Tokes): it is not offered, so choosing it can no longer lose the Ops."""
    g = new_game()
    _austria_hungary(g)
    set_sp(g, "Leipzig", d=1)
    event(g, D, LASZLO_TOKES)
    assert top(g) == "operations"
    options = legal(g, D)
    assert Action("use", "place+") not in options and Action("use", "checks+") not in options
    assert Action("use", "place") in options


def test_R3_austria_hungary_bonus_still_offered_for_free_ops() -> None:
    g = new_game()
    _austria_hungary(g)
    set_sp(g, "Leipzig", d=1)
    set_hand(g, D, [MICHNIK])
    my_round(g, D)
    play(g, D, MICHNIK, "ops")
    assert Action("use", "place+") in legal(g, D)


def test_7_3_minimum_one_op_applies_after_every_modifier_is_summed() -> None:
    """7.3: Michnik (1) under Prudence (-1) with the Austria-Hungary bonus (+1) is worth 1 - 1 + 1 = 1."""
    g = new_game()
    g.add_effect(Effect("Prudence on the Democrat", side=D, until="turn", ops=-1))
    _austria_hungary(g)
    set_sp(g, "Leipzig", d=1)
    set_hand(g, D, [MICHNIK])
    my_round(g, D)
    play(g, D, MICHNIK, "ops")
    act(g, D, "use", "place+")
    assert g.stack[-1]["left"] == 1
    assert all(SPACES[a.arg].country == "East Germany" for a in legal(g, D))
    act(g, D, "space", space("Leipzig"))
    assert g.sp[D][space("Leipzig")] == 2 and top(g) == "choose_card"


def test_6_3_2_a_silver_star_card_gets_no_own_event_bonus() -> None:
    """R14 (A-14 kept): "+1 if the card is the player's own event" counts own-colour cards only."""
    g = new_game()
    assert CARDS[PRUDENCE].side not in (C, D)
    assert tst_modifiers(g, D, PRUDENCE) == 0 and tst_modifiers(g, C, PRUDENCE) == 0
    assert tst_modifiers(g, D, MICHNIK) == 1
