"""1989 card events: the registry, space filters, lasting effects and the reusable steps.

HOW TO WRITE AN EVENT (the API for `events_*.py` modules; state.py imports every such module so that
its events are registered, and refuses to load while a card has no event):

    from agon.games.dawn_of_freedom.events import event, place, checks, in_country, D, C

    @event(3, prereq=2)                      # Walesa: needs Solidarity Legalized's event (2)
    def walesa(g, e):                        # g: the game state, e: Ev(card, side, ops)
        return [place(e.side, 4, in_country("Poland")),          # 4 free SPs in Poland
                checks(e.side, 2, in_country("Poland"), ops=e.ops)]  # then 2 support checks

1. The function. `@event(number, prereq=None, playable=None)` registers `fn(g, e) -> Steps`.
   `e.side` is the side carrying the event out (D = 0 or C = 1; for an opponent's event
   triggered by an Ops play it is the event's owner, rule 5.2), `e.card` the card number,
   `e.ops` the card's Ops value with `e.side`'s modifiers (rule 7.3: "this card's Ops value"),
   `e.opp` the other side. `prereq` is a card whose event must have happened
   (`g.events_played`); `playable(g, side) -> bool` adds any other condition. A card whose
   event is not playable can still be played for Ops, and a triggered opponent event that is
   not playable does not happen (a starred card is then discarded, not removed: rule 5.2).
   Cards in `g.no_event` (see `g.forbid_event`) are never playable as events (Modrow/Honecker).
   `on_ops(g, side) -> Steps` runs when `side` plays the card for Operations (its own rule for an
   Ops play, e.g. Common European Home's 1 VP to the opponent).
2. Reading state (public, never mutate containers directly, use the methods):
   `g.sp[side][space]` SPs, `g.controller(space)` -> D, C or None, `g.vp` (+ favours the
   Democrat), `g.turn`, `g.power[country_index]` (who holds power), `g.tst[side]` (0..8),
   `g.hands[side]`, `g.discard`, `g.events_played`, `g.destroyed`, `g.adj[space]`,
   `g.effect(name)`, `g.card_ops(card, side)`, `g.event_playable(card, side)`.
   Facts: `data.SPACES[space]` (.name .country .cls .stability .battleground), `data.CARDS[n]`.
3. Changing state at once (inside the function, or inside a `then` callback):
   `g.add_sp(side, space, n)`, `g.remove_sp(side, space, n)`, `g.add_vp(n)` (signed: + for the
   Democrat), `g.draw(side, n)`, `g.discard_card(side, card)`, `g.take_card(side, card)`,
   `g.roll()` (a die), `g.forbid_event(card)`, `g.add_effect(Effect(...))`, `g.end_effect(name)`,
   `g.control_for(side, space)` (add enough SPs for control), `g.say(...)`.
4. Multi-step decisions: return a list of steps; they run in order, each a sequence of atomic
   prompts to the right player. Steps are built by the constructors below (`place`, `remove`,
   `checks`, `operations`, `pick_space`, `pick_option`, `pick_card`, `then`, `tst_advance`,
   `play_event`, `play_for_ops`, `power_struggle`). A step's callback (`then(fn)`,
   `pick_space(..., fn)`) runs when the step is reached and may return more steps. Callbacks
   must not keep mutable state of their own; read what you need from `g` when they run (states
   are cloned and replayed). A callback (and a `Where` filter's test) is a module-level function
   or a `functools.partial` of one, never a lambda or a function defined inside another: a
   server pickles states to its bot workers (agon/engine/callbacks.py; a function that takes a
   closure's place keeps its name for the digest with `@digest_as`). A step with no legal option
   (nothing to remove...) is skipped.
5. Lasting effects: `g.add_effect(Effect(name, side, until, ...))`. The core reads these fields:
   `ops` (+/- to every Ops value of `side`'s cards, rule 7.3; cumulative under one name),
   `ops_where` (the `ops` bonus only when all Ops of a play go to spaces matching `where`,
   Austria-Hungary), `check` (+/- to `side`'s support checks on spaces matching `where`),
   `ban_checks` (`side` may not check there), `check_vp` (signed VP, + for the Democrat, each
   time `side` checks there: Helsinki), `cheap` (`side` pays 1 Op per SP in opponent-controlled
   `where` spaces, Genscher), `ignore_adjacent` (`side` ignores the -1 for adjacent
   opponent-controlled spaces, The Wall), `once` (ends after its first use), `card` (the card
   lies in front of its player while the effect lasts; afterwards it is discarded, or removed
   if starred), `secret` (that card is hidden from the other side: Samizdat), `hook` + `fn` (a
   callback at a point of the flow, below), `value` (free data).
   `until`: "turn" (expires at the end of the turn, after the box-6 check), "ps" (the core ends
   it after the next power struggle), "deal" (after the next deal), "game", or "manual" (ends by
   `g.end_effect`).
   Hooks: "ps_deal" fn(g, eff, country) after the power struggle deal, before anyone looks
   (Roundtable Talks: `g.ps_take(taker, n)`); "after_ps" fn(g, eff, country) after the
   struggle's scoring and the automatic victory check; "turn_start" fn(g, eff) before the deal;
   "turn_end" fn(g, eff) at 4.5 step 5; "before_ar" fn(g, eff, side) -> steps run before `side`
   chooses his card (Stasi); "replace_ar" fn(g, eff, side) -> steps that replace that action
   round when not empty (General Strike); "on_play" fn(g, eff, side, card) when a side has
   chosen a card to play (a scoring card included); "on_mode" fn(g, eff, side, card, mode) once
   he has chosen how to play a non-scoring card, before it does anything; mode: "event", "ops",
   "tiananmen" or "both" (Ligachev); "control" fn(g, eff, space) whenever a space's controller
   changes (the Ceausescus' capture); "game_end" fn(g, eff) at final scoring before anything
   else (their escape). All return Steps (or None).
   Value-only hooks (no fn): "hand_size" (`value` = hand size of `side` at the next deal, with
   until="deal": Presidential Visit), "tst_bonus" (`value` added to `side`'s TST attempts: Li Peng).
   Effects the core reads by name: "extra action round" (side C: Honecker's 8th round),
   "aftermath+1" (side D: +1 to both aftermath rolls when the Democrat wins, Yakovlev).
   Game end: `g.ends_this_turn = True` ends the game at 4.5 step 5 on the VP sign (New Year's Eve
   Party). Map: `g.destroy_space(space)` (Systematization).
   In a power struggle `g.ps` holds "country", "hands" [D, C], "deck", "out" (played/discarded),
   "raised", "face_down" (per side, the cards discarded to raise the stakes, hidden from the
   opponent); set `g.ps["shown"] = True` to show the Democrat's hand to the Communist (Securitate).
   Turn structure: `g.must_play[side] = card` forces `side`'s next card and shows it (Stasi).
   Direct checks: `ops.support_check(g, side, space, ops, mod)` rolls one check on any space.
6. Filters (`Where`): `anywhere`, `in_country(*names)`, `in_region(name)`, `of_class(*classes)`,
   `spaces(*names)`, `battleground`, `controlled_by(side)`, `not_controlled_by(side)`,
   `has_sp(side)`, `no_sp(side)`; combine with `&`, `|`, `~`; `Where(fn, label)` for any other
   test. Destroyed spaces never match.
7. Tests: tests/games/dawn_of_freedom/helpers.py builds positions (`new_game`, `set_sp`,
   `set_hand`, `give`, `dice` to force rolls, `my_round`, `play`, `act`, `legal`, `top`); see
   test_card_play.py for events tested through real plays. Scenarios T-11 and T-25..T-27 (Elena,
   Systematization, The Tyrant is Gone) are left to the events' author. Cards written in
   core_events.py: 2, 3, 4, 6, 7, 8, 15, 16, 17, 25, 26, 27, 29, 30, 52, 53, 58, 62, 71, 74, 83, 85.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from agon.engine import Text, msg
from agon.engine.callbacks import digest_as
from agon.games.dawn_of_freedom.data import (
    BOTH,
    CARDS,
    CLASSES,
    COUNTRY_NAMES,
    NAMES,
    REGION_COUNTRIES,
    SPACES,
    SPACES_IN,
    C,
    D,
    space,
)
from agon.games.dawn_of_freedom.words import join_terms

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

__all__ = [
    "BOTH",
    "EVENTS",
    "TYRANT_GONE",
    "C",
    "D",
    "Effect",
    "Ev",
    "EventDef",
    "Where",
    "anywhere",
    "battleground",
    "checks",
    "controlled_by",
    "countries_held",
    "event",
    "has_sp",
    "in_country",
    "in_region",
    "minority_control",
    "no_sp",
    "not_controlled_by",
    "of_class",
    "operations",
    "pick_card",
    "pick_option",
    "pick_space",
    "place",
    "play_event",
    "power_struggle",
    "remove",
    "say_tyrant_gone",
    "spaces",
    "then",
    "tst_advance",
    "tyrant_gone",
]

Step = dict[str, Any]
Steps = list[Step] | Step | None


# -- the registry -----------------------------------------------------------------------------

@dataclass(frozen=True)
class EventDef:
    number: int
    fn: Callable[..., Steps]
    prereq: int | None = None
    playable: Callable[..., bool] | None = None
    on_ops: Callable[..., Steps] | None = None


EVENTS: dict[int, EventDef] = {}


def event(number: int, *, prereq: int | None = None, playable: Callable[..., bool] | None = None,
          on_ops: Callable[..., Steps] | None = None) -> Callable[[Callable[..., Steps]], Callable[..., Steps]]:
    """Register the event of strategy card `number` (see the module docstring)."""
    if number not in CARDS or CARDS[number].scoring:
        raise ValueError(f"card {number} is not a strategy card with an event")

    def wrap(fn: Callable[..., Steps]) -> Callable[..., Steps]:
        if number in EVENTS:
            raise ValueError(f"event {number} is registered twice ({EVENTS[number].fn.__module__} and {fn.__module__})")
        EVENTS[number] = EventDef(number, fn, prereq, playable, on_ops)
        return fn

    return wrap


class Ev(NamedTuple):
    """The context of one event being carried out (a named tuple: one is built for every event)."""

    card: int
    side: int
    ops: int

    @property
    def opp(self) -> int:
        return 1 - self.side


# -- lasting effects --------------------------------------------------------------------------

@dataclass(frozen=True)
class Effect:
    """A lasting effect in force (see the module docstring, point 5). Immutable: replace, don't edit."""

    name: str
    side: int | None = None
    until: str = "turn"
    ops: int = 0
    ops_where: bool = False
    check: int = 0
    ban_checks: bool = False
    check_vp: int = 0
    cheap: bool = False
    ignore_adjacent: bool = False
    once: bool = False
    where: Where | None = None
    card: int | None = None
    hook: str | None = None
    fn: Callable[..., Steps] | None = None
    value: Any = None
    secret: bool = False

    def applies(self, g: DawnState, sid: int) -> bool:
        return self.where is None or self.where(g, sid)


