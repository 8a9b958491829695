"""1989 setup (3.0), the turn sequence (4.0) and card play (5.0): the procedures of a turn.

Covers 3.1-3.5, 4.1-4.5, 5.1-5.2, 6.3.5 boxes 5-8 (the turn-level awards), 7.1.
"""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import TYPE_CHECKING, Any

from agon.engine import Action, plural
from agon.games.dawn_of_freedom.data import (
    ADJ,
    BOTH,
    CARDS,
    COUNTRY_NAMES,
    NAMES,
    PERIOD_CARDS,
    ROLES,
    SPACES,
    C,
    D,
    control,
)
from agon.games.dawn_of_freedom.events import EVENTS
from agon.games.dawn_of_freedom.flow import CARD, PASS, SPACE, Ask, Frame, ask, auto
from agon.games.dawn_of_freedom.words import BOTH_HELD, ENDED_EARLY, held_scoring, join_terms

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

START_SP = ([s.start[D] for s in SPACES], [s.start[C] for s in SPACES])  # the printed SPs (3.2, 3.3)
START_CTRL = [control(d, c, s.stability) for s, d, c in zip(SPACES, *START_SP, strict=True)]  # their control
SETUP_ORDER = ((C, 2), (D, 3), (C, 3), (D, 4), (C, 2))  # 1989 3.4
HAND_SIZE = 8  # 1989 4.1
ARS_PER_TURN = 7  # 1989 4.1
LAST_TURN = 10
BOX7, BOX8 = 1, 2  # bits of tst_used: boxes 7 and 8 used this turn
PLAY_EVENT, PLAY_OPS, PLAY_TST, PLAY_BOTH = (Action("play", m) for m in ("event", "ops", "tiananmen", "both"))
EVENT_FIRST, OPS_FIRST, CANCEL_EVENT = (Action("order", m) for m in ("event first", "ops first", "cancel event"))
EXTRA_ROUND = (Action("extra round", "take"), Action("extra round", "pass"))


def setup(g: DawnState) -> None:
    """1989 3.1-3.5: hands of 8 from the Early deck, printed SPs, then the free placements."""
    g.sp = [START_SP[D][:], START_SP[C][:]]  # 1989 3.2, 3.3
    g.destroyed = frozenset()
    g.adj = ADJ  # shared by every game until a space is destroyed (state.destroy_space)
    g.ctrl = START_CTRL[:]
    g.vp = 0
    g.power = [C] * len(COUNTRY_NAMES)  # 1989 3.5 [inferred]: the Communist holds power everywhere
    g.retained = [0] * len(COUNTRY_NAMES)
    g.deck = list(PERIOD_CARDS[0])
    g.rng.shuffle(g.deck)
    g.future = list(PERIOD_CARDS[1]) + list(PERIOD_CARDS[2])
    g.discard, g.removed, g.in_play = [], [], []
    g.hands = [[], []]
    g.tst, g.tst_failed, g.tst_tried, g.tst_used = [0, 0], [False, False], [False, False], [0, 0]
    g.turn, g.ar, g.phasing = 1, 0, C
    g.events_played, g.no_event = frozenset(), frozenset()
    g.effects, g.must_play = {}, [None, None]
    g._index_effects()
    g.known, g.not_red, g.ops_cap = [[], []], 0, []
    g.stack, g.ps, g.in_ps, g.final, g.ends_this_turn, g.outcome = [], None, False, False, False, None
    deal(g)  # 1989 3.1: 8 cards each, before the SPs are placed
    steps: list[Frame] = [{"p": "setup_place", "role": side, "left": n} for side, n in SETUP_ORDER]
    extra = g.options.get("handicap", 0)
    if extra:  # 1989-completion 13.0: the Democrat places 1 or 2 more SPs
        steps.append({"p": "setup_place", "role": D, "left": extra})
    steps.append({"p": "turn_begin"})
    g.push(steps)
    g.run()


def hand_size(g: DawnState, side: int) -> int:
    sizes = [e.value for e in g.effects.values() if e.hook == "hand_size" and e.side == side]
    return min([HAND_SIZE, *sizes])


