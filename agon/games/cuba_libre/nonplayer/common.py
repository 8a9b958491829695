"""Shared Non-player machinery (CL 8.0-8.4): the context, random choice (8.2/8.3), the Event-or-Op
decision (8.1), Event Instructions and Dual Use (8.4), and helpers the faction modules use.

Randomness (8.2, 8.3): never the game's `state.rng`, nor its secret `state.seed` (issue 29.3, ruling
CL-NP1). Every random choice is a deterministic function of the bot's own seed and of what every
player knows: a private `Rng` seeded from (the bot's seed, the number of actions so far, faction,
salt). So the same bot re-makes every choice on a replay, and in a determinized twin of the game
(other cards, other dice, another seed) it makes the choice it makes in the real one.
The Random Spaces / Random EC tables are not in our sources (completion B.4): a uniform choice
among the tied candidates stands in for them (the 8.2 NOTE allows another random method).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from agon.engine.rng import Rng
from agon.games.cuba_libre import variants
from agon.games.cuba_libre.data import (
    CARDS,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    GOVT,
    GUER_A,
    GUER_U,
    IS_EC,
    M26,
    N_SPACES,
    NAMES,
    POLICE,
    POP,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.op_spaces import space_ok

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

X = TypeVar("X")

_INSTR_PATH = Path(__file__).with_name("event_instructions.json")
with _INSTR_PATH.open(encoding="utf-8") as _fh:
    INSTRUCTIONS: dict[str, dict[str, str]] = {k: v for k, v in json.load(_fh)["cards"].items()}

PASS_COST = (2, 1, 1, 1)


class Decision:
    """An action the Non-player takes and the rule step that made it."""

    __slots__ = ("arg", "reason", "verb")

    def __init__(self, verb: str, arg: Any, reason: str) -> None:
        self.verb, self.arg, self.reason = verb, arg, reason

    def __repr__(self) -> str:
        return f"Decision({self.verb!r}, {self.arg!r}, {self.reason!r})"


class Ctx:
    """One prompt: the state, the acting faction, the top frame, the legal actions."""

    def __init__(self, state: CubaLibreState, faction: int, bot: Any) -> None:
        self.g = state
        self.f = faction
        self.frame = state.stack[-1]
        self.bot = bot
        self.legal = [(a.verb, a.arg) for a in state.legal_actions(state.role(faction)) if a.verb != "undo"]
        self._salt = 0

    def ok(self, verb: str, arg: Any = None) -> bool:
        return (verb, arg) in self.legal

    @property
    def seed(self) -> int:
        """The bot's own seed: its dice (8.2), never the game's."""
        return int(getattr(self.bot, "seed", 0))

    def rng(self) -> Rng:
        """A fresh generator, a pure function of the bot's seed and the public position (8.2)."""
        self._salt += 1
        return private_rng(self.seed, self.g, self.f, self._salt)

    def turn_pick(self, items: Sequence[X]) -> X:
        """A random choice that stays the same for the whole card turn (8.4.4: "a random Non-player
        faction" is one faction for the Event's every prompt): the bot's seed and public facts."""
        key = self.seed * 1_000_003 + len(self.g.played) * 7919 + self.g.current * 104_729 + self.f
        return Rng(key & ((1 << 62) - 1)).choice(items)

    def shuffled(self, items: Iterable[X]) -> list[X]:
        out = list(items)
        self.rng().shuffle(out)
        return out

    def pick(self, items: Sequence[X]) -> X:
        return self.rng().choice(items)

    def order(self, items: Iterable[X], key: Callable[[X], Any]) -> list[X]:
        """Sort by the priority key (smaller first); ties broken at random (8.2/8.3)."""
        return sorted(self.shuffled(items), key=key)


# -- position helpers ---------------------------------------------------------------------------


def players(state: CubaLibreState) -> list[int]:
    return [f for f in range(4) if state.is_player(f)]


