"""1989: Dawn of Freedom: the state, its helpers and the engine contract.

Rules: agon/rules/1989.md (the Hungarian 1st-edition rulebook is the authority, completed from the
2nd edition); card texts in card_texts.json. The flow is a stack of named procedures (flow.py); this module
keeps the board and offers the helpers events and procedures use (see events.py's docstring).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import replace
from typing import Any

from agon.engine import Action, State, Text, plural
from agon.engine.game import Memo, canonical
from agon.engine.result import Result
from agon.engine.rng import RandomSource

# the State sits above every procedure: it imports the card event modules and `steps` so that each
# registers its events (EVENTS) and steps (ASK, AUTO) before a game starts
from agon.games.dawn_of_freedom import (  # noqa: F401 - the event modules register their events
    core_events,
    data,
    events_a_2,
    events_b_late,
    events_b_middle,
    events_early_a,
    power,
    text,
    turn,
)
from agon.games.dawn_of_freedom import steps as _steps  # noqa: F401 - register steps
from agon.games.dawn_of_freedom.data import CARDS, COUNTRY_NAMES, NAMES, ROLES, SPACES, C, D, control
from agon.games.dawn_of_freedom.events import EVENTS, Effect, Steps
from agon.games.dawn_of_freedom.flow import ASK, AUTO, Frame
from agon.games.dawn_of_freedom.flow import SPACE as SPACE_ACTIONS
from agon.games.dawn_of_freedom.ops import near_sets
from agon.games.dawn_of_freedom.words import WON_AT, join_terms

STABILITY = tuple(s.stability for s in SPACES)
MAX_AUTO_STEPS = 100_000  # bound on automatic procedures run in one action (never hang)
UNWRITTEN = [number for number, card in CARDS.items() if not card.scoring and number not in EVENTS]
if UNWRITTEN:  # a game must never run with a card's event missing (a module left out of the imports above)
    raise ImportError(f"1989: no event registered for card(s) {UNWRITTEN}")

DETERMINIZE_TRIES = 200  # samples drawn until one admits the pending decision
ACTIVE = (["democrat"], ["communist"])  # the active list of each side, built once (the engine only reads it)


def _with(pair: tuple[Any, Any], side: int, value: Any) -> tuple[Any, Any]:
    """`pair` (one value per side) with `side`'s value replaced."""
    return (value, pair[1]) if side == D else (pair[0], value)


def _acts_on_ops(e: Effect) -> bool:
    """Does the effect change a side's Ops, placements or checks (the per-side effect index)?"""
    return (e.side == D or e.side == C) and bool(
        e.ops or e.ops_where or e.ban_checks or e.cheap or e.check or e.ignore_adjacent or e.check_vp)