# -- space filters ----------------------------------------------------------------------------

_WORDS: dict[str, Text] = {}  # a filter's English label -> the Text it was built from (a memo, like a cache)


def words(label: str) -> Text | str:
    """The translatable Text of a filter's English label ("in Poland" -> msg("in {country}", ...))."""
    return _WORDS.get(label, label)


def _english(label: Text | str, english: str | None = None) -> str:
    """The English words of a filter's label, kept with it in `_WORDS`; `english`: them, if the
    caller knows them already (a combined filter's: its parts' words joined, as the Text reads)."""
    if isinstance(label, Text):
        if english is None:
            english = str(label)
        _WORDS.setdefault(english, label)
        return english
    return label


class Where:
    """A filter on spaces: `w(g, space_id) -> bool`; `label` reads in a prompt ("in Poland"): the
    English words of a `Text` built from the filters' own templates (`words(label)` gives it back,
    translatable), or "" for no limit.

    `Where(fn, label)` makes one from any predicate `fn(g, space)`. The built-in filters also
    know their spaces in advance (`ids`), which makes the prompts' option lists fast."""

    __slots__ = ("candidates", "fn", "ids", "label")

    def __init__(self, fn: Callable[[Any, int], bool] | None, label: Text | str,
                 ids: frozenset[int] | None = None, english: str | None = None) -> None:
        self.fn = fn
        self.label = _english(label, english)
        self.ids = ids
        self.candidates: tuple[int, ...] = tuple(range(len(SPACES))) if ids is None else tuple(sorted(ids))

    def match(self, g: DawnState, sid: int) -> bool:
        """The filter without the destroyed-space test."""
        return (self.ids is None or sid in self.ids) and (self.fn is None or self.fn(g, sid))

    def __call__(self, g: DawnState, sid: int) -> bool:
        return sid not in g.destroyed and (self.ids is None or sid in self.ids) and (self.fn is None or self.fn(g, sid))

    def __and__(self, other: Where) -> Where:
        return _both(self, other)

    def _and(self, other: Where) -> Where:
        if self.ids is None or other.ids is None:
            ids = self.ids if other.ids is None else other.ids
        else:
            ids = self.ids & other.ids
        a, b = self.fn, other.fn
        fn = a if b is None else b if a is None else partial(_both_pass, a, b)
        if self.label and other.label:
            label: Text | str = msg("{first} {second}", first=words(self.label), second=words(other.label))
            return Where(fn, label, ids, f"{self.label} {other.label}")  # (the Text's English words)
        return Where(fn, self.label or other.label, ids)

    def __or__(self, other: Where) -> Where:
        label = msg("{first} or {second}", first=words(self.label), second=words(other.label))
        english = f"{self.label} or {other.label}"  # (the Text's English words)
        if self.fn is None and other.fn is None and self.ids is not None and other.ids is not None:
            return Where(None, label, self.ids | other.ids, english)
        ids = None if self.ids is None or other.ids is None else self.ids | other.ids
        return Where(partial(_either_matches, self, other), label, ids, english)

    def __invert__(self) -> Where:
        return _not(self)

    def _not(self) -> Where:
        label = msg("not {filter}", filter=words(self.label))
        english = f"not {self.label}"  # (the Text's English words)
        if self.fn is None and self.ids is not None:
            return Where(None, label, ALL_IDS - self.ids, english)
        return Where(partial(_does_not_match, self), label, english=english)

    def __repr__(self) -> str:
        return f"Where({self.label})"