def at_victory(state: CubaLibreState, faction: int) -> bool:
    return state.meets_condition(faction)


def player_at_victory(state: CubaLibreState, faction: int) -> bool:
    return state.is_player(faction) and state.meets_condition(faction)


def base_count(state: CubaLibreState, faction: int) -> int:
    return state.on_map(state.base_slot(faction))


def cash_code(space: int, faction: int) -> int:
    return space * 4 + faction


def holds_cash(state: CubaLibreState, space: int, faction: int) -> bool:
    return cash_code(space, faction) in state.cash


def takes_cash(state: CubaLibreState, space: int, holder: int, actor: int) -> bool:
    """Removing the holder's last Guerrilla/cube in s gives its Cash to `actor` (a capture clause):
    not when the holder is a Non-player that passes it to another Non-player there first (8.1.2 #7,
    done by the core in Government, Syndicate, DR, 26July order)."""
    if not holds_cash(state, space, holder):
        return False
    if holder in state.np:
        heir = next((x for x in (GOVT, SYN, DIRECTORIO, M26) if x != holder and x in state.np and state.has_holder(space, x)), -1)
        if heir >= 0:
            return heir == actor
    return True


def final_next(state: CubaLibreState) -> bool:
    """The next Propaganda card will be the final one (3 already played, 2.4.1)."""
    return state.prop_played == 3


def final_round(state: CubaLibreState) -> bool:
    return state.phase == "propaganda" and state.prop_played == 4


def op_cost(state: CubaLibreState, faction: int) -> int:
    return 2 + state.alliance if faction == GOVT else 1


def can_pay_one(state: CubaLibreState, faction: int) -> bool:
    """8.1 Minimum Resources: enough for 1 non-EC space."""
    return state.res[faction] >= op_cost(state, faction)


def others_count(state: CubaLibreState, space: int, faction: int) -> int:
    return sum(state.faction_count(space, e) for e in range(4) if e != faction)


def name(space: int) -> str:
    return NAMES[space]


def idx(name: str) -> int:
    return NAMES.index(name)


def underground(state: CubaLibreState, space: int, faction: int) -> int:
    return state.sp[space][GUER_U[faction]]


def active(state: CubaLibreState, space: int, faction: int) -> int:
    return state.sp[space][GUER_A[faction]]


def level_change_pop(space: int, delta: int) -> int:
    return abs(delta) * POP[space]


# -- 8.1: Event or Operation ------------------------------------------------------------------


def preferred_side(faction: int, card: int) -> bool:
    """8.4.2 Dual Use: DR and 26July unshaded, Syndicate and Government shaded (returns shaded)."""
    if not CARDS[card].get("dual"):
        return False
    return faction in (GOVT, SYN)


def instruction(faction: int, card: int) -> str:
    """8.4.1 Event Instructions for this card and faction ("" if none)."""
    return INSTRUCTIONS.get(str(card), {}).get(("govt", "m26", "dr", "syndicate")[faction], "")


def _snapshot(state: CubaLibreState) -> tuple[Any, ...]:
    return (tuple(tuple(r) for r in state.sp), tuple(state.support), tuple(state.terror), tuple(state.cash), tuple(state.res),
            state.aid, state.alliance, state.capabilities, state.momentum)


def private_rng(seed: int, state: CubaLibreState, faction: int, salt: int) -> Rng:
    """A generator of the bot's own (8.2): a pure function of the bot's `seed` and of public facts
    (the number of actions played, the faction, a salt). Never the game's generator, whose next
    numbers are the real future dice, nor the game's seed, which decides the hidden deck: a search
    that determinizes the game must see the Non-player choose as it really will (issue 29.3)."""
    return Rng((seed * 1_000_003 + state.actions_played * 7919 + faction * 104_729 + salt) & ((1 << 62) - 1))


