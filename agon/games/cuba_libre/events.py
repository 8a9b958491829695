"""Event framework (CL 5.0-5.5): the registry, lasting effects and reusable event steps.

API for the events engineer
===========================

Write events in `events_<topic>.py` modules of this package and import them in the package's
`__init__.py` (above every rules module: they register with @event); the package refuses to load
while a card side has no event (`missing_events`). Card texts are in
agon/games/cuba_libre/data/card_texts.json; cite them as `# CL card 15`.

    from agon.games.cuba_libre.events import event, place, remove, choose_space, ...

    @event(15, shaded=False)                        # card 15 unshaded; single-text cards: shaded=False
    def come_comrades(state, faction):               # faction: the executing one (0..3)
        place(state, faction, "m26_u", count=3, spaces=ANY)  # steps are pushed and run in order

    @event(15, shaded=True, playable=lambda state, faction: True)   # optional: is the side playable now?
    def soviet_scare(state, faction): ...

An event function runs once when the Event is chosen and *queues steps* (frames) with the helpers
below; queued steps run in the order queued, each may prompt a faction. Code that must run after
a choice is made goes in `then(state, callback, *args)` (callback(state, *args) runs when reached and may queue more).
Every function a step holds (`callback`, a `spaces` predicate, a pick's options) is a module-level
function or a `functools.partial` of one, never a lambda or a function defined inside another: a
server pickles states to its bot workers (agon/engine/callbacks.py; a function that takes a
closure's place keeps its name for the digest with `@digest_as`).
Direct state changes are fine for effects without choices (state.gain(faction, count), state.add_aid(count), state.shift(space, d),
state.support[space] = level, state.place(space, slot), state.remove(space, slot), state.flip(space, faction, count, to_active), state.alliance).
Piece slots are keys of data.PIECE_KEYS: troop police govt_base m26_u m26_a m26_base dr_u dr_a dr_base
syn_u syn_a casino closed_casino (state.slot(key) -> int). Factions are ints GOVT, M26, DIRECTORIO, SYN.

Steps (all append frames; `spaces` is a predicate callback(state, space) -> bool or a tuple of space ints;
`actor` defaults to the executing faction):
- choose_space(state, faction, spaces, callback, *args, prompt=..., optional=False): actor picks a space; then
  callback(state, space, *args) runs (may queue further steps). optional adds ("skip").
- choose_faction(state, faction, factions, callback, *args): actor picks one of factions; callback(state, faction, *args).
- choose_option(state, faction, options, callback, *args): actor picks one string of `options`; callback(state, option, *args).
- place(state, faction, slot_or_slots, count, spaces): count times, pick a space (and a slot if several) and place 1
  piece from Available (stacking respected for Bases/Casinos); stops when none can be placed. A
  player actor with none of its own kind Available may first take some back from the map (1.4.1,
  "withdraw"; "done" ends). place_in(state, actor, key, space, count): the same for one fixed space, placing at
  once and prompting only when 1.4.1 matters.
- remove(state, faction, slots, count, spaces): count times, pick a space and one of `slots` there and remove it to
  Available (Casinos close instead, 1.4.5).
- shift(state, faction, n_spaces, delta, spaces): pick n_spaces distinct spaces and shift each by delta levels.
- free_op(state, faction, ops=(...), spaces=(...), limited=False, special_activity=False): that faction executes a
  free Operation (3.1.2/5.5) of one of `ops` (default: any but Construct) in `spaces` only (default:
  anywhere); it never changes Eligibility. free_sa(state, faction, name, spaces): a free SA outside
  any Operation (no cost, Bribe included; `spaces` limits where, and for Kidnap/Assassinate stands
  for the Terror spaces; names as in activities.SA_TITLES; Ambush: see events_cards_steps.ambush).
- redeploy(state): the Government runs the Redeploy phase procedure (6.4) now (card 11).
Lasting effects and eligibility:
- add_capability(state, number, shaded) (5.3), add_momentum(state, number) (5.4; ends at the next Reset),
  remove_capability(state, number, shaded). Tests: state.has_cap(number, shaded), state.has_mom(number).
  Capabilities/Momentum already honoured by the core: 2u Kidnap in Sierra Maestra, 2s Air Strike x2
  and when Embargoed, 4s S.I.M. (Police as Troops in Sweep/Assault), 5s Masferrer (Sweep's SA may be
  a free Assault), 6s Mosquera (Mountain Assault as City), 10s MAP (LimOp + SA), 13 El Che (first
  March group stays Underground), 18 Pact of Caracas (no 26July/DR removal of the other, no DR Terror or
  Subvert at Opposition, ruling CL-E18a), 22u Raul (reroll Attack/Kidnap, step "reroll"), 22s Raul (Kidnap
  adds 2x to Aid), 28u Morgan (DR March from 2 spaces away), 30u Guerrilla Life, 1s Armored Cars
  (Troops from anywhere join each Assault space), 43s Mafia Offensive (Syndicate Assassinate with
  Terror), 48s Santo (Skim); 18 is cancelled through the "cancel pact" verb of a 26July/DR
  Operation or before a 26July/DR Event's text (step "ev_caracas", 8.6.5; step "caracas": remove
  2 own Bases).
- stay_eligible(state, faction) / ineligible_next(state, faction): applied at the end-of-card adjustment
  (2.3.7); they are also set from the card data (stays_eligible / ineligible_next) automatically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Unpack

from agon.games.cuba_libre.data import BASE, CARDS, CLOSED_CASINO, N_SPACES, NAMES, OWNER, PIECE_INDEX, ROLES, SYN
from agon.games.cuba_libre.frames import (
    EvCallFrame,
    EvCaracasFrame,
    EvChoiceFrame,
    EvEndFrame,
    EvPlaceFrame,
    EvRemoveFrame,
    EvShiftFrame,
    FrameParams,
)
from agon.games.cuba_libre.insurgent_ops import caracas_ok
from agon.games.cuba_libre.operations import withdraw
from agon.games.cuba_libre.operations import withdraw_options as core_options
from agon.games.cuba_libre.steps import DONE, FINISHED, PUSHED, SKIP, SPACE, WAIT, Step, actions, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

EventFn = Callable[[Any, int], None]
EVENTS: dict[tuple[int, bool], EventFn] = {}
PLAYABLE: dict[tuple[int, bool], Callable[[Any, int], bool]] = {}


def event(number: int, shaded: bool = False,
          playable: Callable[[Any, int], bool] | None = None) -> Callable[[EventFn], EventFn]:
    """Register the unshaded (or shaded) text of card `number`."""
    if number not in CARDS or CARDS[number]["type"] != "event":
        raise ValueError(f"no Event card {number}")
    if shaded and not CARDS[number]["dual"]:
        raise ValueError(f"card {number} has a single text; register it with shaded=False")

    def deco(callback: EventFn) -> EventFn:
        key = (number, shaded)
        if key in EVENTS:
            raise ValueError(f"event {key} registered twice")
        EVENTS[key] = callback
        if playable is not None:
            PLAYABLE[key] = playable
        return callback

    return deco


def has_event(number: int, shaded: bool) -> bool:
    return (number, shaded) in EVENTS


def playable(state: CubaLibreState, number: int, shaded: bool, faction: int) -> bool:
    key = (number, shaded)
    if key not in EVENTS:
        return False
    check = PLAYABLE.get(key)
    return check is None or bool(check(state, faction))


def execute(state: CubaLibreState, faction: int, number: int, shaded: bool) -> None:
    """Run an Event for faction f: card-data eligibility effects, then the event's steps. 26July or
    DR under the Pact of Caracas (card 18) with 2+ Bases is first asked whether to cancel it by
    removing 2 of its Bases (8.6.5: "when executing an Op or Event"; step "ev_caracas")."""
    offer = caracas_ok(state, faction)  # judged before this card's own Capability (card 18 itself) is added
    card = CARDS[number]
    side = "shaded" if shaded else "unshaded"
    # the data's stays_eligible is for the unshaded text only: 18 and 19 are single-text cards, and
    # only Echeverria unshaded keeps DR Eligible (CL card 27; the shaded text says nothing of it)
    stays = None if shaded else card.get("stays_eligible")
    if stays == "executing":
        stay_eligible(state, faction)
    elif stays:
        stay_eligible(state, ROLES.index(stays))
    for role in card.get("ineligible_next", {}).get(side, ()):
        ineligible_next(state, ROLES.index(role))
    if side in card["capability"]:
        add_capability(state, number, shaded)
    if side in card["momentum"]:
        add_momentum(state, number)
    state.push("ev_end", faction)
    if offer:
        state.push("ev_caracas", faction, card=number, shaded=shaded)
        return
    _run_event(state, faction, number, shaded)


def _run_event(state: CubaLibreState, faction: int, number: int, shaded: bool) -> None:
    mark = len(state.stack)
    EVENTS[(number, shaded)](state, faction)
    _order(state, mark)


@step("ev_caracas")
class EventCaracas(Step):
    """Before an Event's text: 26July/DR may remove 2 of its Bases to cancel the Pact of Caracas
    (card 18, 8.6.5); "cancel pact" runs the core's step "caracas", then the Event; "skip" keeps it."""

    @staticmethod
    def legal(state: CubaLibreState, frame: EvCaracasFrame) -> list[Any]:
        return actions((("cancel pact", None), SKIP))

    @staticmethod
    def apply(state: CubaLibreState, frame: EvCaracasFrame, action: Any) -> bool:
        state.stack.pop()
        then(state, EVENTS[(frame["card"], frame["shaded"])], frame["faction"], faction=frame["faction"])  # the Event's text, after the Bases
        if action[0] == "cancel pact":
            state.push("caracas", frame["faction"], count=2)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvCaracasFrame) -> tuple[str, dict[str, Any]]:
        return "Before the Event: remove 2 of your Bases to end the Pact of Caracas?", {}


