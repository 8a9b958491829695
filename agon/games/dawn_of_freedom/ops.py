"""1989 Operations (6.0): placing SPs (6.1), support checks (6.2), Tiananmen Square attempts (6.3)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from agon.engine import Action, plural
from agon.games.dawn_of_freedom.data import ADJ, CARDS, NAMES, NEAR, SPACES, TST_NAMES, TST_NEEDS, D
from agon.games.dawn_of_freedom.events import remove
from agon.games.dawn_of_freedom.flow import CARD, SPACE, Ask, Frame, ask, auto

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

CHECKS_PER_CARD = 2  # 1989 6.2.2
N_SPACES = len(SPACES)
ALL = tuple(range(N_SPACES))
USE_PLACE, USE_CHECKS, USE_PLACE_BONUS, USE_CHECKS_BONUS, USE_TST = (
    Action("use", m) for m in ("place", "checks", "place+", "checks+", "tiananmen"))
PLACE_MODES, CHECK_MODES, BONUS_MODES = ("place", "place+"), ("checks", "checks+"), ("place+", "checks+")


def bonus_effect(g: DawnState, side: int) -> Any:
    """The first Ops bonus that needs all Ops of a play spent in `where` (Austria-Hungary, 7.3,
    11.1), or None (kept by the state's effect index: asked at every Operations prompt)."""
    return g._bonus[side]


_near_now: tuple[Any, tuple[frozenset[int], ...]] = (ADJ, NEAR)  # the last map seen, its NEAR sets (a memo)


def near_sets(adj: tuple[tuple[int, ...], ...]) -> tuple[frozenset[int], ...]:
    """Each space with its neighbours on the map `adj` (the printed map's, or one changed by 7.6)."""
    global _near_now
    if adj is ADJ:  # the printed map, as in nearly every game
        return NEAR
    memo = _near_now  # one read: another thread may replace it, never half
    if adj is not memo[0]:
        memo = _near_now = (adj, tuple(frozenset((s, *a)) for s, a in enumerate(adj)))
    return memo[1]


def _eligible(g: DawnState, side: int) -> set[int]:
    """1989 6.1: the spaces with own SPs and their neighbours (destroyed spaces excluded)."""
    out = set(compress(ALL, g._near_count[side]))  # around the spaces with own SPs (kept counts, one C pass)
    if g.destroyed:
        out -= g.destroyed
    return out


def eligible_for_ops(g: DawnState, side: int, where: Any) -> tuple[int, ...]:
    """1989 6.1: own SPs there or adjacent to own SPs, as the board was before the first SP."""
    if where is None and not g.destroyed:  # the usual play: the counted spaces, in map order at once
        return tuple(compress(ALL, g._near_count[side]))
    out = _eligible(g, side)
    if where is None:
        return tuple(sorted(out))
    if where.ids is not None:
        out &= where.ids
    if where.fn is not None:
        return tuple(sorted(s for s in out if where.fn(g, s)))
    return tuple(sorted(out))


def can_place(g: DawnState, side: int, where: Any) -> bool:
    """Is any space eligible for placing SPs (1989 6.1)? Asked only to know, so not sorted."""
    if where is None:  # a space with own SPs is eligible itself (a destroyed space holds none, 7.6)
        return bool(g._held[side])
    out = _eligible(g, side)
    if where.ids is not None:
        out &= where.ids
    if where.fn is None:
        return bool(out)
    return any(where.fn(g, s) for s in out)


def space_actions(sids: tuple[int, ...]) -> list[Action]:
    """The actions naming the spaces `sids`, in their order (for two or more, one C call)."""
    if len(sids) > 1:
        return list(itemgetter(*sids)(SPACE))
    return [SPACE[s] for s in sids]


def place_cost(g: DawnState, side: int, sid: int) -> int:
    """1989 6.1: 1 Op, or 2 in a space the opponent controls (Genscher's `cheap` effect: 1)."""
    if g.ctrl[sid] != 1 - side:
        return 1
    for e in g._cheap[side]:
        if e.applies(g, sid):
            return 1
    return 2


def check_banned(g: DawnState, side: int, sid: int) -> bool:
    return any(e.applies(g, sid) for e in g._bans[side])


def check_targets(g: DawnState, side: int, where: Any, first: bool = False, of: tuple[Any, ...] = ALL) -> list[Any]:
    """1989 6.2.3: any space holding opponent SPs (no presence needed), unless an event forbids it.
    With `first`, stop at the first target (to know whether there is one). The targets come as
    `of[space]`: their ids, or with `of=SPACE` their actions (the legal list, from the state's
    index of the spaces each side holds)."""
    held = g._held[1 - side]  # the spaces with opponent SPs, in map order (none destroyed)
    bans = g._bans[side]  # (the check bans of `side`, kept by the state's effect index)
    if where is None and not bans:  # the common case: every space with opponent SPs
        listed: list[Any] = held
        if of is SPACE:
            listed = g._held_actions[1 - side]
        elif of is not ALL:
            listed = [of[s] for s in held]
        return listed[:1] if first else listed[:]
    banned = set(g.destroyed)  # destroyed spaces, and the spaces a ban names by their ids
    banned_where = []  # bans by any other test
    for e in bans:
        w = e.where
        if w is None:  # banned everywhere
            return []
        if w.fn is None:
            assert w.ids is not None  # (a test by ids alone)
            banned |= w.ids
        else:
            banned_where.append(w)
    fn = None if where is None else where.fn
    if where is not None and where.ids is not None:
        held = sorted(where.ids.intersection(held))  # (in map order, as `held`)
    elif of is SPACE and fn is None and not banned_where and not first:  # bans by their ids alone
        actions = g._held_actions[1 - side][:]  # the held actions, but for the few banned, taken out from the last up
        for s in sorted(banned.intersection(held), reverse=True):
            del actions[bisect_left(held, s)]
        return actions
    if first:  # (only to know whether there is one: stop at the first)
        for s in held:
            if s not in banned and (fn is None or fn(g, s)) and not any(w(g, s) for w in banned_where):
                return [of[s]]
        return []
    out = [s for s in held if s not in banned] if banned else list(held)
    if fn is not None:
        out = [s for s in out if fn(g, s)]
    for w in banned_where:
        out = [s for s in out if not w(g, s)]
    return out if of is ALL else [of[s] for s in out]


def support_check(g: DawnState, side: int, sid: int, ops: int, mod: int = 0) -> int:
    """1989 6.2.4-6.2.6: d6 + Ops + adjacency + modifiers against 2 x stability. Returns the
    margin (> 0: success; opponent SPs removed first, the excess placed as own SPs)."""
    opp = 1 - side
    die = g.roll()
    ignore_adj = False
    total = die + ops + mod
    for e in g._check_fx[side]:  # the effects on `side`'s checks (a kept tuple: a snapshot, as effects may end)
        if not e.applies(g, sid):
            continue
        used = False
        if e.check:
            total += e.check
            used = True
        if e.ignore_adjacent:
            ignore_adj = used = True
        if e.check_vp:
            g.add_vp(e.check_vp, e.name)
        if e.once and used:
            g.end_effect(e.name)
    adj, ctrl = 0, g.ctrl
    for n in g.adj[sid]:
        if ctrl[n] == side:
            adj += 1
        elif ctrl[n] == opp and not ignore_adj:
            adj -= 1
    total += adj
    threshold = 2 * SPACES[sid].stability
    margin = total - threshold
    if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be worked out)
        # 6.2.4 in the rulebook's words: "die 3 + 1 Ops +0 adjacent +0 other" read as a sum of unnamed numbers
        g.say("The {side}'s support check in {space}: die roll {die}, +{ops} for the card's Ops, {adj:+d} for "
              "adjacent control, {mod:+d} for events = {total} against {threshold} (2 x stability).", side=NAMES[side], space=SPACES[sid].name, die=die,
              ops=ops, adj=adj, mod=total - die - ops - adj, total=total, threshold=threshold)
    if margin > 0:
        removed = g.remove_sp(opp, sid, margin)
        g.add_sp(side, sid, margin - removed)  # 1989 6.2.5 (A-13: always placed)
        if g.quiet:
            pass  # (as above)
        elif margin - removed:  # 1989 6.2.5: the rest of the margin becomes the checker's own SPs
            g.say("The {side} removes {removed} and adds {added} in {space}.", side=NAMES[side], space=SPACES[sid].name,
                  removed=plural("{n} {whose} SP", "{n} {whose} SPs", "n", n=removed, whose=NAMES[opp]),
                  added=plural("{n} {whose} SP", "{n} {whose} SPs", "n", n=margin - removed, whose=NAMES[side]))
        else:
            g.say("{line}", line=plural("The {side} removes {removed} {opp} SP from {space}.",
                                        "The {side} removes {removed} {opp} SPs from {space}.", "removed",
                                        side=NAMES[side], removed=removed, opp=NAMES[opp], space=SPACES[sid].name))
    elif not g.quiet:  # 1989 6.2.5: a tie or less changes nothing, and the log says so (issue 34 item 7)
        g.say("The check fails: it needs more than {threshold}; nothing changes in {space}.", threshold=threshold,
              space=SPACES[sid].name)
    return margin


