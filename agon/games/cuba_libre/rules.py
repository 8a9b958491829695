"""Cuba Libre (GMT COIN vol. II): the state and the sequence of play.

Rules reference: agon/rules/cuba-libre.md (the Greek rulebook, rules 1.0-8.x, completed where
it is silent: docs/rulings/cuba-libre.md); rule ids in comments are the rulebook's (# CL 2.3.4). Covered here:
set-up (2.1, standard and variable deployment, deck of 4 piles), the Event card sequence
(2.2-2.3.9: eligibility, faction order, 1st/2nd Eligible options, Pass, LimOp, Launder, adjustment,
final Event card), game end and ranking (7.1-7.3). Operations: operations.py; Special Activities:
activities.py; Propaganda rounds: propaganda.py; Events: events.py.

The flow is a stack of frames (steps.py). `_run` enters the top frame until one waits for a
decision; with an empty stack in the card phase it offers the card to the next Eligible faction or
ends the card.
"""

from __future__ import annotations

from typing import Any, Unpack

from agon.engine import Action, LogEntry, State, Text
from agon.engine.game import canonical
from agon.engine.result import Result
from agon.engine.rng import RandomSource
from agon.games.cuba_libre import (  # noqa: F401 - register steps and events
    activities,
    cash,
    chronicle,
    deception,
    events_cards_1_24,
    events_cards_25_48,
    events_cards_steps,
    events_core,
    insurgent_ops,
    negotiation,
    operations,
    propaganda,
    turn,
    variants,
)
from agon.games.cuba_libre import events as ev
from agon.games.cuba_libre.board import Board
from agon.games.cuba_libre.data import (
    CARDS,
    CASH_MARKERS,
    DATA,
    EVENT_CARDS,
    FACTION_NAMES,
    FORCES,
    GOVT,
    HAVANA,
    IS_EC,
    N_SPACES,
    ORDER,
    OWNER,
    PIECE_INDEX,
    PIECE_KEYS,
    PROPAGANDA_CARDS,
    ROLES,
    SPACE_INDEX,
    SYN,
    teams,
)
from agon.games.cuba_libre.frames import Frame, FrameBase, FrameParams, stored
from agon.games.cuba_libre.negotiation import OFFERED_AT, TRANSFER, any_choice
from agon.games.cuba_libre.steps import APPLY, ENTER, FINISHED, LEGAL, PUSHED, STEPS, WAIT
from agon.games.cuba_libre.text import and_names, board_view, label

if ev.missing_events():  # CL 5.0: every card side of the deck is played as written, or the game does not load
    raise RuntimeError(f"cuba-libre: no event registered for {ev.missing_events()}")

_SETTLE = range(100_000)  # the flow's steps between two decisions: far fewer, unless a step never settles
_ACTIVE = tuple([role] for role in ROLES)  # the one role acting, as the list _active returns
NOBODY: frozenset[Any] = frozenset()  # the card's sets of factions (and of transfers) as each card starts
TIE_RANK = (3, 2, 1, 0)  # CL 7.1: ties to Non-players, then Syndicate, DR, 26July, Government
NONPLAYERS = {4: (), 3: (SYN,), 2: (2, SYN), 1: (GOVT, 2, SYN), 0: (0, 1, 2, 3)}


def nonplayers(options: dict[str, Any]) -> tuple[int, ...]:
    """CL 1.5 / 8.9: the Non-player factions; with 1 player, every faction but options["solo"]."""
    if options.get("no_nonplayers"):
        return ()
    if options["players"] == 1:
        solo = ROLES.index(options.get("solo") or "m26")
        return tuple(f for f in range(4) if f != solo)
    return NONPLAYERS[options["players"]]


_SETUP_KEYS = {"troops": "troop", "police": "police", "m26_guerrillas": "m26_u", "m26_bases": "m26_base",
               "dr_guerrillas": "dr_u", "dr_bases": "dr_base", "syndicate_guerrillas": "syn_u",
               "casinos": "casino", "govt_bases": "govt_base"}