def _order(state: CubaLibreState, mark: int) -> None:
    """Steps queued by an event run in the order queued: reverse the new part of the stack."""
    state.stack[mark:] = state.stack[mark:][::-1]


@step("ev_end")
class EventEnd(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: EvEndFrame) -> int:
        return FINISHED


# -- lasting effects and eligibility ------------------------------------------------------------


def add_capability(state: CubaLibreState, number: int, shaded: bool = False) -> None:
    state.capabilities = state.capabilities | {(number, shaded)}


def remove_capability(state: CubaLibreState, number: int, shaded: bool = False) -> None:
    state.capabilities = state.capabilities - {(number, shaded)}


def add_momentum(state: CubaLibreState, number: int) -> None:
    state.momentum = state.momentum | {(number, True)}


def stay_eligible(state: CubaLibreState, faction: int) -> None:
    state.stay_elig = state.stay_elig | {faction}


def ineligible_next(state: CubaLibreState, faction: int) -> None:
    state.inelig_next = state.inelig_next | {faction}


# -- steps ----------------------------------------------------------------------------------------


def _spaces(state: CubaLibreState, spaces: Any) -> list[int]:
    if spaces is None:
        return list(range(N_SPACES))
    if callable(spaces):
        return [s for s in range(N_SPACES) if spaces(state, s)]
    return list(spaces)


