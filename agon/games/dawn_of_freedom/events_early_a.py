"""1989 strategy card events 1-24 not written with the core (events API: events.py docstring).

Cards here: 1, 5, 9, 10, 11, 12, 13, 14, 18, 19, 20, 21, 24. Cards 28-54: events_a_2.py.
Card texts: card_texts.json; our readings: docs/rulings/1989.md "Events 1-55".

Also a helper the Romanian events share (1989 7.6): `crowd_pending(g)` (The Crowd Turns
Against Ceausescu, card 54, still lies in front of the Democrat). `tyrant_gone(g)` (The Tyrant
is Gone, card 97, has taken effect: the Ceausescu events then do nothing) is in events.py.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from agon.engine import msg
from agon.engine.callbacks import digest_as
from agon.games.dawn_of_freedom.data import CARDS, NAMES, SPACES, C, D, space
from agon.games.dawn_of_freedom.events import (
    Effect,
    Ev,
    Step,
    Steps,
    Where,
    anywhere,
    checks,
    event,
    has_sp,
    in_country,
    not_controlled_by,
    of_class,
    pick_card,
    pick_option,
    pick_space,
    place,
    play_event,
    play_for_ops,
    remove,
    say_tyrant_gone,
    tyrant_gone,
)

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

LUTHERAN_CHURCH = space("Lutheran Church")
CROWD = "The Crowd Turns Against Ceausescu"  # the lasting effect of card 54 (events_a_2.py)
CEH = 21
STASI, STASI_SHOWN, STASI_END = "Stasi", "Stasi: shown card", "Stasi: end"
GENERAL_STRIKE = "General Strike"
THE_WALL = "The Wall"
ARS_PER_TURN = 7


# -- shared helpers ---------------------------------------------------------------------------

def crowd_pending(g: DawnState) -> bool:
    """The Crowd Turns Against Ceausescu lies in front of the Democrat, not yet resolved (7.6.1)."""
    return g.effect(CROWD) is not None


def at_end_of_round(g: DawnState, step: Step) -> Step | None:
    """Run `step` at the end of the current action round (after any Ops the phasing player still
    spends): it goes just above the round's closing frame. Outside an action round it runs right
    after the event."""
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i].get("p") == "ar_done":
            g.stack.insert(i + 1, step)
            return None
    return step


# -- the events -------------------------------------------------------------------------------

# 1989 card 1
@event(1)
def legacy_of_martial_law(g: DawnState, e: Ev) -> Steps:
    """Swap 1 Democrat SP for 1 Communist SP in one Polish space, then 1 support check in Poland."""
    poland = in_country("Poland")
    return [pick_space(C, poland & has_sp(D), _martial_law_swap,
                       text=msg("Replace 1 Democrat SP by a Communist SP in a space.")),
            checks(C, 1, poland, ops=e.ops)]


@digest_as("legacy_of_martial_law.<locals>.swap")
def _martial_law_swap(g: DawnState, sid: int) -> Steps:
    g.remove_sp(D, sid, 1)
    g.add_sp(C, sid, 1)
    g.say("Legacy of Martial Law: 1 Democrat SP in {space} becomes a Communist SP.", space=SPACES[sid].name)
    return None


def _strike_round(g: DawnState, eff: Effect, side: int) -> Steps:
    if side != C:
        return None
    strike = pick_card(C, _strike_cards, _strike_discard,
                       text=msg("General Strike: discard a card (or play a scoring card)."))
    naming = _stasi_naming(g)  # the round is replaced, but Stasi still asks before it
    return [naming, strike] if naming else strike


@digest_as("_strike_round.<locals>.<lambda>")
def _strike_cards(g: DawnState) -> list[int]:
    return list(g.hands[C])


@digest_as("_strike_round.<locals>.discard")
def _strike_discard(g: DawnState, card: int) -> Steps:
    if CARDS[card].scoring:  # the one alternative: a scoring card played for its event
        g.say("General Strike: the Communist plays {card}.", card=CARDS[card].title)
        return play_event(card, C)
    g.discard_card(C, card)
    die = g.roll()
    ops = g.card_ops(card, C)
    g.say("General Strike: die roll {die}, +{ops} for the card's Ops.", die=die, ops=ops)
    if die + ops > 5:
        g.say("The General Strike ends.")
        g.end_effect(GENERAL_STRIKE)
    else:  # (the log said the roll and nothing else)
        g.say("The General Strike goes on: {total} is not more than 5.", total=die + ops)
    return None


# 1989 card 5
@event(5)
def general_strike(g: DawnState, e: Ev) -> Steps:
    """Every later Communist action round, until a roll ends it: discard a card, roll d6 + its
    Ops, more than 5 ends the strike (a scoring card may be played instead, no roll). 1989 11.2."""
    g.add_effect(Effect(GENERAL_STRIKE, side=D, until="manual", card=5, hook="replace_ar", fn=_strike_round))
    return None


def _wall_cancelled(g: DawnState, eff: Effect) -> Steps:
    if 9 in g.no_event:  # "The Wall Must Go!" succeeded: the waiting Wall has no effect any more
        g.end_effect(eff.name)
    return None


# 1989 card 9
@event(9)
def the_wall(g: DawnState, e: Ev) -> Steps:
    """The Communist's next support check in East Germany ignores the -1 of adjacent
    Democrat-controlled spaces; the card waits in front of him until then."""
    g.add_effect(Effect(THE_WALL, side=C, until="manual", ignore_adjacent=True, once=True,
                        where=in_country("East Germany") & _WALL_STANDS, card=9, hook="turn_start", fn=_wall_cancelled))
    return None


@digest_as("the_wall.<locals>.<lambda>")
def _wall_stands(g: DawnState, s: int) -> bool:
    return 9 not in g.no_event


_WALL_STANDS = Where(_wall_stands, "")  # no space of the filter, while "The Wall Must Go!" has not succeeded


# 1989 card 10
@event(10)
def cult_of_personality(g: DawnState, e: Ev) -> Steps:
    """4 Communist SPs in Romanian Worker or Farmer spaces, at most 2 per space (not after the Tyrant)."""
    if tyrant_gone(g):
        say_tyrant_gone(g, 10)
        return None
    return place(C, 4, in_country("Romania") & of_class("Worker", "Farmer"), per_space=2)


# 1989 card 11
@event(11)
def dissident_arrested(g: DawnState, e: Ev) -> Steps:
    return remove(C, 2, of_class("Intellectual"), one_space=True)


# 1989 card 12
@event(12)
def apparatchiks(g: DawnState, e: Ev) -> Steps:
    return place(C, 3, of_class("Bureaucrat"))


def _stasi_name(g: DawnState, eff: Effect, side: int) -> Steps:
    """Before each Communist round (that a Democrat round follows this turn), the Democrat names
    and shows the card he will play next. Before his own round, if that card is a Communist one,
    he may instead pair Common European Home with it (1989-cards ruling 4)."""
    if side == D:
        return _stasi_pairing(g)
    return _stasi_naming(g) if side == C else None


def _stasi_naming(g: DawnState) -> Step | None:
    if g.effect(STASI) is None or g.ar > ARS_PER_TURN or not g.hands[D]:
        return None
    return pick_card(D, _stasi_cards, _stasi_named,
                     text=msg("Stasi: name (and show) the card you will play in your next action round."))


@digest_as("_stasi_naming.<locals>.<lambda>")
def _stasi_cards(g: DawnState) -> list[int]:
    return list(g.hands[D])


@digest_as("_stasi_naming.<locals>.name")
def _stasi_named(g: DawnState, card: int) -> Steps:
    g.must_play[D] = card
    g.add_effect(Effect(STASI_SHOWN, side=D, until="turn", value=card))
    g.reveal()
    g.say("Stasi: the Democrat will play {card} next.", card=CARDS[card].title)
    return None


def _stasi_pairing(g: DawnState) -> Steps:
    shown, hand = g.must_play[D], g.hands[D]
    if shown is None or shown not in hand or CEH not in hand or CARDS[shown].side != C or CARDS[shown].scoring \
            or CEH in g.no_event:
        return None
    return pick_option(D, [("play the shown card", _play_shown),
                           ("play Common European Home with the shown card", partial(_stasi_pair, shown))],
                       text=msg("Stasi: play the card you showed, or Common European Home with it."))


@digest_as("_stasi_pairing.<locals>.<lambda>")
def _play_shown(g: DawnState) -> Steps:
    return None


@digest_as("_stasi_pairing.<locals>.pair")
def _stasi_pair(shown: int, g: DawnState) -> Steps:
    for i in range(len(g.stack) - 1, -1, -1):  # this replaces the choice of a card
        if g.stack[i].get("p") == "choose_card" and g.stack[i].get("role") == D:
            del g.stack[i]
            break
    g.must_play[D] = None
    g.say("The Democrat plays Common European Home with {card}.", card=CARDS[shown].title)
    g.push(play_event(CEH, D))
    g.run_hooks("on_play", D, CEH)  # what a card play triggers comes first (Ligachev)
    g.run_hooks("on_mode", D, CEH, "event")
    return None


def _stasi_end(g: DawnState, eff: Effect) -> Steps:
    g.must_play[D] = None  # a card named before an extra round is not carried into the next turn
    return None


# 1989 card 13
@event(13)
def stasi(g: DawnState, e: Ev) -> Steps:
    g.add_effect(Effect(STASI, side=C, until="turn", hook="before_ar", fn=_stasi_name))
    g.add_effect(Effect(STASI_END, side=C, until="turn", hook="turn_end", fn=_stasi_end))
    return None


# 1989 card 14
@event(14, playable=lambda g, side: 84 not in g.events_played)
def gorbachev_charms_the_west(g: DawnState, e: Ev) -> Steps:
    """Remove 2 opponent SPs anywhere, then 1 support check anywhere; not after Breakaway Baltic
    Republics (card 84)."""
    return [remove(e.side, 2), checks(e.side, 1, anywhere, ops=e.ops)]


# 1989 card 18
@event(18)
def pozsgay_defends_the_revolution(g: DawnState, e: Ev) -> Steps:
    return place(C, 4, in_country("Hungary") & not_controlled_by(D), per_space=1)


# 1989 card 19
@event(19)
def papal_visit(g: DawnState, e: Ev) -> Steps:
    return place(D, 3, of_class("Church") & in_country("Poland", "Czechoslovakia", "Hungary"), one_space=True)


def _highest_ops(g: DawnState) -> list[int]:
    cards = [c for c in g.hands[D] if not CARDS[c].scoring]
    if not cards:
        return []
    top = max(CARDS[c].ops for c in cards)
    return [c for c in cards if CARDS[c].ops == top]


# 1989 card 20
@event(20)
def deutsche_marks(g: DawnState, e: Ev) -> Steps:
    """The Democrat gives his highest-Ops non-scoring card (his pick among ties); a playable
    Communist event on it happens, otherwise the Communist uses its Ops (placement, checks or a
    Tiananmen attempt); then it leaves play."""
    if not _highest_ops(g):  # nothing to give: the log says so rather than staying silent (issue 34 item 7)
        g.say("Deutsche Marks: the Democrat has no card to give; nothing happens.")
        return []
    return pick_card(D, _highest_ops, _deutsche_marks_give, text=msg("Deutsche Marks: give your highest-Ops card."))


@digest_as("deutsche_marks.<locals>.give")
def _deutsche_marks_give(g: DawnState, card: int) -> Steps:
    g.say("Deutsche Marks: the Democrat gives {card} to the Communist.", card=CARDS[card].title)
    cap = CARDS[card].ops  # the Communist now knows that no other card of the Democrat is worth more
    g.show(D, [card])  # (he sees the card handed over: it leaves the hand as a seen card)
    unseen = sum(1 for c in g.hands[D] if c != card and c not in g.known[D])
    g.ops_cap = capped(g.ops_cap, cap, unseen)
    if CARDS[card].side == C and g.event_playable(card, C):
        return play_event(card, C)
    return play_for_ops(C, card, tst=True)


def capped(caps: list[int], cap: int, unseen: int) -> list[int]:
    """The Ops caps on `unseen` cards, ascending, after learning that none is worth more than
    `cap`: the caps known before, each at most `cap`, and `cap` on the others (1989 card 20)."""
    tighter = sorted(min(old, cap) for old in caps)
    tighter += [cap] * max(0, unseen - len(tighter))
    return tighter[len(tighter) - unseen:] if len(tighter) > unseen else tighter


def _ceh_partners(g: DawnState, side: int) -> list[int]:
    opp = 1 - side
    cards = [c for c in g.hands[side] if CARDS[c].side == opp and not CARDS[c].scoring]
    shown = g.effect(STASI_SHOWN)
    if side == D and shown is not None and shown.value in cards:  # paired with the card shown to Stasi
        return [shown.value]
    return cards


def _ceh_playable(g: DawnState, side: int) -> bool:
    """Only as the card played in one's own action round (never from the discard pile or a
    forced discard), with an opponent's card in hand; not when shown to Stasi (then Ops only)."""
    if CEH not in g.in_play or g.phasing != side:
        return False
    shown = g.effect(STASI_SHOWN)
    if side == D and shown is not None and shown.value == CEH:
        return False
    return bool(_ceh_partners(g, side))


