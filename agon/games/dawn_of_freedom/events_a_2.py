"""1989 strategy card events 28-54 not written with the core (events API: events.py docstring).

Cards here: 28, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 44, 45, 46, 47, 48, 49, 50, 51, 54.
Cards 1-24: events_early_a.py (with the Romanian helpers). Card texts: card_texts.json;
our readings: docs/rulings/1989.md "Events 1-55".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from agon.engine import msg, plural
from agon.engine.callbacks import digest_as
from agon.games.dawn_of_freedom.data import CARDS, COUNTRY_NAMES, POWER_CARDS, ROLES, SPACES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import (
    Effect,
    Ev,
    Steps,
    Where,
    checks,
    countries_held,
    event,
    in_country,
    in_region,
    minority_control,
    of_class,
    operations,
    pick_card,
    pick_option,
    pick_space,
    place,
    play_event,
    remove,
    say_tyrant_gone,
    spaces,
    then,
    tyrant_gone,
)
from agon.games.dawn_of_freedom.events_early_a import CROWD, LUTHERAN_CHURCH, at_end_of_round
from agon.games.dawn_of_freedom.ops import check_targets
from agon.games.dawn_of_freedom.words import join_terms

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

RUSE, RAZGRAD, LEIPZIG = space("Ruse"), space("Razgrad"), space("Leipzig")
SZOMBATHELY, ELTE = space("Szombathely"), space("Eötvös Loránd University")
CLUJ, BUCURESTI = space("Cluj-Napoca"), space("București")
RALLY = "Rally in the Square"
CROWD_DRAW = 15


# 1989 card 28
@event(28)
def factory_party_cells(g: DawnState, e: Ev) -> Steps:
    return remove(C, 3, of_class("Worker"), per_space=2)


# 1989 card 31
@event(31)
def intelligentsia(g: DawnState, e: Ev) -> Steps:
    return place(D, 4, of_class("Intellectual"), per_space=2)


# 1989 card 32
@event(32)
def peasant_parties(g: DawnState, e: Ev) -> Steps:
    return place(C, 4, of_class("Farmer"), per_space=2)


# 1989 card 33
@event(33)
def sajudis(g: DawnState, e: Ev) -> Steps:
    """+1 VP; enough Democrat SPs for control of one Minority space he does not control yet;
    unlocks The Baltic Way. (The USSR stability track has no game effect here: not modelled.)"""
    g.add_vp(1, "Sajudis")
    return minority_control(g, text=msg("Sajudis: take control of a Minority space."))


# 1989 card 34
@event(34)
def fidesz(g: DawnState, e: Ev) -> Steps:
    g.add_sp(D, ELTE, 5)
    return None


# 1989 card 35
@event(35)
def heal_our_bleeding_wound(g: DawnState, e: Ev) -> Steps:
    """-3 VP in turns 1-3, -1 VP in turns 4-7, +3 VP in turns 8-10."""
    vp = -3 if g.turn <= 3 else -1 if g.turn <= 7 else 3
    g.add_vp(vp, "Heal Our Bleeding Wound")
    return None


def _dash_cards(g: DawnState) -> list[int]:
    return [c for c in g.discard if CARDS[c].side == D and CARDS[c].star and g.event_playable(c, D)]


# 1989 card 36
@event(36)
def dash_for_the_west(g: DawnState, e: Ev) -> Steps:
    """Roll above the Communist-controlled East German spaces: +1 VP and the Democrat may carry
    out a playable starred Democrat event from the discard pile (that card is then removed)."""
    die = g.roll()
    held = sum(1 for s in SPACES_IN["East Germany"] if g.ctrl[s] == C)
    g.say("Dash for the West roll {die} against {held} Communist-controlled spaces.", die=die, held=held)
    if die <= held:
        return None
    g.add_vp(1, "Dash for the West")
    return pick_card(D, _dash_cards, _carry_out_for_democrat, optional=True,
                     text=msg("Dash for the West: you may carry out a starred Democrat event from the discard pile."))


@digest_as("dash_for_the_west.<locals>.<lambda>")
def _carry_out_for_democrat(g: DawnState, card: int) -> Steps:
    return play_event(card, D)


@digest_as("goodbye_lenin.<locals>.<listcomp>.<lambda>.<locals>.<lambda>")
def _event_for_democrat(card: int, g: DawnState) -> Steps:
    return play_event(card, D)


# 1989 card 37
@event(37)
def nagy_reburied(g: DawnState, e: Ev) -> Steps:
    """Every Communist SP leaves Szombathely, then 4 Communist SPs in Hungary, at most 2 per space."""
    g.remove_sp(C, SZOMBATHELY, g.sp[C][SZOMBATHELY])
    return place(C, 4, in_country("Hungary"), per_space=2)


# 1989 card 38
@event(38)
def the_july_concept(g: DawnState, e: Ev) -> Steps:
    return place(C, 3, in_country("Bulgaria"))


# 1989 card 39
@event(39)
def eco_glasnost(g: DawnState, e: Ev) -> Steps:
    """+4 Democrat SPs in Ruse; for the rest of the game +1 VP each time the Communist checks there."""
    g.add_sp(D, RUSE, 4)
    g.add_effect(Effect("Eco-Glasnost", side=C, until="game", check_vp=1, where=spaces(RUSE)))
    return None


# 1989 card 40
@event(40)
def hungarian_democratic_forum(g: DawnState, e: Ev) -> Steps:
    hungary = in_country("Hungary")
    return [place(D, 3, hungary), checks(D, 1, hungary, ops=e.ops)]


def _ceausescu_end(g: DawnState) -> Steps:
    """Card 41's last clause, at the end of the action round."""
    if any(g.sp[D][s] for s in g.adj[CLUJ]) and g.sp[C][BUCURESTI]:
        g.remove_sp(C, BUCURESTI, 1)
        g.say("Ceausescu: the Communist removes 1 SP from {space}.", space=SPACES[BUCURESTI].name)
    return None


