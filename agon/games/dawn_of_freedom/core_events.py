"""Events written with the core, one of each shape of the events API (events.py docstring):
free placement, removal, support checks, prerequisites and cancellations, choices, random
discards that trigger events, lasting Ops / support-check / VP / power-struggle effects, the
Tiananmen track. Card texts: card_texts.json. The other events live in events_*.py.

Cards here: 2, 3, 4, 6, 7, 8, 15, 16, 17, 25, 26, 27, 29, 30, 52, 53, 58, 62, 71, 74, 83, 85.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agon.engine import msg, plural
from agon.engine.callbacks import digest_as
from agon.games.dawn_of_freedom.data import CARDS, NAMES, SPACES, SPACES_IN, C, D, space
from agon.games.dawn_of_freedom.events import (
    BOTH,
    Effect,
    Ev,
    Steps,
    checks,
    event,
    has_sp,
    in_country,
    in_region,
    of_class,
    pick_card,
    pick_option,
    pick_space,
    place,
    play_event,
    remove,
    spaces,
    tst_advance,
)

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

POLISH_WRITERS, CHARLES_UNIVERSITY, GDANSK = space("Polish Writers"), space("Charles University"), space("Gdańsk")


# 1989 card 2
@event(2)
def solidarity_legalized(g: DawnState, e: Ev) -> Steps:
    """+1 Dem SP in every uncontrolled Polish Worker and Farmer space; the Communist may never
    again make support checks in Gdansk; unlocks Walesa (prerequisite)."""
    for sid in SPACES_IN["Poland"]:
        if SPACES[sid].cls in ("Worker", "Farmer") and g.ctrl[sid] is None and sid not in g.destroyed:
            g.add_sp(D, sid, 1)
    g.add_effect(Effect("Solidarity Legalized", side=C, until="game", ban_checks=True, where=spaces(GDANSK)))
    return None


# 1989 card 3
@event(3, prereq=2)
def walesa(g: DawnState, e: Ev) -> Steps:
    """4 free Dem SPs in Poland, then 2 support checks in Poland with this card's Ops."""
    return [place(D, 4, in_country("Poland")), checks(D, 2, in_country("Poland"), ops=e.ops)]


# 1989 card 4
@event(4)
def michnik(g: DawnState, e: Ev) -> Steps:
    g.add_sp(D, POLISH_WRITERS, 3)
    return None


def _discard_random(g: DawnState, side: int) -> int | None:
    """`side` discards a card at random from his hand (5.3): the card, or None if he has none."""
    hand = g.hands[side]
    if not hand:
        return None
    card = hand[g.rng.below(len(hand))]
    g.discard_card(side, card)
    return card


# 1989 card 6
@event(6)
def brought_in_for_questioning(g: DawnState, e: Ev) -> Steps:
    """The Democrat discards a random card; a Communist event on it happens if playable (5.3)."""
    card = _discard_random(g, D)
    if card is None:
        return None
    if CARDS[card].side == C and not CARDS[card].scoring and g.event_playable(card, C):
        return play_event(card, C)
    return None


# 1989 card 7
@event(7)
def state_run_media(g: DawnState, e: Ev) -> Steps:
    return remove(C, 4, per_space=2)


# 1989 card 8
@event(8)
def prudence(g: DawnState, e: Ev) -> Steps:
    """Rest of the turn: the opponent's cards are worth 1 Op less (minimum 1); cumulative (7.3).
    Played by both sides in one turn, each keeps its own effect (one per side it hits)."""
    g.add_effect(Effect(f"Prudence on the {NAMES[e.opp]}", side=e.opp, until="turn", ops=-1))
    return None


# 1989 card 15
@event(15)
def honecker(g: DawnState, e: Ev) -> Steps:
    """Take a non-scoring card from the discard pile; an 8th action round this turn (4.1)."""
    g.add_effect(Effect("extra action round", side=C, until="turn"))
    return pick_card(C, _honecker_cards, _honecker_take, optional=True, text=msg("Take a card from the discard pile."))


@digest_as("honecker.<locals>.<lambda>")
def _honecker_cards(g: DawnState) -> list[int]:
    return [c for c in g.discard if not CARDS[c].scoring and c != 15]


@digest_as("honecker.<locals>.take")
def _honecker_take(g: DawnState, card: int) -> Steps:
    g.take_card(C, card)
    g.say("The Communist takes {card} from the discard pile.", card=CARDS[card].title)
    return None


# 1989 card 16
@event(16)
def nomenklatura(g: DawnState, e: Ev) -> Steps:
    return pick_option(C, [("remove all Democrat SPs from Elite spaces", _nomenklatura_wipe),
                           ("place 3 SPs in Elite spaces", _nomenklatura_place)],
                       text=msg("Nomenklatura: choose one."))


