"""1989 events of the Middle Year cards 56-81 not written with the core (card texts:
card_texts.json; API: events.py's docstring). Rulings: docs/rulings/1989.md,
section "Events 56-110".

Cards here: 56, 57, 59, 60, 61, 63, 64, 65, 66, 67, 68, 69, 70, 72, 73, 75, 76, 77, 78, 79, 80, 81.
(58, 62, 71, 74 are in core_events.py.)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from agon.engine import Text, msg, plural
from agon.engine.callbacks import digest_as
from agon.games.dawn_of_freedom.data import BOTH, CARDS, COUNTRY_NAMES, NAMES, ROLES, SPACES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import (
    Effect,
    Ev,
    Step,
    Steps,
    Where,
    checks,
    countries_held,
    event,
    has_sp,
    in_country,
    in_region,
    minority_control,
    no_sp,
    of_class,
    operations,
    pick_card,
    pick_option,
    pick_space,
    place,
    play_event,
    remove,
    spaces,
    then,
    tyrant_gone,
)

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

DRESDEN, LUTHERAN_CHURCH, LEIPZIG = space("Dresden"), space("Lutheran Church"), space("Leipzig")
PRAHA, GERMAN_WRITERS = space("Praha"), space("German Writers")
TIMISOARA, HARGHITA = space("Timisoara"), space("Harghita/Covasna")
COMMON_EUROPEAN_HOME, REFORMER_REHABILITATED = 21, 67
def pick_country(side: int, names: list[str], fn: Any, *, text: Text, decline: str | None = None) -> Steps:
    """`side` picks one of the countries `names`; then `fn(g, country)` runs. Nothing if none."""
    options: list[tuple[str, Callable[[Any], Steps]]] = [(n, partial(_country_chosen, fn, n)) for n in names]
    if not options:
        return None
    if decline is not None:
        options.append((decline, _declined))
    return pick_option(side, options, text=text)


@digest_as("pick_country.<locals>.<lambda>")
def _declined(g: DawnState) -> Steps:
    return None


@digest_as("pick_country.<locals>.<listcomp>.<lambda>")
def _country_chosen(fn: Any, country: str, g: DawnState) -> Steps:
    return fn(g, country)


@cache  # built once per side: a filter never changes, and building one fills its label's words
def power_where(side: int) -> Where:
    """Spaces in a country where `side` holds Power."""
    return Where(partial(_in_power_of, side), msg("in a country where the {side} holds Power", side=NAMES[side]))


@digest_as("power_where.<locals>.<lambda>")
def _in_power_of(side: int, g: DawnState, s: int) -> bool:
    return g.power[COUNTRY_NAMES.index(SPACES[s].country)] == side


# -- the events ---------------------------------------------------------------------------------

# 1989 card 56
@event(56)
def foreign_television(g: DawnState, e: Ev) -> Steps:
    """Remove 4 Communist SPs anywhere but Dresden, at most 2 per space."""
    return remove(D, 4, ~spaces(DRESDEN), per_space=2)


# 1989 card 57
@event(57)
def central_committee_reshuffle(g: DawnState, e: Ev) -> Steps:
    """The Communist places 3 SPs in one country where he still holds Power."""
    return pick_country(C, countries_held(g, C), _reshuffle_place,
                        text=msg("Choose a country where you hold Power for 3 SPs."))


@digest_as("central_committee_reshuffle.<locals>.<lambda>")
def _reshuffle_place(g: DawnState, country: str) -> Steps:
    return place(C, 3, in_country(country))


# 1989 card 59
@event(59)
def grenztruppen(g: DawnState, e: Ev) -> Steps:
    """Rest of the turn: -1 to the Democrat's support checks in East Germany."""
    g.add_effect(Effect("Grenztruppen", side=D, until="turn", check=-1, where=in_country("East Germany")))
    return None


# 1989 card 60
@event(60)
def toxic_waste(g: DawnState, e: Ev) -> Steps:
    return place(D, 3, of_class("Worker"))