ALL_IDS = frozenset(range(len(SPACES)))

# The tests of combined filters: module-level functions bound with `partial`, so that a filter an
# event leaves on the flow stack pickles with its state (a server's bot works in another process).


@digest_as("Where._and.<locals>.<lambda>")
def _both_pass(a: Callable[[Any, int], bool], b: Callable[[Any, int], bool], g: DawnState, s: int) -> bool:
    return a(g, s) and b(g, s)


@digest_as("Where.__or__.<locals>.<lambda>")
def _either_matches(a: Where, b: Where, g: DawnState, s: int) -> bool:
    return a.match(g, s) or b.match(g, s)


@digest_as("Where._not.<locals>.<lambda>")
def _does_not_match(a: Where, g: DawnState, s: int) -> bool:
    return not a.match(g, s)


@lru_cache(maxsize=1024)
def _both(a: Where, b: Where) -> Where:
    """`a & b`, built once for each pair (a filter never changes; events combine the same ones on
    every play, and building one fills its label's words)."""
    return a._and(b)


@lru_cache(maxsize=1024)
def _not(a: Where) -> Where:
    """`~a`, built once for each filter (as `_both`)."""
    return a._not()


def _static(label: Text | str, test: Callable[[Any], bool]) -> Where:
    return Where(None, label, frozenset(s.id for s in SPACES if test(s)))


