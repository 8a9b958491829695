"""The frames of Cuba Libre's flow (steps.py): what each kind of pending step holds, as TypedDicts,
and the keys' stored spelling.

A frame is a plain dict on `state.stack`: `"step"` (the step's registered name), `"faction"` (the
faction that acts, 0..3) and the step's parameters, named below. `Frame` holds every key any
step uses, so that the flow, the views and the Non-players, which read whatever frame is on top,
are checked for the keys' names and types; each step's class reads its frame through the TypedDict
of its own kind (`RemoveFrame` for "remove", ...), which names only the keys that kind holds.
Only `step` and `faction` are always there: a step adds its other keys as it goes.

Stored spelling: positions (docs/positions.md) and `digest()` spell the keys as they were before
the names were written out ("k", "f", "s", ...): stored matches' digests and saved positions stay
valid. `stored` and `from_stored` translate one frame; nothing else sees the old spelling.

This module imports nothing of the package: every layer may name a frame's type.
"""

from collections.abc import Callable, Mapping
from typing import Any, Required, TypedDict

# new name -> stored spelling (both "marker" keys: "c" in a "prop_deposit" frame, "i" in a "cash_gift")
STORED = {"step": "k", "faction": "f", "space": "s", "count": "n", "spaces": "sp", "special_activity": "sa",
          "operation": "op", "recipient": "to", "destination": "d", "government_controlled": "gc",
          "piece_type": "pt", "targeted": "tg", "callback": "fn"}
_MARKER = {"prop_deposit": "c", "cash_gift": "i"}
NAMED = {old: new for new, old in STORED.items()} | {"c": "marker", "i": "marker"}


def stored(frame: Mapping[str, Any]) -> dict[str, Any]:
    """The frame with its keys in the stored spelling, in the same order (positions, digests)."""
    spelling = STORED
    out = {}
    for key, value in frame.items():
        if key == "marker":
            out[_MARKER.get(frame.get("step", ""), "i")] = value
        else:
            out[spelling.get(key, key)] = value
    return out


def from_stored(frame: dict[str, Any]) -> dict[str, Any]:
    """The frame of a stored position with its keys named (the inverse of `stored`)."""
    named = NAMED
    return {named.get(key, key) if isinstance(key, str) else key: value for key, value in frame.items()}


class FrameBase(TypedDict):
    """What every frame holds, whatever its kind (each kind's TypedDict is one)."""

    step: str
    faction: int


class FrameParams(TypedDict, total=False):
    """Every key a step may add to its frame besides `step` and `faction` (each key one type in every kind,
    so that a `Frame` is each kind's frame too); `push`'s keyword arguments."""

    any: bool
    args: tuple[Any, ...]
    arr: tuple[int, ...]
    asked: tuple[int, ...]
    beneficiary: int
    cap: int
    caracas: bool
    card: int
    carry: bool
    count: int  # pieces (or spaces) still to act on; -1: no limit
    delta: int
    destination: int  # where a Cash marker goes
    done: bool
    done_sp: tuple[int, ...]
    ecs: tuple[int, ...]
    end: bool
    extra: int
    extra_done: bool
    extra_kind: str
    first_o: int
    callback: Callable[..., Any]  # what runs when the step is reached or chosen (events.py)
    free: bool
    free_cost: bool
    free_level: bool
    government_controlled: tuple[int, ...]  # Government-Controlled spaces as the Redeploy phase began (CL 6.4)
    groups: bool
    grp: tuple[tuple[int, tuple[int, int]], ...]
    havana: bool
    keys: Any
    lim: bool
    marker: int  # a Cash marker's index in `state.cash`
    mode: str
    only: Any
    operation: str  # the Operation's name
    opsp: tuple[int, ...]
    optional: bool
    opts: Any
    paid: bool
    piece_type: int  # a piece slot
    recipient: int  # the faction that receives (negotiation, CL 1.5.1)
    roll: int
    sa_ok: bool
    shaded: bool
    slot: int
    sp_closed: bool
    space: int  # the space the step acts in
    spaces: tuple[int, ...]  # an Operation's spaces chosen so far
    special_activity: Any  # an Operation's Special Activity (its name; "" none yet) or, offering one, whether it may come with one
    src: str
    stage: int
    stop: bool
    swept: bool
    target: int
    targeted: tuple[int, ...]  # factions targeted so far
    text: str
    then_terror: bool
    todo: Any
    wait: bool  # the step waits for a decision (the flow's mark)
    what: str
    within: tuple[int, ...]


