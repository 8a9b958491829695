"""Special Activities (CL 4.0-4.5): offered as ("activity", name) while an Operation is open.

One SA type per Operation (4.1), carried out in one piece; which Operations each may accompany is
ACCOMPANY (4.1.1). Ambush is offered inside the Attack space step (operations.Attack). Each SA is a
frame pushed above the Operation frame; `frame["faction"]` is the acting faction.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from agon.engine import Action
from agon.games.cuba_libre.board import row_controlled
from agon.games.cuba_libre.cash import ask_carry
from agon.games.cuba_libre.data import (
    ADJ,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    IS_CITY,
    IS_EC,
    IS_PROV,
    M26,
    N_SPACES,
    NAMES,
    POLICE,
    POP,
    SIERRA_MAESTRA,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.frames import KidnapTerrorFrame, OpFrame, SaFrame
from agon.games.cuba_libre.insurgent_ops import kidnap_result
from agon.games.cuba_libre.op_spaces import (
    MOST_A_SPACE_COSTS,
    assault_capacity,
    candidate_spaces,
    govt_can_remove,
    pact,
    select_space,
    space_cost,
    space_ok,
)
from agon.games.cuba_libre.removal import removal_targets, withdraw, withdraw_options
from agon.games.cuba_libre.steps import DONE, FINISHED, SPACE, TO, WAIT, Step, actions, by_arg, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

ACCOMPANY = {
    "transport": ("train", "garrison", "sweep", "assault"),
    "airstrike": ("garrison", "sweep", "assault"),
    "reprisal": ("garrison", "sweep", "assault"),
    "masferrer": ("sweep",),
    "infiltrate": ("rally", "march"),
    "kidnap": ("terror",),
    "subvert": ("rally", "march"),
    "assassinate": ("terror",),
    "profit": ("rally", "march", "construct"),
    "muscle": ("rally", "march", "construct"),
    "bribe": ("rally", "march", "terror", "construct"),
}
BY_FACTION = (("transport", "airstrike", "reprisal", "masferrer"), ("infiltrate", "kidnap"),
              ("subvert", "assassinate"), ("profit", "muscle", "bribe", "assassinate"))
ACTIVITY = {name: Action("activity", name) for name in ACCOMPANY}  # ("activity", name), offered by the "op" step
SA_TITLES = {"transport": "Transport", "airstrike": "Air Strike", "reprisal": "Reprisal",
             "masferrer": "Assault (Rolando Masferrer)", "infiltrate": "Infiltrate", "ambush": "Ambush",
             "kidnap": "Kidnap", "subvert": "Subvert", "assassinate": "Assassinate", "profit": "Profit",
             "muscle": "Muscle", "bribe": "Bribe"}


# (faction, Operation) -> the faction's SAs that may accompany it (4.1.1), in BY_FACTION order
WITH_OP = {(f, op): tuple(name for name in names if op in ACCOMPANY[name])
           for f, names in enumerate(BY_FACTION) for op in {op for ops in ACCOMPANY.values() for op in ops}}


def available(state: CubaLibreState, frame: OpFrame) -> list[str]:
    f = frame["faction"]
    return [name for name in WITH_OP.get((f, frame["operation"]), ()) if next(SA_SPACES[name](state, f, frame), -1) >= 0]


# the SAs whose spaces depend on Resources or Cash: Kidnap (4.3.3), Profit (4.5.1), Bribe (4.5.4)
PAID = frozenset(("kidnap", "profit", "bribe"))


def available_after_transfer(state: CubaLibreState, frame: OpFrame, before: list[str]) -> list[str]:
    """`available(g, fr)` when only Resources and Cash have moved since it gave `before` (a transfer,
    CL 1.5.1): only the SAs that read them are tested again."""
    f = frame["faction"]
    return [name for name in WITH_OP.get((f, frame["operation"]), ())
            if (next(SA_SPACES[name](state, f, frame), -1) >= 0 if name in PAID else name in before)]


def start(state: CubaLibreState, frame: OpFrame, name: str) -> None:
    f = frame["faction"]
    frame["special_activity"] = name
    if not state.quiet:  # (a quiet game logs nothing: its words are not built)
        state.say("{faction} adds {sa}.", faction=state.fname(f), sa=SA_TITLES[name])
    # CL 4.5.4: Bribe costs 3 (paid with its space, 4.1); an SA with a free Operation is free (3.1.2)
    if frame.get("free"):
        state.push("sa", f, special_activity=name, stage=0, opsp=frame["spaces"], free_cost=True)
    else:
        state.push("sa", f, special_activity=name, stage=0, opsp=frame["spaces"])


def kidnap_space_kind(state: CubaLibreState, space: int) -> bool:
    """A space where Kidnap may take place (4.3.3): a City, an EC, an open Casino (Sierra Maestra with card 2)."""
    return IS_CITY[space] or IS_EC[space] or state.sp[space][CASINO] > 0 or (space == SIERRA_MAESTRA and state.has_cap(2))


def spaces(state: CubaLibreState, faction: int, name: str, frame: OpFrame) -> list[int]:
    """Spaces where the SA may take place now."""
    return list(_spaces(state, faction, name, frame))


def _spaces(state: CubaLibreState, faction: int, name: str, frame: OpFrame) -> Iterator[int]:
    """`spaces`, one by one (`available` stops at the first)."""
    return SA_SPACES[name](state, faction, frame)


def _transport_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    for s, row in enumerate(state.sp):
        if row[TROOPS] and (IS_CITY[s] or row[GOVT_BASE]):
            yield s


def _airstrike_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    if state.alliance == 2 and not state.has_mom(2):
        return  # CL 4.2.2: not when Embargoed (Guantanamo Bay shaded overrides)
    for s, row in enumerate(state.sp):
        if not IS_CITY[s] and govt_can_remove(row):
            yield s


def _reprisal_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    for s, row in enumerate(state.sp):
        if not IS_EC[s] and row_controlled(row, GOVT):  # g.controls(s, GOVT), on the row at hand
            yield s


def _masferrer_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    if not state.has_mom(5):
        return
    for s, row in enumerate(state.sp):
        if assault_capacity(state, s) and govt_can_remove(row):
            yield s


def _infiltrate_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    sp = state.sp
    for s in range(N_SPACES):
        if state.support[s] > 0 or not sp[s][TROOPS] + sp[s][POLICE]:
            continue
        if sp[s][GUER_U[M26]] or any(sp[a][GUER_U[M26]] for a in ADJ[s]):
            yield s


def _kidnap_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    sp = state.sp
    terror_fr: OpFrame = {"step": "op", "faction": M26, "operation": "terror"}
    for s in range(N_SPACES):
        if not kidnap_space_kind(state, s) or state.guerrillas(s, M26) <= sp[s][POLICE]:
            continue
        if s in frame["spaces"]:
            yield s
        elif space_ok(state, terror_fr, s) and (IS_EC[s] or state.res[M26] >= 1 or kidnap_victims(state, s, True)):
            yield s


def _subvert_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    for s in range(N_SPACES):
        if IS_PROV[s] and state.controls(s, DIRECTORIO) and not (pact(state, DIRECTORIO) and state.support[s] < 0):
            yield s


def _assassinate_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    if faction == SYN and not state.has_cap(43, True):
        return
    sp = state.sp
    for s in frame["spaces"]:
        if (faction == SYN or state.guerrillas(s, DIRECTORIO) > sp[s][POLICE]) and removal_targets(state, faction, s, "assassinate"):
            yield s


def _profit_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    for s, row in enumerate(state.sp):
        if row[CASINO] or state.cash_held(s, SYN):
            yield s


def _muscle_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    sp = state.sp
    for s in range(N_SPACES):
        if not (sp[s][CASINO] or IS_EC[s]):
            continue
        piece_type = POLICE if IS_CITY[s] else TROOPS
        if any(sp[o][piece_type] for o in range(N_SPACES) if o != s):
            yield s


def _bribe_spaces(state: CubaLibreState, faction: int, frame: OpFrame) -> Iterator[int]:
    # CL 4.5.4: Bribe costs 3, and a Limited Operation still needs its space paid (4.1)
    if not frame.get("free") and state.res[SYN] < 3 + MOST_A_SPACE_COSTS:  # (3 + the dearest space: always enough)
        reserve = 0 if frame.get("spaces") or "lim" not in frame else _cheapest(state, frame)
        if state.res[SYN] < 3 + reserve:
            return
    for s in range(N_SPACES):
        if bribe_possible(state, s):
            yield s


# each Special Activity's spaces, one by one (g, acting faction, the Operation's frame)
SA_SPACES = {"transport": _transport_spaces, "airstrike": _airstrike_spaces, "reprisal": _reprisal_spaces,
             "masferrer": _masferrer_spaces, "infiltrate": _infiltrate_spaces, "kidnap": _kidnap_spaces,
             "subvert": _subvert_spaces, "assassinate": _assassinate_spaces, "profit": _profit_spaces,
             "muscle": _muscle_spaces, "bribe": _bribe_spaces}


def _stash_spaces(state: CubaLibreState, done: tuple[int, ...]) -> list[int]:
    """CL 4.5.1 Stash: open-Casino spaces with a Guerrilla or cube to hold the Cash."""
    return [s for s in range(N_SPACES) if state.sp[s][CASINO] and s not in done and any(state.has_holder(s, e) for e in range(4))]


def _cheapest(state: CubaLibreState, frame: OpFrame) -> int:
    """Cheapest space of the open Operation (Bribe must leave enough to execute it)."""
    costs = [space_cost(state, frame, s) for s in candidate_spaces(state, frame)]
    return min(costs) if costs else 0


def kidnap_victims(state: CubaLibreState, space: int, paying_only: bool = False) -> list[int]:
    """Kidnap targets in s (4.3.3): Syndicate where an open Casino is, Government in a City/EC."""
    out = []
    if IS_CITY[space] or IS_EC[space] or (space == SIERRA_MAESTRA and state.has_cap(2)):
        out.append(GOVT)
    if state.sp[space][CASINO]:
        out.append(SYN)
    if paying_only:
        out = [t for t in out if state.res[t] > 0]
    return out


def bribe_possible(state: CubaLibreState, space: int) -> bool:
    """CL 4.5.4: `_bribe_options(g, s, "")` is not empty: some cube, Guerrilla or non-Casino Base is there
    (Syndicate Guerrillas may be flipped, the others removed or flipped)."""
    row = state.sp[space]
    return sum(row) > row[CASINO] + row[CLOSED_CASINO]


def _bribe_options(state: CubaLibreState, space: int, mode: str) -> list[Any]:
    row = state.sp[space]
    out: list[Any] = []
    if mode in ("", "cubes"):
        if row[TROOPS]:
            out.append(("remove", "troop"))
        if row[POLICE]:
            out.append(("remove", "police"))
    if mode in ("", "guerrillas"):
        for e in (M26, DIRECTORIO, SYN):
            for piece_type in (GUER_U[e], GUER_A[e]):
                if row[piece_type]:
                    if e != SYN:
                        out.append(("remove", state.key(piece_type)))
                    out.append(("flip", state.key(piece_type)))
    if mode == "":
        for piece_type in (GOVT_BASE, state.base_slot(M26), state.base_slot(DIRECTORIO)):
            if row[piece_type]:
                out.append(("removebase", state.key(piece_type)))
    return out


PROFIT_STASH, PROFIT_CASH_IN = Action("profit", "stash"), Action("profit", "cash in")
FROM = by_arg("from", NAMES)


@step("sa")
class SpecialActivity(Step):
    """All SAs: frame["special_activity"] names it; frame["stage"] walks its prompts."""

    @staticmethod
    def enter(state: CubaLibreState, frame: SaFrame) -> int:
        if frame.get("end"):
            return FINISHED
        return WAIT if state.entered(frame, SpecialActivity.legal(state, frame)) else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: SaFrame) -> list[Any]:
        name, stage, f = frame["special_activity"], frame["stage"], frame["faction"]
        sp = state.sp
        if stage == 0:
            op = None if frame.get("free") else state.op_frame()
            ctx: OpFrame = op if op is not None else {"step": "op", "spaces": frame["opsp"], "faction": f, "operation": "", "free": True}
            if name == "profit":
                out: list[Any] = []
                if -1 in state.cash and _stash_spaces(state, ()):
                    out.append(PROFIT_STASH)
                if any(sp[s][CASINO] for s in range(N_SPACES)) or state.cash_of(SYN):
                    out.append(PROFIT_CASH_IN)
                return out
            where = spaces(state, f, name, ctx)
            if frame.get("free") and frame["opsp"]:
                where = [s for s in where if s in frame["opsp"]]  # a free SA limited to given spaces
            out = [SPACE[s] for s in where]
            if name == "infiltrate" and frame.get("free") and out:  # CL 1.4.1 (in an Op: the Op frame offers it)
                out += [a for a in withdraw_options(state, M26, (GUER_A[M26], GUER_U[M26]))
                        if not (len(where) == 1 and a[1][0] == NAMES[where[0]])]
            return out
        s = frame.get("space", -1)
        if name == "transport":
            if stage == 1:
                return [TO[d] for d in range(N_SPACES) if d != s]
            out = [("troops", k) for k in range(1, min(3, sp[s][TROOPS]) + 1)]
            if state.cash_held(s, GOVT):  # CL 4.5.2: a moving Troop may carry a Government Cash marker
                out += [("troops with cash", k) for _, k in out if sp[s][TROOPS] + sp[s][POLICE] > k]
            return actions(out)
        if name == "reprisal":
            if stage == 1:
                return actions(("relocate", state.key(piece_type)) for e in (M26, DIRECTORIO, SYN) for piece_type in (GUER_U[e], GUER_A[e])
                               if sp[s][piece_type])
            return [TO[d] for d in ADJ[s]]
        if name == "kidnap":
            targets = kidnap_victims(state, s)
            if frame.get("then_terror") and not IS_EC[s] and state.res[M26] < 1:
                targets = [t for t in targets if state.res[t] > 0 and s * 4 + t not in state.cash]
            return actions(("target", state.role(t)) for t in targets)
        if name == "muscle":
            piece_type = POLICE if IS_CITY[s] else TROOPS
            out = [FROM[o] for o in range(N_SPACES) if o != s and sp[o][piece_type]]
            return [*out, DONE] if frame.get("count") else out
        if name == "profit":
            if frame["mode"] == "stash":
                if stage == 1:
                    if -1 not in state.cash:
                        return []
                    done_sp = frame.get("done_sp", ())
                    out = [SPACE[x] for x in _stash_spaces(state, done_sp)]
                    return [*out, DONE] if done_sp else out
                return actions(("holder", state.role(e)) for e in range(4) if state.has_holder(s, e))
            out = actions(("close", NAMES[x]) for x in range(N_SPACES) if sp[x][CASINO])
            out += actions(("cash", NAMES[c // 4]) for c in sorted(set(state.cash)) if c >= 0 and c % 4 == SYN)
            return [*out, DONE] if frame.get("count") else out
        if name == "bribe":
            if frame.get("count", 0) >= (1 if frame.get("mode") == "bases" else 2):
                return []
            out = actions(_bribe_options(state, s, frame.get("mode", "")))
            return [*out, DONE] if frame.get("count") else out
        return []

    @staticmethod
    def apply(state: CubaLibreState, frame: SaFrame, action: Any) -> bool:
        verb, arg = action
        name, f = frame["special_activity"], frame["faction"]
        if verb == "done":
            return True
        if verb == "withdraw":
            withdraw(state, f, arg)
            return False
        if frame["stage"] == 0:
            if name == "profit":
                frame["mode"] = "stash" if arg == "stash" else "cash in"
                frame["stage"] = 1
                return False
            s = NAMES.index(arg)
            frame["space"] = s
            frame["stage"] = 1
            return _first_space(state, frame, name, f, s)
        return _next(state, frame, name, f, verb, arg)

    @staticmethod
    def prompt(state: CubaLibreState, frame: SaFrame) -> tuple[str, dict[str, Any]]:
        name, stage = frame["special_activity"], frame["stage"]
        args = {"sa": SA_TITLES[name], "space": NAMES[frame["space"]] if frame.get("space", -1) >= 0 else ""}
        if stage == 0:
            return ("{sa}: stash Cash or cash in?" if name == "profit" else "{sa}: in which space?"), args
        return _SA_ASKS.get((name, stage if name != "profit" else frame["mode"] + str(stage)), "{sa} in {space}: what next?"), args


_SA_ASKS = {  # (activity, stage) -> what the prompt asks after the space is chosen
    ("transport", 1): "{sa} from {space}: to which space?", ("transport", 2): "{sa} from {space}: how many Troops?",
    ("reprisal", 1): "{sa} in {space}: which Guerrilla to relocate?", ("reprisal", 2): "{sa} from {space}: to which space?",
    ("kidnap", 1): "{sa} in {space}: whose Resources?", ("muscle", 1): "{sa} into {space}: cubes from which space?",
    ("bribe", 1): "{sa} in {space}: which piece to remove or flip?",
    ("profit", "stash1"): "{sa}: stash a Cash marker in which space?", ("profit", "stash2"): "{sa} in {space}: which piece holds it?",
    ("profit", "cash in1"): "{sa}: close which Casino or cash in which marker?",
}


def _first_space(state: CubaLibreState, frame: SaFrame, name: str, faction: int, space: int) -> bool:
    sp = state.sp
    if name == "airstrike":
        if state.has_mom(2):  # Guantanamo Bay shaded (Momentum): the log says when it takes effect
            if state.alliance == 2:
                state.say("Guantánamo Bay (Momentum): this Air Strike removes up to 2 pieces, even under the Embargo.")
            else:
                state.say("Guantánamo Bay (Momentum): this Air Strike removes up to 2 pieces.")
        state.push("remove", GOVT, space=space, count=2 if state.has_mom(2) else 1, mode="airstrike")
        frame["end"] = True
        return False
    if name == "masferrer":
        state.push("remove", GOVT, space=space, count=-1, mode="assault")  # capacity counted when removal starts
        if state.has_mom(1):  # Armored Cars shaded: Troops from anywhere join this Assault too
            state.push("move_cubes", GOVT, space=space, count=0, mode="armored")
        frame["end"] = True
        return False
    if name == "reprisal":
        state.add_terror(space)  # CL 4.2.3
        if state.support[space] < 0:
            state.shift_toward_neutral(space)
        return False
    if name == "infiltrate":
        old = POLICE if sp[space][POLICE] else TROOPS
        state.replace(space, old, GUER_U[M26], capturer=M26)  # CL 4.3.1, Commandeer
        return True
    if name == "subvert":
        state.say("Subvert in {space}.", space=NAMES[space])  # (the log said only "adds Subvert": issue 34 item 7)
        state.gain(DIRECTORIO, POP[space])  # CL 4.4.1
        state.support[space] = 0
        return True
    if name == "assassinate":
        state.push("remove", faction, space=space, count=1, mode="assassinate")
        frame["end"] = True
        return False
    if name == "kidnap":
        op = state.op_frame()
        if op is not None and space not in op["spaces"]:
            frame["then_terror"] = True
        return False
    if name == "bribe":
        if not (frame.get("free") or frame.get("free_cost")):
            state.gain(SYN, -3)  # CL 4.5.4: 3 Resources for the Bribe space
        return False
    if name == "transport" or name == "muscle":
        return False
    return True


def _next(state: CubaLibreState, frame: SaFrame, name: str, faction: int, verb: str, arg: Any) -> bool:
    s = frame.get("space", -1)
    if name == "transport":
        if frame["stage"] == 1:
            frame["recipient"] = NAMES.index(arg)
            frame["stage"] = 2
            return False
        state.move(s, frame["recipient"], TROOPS, int(arg), with_cash=verb == "troops with cash")  # CL 4.2.1, 4.5.2
        return True
    if name == "reprisal":
        if frame["stage"] == 1:
            frame["piece_type"] = state.slot(arg)
            frame["stage"] = 2
            return False
        d = NAMES.index(arg)
        state.move(s, d, frame["piece_type"])  # AMB-46: it keeps its state and any Cash
        ask_carry(state, state.owner(frame["piece_type"]), s, d, frame["piece_type"])
        return True
    if name == "kidnap":
        if frame.get("then_terror"):
            frame["end"] = True
            state.push("kidnap_terror", M26, space=s)
        kidnap(state, s, state.faction(arg))
        return not frame.get("then_terror")
    if name == "muscle":
        piece_type = POLICE if IS_CITY[s] else TROOPS
        o = NAMES.index(arg)
        state.move(o, s, piece_type)  # CL 4.5.3
        ask_carry(state, GOVT, o, s)  # 4.5.2: the Government says if its Cash went with the cube
        frame["count"] = frame.get("count", 0) + 1
        return frame["count"] >= 2
    if name == "profit":
        if frame["mode"] == "stash":
            if frame["stage"] == 1:
                frame["space"] = NAMES.index(arg)
                frame["stage"] = 2
                return False
            i = state.cash.index(-1)
            state.cash[i] = s * 4 + state.faction(arg)  # CL 4.5.1 stash
            frame["done_sp"] = (*frame.get("done_sp", ()), s)
            frame["stage"] = 1
            return len(frame["done_sp"]) >= 2
        x = NAMES.index(arg)
        if verb == "close":
            state.close_casino(x)
        else:
            state.cash[state.cash.index(x * 4 + SYN)] = -1
        state.gain(SYN, 3)
        frame["count"] = frame.get("count", 0) + 1
        return False
    if name == "bribe":
        piece_type = state.slot(arg)
        if verb == "removebase":
            frame["mode"] = "bases"
            state.remove(s, piece_type, 1)
        elif piece_type in (TROOPS, POLICE):
            frame["mode"] = "cubes"
            state.remove(s, piece_type, 1, capturer=SYN)
        else:
            frame["mode"] = "guerrillas"
            if verb == "flip":
                e = state.owner(piece_type)
                state.flip(s, e, 1, piece_type == GUER_U[e])
            else:
                state.remove(s, piece_type, 1, capturer=SYN)
        frame["count"] = frame.get("count", 0) + 1
        return False
    return True


def kidnap(state: CubaLibreState, space: int, target: int) -> None:
    """CL 4.3.3: roll and take Resources, or take a Cash marker (Cash Ransom); close a Casino."""
    code = space * 4 + target
    if code in state.cash:
        state.cash[state.cash.index(code)] = space * 4 + M26
        state.say("26July takes a Cash marker as ransom in {space}.", space=NAMES[space])
        state.close_casino(space)
        return
    roll = state.rng.die()
    if state.has_cap(22):  # Raul unshaded: 26July may roll again
        state.push("reroll", M26, space=space, roll=roll, what="kidnap", target=target)
        return
    kidnap_result(state, space, target, roll)


@step("kidnap_terror")
class KidnapTerror(Step):
    """The space of a Kidnap done first is then selected for the Terror (4.1 example)."""

    @staticmethod
    def enter(state: CubaLibreState, frame: KidnapTerrorFrame) -> int:
        op = state.op_frame()
        if op is not None and frame["space"] not in op["spaces"]:
            select_space(state, op, frame["space"])
        return FINISHED