def _queue(state: CubaLibreState, kind: str, faction: int, **params: Unpack[FrameParams]) -> None:
    state.stack.append({"step": kind, "faction": faction, **params})


def then(state: CubaLibreState, callback: Callable[..., None], *args: Any, faction: int = 0) -> None:
    """Queue fn(g, *args) to run once the steps queued before it are done."""
    _queue(state, "ev_call", faction, callback=callback, args=args)


@step("ev_call")
class Call(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: EvCallFrame) -> int:
        if frame.get("done"):
            return FINISHED
        frame["done"] = True
        mark = len(state.stack)
        frame["callback"](state, *frame["args"])
        _order(state, mark)
        return PUSHED if len(state.stack) > mark else FINISHED


def choose_space(state: CubaLibreState, faction: int, spaces: Any, callback: Callable[..., None], *args: Any,
                 prompt: str = "Choose a space.", optional: bool = False) -> None:
    _queue(state, "ev_choice", faction, what="space", opts=spaces, callback=callback, args=args, text=prompt, optional=optional)


def choose_faction(state: CubaLibreState, faction: int, factions: tuple[int, ...], callback: Callable[..., None], *args: Any,
                   prompt: str = "Choose a faction.") -> None:
    _queue(state, "ev_choice", faction, what="faction", opts=tuple(factions), callback=callback, args=args, text=prompt, optional=False)


def choose_option(state: CubaLibreState, faction: int, options: tuple[str, ...], callback: Callable[..., None], *args: Any,
                  prompt: str = "Choose.") -> None:
    _queue(state, "ev_choice", faction, what="option", opts=tuple(options), callback=callback, args=args, text=prompt, optional=False)