class Frame(FrameParams, total=False):
    """A frame of any kind: what the flow, the views and the Non-players read on top of the stack."""

    step: Required[str]  # the step's registered name (steps.STEPS)
    faction: Required[int]  # the faction that acts, 0..3


class StepFrame(FrameBase, total=False):
    """What every kind of frame holds (`FrameBase`), and whether the step waits for that faction's
    decision; each kind below adds its own keys."""

    wait: bool


class EvxPickFrame(StepFrame, total=False):
    """Step "evx_pick"."""

    count: int
    callback: Callable[..., Any]
    optional: bool
    opts: Any
    stop: bool
    text: str



class EvxAssaultFrame(StepFrame, total=False):
    """Step "evx_assault"."""

    count: int
    only: Any
    space: int


class OptionFrame(StepFrame, total=False):
    """Step "option"."""



class LaunderFrame(StepFrame, total=False):
    """Step "launder"."""

    asked: tuple[int, ...]
    beneficiary: int


class DeployFrame(StepFrame, total=False):
    """Step "deploy"."""

    stage: int
    todo: Any


class PropVictoryFrame(StepFrame, total=False):
    """Step "prop_victory"."""



class PropResourcesFrame(StepFrame, total=False):
    """Step "prop_resources"."""

    done: bool


class PropDepositFrame(StepFrame, total=False):
    """Step "prop_deposit"."""

    marker: int


class PropAllianceFrame(StepFrame, total=False):
    """Step "prop_alliance"."""



class PropCivicFrame(StepFrame, total=False):
    """Step "prop_civic"."""



class PropAgitationFrame(StepFrame, total=False):
    """Step "prop_agitation"."""



class PropExpatFrame(StepFrame, total=False):
    """Step "prop_expat"."""

    done: bool


class PropEndFrame(StepFrame, total=False):
    """Step "prop_end"."""



class PropRedeployFrame(StepFrame, total=False):
    """Step "prop_redeploy"."""

    arr: tuple[int, ...]
    carry: bool
    government_controlled: tuple[int, ...]
    havana: bool
    stage: int


class PropResetFrame(StepFrame, total=False):
    """Step "prop_reset"."""



class CashGiftFrame(StepFrame, total=False):
    """Step "cash_gift"."""

    cap: int
    marker: int
    space: int


class CashCarryFrame(StepFrame, total=False):
    """Step "cash_carry"."""

    destination: int
    space: int


class RallyFrame(StepFrame, total=False):
    """Step "rally"."""

    end: bool
    free_level: bool
    space: int


class MarchFrame(StepFrame, total=False):
    """Step "march"."""

    first_o: int
    grp: tuple[tuple[int, tuple[int, int]], ...]
    space: int


class AttackFrame(StepFrame, total=False):
    """Step "attack"."""

    space: int


class RerollFrame(StepFrame, total=False):
    """Step "reroll"."""

    roll: int
    space: int
    target: int
    what: str


class PlaceAfterFrame(StepFrame, total=False):
    """Step "place_after"."""

    space: int


class ConstructFrame(StepFrame, total=False):
    """Step "construct"."""

    space: int


class CaracasFrame(StepFrame, total=False):
    """Step "caracas"."""

    count: int


class OpchoiceFrame(StepFrame, total=False):
    """Step "opchoice"."""

    free: bool
    lim: bool
    only: Any
    slot: int
    special_activity: Any
    src: str
    within: tuple[int, ...]


class OpFrame(StepFrame, total=False):
    """Step "op"."""

    arr: tuple[int, ...]
    caracas: bool
    end: bool
    extra: int
    extra_done: bool
    extra_kind: str
    free: bool
    groups: bool
    lim: bool
    operation: str
    paid: bool
    sa_ok: bool
    slot: int
    sp_closed: bool
    spaces: tuple[int, ...]
    special_activity: Any
    src: str
    swept: bool
    within: tuple[int, ...]


class TrainPlaceFrame(StepFrame, total=False):
    """Step "train_place"."""

    count: int
    space: int


class MoveCubesFrame(StepFrame, total=False):
    """Step "move_cubes"."""

    count: int
    end: bool
    mode: str
    space: int


