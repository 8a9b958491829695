"""Operations (CL 3.0-3.3): the choice of Operation, the space loop and each per-space procedure.

Frame "op" (frames.OpFrame): {faction, operation, lim, free, sa_ok, special_activity, spaces (the
chosen ones), paid, src, slot, ...}. Its prompt offers ("space", s) for every legal, affordable
space not yet chosen (a LimOp stops after one), ("activity", name) for each Special Activity legal
now (activities.py), op-specific extras and ("done") once a space is chosen. Costs are paid as
each space is chosen (3.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from agon.engine import Action, plural
from agon.games.cuba_libre import activities, negotiation
from agon.games.cuba_libre.data import (
    ADJ,
    DIRECTORIO,
    ECS,
    FOREST,
    GOVT,
    GOVT_BASE,
    M26,
    N_SPACES,
    NAMES,
    POLICE,
    SPACE_INDEX,
    TROOPS,
)
from agon.games.cuba_libre.frames import (
    Frame,
    GarrisonAssaultFrame,
    MoveCubesFrame,
    OpchoiceFrame,
    OpFrame,
    TrainPlaceFrame,
)
from agon.games.cuba_libre.insurgent_ops import (
    CARRY,
    MOVE,
    caracas_ok,
    carried,
    rally_possible,
)
from agon.games.cuba_libre.op_spaces import (
    MOST_A_SPACE_OF,
    OP_TITLES,
    OPS,
    SPACE_OK,
    SPACES,
    affordable,
    assault_capacity,
    candidate_spaces,
    govt_cost,
    march_possible,
    select_space,
)
from agon.games.cuba_libre.removal import PLACES, removal_targets, withdraw, withdraw_options
from agon.games.cuba_libre.steps import DONE, FINISHED, SKIP, SPACE, WAIT, Step, actions, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState


def op_possible(state: CubaLibreState, faction: int, operation: str, lim: bool, free: bool, within: tuple[int, ...] = (),
                special_activity: bool = False) -> bool:
    if operation == "garrison" and not free and state.res[faction] < govt_cost(state):
        return False
    pool: Sequence[int] = within or SPACES
    if state.res[faction] < MOST_A_SPACE_OF[operation]:  # (affordable's own first test, made here: it is rarely needed)
        pool = affordable(state, faction, operation, free, pool)
    if operation == "march":
        if march_possible(state, faction, pool):
            return True
    elif operation == "rally":
        for s in pool:
            if rally_possible(state, faction, s):
                return True
    else:
        ok = SPACE_OK[operation]
        for s in pool:
            if ok(state, faction, s, ()):
                return True
    # CL 4.1 example: a Kidnap may come first and pay for the Terror space it is in
    if special_activity and operation == "terror" and faction == M26:
        frame: OpFrame = {"step": "op", "faction": faction, "operation": operation, "lim": lim, "free": free, "spaces": (), "within": within}
        return bool(activities.spaces(state, M26, "kidnap", frame))
    return False


def ops_possible(state: CubaLibreState, faction: int, lim: bool, free: bool, only: tuple[str, ...] = (),
                 within: tuple[int, ...] = (), special_activity: bool = False) -> list[str]:
    return [op for op in OPS[faction] if not ((only and op not in only) or (free and op == "construct"))
            and op_possible(state, faction, op, lim, free, within, special_activity)]


def any_op_possible(state: CubaLibreState, faction: int, lim: bool, free: bool, only: tuple[str, ...] = (),
                    within: tuple[int, ...] = (), special_activity: bool = False) -> bool:
    """`ops_possible(...)` is not empty; stops at the first possible Operation, for the prompts
    that only ask whether one is."""
    for op in OPS[faction]:
        if (only and op not in only) or (free and op == "construct"):
            continue
        if op_possible(state, faction, op, lim, free, within, special_activity):
            return True
    return False



# -- choosing the Operation -------------------------------------------------------------------


OPERATION = {op: Action("operation", op) for op in OP_TITLES}


@step("opchoice")
class OpChoice(Step):
    """Choose which Operation (fr: lim, free, sa, src, only)."""

    @staticmethod
    def enter(state: CubaLibreState, frame: OpchoiceFrame) -> int:
        return WAIT if state.entered(frame, OpChoice.legal(state, frame)) else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: OpchoiceFrame) -> list[Any]:
        ops = ops_possible(state, frame["faction"], frame["lim"], frame["free"], frame.get("only", ()), frame.get("within", ()), frame["special_activity"])
        if frame.get("src") == "launder":
            ops = [o for o in ops if o != "construct"]  # CL 2.3.6
        return [OPERATION[op] for op in ops]

    @staticmethod
    def apply(state: CubaLibreState, frame: OpchoiceFrame, action: Any) -> bool:
        f = frame["faction"]
        op = action[1]
        new: Frame = {"step": "op", "faction": f, "operation": op, "lim": frame["lim"], "free": frame["free"], "sa_ok": frame["special_activity"], "special_activity": "",
               "spaces": (), "paid": False, "src": frame.get("src", "card"), "slot": frame.get("slot", 0),
               "within": frame.get("within", ())}
        if state.quiet:
            pass  # (a quiet game logs nothing: its words are not built)
        elif frame["lim"]:
            state.say("{faction} executes {op} (limited).", faction=state.fname(f), op=OP_TITLES[op])
        else:
            state.say("{faction} executes {op}.", faction=state.fname(f), op=OP_TITLES[op])
        if op == "garrison" and not frame["free"]:
            state.gain(f, -govt_cost(state))  # CL 3.2.2: paid in total
            new["paid"] = True
        if op in ("march", "garrison", "sweep"):
            new["arr"] = (0,) * (2 * N_SPACES)  # Guerrillas that arrived this March (Underground, Active)
        state.stack.pop()
        state.stack.append(new)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: OpchoiceFrame) -> tuple[str, dict[str, Any]]:
        return "Choose an Operation.", {}


# -- the Operation frame ----------------------------------------------------------------------


CANCEL_PACT = Action("cancel pact", None)


@step("op")
class Operation(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: OpFrame) -> int:
        if frame.get("end") or (frame.get("swept") and not (frame["sa_ok"] and not frame["special_activity"] and activities.available(state, frame))):
            op_finished(state, frame)
            return FINISHED
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: OpFrame) -> list[Any]:
        """The prompt's options. Its parts are kept in g._op_parts (frame, f's Resources, candidate
        spaces, SAs available or None when none may be added, the options after "done") until an
        action is applied to this frame: what the prompt asks again meanwhile comes after a transfer
        (CL 1.5.1, negotiation.py), which moves only Resources and Cash, so only the parts that read
        them are worked out again."""
        f, op, chosen = frame["faction"], frame["operation"], frame["spaces"]
        res = state.res[f]
        before = state._op_parts
        if before is not None and before[0] is frame:
            _, res_before, spaces, sas, rest = before
            if res != res_before and min(res, res_before) < MOST_A_SPACE_OF[op]:  # (candidate_spaces' affordability)
                spaces = candidate_spaces(state, frame)
            if sas is not None:
                sas = activities.available_after_transfer(state, frame, sas)
        else:
            spaces = candidate_spaces(state, frame)
            sas = activities.available(state, frame) if frame["sa_ok"] and not frame["special_activity"] else None
            rest = []
            if f in (M26, DIRECTORIO) and caracas_ok(state, f) and not frame.get("caracas"):
                rest.append(CANCEL_PACT)
            kinds = PLACES.get((f, op))
            if kinds and not frame.get("sp_closed"):  # (no call where the Operation places nothing)
                rest += withdraw_options(state, f, kinds)
        state._op_parts = (frame, res, spaces, sas, rest)
        out: list[Any] = list(map(SPACE.__getitem__, spaces))
        if op == "train" and chosen and not frame.get("extra_done"):
            out += train_extras(state, frame)
        if sas:
            out += map(activities.ACTIVITY.__getitem__, sas)
        if chosen or op == "garrison" or not spaces:
            out.append(DONE)  # ruling CL-R13: an Operation left with no legal space may end
        return out + rest

    @staticmethod
    def apply(state: CubaLibreState, frame: OpFrame, action: Any) -> bool:
        state._op_parts = None  # (the position moves on: see legal)
        verb, arg = action
        if verb == "done":
            if frame["operation"] == "sweep" and not frame.get("swept"):
                sweep_activate(state, frame)  # the Operation stays open for a Special Activity after it (4.1)
                return False
            frame["end"] = True
            if frame["operation"] == "garrison":
                garrison_finish(state, frame)
            return False
        if verb == "activity":
            activities.start(state, frame, arg)
            return False
        if verb == "withdraw":
            withdraw(state, frame["faction"], arg)
            return False
        if verb == "cancel pact":
            frame["caracas"] = True
            state.push("caracas", frame["faction"], count=2)
            return False
        if verb in ("base", "civic"):
            train_extra(state, frame, verb, arg)
            return False
        s = SPACE_INDEX[arg] if arg in SPACE_INDEX else NAMES.index(arg)
        select_space(state, frame, s)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: OpFrame) -> tuple[str, dict[str, Any]]:
        return "{line}", {"line": plural(  # (one space is not "1 spaces": issue 34 item 10)
            "{op}: choose a space, a Special Activity, or done ({n} space so far).",
            "{op}: choose a space, a Special Activity, or done ({n} spaces so far).", "n",
            op=OP_TITLES[frame["operation"]], n=len(frame["spaces"]))}



def op_finished(state: CubaLibreState, frame: OpFrame) -> None:
    """Bookkeeping after an Operation: what the 1st Eligible did (2.3.4) and Launder (2.3.6)."""
    f = frame["faction"]
    state.last_op = (f, frame["operation"], frame["spaces"])
    if frame["src"] == "card" and frame["slot"] == 1 and frame["special_activity"]:
        state.first_did = "opsa"
    if frame["src"] == "card" and frame["paid"] and not frame["special_activity"] and state.is_player(f):
        offer_launder(state, f)


# -- Train ------------------------------------------------------------------------------------


PLACE_TROOP, PLACE_POLICE = Action("place", "troop"), Action("place", "police")


@step("train_place")
class TrainPlace(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: TrainPlaceFrame) -> int:
        if frame["count"] >= 4:
            return FINISHED
        return WAIT if state.available(TROOPS) + state.available(POLICE) or TrainPlace._withdraw(state, frame) else FINISHED

    @staticmethod
    def _withdraw(state: CubaLibreState, frame: TrainPlaceFrame) -> list[Any]:
        """CL 1.4.1: cubes from elsewhere on the map (not this space) when none is Available."""
        here = NAMES[frame["space"]]
        return [a for a in withdraw_options(state, GOVT, (TROOPS, POLICE)) if a[1][0] != here]

    @staticmethod
    def legal(state: CubaLibreState, frame: TrainPlaceFrame) -> list[Any]:
        out: list[Any] = []
        if state.available(TROOPS):
            out.append(PLACE_TROOP)
        if state.available(POLICE):
            out.append(PLACE_POLICE)
        out += TrainPlace._withdraw(state, frame)
        out.append(DONE)
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: TrainPlaceFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        if action[0] == "withdraw":
            withdraw(state, GOVT, action[1])
            return False
        state.place(frame["space"], TROOPS if action[1] == "troop" else POLICE)
        frame["count"] += 1
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: TrainPlaceFrame) -> tuple[str, dict[str, Any]]:
        return "Train: place cubes in {space} ({n} of 4).", {"space": NAMES[frame["space"]], "n": frame["count"]}


def civic_ok(state: CubaLibreState, space: int) -> bool:
    """CL 6.3.2: Government-Controlled City/Province with Troops and Police; some effect."""
    row = state.sp[space]
    return (row[TROOPS] > 0 and row[POLICE] > 0 and state.controls(space, GOVT)  # never in an EC
            and (state.terror[space] > 0 or state.support[space] < 2) and state.res[GOVT] >= 4)


def civic_action(state: CubaLibreState, space: int) -> None:
    state.gain(GOVT, -4)
    if state.terror[space]:
        state.terror[space] -= 1
    else:
        state.shift(space, 1)


def train_extras(state: CubaLibreState, frame: OpFrame) -> list[Any]:
    """CL 3.2.1 step 2, in at most 1 selected space: a Base from 2 cubes, or Civic Action."""
    spaces = (frame["extra"],) if frame.get("extra") is not None else frame["spaces"]
    out: list[Any] = []
    for s in spaces:
        row = state.sp[s]
        if frame.get("extra") is None and row[TROOPS] + row[POLICE] >= 2 and state.base_room(s, GOVT) and state.available(GOVT_BASE):
            for combo in ("TT", "TP", "PP"):
                if row[TROOPS] >= combo.count("T") and row[POLICE] >= combo.count("P"):
                    out.append(("base", (NAMES[s], combo)))
        if civic_ok(state, s) and frame.get("extra_kind", "civic") == "civic":
            out.append(("civic", NAMES[s]))
    return actions(out)


def train_extra(state: CubaLibreState, frame: OpFrame, verb: str, arg: Any) -> None:
    if verb == "base":
        s = NAMES.index(arg[0])
        for c in arg[1]:
            state.remove(s, TROOPS if c == "T" else POLICE)
        state.place(s, GOVT_BASE)
        frame["extra_done"] = True
        state.say("The Government builds a Base in {space}.", space=NAMES[s])
    else:
        s = NAMES.index(arg)
        civic_action(state, s)
        frame["extra"] = s
        frame["extra_kind"] = "civic"
        state.say("Civic Action in {space}.", space=NAMES[s])
    frame["lim"] = True if frame["spaces"] else frame["lim"]  # no more Train spaces after step 2
    frame["sp_closed"] = True


# -- Garrison and Sweep movement -------------------------------------------------------------


def _plain_origins(state: CubaLibreState, frame: MoveCubesFrame) -> list[tuple[int, str]]:
    """(origin space, "troop" or "police") of each cube move into frame["space"]."""
    s, mode = frame["space"], frame["mode"]
    out: list[tuple[int, str]] = []
    op = state.op_frame()
    if mode == "garrison":
        arr = op["arr"] if op is not None and "arr" in op else (0,) * (2 * N_SPACES)
        for o, row in enumerate(state.sp):
            if o != s:  # ruling: a cube moves at most once per Garrison
                if row[TROOPS] > arr[o]:
                    out.append((o, "troop"))
                if row[POLICE] > arr[o + N_SPACES]:
                    out.append((o, "police"))
        return out
    if mode == "armored":
        return [(o, "troop") for o in range(N_SPACES) if o != s and state.sp[o][TROOPS]]
    arr = op["arr"] if op is not None and "arr" in op else (0,) * (2 * N_SPACES)
    for o in ADJ[s]:  # ruling CL-R22: cubes that moved in this Sweep do not move again
        if state.sp[o][TROOPS] > arr[o]:
            out.append((o, "troop"))
        if state.has_mom(4) and state.sp[o][POLICE] > arr[o + N_SPACES]:
            out.append((o, "police"))  # S.I.M. shaded
    return out


def move_origins(state: CubaLibreState, frame: MoveCubesFrame) -> list[Any]:
    """Cube moves into frame["space"]; where the Government holds Cash a cube may carry it (4.5.2)."""
    plain = _plain_origins(state, frame)
    out = [MOVE[kind][o] for o, kind in plain]
    if any([c >= 0 and c % 4 == GOVT for c in state.cash]):
        out += [MOVE[kind + CARRY][o] for o, kind in plain if state.cash_held(o, GOVT)]
    return out


@step("move_cubes")
class MoveCubes(Step):
    """Garrison (3.2.2) or Sweep (3.2.3) movement into frame["space"]; Sweep then Activates."""

    @staticmethod
    def enter(state: CubaLibreState, frame: MoveCubesFrame) -> int:
        if frame.get("end"):
            return FINISHED
        origins = move_origins(state, frame)
        if not origins:
            return MoveCubes._finish(state, frame)
        state.entered(frame, [*origins, DONE])
        return WAIT

    @staticmethod
    def _finish(state: CubaLibreState, frame: MoveCubesFrame) -> int:
        frame["end"] = True  # a Sweep Activates only once all its Troops have moved (sweep_activate)
        return FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: MoveCubesFrame) -> list[Any]:
        return [*move_origins(state, frame), DONE]

    @staticmethod
    def apply(state: CubaLibreState, frame: MoveCubesFrame, action: Any) -> bool:
        if action[0] == "done":
            code = MoveCubes._finish(state, frame)
            return code == FINISHED
        o = NAMES.index(action[1][0])
        kind, carry = carried(action[1][1])
        police = kind == "police"
        state.move(o, frame["space"], POLICE if police else TROOPS, 1, carry)
        op = state.op_frame()
        if frame["mode"] in ("garrison", "sweep") and op is not None and "arr" in op:
            arr = list(op["arr"])
            arr[frame["space"] + N_SPACES * police] += 1
            op["arr"] = tuple(arr)
        frame["count"] += 1
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: MoveCubesFrame) -> tuple[str, dict[str, Any]]:
        return "Move cubes into {space} ({n} moved).", {"space": NAMES[frame["space"]], "n": frame["count"]}


def sweep_activate(state: CubaLibreState, frame: OpFrame) -> None:
    """CL 3.2.3 steps 2-3: once every Troop has moved, each Sweep space Activates 1 Guerrilla per
    cube that ends there (Forest: per 2 cubes); a cube counts only where it ends the moves."""
    frame["swept"] = True
    frame["sp_closed"] = True
    for s in reversed(frame["spaces"]):  # resolved in the order the spaces were chosen
        n = state.cubes(s) // 2 if FOREST[s] else state.cubes(s)
        state.push("activate", GOVT, space=s, count=n)


def garrison_finish(state: CubaLibreState, frame: OpFrame) -> None:
    """CL 3.2.2 steps 2-3: Activate 1 per cube in each EC, then an optional free Assault in 1 EC."""
    dest = frame["spaces"]
    state.push("garrison_assault", GOVT, ecs=tuple(s for s in ECS if not frame["lim"] or s in dest))
    for s in ECS:
        state.push("activate", GOVT, space=s, count=state.cubes(s))


@step("garrison_assault")
class GarrisonAssault(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: GarrisonAssaultFrame) -> int:
        return WAIT if state.entered(frame, GarrisonAssault.legal(state, frame))[:-1] else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: GarrisonAssaultFrame) -> list[Any]:
        out: list[Any] = actions(("assault", NAMES[s]) for s in frame["ecs"]
                                 if assault_capacity(state, s) and removal_targets(state, GOVT, s, "assault"))
        return [*out, SKIP]

    @staticmethod
    def apply(state: CubaLibreState, frame: GarrisonAssaultFrame, action: Any) -> bool:
        if action[0] == "assault":
            s = NAMES.index(action[1])
            state.stack.pop()
            state.push("remove", GOVT, space=s, count=-1, mode="assault")  # capacity counted when removal starts
            if state.has_mom(1):  # Armored Cars shaded: Troops from anywhere join this Assault too
                state.push("move_cubes", GOVT, space=s, count=0, mode="armored")
            return False
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: GarrisonAssaultFrame) -> tuple[str, dict[str, Any]]:
        return "Garrison: Assault in 1 EC?", {}


# -- Launder (CL 2.3.6) -------------------------------------------------------------------------


def launder_donors(state: CubaLibreState, faction: int) -> list[int]:
    """Who may give a Cash marker for f's Launder LimOp (2.3.6): f itself first, then any other
    player faction holding Cash (never a Non-player, never a faction of the same player, 1.5)."""
    mates = negotiation.mates(state, faction)
    out = [faction] if state.cash_of(faction) else []
    return out + [x for x in range(4) if x != faction and x not in mates and state.is_player(x) and state.cash_of(x)]


def offer_launder(state: CubaLibreState, faction: int) -> None:
    """After a paid Operation with no SA (2.3.6): ask the possible donors one by one."""
    donors = launder_donors(state, faction)
    if donors and faction not in state.laundered and any_op_possible(state, faction, True, True):
        state.push("launder", donors[0], beneficiary=faction, asked=(donors[0],))