# 1989 card 41
@event(41)
def ceausescu(g: DawnState, e: Ev) -> Steps:
    """Remove 3 Democrat SPs in Romania, 1 support check in Romania; at the end of the action
    round, 1 Communist SP leaves Bucuresti if the Democrat has an SP next to Cluj-Napoca."""
    if tyrant_gone(g):
        say_tyrant_gone(g, 41)
        return None
    romania = in_country("Romania")
    steps = [remove(C, 3, romania), checks(C, 1, romania, ops=e.ops)]
    last = at_end_of_round(g, then(_ceausescu_end))
    return steps + ([last] if last else [])


def _inflation_check(side: int, country: str, ops: int) -> Any:
    return then(partial(_inflation_offer, side, country, ops))


@digest_as("_inflation_check.<locals>.offer")
def _inflation_offer(side: int, country: str, ops: int, g: DawnState) -> Steps:
    opp = 1 - side
    if not check_targets(g, side, in_country(country)):
        return None  # no check to cancel
    if not _three_ops_cards(opp, g):
        return _inflation_support_check(side, country, ops, g)
    return pick_option(opp, [("discard a 3-Ops card to cancel the support check", partial(_inflation_pay, opp)),
                             ("let the support check happen", partial(_inflation_support_check, side, country, ops))],
                       text=msg("Inflationary Currency: cancel the support check?"))


@digest_as("_inflation_check.<locals>.offer.<locals>.pay.<locals>.<lambda>")
def _three_ops_cards(opp: int, g: DawnState) -> list[int]:
    return [c for c in g.hands[opp] if not CARDS[c].scoring and g.card_ops(c, opp) >= 3]


@digest_as("_inflation_check.<locals>.offer.<locals>.pay")
def _inflation_pay(opp: int, g: DawnState) -> Steps:
    return pick_card(opp, partial(_three_ops_cards, opp), partial(_inflation_discard, opp),
                     text=msg("Discard a card worth 3 Ops."))