def _ceh_ops(g: DawnState, side: int) -> Steps:
    g.add_vp(1 if side == C else -1, "Common European Home played for Operations")
    return None


# 1989 card 21
@event(21, playable=_ceh_playable, on_ops=_ceh_ops)
def common_european_home(g: DawnState, e: Ev) -> Steps:
    """Play it with one of the opponent's cards from hand: use that card's Ops (placement or 2
    checks); its event is cancelled and it is discarded even if starred."""
    side = e.side
    return pick_card(side, partial(_ceh_partners_of, side), partial(_ceh_pair, side),
                     text=msg("Common European Home: choose the opponent's card to use for its Ops."))


@digest_as("common_european_home.<locals>.<lambda>")
def _ceh_partners_of(side: int, g: DawnState) -> list[int]:
    return _ceh_partners(g, side)


@digest_as("common_european_home.<locals>.pair")
def _ceh_pair(side: int, g: DawnState, card: int) -> Steps:
    g.say("The {side} plays {card} with Common European Home: its event is cancelled.", side=NAMES[side],
          card=CARDS[card].title)
    return play_for_ops(side, card)


# 1989 card 24
@event(24)
def st_nicholas_church(g: DawnState, e: Ev) -> Steps:
    """Enough Democrat SPs in the Lutheran Church for control; unlocks The Monday Demonstrations."""
    g.control_for(D, LUTHERAN_CHURCH)
    return None