def deal(g: DawnState) -> None:
    """1989 4.5 step 1: one card at a time, Communist first, up to the hand size."""
    short = [max(0, hand_size(g, side) - len(g.hands[side])) for side in (D, C)]  # (D, C = 0, 1)
    # the order the cards go out in, known at once (drawing changes no hand size): C D C D ...,
    # then the side still short alone
    order = [side for n in range(max(short)) for side in (C, D) if n < short[side]]
    dealt = g.draw_each(order)  # (it stops early if the deck and the discards run out)
    for side in (C, D):
        if dealt[side] and not g.quiet:  # (a quiet game keeps no log: the card lists need not be built)
            g.say("{line}", line=plural("The {side} is dealt {n} card.", "The {side} is dealt {n} cards.", "n",
                                        side=NAMES[side], n=len(dealt[side])))
            g.say("You are dealt {cards}.", to=ROLES[side], cards=join_terms([CARDS[c].title for c in dealt[side]]))


@ask("setup_place")
class SetupPlace(Ask):
    """1989 3.4: free SPs, each in a space holding no enemy SPs at that moment."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return list(compress(SPACE, map(not_, g.sp[1 - f["role"]])))  # (one C pass over the map)

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        g.add_sp(f["role"], action.arg, 1)
        if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be looked up)
            g.say("The {side} places 1 SP in {space}.", side=NAMES[f["role"]], space=SPACES[action.arg].name)
        f["left"] -= 1
        if f["left"] <= 0:
            g.stack.pop()

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        more = plural("{n} more SP", "{n} more SPs", "n", n=f["left"])  # ("1 more SP(s)" read badly)
        return "Setup: place {more} in spaces without enemy SPs.", {"left": f["left"], "more": more}


@auto("turn_begin")
def turn_begin(g: DawnState, f: Frame) -> None:
    g.tst_tried = [False, False]
    g.tst_used = [0, 0]
    if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
        g.say("Turn {turn} begins.", turn=g.turn)
    g.run_hooks("turn_start")
    steps: list[Frame] = [{"p": "deal"}]
    for side in (C, D):
        if g.award(side, 5):  # 1989 6.3.5 box 5
            steps.append({"p": "goddess", "role": side})
    steps += [{"p": "ar_loop", "i": 0}, {"p": "turn_end", "stage": 0}]
    g.push(steps)


@auto("deal")
def deal_step(g: DawnState, f: Frame) -> None:
    if g.turn > 1:
        deal(g)
    g.expire("deal")


@ask("goddess")
class Goddess(Ask):
    """1989 6.3.5 box 5: after the deal, may discard one non-scoring card and draw a replacement
    (not asked without a non-scoring card)."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        cards = [CARD[c] for c in sorted(g.hands[f["role"]]) if not CARDS[c].scoring]
        return [PASS, *cards] if cards else []

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        g.stack.pop()
        if action.verb == "card":
            g.discard_card(f["role"], action.arg)
            g.draw(f["role"], 1)

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "Tiananmen award: you may discard one non-scoring card and draw a replacement.", {}