# 1989 card 61
@event(61, prereq=24)
def monday_demonstrations(g: DawnState, e: Ev) -> Steps:
    """Needs St. Nicholas Church (24): control of Lutheran Church and Leipzig, then 5 checks in
    East Germany with the card's Ops."""
    g.control_for(D, LUTHERAN_CHURCH)
    g.control_for(D, LEIPZIG)
    return checks(D, 5, in_country("East Germany"), ops=e.ops, card=61)


# 1989 card 63
@event(63)
def genscher(g: DawnState, e: Ev) -> Steps:
    """Rest of the turn: 1 Op per Democrat SP placed in a Communist-controlled East German space."""
    g.add_effect(Effect("Genscher", side=D, until="turn", cheap=True, where=in_country("East Germany")))
    return None


# 1989 card 64
@event(64)
def legacy_of_1968(g: DawnState, e: Ev) -> Steps:
    for sid in SPACES_IN["Czechoslovakia"]:
        if g.ctrl[sid] != C and sid not in g.destroyed:
            g.add_sp(D, sid, 1)
    return None


# 1989 card 65
@event(65)
def presidential_visit(g: DawnState, e: Ev) -> Steps:
    """At the next deal the Communist's hand is filled up to 7 cards, not 8."""
    g.add_effect(Effect("Presidential Visit", side=C, until="deal", hook="hand_size", value=7))
    return None


# 1989 card 66
@event(66)
def new_forum(g: DawnState, e: Ev) -> Steps:
    return place(D, 3, in_country("East Germany"), per_space=1)


def _ahead_on_tst(g: DawnState, side: int) -> bool:
    return bool(g.tst[side] > g.tst[1 - side])


def _carrier(card: int, side: int) -> int:
    """Who carries out `card`'s event when `side` triggers it: its owner, or `side` if neutral."""
    owner = CARDS[card].side
    return side if owner == BOTH else owner


# 1989 card 67
@event(67, playable=_ahead_on_tst)
def reformer_rehabilitated(g: DawnState, e: Ev) -> Steps:
    """Only the player strictly ahead on the Tiananmen track: a non-scoring card of the discard
    pile (not Common European Home) whose event is playable happens now, by its owner."""
    return pick_card(e.side, partial(_rehabilitated_candidates, e.side), partial(_rehabilitated_event, e.side),
                     text=msg("Choose a card in the discard pile whose event happens now."))


@digest_as("reformer_rehabilitated.<locals>.candidates")
def _rehabilitated_candidates(side: int, g: DawnState) -> list[int]:
    return [c for c in g.discard if not CARDS[c].scoring and c not in (COMMON_EUROPEAN_HOME, REFORMER_REHABILITATED)
            and g.event_playable(c, _carrier(c, side))]


@digest_as("reformer_rehabilitated.<locals>.<lambda>")
def _rehabilitated_event(side: int, g: DawnState, card: int) -> Steps:
    return play_event(card, _carrier(card, side))


# 1989 card 68
@event(68)
def klaus_and_komarek(g: DawnState, e: Ev) -> Steps:
    """Up to 2 Communist SPs leave Praha, then 2 Democrat SPs there."""
    g.remove_sp(C, PRAHA, 2)
    g.add_sp(D, PRAHA, 2)
    return None


# 1989 card 69
@event(69)
def systematization(g: DawnState, e: Ev) -> Steps:
    """The Communist destroys one Romanian space (7.6: nothing once The Tyrant is Gone resolved)."""
    if tyrant_gone(g):
        g.say("The Ceausescus are gone: Systematization has no effect.")
        return None
    return pick_space(C, in_country("Romania"), _systematization_destroy, text=msg("Choose the Romanian space to destroy."))


@digest_as("systematization.<locals>.destroy")
def _systematization_destroy(g: DawnState, sid: int) -> Steps:
    g.say("Systematization destroys {space}.", space=SPACES[sid].name)
    g.destroy_space(sid)
    return None


def _securitate(g: DawnState, eff: Effect, country: str) -> Steps:
    if country == "Romania":
        assert g.ps is not None  # (the hook runs as a struggle is dealt)
        g.ps["shown"] = True
        g.say("Securitate: the Democrat shows his power struggle cards to the Communist.")
    return None