class GarrisonAssaultFrame(StepFrame, total=False):
    """Step "garrison_assault"."""

    ecs: tuple[int, ...]


class RemoveFrame(StepFrame, total=False):
    """Step "remove"."""

    count: int
    mode: str
    space: int
    targeted: tuple[int, ...]


class ActivateFrame(StepFrame, total=False):
    """Step "activate"."""

    any: bool
    count: int
    space: int
    targeted: tuple[int, ...]


class TransferFrame(StepFrame, total=False):
    """Step "transfer"."""



class TransferAmountFrame(StepFrame, total=False):
    """Step "transfer_amount"."""

    recipient: int


class TransferRequestFrame(StepFrame, total=False):
    """Step "transfer_request"."""

    recipient: int


class EvCaracasFrame(StepFrame, total=False):
    """Step "ev_caracas"."""

    card: int
    shaded: bool


class EvEndFrame(StepFrame, total=False):
    """Step "ev_end"."""



class EvCallFrame(StepFrame, total=False):
    """Step "ev_call"."""

    args: tuple[Any, ...]
    done: bool
    callback: Callable[..., Any]


class EvChoiceFrame(StepFrame, total=False):
    """Step "ev_choice"."""

    args: tuple[Any, ...]
    done: bool
    callback: Callable[..., Any]
    optional: bool
    opts: Any
    text: str
    what: str


class EvPlaceFrame(StepFrame, total=False):
    """Step "ev_place"."""

    count: int
    keys: Any
    opts: Any


class EvRemoveFrame(StepFrame, total=False):
    """Step "ev_remove"."""

    count: int
    keys: Any
    opts: Any


class EvShiftFrame(StepFrame, total=False):
    """Step "ev_shift"."""

    count: int
    delta: int
    done_sp: tuple[int, ...]
    opts: Any


class SaFrame(StepFrame, total=False):
    """Step "sa"."""

    count: int
    done_sp: tuple[int, ...]
    end: bool
    free: bool
    mode: str
    opsp: tuple[int, ...]
    piece_type: int
    recipient: int
    space: int
    special_activity: Any
    stage: int
    then_terror: bool


class KidnapTerrorFrame(StepFrame, total=False):
    """Step "kidnap_terror"."""

    space: int


# each step's TypedDict by the step's name ("evx_activate", an Event's Sweep, is the core "activate"
# step's subclass and reads its frame; tests/games/cuba_libre/test_frames.py checks the table)
KINDS: dict[str, type] = {
    "evx_pick": EvxPickFrame,
    "evx_activate": ActivateFrame,
    "evx_assault": EvxAssaultFrame,
    "option": OptionFrame,
    "launder": LaunderFrame,
    "deploy": DeployFrame,
    "prop_victory": PropVictoryFrame,
    "prop_resources": PropResourcesFrame,
    "prop_deposit": PropDepositFrame,
    "prop_alliance": PropAllianceFrame,
    "prop_civic": PropCivicFrame,
    "prop_agitation": PropAgitationFrame,
    "prop_expat": PropExpatFrame,
    "prop_end": PropEndFrame,
    "prop_redeploy": PropRedeployFrame,
    "prop_reset": PropResetFrame,
    "cash_gift": CashGiftFrame,
    "cash_carry": CashCarryFrame,
    "rally": RallyFrame,
    "march": MarchFrame,
    "attack": AttackFrame,
    "reroll": RerollFrame,
    "place_after": PlaceAfterFrame,
    "construct": ConstructFrame,
    "caracas": CaracasFrame,
    "opchoice": OpchoiceFrame,
    "op": OpFrame,
    "train_place": TrainPlaceFrame,
    "move_cubes": MoveCubesFrame,
    "garrison_assault": GarrisonAssaultFrame,
    "remove": RemoveFrame,
    "activate": ActivateFrame,
    "transfer": TransferFrame,
    "transfer_amount": TransferAmountFrame,
    "transfer_request": TransferRequestFrame,
    "ev_caracas": EvCaracasFrame,
    "ev_end": EvEndFrame,
    "ev_call": EvCallFrame,
    "ev_choice": EvChoiceFrame,
    "ev_place": EvPlaceFrame,
    "ev_remove": EvRemoveFrame,
    "ev_shift": EvShiftFrame,
    "sa": SaFrame,
    "kidnap_terror": KidnapTerrorFrame,
}
