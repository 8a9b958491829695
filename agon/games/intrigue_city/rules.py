"""Intrigue City: the flow of play.

Rules reference: agon/rules/intrigue-city.md (IC-1 .. IC-10, ACT-*, FAV-*, IC-2P.*, IC-V.*, IC-FAQ.*), with the
rulings of docs/rulings/intrigue-city.md. Roles are "p1".."pN" (colours purple, red, blue, green, orange).

The flow is a small set of named decision points (`phase`):
    setup   place the starting cube sets, one guild per set          ("guild", id)
    turn    pre-placement Favour (ES/BoS) or a pawn on a card         ("favour", g) ("offensive"|"defensive", pos)
    hand    two players: the placed card or a hand card instead       ("card", None) ("hand", card id)
    target  the guild to act on (a board and a guild)                 ("target", (role, guild))
    exec    the remaining choices of the effect, one at a time        ("chosen"|"move"|"back"|"place"|"remove"|"from", x)
    react   the attacked player may use Dreamers / Raven Lords        ("favour", g) ("pass", None)
    post    the attacker may use Crescent Moon / Dragon's Blood       ("favour", g) ("pass", None)
    vote    Change of Era, all players at once, in secret             ("vote", card) ("blank", None)
    over
"""

from __future__ import annotations

from typing import Any

from agon.engine import Action, State, Text, msg
from agon.engine.result import Result
from agon.engine.rng import RandomSource
from agon.games.intrigue_city import checks, scoring, text
from agon.games.intrigue_city.data import (
    ADVANCED,
    ADVANCED_BY_PLAYERS,
    BANK,
    BASIC,
    CARDS,
    EXTRA_SET,
    FAV_INTRIGUE,
    FAV_POST,
    FAV_PRE_DEFENSIVE,
    FAV_PRE_OFFENSIVE,
    FAV_REACT,
    FAV_STRONG_BONUS,
    FAVOURS,
    GI,
    GUILD_NAMES,
    GUILDS,
    HAND_CARDS,
    PRINTED,
    SHORT_START,
    SLOT_SPIDERS,
    STARTING_SETS,
    THEMES,
    TRACK,
    VARIANT_A_BY_PLAYERS,
)
from agon.games.intrigue_city.effects import (
    apply_ops,
    card_ok,
    card_ok_anywhere,
    card_ok_on,
    executions,
    favour_executions,
    favour_usable,
    held,
    influences,
    target_mask,
)

PRE_OFF, PRE_DEF = FAV_PRE_OFFENSIVE, FAV_PRE_DEFENSIVE  # BoS and ES (AMB-1 mapping, data)
PAWNS = ("offensive", "defensive")
PASS = Action("pass", None)
ALL = 63  # the bit mask of all six guilds
PLENTY = (2, 2, 2)  # a Bank key of _board_feasibility: no pile is short (each has 2 cubes or more)
ALL_SIX = [6] * 6  # IC-10.1: Equilibrium (influence 6) in all six guilds of a board
UNLIMITED = 10_000  # an "unlimited" Bank pile: far more cubes than any game can place
PLACE_ACTIONS = tuple(tuple(Action(verb, i) for i in range(16)) for verb in PAWNS)
TARGET_ACTIONS = tuple(tuple(Action("target", (f"p{p + 1}", g)) for g in GUILDS) for p in range(5))
TARGET_OF = {a: (p, g) for p, acts in enumerate(TARGET_ACTIONS) for g, a in enumerate(acts)}  # action -> (board, guild)
# TARGETS[p][m]: the target actions on player p's board for the guilds in the bit mask m
TARGETS = tuple(tuple(tuple(acts[g] for g in range(6) if m >> g & 1) for m in range(64)) for acts in TARGET_ACTIONS)
FAVOUR_ACTIONS = tuple(Action("favour", g) for g in GUILDS)
GUILD_ACTIONS = tuple(Action("guild", g) for g in GUILDS)
# FAV_VALUES[g][side]: the cube values guild g's Favour card acts with, Weak (1) or Strong (2)
FAV_VALUES = tuple(((), *(tuple(FAVOURS[GUILDS[g]].get(side, ())) for side in ("weak", "strong"))) for g in range(6))
# BOARDS[n][p]: the boards player p's offensive pawn may act on, then the defensive pawn's (IC-4.4, IC-4.5)
BOARDS = {n: tuple((tuple(q * 18 for q in range(n) if q != p), (p * 18,)) for p in range(n)) for n in range(2, 6)}


