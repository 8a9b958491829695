"""Handlers of the reusable event steps built in events.py (place, remove, pick..., then, play_event)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from agon.engine import Action, Text, msg, plural
from agon.games.dawn_of_freedom.data import CARDS, NAMES, SPACES
from agon.games.dawn_of_freedom.events import EVENTS, Ev, option_words, words
from agon.games.dawn_of_freedom.flow import CARD, PASS, SPACE, Ask, Frame, ask, auto
from agon.games.dawn_of_freedom.words import Phrase, join_terms

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState


def _within_limits(f: Frame, sids: Sequence[int], actions: list[Action] | None = None) -> list[Action]:
    """The step's spaces `sids` it may still use: all in the first one (`one`), at most `per` per
    space (`per`). `actions`: the actions naming `sids`, if the caller has them already."""
    done = f["done"]
    if done:
        if f["one"]:
            sids, actions = ([done[0]] if done[0] in sids else []), None  # (`sids` lists a space at most once)
        per = f["per"]
        if per is not None:  # the spaces used `per` times already are out (looked up in the short `done`)
            full = {s for s in done if done.count(s) >= per}
            if full:
                return [SPACE[s] for s in sids if s not in full]
    if actions is not None:
        return actions[:]
    return list(itemgetter(*sids)(SPACE)) if len(sids) > 1 else [SPACE[s] for s in sids]  # (one C call)


def _passing(g: DawnState, where: Any, sids: Sequence[int]) -> Sequence[int]:
    """The spaces of `sids` (some of `where.candidates`, in order) that pass `where` now: the
    filter's tests of Where.__call__, run once over the list (`sids` itself if none filters;
    the callers only read it)."""
    destroyed, fn = g.destroyed, where.fn
    if fn is None and not destroyed:
        return sids
    out = [s for s in sids if s not in destroyed] if destroyed else list(sids)
    if fn is not None:
        out = [s for s in out if fn(g, s)]
    return out


def _count_one(g: DawnState, f: Frame, sid: int) -> None:
    """One SP of a place/remove step goes in `sid`; the step ends with its last SP."""
    f["n"] -= 1
    f["done"] = (*f["done"], sid)
    if f["n"] <= 0:
        g.stack.pop()


def _where(f: Frame) -> Phrase:
    """The step's limits for its prompt: " in Poland", " anywhere (at most 2 per space)"..."""
    where = words(f["where"].label) or "anywhere"
    if f["one"]:
        return Phrase(" {filter} (all in one space)", {"filter": where})
    if f["per"] is not None:
        return Phrase(" {filter} (at most {per} per space)", {"filter": where, "per": f["per"]})
    return Phrase(" {filter}", {"filter": where})


@ask("place")
class Place(Ask):
    """Free placement by an event: no adjacency, no cost; the event's own limits only."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        where = f["where"]
        return _within_limits(f, _passing(g, where, where.candidates))

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        sid = action.arg
        _count_one(g, f, sid)
        g.add_sp(f["role"], sid, 1)
        if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be looked up)
            g.say("The {side} places 1 SP in {space}.", side=NAMES[f["role"]], space=SPACES[sid].name)

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        if not f["done"]:  # (as Remove.prompt: "more" once one is placed)
            return "{line}", {"line": plural("Place {n} SP{where}.", "Place {n} SPs{where}.", "n", n=f["n"], where=_where(f))}
        return "{line}", {"line": plural("Place {n} more SP{where}.", "Place {n} more SPs{where}.", "n",
                                          n=f["n"], where=_where(f))}


@ask("remove")
class Remove(Ask):
    """Remove SPs one at a time (an event, a Tiananmen award, the support loss of a struggle)."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        where, whose = f["where"], f["whose"]
        held, ids = g._held[whose], where.ids  # the spaces with SPs to remove, in map order (none destroyed)
        if ids is None and where.fn is None:  # anywhere: the index lists their actions too
            return _within_limits(f, held, g._held_actions[whose])
        return _within_limits(f, _passing(g, where, held if ids is None else sorted(ids.intersection(held))))

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        sid = action.arg
        _count_one(g, f, sid)
        g.remove_sp(f["whose"], sid, 1)
        if not g.quiet:  # (as Place.apply)
            g.say("The {side} removes 1 {whose} SP from {space}.", side=NAMES[f["role"]], whose=NAMES[f["whose"]],
                  space=SPACES[sid].name)

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        if not f["done"]:  # (the first removal said "Remove 1 more": more than none removed yet)
            return "{line}", {"line": plural("Remove {n} {whose} SP{where}.", "Remove {n} {whose} SPs{where}.", "n",
                                              n=f["n"], whose=NAMES[f["whose"]], where=_where(f))}
        return "{line}", {"line": plural("Remove {n} more {whose} SP{where}.", "Remove {n} more {whose} SPs{where}.", "n",
                                          n=f["n"], whose=NAMES[f["whose"]], where=_where(f))}