class DawnState(State):
    # the state's fields: _setup sets every one (see State)
    __slots__ = ("_bans", "_bonus", "_cheap", "_check_fx", "_controlled", "_held", "_held_actions", "_held_cards",
                 "_hooks", "_near_count", "_ops_mod", "_place_listed", "adj", "ar", "ctrl", "deck", "destroyed",
                 "discard", "effects", "ends_this_turn", "events_played", "final", "future", "hands", "in_play", "in_ps",
                 "known", "must_play", "no_event", "not_red", "ops_cap", "outcome", "phasing", "power", "ps", "removed",
                 "retained", "sp", "sp_summary", "stack", "tst", "tst_failed", "tst_tried", "tst_used", "turn", "vp")
    memo_legal = True  # the engine memoises legal lists per position (tests call changed() after edits)
    # board
    sp: list[list[int]]
    ctrl: list[int | None]
    destroyed: frozenset[int]
    adj: tuple[tuple[int, ...], ...]
    vp: int
    power: list[int]
    retained: list[int]
    # cards
    deck: list[int]
    discard: list[int]
    removed: list[int]
    hands: list[list[int]]
    in_play: list[int]
    future: list[int]
    # track and time
    tst: list[int]
    tst_failed: list[bool]
    tst_tried: list[bool]
    tst_used: list[int]
    turn: int
    ar: int
    phasing: int
    # events
    events_played: frozenset[int]
    no_event: frozenset[int]
    effects: dict[str, Effect]
    must_play: list[int | None]
    # cards in a side's hand the other side has seen (taken from the discards, shown); one that left
    # the hand stays listed until it joins a hand again (forget), see _knowledge_of_hands
    known: list[list[int]]
    # what a side learnt of the other's unseen cards, as the side itself can tell it (never naming
    # which hidden card is which; kept by `left_hand`, shown in its view): how many of the
    # Communist's unseen cards the Democrat knows are not red-title (Goodbye Lenin!, card 46), and
    # the printed-Ops caps, one per unseen Democrat card, ascending, the Communist learnt (card 20)
    not_red: int
    ops_cap: list[int]
    # flow
    stack: list[Frame]
    ps: dict[str, Any] | None
    in_ps: bool
    final: bool
    ends_this_turn: bool
    outcome: dict[str, Any] | None
    # an event's SP changes are being summed up in one log line (steps.play_event sets it True, then
    # False); None until the first event: see _digest_snapshot
    sp_summary: bool | None
    # the hooks of the effects in force (a cache, not in the digest): kept by add_effect and
    # end_effect, rebuilt by changed() after a hand edit; hook points that nothing listens to
    # return at once (checked by check_invariants and tests/games/dawn_of_freedom/test_feasibility.py)
    _hooks: frozenset[str | None]
    # the effects in force sorted by what they do, per side (caches kept as `_hooks` is, by
    # `_index_effects`; immutable, so clones share them): the Ops modifier's sum (7.3), the first
    # Ops bonus bound to spaces (Austria-Hungary), the check bans, the cheap placements
    # (Genscher), the effects on support checks, and the cards effects hold in play
    _ops_mod: tuple[int, int]
    _bonus: tuple[Effect | None, Effect | None]
    _bans: tuple[tuple[Effect, ...], tuple[Effect, ...]]
    _cheap: tuple[tuple[Effect, ...], tuple[Effect, ...]]
    _check_fx: tuple[tuple[Effect, ...], tuple[Effect, ...]]
    _held_cards: frozenset[int]
    # the last choices PlaceOps listed with 2 Ops or more left: (elig, destroyed, actions), the
    # same for every placement of a play while the map keeps its spaces (a memo keyed by the
    # frame's `elig` tuple and the destroyed set, objects never changed in place)
    _place_listed: tuple[Any, Any, list[Action]]
    # the spaces where each side has SPs, in map order, as ids and as the actions naming them
    # (kept by add_sp / remove_sp / destroy_space, copied by clone, rebuilt by changed()): the
    # support check targets (6.2.3) and the eligible spaces (6.1) start from them
    _held: tuple[list[int], list[int]]
    # for each side and space, how many of the space and its neighbours hold the side's SPs (kept
    # with `_held`, rebuilt when the map changes): the spaces eligible for placing SPs (6.1) are
    # those counted
    _near_count: tuple[list[int], list[int]]
    # the spaces each side controls, in map order (kept by _changed with `ctrl`, copied by clone,
    # rebuilt by changed()): the spaces a last Op cannot buy (6.1)
    _controlled: tuple[list[int], list[int]]
    _held_actions: tuple[list[Action], list[Action]]

    # -- construction ---------------------------------------------------------------------------

    def _setup(self) -> None:
        self.sp_summary = None
        self._place_listed = ((), frozenset(), [])  # (the effect index is built by turn.setup)
        turn.setup(self)

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, DawnState)
        twin.sp = [self.sp[0][:], self.sp[1][:]]
        twin.ctrl = self.ctrl[:]
        twin._held = (self._held[0][:], self._held[1][:])
        twin._near_count = (self._near_count[0][:], self._near_count[1][:])
        twin._controlled = (self._controlled[0][:], self._controlled[1][:])
        twin._held_actions = (self._held_actions[0][:], self._held_actions[1][:])
        twin.power = self.power[:]
        twin.retained = self.retained[:]
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.removed = self.removed[:]
        twin.hands = [self.hands[0][:], self.hands[1][:]]
        twin.in_play = self.in_play[:]
        twin.future = self.future[:]
        twin.tst = self.tst[:]
        twin.tst_failed = self.tst_failed[:]
        twin.tst_tried = self.tst_tried[:]
        twin.tst_used = self.tst_used[:]
        twin.effects = dict(self.effects)
        twin.must_play = self.must_play[:]
        twin.known = [self.known[0][:], self.known[1][:]]
        twin.not_red = self.not_red
        twin.ops_cap = self.ops_cap[:]
        twin.stack = [dict(f) for f in self.stack]
        if self.ps is not None:
            ps = dict(self.ps)
            ps["hands"] = [self.ps["hands"][0][:], self.ps["hands"][1][:]]
            ps["deck"] = self.ps["deck"][:]
            ps["raised"] = self.ps["raised"][:]
            ps["out"] = self.ps["out"][:]
            twin.ps = ps

    # -- the contract ---------------------------------------------------------------------------

    def _active(self) -> list[str]:
        if self.outcome is not None or not self.stack:
            return []
        return ACTIVE[self.stack[-1]["role"]]

    def _legal(self, role: str) -> list[Action]:
        f = self.stack[-1]
        return ASK[f["p"]].legal(self, f)

    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]:
        f = self.stack[-1]
        text, args = ASK[f["p"]].prompt(self, f)
        return text, args

    def _view(self, role: str | None) -> dict[str, Any]:
        return text.view(self, role)

    def _result(self) -> Result | None:
        return None if self.outcome is None else Result.from_dict(self.outcome)

    def _determinize(self, role: str, rng: RandomSource) -> None:
        """A sample of what `role` cannot know that admits the decision pending now: if the
        opponent is choosing among resampled cards (Common European Home's pick, a power-struggle
        attack), his sampled hand must offer a choice, else the sample is drawn again (rejection
        sampling). The flow never runs here, so who is active, the action round and the log stay
        as `role` saw them. If no sample fits in DETERMINIZE_TRIES, the hidden cards stay as they
        are (a choice that constrained is nearly known anyway)."""
        for _ in range(DETERMINIZE_TRIES):
            trial = self.clone()
            trial._resample(role, rng)
            if trial._admits_pending():
                self.become(trial)
                return

    def _admits_pending(self) -> bool:
        if self.outcome is not None or not self.stack or "role" not in self.stack[-1]:
            return True
        f = self.stack[-1]
        proc = ASK[f["p"]]
        return proc.always or bool(proc.legal(self, f))

    def _resample(self, role: str, rng: RandomSource) -> None:
        """Resample what `role` cannot know: the opponent's unseen hand cards, the draw deck and a
        card the Democrat set aside with Samizdat (card 77), keeping the cards `role` has seen
        (Stasi's named card, cards taken from the discards, Goodbye Lenin's red-title cards, card
        46) and what it learnt about the others (how many are not red-title; caps on their printed
        Ops from Deutsche Marks, card 20; Samizdat's card is no scoring card). What it learnt is a
        count, not a list of the hidden cards: the unseen slots it constrains are the first ones,
        tightest first (a card that fits a tight cap fits a looser one), whichever cards the real
        hand holds."""
        me = data.SIDE_OF[role]
        opp = 1 - me
        self._knowledge_of_hands()
        seen = set(self.known[opp]) | {self.must_play[opp]}
        hand = self.hands[opp]
        slots = [i for i, c in enumerate(hand) if c not in seen]
        aside = None
        if me == C:
            aside = next((e for e in self.effects.values()
                          if e.secret and e.card in self.in_play and e.card not in self.known[D]), None)
        aside_card = aside.card if aside is not None else None  # (in play, so never None when aside is set)
        pool = sorted([hand[i] for i in slots] + self.deck + ([aside_card] if aside_card is not None else []))
        rng.shuffle(pool)  # sorted first: the sample depends on the hidden cards, not their order

        def take(ok: Any) -> int:
            for k, c in enumerate(pool):
                if ok(c):
                    return pool.pop(k)
            return pool.pop()  # no card fits (never with a consistent state)

        if aside is not None and aside_card is not None:  # Samizdat's card: never a scoring card (B-04)
            card = take(lambda c: not CARDS[c].scoring)
            self.in_play[self.in_play.index(aside_card)] = card
            self.effects[aside.name] = replace(aside, card=card)
            self._index_effects()
        rules = _learnt(me, self.not_red, self.ops_cap, len(slots))
        for k, i in enumerate(slots):
            hand[i] = take(rules[k] if k < len(rules) else _any_card)
        self.deck = pool
        if self.ps is not None and not (self.ps.get("shown") and me == C):
            # the opponent's hand, the deck and the cards he discarded face down to raise the stakes
            ps = self.ps
            down = [c for c in ps["face_down"][opp] if c in ps["out"]]
            pool = sorted(ps["hands"][opp] + ps["deck"] + down)
            rng.shuffle(pool)
            n, k = len(ps["hands"][opp]), len(down)
            ps["hands"][opp] = pool[:n]
            out = [c for c in ps["out"] if c not in down] + pool[n:n + k]
            ps["out"] = out
            face_down = list(ps["face_down"])
            face_down[opp] = tuple(pool[n:n + k])
            ps["face_down"] = tuple(face_down)
            ps["deck"] = pool[n + k:]

    def _knowledge_of_hands(self) -> None:
        """Keep of what each side saw of the other's hand only what is about cards still in it.
        The game keeps a card it saw until the card comes back to a hand (`forget`), also after
        the card was played, discarded or set aside: a sample could deal it back to that hand, and
        a sample of that sample would then keep it there as seen (issue 29: determinizing a
        determinization must give the same samples). A determinization's state holds only this."""
        hands = (set(self.hands[D]), set(self.hands[C]))
        if any(c not in hands[side] for side in (D, C) for c in self.known[side]):
            self.known = [[c for c in self.known[side] if c in hands[side]] for side in (D, C)]

    def left_hand(self, side: int, card: int, shown: bool) -> None:
        """`card` has left `side`'s hand, face up (`shown`: played, discarded, given) or face down
        (set aside with Samizdat, card 77). What the opponent learnt of the unseen cards keeps only
        what holds whichever card it was: a card he had seen leaving face up takes nothing with it;
        an unseen one takes one "not red-title" (card 46) unless it is red-title, and the tightest
        Ops cap it fits (card 20), as it might have been that card; one leaving face down could be
        any, a card he had seen too, so those are unseen again."""
        if not (self.not_red or self.ops_cap) and (shown or not self.known[side]):  # (usually nothing to keep)
            return
        if not shown:
            held = set(self.hands[side]) | {card}
            if any(c in held for c in self.known[side]):
                self.known[side] = [c for c in self.known[side] if c not in held]
        elif card in self.known[side]:
            return
        info = CARDS[card]
        if side == C and self.not_red and not (shown and info.red):  # 1989 card 46
            self.not_red -= 1
        if side == D and self.ops_cap:  # 1989 card 20
            fits = next((k for k, cap in enumerate(self.ops_cap) if not shown or info.scoring or info.ops <= cap), None)
            if fits is not None:
                self.ops_cap = self.ops_cap[:fits] + self.ops_cap[fits + 1:]

    def show(self, side: int, cards: list[int]) -> None:
        """`side`'s opponent has now seen these cards of `side`'s hand (kept by `_determinize`)."""
        self.known[side] = [*self.known[side], *(c for c in cards if c not in self.known[side])]

    def label(self, action: Action) -> str | Text:
        return text.label(self, action)

    def check_invariants(self) -> None:
        for side in (D, C):
            assert min(self.sp[side]) >= 0, "negative SPs"
        for s in SPACES:
            assert self.ctrl[s.id] == self._compute_ctrl(s.id), f"control of {s.name} is stale"
            if s.id in self.destroyed:
                assert self.sp[D][s.id] == self.sp[C][s.id] == 0, f"SPs on destroyed {s.name}"
        piles = self.deck + self.discard + self.removed + self.hands[0] + self.hands[1] + self.in_play + self.future
        assert len(piles) == 110 and len(set(piles)) == 110, f"card count {len(piles)} / {len(set(piles))} != 110"
        assert -20 <= self.vp <= 20 or self.final or self.in_ps, f"VP {self.vp} off the track"
        assert all(0 <= t <= 8 for t in self.tst), "Tiananmen marker off the track"
        assert self.in_ps == (self.ps is not None), "power struggle flag out of step"
        assert self._hooks == self._hooks_in_force(), "hook index out of step"
        assert self._effect_index() == self._kept_effect_index(), "effect index out of step"
        assert self._held == self._spaces_held(), "index of the spaces held out of step"
        assert self._near_count == self._near_counts(), "counts of the own SPs around each space out of step"
        assert self._controlled == self._spaces_controlled(), "index of the spaces controlled out of step"
        assert self._held_actions == tuple([SPACE_ACTIONS[s] for s in held] for held in self._held), "held actions"
        assert all(p in (D, C) for p in self.power) and min(self.retained) >= 0, "power track"
        if self.ps is not None:
            ps = self.ps
            n = len(ps["hands"][0]) + len(ps["hands"][1]) + len(ps["deck"]) + len(ps["out"])
            assert n == 52, f"power struggle cards {n} != 52"

    # -- running the flow -------------------------------------------------------------------------

    def run(self) -> None:
        """Run automatic procedures until a decision is needed or the game is over."""
        self.changed()  # the flow moves the position on (tests also run it by hand, outside apply)
        self._settle(None, None)

    def _settle(self, role: str | None, action: Action | None) -> Memo | None:
        """Apply `action` (if any) to the decision on top, then run the flow to the next decision
        that has options; inside an action, return that decision's role and legal list as the
        engine's memo (see State._apply), so it does not ask for them again. `run()`, which tests
        also call between hand edits, applies nothing and hands nothing over. The engine's
        `_apply` (one call per action, not two)."""
        hand_over = action is not None
        if action is not None:
            f = self.stack[-1]
            ASK[f["p"]].apply(self, f, action)
        if self.outcome is not None:
            return None
        stack, ask, auto = self.stack, ASK, AUTO
        steps = 0  # (a counter, not a range(): a range costs more than the loop's usual one or two steps)
        while stack:
            f = stack[-1]
            if "role" in f:
                proc = ask[f["p"]]
                if proc.always:  # (never skipped; inside an action, its list is handed over all the same)
                    if hand_over:
                        side = f["role"]
                        return ACTIVE[side], {ROLES[side]: proc.legal(self, f)}
                    return None
                legal = proc.legal(self, f)
                if legal:
                    if hand_over:
                        side = f["role"]
                        return ACTIVE[side], {ROLES[side]: legal}
                    return None
                stack.pop()  # a decision with no option is skipped (e.g. nothing left to remove)
                continue
            stack.pop()
            auto[f["p"]](self, f)
            if self.outcome is not None:  # (finish() ended the game and emptied the stack)
                return None
            steps += 1
            if steps > MAX_AUTO_STEPS:
                raise RuntimeError("1989: the flow did not settle (bound reached)")
        return None

    _apply = _settle  # an action applied, then the flow run to the next decision

    def _digest_snapshot(self) -> Any:
        """As the engine's, but without `sp_summary` until the first event sets it: it was a class
        default before the state's fields became slots, and no digest held it until then, so
        records saved before keep their digests."""
        fields = self._public_fields()
        if self.sp_summary is None:
            del fields["sp_summary"]
        return canonical(fields)

    def changed(self) -> None:
        super().changed()
        self._index_effects()
        self._held = self._spaces_held()
        self._near_count = self._near_counts()
        self._controlled = self._spaces_controlled()
        self._held_actions = ([SPACE_ACTIONS[s] for s in self._held[D]], [SPACE_ACTIONS[s] for s in self._held[C]])

    def _spaces_controlled(self) -> tuple[list[int], list[int]]:
        """The spaces each side controls, in map order (the full computation of `_controlled`)."""
        return [s for s, who in enumerate(self.ctrl) if who == D], [s for s, who in enumerate(self.ctrl) if who == C]

    def _near_counts(self) -> tuple[list[int], list[int]]:
        """For each side and space, how many of the space and its neighbours hold the side's SPs
        (the full computation of `_near_count`, from `_held` and the map as it is)."""
        near = near_sets(self.adj)
        counts: tuple[list[int], list[int]] = ([0] * len(SPACES), [0] * len(SPACES))
        for side in (D, C):
            for s in self._held[side]:
                for n in near[s]:
                    counts[side][n] += 1
        return counts

    def _spaces_held(self) -> tuple[list[int], list[int]]:
        """The spaces where each side has SPs, in map order (the full computation of `_held`)."""
        democrat, communist = ([s for s, n in enumerate(sps) if n] for sps in self.sp)
        return democrat, communist

    def listens(self, hook: str) -> bool:
        """Does an effect in force listen at this hook point?"""
        return hook in self._hooks

    def _hooks_in_force(self) -> frozenset[str | None]:
        return frozenset(e.hook for e in self.effects.values())

    def _kept_effect_index(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self._effect_index()}

    def _index_new_effect(self, e: Effect) -> None:
        """Add the effect just put last in `effects` to the index, as `_index_effects` would."""
        self._hooks = self._hooks | {e.hook}
        if e.card is not None:
            self._held_cards = self._held_cards | {e.card}
        side = e.side
        if side != D and side != C:
            return
        if e.ops_where:
            if e.where is not None and self._bonus[side] is None:
                self._bonus = _with(self._bonus, side, e)
        elif e.ops:
            self._ops_mod = _with(self._ops_mod, side, self._ops_mod[side] + e.ops)
        if e.ban_checks:
            self._bans = _with(self._bans, side, (*self._bans[side], e))
        if e.cheap:
            self._cheap = _with(self._cheap, side, (*self._cheap[side], e))
        if e.check or e.ignore_adjacent or e.check_vp:
            self._check_fx = _with(self._check_fx, side, (*self._check_fx[side], e))

    def _effect_index(self) -> dict[str, Any]:
        """The effects in force sorted by what they do, in one pass: the fields `_index_effects`
        sets (the full computation of what `_index_new_effect` keeps up), each in the order of
        `effects`."""
        hooks, cards = set(), set()
        bonus: list[Effect | None]
        ops, bonus = [0, 0], [None, None]
        bans: tuple[list[Effect], list[Effect]] = ([], [])
        cheap: tuple[list[Effect], list[Effect]] = ([], [])
        checks: tuple[list[Effect], list[Effect]] = ([], [])
        for e in self.effects.values():
            hooks.add(e.hook)
            if e.card is not None:
                cards.add(e.card)
            side = e.side
            if side != D and side != C:
                continue
            if e.ops_where:
                if e.where is not None and bonus[side] is None:
                    bonus[side] = e
            elif e.ops:
                ops[side] += e.ops
            if e.ban_checks:
                bans[side].append(e)
            if e.cheap:
                cheap[side].append(e)
            if e.check or e.ignore_adjacent or e.check_vp:
                checks[side].append(e)
        return {"_hooks": frozenset(hooks), "_held_cards": frozenset(cards), "_ops_mod": (ops[D], ops[C]),
                "_bonus": (bonus[D], bonus[C]), "_bans": (tuple(bans[D]), tuple(bans[C])),
                "_cheap": (tuple(cheap[D]), tuple(cheap[C])), "_check_fx": (tuple(checks[D]), tuple(checks[C]))}

    def _index_effects(self) -> None:
        """Rebuild the effect index (after any change of `effects` but a new one put last, which
        `_index_new_effect` adds: effects start and end rarely)."""
        index = self._effect_index()
        self._hooks, self._held_cards, self._ops_mod = index["_hooks"], index["_held_cards"], index["_ops_mod"]
        self._bonus, self._bans, self._cheap, self._check_fx = (
            index["_bonus"], index["_bans"], index["_cheap"], index["_check_fx"])

    def push(self, steps: Steps) -> None:
        """Push steps so that the first of them runs first."""
        if steps is None:
            return
        if isinstance(steps, dict):  # (frames are plain dicts: as fast as `type(steps) is dict`)
            self.stack.append(steps)
            return
        if None in steps:  # (an event's list may hold steps it left out)
            steps = [f for f in steps if f is not None]
        self.stack.extend(reversed(steps))

    # -- board helpers ------------------------------------------------------------------------------

    def _compute_ctrl(self, sid: int) -> int | None:
        return control(self.sp[D][sid], self.sp[C][sid], STABILITY[sid])

    def controller(self, sid: int) -> int | None:
        return self.ctrl[sid]

    def _changed(self, sid: int) -> None:
        margin, stability = self.sp[D][sid] - self.sp[C][sid], STABILITY[sid]  # (data.control, written out)
        after = D if margin >= stability else C if -margin >= stability else None
        before = self.ctrl[sid]
        if after != before:
            self.ctrl[sid] = after
            if before is not None:
                self._controlled[before].remove(sid)
            if after is not None:
                insort(self._controlled[after], sid)
            if "control" not in self._hooks:  # (the Ceausescus' capture alone listens)
                return
            for eff in list(self.effects.values()):
                if eff.hook == "control" and eff.fn is not None:
                    self.push(eff.fn(self, eff, sid))

    def add_sp(self, side: int, sid: int, n: int = 1) -> None:
        if n <= 0 or sid in self.destroyed:
            return
        sps = self.sp[side]
        if not sps[sid]:  # a new space held: into the index, in map order
            held = self._held[side]
            k = bisect_left(held, sid)
            held.insert(k, sid)
            self._held_actions[side].insert(k, SPACE_ACTIONS[sid])
            counts = self._near_count[side]
            for s in near_sets(self.adj)[sid]:
                counts[s] += 1
        sps[sid] += n
        self._changed(sid)

    def remove_sp(self, side: int, sid: int, n: int = 1) -> int:
        """Remove up to n SPs of `side`; returns how many were removed."""
        sps = self.sp[side]
        k = min(n, sps[sid])
        if k > 0:
            sps[sid] -= k
            if not sps[sid]:
                self._release(side, sid)
            self._changed(sid)
        return k

    def _release(self, side: int, sid: int) -> None:
        """`side` no longer has SPs in `sid`: out of the index of the spaces held."""
        held = self._held[side]
        k = held.index(sid)
        del held[k]
        del self._held_actions[side][k]
        counts = self._near_count[side]
        for s in near_sets(self.adj)[sid]:
            counts[s] -= 1

    def destroy_space(self, sid: int) -> None:
        """Systematization (7.6): the space leaves the map. Its Democrat SPs are removed, its
        Communist SPs move to Bucuresti (unless that is the space), its neighbours become adjacent
        to each other; it can no longer hold SPs, be targeted, controlled or scored."""
        if sid in self.destroyed:
            return
        buc = data.space("București")
        moved = self.sp[C][sid]
        for side in (D, C):
            if self.sp[side][sid]:
                self._release(side, sid)
        self.sp[D][sid] = self.sp[C][sid] = 0
        self._changed(sid)
        self.destroyed = self.destroyed | {sid}
        if sid != buc:
            self.add_sp(C, buc, moved)
        around = [n for n in self.adj[sid] if n not in self.destroyed]
        adj = [list(a) for a in self.adj]
        for a in around:
            adj[a] = sorted({*adj[a], *(b for b in around if b != a)} - {sid})
        adj[sid] = []
        self.adj = tuple(tuple(a) for a in adj)
        self._near_count = self._near_counts()  # (a new map: new neighbours)

    def control_for(self, side: int, sid: int) -> int:
        """Add enough SPs of `side` for control of the space; returns how many."""
        need = max(0, SPACES[sid].stability - (self.sp[side][sid] - self.sp[1 - side][sid]))
        if need and sid not in self.destroyed:
            self.add_sp(side, sid, need)
            if not self.sp_summary:
                self.say("{line}", line=plural("The {side} adds {n} SP in {space} for control.",
                                                "The {side} adds {n} SPs in {space} for control.", "n",
                                                side=NAMES[side], n=need, space=SPACES[sid].name))
        return need

    def country_index(self, country: str) -> int:
        return COUNTRY_NAMES.index(country)

    def holds_power(self, side: int, country: str) -> bool:
        return self.power[COUNTRY_NAMES.index(country)] == side

    def roll(self) -> int:
        return self.rng.die(6)

    # -- VP and victory ---------------------------------------------------------------------------

    def add_vp(self, n: int, why: Text | str = "") -> None:
        """Move the VP marker (+ favours the Democrat); automatic victory at +-20 (rule 2.1),
        not inside a power struggle (8.3 note) nor in final scoring (10.4)."""
        if n == 0:
            return
        self.vp += n
        if why and not self.quiet:
            self.say("The {side} scores {n} VP ({why}).", side=NAMES[D if n > 0 else C], n=abs(n), why=why)
        if not self.final and not self.in_ps:
            self.vp = max(-20, min(20, self.vp))
        self.check_victory()

    def check_victory(self) -> None:
        if self.in_ps or self.final or self.outcome is not None:
            return
        if self.vp >= 20:
            self.finish([ROLES[D]], WON_AT[20])
        elif self.vp <= -20:
            self.finish([ROLES[C]], WON_AT[-20])

    def finish(self, winners: list[str], reason: Text | str, by_vp: bool = True) -> None:
        """End the game. Scores are the VP from each side's view; a game not decided by the VP
        marker (a held scoring card) scores like an automatic victory (+-20), a draw 0."""
        if self.outcome is not None:
            return
        scores = {ROLES[D]: self.vp, ROLES[C]: -self.vp}
        if not by_vp:
            scores = {r: (20 if r in winners else -20) if winners else 0 for r in ROLES}
        self.outcome = {"winners": winners, "scores": scores, "reason": str(reason), "vp": self.vp, "turn": self.turn}
        self.say("Game over: {reason}.", reason=reason)
        self.stack = []

    def finish_by_vp(self, reason: Text | str) -> None:
        """End the game now; the sign of the VP marker decides (rule 10.4 step 4)."""
        winners = [ROLES[D]] if self.vp > 0 else [ROLES[C]] if self.vp < 0 else []
        self.finish(winners, reason)

    # -- cards ------------------------------------------------------------------------------------

    def draw(self, side: int, n: int = 1, quiet: bool = False) -> list[int]:
        """Draw n cards into `side`'s hand, reshuffling the discards when the deck runs out (4.3).
        `quiet`: the caller logs the draw (the deal)."""
        got = self.draw_each([side] * n)[side]
        if got:
            if quiet or self.quiet:  # the caller logs it / no log kept
                return got
            self.say("{line}", line=plural("The {side} draws {n} card.", "The {side} draws {n} cards.", "n",
                                            side=NAMES[side], n=len(got)))
            self.say("You draw {cards}.", to=ROLES[side], cards=join_terms([CARDS[c].title for c in got]))
        return got

    def draw_each(self, sides: list[int]) -> list[list[int]]:
        """Draw one card for each side of `sides`, in that order (the deal), reshuffling as `draw`
        does; stop when no card is left. Returns the cards each side got (the caller logs them)."""
        got: list[list[int]] = [[], []]
        hands = self.hands
        seen = self.known[0] or self.known[1]  # (usually nothing to forget)
        for side in sides:
            if not self.deck and not self._reshuffle():
                break
            card = self.deck.pop()
            if seen:
                self.forget(card)
            hands[side].append(card)
            got[side].append(card)
        if got[0] or got[1]:
            self.reveal()
        return got

    def _reshuffle(self) -> bool:
        """The deck ran out: the discards become the new draw deck (4.3); False if there are none."""
        if not self.discard:
            return False
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        self.say("The discard pile is reshuffled into a new draw deck.")
        return True

    def forget(self, card: int) -> None:
        """`card` joins a hand unseen: nothing the opponent saw of it before still holds (what he
        learnt of the unseen cards, `not_red` and `ops_cap`, still holds of as many of them)."""
        if card in self.known[0] or card in self.known[1]:
            self.known = [[c for c in k if c != card] for k in self.known]

    def discard_card(self, side: int, card: int) -> None:
        """`side` discards `card` from his hand (its event does not happen, rule 5.3)."""
        self.hands[side].remove(card)
        if self.not_red or self.ops_cap:
            self.left_hand(side, card, shown=True)
        self.discard.append(card)
        if not self.quiet:
            self.say("The {side} discards {card}.", side=NAMES[side], card=CARDS[card].title)

    def take_card(self, side: int, card: int) -> None:
        """Move `card` from wherever it is (discard pile, a hand) into `side`'s hand."""
        public = card not in self.deck
        for pile in (self.discard, self.hands[1 - side], self.deck, self.in_play):
            if card in pile:
                pile.remove(card)
                if pile is self.hands[1 - side]:
                    self.left_hand(1 - side, card, shown=True)
                break
        self.forget(card)
        self.hands[side].append(card)
        if public:  # from the discards, the opponent's hand or the table: both sides know where it went
            self.show(side, [card])
        self.reveal()

    def settle_card(self, card: int, occurred: bool) -> None:
        """A played card leaves play: it stays in front of its player while an effect holds it;
        otherwise it is removed if starred and its event happened, else discarded (5.2, 2.2)."""
        if card not in self.in_play:
            return
        if card in self._held_cards:  # an effect holds it
            return
        self.in_play.remove(card)
        if occurred and CARDS[card].star:
            self.removed.append(card)
        else:
            self.discard.append(card)

    # -- events and effects -------------------------------------------------------------------------

    def event_playable(self, card: int, side: int) -> bool:
        """Could `side` carry out this card's event now? (prerequisites, cancellations, 5.2, 7.5)"""
        c = CARDS[card]
        if c.scoring:
            return True
        if card in self.no_event:
            return False
        ev = EVENTS.get(card)
        if ev is None:
            return True
        if ev.prereq is not None and ev.prereq not in self.events_played:
            return False
        return ev.playable is None or bool(ev.playable(self, side))

    def forbid_event(self, card: int) -> None:
        """From now on card `card` can no longer be played as an event (e.g. Modrow -> Honecker)."""
        self.no_event = self.no_event | {card}

    def add_effect(self, eff: Effect) -> None:
        old = self.effects.get(eff.name)
        if old is not None and old.ops and eff.ops and old.side == eff.side:
            eff = Effect(**{**eff.__dict__, "ops": old.ops + eff.ops})  # cumulative (Prudence twice)
        self.effects[eff.name] = eff
        if old is None:  # a new effect, the last of `effects`: added to the index alone
            self._index_new_effect(eff)
        else:  # (it takes the place of one of its name, maybe with another hook: Ligachev, Gorbachev)
            self._index_effects()
        if eff.card is not None and eff.card not in self.in_play:
            for pile in (self.discard, self.removed):
                if eff.card in pile:
                    pile.remove(eff.card)
                    self.in_play.append(eff.card)

    def effect(self, name: str) -> Effect | None:
        return self.effects.get(name)

    def end_effect(self, name: str) -> None:
        eff = self.effects.pop(name, None)
        if eff is None:
            return
        if _acts_on_ops(eff):
            self._index_effects()
        else:  # (most effects: only the hooks and the cards held change)
            hooks, cards = set(), set()
            for e in self.effects.values():
                hooks.add(e.hook)
                if e.card is not None:
                    cards.add(e.card)
            self._hooks, self._held_cards = frozenset(hooks), frozenset(cards)
        if eff.card is not None:
            self.settle_card(eff.card, True)

    def run_hooks(self, hook: str, *args: Any) -> None:
        """Call every effect's callback for `hook`; the steps they return run next, in order."""
        if hook not in self._hooks:  # the usual case: nothing listens at this point of the flow
            return
        steps: list[Frame] = []
        for eff in list(self.effects.values()):  # a snapshot: callbacks may end effects
            if eff.hook == hook and eff.fn is not None and eff.name in self.effects:
                out = eff.fn(self, eff, *args)
                if isinstance(out, dict):
                    steps.append(out)
                elif out:
                    steps.extend(out)
        self.push(steps)

    def expire(self, until: str) -> None:
        for name in [n for n, e in self.effects.items() if e.until == until]:
            self.end_effect(name)

    # -- Ops values (rule 7.3) ----------------------------------------------------------------------

    def award(self, side: int, box: int) -> bool:
        """Does `side` hold Tiananmen box `box`'s award (reached it first, opponent still below)?"""
        return self.tst[side] >= box > self.tst[1 - side]

    def ops_modifier(self, side: int) -> int:
        return self._ops_mod[side]  # (the sum of the plain Ops modifiers, kept by _index_effects)

    def card_ops(self, card: int, side: int, extra: int = 0) -> int:
        """The Ops value of `card` for `side` with every modifier in force, `extra` (a conditional
        bonus such as Austria-Hungary's) included; at least 1 once all are summed (7.3)."""
        base = CARDS[card].ops
        if base == 0:
            return 0
        if base == 1 and self.award(side, 2):  # 1989 6.3.5 box 2
            base = 2
        return max(1, base + self._ops_mod[side] + extra)  # 1989 7.3: the minimum after every modifier

    def ps_take(self, taker: int, n: int) -> int:
        """In a power struggle's deal: `taker` takes n random cards from the opponent's PS hand."""
        return power.take_random(self, taker, n)


def _any_card(card: int) -> bool:
    return True


def _learnt(me: int, not_red: int, ops_cap: list[int], unseen: int) -> list[Any]:
    """What side `me` learnt of the opponent's unseen cards, as one rule per constrained slot,
    tightest first, for at most `unseen` slots (if it learnt of more cards than are unseen now, a
    card it saw since was one of them: the loosest are kept, which hold whichever it was)."""
    if me == D:  # 1989 card 46: these many are not red-title
        return [_not_red] * min(not_red, unseen)
    caps = ops_cap[len(ops_cap) - unseen:] if len(ops_cap) > unseen else ops_cap  # 1989 card 20
    return [_capped(cap) for cap in caps]


def _not_red(card: int) -> bool:
    return not CARDS[card].red


def _capped(cap: int) -> Any:
    return lambda card: CARDS[card].scoring or CARDS[card].ops <= cap