# the spaces of each country and of each class (built once: a filter's spaces are their union)
_COUNTRY_IDS = {n: frozenset(ids) for n, ids in SPACES_IN.items()}
_CLASS_IDS = {cls: frozenset(s.id for s in SPACES if s.cls == cls) for cls in CLASSES}


def _either(names: tuple[str, ...]) -> Text | str:
    """Terms joined by "or": "Worker or Farmer" (one term alone as it is)."""
    out: Text | str = names[-1]
    for n in reversed(names[:-1]):
        out = msg("{first} or {second}", first=n, second=out)
    return out


anywhere = Where(None, "")
battleground = _static("battleground", lambda s: s.battleground)


@cache
def in_country(*names: str) -> Where:
    for n in names:
        if n not in COUNTRY_NAMES:
            raise ValueError(f"no country {n!r}")
    label = msg("in {country}", country=names[0]) if len(names) == 1 else msg("in {countries}", countries=_either(names))
    return Where(None, label, frozenset().union(*[_COUNTRY_IDS[n] for n in names]))


@cache
def in_region(name: str) -> Where:
    chosen = REGION_COUNTRIES[name]
    return Where(None, msg("in {region}", region=name), frozenset().union(*[_COUNTRY_IDS[n] for n in chosen]))


@cache
def of_class(*classes: str) -> Where:
    return Where(None, msg("in {cls} spaces", cls=_either(classes)), frozenset().union(*[_CLASS_IDS[c] for c in classes]))


@cache  # built once: events ask for the same filters again and again
def spaces(*names: str | int) -> Where:
    ids = frozenset(n if isinstance(n, int) else space(n) for n in names)
    return Where(None, msg("in {spaces}", spaces=join_terms([SPACES[i].name for i in sorted(ids)])), ids)