@auto("ar_loop")
def ar_loop(g: DawnState, f: Frame) -> None:
    """1989 4.5 step 2: C1 D1 C2 D2 ... C7 D7, then Honecker's optional 8th Communist round."""
    i = f["i"]
    if i < 2 * ARS_PER_TURN:
        g.stack.append({"p": "ar_loop", "i": i + 1})
        start_round(g, C if i % 2 == 0 else D, i // 2 + 1)  # (as an "ar" frame run at once would)
    elif i == 2 * ARS_PER_TURN and g.effect("extra action round") is not None and g.hands[C]:
        g.push({"p": "extra_ar", "role": C})


@ask("extra_ar")
class ExtraAR(Ask):
    """Honecker (1989 4.1, A-20): after the Democrat's 7th round, the Communist may take an 8th."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return list(EXTRA_ROUND)

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        g.stack.pop()
        g.end_effect("extra action round")
        if action.arg == "take":
            g.push({"p": "ar", "side": C, "n": ARS_PER_TURN + 1})

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "Honecker: take an 8th action round?", {}


@auto("ar")
def action_round(g: DawnState, f: Frame) -> None:
    start_round(g, f["side"], f["n"])


def start_round(g: DawnState, side: int, n: int) -> None:
    """Action round `n` of `side` begins: it is replaced by an effect's steps, lost with an
    empty hand, or `side` chooses his card."""
    g.phasing, g.ar = side, n
    if "replace_ar" in g._hooks:  # (rare: General Strike; g.listens written out)
        replaced: list[Frame] = []
        for eff in list(g.effects.values()):  # a snapshot: a callback may end an effect
            if eff.hook != "replace_ar" or eff.fn is None:
                continue
            out = eff.fn(g, eff, side)
            if out:
                replaced.extend([out] if isinstance(out, dict) else out)
        if replaced:  # e.g. General Strike: the round is something else
            g.push(replaced)
            return
    if not g.hands[side]:  # 1989 4.5 step 2: an empty hand forfeits the round
        g.say("The {side} has no card: action round {n} is lost.", side=NAMES[side], n=n)
        return
    g.stack.append({"p": "choose_card", "role": side})
    if "before_ar" in g._hooks:  # (run_hooks' own first test, at the hot call sites)
        g.run_hooks("before_ar", side)


@ask("choose_card")
class ChooseCard(Ask):
    """1989 5.1: the phasing player must play one card from his hand."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        hand = g.hands[f["role"]]
        forced = g.must_play[f["role"]]
        if forced is not None and forced in hand:
            return [CARD[forced]]
        return [CARD[c] for c in sorted(hand)]

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        side, card = f["role"], action.arg
        g.stack.pop()
        g.must_play[side] = None
        g.hands[side].remove(card)
        if g.not_red or g.ops_cap:  # what the opponent learnt of his hand (1989 cards 20 and 46)
            g.left_hand(side, card, shown=True)
        g.in_play.append(card)
        if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be looked up)
            g.say("The {side} plays {card}.", side=NAMES[side], card=CARDS[card].title)
        if CARDS[card].scoring:  # 1989 8.0: always as an event, the struggle is fought now
            g.push([{"p": "ps_start", "country": CARDS[card].country, "card": card, "starter": side},
                     {"p": "ar_done", "card": card}])
        else:
            g.stack.append({"p": "card_mode", "role": side, "card": card})
        if "on_play" in g._hooks:
            g.run_hooks("on_play", side, card)

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        held = [c for c in g.hands[f["role"]] if CARDS[c].scoring]
        if held:  # 1989 4.5 step 4: a scoring card still held at the end of the turn loses the game
            return "{line}", {"line": plural(
                "Action round {n}: choose a card to play (you hold {k} scoring card: play it this turn or lose).",
                "Action round {n}: choose a card to play (you hold {k} scoring cards: play them this turn or lose).",
                "k", n=g.ar, k=len(held))}
        return "Action round {n}: choose a card to play.", {"n": g.ar}