def _bonus_where(where: Any, bonus: Any) -> Any:
    """The spaces a play may use when it takes a bonus bound to `bonus` spaces (R3)."""
    return bonus if where is None else where & bonus


@ask("operations")
class Operations(Ask):
    """1989 6.0 / 7.4: spend all Ops on placing SPs or on 2 support checks (or a TST attempt)."""

    def value(self, g: DawnState, f: Frame) -> int:
        return g.card_ops(f["card"], f["role"]) if f["ops"] is None else f["ops"]

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        side, where = f["role"], f["where"]
        if where is None and not g._bans[side]:  # the usual case: own SPs / opponent SPs anywhere
            held = g._held
            out = [USE_PLACE] if held[side] else []
            if held[1 - side]:
                out.append(USE_CHECKS)
        else:
            out = [USE_PLACE] if can_place(g, side, where) else []
            if check_targets(g, side, where, True):
                out.append(USE_CHECKS)
        e = bonus_effect(g, side)
        if e is not None:  # R3: only where the play may go to the bonus's spaces
            both = _bonus_where(where, e.where)
            if can_place(g, side, both):
                out.append(USE_PLACE_BONUS)
            if check_targets(g, side, both, True):
                out.append(USE_CHECKS_BONUS)
        if f["tst"] and f["card"] is not None and not g.tst_tried[side] and g.tst[side] < 8:
            out.append(USE_TST)
        return out

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        side, where = f["role"], f["where"]
        g.stack.pop()
        ops, mode = self.value(g, f), action.arg
        if mode in BONUS_MODES:  # the bonus binds every Op of the play to its spaces (11.1)
            e = bonus_effect(g, side)
            # 1989 7.3: the minimum of 1 applies to the sum of every modifier, the bonus included
            # (an event's Ops "of this card" are that card's Ops for its carrier, 7.4)
            ops = g.card_ops(f["card"], side, e.ops) if f["card"] is not None else max(1, ops + e.ops)
            where = _bonus_where(where, e.where)
        if mode in PLACE_MODES:
            if not g.quiet:
                g.say("The {side} places SPs with {ops} Ops.", side=NAMES[side], ops=ops)
            # the eligible spaces, fixed for the whole play (6.1); space ids, not actions: the frame
            # is part of the state's digest (saved records verify)
            g.stack.append({"p": "place_ops", "role": side, "left": ops, "elig": eligible_for_ops(g, side, where)})
        elif mode in CHECK_MODES:
            g.stack.append({"p": "checks", "role": side, "n": CHECKS_PER_CARD, "where": where, "ops": ops, "mod": 0,
                    "card": f["card"]})
        else:
            g.push({"p": "tst_attempt", "side": side, "card": f["card"]})

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "{line}", {"line": plural("Use {ops} Op: place SPs or make 2 support checks.",  # ("Use 1 Ops")
                                          "Use {ops} Ops: place SPs or make 2 support checks.",
                                          "ops", ops=self.value(g, f))}


