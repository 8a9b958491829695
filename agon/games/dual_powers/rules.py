"""Dual Powers: Revolution 1917 — the flow of play (reference: agon/rules/dual-powers.md).

Covers setup SU1–SU12, the round R1–R5 and the end R6 for two players, and the solo variant
S1–S11 (the Opposition's procedure lives in `solo.py`, scoring and cleanup in `scoring.py`).

The flow is a small set of named decision points (`phase`), each with one `_l_<phase>` that lists
the legal actions and one `_a_<phase>` that applies them. Automatic steps (date advance, the
Opposition's turns, scoring) run inside `_apply` until the next decision point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agon.engine import Action, State, Text
from agon.engine.result import Result
from agon.engine.rng import RandomSource
from agon.games.dual_powers import scoring, solo, text, views
from agon.games.dual_powers.board import (
    SUPPLY,
    WAITING,
    advance_date,
    blockade_text,
    draw,
    take_pw,
)
from agon.games.dual_powers.data import (
    ADJ,
    ARROW,
    CARD_ACT,
    CARD_DIST,
    CARD_LABEL,
    CARD_LEADER,
    CARD_REC,
    CARD_SPECIAL,
    CONNECTIONS,
    DISTRICT_NAME,
    DISTRICTS,
    EXH,
    FRESH,
    IS_LEADER,
    N_COMMAND,
    N_MARKERS,
    NEUTRAL_UNITS,
    OPP_UNITS,
    OWNER,
    SIDE_LEADER_CARDS,
    SIDE_UNITS,
    SIDES,
    TROTSKY_N,
    TROTSKY_R,
    TURNS_PER_PLAYER,
)

SIDE_OF = {"red": 0, "white": 1}
# Prebuilt actions (cheap _legal)
A_CARD = tuple(Action("card", c) for c in range(N_COMMAND + 6))
A_OBJ = tuple(Action("objective", c) for c in range(N_COMMAND))
A_UNIT = tuple(Action("unit", m) for m in range(N_MARKERS))
A_MARKER = tuple(Action("marker", m) for m in range(N_MARKERS))
A_DIST = tuple(Action("district", d) for d in DISTRICTS)
A_CONN = tuple(Action("connection", e) for e in CONNECTIONS)
A_DONE, A_PASS = Action("done"), Action("pass")
A_RECRUIT, A_LEADER_RECRUIT = Action("recruit"), Action("leader_recruit")
A_PRINTED = {a: Action(a) for a in ("move", "double_move", "refresh")}
SPECIAL_VERB = {"mobilize_protest": "protest", "espionage": "espionage", "popular_agitation": "agitation"}
A_SPECIAL = {k: Action(v) for k, v in SPECIAL_VERB.items()}
EXTRA_KINDS = ("recruit", "move", "refresh", "draw", "organize")
A_EXTRA = {k: Action("extra", k) for k in EXTRA_KINDS}
A_UNREST = (Action("unrest", "objective"), Action("unrest", "extra"))
DIDX_OF = {d: i for i, d in enumerate(DISTRICTS)}
# Prebuilt legal lists, shared by every position that has them (the engine only reads a legal list;
# its callers get copies): one per combination of the options a decision point offers
_ALL_DISTRICTS = list(A_DIST)
_UNREST_LISTS = ([A_UNREST[0]], list(A_UNREST))  # [an extra action is possible]
# _COMMAND_LISTS[can recruit][can do the printed action][printed action] (R3.7; A7: pass always)
_COMMAND_LISTS = tuple(tuple({act: [*([A_RECRUIT] if rec else []), *([a] if printed else []), A_PASS]
                              for act, a in A_PRINTED.items()} for printed in (0, 1)) for rec in (0, 1))
# _LEADER_LISTS[may recruit the leader][special or None] (R3.8; A6 b: either order)
_LEADER_LISTS = tuple({sp: [*([A_LEADER_RECRUIT] if lr else []), *([A_SPECIAL[sp]] if sp else []), A_DONE]
                       for sp in (None, *A_SPECIAL)} for lr in (0, 1))
# _EXTRA_LISTS[mask]: the extra actions whose bits are in mask, in EXTRA_KINDS order, then pass (bit 5)
_X_RECRUIT, _X_MOVE, _X_REFRESH, _X_DRAW, _X_ORGANIZE, _X_PASS = (1 << i for i in range(6))
_EXTRA_LISTS = tuple([*(A_EXTRA[k] for i, k in enumerate(EXTRA_KINDS) if mask >> i & 1),
                      *([A_PASS] if mask & _X_PASS else [])] for mask in range(64))
# the active roles, as _active returns them: nobody, one side, and the sides still to choose an objective
_NOBODY: list[str] = []
_ONE_ACTIVE = tuple([side] for side in SIDES)
# [red chooses][white chooses]
_CHOOSING = tuple(tuple([s for s, chooses in zip(SIDES, (red, white), strict=True) if chooses] for white in (0, 1))
                  for red in (0, 1))
_NEUTRALS = (*NEUTRAL_UNITS, TROTSKY_N)
_OWN = tuple(tuple(m for m in range(TROTSKY_R + 1) if OWNER[m] == side) for side in (0, 1))
# CONTROLLABLE[side][holds PW]: the markers side may control (R0.4)
CONTROLLABLE = tuple((_OWN[side], _OWN[side] + _NEUTRALS) for side in (0, 1))
# KIND[m]: markers of one kind are interchangeable (same owner class and strengths); leaders are unique
_kinds: dict[tuple[int, ...], int] = {}
KIND = tuple(_kinds.setdefault((m,) if IS_LEADER[m] else (OWNER[m], FRESH[m], EXH[m]), len(_kinds))
             for m in range(N_MARKERS))
CIDX_OF = {c: i for i, c in enumerate(CONNECTIONS)}
# by the blocked connection (index block + 1; block -1: none), DP R0.6: the districts a marker can
# leave, the moves out of each district, and the connections a Mobilize Protest can block (R3.8.2)
_BLOCKS = range(-1, len(CONNECTIONS))
LEAVABLE = tuple(frozenset(d for d in range(len(DISTRICTS)) if any(e != b for _, e in ADJ[d])) for b in _BLOCKS)
MOVES_TO = tuple(tuple([A_DIST[n] for n, e in ADJ[d] if e != b] for d in range(len(DISTRICTS))) for b in _BLOCKS)
MOVES_ON = tuple(tuple([*to, A_DONE] for to in by_district) for by_district in MOVES_TO)  # R3.7.3: or stop
PROTEST_TO = tuple([A_CONN[e] for e in range(len(CONNECTIONS)) if e != b] for b in _BLOCKS)


def _unit_spans(units: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """A side's units as runs of one kind (same fresh and exhausted strengths; A22: one per kind):
    (first, end, fresh strength) each, so that a supply scan is a slice of `loc` (C-level searches).
    data.json lists each side's units in a row, by ascending strength, each kind together."""
    spans: list[tuple[int, int, int]] = []
    for m in units:
        if spans and (FRESH[m], EXH[m]) == (FRESH[m - 1], EXH[m - 1]):
            spans[-1] = (spans[-1][0], m + 1, FRESH[m])
        else:
            spans.append((m, m + 1, FRESH[m]))
    kinds = [(FRESH[a], EXH[a]) for a, _, _ in spans]
    if (units != tuple(range(units[0], units[-1] + 1)) or len(set(kinds)) != len(kinds)
            or [f for _, _, f in spans] != sorted(f for _, _, f in spans)):
        raise ValueError("dual-powers data.json: a side's units in a row, by ascending strength, each kind together")
    return tuple(spans)