@cache
def controlled_by(side: int) -> Where:
    return Where(_CONTROLLED_BY[side], msg("controlled by the {side}", side=NAMES[side]))


@cache
def not_controlled_by(side: int) -> Where:
    return Where(_NOT_CONTROLLED_BY[side], msg("not controlled by the {side}", side=NAMES[side]))


@cache
def has_sp(side: int) -> Where:
    return Where(_HAS_SP[side], msg("with {side} SPs", side=NAMES[side]))


@cache
def no_sp(side: int) -> Where:
    return Where(_NO_SP[side], msg("without {side} SPs", side=NAMES[side]))


# The tests of the filters of one side: a plain function for each side (not a `partial` of one
# function): these run once per space in a prompt's options, and a plain function's call is the
# interpreter's cheapest.


@digest_as("controlled_by.<locals>.<lambda>")
def _controlled_by_democrat(g: DawnState, s: int) -> bool:
    return g.ctrl[s] == D


@digest_as("controlled_by.<locals>.<lambda>")
def _controlled_by_communist(g: DawnState, s: int) -> bool:
    return g.ctrl[s] == C


@digest_as("not_controlled_by.<locals>.<lambda>")
def _not_controlled_by_democrat(g: DawnState, s: int) -> bool:
    return g.ctrl[s] != D


@digest_as("not_controlled_by.<locals>.<lambda>")
def _not_controlled_by_communist(g: DawnState, s: int) -> bool:
    return g.ctrl[s] != C


@digest_as("has_sp.<locals>.<lambda>")
def _has_democrat_sp(g: DawnState, s: int) -> bool:
    return g.sp[D][s] > 0


@digest_as("has_sp.<locals>.<lambda>")
def _has_communist_sp(g: DawnState, s: int) -> bool:
    return g.sp[C][s] > 0


@digest_as("no_sp.<locals>.<lambda>")
def _no_democrat_sp(g: DawnState, s: int) -> bool:
    return g.sp[D][s] == 0


@digest_as("no_sp.<locals>.<lambda>")
def _no_communist_sp(g: DawnState, s: int) -> bool:
    return g.sp[C][s] == 0


_CONTROLLED_BY = {D: _controlled_by_democrat, C: _controlled_by_communist}
_NOT_CONTROLLED_BY = {D: _not_controlled_by_democrat, C: _not_controlled_by_communist}
_HAS_SP = {D: _has_democrat_sp, C: _has_communist_sp}
_NO_SP = {D: _no_democrat_sp, C: _no_communist_sp}


# -- steps (frames on the flow stack; the handlers live in flow.py / ops.py) -------------------

def place(side: int, n: int, where: Where = anywhere, *, per_space: int | None = None,
          one_space: bool = False) -> Step:
    """`side` places `n` SPs for free (no adjacency, no cost) one at a time in `where` spaces."""
    return {"p": "place", "role": side, "n": n, "where": where, "per": per_space, "one": one_space, "done": ()}


def remove(by: int, n: int, where: Where = anywhere, *, whose: int | None = None, per_space: int | None = None,
           one_space: bool = False) -> Step:
    """`by` removes `n` SPs of `whose` (default: `by`'s opponent) one at a time from `where` spaces."""
    return {"p": "remove", "role": by, "whose": 1 - by if whose is None else whose, "n": n, "where": where,
            "per": per_space, "one": one_space, "done": ()}


def checks(side: int, n: int, where: Where = anywhere, *, ops: int, mod: int = 0, card: int | None = None) -> Step:
    """`side` makes `n` support checks (rule 6.2) on `where` spaces, each with Ops value `ops` + `mod`."""
    return {"p": "checks", "role": side, "n": n, "where": where, "ops": ops, "mod": mod, "card": card}


def operations(side: int, ops: int, where: Where = anywhere, *, tst: bool = False, card: int | None = None) -> Step:
    """`side` uses `ops` Ops as if a card were played for Ops (rule 7.4): place SPs or 2 checks
    (or a Tiananmen attempt if `tst`), restricted to `where`."""
    return {"p": "operations", "role": side, "ops": ops, "where": where, "tst": tst, "card": card}


# the prompts of a pick step without words of its own
CHOOSE_SPACE, CHOOSE_ONE, CHOOSE_CARD = msg("Choose a space."), msg("Choose one."), msg("Choose a card.")
TAKE_MINORITY = msg("Take control of a Minority space.")