_SPOTS: dict[int, tuple[tuple[Action, ...], tuple[Action, ...]]] = {}


def spots(cards: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """The offensive and the defensive placements on the cards of the bit mask `cards` (IC-4.2), in
    board order; kept per mask (a pure function of it)."""
    entry = _SPOTS.get(cards)
    if entry is None:  # (at most 2**16 masks: the memo is bounded)
        offensive, defensive = (tuple(acts[i] for i in range(16) if cards >> i & 1) for acts in PLACE_ACTIONS)
        entry = _SPOTS[cards] = (offensive, defensive)
    return entry


class IntrigueState(State):
    """One position of Intrigue City."""

    # the state's fields: _setup sets every one (see State)
    __slots__ = ("_choices", "_fast", "_inf", "_occupied", "_window", "act", "arr", "arr_next", "bank", "bank_total",
                 "before", "blank_used", "board", "box", "card", "cpos", "cu", "cur", "dec", "decks", "discards",
                 "drawn", "enext", "eowner", "eq", "execs", "fav", "final", "hands", "n", "neutral", "neutral_shown",
                 "noeff", "occ", "pawn", "pawns", "phase", "pile", "pm", "pos", "power", "roles", "set_i", "sets",
                 "setup_i", "setup_order", "shown", "spiders", "tfav", "tg", "tp", "tpos", "tside", "used_hand", "votes",
                 "winner", "xfav")
    memo_legal = True  # the engine memoises legal lists per position (tests call changed() after edits)
    # players and turn order
    n: int
    roles: tuple[str, ...]
    pos: list[int]
    arr: list[int]
    arr_next: int
    setup_order: list[int]
    setup_i: int
    set_i: int
    sets: tuple[tuple[int, ...], ...]
    phase: str
    act: list[str]
    # the boards, the Bank and the tracks
    cu: list[int]
    bank: list[int]
    bank_total: tuple[int, int, int]
    pm: tuple[int, ...] | None
    pawns: list[int]
    fav: list[int]
    eq: list[int]
    power: list[int]
    tpos: int
    # action cards
    board: tuple[str, ...]
    spiders: tuple[int, ...]
    occ: list[tuple[tuple[int, int], ...]]
    hands: list[list[str]]
    box: list[str]
    used_hand: list[str]
    # Guild Power cards and votes
    decks: list[list[int]]
    neutral: list[int]
    neutral_shown: list[int]
    drawn: list[list[int]]
    votes: list[int | None]
    discards: list[list[int]]
    pile: list[tuple[int, int, int]]
    shown: list[tuple[int, int]]
    blank_used: list[bool]
    # the turn being played (_clear_turn)
    card: str
    cpos: int
    cur: int
    dec: int
    pawn: int
    before: int
    tp: int
    tg: int
    tside: int
    tfav: int
    xfav: tuple[int, int]
    eowner: int
    enext: str
    noeff: bool
    execs: list[Any]
    # the end
    final: dict[str, Any] | None
    winner: int | None
    # caches (see _setup)
    _inf: list[int]
    _occupied: int
    _fast: dict[tuple[int, int, int], tuple[list[bool | None], int, list[int]]]
    _window: tuple[str, list[Action]] | None
    _choices: tuple[list[Any], int, list[Action], dict[Action, list[Any]]] | None

    # -- setup (spec §2) ------------------------------------------------------------------------

    def _setup(self) -> None:
        o = self.options
        n = self.n = o["players"]
        self.roles = tuple(f"p{i + 1}" for i in range(n))
        rng = self.rng
        self.cu = [0] * (18 * n)
        self._inf = [0] * (6 * n)  # the influence of each guild of `cu` (influences()), kept by apply_ops
        # GAP-14 / AMB-15: the Bank is limited (33/33/30) unless the option says otherwise
        self.bank_total = (UNLIMITED,) * 3 if o["unlimited_bank"] else BANK
        self.bank = list(self.bank_total)
        # AMB-3 / GAP-8: the cube placed by Promising Arrangements / Redistribution of Power (None: data, any value)
        av = o["arrangement_value"]
        self.pm = None if av == "any" else (av,)
        self._deal_cards()
        order = list(range(n))
        rng.shuffle(order)  # IC-3.2 markers stacked in random order
        self.pos = [0] * n
        self.arr = [0] * n
        for k, p in enumerate(order):
            self.arr[p] = k
        self.arr_next = n
        self.pawns = [1] * (2 * n)
        self.fav = [0] * (6 * n)
        self.eq = [0] * (6 * n)
        self.power = [1] * 6  # IC-8.6 / setup 7
        self.decks = []
        for _ in range(n):
            deck = list(range(12))
            rng.shuffle(deck)  # setup 2.4.4
            self.decks.append(deck)
        self.neutral = []
        if n == 2:  # IC-2P.3
            self.neutral = list(range(12))
            rng.shuffle(self.neutral)
        self.neutral_shown = []
        self.drawn = [[] for _ in range(n)]
        self.votes = [None] * n
        self.discards = [[] for _ in range(n)]
        self.pile = []  # (player, card, era index): IC-8.4 face-down votes
        self.shown = []
        self.blank_used = [False] * n
        self.tpos = SHORT_START if o["short"] else 0  # setup 6 / IC-V.2: the round marker's first position
        self.final = None
        self.winner = None
        # per Bank shortage: the board's card_ok_anywhere answers (see _board_feasibility); shared by clones
        self._fast = {}
        self._window = None  # the open Favour window's legal list
        # the open decision's legal list, with the executions and the decision it was listed for
        self._choices = None
        self._clear_turn()
        # IC-2.4 / IC-2P.2 / IC-V.2 / IC-V.3: starting sets, placed in initial turn order (bottom first)
        extra = (1 if n == 2 else 0) + (1 if o["short"] else 0)
        self.sets = (*STARTING_SETS, *([EXTRA_SET] * extra))
        self.setup_order = sorted(range(n), key=lambda p: self.arr[p])
        self.setup_i = 0
        self.set_i = 0
        self.phase = "setup"
        self.act = [self.roles[self.setup_order[0]]]
        if not self.quiet:  # a machine's game (new(quiet=True)) writes no log
            self.say("Intrigue City for {n} players; turn order from the bottom of the stack: {order}",
                     n=n, order=text.comma_list([self.player(p) for p in self.setup_order]))

    def _deal_cards(self) -> None:
        """Setup 3-4, IC-2P.1, IC-2P.4, IC-V.5, IC-V.6: action cards into slots, two-player hands."""
        n, rng, o = self.n, self.rng, self.options
        spiders = SLOT_SPIDERS[n]
        slots = len(spiders)
        if o["advanced"] == "A":  # IC-V.5
            pool = [*BASIC, *ADVANCED]
            rng.shuffle(pool)
            board, rest = pool[:VARIANT_A_BY_PLAYERS[n]], pool[VARIANT_A_BY_PLAYERS[n]:]
        elif o["advanced"] == "B":  # IC-V.6 (invented themes, GAP-10)
            theme = THEMES[o["theme"]]["cards"]
            board = list(theme[:slots])
            rest = [c for c in ADVANCED if c not in board]
            rng.shuffle(rest)
        else:
            adv = list(ADVANCED)
            rng.shuffle(adv)
            board, rest = [*BASIC, *adv[:ADVANCED_BY_PLAYERS[n]]], adv[ADVANCED_BY_PLAYERS[n]:]
        rng.shuffle(board)
        self.hands = [[] for _ in range(n)]
        if n == 2:  # IC-2P.1: hands from the cards left after the board
            self.hands = [rest[:HAND_CARDS], rest[HAND_CARDS:2 * HAND_CARDS]]
            rest = rest[2 * HAND_CARDS:]
        self.box = rest
        self.used_hand = []
        cards, spid = list(board), list(spiders)
        for card, s, players in PRINTED:  # IC-2P.4: printed cards only with 3+ players
            if n in players:
                cards.append(card)
                spid.append(s)
        self.board = tuple(cards)
        self.spiders = tuple(spid)
        self.occ = [()] * len(cards)
        self._occupied = 0  # the bit mask of the occupied cards of `occ` (kept with it; changed() rebuilds it)

    def _clear_turn(self) -> None:
        """The fields of a turn, as each turn starts (set one by one: the cheapest way)."""
        self.cur = self.pawn = self.cpos = -1  # the player, the pawn placed (0 offensive, 1 defensive), its card
        self.card = ""  # the action card carried out (IC-2P.5: maybe a hand card)
        self.tfav, self.tside = -1, 0  # the guild index and side of the Favour used this turn (IC-6.7)
        self.noeff = False  # IC-5.6: no legal play, the action has no effect
        self.tp = self.tg = -1  # the target: the player whose board, the guild
        self.dec = 0  # the decision of the effect being walked (`execs`)
        self.eowner = -1  # the board the effect acts on
        self.enext = ""  # what follows the effect: "action", "react" or "post"
        self.xfav = (-1, 0)  # the Favour card (guild, side) of a window's effect
        self.before = 0  # the target guild's influence before the action (IC-6.2 formed_favour)
        self.execs = []

    # -- contract ---------------------------------------------------------------------------------

    def _active(self) -> list[str]:
        return self.act

    def player(self, p: int) -> str:
        """What the log calls player number `p` ("Player 1"; a term of the game)."""
        return text.player_name(self.roles[p])

    def _result(self) -> Result | None:
        if self.winner is not None:
            return Result.from_dict({"winners": [self.roles[self.winner]],
                                     "scores": {r: int(i == self.winner) for i, r in enumerate(self.roles)},
                                     "reason": "special victory: Equilibrium in all six guilds"})
        return None if self.final is None else Result.from_dict(self.final)

    def _legal(self, role: str) -> list[Action]:
        ph = self.phase
        if ph == "turn":
            return self._turn_actions()
        if ph == "target":
            return self._target_actions()
        if ph == "exec":
            choices = self._choices
            if choices is not None and choices[0] is self.execs and choices[1] == self.dec:
                return choices[2]  # listed when the decision came up (`_advance_exec`)
            seen: list[Action] = []
            dec = self.dec
            for decisions, _ops in self.execs:
                a = decisions[dec]
                if a not in seen:
                    seen.append(a)
            return seen
        if ph == "react" or ph == "post":
            window = self._window
            if window is not None and window[0] == ph:  # listed when the window opened
                return window[1]
            return self._window_actions(ph)
        if ph == "hand":
            return self._hand_actions()
        if ph == "vote":
            return scoring.vote_actions(self, self.roles.index(role))
        if ph == "setup":
            used = held(self.cu, self.setup_order[self.setup_i] * 18, 0)  # setup 2.4.3: a guild per set
            return [GUILD_ACTIONS[g] for g in range(6) if not used >> g & 1]
        return []

    def _apply(self, role: str, action: Action) -> None:
        verb = action.verb
        ph = self.phase
        if ph == "exec":
            dec, choices = self.dec, self._choices
            if choices is not None and choices[0] is self.execs and choices[1] == dec:
                self.execs = choices[3][action]  # the executions that take this option, grouped when listed
            else:
                self.execs = [e for e in self.execs if e[0][dec] == action]
            self.dec = dec + 1
            self._advance_exec()
        elif ph == "turn":
            if verb == "favour":
                self._use_pre_favour(GI[action.arg])
            else:
                self._place_pawn(PAWNS.index(verb), action.arg)
        elif ph == "target":
            self._choose_target(*TARGET_OF[action])
        elif ph == "react" or ph == "post":
            if verb == "pass":
                self._after_window(ph)
            else:
                self._use_window_favour(ph, GI[action.arg])
        elif ph == "hand":
            if verb == "hand":  # IC-2P.5
                p = self.cur
                self.hands[p] = [c for c in self.hands[p] if c != action.arg]
                self.used_hand = [*self.used_hand, action.arg]
                self.card = action.arg
                self.reveal()
                if not self.quiet:
                    self.say("{role} discards {card} from hand and carries out its action instead",
                             role=text.player_name(role), card=CARDS[action.arg]["name"])
            self.phase = "target"
        elif ph == "vote":
            scoring.cast_vote(self, self.roles.index(role), action)
        elif ph == "setup":
            self._place_set(GI[action.arg])

    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]:
        return text.prompt(self, role)

    def _view(self, role: str | None) -> dict[str, Any]:
        return text.view(self, role)

    def label(self, action: Action) -> str | Text:
        return text.label(self, action)

    def changed(self) -> None:
        super().changed()
        self._window = self._choices = None
        self._occupied = sum(1 << i for i, o in enumerate(self.occ) if o)
        self._inf = influences(self.cu, self.n)

    def _copy_into(self, twin: State) -> None:
        t: IntrigueState = twin  # type: ignore[assignment]
        t.cu = self.cu[:]
        t._inf = self._inf[:]
        t.bank = self.bank[:]
        t.pos = self.pos[:]
        t.arr = self.arr[:]
        t.pawns = self.pawns[:]
        t.occ = self.occ[:]
        t.fav = self.fav[:]
        t.eq = self.eq[:]
        t.power = self.power[:]
        t.votes = self.votes[:]
        t.drawn = self.drawn[:]
        t.decks = self.decks[:]
        t.discards = self.discards[:]
        t.blank_used = self.blank_used[:]
        t.hands = self.hands[:]

    def _determinize(self, role: str, rng: RandomSource) -> None:
        checks.determinize(self, self.roles.index(role), rng)

    def check_invariants(self) -> None:
        checks.check_invariants(self)

    # -- setup placements ------------------------------------------------------------------------

    def _place_set(self, g: int) -> None:
        """Setup 2.4.3: each set goes into a different guild of the player's own board."""
        p = self.setup_order[self.setup_i]
        cubes = self.sets[self.set_i]
        apply_ops(self.cu, p * 18, self.bank, tuple([("P", g, v) for v in cubes]), self._inf, p * 6)
        if not self.quiet:
            self.say("{role} puts the set {set} into {guild}", role=self.player(p),
                     set=text.set_name(cubes), guild=GUILD_NAMES[GUILDS[g]])
        self.set_i += 1
        if self.set_i == len(self.sets):
            self.set_i = 0
            self.setup_i += 1
            if self.setup_i == self.n:
                if self.options["short"]:  # IC-V.2: the game opens with CoE I
                    self.tpos = SHORT_START
                    scoring.start_era(self)
                else:
                    self.say("Round {r} begins", r=TRACK[0])
                    self.start_turn()
                return
        self.act = [self.roles[self.setup_order[self.setup_i]]]

    # -- a turn (IC-3, IC-4) ---------------------------------------------------------------------

    def start_turn(self) -> None:
        """IC-3.5: the player furthest behind among those with a pawn left acts."""
        self._clear_turn()
        best = best_pos = best_arr = -1  # IC-3.3: lowest on the track, then lowest in its stack
        pawns, pos, arr = self.pawns, self.pos, self.arr
        for p in range(self.n):
            if (pawns[2 * p] or pawns[2 * p + 1]) and (
                    best < 0 or pos[p] < best_pos or (pos[p] == best_pos and arr[p] < best_arr)):
                best, best_pos, best_arr = p, pos[p], arr[p]
        if best < 0:  # IC-3.7 / IC-7.1
            self.phase = "end"
            scoring.end_round(self)
            return
        self.cur = best
        self.phase = "turn"
        self.act = [self.roles[best]]

    def _forbid(self) -> int:
        return self.tfav if self.tfav in (PRE_OFF, PRE_DEF) else -1  # IC-6.8 origin restriction

    def _card_feasible(self, card: str, pawn: int) -> bool:
        return card_ok(card, self.cu, BOARDS[self.n][self.cur][pawn], self.bank, self._forbid(), self.pm)

    def _board_feasibility(self) -> tuple[list[bool | None], int, list[int]]:
        """For each card of the central board, `card_ok_anywhere` with this Bank; the bit mask of the
        positions whose card can never be carried out, and the positions whose answer depends on the
        boards. It depends only on the (fixed) board and on which Bank piles are short (none, 0 or 1
        cubes left), so it is kept for the whole game."""
        b1, b2, b3 = self.bank
        key = PLENTY if b1 > 1 and b2 > 1 and b3 > 1 else (min(b1, 2), min(b2, 2), min(b3, 2))
        entry = self._fast.get(key)
        if entry is None:
            fast = [card_ok_anywhere(c, self.bank, self.pm) for c in self.board]
            entry = self._fast[key] = (fast, sum(1 << i for i, f in enumerate(fast) if f is False),
                                       [i for i, f in enumerate(fast) if f is None])
        return entry

    def _turn_actions(self) -> list[Action]:
        p, tfav, pawns = self.cur, self.tfav, self.pawns
        pawn_left = [pawns[2 * p], pawns[2 * p + 1]]  # the offensive and the defensive pawn still in hand
        out: list[Action] = []
        if tfav < 0:
            if not self.options["beginner"]:  # IC-4.1 a, IC-6.4
                if pawn_left[0] and self.fav[p * 6 + PRE_OFF]:
                    out.append(FAVOUR_ACTIONS[PRE_OFF])
                if pawn_left[1] and self.fav[p * 6 + PRE_DEF]:
                    out.append(FAVOUR_ACTIONS[PRE_DEF])
            free = (1 << len(self.board)) - 1 & ~self._occupied
        else:  # a pre-placement Favour card decides the pawn (IC-4.1 a)
            free = (1 << len(self.board)) - 1  # IC-4.3 (AMB-9): any pawn occupies a card
            pawn_left[0 if tfav == PRE_DEF else 1] = 0
        _fast, never, check = self._board_feasibility()
        if not (never or check):  # every card can be carried out, whatever the boards
            places = spots(free)
            if pawn_left[0]:
                out += places[0]
            if pawn_left[1]:
                out += places[1]
            return out
        hand = self.hands[p]
        cu, bank, board, forbid, pm = self.cu, self.bank, self.board, self._forbid(), self.pm
        for pawn in (0, 1):
            if not pawn_left[pawn]:
                continue
            usable = free
            boards = BOARDS[self.n][p][pawn]
            # IC-2P.5: with a feasible hand card, any card may be carried out instead
            if not (hand and any(card_ok(h, cu, boards, bank, forbid, pm) for h in hand)):
                bad = never
                for i in check:  # the cards whose answer depends on the boards
                    if not card_ok_on(board[i], cu, boards, bank, forbid, pm):
                        bad |= 1 << i
                usable = free & ~bad or free  # IC-5.6: with no legal play, anywhere
            out += spots(usable)[pawn]
        return out

    def _use_pre_favour(self, g: int) -> None:
        """FAV-ES / FAV-BoS: before placing; the card returns to the supply (IC-6.6)."""
        p = self.cur
        self.tfav, self.tside = g, self.fav[p * 6 + g]
        self.fav[p * 6 + g] = 0
        if not self.quiet:
            self.say("{role} uses the {side} {guild} Favour card", role=self.player(p),
                     side=text.SIDES[self.tside], guild=GUILD_NAMES[GUILDS[g]])

    def _place_pawn(self, pawn: int, i: int) -> None:
        p = self.cur
        card = self.board[i]
        self.pawn, self.cpos, self.card = pawn, i, card
        self.pawns[2 * p + pawn] = 0
        self.occ[i] = (*self.occ[i], (p, pawn))
        self._occupied |= 1 << i
        hand = self.hands[p]
        if hand and any(self._card_feasible(h, pawn) for h in hand):  # IC-2P.5: the placed card or one in hand
            self.noeff = False
            self.phase = "hand"
            return
        self.noeff = not self._card_feasible(card, pawn)  # IC-5.6
        self.phase = "target"

    def _hand_actions(self) -> list[Action]:
        out = [Action("card", None)] if self._card_feasible(self.board[self.cpos], self.pawn) else []
        return out + [Action("hand", h) for h in self.hands[self.cur] if self._card_feasible(h, self.pawn)]

    def _target_actions(self) -> list[Action]:
        forbid = self._forbid()
        keep = ALL if forbid < 0 else ALL ^ (1 << forbid)  # IC-6.8
        out: list[Action] = []
        card, cu, bank, pm, noeff = self.card, self.cu, self.bank, self.pm, self.noeff
        for b in BOARDS[self.n][self.cur][self.pawn]:
            out += TARGETS[b // 18][keep if noeff else target_mask(card, cu, b, bank, pm) & keep]  # IC-5.5 / IC-5.6
        return out

    def _choose_target(self, tp: int, g: int) -> None:
        self.tp, self.tg = tp, g
        self.before = self._inf[tp * 6 + g]  # the guild's influence before the action (IC-6.2)
        if self.noeff:
            if not self.quiet:
                self._say_action(msg("no legal play, no effect"))
            self._after_action()
            return
        self.execs = executions(self.card, self.cu, tp * 18, self.bank, g, self.pm)
        self.dec = 0
        self.eowner = tp
        self.enext = "action"
        self._advance_exec()

    def _say_action(self, done: Any) -> None:
        card: Any = CARDS[self.board[self.cpos]]["name"]
        if self.card != self.board[self.cpos]:  # IC-2P.5
            card = msg("{card} (carrying out {other})", card=card, other=CARDS[self.card]["name"])
        self.say("{role} plays the {pawn} pawn on {card}, targeting {guild} on {target}'s board: {ops}",
                 role=self.player(self.cur), pawn=PAWNS[self.pawn], card=card, guild=GUILD_NAMES[GUILDS[self.tg]],
                 target=self.player(self.tp), ops=done)

    def _advance_exec(self) -> None:
        """Walk the chosen effect's decisions; single options are taken at once."""
        execs = self.execs
        if len(execs) == 1:  # every decision left is forced
            decisions, ops = execs[0]
            self.dec = len(decisions)
            self._finish_exec(ops)
            return
        assert execs, "an effect with no full execution cannot be chosen (IC-5.5)"
        dec = self.dec
        while True:
            groups: dict[Action, list[Any]] = {}  # the executions by their option at decision `dec`, in order
            for ex in execs:
                decisions = ex[0]
                if len(decisions) == dec:  # an execution is complete: it is carried out
                    self.dec = dec
                    self._finish_exec(ex[1])
                    return
                groups.setdefault(decisions[dec], []).append(ex)
            if len(groups) > 1:
                self.dec = dec
                self.phase = "exec"
                actor = self.eowner if self.enext == "react" else self.cur
                self.act = [self.roles[actor]]
                # this decision's legal list for `_legal`, and what each option leaves for `_apply`
                self._choices = (execs, dec, list(groups), groups)
                return
            dec += 1

    def _finish_exec(self, ops: tuple[Any, ...]) -> None:
        owner = self.eowner
        inf, e = self._inf, owner * 6
        if self.options["strict_victory"] and len(ops) > 1:  # AMB-14 option: after every cube operation
            for k in range(len(ops)):
                apply_ops(self.cu, owner * 18, self.bank, ops[k:k + 1], inf, e)
                if inf[e:e + 6] == ALL_SIX:
                    ops = ops[:k + 1]
                    break
        else:
            apply_ops(self.cu, owner * 18, self.bank, ops, inf, e)
        if not self.quiet:
            done = text.describe_ops(ops) if ops else msg("nothing changes")
            if self.enext == "action":
                self._say_action(done)
            else:
                g, side = self.xfav
                self.say("{role} uses the {side} {guild} Favour card on their own board: {ops}",
                         role=self.player(owner), side=text.SIDES[side], guild=GUILD_NAMES[GUILDS[g]], ops=done)
        if inf[e:e + 6] == ALL_SIX:  # IC-10.1 / IC-10.3
            self.winner = owner
            self.phase = "over"
            self.act = []
            self.say("{role} has Equilibrium in all six guilds and wins at once", role=self.player(owner))
            return
        step = self.enext
        if step == "action":
            self._after_action()
        else:
            self._after_window(step)

    def _after_action(self) -> None:
        if self.pawn == 0:  # IC-4.1 d
            self._open_window("react")
            return
        strong = self._inf[self.cur * 6 + self.tg] == 6  # IC-4.1 f, IC-6.2: Equilibrium (IC-2.4)
        if strong and self.options["formed_favour"] and self.before == 6:
            strong = False  # the option: the action itself must form the Equilibrium
        self._gain_favour(self.cur, self.tg, strong)
        self._end_turn()

    def _gain_favour(self, p: int, g: int, strong: bool) -> None:
        """IC-6.2 / IC-6.3: one card per guild; Weak flips to Strong; Strong stays."""
        if self.options["beginner"]:  # IC-V.1
            return
        have = self.fav[p * 6 + g]
        new = 2 if strong else 1
        if new > have:
            self.fav[p * 6 + g] = new
            if self.quiet:
                return
            args = {"role": self.player(p), "guild": GUILD_NAMES[GUILDS[g]], "side": text.SIDES[new]}
            if have:
                self.say("{role} turns the {guild} Favour card, {side} side up", **args)
            else:
                self.say("{role} takes the {guild} Favour card, {side} side up", **args)

    # -- Favour windows d and e (IC-6.4, IC-6.7, IC-6.8) ------------------------------------------

    def _window_favours(self, window: str) -> list[int]:
        """The Favour cards the window's player can use in it (IC-6.4, IC-6.7, IC-6.8)."""
        if window == "react":
            who, cands = self.tp, FAV_REACT
        else:
            if self.tfav >= 0:  # IC-6.7: one Favour per own turn
                return []
            who, cands = self.cur, FAV_POST
        fav, e = self.fav, who * 6
        if not (fav[e + cands[0]] or fav[e + cands[1]]) or self.options["beginner"]:  # neither card held
            return []
        out = []
        tg, b = self.tg, who * 18
        for g in cands:
            side = fav[e + g]
            if side and g != tg and favour_usable(GUILDS[g], FAV_VALUES[g][side], self.cu, b, self.bank, tg):
                out.append(g)
        return out

    def _window_actions(self, window: str) -> list[Action]:
        return [*(FAVOUR_ACTIONS[g] for g in self._window_favours(window)), PASS]

    @staticmethod
    def _fav_values(g: int, side: int) -> tuple[int, ...]:
        return FAV_VALUES[g][side]

    def _open_window(self, window: str) -> None:
        """Open a Favour window if its player can use a card in it, else go on past it."""
        favours = self._window_favours(window)
        if favours:
            self.phase = window
            self.act = [self.roles[self.tp if window == "react" else self.cur]]
            self._window = (window, [*map(FAVOUR_ACTIONS.__getitem__, favours), PASS])  # this window's legal list
            return
        self._after_window(window)

    def _use_window_favour(self, window: str, g: int) -> None:
        who = self.tp if window == "react" else self.cur
        side = self.fav[who * 6 + g]
        self.fav[who * 6 + g] = 0  # IC-6.6: back to the supply
        if window == "post":
            self.tfav, self.tside = g, side
        self.xfav = (g, side)
        self.execs = favour_executions(GUILDS[g], self._fav_values(g, side), self.cu, who * 18, self.bank, self.tg)
        self.dec = 0
        self.eowner = who
        self.enext = window
        self._advance_exec()

    def _after_window(self, window: str) -> None:
        if window == "react":
            self._open_window("post")  # IC-4.1 e
            return
        p = self.cur
        if self.tfav in FAV_STRONG_BONUS and self.tside == 2:  # FAV-BoS Strong, AMB-6
            self._gain_favour(p, self.tg, False)
        self._end_turn()

    def _end_turn(self) -> None:
        """IC-3.9 intrigue move (with FAV-ES), IC-3.3 stacking, then the next active player."""
        p = self.cur
        move = self.spiders[self.cpos]
        if self.tfav in FAV_INTRIGUE:
            move += FAV_INTRIGUE[self.tfav][self.tside - 1]  # FAV-ES, AMB-2
        if move > 0:
            self.pos[p] += move
            self.arr[p] = self.arr_next
            self.arr_next += 1
        if not self.quiet:
            if move > 0:
                self.say("{role}'s Intrigue marker moves {n} forward, to space {pos}",
                         role=self.player(p), n=move, pos=self.pos[p])
            else:
                self.say("{role}'s Intrigue marker stays on space {pos}", role=self.player(p), pos=self.pos[p])
        self.start_turn()