@ask("card_mode")
class CardMode(Ask):
    """1989 5.1: event, Operations or a Tiananmen Square attempt (and box 8: both)."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        side, card = f["role"], f["card"]
        tst = g.tst
        may_tst = not g.tst_tried[side] and tst[side] < 8  # 1989 6.3.3, 6.3.7
        if CARDS[card].side in (side, BOTH) and g.event_playable(card, side):  # 1989 7.1: own or both-sides events
            out = [PLAY_EVENT, PLAY_OPS, PLAY_TST] if may_tst else [PLAY_EVENT, PLAY_OPS]
            if tst[side] >= 8 > tst[1 - side] and not g.tst_used[side] & BOX8:  # 1989 6.3.5 box 8 (g.award)
                out.append(PLAY_BOTH)
            return out
        return [PLAY_OPS, PLAY_TST] if may_tst else [PLAY_OPS]

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        side, card = f["role"], f["card"]
        g.stack.pop()
        done = {"p": "ar_done", "card": card}
        if action.arg == "event":
            g.push([{"p": "play_event", "card": card, "side": side}, done])
        elif action.arg == "tiananmen":  # 1989 6.3.6: the event never happens
            g.push([{"p": "tst_attempt", "side": side, "card": card}, done])
        elif action.arg == "both":
            g.tst_used[side] |= BOX8
            g.push({"p": "ops_order", "role": side, "card": card, "event_side": side})
        elif CARDS[card].side == 1 - side and g.event_playable(card, 1 - side):  # 1989 5.2
            g.push({"p": "ops_order", "role": side, "card": card, "event_side": 1 - side})
        else:
            g.push([{"p": "operations", "role": side, "ops": None, "card": card, "where": None, "tst": False}, done])
        ev = EVENTS.get(card)
        if action.arg == "ops" and ev is not None and ev.on_ops is not None:
            g.push(ev.on_ops(g, side))
        if "on_mode" in g._hooks:
            g.run_hooks("on_mode", side, card, action.arg)

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "How do you play {card}?", {"card": CARDS[f["card"]].title}


@ask("ops_order")
class OpsOrder(Ask):
    """1989 5.2: the active player decides whether the event happens before or after his Ops;
    box 7 (once per turn) lets him play an opponent's card without its event."""

    always = True

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        out = [EVENT_FIRST, OPS_FIRST]
        side = f["role"]
        if f["event_side"] != side and g.award(side, 7) and not g.tst_used[side] & BOX7:
            out.append(CANCEL_EVENT)
        return out

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        side, card = f["role"], f["card"]
        g.stack.pop()
        ops = {"p": "operations", "role": side, "ops": None, "card": card, "where": None, "tst": False}
        ev = {"p": "play_event", "card": card, "side": f["event_side"]}
        done = {"p": "ar_done", "card": card}
        if action.arg == "event first":
            g.push([ev, ops, done])
        elif action.arg == "ops first":
            g.push([ops, ev, done])
        else:
            g.tst_used[side] |= BOX7
            g.say("The {side} cancels the event of {card}.", side=NAMES[side], card=CARDS[card].title)
            g.push([ops, done])

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "{card}: the event happens before or after your Operations?", {"card": CARDS[f["card"]].title}


@auto("ar_done")
def ar_done(g: DawnState, f: Frame) -> None:
    """End of the action round: the played card leaves play (removed cards after the AR, A-37)."""
    card = f["card"]
    if CARDS[card].scoring:
        return  # the power struggle already settled it
    g.settle_card(card, card in g.events_played)
    g.check_victory()


@auto("turn_end")
def turn_end(g: DawnState, f: Frame) -> None:
    stage = f["stage"]
    if stage == 0:  # 1989 4.5 step 3: TST box 6 free support check, turn effects still apply
        g.push({"p": "turn_end", "stage": 1})
        for side in (C, D):
            if g.award(side, 6):
                g.say("The {side} makes the free end-of-turn support check.", side=NAMES[side])
                g.push({"p": "checks", "role": side, "n": 1, "where": None, "ops": max(1, 2 + g.ops_modifier(side)),
                        "mod": 0, "card": None})
    elif stage == 1:  # 1989 4.5 step 4: holding a scoring card loses (both: a draw, 10.2)
        held = [side for side in (D, C) if any(CARDS[c].scoring for c in g.hands[side])]
        if len(held) == 2:
            g.finish([], BOTH_HELD, by_vp=False)
        elif held:
            g.finish([ROLES[1 - held[0]]], held_scoring(NAMES[held[0]]),
                     by_vp=False)
        else:
            g.push([{"p": "turn_end", "stage": 2}])
    elif stage == 2:  # 1989 4.5 step 5: New Year's Eve Party
        g.push({"p": "turn_end", "stage": 3})
        g.run_hooks("turn_end")
    else:
        if g.ends_this_turn:
            g.finish_by_vp(ENDED_EARLY)
            return
        g.expire("turn")  # 1989 4.5 step 6, after the box-6 check (7.2)
        if g.turn >= LAST_TURN:
            g.push({"p": "final_scoring"})
            return
        g.turn += 1
        if g.turn in (4, 8):  # 1989 4.1, 4.4: shuffle the new cards into the draw deck only
            period = 1 if g.turn == 4 else 2
            new = [c for c in g.future if CARDS[c].period == period]
            g.future = [c for c in g.future if CARDS[c].period != period]
            g.deck.extend(new)
            g.rng.shuffle(g.deck)
            g.say("The {period} Year cards are shuffled into the draw deck.", period=("Middle", "Late")[period - 1])
        g.push({"p": "turn_begin"})