class _Pick(Ask):
    """A pick_space / pick_card step: choosing a `verb` action runs the step's callback with its
    arg; an optional step (with something to pick) also offers "pass"."""

    verb = ""

    def with_pass(self, f: Frame, out: list[Action]) -> list[Action]:
        if out and f["opt"]:
            out.append(PASS)
        return out

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        g.stack.pop()
        if action.verb == self.verb:
            g.push(f["fn"](g, action.arg))

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return f["text"].template, dict(f["text"].args)  # the options list the eligible spaces / cards


@ask("pick_space")
class PickSpace(_Pick):
    verb = "space"

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        where = f["where"]
        return self.with_pass(f, [SPACE[s] for s in _passing(g, where, where.candidates)])


@ask("pick_option")
class PickOption(Ask):
    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return [Action("option", label) for label, _ in f["options"]]

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        g.stack.pop()
        for label, fn in f["options"]:
            if label == action.arg:
                if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
                    g.say("The {side} chooses: {option}.", side=NAMES[f["role"]], option=option_words(label))
                g.push(fn(g))
                return

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return f["text"].template, dict(f["text"].args)


@ask("pick_card")
class PickCard(_Pick):
    verb = "card"

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return self.with_pass(f, [CARD[c] for c in sorted(f["cards"](g))])


@auto("then")
def then_step(g: DawnState, f: Frame) -> None:
    g.push(f["fn"](g))


@auto("play_event")
def play_event(g: DawnState, f: Frame) -> None:
    """Carry out a card's event for a side (7.1, 5.2). The event's Ops value uses that side's
    modifiers (7.3, A-36)."""
    card, side = f["card"], f["side"]
    title = CARDS[card].title
    if not g.event_playable(card, side):
        g.say("The event of {card} cannot happen now.", card=title)
        return
    g.events_played = g.events_played | {card}
    if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be looked up)
        g.say("The {side} carries out the event of {card}.", side=NAMES[side], card=title)
    ev = EVENTS.get(card)
    if ev is None:
        g.say("(The event of {card} is not implemented yet: no effect.)", card=title)
        return
    before = None if g.quiet else [g.sp[0][:], g.sp[1][:]]  # a quiet game logs no summary
    g.sp_summary = True
    try:
        steps = ev.fn(g, Ev(card, side, g.card_ops(card, side)))
    finally:
        g.sp_summary = False
    if before is not None:
        _say_sp_changes(g, title, before)
    g.push(steps)


def _say_sp_changes(g: DawnState, title: str, before: list[list[int]]) -> None:
    """Log the SPs an event changed at once (its later steps log their own SPs)."""
    changes: list[Text | str] = [msg("{side} {n:+d} in {space}", side=NAMES[s], n=g.sp[s][i] - before[s][i],
                                     space=SPACES[i].name)
                                 for i in range(len(SPACES)) for s in (0, 1) if g.sp[s][i] != before[s][i]]
    if changes:
        g.say("{card}: {changes}.", card=title, changes=join_terms(changes))


def _into_play(g: DawnState, card: int) -> bool:
    """Bring `card` into play from the hand or pile it is in; False if it is not in play then."""
    for pile in (g.hands[0], g.hands[1], g.discard, g.deck):
        if card in pile:
            pile.remove(card)
            if (g.not_red or g.ops_cap) and (pile is g.hands[0] or pile is g.hands[1]):  # from a hand, face up
                g.left_hand(0 if pile is g.hands[0] else 1, card, shown=True)
            g.in_play.append(card)
            break
    return card in g.in_play


@auto("event_from")
def event_from(g: DawnState, f: Frame) -> None:
    """Play a card's event from outside the action round's card (Kiss of Death, Reformer
    Rehabilitated): the card comes out of its pile, its event happens, then it leaves play.
    A scoring card starts its power struggle with `side` as its player (A-19)."""
    card, side = f["card"], f["side"]
    if not _into_play(g, card):
        return
    if CARDS[card].scoring:
        g.push({"p": "ps_start", "country": CARDS[card].country, "card": card, "starter": side})
        return
    g.push([{"p": "play_event", "card": card, "side": side}, {"p": "settle", "card": card}])


@auto("settle")
def settle(g: DawnState, f: Frame) -> None:
    """A card taken from elsewhere and played for its event leaves play afterwards."""
    g.settle_card(f["card"], f["card"] in g.events_played)


@auto("ops_card")
def ops_card(g: DawnState, f: Frame) -> None:
    """A card used for its Ops only, outside the normal card play (its event is cancelled)."""
    card, side = f["card"], f["side"]
    if not _into_play(g, card):
        return
    g.push([{"p": "operations", "role": side, "ops": None, "card": card, "where": None, "tst": f["tst"]},
            {"p": "discard_played", "card": card}])


@auto("discard_played")
def discard_played(g: DawnState, f: Frame) -> None:
    if f["card"] in g.in_play:
        g.in_play.remove(f["card"])
        g.discard.append(f["card"])