@step("ev_choice")
class Choice(Step):
    @staticmethod
    def _options(state: CubaLibreState, frame: EvChoiceFrame) -> list[Any]:
        if frame["what"] == "space":
            return [SPACE[s] for s in _spaces(state, frame["opts"])]
        if frame["what"] == "faction":
            return actions(("faction", ROLES[x]) for x in frame["opts"])
        return actions(("choose", o) for o in frame["opts"])

    @staticmethod
    def enter(state: CubaLibreState, frame: EvChoiceFrame) -> int:
        if frame.get("done"):
            return FINISHED
        out = Choice._options(state, frame)
        if not out:
            return FINISHED
        state.entered(frame, [*out, SKIP] if frame.get("optional") else out)
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: EvChoiceFrame) -> list[Any]:
        out = Choice._options(state, frame)
        return [*out, SKIP] if frame.get("optional") else out

    @staticmethod
    def apply(state: CubaLibreState, frame: EvChoiceFrame, action: Any) -> bool:
        verb, arg = action
        if verb == "skip":
            return True
        value = NAMES.index(arg) if verb == "space" else ROLES.index(arg) if verb == "faction" else arg
        frame["done"] = True
        mark = len(state.stack)
        frame["callback"](state, value, *frame["args"])
        _order(state, mark)
        return len(state.stack) == mark

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvChoiceFrame) -> tuple[str, dict[str, Any]]:
        return frame["text"], {}


def place(state: CubaLibreState, faction: int, slots: str | tuple[str, ...], count: int = 1, spaces: Any = None,
          actor: int | None = None) -> None:
    """Place n pieces (one per prompt) of the given slot key(s) from Available into `spaces`."""
    keys = (slots,) if isinstance(slots, str) else tuple(slots)
    _queue(state, "ev_place", faction if actor is None else actor, keys=keys, count=count, opts=spaces)


def _can_place(state: CubaLibreState, space: int, piece_type: int) -> bool:
    return bool(state.available(piece_type)) and _room(state, space, piece_type)


def _room(state: CubaLibreState, space: int, piece_type: int) -> bool:
    """Stacking (1.4.2) lets a piece of slot pt go to s (Availability aside)."""
    if piece_type in STACKED:
        return state.base_room(space, OWNER[piece_type])
    return True


STACKED = (*BASE, CLOSED_CASINO)  # the slots that stacking limits: Bases, open and closed Casinos (1.4.2)


def _same_kind(state: CubaLibreState, key: str) -> tuple[int, ...]:
    """Map slots of the piece kind placed as `key` (a new Guerrilla may come from either state)."""
    for u, a in (("m26_u", "m26_a"), ("dr_u", "dr_a"), ("syn_u", "syn_a")):
        if key in (u, a):
            return (state.slot(u), state.slot(a))
    return (state.slot(key),)


def withdraw_options(state: CubaLibreState, actor: int, keys: tuple[str, ...], spaces: list[int]) -> list[Any]:
    """CL 1.4.1 (ruling CL-E141): a player faction that an Event has place its own pieces of a kind
    with none Available may first take pieces of that kind from the map to Available (the core's
    removal.withdraw_options: not Non-players, not 26July/DR Bases under the Pact of Caracas);
    from another space when the Event places in one space only; never Casinos."""
    kinds: list[int] = []
    for key in keys:
        piece_type = state.slot(key)
        if state.owner(piece_type) != actor or key in ("casino", "closed_casino"):
            continue
        if any(_room(state, s, piece_type) for s in spaces):
            kinds += [k for k in _same_kind(state, key) if k not in kinds]
    here = NAMES[spaces[0]] if len(spaces) == 1 else None
    return [a for a in core_options(state, actor, tuple(kinds)) if a[1][0] != here]


@step("ev_place")
class Place(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: EvPlaceFrame) -> int:
        return WAIT if frame["count"] > 0 and state.entered(frame, Place.legal(state, frame)) else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: EvPlaceFrame) -> list[Any]:
        out: list[Any] = []
        spaces = _spaces(state, frame["opts"])
        for s in spaces:
            for key in frame["keys"]:
                if _can_place(state, s, PIECE_INDEX[key]):
                    out.append(("place", (NAMES[s], key)))
        more = withdraw_options(state, frame["faction"], frame["keys"], spaces)
        if more and not out:
            more.append(DONE)  # CL 1.4.1: taking pieces back is a choice
        return actions(out) + more

    @staticmethod
    def apply(state: CubaLibreState, frame: EvPlaceFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        if action[0] == "withdraw":
            withdraw(state, frame["faction"], action[1])  # CL 1.4.1 voluntary removal
            return False
        s = NAMES.index(action[1][0])
        state.place(s, state.slot(action[1][1]))
        frame["count"] -= 1
        return frame["count"] <= 0

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvPlaceFrame) -> tuple[str, dict[str, Any]]:
        return "Place a piece ({n} left).", {"n": frame["count"]}