SOLO_TITLES = ("Rearguard Ascent!", "Castro Triumph!", "Student Revolution!", "Viva Lansky!")


def solo_outcome(state: CubaLibreState, order: list[int], final: list[int]) -> dict[str, Any]:
    """CL 8.9: the solo player succeeds only with a margin strictly above every Non-player's (ties
    to Non-players); `grade` = the player's margin minus the best Non-player margin (1-4 Stalemate,
    5+ Model ...); otherwise the title of the winning Non-player (English titles, C-48)."""
    player = next(f for f in range(4) if f not in state.np)
    grade = final[player] - max(final[f] for f in state.np)
    if order[0] != player:
        return {"player": ROLES[player], "won": False, "title": SOLO_TITLES[order[0]], "grade": grade}
    if grade >= 5:
        title = "Model Counterinsurgency!" if player == GOVT else "Model Rebellion!"
    else:
        title = "Stalemate!"
    return {"player": ROLES[player], "won": True, "title": title, "grade": grade}


class CubaLibreState(Board, State):
    """One position of Cuba Libre."""

    # the state's fields: _setup sets every one (see State)
    __slots__ = ("_before", "_entered", "_op_parts", "aid", "alliance", "aside", "avail", "cand", "capabilities", "cash", "ci",
                 "current", "dec_aside", "dec_hand", "dec_shown", "deck", "elig", "executed", "first_did",
                 "inelig_next", "last_op", "last_was_prop", "laundered", "momentum", "n_acted", "next_card", "np",
                 "order_card", "over", "peek", "phase", "pile_size", "played", "prop_played", "res", "sp", "stack",
                 "stay_elig", "support", "terror", "trace_last", "transfers")
    memo_legal = True  # the engine memoises legal lists per position (tests call changed() after edits)
    _entered: tuple[FrameBase, list[Any]] | None  # see entered()
    _op_parts: tuple[Any, ...] | None  # see operations.Operation.legal
    _before: chronicle.Snap | None  # while an action applies: the facts before it (see _apply, next_turn)
    # (the board's fields are declared in Board: pieces, markers, tracks, capabilities, momentum, np)
    # the deck (CL 2.1, 2.3.8)
    deck: list[int]
    aside: list[int]
    pile_size: int
    current: int
    next_card: int
    played: list[int]
    peek: int
    prop_played: int
    last_was_prop: bool
    # the card turn (CL 2.3): Eligibility, the factions' order and what they did on this card
    phase: str
    elig: list[bool]
    order_card: int
    cand: tuple[int, ...]
    ci: int
    n_acted: int
    first_did: str
    executed: frozenset[int]
    stay_elig: frozenset[int]
    inelig_next: frozenset[int]
    laundered: frozenset[int]
    transfers: frozenset[tuple[int, int]]
    last_op: tuple[int, str, tuple[int, ...]]
    # Deception markers (optional rule): each faction's hand, the ones shown, the ones set aside
    dec_hand: list[list[str]]
    dec_shown: list[list[str]]
    dec_aside: list[str]
    # the flow (steps.py): the stack of frames, and the result once over
    stack: list[Frame]
    over: dict[str, Any] | None
    trace_last: tuple[str, str]

    # -- set-up (CL 2.1) ------------------------------------------------------------------------

    def _setup(self) -> None:
        opts = self.options
        self._entered = None
        self._op_parts = None
        self._before = None
        self.np = frozenset(nonplayers(opts))
        setup = DATA["setup"]
        self.sp = [[0] * 13 for _ in range(N_SPACES)]
        self.avail = list(FORCES)
        self.support = [0] * N_SPACES
        for sid, lvl in setup["support"].items():
            self.support[SPACE_INDEX[sid]] = lvl
        self.terror = [0] * N_SPACES
        self.cash = [-1] * CASH_MARKERS
        self.res = [setup["resources"][r] for r in ROLES]
        self.aid = setup["aid"]
        self.alliance = 0
        self.elig = [True] * 4
        self.capabilities: frozenset[tuple[int, bool]] = frozenset()
        self.momentum: frozenset[tuple[int, bool]] = frozenset()
        self.stack = []
        self.over = None
        self.phase = "setup"
        self.last_op = (-1, "", ())
        deploying = [] if opts["deployment"] == "standard" else [
            f for f in (SYN, 2, 1, GOVT) if f not in self.np]
        for sid, pcs in setup["pieces"].items():
            s = SPACE_INDEX[sid]
            for key, n in pcs.items():
                piece_type = PIECE_INDEX[_SETUP_KEYS[key]]
                if OWNER[piece_type] not in deploying:
                    self.place(s, piece_type, n)
        self._build_deck()
        deception.setup(self)
        self.prop_played = 0
        self.trace_last = ("", "")  # the last Non-player reason logged, (role, note): chronicle.rule_trace
        self.peek = 0  # deck-top cards turned up by Eligibility Options A/B
        self.order_card = -1
        self.last_was_prop = False
        self.card_reset()
        self.current = -1
        self.next_card = self.deck.pop()
        self.played = []
        self.say("Set-up done; the deck holds {n} cards.", n=len(self.deck) + 1)
        for f in reversed(deploying):  # CL S3: Syndicate, DR, 26July, Government
            self.stack.append({"step": "deploy", "faction": f, "stage": 0})
        if not deploying:
            self.next_turn()
        run_flow(self)

    def _build_deck(self) -> None:
        """CL 2.1 / S1.3: 4 piles of Events with 1 Propaganda each; short game sets 8 aside."""
        events = list(EVENT_CARDS)
        self.rng.shuffle(events)
        self.aside = events[:8] if self.options["short"] else []
        if self.options["short"]:
            events = events[8:]
        size = len(events) // 4
        self.pile_size = size + 1
        deck: list[int] = []
        for i, prop in enumerate(PROPAGANDA_CARDS):
            pile = [*events[i * size:(i + 1) * size], prop]
            self.rng.shuffle(pile)
            deck += pile
        deck.reverse()  # draw from the end: the first pile is on top
        self.deck = deck

    # -- the card turn (CL 2.3) -----------------------------------------------------------------

    def card_reset(self) -> None:
        self.cand = ()
        self.ci = 0
        self.n_acted = 0
        self.first_did = ""
        self.executed = NOBODY
        self.stay_elig = NOBODY
        self.inelig_next = NOBODY
        self.laundered = NOBODY
        self.transfers = NOBODY  # CL 1.5.1: (giver, receiver) this card

    def is_prop(self, card: int) -> bool:
        return card in PROPAGANDA_CARDS  # (-1, no card, is none)

    @property
    def final_card(self) -> bool:
        """CL 2.3.9: the revealed next card is the final (4th) Propaganda card (not with No Reveal)."""
        return self.prop_played == 3 and self.next_card in PROPAGANDA_CARDS and not variants.hide_next(self)

    def next_turn(self) -> None:
        """CL 2.3.8: the revealed card becomes current, the next one is revealed."""
        self.chronicle_so_far()  # the last card's changes go under its own header, not the next one's
        if self.current >= 0:
            self.played.append(self.current)
        self.current = self.next_card
        self.next_card = self.deck.pop() if self.deck else -1
        self.peek = max(0, self.peek - 1)
        self.reveal()
        self.card_reset()
        if self.is_prop(self.current):
            self.prop_played += 1
            self.say("Propaganda card {n} of 4.", n=self.prop_played)
            self.phase = "propaganda"
            propaganda.start_round(self)
            return
        self.last_was_prop = False
        self.phase = "card"
        self.order_card = variants.order_card(self)
        self.cand = tuple([f for f in ORDER[self.order_card] if self.elig[f]])
        if not self.quiet:  # (a quiet game logs nothing: its words are not built)
            title = CARDS[self.current]["title"]
            if title.endswith((".", "!", "?")):  # ("S.I.M.", "Come Comrades!" end their own sentence: no "S.I.M..")
                self.say("Card {card}: {title}", card=self.current, title=title)
            else:
                self.say("Card {card}: {title}.", card=self.current, title=title)

    def chronicle_so_far(self) -> None:
        """Log what the action being applied has changed so far and start counting again: called
        before a new card's header and at a Propaganda round's phases, so each line sits under the
        card that caused it (issue 34 item 2)."""
        if self._before is not None:
            chronicle.describe(self, self._before)
            self._before = chronicle.snap(self)

    def end_card(self) -> None:
        """CL 2.3.7: adjust Eligibility, then the next card."""
        ineligible_if_executed = variants.executed_makes_ineligible(self)
        for f in range(4):
            self.elig[f] = f not in self.executed or not ineligible_if_executed
        for f in self.stay_elig:
            self.elig[f] = True
        for f in self.inelig_next:
            self.elig[f] = False
        self.next_turn()

    def advance(self) -> None:
        if self.phase == "card":
            if self.n_acted < 2 and self.ci < len(self.cand):
                f = self.cand[self.ci]
                self.ci += 1
                self.stack.append({"step": "option", "faction": f})
            else:
                self.end_card()
        else:
            self.next_turn()  # after set-up or a Propaganda round

    def _run(self) -> None:
        """Run the flow to the next decision (tests call it after editing a position by hand)."""
        run_flow(self)

    def end_game(self, reason: str, only: frozenset[int] | None = None) -> None:
        """CL 7.1 / 7.3: rank every faction by margin; ties to Non-players, Syndicate, DR, 26July.
        `only`: the factions that may win (8.9: in the solo game a 6.1 win goes to a Non-player)."""
        deception.reveal_all(self)
        final = [self.margin(f) + deception.agenda_bonus(self, f) for f in range(4)]  # Hidden Agendas
        margins = {ROLES[f]: final[f] for f in range(4)}
        sides = teams(self.options)
        if len(sides) < 4:  # CL 1.5 / 7.3: a player's standing is its worse faction's margin
            ranked = sorted(sides, key=lambda team: (-min(final[f] for f in team), min(TIE_RANK[f] for f in team)))
            order = [f for t in ranked for f in t]
            self.over = {"winners": [ROLES[f] for f in ranked[0]], "scores": margins, "reason": reason,
                         "ranking": [ROLES[f] for f in order], "teams": [[ROLES[f] for f in t] for t in sides]}
            self.phase = "over"
            self.say("Game over ({reason}): {winner} win.", reason=reason,
                     winner=and_names([FACTION_NAMES[ROLES.index(r)] for r in self.over["winners"]]))
            return
        order = sorted(range(4), key=lambda faction: (-final[faction], 0 if faction in self.np else 1, TIE_RANK[faction]))
        if only:
            order = [f for f in order if f in only] + [f for f in order if f not in only]
        self.over = {"winners": [ROLES[order[0]]], "scores": margins, "reason": reason,
                     "ranking": [ROLES[f] for f in order]}
        self.phase = "over"
        self.say("Game over ({reason}): {winner} wins.", reason=reason, winner=FACTION_NAMES[order[0]])
        if self.options["players"] == 1 and len(self.np) == 3:
            solo = self.over["solo"] = solo_outcome(self, order, final)
            self.over["title"] = solo["title"]
            self.say("{title} (the player's margin minus the best Non-player margin: {grade})",
                     title=solo["title"], grade=solo["grade"])

    # -- engine hooks ---------------------------------------------------------------------------

    def _active(self) -> list[str]:
        stack = self.stack
        if stack and self.over is None:
            return _ACTIVE[stack[-1]["faction"]]  # the engine only reads it (its `active` is a copy)
        return []

    def _legal(self, role: str) -> list[Action]:
        frame = self.stack[-1]
        entered = self._entered
        self._entered = None
        # a step lists Actions (steps.actions), so its list is the legal list as it is
        kind = frame["step"]
        legal = entered[1] if entered is not None and entered[0] is frame else LEGAL[kind](self, frame)
        if kind in OFFERED_AT and any_choice(self, frame["faction"]):
            legal = [*legal, TRANSFER]  # CL 1.5.1: at the executing faction's own prompts
        return legal

    def entered(self, frame: FrameBase, choices: list[Any]) -> list[Any]:
        """A step's `enter` that has just listed fr's choices to see whether it waits hands them
        here and gets them back: `_legal` of this very position takes them instead of listing them
        again (nothing moves between the frame's enter and the question; a clone's frames are new
        dicts, so a clone lists its own; changed() forgets them)."""
        self._entered = (frame, choices)
        return choices

    def changed(self) -> None:
        super().changed()
        self._entered = None
        self._op_parts = None

    def _apply(self, role: str, action: Action) -> None:
        self._before = None if self.quiet else chronicle.snap(self)  # quiet: no log, no before-and-after
        self._entered = None
        stack = self.stack
        frame = stack[-1]
        if action[0] == "transfer" and frame["step"] in OFFERED_AT:
            negotiation.open_transfer(self, frame["faction"])  # CL 1.5.1: fr keeps waiting underneath
        else:
            frame["wait"] = False
            if APPLY[frame["step"]](self, frame, action):
                if stack and stack[-1] is frame:
                    stack.pop()
                elif frame in stack:
                    stack.remove(frame)
        run_flow(self)
        if self._before is not None:
            chronicle.describe(self, self._before)  # the log says what the action did (pieces, levels, Control)
            self._before = None

    def _note_line(self, role: str, note: str) -> LogEntry | None:
        return chronicle.rule_trace(self, role, note)

    def _prompt(self, role: str) -> tuple[str, dict[str, Any]]:
        frame = self.stack[-1]
        step = STEPS[frame["step"]]
        # the acting faction reads its own prompt; anyone else (an error message to another role)
        # only the public line (CL 7.3, issue 29.2)
        text, args = step.prompt(self, frame) if role == ROLES[frame["faction"]] else step.public_prompt(self, frame)
        return text, {"resources": self.res[frame["faction"]], **args}

    def _view(self, role: str | None) -> dict[str, Any]:
        return {**board_view(self), "deception": deception.view(self, role)}

    def _result(self) -> Result | None:
        return None if self.over is None else Result.from_dict(self.over)

    def _digest_snapshot(self) -> Any:
        """As the engine's, with the frames' keys in their stored spelling (frames.py): a digest
        taken before the keys had names (a stored match's, a record's) stays the same."""
        fields = self._public_fields()
        fields["stack"] = [stored(frame) for frame in self.stack]
        return canonical(fields)

    def _copy_into(self, twin: State) -> None:
        t: Any = twin
        t._op_parts = None  # (it names a frame of this state's stack: the twin's frames are new dicts)
        t._before = None  # (the twin applies its own actions)
        t.sp = [row[:] for row in self.sp]
        t.avail = self.avail[:]
        t.support = self.support[:]
        t.terror = self.terror[:]
        t.cash = self.cash[:]
        t.res = self.res[:]
        t.elig = self.elig[:]
        t.stack = [frame.copy() for frame in self.stack]
        t.deck = self.deck[:]
        t.played = self.played[:]
        t.aside = self.aside[:]
        t.dec_hand = [h[:] for h in self.dec_hand]
        t.dec_shown = [h[:] for h in self.dec_shown]
        t.dec_aside = self.dec_aside[:]

    def _determinize(self, role: str, rng: RandomSource) -> None:
        """Nobody knows the deck beyond the revealed card (nor the next card with No Reveal, nor
        the cards set aside in a short game): resample the unseen Event cards, keeping each unseen
        Propaganda card in its pile at a random unseen position."""
        full = [*self.deck, self.next_card] if variants.hide_next(self) and self.next_card >= 0 else self.deck[:]
        unknown = variants.unknown_positions(self)
        pool = sorted([full[p] for p in unknown if not self.is_prop(full[p])] + self.aside)
        rng.shuffle(pool)  # sorted first: the sample depends on the unseen cards, not their order
        self.aside = pool[len(pool) - len(self.aside):] if self.aside else []
        pool = pool[:len(pool) - len(self.aside)]
        total = 4 * self.pile_size
        piles: dict[int, list[int]] = {}
        for p in unknown:
            piles.setdefault((total - 1 - p) // self.pile_size, []).append(p)
        for positions in piles.values():
            cards = sorted(full[p] for p in positions if self.is_prop(full[p]))
            while len(cards) < len(positions):
                cards.append(pool.pop())
            rng.shuffle(cards)
            for p, c in zip(positions, cards, strict=True):
                full[p] = c
        if len(full) > len(self.deck):
            self.next_card = full.pop()
        self.deck = full
        deception.determinize(self, role, rng)

    def label(self, action: Action) -> str | Text:
        return label(self, action)

    def check_invariants(self) -> None:
        self.check_pieces(FORCES)
        assert self.over is not None or self.stack, "no decision pending in a running game"
        n_prop = sum(1 for c in self.deck if self.is_prop(c)) + sum(1 for c in self.played if self.is_prop(c))
        n_prop += self.is_prop(self.current) + self.is_prop(self.next_card)
        assert n_prop == 4, f"{n_prop} Propaganda cards in the deck"
        cards = [*self.deck, *self.played, *self.aside, self.current, self.next_card]
        cards = [c for c in cards if c >= 0]
        assert len(cards) == len(set(cards)) == 52, f"{len(cards)} cards accounted for, not 52"
        assert self.n_acted <= 2 and len(self.elig) == 4
        for sp in range(N_SPACES):  # CL 1.4.2: 2 Casinos a space; only Sinatra (46 shaded) overrides, in Havana
            limit = 3 if sp == HAVANA and (46 in self.played or self.current == 46) else 2
            assert self.casinos(sp) <= limit, f"{self.casinos(sp)} Casinos in space {sp}"
        deception.check(self)

    # -- helpers used by steps ------------------------------------------------------------------

    def push(self, kind: str, faction: int, **params: Unpack[FrameParams]) -> None:
        self.stack.append({"step": kind, "faction": faction, **params})

    def is_player(self, faction: int) -> bool:
        return faction not in self.np

    def event_side_ok(self, card: int, shaded: bool) -> bool:
        return ev.has_event(card, shaded)

    def op_frame(self) -> Frame | None:
        for frame in reversed(self.stack):
            if frame["step"] == "op":
                return frame
        return None

    @staticmethod
    def key(piece_type: int) -> str:
        return PIECE_KEYS[piece_type]

    @staticmethod
    def slot(key: str) -> int:
        return PIECE_INDEX[key]

    @staticmethod
    def role(faction: int) -> str:
        return ROLES[faction]

    @staticmethod
    def faction(role: str) -> int:
        return ROLES.index(role)

    @staticmethod
    def fname(faction: int) -> str:
        return FACTION_NAMES[faction]

    @staticmethod
    def owner(piece_type: int) -> int:
        return OWNER[piece_type]

    @staticmethod
    def pop_ok(space: int) -> bool:
        return not IS_EC[space]


def run_flow(state: CubaLibreState) -> None:
    """Enter the top frame until one waits for a decision (the flow runs after every action)."""
    stack = state.stack  # never rebound while the flow runs (steps push and pop it)
    for _ in _SETTLE:
        if state.over is not None:
            stack.clear()
            return
        if not stack:
            state.advance()
            continue
        frame = stack[-1]
        if frame.get("wait"):
            return
        enter = ENTER[frame["step"]]
        if enter is None:  # its enter would only say WAIT
            frame["wait"] = True
            return
        code = enter(state, frame)
        if code == WAIT:
            frame["wait"] = True
            return
        if code == FINISHED:
            stack.remove(frame) if stack[-1] is not frame else stack.pop()
        elif code != PUSHED:
            raise RuntimeError(f"step {frame['step']} returned {code}")
    raise RuntimeError("cuba-libre flow did not settle")