# 1989 card 70
@event(70)
def securitate(g: DawnState, e: Ev) -> Steps:
    """In every Romania power struggle the Democrat shows his cards; ends with Army Backs
    Revolution (108), and does nothing if that event already happened."""
    if 108 in g.events_played:
        g.say("The army backs the revolution: Securitate has no effect.")
        return None
    g.add_effect(Effect("Securitate", side=C, until="game", card=70, hook="ps_deal", fn=_securitate))
    return None


def _peasant_parties(g: DawnState, eff: Effect, country: str) -> Steps:
    if any(g.ctrl[s] == D and SPACES[s].cls == "Farmer" for s in SPACES_IN[country] if s not in g.destroyed):
        g.ps_take(D, 1)
    return None


# 1989 card 72
@event(72)
def peasant_parties_revolt(g: DawnState, e: Ev) -> Steps:
    """Next power struggle: with a Farmer space under control there, the Democrat takes 1 random
    card from the Communist's hand before anyone looks; the card goes after that struggle."""
    g.add_effect(Effect("Peasant Parties Revolt", side=D, until="ps", card=72, hook="ps_deal", fn=_peasant_parties))
    return None


# 1989 card 73
@event(73)
def laszlo_tokes(g: DawnState, e: Ev) -> Steps:
    """1 SP each in Timisoara and Harghita/Covasna, then Operations in Romania with the card's Ops
    (Ops placement or 2 checks, 7.4). Unlocks Massacre in Timisoara (107)."""
    g.add_sp(D, TIMISOARA, 1)
    g.add_sp(D, HARGHITA, 1)
    return operations(D, e.ops, in_country("Romania"), card=73)


EXIT_VISAS = "Exit Visas"


def _exit_visas_pick(g: DawnState) -> Step:
    return pick_card(D, _exit_visas_cards, _exit_visas_discard, optional=True,
                     text=msg("Discard a card (pass when done)."))


@digest_as("_exit_visas_pick.<locals>.<lambda>")
def _exit_visas_cards(g: DawnState) -> list[int]:
    return list(g.hands[D])


@digest_as("_exit_visas_pick.<locals>.discard")
def _exit_visas_discard(g: DawnState, card: int) -> Steps:
    g.discard_card(D, card)
    visas = g.effect(EXIT_VISAS)
    assert visas is not None  # (in force from the card's play until the draw)
    n = visas.value
    g.add_effect(Effect(EXIT_VISAS, side=D, until="manual", value=n + 1))
    return _exit_visas_pick(g)


def _exit_visas_draw(g: DawnState) -> Steps:
    visas = g.effect(EXIT_VISAS)
    assert visas is not None  # (in force from the card's play until the draw)
    n = visas.value
    g.end_effect(EXIT_VISAS)
    if n:
        g.draw(D, n)
    return None


# 1989 card 75
@event(75)
def exit_visas(g: DawnState, e: Ev) -> Steps:
    """The Democrat discards any number of cards (no events, 5.3), then draws as many."""
    g.add_effect(Effect(EXIT_VISAS, side=D, until="manual", value=0))
    return [_exit_visas_pick(g), then(_exit_visas_draw)]


# 1989 card 76
@event(76)
def warsaw_pact_summit(g: DawnState, e: Ev) -> Steps:
    """Either 2 checks at +2 on Student/Intellectual spaces, or 4 SPs in spaces without Dem SPs."""
    return pick_option(C, [
        ("2 support checks (+2) on Student or Intellectual spaces", partial(_summit_checks, e.ops)),
        ("place 4 SPs in spaces without Democrat SPs", _summit_place),
    ], text=msg("Warsaw Pact Summit: choose one."))


@digest_as("warsaw_pact_summit.<locals>.<lambda>")
def _summit_checks(ops: int, g: DawnState) -> Steps:
    return checks(C, 2, of_class("Student", "Intellectual"), ops=ops, mod=2, card=76)


@digest_as("warsaw_pact_summit.<locals>.<lambda>")
def _summit_place(g: DawnState) -> Steps:
    return place(C, 4, no_sp(D))


SAMIZDAT = "Samizdat"


def _samizdat_return(g: DawnState, eff: Effect) -> Steps:
    card = eff.card
    if card in g.in_play:  # back into the hand first, so that ending the effect does not discard it
        g.in_play.remove(card)
        g.forget(card)  # (unseen: the Communist never learnt which card it was)
        g.hands[D].append(card)
        g.say("Samizdat: the set-aside card returns to the Democrat's hand.")
    g.end_effect(eff.name)
    return None