@ask("place_ops")
class PlaceOps(Ask):
    """1989 6.1: one SP at a time in the eligible spaces, 1 Op each, 2 if opponent-controlled."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        side, left, destroyed, elig = f["role"], f["left"], g.destroyed, f["elig"]  # (elig: space ids)
        if left >= 2:  # every space is affordable
            return self.every_space(g, elig, destroyed)
        if left < 1:
            return []
        if g._cheap[side]:  # (Genscher: placing may cost 1 in some opponent-controlled spaces)
            return [SPACE[s] for s in elig if s not in destroyed and place_cost(g, side, s) <= left]
        ctrl, opp = g.ctrl, 1 - side  # 1 Op left: only the spaces the opponent does not control (6.1)
        if destroyed:
            return [SPACE[s] for s in elig if ctrl[s] != opp and s not in destroyed]
        # every eligible space but the few the opponent controls, taken out from the last one up
        every = out = self.every_space(g, elig, destroyed)
        n = len(elig)
        for s in reversed(g._controlled[opp]):
            k = bisect_left(elig, s)
            if k < n and elig[k] == s:
                if out is every:
                    out = every[:]
                del out[k]
        return out

    @staticmethod
    def every_space(g: DawnState, elig: tuple[int, ...], destroyed: frozenset[int]) -> list[Action]:
        """The actions of every eligible space still on the map, in map order: the same list for
        each placement of a play while the map keeps its spaces (kept in `g._place_listed`)."""
        listed = g._place_listed
        if listed[0] is elig and listed[1] is destroyed:
            return listed[2]
        out = [SPACE[s] for s in elig if s not in destroyed] if destroyed else space_actions(elig)
        g._place_listed = (elig, destroyed, out)
        return out

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        side, sid = f["role"], action.arg
        cost = place_cost(g, side, sid)
        g.add_sp(side, sid, 1)
        f["left"] -= cost
        if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be looked up)
            g.say("{line}", line=plural("The {side} places 1 SP in {space} ({cost} Op).",
                                        "The {side} places 1 SP in {space} ({cost} Ops).", "cost",
                                        side=NAMES[side], space=SPACES[sid].name, cost=cost))
        if f["left"] <= 0:
            g.stack.pop()

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "{line}", {"line": plural("Place SPs (1 Op each, 2 in a space the opponent controls): {left} Op left.",
                                          "Place SPs (1 Op each, 2 in a space the opponent controls): {left} Ops left.",
                                          "left", left=f["left"])}


@ask("checks")
class Checks(Ask):
    """1989 6.2: n support checks; each target is chosen after the previous check resolved."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return check_targets(g, f["role"], f["where"], of=SPACE)

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        f["n"] -= 1
        if f["n"] <= 0:
            g.stack.pop()
        support_check(g, f["role"], action.arg, f["ops"], f["mod"])

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        if f["mod"]:
            return "Support check with {ops} Ops {mod:+d}: choose a space with opponent SPs ({n} left).", \
                {"ops": f["ops"], "mod": f["mod"], "n": f["n"]}
        return "Support check with {ops} Ops: choose a space with opponent SPs ({n} left).", \
            {"ops": f["ops"], "n": f["n"]}