@digest_as("nomenklatura.<locals>.wipe")
def _nomenklatura_wipe(g: DawnState) -> Steps:
    for sid in range(len(SPACES)):
        if SPACES[sid].cls == "Elite" and g.sp[D][sid]:
            g.say("{line}", line=plural("Nomenklatura: {n} Democrat SP removed from {space}.",
                                        "Nomenklatura: {n} Democrat SPs removed from {space}.", "n",
                                        n=g.remove_sp(D, sid, g.sp[D][sid]), space=SPACES[sid].name))
    return None


@digest_as("nomenklatura.<locals>.<lambda>")
def _nomenklatura_place(g: DawnState) -> Steps:
    return place(C, 3, of_class("Elite"))


def _roundtable(g: DawnState, eff: Effect, country: str) -> Steps:
    g.ps_take(D, 2)  # 1989 8.1: before anyone looks
    g.end_effect(eff.name)
    return None


# 1989 card 17
@event(17)
def roundtable_talks(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("Roundtable Talks", side=D, until="ps", card=17, hook="ps_deal", fn=_roundtable))
    return None


# 1989 card 25
@event(25)
def perestroika(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("Perestroika", side=C, until="turn", ops=1))
    return None


# 1989 card 26
@event(26)
def helsinki_final_act(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("Helsinki Final Act", side=C, until="game", check_vp=1,
                        where=of_class("Student", "Intellectual")))
    return None


# 1989 card 27
@event(27)
def consumerism(g: DawnState, e: Ev) -> Steps:
    """Remove 1 Com SP from a Worker space, then 1 support check on a Worker space of that country."""
    return pick_space(D, of_class("Worker") & has_sp(C), _consumerism_after,
                      text=msg("Remove 1 Communist SP from a Worker space."))


@digest_as("consumerism.<locals>.after")
def _consumerism_after(g: DawnState, sid: int) -> Steps:
    g.remove_sp(C, sid, 1)
    g.say("Consumerism: 1 Communist SP removed from {space}.", space=SPACES[sid].name)
    country = SPACES[sid].country
    return checks(D, 1, in_country(country) & of_class("Worker"), ops=g.card_ops(27, D))


# 1989 card 29
@event(29)
def jan_palach_week(g: DawnState, e: Ev) -> Steps:
    g.add_sp(D, CHARLES_UNIVERSITY, 6)  # one space, no choice to ask
    return None


# 1989 card 30
@event(30)
def tear_gas(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("Tear Gas", side=C, until="manual", check=1, once=True, where=of_class("Student"), card=30))
    return None


# 1989 card 52
@event(52)
def normalization(g: DawnState, e: Ev) -> Steps:
    for name in ("Plzeň", "Praha"):
        sid = space(name)
        g.remove_sp(D, sid, g.sp[D][sid])
    return None


# 1989 card 53
@event(53)
def li_peng(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("Li Peng", side=C, until="game", hook="tst_bonus", value=1))
    return None


# 1989 card 58
@event(58)
def austria_hungary_border(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("Austria-Hungary Border Reopened", side=D, until="turn", ops=1, ops_where=True,
                        where=in_country("East Germany")))
    return None


# 1989 card 62
@event(62)
def yakovlev(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("aftermath+1", side=D, until="ps", card=62))
    return None


# 1989 card 71
@event(71)
def kiss_of_death(g: DawnState, e: Ev) -> Steps:
    """The Communist discards a random card; a Democrat or neutral event on it happens (5.3);
    a scoring card's struggle is fought with the Democrat as its player (A-19)."""
    card = _discard_random(g, C)
    if card is None:
        return None
    if CARDS[card].side in (D, BOTH) and g.event_playable(card, D):
        return play_event(card, D)
    return None


# 1989 card 74
@event(74)
def frg_embassies(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect("FRG Embassies", side=D, until="turn", check=1, where=in_region("Eastern Europe")))
    return None


# 1989 card 83
@event(83)
def modrow(g: DawnState, e: Ev) -> Steps:
    """Honecker can no longer be an event; roll above the Democrat-controlled East German spaces:
    4 Com SPs in East Germany, at most 2 per space."""
    g.forbid_event(15)
    die = g.roll()
    held = sum(1 for s in SPACES_IN["East Germany"] if g.ctrl[s] == D)
    g.say("Modrow roll {die} against {held} Democrat-controlled spaces.", die=die, held=held)
    if die > held:
        return place(C, 4, in_country("East Germany"), per_space=2)
    return None


# 1989 card 85
@event(85)
def tank_column(g: DawnState, e: Ev) -> Steps:
    return tst_advance(e.side)
