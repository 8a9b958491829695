"""The Event card turn (CL 2.3): the 1st/2nd Eligible options, Pass, Launder, variable deployment.

Frame "option": the faction frame["faction"] is offered the card. Its choices depend on what the 1st
Eligible did (2.3.4): ("event", "unshaded"|"shaded"), ("op"), ("limop"), ("pass").
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from agon.engine import Action
from agon.games.cuba_libre import deception
from agon.games.cuba_libre import events as ev
from agon.games.cuba_libre.data import (
    CITIES,
    DIRECTORIO,
    GOVT,
    IS_CITY,
    M26,
    N_SPACES,
    NAMES,
    POPULATED,
    PROVINCES,
    SYN,
    TITLE,
)
from agon.games.cuba_libre.frames import DeployFrame, LaunderFrame, OptionFrame
from agon.games.cuba_libre.operations import any_op_possible, launder_donors
from agon.games.cuba_libre.steps import DECLINE, FINISHED, PASS, WAIT, Step, actions, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

PASS_GAIN = (3, 1, 1, 1)  # CL 2.3.3


def option_kinds(state: CubaLibreState, faction: int) -> tuple[bool, str]:
    """(Event allowed, "op" or "limop") for faction f now (2.3.4, 2.3.9, 8.1)."""
    if state.n_acted == 0:
        ev_ok, kind = True, "op"
    elif state.first_did == "op":
        ev_ok, kind = False, "limop"
    elif state.first_did == "opsa":
        ev_ok, kind = True, "limop"  # AMB-1 / V-07: Event or LimOp
    else:
        ev_ok, kind = False, "op"
    if state.final_card:
        kind = "limop"  # CL 2.3.9
    if faction in state.np:
        kind = "op"  # CL 8.1: Non-players never do LimOps and ignore 2.3.9
    return ev_ok, kind


EVENT_UNSHADED, EVENT_SHADED = Action("event", "unshaded"), Action("event", "shaded")
OP, LIMOP, OP_HIDDEN_ASSET = Action("op", None), Action("limop", None), Action("op", "hidden asset")


@step("option")
class Option(Step):
    @staticmethod
    def legal(state: CubaLibreState, frame: OptionFrame) -> list[Any]:
        f = frame["faction"]
        ev_ok, kind = option_kinds(state, f)
        out: list[Any] = []
        if ev_ok:
            for shaded in (False, True):
                if ev.playable(state, state.current, shaded, f):
                    out.append(EVENT_SHADED if shaded else EVENT_UNSHADED)
        lim = kind == "limop"
        if any_op_possible(state, f, lim, False, special_activity=not lim or (f == GOVT and state.has_mom(10))):
            out.append(LIMOP if lim else OP)
            if lim and deception.has_asset(state, f):
                out.append(OP_HIDDEN_ASSET)  # CL 7.3 Deception: LimOp -> Op + SA
        out.append(PASS)
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: OptionFrame, action: Any) -> bool:
        f = frame["faction"]
        verb = action[0]
        if verb == "pass":
            state.gain(f, PASS_GAIN[f])
            if not state.quiet:  # (a quiet game logs nothing: its words are not built)
                state.say("{faction} passes.", faction=state.fname(f))
            return True
        state.n_acted += 1
        state.executed = state.executed | {f}
        state.stack.pop()
        if verb == "event":
            if state.n_acted == 1:
                state.first_did = "event"
            shaded = action[1] == "shaded"
            if not state.quiet:
                state.say("{faction} executes the Event {title} ({side}).", faction=state.fname(f),
                      title=TITLE[state.current], side=action[1])
            ev.execute(state, f, state.current, shaded)
            return False
        if state.n_acted == 1:
            state.first_did = "op"
        if action[1] == "hidden asset":
            deception.use_asset(state, f)
        lim = verb == "limop"
        sa = not lim or (f == GOVT and state.has_mom(10))  # MAP shaded: LimOps may add an SA
        state.stack.append({"step": "opchoice", "faction": f, "lim": lim, "free": False, "special_activity": sa, "src": "card",
                        "slot": state.n_acted})  # (state.push, built in place)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: OptionFrame) -> tuple[str, dict[str, Any]]:
        return Option._line(state, Option.legal(state, frame))

    @staticmethod
    def public_prompt(state: CubaLibreState, frame: OptionFrame) -> tuple[str, dict[str, Any]]:
        """CL 7.3 (issue 29.2): the full Operation a Hidden Asset offers is the owner's secret; the
        line everyone else reads names only the options anyone may know."""
        return Option._line(state, [a for a in Option.legal(state, frame) if a != OP_HIDDEN_ASSET])

    @staticmethod
    def _line(state: CubaLibreState, legal: list[Any]) -> tuple[str, dict[str, Any]]:
        nth = "1st" if state.n_acted == 0 else "2nd"
        offered = list(dict.fromkeys(OFFERED[verb] for verb, _ in legal))  # only what is offered
        if offered == ["Pass"]:
            return "{card}: you are {nth} Eligible; nothing is possible but to Pass.", {"card": TITLE[state.current], "nth": nth}
        choices = _choices(offered)  # a term: one of CHOICES
        return "{card}: you are {nth} Eligible. Choose {choices}.", {"card": TITLE[state.current], "nth": nth, "choices": choices}


OFFERED = {"event": "the Event", "op": "an Operation", "limop": "a Limited Operation", "pass": "Pass"}


def _choices(offered: list[str]) -> str:
    return ", ".join(offered[:-1]) + " or " + offered[-1]


# every list of choices a 1st or 2nd Eligible faction may be offered (2.3.4): Pass comes last
CHOICES = tuple(dict.fromkeys(_choices([*first[:k], "Pass"]) for first in permutations(tuple(OFFERED.values())[:3])
                              for k in range(1, 4)))
DEPLOY_WORDS = ("casino", "dr", "m26_base", "m26", "troop", "police", "troops3")  # CL S3: what the prompt places
PROMPT_WORDS = ("1st", "2nd", *CHOICES, *DEPLOY_WORDS)


@step("launder")
class Launder(Step):
    """CL 2.3.6: a Cash marker removed (by its holder) buys the acting faction a free LimOp
    (not Construct). frame["faction"] is the holder asked, frame["beneficiary"] the acting faction."""

    @staticmethod
    def legal(state: CubaLibreState, frame: LaunderFrame) -> list[Any]:
        own = frame["faction"] == frame.get("beneficiary", frame["faction"])
        return [Action("launder" if own else "give cash", None), DECLINE]

    @staticmethod
    def apply(state: CubaLibreState, frame: LaunderFrame, action: Any) -> bool:
        who, f = frame["faction"], frame.get("beneficiary", frame["faction"])
        state.stack.pop()
        if action[0] == "decline":
            asked = frame.get("asked", (who,))
            rest = [x for x in launder_donors(state, f) if x not in asked]
            if rest:
                state.push("launder", rest[0], beneficiary=f, asked=(*asked, rest[0]))
            return False
        state.cash[state.cash_of(who)[0]] = -1
        state.laundered = state.laundered | {f}
        state.say("{faction} launders Cash for a free Limited Operation of {other}.", faction=state.fname(who),
              other=state.fname(f))
        state.push("opchoice", f, lim=True, free=True, special_activity=False, src="launder")
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: LaunderFrame) -> tuple[str, dict[str, Any]]:
        if frame["faction"] == frame.get("beneficiary", frame["faction"]):
            return "Launder a Cash marker for a free Limited Operation?", {}
        return "Give a Cash marker so that {other} gets a free Limited Operation?", {
            "other": state.fname(frame.get("beneficiary", frame["faction"]))}


def _deploy_todo(faction: int) -> tuple[str, ...]:
    if faction == SYN:
        return ("casino",) * 3
    if faction == DIRECTORIO:
        return ("dr",) * 3
    if faction == M26:
        return ("m26_base",) + ("m26",) * 4
    return ("troop",) * 9 + ("police",) * 8 + ("troops3",)


@step("deploy")
class Deploy(Step):
    """CL S3 variable deployment, one piece (or the 3 Troops) per action."""

    @staticmethod
    def enter(state: CubaLibreState, frame: DeployFrame) -> int:
        if "todo" not in frame:
            frame["todo"] = _deploy_todo(frame["faction"])
        return WAIT if frame["todo"] else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: DeployFrame) -> list[Any]:
        what = frame["todo"][0]
        if what == "casino":
            spaces = [s for s in POPULATED if not state.casinos(s)]
        elif what == "dr":
            spaces = list(range(N_SPACES))
        elif what == "m26_base":
            spaces = [s for s in POPULATED if not state.any_pieces(s, DIRECTORIO) and state.base_room(s, M26)]
        elif what == "m26":
            spaces = [s for s in range(N_SPACES) if not state.any_pieces(s, DIRECTORIO) and not (IS_CITY[s] and state.guerrillas(s, M26))]
        elif what in ("troop", "police"):
            spaces = list(CITIES)
        else:
            spaces = list(PROVINCES)
        return actions(("place", NAMES[s]) for s in spaces)

    @staticmethod
    def apply(state: CubaLibreState, frame: DeployFrame, action: Any) -> bool:
        what = frame["todo"][0]
        s = NAMES.index(action[1])
        slot = {"casino": "casino", "dr": "dr_u", "m26_base": "m26_base", "m26": "m26_u", "troop": "troop",
                "police": "police", "troops3": "troop"}[what]
        state.place(s, state.slot(slot), 3 if what == "troops3" else 1)
        frame["todo"] = frame["todo"][1:]
        return not frame["todo"]

    @staticmethod
    def prompt(state: CubaLibreState, frame: DeployFrame) -> tuple[str, dict[str, Any]]:
        return "Deploy: place {piece} ({n} placements left).", {"piece": frame["todo"][0], "n": len(frame["todo"])}