def tst_modifiers(g: DawnState, side: int, card: int) -> int:
    """1989 6.3.2: own event +1 (A-14: not a both-sides card), second try at the box +1, box 1 +1,
    events (Li Peng: an effect with hook "tst_bonus")."""
    mod = 1 if CARDS[card].side == side else 0
    mod += 1 if g.tst_failed[side] else 0
    mod += 1 if g.award(side, 1) else 0
    mod += sum(e.value for e in g.effects.values() if e.hook == "tst_bonus" and e.side == side)
    return mod


@auto("tst_attempt")
def tst_attempt(g: DawnState, f: Frame) -> None:
    """1989 6.3.1: d6 + Ops + modifiers >= the number printed on the next box."""
    side, card = f["side"], f["card"]
    g.tst_tried[side] = True
    box = g.tst[side] + 1
    die = g.roll()
    ops, mod = g.card_ops(card, side), tst_modifiers(g, side, card)
    total = die + ops + mod
    need = TST_NEEDS[side][box - 1]
    if not g.quiet:  # (a quiet game keeps no log: the line's arguments need not be looked up)
        g.say("The {side}'s Tiananmen Square attempt for box {box}: die roll {die}, +{ops} for the card's Ops, "
              "{mod:+d} for bonuses = {total}; it needs {need}.", side=NAMES[side], box=box, die=die, ops=ops, mod=mod, total=total, need=need)
    if total >= need:
        g.push({"p": "tst_advance", "side": side})
    else:
        g.tst_failed[side] = True


@auto("tst_advance")
def tst_advance(g: DawnState, f: Frame) -> None:
    """1989 6.3.4/6.3.5: move one box; the first to reach it gets its award."""
    side = f["side"]
    if g.tst[side] >= 8:
        return
    g.tst[side] += 1
    g.tst_failed[side] = False
    box = g.tst[side]
    if not g.quiet:
        g.say("The {side} reaches Tiananmen box {box}: {name}.", side=NAMES[side], box=box,
              name=TST_NAMES[side][box - 1])
    if g.tst[1 - side] >= box:
        return  # the opponent was there first: no award (and his lasting award ends now)
    if box == 3:  # draw 3, keep 1, discard 2
        drawn = g.draw(side, 3)
        if len(drawn) > 1:
            # the drawn cards are the last ones of the hand (by position: determinize keeps positions
            # and resamples the cards the opponent has not seen)
            g.push({"p": "tst_discard", "role": side, "start": len(g.hands[side]) - len(drawn),
                    "left": len(drawn) - 1})
    elif box == 4:  # remove 2 opponent SPs from anywhere
        g.push(remove(side, 2))


@ask("tst_discard")
class TstDiscard(Ask):
    """1989 6.3.5 box 3: keep one of the three cards drawn, discard the others (no event, 5.3)."""

    def legal(self, g: DawnState, f: Frame) -> list[Action]:
        return [CARD[c] for c in g.hands[f["role"]][f["start"]:]]

    def apply(self, g: DawnState, f: Frame, action: Action) -> None:
        g.discard_card(f["role"], action.arg)
        f["left"] -= 1
        if f["left"] <= 0:
            g.stack.pop()

    def prompt(self, g: DawnState, f: Frame) -> tuple[str, dict[str, Any]]:
        return "Discard {left} of the cards you drew (keep one).", {"left": f["left"]}


__all__ = ["D", "check_targets", "eligible_for_ops", "place_cost", "support_check"]