def probe(state: CubaLibreState, faction: int, seed: int = 0) -> Any:
    """A clone to try a move on, rolling the private dice of the bot with `seed` (the real ones
    stay unknown)."""
    twin = state.clone()
    twin.rng = private_rng(seed, state, faction, -1)
    twin.quiet = True  # a trial: no log lines to write
    return twin


def next_card_seen(state: CubaLibreState) -> int:
    """The next card as the Non-player sees it: -1 while face down (No Reveal, 2.2)."""
    return -1 if variants.hide_next(state) else state.next_card


_PROBE = ("__nonplayer_probe__",)


def event_effective(state: CubaLibreState, faction: int, shaded: bool, seed: int = 0) -> bool:
    """8.1 Ineffective Events: something happens (a Capability counts), judged on a clone whose
    flow stops when the Event is done (a waiting probe frame under it). Eligibility effects alone
    do not count."""
    twin = probe(state, faction, seed)
    twin.stack.insert(0, {"step": "ev_choice", "faction": faction, "what": "option", "opts": _PROBE, "callback": _noop, "args": (),
                          "text": "", "optional": False})
    before = _snapshot(twin)
    try:
        twin.apply(state.role(faction), ("event", "shaded" if shaded else "unshaded"))
        if twin.stack and twin.stack[-1]["step"] == "ev_caracas":
            twin.apply(state.role(faction), ("skip", None))  # 8.6.5 is no effect of the Event itself
    except Exception:  # an Event that cannot run has no effect
        return False
    if _snapshot(twin) != before:
        return True
    top = twin.stack[-1] if twin.stack else None
    if top is None or top.get("opts") == _PROBE:
        return False
    acts = twin.legal_actions(twin.active[0]) if twin.active else []
    return any(a.verb not in ("skip", "undo", "done", "pass") for a in acts)  # a choice pending inside


def _noop(*args: Any) -> None:
    return None


def momentum_side(card: int, shaded: bool) -> bool:
    return ("shaded" if shaded else "unshaded") in CARDS[card].get("momentum", ())


def choose_option(ctx: Ctx, faction_ops: Callable[[Ctx], tuple[str, str] | None]) -> Decision:
    """8.1: the choice a Non-player makes when offered the card."""
    g, f = ctx.g, ctx.f
    op_verb = "op" if ctx.ok("op") else "limop" if ctx.ok("limop") else ""
    event_allowed = any(v == "event" for v, _ in ctx.legal)
    why = ""
    if event_allowed:
        card = g.current
        shaded = preferred_side(f, card)
        instr = instruction(f, card)
        second_after_opsa = g.n_acted == 1 and g.first_did == "opsa"
        if second_after_opsa and ((f == SYN and g.is_player(GOVT)) or (f == DIRECTORIO and g.is_player(M26))):
            why = "8.1 2nd Eligible: Ops + SA instead of the Event"
        elif f == GOVT and g.momentum:
            why = "8.1 Momentum in effect: Government Ops + SA"
        elif instr == "ops":
            why = f"8.4.1 Event Instructions card {card}: Ops + SA instead"
        elif instr == "syn_guerrilla_available" and not g.available(GUER_U[SYN]):
            why = f"8.4.1 Event Instructions card {card}: no Syndicate Guerrilla Available"
        elif not ctx.ok("event", "shaded" if shaded else "unshaded"):
            why = "8.4.2 the Non-player's side of the Event cannot be played"
        elif momentum_side(card, shaded) and g.is_prop(next_card_seen(g)):  # unknown under No Reveal
            why = "8.1 Momentum Event with a Propaganda card next: Ops + SA"
        elif not event_effective(g, f, shaded, ctx.seed):
            why = "8.1 Ineffective Event: Ops + SA"
        else:
            side = "shaded" if shaded else "unshaded"
            return Decision("event", side, f"8.1 Event first ({side}, 8.4.2)")
    if not can_pay_one(g, f):
        return Decision("pass", None, "8.1 Minimum Resources: Pass")
    if not op_verb:
        return Decision("pass", None, "8.1 no Operation possible: Pass")
    plan = faction_ops(ctx)
    if plan is None:
        return Decision("pass", None, (why + "; " if why else "") + "8.0 IF NONE: the flowchart has no Operation to execute, Pass")
    return Decision(op_verb, None, (why + "; " if why else "8.1 ") + f"Ops + SA: {plan[0]} ({plan[1]})")