@digest_as("_inflation_check.<locals>.offer.<locals>.pay.<locals>.discard")
def _inflation_discard(opp: int, g: DawnState, card: int) -> Steps:
    g.discard_card(opp, card)
    g.say("The support check of Inflationary Currency is cancelled.")
    return None


@digest_as("_inflation_check.<locals>.offer.<locals>.<lambda>")
def _inflation_support_check(side: int, country: str, ops: int, g: DawnState) -> Steps:
    return checks(side, 1, in_country(country), ops=ops)


# 1989 card 44
@event(44, playable=lambda g, side: bool(countries_held(g, 1 - side)))
def inflationary_currency(g: DawnState, e: Ev) -> Steps:
    """In a country where the opponent holds power: remove 2 opponent SPs, then 1 support check
    there, which the opponent may cancel by discarding a card worth 3 Ops."""
    side, ops = e.side, e.ops
    return pick_option(side, [(country, partial(_inflation_in, side, country, ops))
                              for country in countries_held(g, e.opp)],
                       text=msg("Inflationary Currency: choose a country where the opponent holds power."))


@digest_as("inflationary_currency.<locals>.chosen.<locals>.<lambda>")
def _inflation_in(side: int, country: str, ops: int, g: DawnState) -> Steps:
    return [remove(side, 2, in_country(country)), _inflation_check(side, country, ops)]


# 1989 card 45
@event(45)
def soviet_troop_withdrawals(g: DawnState, e: Ev) -> Steps:
    return remove(D, 5, in_region("Eastern Europe"), per_space=2)


# 1989 card 46
@event(46)
def goodbye_lenin(g: DawnState, e: Ev) -> Steps:
    """The Communist shows his red-title cards; the Democrat carries out one whose event is
    playable now (it leaves the Communist's hand), or uses Goodbye Lenin's Ops instead."""
    red = sorted(c for c in g.hands[C] if CARDS[c].red)
    g.reveal()
    g.show(C, red)  # the Democrat now knows these cards, and that the others are not red-title
    g.not_red = sum(1 for c in g.hands[C] if c not in g.known[C])
    g.say("{line}", line=plural("The Communist shows {n} red-title card to the Democrat.",
                                "The Communist shows {n} red-title cards to the Democrat.", "n", n=len(red)))
    g.say("The Communist shows you: {cards}.", to=ROLES[D], cards=join_terms([CARDS[c].title for c in red]) if red else "none")
    options: list[tuple[str, Callable[[Any], Steps]]] = [
        (f"carry out {CARDS[c].title}", partial(_event_for_democrat, c)) for c in red if g.event_playable(c, D)]
    options.append(("use Goodbye Lenin's Operations", _goodbye_lenin_ops))
    return pick_option(D, options, text=msg("Goodbye Lenin!: take a red-title card's event or use the Ops."))


@digest_as("goodbye_lenin.<locals>.<lambda>")
def _goodbye_lenin_ops(g: DawnState) -> Steps:
    return operations(D, g.card_ops(46, D), card=46)


# 1989 card 47
@event(47)
def bulgarian_turks_expelled(g: DawnState, e: Ev) -> Steps:
    g.add_vp(-2, "Bulgarian Turks Expelled")
    g.remove_sp(D, RAZGRAD, g.sp[D][RAZGRAD])
    return None


def _move_from_church(done: tuple[int, ...]) -> Any:
    """Move Democrat SPs one at a time out of the Lutheran Church: 4 at most, 2 per destination."""
    if len(done) >= 4:
        return None
    where = in_country("East Germany") & ~spaces(LUTHERAN_CHURCH)
    room = Where(partial(_church_room, done), "")
    return pick_space(D, where & room, partial(_church_move, done), optional=True,
                      text=msg("We are the People!: you may move 1 SP from the Lutheran Church to a space."))


@digest_as("_move_from_church.<locals>.<lambda>")
def _church_room(done: tuple[int, ...], g: DawnState, s: int) -> bool:
    return done.count(s) < 2