def pick_space(side: int, where: Where, fn: Callable[[Any, int], Steps], *, optional: bool = False,
               text: Text = CHOOSE_SPACE) -> Step:
    """`side` picks one space matching `where`; then `fn(g, space)` runs. Skipped if none matches."""
    return {"p": "pick_space", "role": side, "where": where, "fn": fn, "opt": optional, "text": text}


def pick_option(side: int, options: list[tuple[str, Callable[[Any], Steps]]], *,
                text: Text = CHOOSE_ONE) -> Step:
    """`side` picks one of the labelled options; then its callback `fn(g)` runs. A label is its
    action's arg and its English words (a catalogue key; `option_words` reads one naming a card)."""
    return {"p": "pick_option", "role": side, "options": tuple(options), "text": text}


def option_words(label: str) -> Text | str:
    """An option's words to translate: "carry out Walesa" is msg("carry out {card}", card="Walesa")."""
    title = label.removeprefix("carry out ")
    if title != label and title in CARD_TITLES:
        return msg("carry out {card}", card=title)
    return label


CARD_TITLES = frozenset(c.title for c in CARDS.values())


def pick_card(side: int, cards: Callable[[Any], list[int]], fn: Callable[[Any, int], Steps], *,
              optional: bool = False, text: Text = CHOOSE_CARD) -> Step:
    """`side` picks one card among `cards(g)` (e.g. from his hand or the discard pile); then
    `fn(g, card)` runs. Skipped if there is none."""
    return {"p": "pick_card", "role": side, "cards": cards, "fn": fn, "opt": optional, "text": text}


def play_for_ops(side: int, card: int, *, tst: bool = False) -> Step:
    """`side` uses card `card` (taken from his hand or wherever it is) for its Ops with his
    modifiers, without its event (Common European Home, Deutsche Marks); then it is discarded."""
    return {"p": "ops_card", "side": side, "card": card, "tst": tst}


def then(fn: Callable[[Any], Steps]) -> Step:
    """Run `fn(g)` when this step is reached (after the steps before it); it may return more steps."""
    return {"p": "then", "fn": fn}


def tst_advance(side: int) -> Step:
    """Move `side`'s Tiananmen Square marker one box forward, with the box's award (rule 6.3.4)."""
    return {"p": "tst_advance", "side": side}


def play_event(card: int, side: int) -> Step:
    """Carry out card `card`'s event for `side` now (Kiss of Death, Reformer Rehabilitated): the
    card is taken from the hand or pile it is in, its event happens if playable (a scoring card
    starts its power struggle with `side` as its player), then it is removed if starred and its
    event happened, else discarded."""
    return {"p": "event_from", "card": card, "side": side}


def power_struggle(country: str, starter: int, card: int | None = None) -> Step:
    """A power struggle in `country` with `starter` holding the initiative, then its scoring
    (rule 8); `card` is the scoring card that caused it, if any (New Year's Eve Party: None)."""
    return {"p": "ps_start", "country": country, "card": card, "starter": starter}


# -- helpers the events modules share -----------------------------------------------------------

TYRANT_GONE = "The Tyrant is Gone"  # the marker effect set when card 97 resolves (events_b_late.py)


def tyrant_gone(g: DawnState) -> bool:
    """1989 7.6.2-7.6.3: has The Tyrant is Gone taken effect (card 97 has resolved)? Then the
    Ceausescu events (10, 41, 69, 101, 107) do nothing, although they still count as played and
    starred cards are removed; while 97 waits for The Crowd Turns, the events still work."""
    return g.effect(TYRANT_GONE) is not None


def say_tyrant_gone(g: DawnState, card: int) -> None:
    """Log that a Ceausescu event does nothing because the Tyrant is gone."""
    g.say("{card}: the Tyrant is gone, the event has no effect.", card=CARDS[card].title)


def countries_held(g: DawnState, side: int) -> list[str]:
    """The countries where `side` holds Power, in map order."""
    return [n for i, n in enumerate(COUNTRY_NAMES) if g.power[i] == side]


def minority_control(g: DawnState, text: Text = TAKE_MINORITY) -> Step:
    """Sajudis' family: enough Democrat SPs for control of one Minority space not yet his."""

    return pick_space(D, of_class("Minority") & not_controlled_by(D), _take_control, text=text)


@digest_as("minority_control.<locals>.take")
def _take_control(g: DawnState, sid: int) -> Steps:
    g.control_for(D, sid)
    return None