# -- 8.1.2 removal priorities --------------------------------------------------------------------


def removal_key(state: CubaLibreState, actor: int, space: int, key: str,
                faction_order: Sequence[int] = (M26, DIRECTORIO, SYN, GOVT)) -> tuple[int, ...]:
    """8.1.2 #4: players' pieces before Non-players', Bases (Casinos) first, Police before Troops,
    Underground before Active; then the given faction order."""
    piece_type = state.slot(key)
    owner = state.owner(piece_type)
    is_base = piece_type in (state.base_slot(GOVT), state.base_slot(M26), state.base_slot(DIRECTORIO), CASINO, CLOSED_CASINO)
    cash_first = 0 if holds_cash(state, space, owner) and not _other_holder(state, space, owner, piece_type) else 1
    kind = 0 if is_base else 1 if piece_type == POLICE else 2 if piece_type == TROOPS else 3 if piece_type == GUER_U[owner] else 4
    fo = list(faction_order).index(owner) if owner in faction_order else 9
    return (0 if state.is_player(owner) else 1, kind, cash_first, fo)


def _other_holder(state: CubaLibreState, space: int, faction: int, piece_type: int) -> bool:
    row = state.sp[space]
    if faction == GOVT:
        return row[TROOPS] + row[POLICE] > 1
    return row[GUER_U[faction]] + row[GUER_A[faction]] > 1


def entry(space: int, why: str, **details: Any) -> dict[str, Any]:
    """One entry of an Operation plan: the space, the rule step that chose it, what to do there."""
    return {"s": space, "why": why, **details}


Plan = Callable[[Ctx, tuple[int, ...]], list[dict[str, Any]]]


def planner(plans: dict[str, Plan]) -> Callable[[Ctx, str, tuple[int, ...]], list[dict[str, Any]]]:
    """A faction's `plan(ctx, op, done)`: the plan function of that Operation (no plan: [])."""

    def plan(ctx: Ctx, operation: str, done: tuple[int, ...]) -> list[dict[str, Any]]:
        fn = plans.get(operation)
        return fn(ctx, done) if fn is not None else []

    return plan


def can_execute(ctx: Ctx, allowed: list[str],
                plan: Callable[[Ctx, str, tuple[int, ...]], Any]) -> Callable[[str], bool]:
    """can(op): the Operation is allowed now and its plan has a space."""
    return lambda operation: operation in allowed and bool(plan(ctx, operation, ()))


def first_executable(chain: Iterable[tuple[str, str]], can: Callable[[str], bool]) -> tuple[str, str] | None:
    """8.0 IF NONE chains: the first (Operation, reason) that can be executed."""
    for op, why in chain:
        if can(op):
            return op, why
    return None


def terror_ok(state: CubaLibreState, faction: int, space: int) -> bool:
    """26July/DR may Terror in s now: legal, and paid for outside ECs (3.3.4)."""
    return space_ok(state, {"step": "op", "operation": "terror", "faction": faction}, space) and (IS_EC[space] or state.res[faction] >= 1)


def best(ctx: Ctx, cands: Iterable[X], key: Callable[[X], Any]) -> X | None:
    ordered = ctx.order(cands, key)
    return ordered[0] if ordered else None


def spaces_where(pred: Callable[[int], bool]) -> list[int]:
    return [s for s in range(N_SPACES) if pred(s)]


def is_ec(space: int) -> bool:
    return IS_EC[space]