# 1989 card 77
@event(77)
def samizdat(g: DawnState, e: Ev) -> Steps:
    """The Democrat may set aside one (non-scoring) card, hidden, and draws a replacement; the
    card comes back into his hand at the start of the next turn, before the deal."""
    return pick_card(D, _samizdat_cards, _samizdat_aside, optional=True, text=msg("Set a card aside until the next turn."))


@digest_as("samizdat.<locals>.<lambda>")
def _samizdat_cards(g: DawnState) -> list[int]:
    return [c for c in g.hands[D] if not CARDS[c].scoring]


@digest_as("samizdat.<locals>.aside")
def _samizdat_aside(g: DawnState, card: int) -> Steps:
    g.hands[D].remove(card)
    g.left_hand(D, card, shown=False)  # face down (1989 card 77)
    g.in_play.append(card)
    g.say("Samizdat: the Democrat sets a card aside until the next turn.")
    g.say("You set {card} aside.", to=ROLES[D], card=CARDS[card].title)
    g.add_effect(Effect(SAMIZDAT, side=D, until="manual", hook="turn_start", fn=_samizdat_return, card=card,
                        secret=True))
    g.draw(D, 1)
    return None


# 1989 card 78
@event(78)
def workers_revolt(g: DawnState, e: Ev) -> Steps:
    """A Worker space with opponent SPs in a country where the opponent holds Power: d6, -1 per
    adjacent opponent-controlled space; 4+: every opponent SP there becomes one of the player's."""
    me, opp = e.side, e.opp
    return pick_space(me, of_class("Worker") & has_sp(opp) & power_where(opp), partial(_workers_revolt, me),
                      text=msg("Choose the Worker space that revolts."))


@digest_as("workers_revolt.<locals>.revolt")
def _workers_revolt(me: int, g: DawnState, sid: int) -> Steps:
    opp = 1 - me
    die = g.roll()
    near = sum(1 for n in g.adj[sid] if g.ctrl[n] == opp)
    g.say("Workers Revolt in {space}: die roll {die}, -{near} for adjacent spaces.", space=SPACES[sid].name,
          die=die, near=near)
    if die - near >= 4:
        n = g.sp[opp][sid]
        g.remove_sp(opp, sid, n)
        g.add_sp(me, sid, n)
        g.say("{line}", line=plural("{n} {whose} SP becomes a {side} SP.", "{n} {whose} SPs become {side} SPs.", "n",
                                    n=n, whose=NAMES[opp], side=NAMES[me]))
    else:  # (the log said the roll and nothing more: did it fail?)
        g.say("The revolt fails: {total} is less than 4; nothing changes in {space}.", total=die - near,
              space=SPACES[sid].name)
    return None


# 1989 card 79
@event(79)
def the_third_way(g: DawnState, e: Ev) -> Steps:
    g.add_vp(-2, "The Third Way")
    g.add_sp(C, GERMAN_WRITERS, 3)
    return None


# 1989 card 80
@event(80)
def nepotism(g: DawnState, e: Ev) -> Steps:
    """d6: 1-2 -> 4 SPs, 3-4 -> 3, 5-6 -> 1, in Balkan Worker spaces."""
    die = g.roll()
    n = 4 if die <= 2 else 3 if die <= 4 else 1
    g.say("{line}", line=plural("Nepotism roll {die}: {n} SP.", "Nepotism roll {die}: {n} SPs.", "n", die=die, n=n))
    return place(C, n, in_region("Balkans") & of_class("Worker"))


# 1989 card 81
@event(81, prereq=33)
def the_baltic_way(g: DawnState, e: Ev) -> Steps:
    """Needs Sajudis (33): +3 VP, USSR track to The Baltic Way, control of a Minority space.
    Unlocks Breakaway Baltic Republics (84)."""
    g.add_vp(3, "The Baltic Way")
    g.say("The U.S.S.R. stability marker moves to The Baltic Way.")
    return minority_control(g)


__all__ = ["pick_country", "power_where"]