@digest_as("_move_from_church.<locals>.move")
def _church_move(done: tuple[int, ...], g: DawnState, sid: int) -> Steps:
    g.remove_sp(D, LUTHERAN_CHURCH, 1)
    g.add_sp(D, sid, 1)
    g.say("The Democrat moves 1 SP from the Lutheran Church to {space}.", space=SPACES[sid].name)
    return _move_from_church((*done, sid)) if g.sp[D][LUTHERAN_CHURCH] else None


# 1989 card 48
@event(48)
def we_are_the_people(g: DawnState, e: Ev) -> Steps:
    """Move up to 4 Democrat SPs from the Lutheran Church into East Germany (2 per space at
    most); for the rest of the game the Communist may not check in Leipzig."""
    g.add_effect(Effect("We are the People!", side=C, until="game", ban_checks=True, where=spaces(LEIPZIG)))
    return _move_from_church(()) if g.sp[D][LUTHERAN_CHURCH] else None


# 1989 card 49
@event(49)
def foreign_currency_debt_burden(g: DawnState, e: Ev) -> Steps:
    """+1 VP; the Communist makes no support checks this turn in a country (not Romania) the
    Democrat names."""
    g.add_vp(1, "Foreign Currency Debt Burden")
    return pick_option(D, [(n, partial(_debt_ban, n)) for n in COUNTRY_NAMES if n != "Romania"],
                       text=msg("Foreign Currency Debt Burden: name a country."))


@digest_as("foreign_currency_debt_burden.<locals>.ban.<locals>.fn")
def _debt_ban(country: str, g: DawnState) -> Steps:
    g.add_effect(Effect(f"Foreign Currency Debt Burden ({country})", side=C, until="turn", ban_checks=True,
                        where=in_country(country)))
    return None


# 1989 card 50
@event(50)
def the_sinatra_doctrine(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("The Sinatra Doctrine", side=D, until="turn", ops=1))
    return None


# 1989 card 51
@event(51)
def fortieth_anniversary_celebration(g: DawnState, e: Ev) -> Steps:
    """2 Communist SPs in East Germany, 4 if the Communist leads on VP; then -1 VP."""
    n = 4 if g.vp < 0 else 2
    return [place(C, n, in_country("East Germany")),
            then(_anniversary_vp)]


@digest_as("fortieth_anniversary_celebration.<locals>.<lambda>")
def _anniversary_vp(g: DawnState) -> Steps:
    g.add_vp(-1, "40th Anniversary Celebration")
    return None


def _crowd(g: DawnState, eff: Effect, country: str) -> Steps:
    """1989 7.6.1: in the next Romanian power struggle, after the deal (and its adjustments)."""
    if country != "Romania":
        return None
    g.end_effect(eff.name)
    return then(_crowd_draw)


@digest_as("_crowd.<locals>.draw")
def _crowd_draw(g: DawnState) -> Steps:
    ps = g.ps
    assert ps is not None  # (a power struggle is under way)
    drawn = [ps["deck"].pop() for _ in range(min(CROWD_DRAW, len(ps["deck"])))]
    ps["out"].extend(drawn)
    rallies = sum(1 for c in drawn if POWER_CARDS[c].kind == "suit" and POWER_CARDS[c].name == RALLY)
    g.say("The Crowd Turns: {n} power struggle cards drawn, {r} Rally in the Square.", n=len(drawn), r=rallies)
    if not rallies:
        return None
    ops = max(1, 3 * rallies + g.ops_modifier(D))
    return operations(D, ops, in_country("Romania"))


# 1989 card 54
@event(54)
def the_crowd_turns_against_ceausescu(g: DawnState, e: Ev) -> Steps:
    """Waits in front of the Democrat until the next power struggle in Romania; there he draws
    15 power struggle cards and takes one round of Ops in Romania worth 3 per Rally in the Square
    among them. Unlocks The Tyrant is Gone."""
    g.add_effect(Effect(CROWD, side=D, until="manual", card=54, hook="ps_deal", fn=_crowd))
    return None