# UNIT_SPANS[side]: the runs of one kind of side's units
UNIT_SPANS = tuple(_unit_spans(SIDE_UNITS[side]) for side in (0, 1))


class DualPowersState(State):
    """One position of Dual Powers (2 players, or 1 player against the Opposition)."""
    # the state's fields: _setup sets every one (see State)
    __slots__ = ("block", "btile", "card", "ctx", "cur", "day", "deck", "diff", "discard", "exh", "gone", "hands",
                 "human", "loc", "lr_done", "mk", "month", "nrec", "obj", "opp", "opp_leader_card", "opp_leaders",
                 "opp_played", "opp_stack", "order", "phase", "played", "pw", "reason", "rnd", "score", "short", "so",
                 "so_up", "solo", "sp_done", "steps", "ti", "tiles", "tiles_out", "unrest", "val", "winner", "xdraws",
                 "xpend")
    memo_legal = True  # the engine memoises legal lists per position (tests call changed() after edits)
    # who plays: solo (DP S1) against the Opposition, at a difficulty
    solo: bool
    human: int
    opp: int
    diff: int
    # the markers, the tracks and the tiles
    loc: list[int]
    exh: list[int]
    score: int
    pw: int
    day: int
    month: int
    obj: tuple[int, int, int]
    unrest: int
    btile: int
    tiles: list[int]
    tiles_out: list[int]
    block: int
    # the cards
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    gone: list[int]
    played: list[list[int]]
    opp_leaders: list[int]
    opp_played: list[int]
    opp_stack: list[int]
    opp_leader_card: int
    so: tuple[int, int]
    so_up: tuple[int, int]
    xdraws: tuple[int, int]
    short: list[int]
    # the round and the action being carried out
    rnd: int
    order: tuple[int, ...]
    ti: int
    phase: str
    cur: int
    card: int
    val: int
    nrec: int
    steps: int
    xpend: int
    mk: int
    ctx: str
    lr_done: int
    sp_done: int
    # the end
    winner: int
    reason: str

    # -- setup ------------------------------------------------------------------------------

    def _setup(self) -> None:
        o = self.options
        rng = self.rng
        self.solo = o["players"] == 1
        self.human = SIDE_OF[o["side"]] if self.solo else -1
        self.opp = 1 - self.human if self.solo else -1
        self.diff = o["difficulty"] if self.solo else 0
        loc = [SUPPLY] * N_MARKERS  # DP SU3: units and leaders in supply, fresh
        self.exh = [0] * N_MARKERS
        places = list(range(6))
        rng.shuffle(places)  # DP SU4: one neutral unit per district, at random
        for i, m in enumerate(NEUTRAL_UNITS):
            loc[m] = places[i]
        loc[TROTSKY_N] = loc[TROTSKY_R] = WAITING  # DP SU7
        for m in OPP_UNITS:
            loc[m] = SUPPLY if self.solo else WAITING  # DP S1.3
        self.loc = loc
        self.hands = [list(SIDE_LEADER_CARDS[0]), list(SIDE_LEADER_CARDS[1])]  # DP SU3
        self.opp_leaders = []
        self.opp_played = []
        self.opp_stack = []
        self.opp_leader_card = -1
        if self.solo:
            for m in SIDE_UNITS[self.opp]:
                loc[m] = WAITING  # DP S1.1: back to the box
            self.opp_leaders = self.hands[self.opp]  # DP S1.4: shuffled face down
            self.hands[self.opp] = []
            rng.shuffle(self.opp_leaders)
        self.score = 0  # DP SU5
        self.pw = 0  # DP SU5: Red holds Popular Will
        self.day, self.month = 1, 0  # DP SU6
        self.obj = (-1, -1, -1)  # DP SU8
        tiles = list(range(6))
        rng.shuffle(tiles)  # DP SU9
        self.unrest = tiles.pop()  # DP SU10
        self.btile = tiles.pop()
        self.tiles = tiles
        self.tiles_out = []
        self.block = ARROW[self.btile]  # DP SU11
        deck = list(range(N_COMMAND))
        rng.shuffle(deck)  # DP SU12
        self.deck = deck
        self.discard = []
        self.gone = []  # played Leader cards (A11)
        self.played = [[], []]
        self.so = (-1, -1)
        self.so_up = (0, 0)
        self.xdraws = (0, 0)
        self.short = [0, 0]
        self.rnd = 0
        self.order = ()
        self.ti = 0
        self.phase = "start"
        self.cur = 0
        self.card = -1
        self.val = self.nrec = self.steps = self.xpend = 0
        self.mk = -1
        self.ctx = "main"
        self.lr_done = self.sp_done = 0
        self.winner = -1
        self.reason = ""
        if not self.quiet:
            self.say("Setup: the Unrest! tile is {u} and the Blockade! tile {b}: {block}; Red holds Popular Will.",
                     u=DISTRICT_NAME[self.unrest], b=DISTRICT_NAME[self.btile], block=blockade_text(self))
        scoring.start_round(self)

    # -- small helpers used by the other modules ---------------------------------------------

    def end(self, side: int, reason: Text) -> None:
        self.phase = "over"
        self.winner = side
        self.reason = str(reason)  # the result's words (English, like every result)
        self.say("The game ends: {side} wins ({reason}).", side=self.side_name(side), reason=reason)

    def side_name(self, side: int) -> str:
        """How the log names a side: Red, White, or The Opposition (solo)."""
        if self.solo and side == self.opp:
            return "The Opposition"
        return SIDES[side].capitalize()

    def set_so(self, side: int, card: int, up: int) -> None:
        self.so = (card, self.so[1]) if side == 0 else (self.so[0], card)
        self.so_up = (up, self.so_up[1]) if side == 0 else (self.so_up[0], up)

    def start_actions(self) -> None:
        """DP R3.1 (2 players: PW holder first, then alternate) / S4.1 (solo: O P O P O P O P O)."""
        if self.solo:
            self.order = (self.opp, self.human) * TURNS_PER_PLAYER + (self.opp,)
        else:
            self.order = (self.pw, 1 - self.pw) * TURNS_PER_PLAYER  # A8: fixed at the start
        self.ti = 0
        self.next_turn()

    def next_turn(self) -> None:
        while self.phase != "over":
            if self.ti >= len(self.order):
                scoring.scoring(self)  # DP R4
                return
            side = self.order[self.ti]
            if self.solo and side == self.opp:
                solo.opposition_turn(self)  # DP S5
                self.ti += 1
                continue
            self.cur = side
            self.phase = "play"
            return

    def _end_action(self) -> None:
        if self.xpend:  # DP R3.9.1(a): the calendar's extra action comes after the action
            self.xpend = 0
            self.ctx = "xturn"
            self.phase = "extra"
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.ti += 1
        self.next_turn()

    def _finish(self) -> None:
        ctx = self.ctx
        if ctx == "leader":
            if self.lr_done and self.sp_done:
                self._end_action()
            else:
                self.phase = "leader"
        elif ctx == "main":
            self._end_action()
        elif ctx == "xturn":
            self._end_turn()
        else:
            scoring.score_rest(self)  # the Unrest extra action is done (R4.3.8)

    # -- what a side may do --------------------------------------------------------------------

    def _candidates(self, side: int) -> tuple[int, ...]:
        """Markers `side` may control now (R0.4): its own, and the neutrals if it holds PW."""
        return CONTROLLABLE[side][1 if self.pw == side else 0]

    def _movable(self, side: int) -> list[int]:
        """Markers `side` controls on the board with an open connection (R3.7.2), one per kind."""
        loc, exh, block = self.loc, self.exh, self.block
        out: list[int] = []
        keys = set()
        leavable = LEAVABLE[block + 1]
        for m in self._candidates(side):
            d = loc[m]
            if d in leavable:
                key = KIND[m] * 12 + d * 2 + exh[m]
                if key not in keys:
                    keys.add(key)
                    out.append(m)
        return out

    def _can_move(self, side: int) -> bool:
        """Whether _movable has a marker: one it controls in a district it can leave (stops at the first)."""
        loc, leavable = self.loc, LEAVABLE[self.block + 1]
        for m in self._candidates(side):
            if loc[m] in leavable:
                return True
        return False

    def _refreshable(self, side: int) -> list[int]:
        loc, exh = self.loc, self.exh
        out: list[int] = []
        keys = set()
        for m in self._candidates(side):
            if loc[m] < 0 or not exh[m]:
                continue
            key = KIND[m] * 12 + loc[m] * 2
            if key not in keys:
                keys.add(key)
                out.append(m)
        return out

    def _can_refresh(self, side: int) -> bool:
        """Whether _refreshable has a marker: an exhausted one it controls (stops at the first; markers
        off the board are always fresh, see views.check_invariants)."""
        loc, exh = self.loc, self.exh
        for m in self._candidates(side):
            if exh[m] and loc[m] >= 0:
                return True
        return False

    def _supply_units(self, side: int, limit: int) -> list[int]:
        """Units in `side`'s supply with fresh strength <= limit, one per kind (A22)."""
        loc = self.loc
        out: list[int] = []
        for first, end, fresh in UNIT_SPANS[side]:
            if fresh > limit:
                break  # the spans go by ascending strength
            run = loc[first:end]
            if SUPPLY in run:
                out.append(first + run.index(SUPPLY))  # the first of its kind, as in marker order
        return out

    def _can_recruit(self, side: int, limit: int) -> bool:
        """A unit in `side`'s supply with fresh strength <= limit (R3.7.1, R3.9.2)."""
        loc = self.loc
        for m in SIDE_UNITS[side]:
            if loc[m] == SUPPLY and FRESH[m] <= limit:
                return True
        return False

    def _special_useful(self, side: int, special: str) -> bool:
        if special == "mobilize_protest":
            return True
        if special == "popular_agitation":
            return self.pw != side  # A30: no effect for the holder
        if self.solo:
            return not self.so_up[self.human]  # DP S7.2
        other = 1 - side
        return self.so[other] >= 0 and not self.so_up[other]

    # -- the contract --------------------------------------------------------------------------

    def _active(self) -> list[str]:
        # shared prebuilt lists: the engine only reads the list _active returns (it copies it for callers)
        ph = self.phase
        if ph == "over":
            return _NOBODY
        if ph == "objective":
            so = self.so
            return _CHOOSING[so[0] < 0][so[1] < 0]
        return _ONE_ACTIVE[self.cur]

    def _legal(self, role: str) -> list[Action]:
        return _LISTER[self.phase](self, SIDE_OF[role])

    def _apply(self, role: str, action: Action) -> None:
        verb, arg = action
        _APPLIER[self.phase](self, SIDE_OF[role], verb, arg)

    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]:
        return text.prompt(self, SIDE_OF[role])

    def _view(self, role: str | None) -> dict[str, Any]:
        return views.view(self, role)

    def label(self, action: Action) -> str | Text:
        return text.label(self, action)

    def _result(self) -> Result | None:
        if self.phase != "over":
            return None
        w = self.winner
        if self.solo:
            h = SIDES[self.human]
            toward = self.score if self.human == 0 else -self.score
            reason = self.reason if w == self.human else "the Opposition wins: " + self.reason
            # the Opposition is no seat, yet it wins: the result names it (tournaments count it)
            return Result.from_dict({"winners": [h] if w == self.human else ["opposition"], "scores": {h: toward},
                                     "reason": reason, "winner_side": SIDES[w], "opposition": SIDES[self.opp]})
        return Result.from_dict({"winners": [SIDES[w]], "scores": {"red": self.score, "white": -self.score},
                                 "reason": self.reason})

    def _copy_into(self, twin: State) -> None:
        t: Any = twin
        t.loc = self.loc[:]
        t.exh = self.exh[:]
        t.hands = [self.hands[0][:], self.hands[1][:]]
        t.played = [self.played[0][:], self.played[1][:]]
        t.deck = self.deck[:]
        t.discard = self.discard[:]
        t.gone = self.gone[:]
        t.tiles = self.tiles[:]
        t.tiles_out = self.tiles_out[:]
        t.short = self.short[:]
        if self.solo:
            t.opp_leaders = self.opp_leaders[:]
            t.opp_played = self.opp_played[:]
            t.opp_stack = self.opp_stack[:]

    def _determinize(self, role: str, rng: RandomSource) -> None:
        views.determinize(self, SIDE_OF[role], rng)

    def check_invariants(self) -> None:
        views.check_invariants(self)

    # -- objective phase (R2) ------------------------------------------------------------------

    def _l_objective(self, side: int) -> list[Action]:
        return [A_OBJ[c] for c in self.hands[side] if c < N_COMMAND]  # DP R2.1: a Command card

    def _a_objective(self, side: int, verb: str, c: int) -> None:
        self.hands[side].remove(c)
        self.set_so(side, c, 0)  # DP R2.1: face down
        if not self.quiet:
            self.say("{side} places a Secret Objective face down.", side=SIDES[side].capitalize())
            self.say("Your Secret Objective: {card}.", to=SIDES[side], card=CARD_LABEL[c])
        if self.so[0] >= 0 and self.so[1] >= 0:  # DP R2.2: both chose
            self.start_actions()

    # -- play a card (R3.3, R3.4) -------------------------------------------------------------

    def _l_play(self, side: int) -> list[Action]:
        return [A_CARD[c] for c in self.hands[side]]

    def _a_play(self, side: int, verb: str, c: int) -> None:
        self.hands[side].remove(c)
        self.played[side].append(c)  # DP R3.3.1: face up until Cleanup
        self.card = c
        if not self.quiet:
            self.say("{side} plays {card}.", side=SIDES[side].capitalize(), card=CARD_LABEL[c])
        self.xpend = 1 if advance_date(self, side, c) else 0  # DP R3.4
        if self.xpend and not self.quiet:
            self.say("{side} earns an extra action.", side=SIDES[side].capitalize())
        if c < N_COMMAND:
            self.ctx = "main"
            self.phase = "command"  # DP R3.6.1
        else:
            self.ctx = "leader"  # DP R3.6.2
            self.lr_done = 0 if self.loc[CARD_LEADER[c]] == SUPPLY else 1
            self.sp_done = 0
            self.phase = "leader"

    # -- Command card action (R3.6.1, R3.7) -----------------------------------------------------

    def _l_command(self, side: int) -> list[Action]:
        card = self.card
        act = CARD_ACT[card]
        can_act = self._can_refresh(side) if act == "refresh" else self._can_move(side)
        return _COMMAND_LISTS[self._can_recruit(side, CARD_REC[card])][can_act][act]  # DP R3.7.1-4, A7

    def _a_command(self, side: int, verb: str, arg: Any) -> None:
        if verb == "recruit":
            self.val = CARD_REC[self.card]
            self.nrec = 0
            self.phase = "recruit"
        elif verb == "refresh":
            self.phase = "refresh"
        elif verb == "pass":
            if not self.quiet:
                self.say("{side} takes no action.", side=SIDES[side].capitalize())
            self._end_action()
        else:
            self.steps = 2 if verb == "double_move" else 1  # DP R3.7.3
            self.phase = "move"

    def _l_recruit(self, side: int) -> list[Action]:
        out = [A_UNIT[m] for m in self._supply_units(side, self.val)]
        if self.nrec:
            out.append(A_DONE)
        return out

    def _a_recruit(self, side: int, verb: str, m: Any) -> None:
        if verb == "done":
            self._finish()
            return
        d = CARD_DIST[self.card]  # DP R3.7.1: the card's district, fresh side up
        self.loc[m] = d
        self.exh[m] = 0
        self.val -= FRESH[m]
        self.nrec += 1
        if not self.quiet:
            self.say("{side} recruits a {unit} in {district}.", side=SIDES[side].capitalize(), unit=text.marker_name(m),
                     district=DISTRICT_NAME[d])
        if not self._can_recruit(side, self.val):
            self._finish()

    def _l_move(self, side: int) -> list[Action]:
        return [A_MARKER[m] for m in self._movable(side)]

    def _a_move(self, side: int, verb: str, m: Any) -> None:
        self.mk = m
        self.phase = "move_to"

    def _l_move_to(self, side: int) -> list[Action]:
        return MOVES_TO[self.block + 1][self.loc[self.mk]]  # DP R0.6

    def _a_move_to(self, side: int, verb: str, dist: Any) -> None:
        if verb == "done":
            self._finish()
            return
        d = DIDX_OF[dist]
        if not self.quiet:
            self.say("{side} moves {marker} from {a} to {b}.", side=SIDES[side].capitalize(),
                     marker=text.marker_name(self.mk), a=DISTRICT_NAME[self.loc[self.mk]], b=DISTRICT_NAME[d])
        self.loc[self.mk] = d
        self.steps -= 1
        if self.steps > 0:
            self.phase = "move_on"  # DP R3.7.3: a second step is optional
        else:
            self._finish()

    def _l_move_on(self, side: int) -> list[Action]:
        return MOVES_ON[self.block + 1][self.loc[self.mk]]

    _a_move_on = _a_move_to

    def _l_refresh(self, side: int) -> list[Action]:
        return [A_MARKER[m] for m in self._refreshable(side)]

    def _a_refresh(self, side: int, verb: str, m: Any) -> None:
        self.exh[m] = 0  # DP R3.7.4
        if not self.quiet:
            self.say("{side} refreshes {marker} in {district}.", side=SIDES[side].capitalize(),
                     marker=text.marker_name(m), district=DISTRICT_NAME[self.loc[m]])
        self._finish()

    # -- Leader card (R3.6.2, R3.8) --------------------------------------------------------------

    def _l_leader(self, side: int) -> list[Action]:
        special = CARD_SPECIAL[self.card]
        offered = special if not self.sp_done and self._special_useful(side, special) else None
        return _LEADER_LISTS[not self.lr_done][offered]  # A6(b): either order

    def _a_leader(self, side: int, verb: str, arg: Any) -> None:
        if verb == "done":
            self._end_action()
        elif verb == "leader_recruit":
            self.lr_done = 1
            self.phase = "place_leader"
        elif verb == "protest":
            self.sp_done = 1
            self.phase = "protest"
        elif verb == "agitation":
            self.sp_done = 1
            take_pw(self, side, text.SPECIAL_WORD["popular_agitation"])  # DP R3.8.4
            self._finish()
        else:  # espionage
            self.sp_done = 1
            if self.solo:  # DP S7.2: reveals your own objective
                self.set_so(self.human, self.so[self.human], 1)
                self.say("Espionage: your Secret Objective is revealed: {card}.", card=CARD_LABEL[self.so[self.human]])
            else:  # DP R3.8.3
                other = 1 - side
                self.set_so(other, self.so[other], 1)
                self.say("Espionage: {side}'s Secret Objective is revealed: {card}.",
                         side=SIDES[other].capitalize(), card=CARD_LABEL[self.so[other]])
            self.reveal()
            self._finish()

    def _l_place_leader(self, side: int) -> list[Action]:
        return _ALL_DISTRICTS

    def _a_place_leader(self, side: int, verb: str, dist: Any) -> None:
        d = DIDX_OF[dist]
        m = CARD_LEADER[self.card]
        self.loc[m] = d  # DP R3.8.1: fresh, any district
        self.exh[m] = 0
        if not self.quiet:
            self.say("{side} recruits {leader} in {district}.", side=SIDES[side].capitalize(), leader=text.marker_name(m),
                     district=DISTRICT_NAME[d])
        if self.pw == side:  # DP R3.8.1: refresh the exhausted neutral units you control there
            for n in NEUTRAL_UNITS:  # A9: the six neutral unit markers; neutral Trotsky is a leader marker
                if self.loc[n] == d and self.exh[n]:
                    self.exh[n] = 0
                    self.say("The neutral unit in {district} is refreshed.", district=DISTRICT_NAME[d])
        self._finish()

    def _l_protest(self, side: int) -> list[Action]:
        return PROTEST_TO[self.block + 1]

    def _a_protest(self, side: int, verb: str, conn: Any) -> None:
        self.block = CIDX_OF[conn]  # DP R3.8.2
        self.say("Mobilize Protest: the Blockade moves to {conn}.", conn=text.connection_text(self.block))
        self._finish()

    # -- extra actions (R3.9, S7.1) --------------------------------------------------------------

    def _l_extra(self, side: int) -> list[Action]:
        mask = self._extra_mask(side)
        if self.ctx != "xunrest":  # B1: the calendar's extra action may be forgone, not the chosen Unrest one
            mask |= _X_PASS
        return _EXTRA_LISTS[mask]

    def _extra_options(self, side: int) -> list[Action]:
        """The extra actions `side` can take now (a shared list: read it only)."""
        return _EXTRA_LISTS[self._extra_mask(side)]

    def _extra_mask(self, side: int) -> int:
        """The extra actions `side` can take now as _X_ bits (R3.9.2, S7.1; A30: none without effect)."""
        mask = 0
        if self._can_recruit(side, 99):  # A23: any strength
            mask = _X_RECRUIT
        if self._can_move(side):
            mask |= _X_MOVE
        if self._can_refresh(side):
            mask |= _X_REFRESH
        if self.deck or self.discard:
            mask |= _X_DRAW
        if self.solo and not self.so_up[self.human]:
            mask |= _X_ORGANIZE  # DP S7.1 (A20)
        return mask

    def _a_extra(self, side: int, verb: str, kind: Any) -> None:
        name = SIDES[side].capitalize()
        if verb == "pass":
            self.say("{side} forgoes the extra action.", side=name)
            self._finish()
        elif kind == "recruit":
            self.phase = "xrecruit"
        elif kind == "move":
            self.say("{side} takes an Extra Move.", side=name)
            self.steps = 1
            self.phase = "move"
        elif kind == "refresh":
            self.say("{side} takes an Extra Refresh.", side=name)
            self.phase = "refresh"
        elif kind == "draw":  # DP R3.9.2 Extra Draw
            got = draw(self, side, 1)
            self.xdraws = (self.xdraws[0] + 1, self.xdraws[1]) if side == 0 else (self.xdraws[0], self.xdraws[1] + 1)
            self.say("{side} takes an Extra Draw.", side=name)
            if not self.quiet:
                for c in got:
                    self.say("You draw {card}.", to=SIDES[side], card=CARD_LABEL[c])
            self.reveal()
            self._finish()
        else:  # organize
            self.set_so(self.human, self.so[self.human], 1)
            self.say("Organize: your Secret Objective is revealed: {card}.", card=CARD_LABEL[self.so[self.human]])
            self.reveal()
            self._finish()

    def _l_xrecruit(self, side: int) -> list[Action]:
        return [A_UNIT[m] for m in self._supply_units(side, 99)]  # A23: any strength

    def _a_xrecruit(self, side: int, verb: str, m: Any) -> None:
        self.mk = m
        self.phase = "xplace"

    def _l_xplace(self, side: int) -> list[Action]:
        return _ALL_DISTRICTS

    def _a_xplace(self, side: int, verb: str, dist: Any) -> None:
        d = DIDX_OF[dist]
        self.loc[self.mk] = d
        self.exh[self.mk] = 0
        if not self.quiet:
            self.say("{side} takes an Extra Recruit: a {unit} in {district}.", side=SIDES[side].capitalize(),
                     unit=text.marker_name(self.mk), district=DISTRICT_NAME[d])
        self._finish()

    # -- the Unrest choice (R4.3.4) ---------------------------------------------------------------

    def _l_unrest(self, side: int) -> list[Action]:
        # DP R4.3.4: VP or an extra action (B1: no forgoing; A30: the extra action only if one is possible)
        return _UNREST_LISTS[bool(self._extra_options(side))]

    def _a_unrest(self, side: int, verb: str, choice: Any) -> None:
        if choice == "objective":
            scoring.unrest_vp(self, side)
        else:
            self.say("{side} takes an extra action for the Unrest district.", side=SIDES[side].capitalize())
            self.ctx = "xunrest"
            self.phase = "extra"

    def _l_over(self, side: int) -> list[Action]:
        return []


# each decision point's lister (`_l_<phase>`) and applier (`_a_<phase>`), looked up by phase
_LISTER: dict[str, Callable[[DualPowersState, int], list[Action]]] = {
    name[3:]: fn for name, fn in vars(DualPowersState).items() if name.startswith("_l_")}
_APPLIER: dict[str, Callable[[DualPowersState, int, str, Any], None]] = {
    name[3:]: fn for name, fn in vars(DualPowersState).items() if name.startswith("_a_")}