def place_in(state: CubaLibreState, actor: int, key: str, space: int, count: int = 1) -> None:
    """Place n pieces `key` in s at once from Available (as many as there are, stacking as the
    caller checked); if some are missing and `actor` may take its own back (1.4.1), queue a place
    step for the rest so it may. Call from an event function or a step callback."""
    k = state.place(space, state.slot(key), count)
    if k < count and withdraw_options(state, actor, (key,), [space]):
        place(state, actor, key, count=count - k, spaces=(space,))


def remove(state: CubaLibreState, faction: int, slots: tuple[str, ...], count: int = 1, spaces: Any = None,
           actor: int | None = None) -> None:
    """Remove n pieces (one per prompt) of the given slot keys from `spaces` to Available."""
    _queue(state, "ev_remove", faction if actor is None else actor, keys=tuple(slots), count=count, opts=spaces)


@step("ev_remove")
class Remove(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: EvRemoveFrame) -> int:
        return WAIT if frame["count"] > 0 and state.entered(frame, Remove.legal(state, frame)) else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: EvRemoveFrame) -> list[Any]:
        out: list[Any] = []
        for s in _spaces(state, frame["opts"]):
            for key in frame["keys"]:
                piece_type = PIECE_INDEX[key]
                if state.sp[s][piece_type] and not (key == "casino" and False):
                    out.append(("remove", (NAMES[s], key)))
        return actions(out)

    @staticmethod
    def apply(state: CubaLibreState, frame: EvRemoveFrame, action: Any) -> bool:
        s = NAMES.index(action[1][0])
        key = action[1][1]
        if key == "casino" and frame["faction"] != SYN:
            state.close_casino(s)  # CL 1.4.5
        else:
            state.remove(s, state.slot(key))
        frame["count"] -= 1
        return frame["count"] <= 0

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvRemoveFrame) -> tuple[str, dict[str, Any]]:
        return "Remove a piece ({n} left).", {"n": frame["count"]}


def shift(state: CubaLibreState, faction: int, n_spaces: int, delta: int, spaces: Any = None) -> None:
    """Pick n distinct spaces (populated) and shift each by delta levels (1.6.1)."""
    _queue(state, "ev_shift", faction, count=n_spaces, delta=delta, opts=spaces, done_sp=())


@step("ev_shift")
class Shift(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: EvShiftFrame) -> int:
        return WAIT if frame["count"] > 0 and state.entered(frame, Shift.legal(state, frame)) else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: EvShiftFrame) -> list[Any]:
        return [SPACE[s] for s in _spaces(state, frame["opts"]) if s not in frame["done_sp"] and state.pop_ok(s)]

    @staticmethod
    def apply(state: CubaLibreState, frame: EvShiftFrame, action: Any) -> bool:
        s = NAMES.index(action[1])
        state.shift(s, frame["delta"])
        frame["done_sp"] = frame["done_sp"] + (s,)
        frame["count"] -= 1
        return frame["count"] <= 0

    @staticmethod
    def prompt(state: CubaLibreState, frame: EvShiftFrame) -> tuple[str, dict[str, Any]]:
        return "Shift a space ({n} left).", {"n": frame["count"]}


def free_op(state: CubaLibreState, faction: int, ops: tuple[str, ...] = (), spaces: tuple[int, ...] = (),
            limited: bool = False, special_activity: bool = False) -> None:
    """Faction executes a free Operation (3.1.2, 5.5): no cost, no Eligibility change."""
    _queue(state, "opchoice", faction, lim=limited, free=True, special_activity=special_activity, src="event", only=tuple(ops),
           within=tuple(spaces))


def free_sa(state: CubaLibreState, faction: int, name: str, spaces: tuple[int, ...] = ()) -> None:
    """Faction executes a free Special Activity `name` (activities.SA_TITLES), outside an Op."""
    _queue(state, "sa", faction, special_activity=name, stage=0, opsp=tuple(spaces), free=True)


def redeploy(state: CubaLibreState) -> None:
    """The Government runs the Redeploy phase procedure now (6.4; card 11)."""
    _queue(state, "prop_redeploy", 0)


def missing_events() -> list[tuple[int, bool]]:
    """The Event card sides no `events_*` module registered (the package checks it on load)."""
    return [(number, shaded) for number, card in sorted(CARDS.items()) if card["type"] == "event"
            for shaded in ((False, True) if card["dual"] else (False,)) if (number, shaded) not in EVENTS]
