"""Propaganda rounds (CL 6.0-6.5) and the victory check (7.2).

`start_round` pushes one frame per phase; automatic phases resolve in `enter`, the others ask the
faction concerned: Cash deposits (6.2.4), Civic Action (6.3.2), Agitation (6.3.3), Expat Backing
(6.3.4), Redeploy (6.4). On the final (4th) card the round stops after the Support phase (6.3.5).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.data import (
    CASINO,
    CITIES,
    CLOSED_CASINO,
    DIRECTORIO,
    ECON,
    ECS,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    HAVANA,
    IS_CITY,
    IS_EC,
    M26,
    N_SPACES,
    NAMES,
    POLICE,
    POP,
    POPULATED,
    SYN,
    SYN_ACTIVE,
    SYN_UNDERGROUND,
    TROOPS,
    teams,
)
from agon.games.cuba_libre.frames import (
    Frame,
    PropAgitationFrame,
    PropAllianceFrame,
    PropCivicFrame,
    PropDepositFrame,
    PropEndFrame,
    PropExpatFrame,
    PropRedeployFrame,
    PropResetFrame,
    PropResourcesFrame,
    PropVictoryFrame,
)
from agon.games.cuba_libre.insurgent_ops import CARRY, MOVE, carried, rally_options
from agon.games.cuba_libre.operations import civic_action, civic_ok
from agon.games.cuba_libre.steps import DONE, FINISHED, PASS, PUSHED, SPACE, TO, WAIT, Step, actions, step

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

# why the game ended, as the log says it (terms of the "Game over" line)
FINAL_CARD = "final Propaganda card"
FINAL_ROUND = "final Propaganda round"
VICTORY_CHECK = "a faction met its victory condition at a Propaganda victory check (6.1)"
END_REASONS = (FINAL_CARD, FINAL_ROUND, VICTORY_CHECK)
PHASES = ("prop_victory", "prop_resources", "prop_alliance", "prop_civic", "prop_agitation", "prop_expat",
          "prop_end", "prop_redeploy", "prop_reset")


def start_round(state: CubaLibreState) -> None:
    """CL 6.0: a Propaganda card right after another holds no round (the final one ends the game)."""
    if state.last_was_prop:
        if state.prop_played == 4:
            state.end_game(FINAL_CARD)
        else:
            state.say("No Propaganda round: two Propaganda cards in a row.")
        return
    state.last_was_prop = True
    owner = (GOVT, GOVT, GOVT, GOVT, M26, DIRECTORIO, GOVT, GOVT, GOVT)  # 6.3.2 Government, 6.3.3 26July, 6.3.4 DR
    for kind, f in zip(reversed(PHASES), reversed(owner), strict=True):
        state.push(kind, f)


def victory_phase(state: CubaLibreState) -> bool:
    """CL 6.1 / 8.9: a faction meeting its condition ends the game (solo: only Non-players)."""
    solo = state.options["players"] == 1 and not state.options.get("no_nonplayers")
    winners = [f for f in range(4) if state.meets_condition(f) and (not solo or f in state.np)]
    if state.options.get("no_nonplayers"):  # CL 1.5: all factions of one player must meet their conditions
        winners = [f for t in teams(state.options) if all(state.meets_condition(x) for x in t) for f in t]
    if winners:
        state.end_game(VICTORY_CHECK, only=frozenset(state.np) if solo else None)
        return True
    return False


def resources_phase(state: CubaLibreState) -> None:
    """CL 6.2.1-6.2.3."""
    sp = state.sp
    for s in ECS:  # 6.2.1 automatic Sabotage
        if not state.terror[s] and state.guerrillas(s, M26) + state.guerrillas(s, DIRECTORIO) > sp[s][TROOPS] + sp[s][POLICE]:
            state.add_terror(s)
    state.gain(GOVT, state.econ_total() + state.aid)
    state.gain(M26, state.on_map(state.base_slot(M26)))  # 6.2.2
    state.gain(DIRECTORIO, sum(1 for s in range(N_SPACES) if state.any_pieces(s, DIRECTORIO)))
    syn = 2 * state.open_casinos()
    for s in range(N_SPACES):
        if (IS_CITY[s] or IS_EC[s]) and not state.sabotaged(s) and sp[s][SYN_UNDERGROUND] + sp[s][SYN_ACTIVE] > sp[s][POLICE]:
            syn += POP[s] if IS_CITY[s] else ECON[s]
    state.gain(SYN, syn)
    for s in POPULATED:  # 6.2.3 Skim
        if not sp[s][CASINO]:
            continue
        if state.has_cap(48, True) and sp[s][SYN_UNDERGROUND]:
            continue  # Santo Trafficante shaded
        c = state.control(s)
        if c >= 0 and c != SYN:
            paid = -state.gain(SYN, -2)
            state.gain(c, paid)
    state.say("Resources: Government {g0}, 26July {g1}, DR {g2}, Syndicate {g3}.",
          g0=state.res[0], g1=state.res[1], g2=state.res[2], g3=state.res[3])
    deposits = [(f, i) for f in (M26, DIRECTORIO, GOVT, SYN) for i in state.cash_of(f)]  # 6.2.4, in this order
    for f, i in reversed(deposits):
        state.push("prop_deposit", f, marker=i)


@step("prop_victory")
class Victory(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: PropVictoryFrame) -> int:
        state.chronicle_so_far()  # what the last card did, under its header (issue 34 item 2)
        if not victory_phase(state) and not state.quiet:  # CL 6.1: the check is logged when nobody wins too
            state.say("Victory check (6.1): no faction meets its condition. Margins: Government {g0}, 26July {g1}, "
                  "DR {g2}, Syndicate {g3}.", g0=state.margin(0), g1=state.margin(1), g2=state.margin(2), g3=state.margin(3))
        return FINISHED


@step("prop_resources")
class Resources(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: PropResourcesFrame) -> int:
        if frame.get("done"):
            return FINISHED
        frame["done"] = True
        resources_phase(state)
        return PUSHED


def deposit_options(state: CubaLibreState, faction: int, space: int) -> list[Any]:
    out: list[Any] = []
    if faction == SYN:
        if state.casinos(space) < 2 and state.available(CASINO) and not IS_EC[space]:
            out.append(("deposit", "casino"))
        if state.sp[space][CLOSED_CASINO]:
            out.append(("deposit", "open casino"))
    elif state.base_room(space, faction) and state.available(state.base_slot(faction)):
        out.append(("deposit", "base"))
    return out


@step("prop_deposit")
class Deposit(Step):
    """CL 6.2.4: each Cash marker becomes a Base (Casino) in its space or +6 Resources."""

    @staticmethod
    def enter(state: CubaLibreState, frame: PropDepositFrame) -> int:
        code = state.cash[frame["marker"]]
        if code < 0:
            return FINISHED
        if not deposit_options(state, frame["faction"], code // 4):
            Deposit.apply(state, frame, ("deposit", "resources"))
            return FINISHED
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: PropDepositFrame) -> list[Any]:
        s = state.cash[frame["marker"]] // 4
        return actions((*deposit_options(state, frame["faction"], s), ("deposit", "resources")))

    @staticmethod
    def apply(state: CubaLibreState, frame: PropDepositFrame, action: Any) -> bool:
        f = frame["faction"]
        s = state.cash[frame["marker"]] // 4
        state.cash[frame["marker"]] = -1
        what = action[1]
        if what == "resources":
            state.gain(f, 6)
        elif what == "open casino":
            state.sp[s][CLOSED_CASINO] -= 1
            state.sp[s][CASINO] += 1
        else:
            state.place(s, state.base_slot(f))
        state.say("{faction} deposits Cash in {space}: {what}.", faction=state.fname(f), space=NAMES[s], what=what)
        return True

    @staticmethod
    def prompt(state: CubaLibreState, frame: PropDepositFrame) -> tuple[str, dict[str, Any]]:
        return "Cash deposit in {space}: a Base or +6 Resources?", {"space": NAMES[state.cash[frame["marker"]] // 4]}


@step("prop_alliance")
class Alliance(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: PropAllianceFrame) -> int:
        if state.total_support() <= 18:  # CL 6.3.1
            state.alliance = min(2, state.alliance + 1)
            state.add_aid(-10)
            state.say("US Alliance test: Total Support {n}; Alliance {a}, Aid {aid}.", n=state.total_support(),
                  a=state.alliance, aid=state.aid)
        return FINISHED


class _SpaceBySpace(Step):
    """A Support Phase step paid space by space (6.3.2, 6.3.3): `verb` in a populated space where
    `ok(g, s)`, again and again, or done; skipped when no space qualifies."""

    verb = ""
    ok: Callable[[Any, int], bool]  # the space test, a staticmethod of each subclass

    @classmethod
    def enter(cls, state: CubaLibreState, frame: Frame) -> int:
        choices = cls.legal(state, frame)
        return WAIT if len(state.entered(frame, choices)) > 1 else FINISHED  # some space, not only "done"

    @classmethod
    def legal(cls, state: CubaLibreState, frame: Frame) -> list[Any]:
        return [*actions((cls.verb, NAMES[s]) for s in POPULATED if cls.ok(state, s)), DONE]


@step("prop_civic")
class Civic(_SpaceBySpace):
    """CL 6.3.2: 4 Resources remove a Terror marker or shift 1 level toward Active Support."""

    verb = "civic"
    ok = staticmethod(civic_ok)

    @staticmethod
    def apply(state: CubaLibreState, frame: PropCivicFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        civic_action(state, NAMES.index(action[1]))
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: PropCivicFrame) -> tuple[str, dict[str, Any]]:
        return "Civic Action: spend 4 Resources in a space, or done.", {}


def agitation_ok(state: CubaLibreState, space: int) -> bool:
    """CL 6.3.3: a 26July-Controlled space where 1 Resource has some effect."""
    return state.res[M26] >= 1 and state.controls(space, M26) and (state.terror[space] > 0 or state.support[space] > -2)


@step("prop_agitation")
class Agitation(_SpaceBySpace):
    """CL 6.3.3: 1 Resource removes a Terror marker or shifts 1 level toward Active Opposition."""

    verb = "agitate"
    ok = staticmethod(agitation_ok)

    @staticmethod
    def apply(state: CubaLibreState, frame: PropAgitationFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        s = NAMES.index(action[1])
        state.gain(M26, -1)
        if state.terror[s]:
            state.terror[s] -= 1
        else:
            state.shift(s, -1)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: PropAgitationFrame) -> tuple[str, dict[str, Any]]:
        return "Agitation: spend 1 Resource in a space you Control, or done.", {}


def expat_spaces(state: CubaLibreState) -> list[int]:
    """CL 6.3.4: not at Active Support/Opposition, not Controlled by a faction other than DR."""
    return [s for s in POPULATED if state.control(s) in (-1, DIRECTORIO) and rally_options(state, DIRECTORIO, s)]


@step("prop_expat")
class ExpatBacking(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: PropExpatFrame) -> int:
        if frame.get("done"):
            return FINISHED
        spaces = expat_spaces(state)
        if not spaces:
            return FINISHED
        state.entered(frame, ExpatBacking._choices(spaces))
        return WAIT

    @staticmethod
    def legal(state: CubaLibreState, frame: PropExpatFrame) -> list[Any]:
        return ExpatBacking._choices(expat_spaces(state))

    @staticmethod
    def _choices(spaces: list[int]) -> list[Any]:
        return [*(SPACE[s] for s in spaces), PASS]

    @staticmethod
    def apply(state: CubaLibreState, frame: PropExpatFrame, action: Any) -> bool:
        if action[0] == "pass":
            return True
        frame["done"] = True
        s = NAMES.index(action[1])
        state.say("Expat Backing: DR Rallies in {space}.", space=NAMES[s])
        state.push("rally", DIRECTORIO, space=s)
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: PropExpatFrame) -> tuple[str, dict[str, Any]]:
        return "Expat Backing: a free Rally in 1 space?", {}


@step("prop_end")
class GameEnd(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: PropEndFrame) -> int:
        if state.prop_played >= 4:  # CL 6.3.5
            state.end_game(FINAL_ROUND)  # 8.9: the solo player must beat every Non-player
        return FINISHED


def redeploy_dests(state: CubaLibreState, frame: PropRedeployFrame, piece_type: int, origin: int) -> list[int]:
    gc = frame["government_controlled"]
    if piece_type == POLICE:
        return list(police_dests(gc, origin))
    dests = [d for d in gc if d != origin and (IS_CITY[d] or state.sp[d][GOVT_BASE])]
    return dests


@cache
def police_dests(government_controlled: tuple[int, ...], origin: int) -> tuple[int, ...]:
    """CL 6.4: where Police from `origin` may go, the Government-Controlled spaces being `gc` (the
    ECs and those); a function of its arguments alone, so remembered for each (gc, origin)."""
    return tuple(d for d in range(N_SPACES) if d != origin and (IS_EC[d] or d in government_controlled))


def forced_troops(state: CubaLibreState, space: int) -> bool:
    """CL 6.4: Troops in `s` must redeploy (an EC, or a Province without a Government Base)."""
    return bool(state.sp[space][TROOPS]) and (IS_EC[space] or (not IS_CITY[space] and not state.sp[space][GOVT_BASE]))


NO_SPACE = -2  # (no destination at all; -1: more than one)
TROOP_MOVES, POLICE_MOVES = MOVE["troop"], MOVE["police"]
TROOP_CASH_MOVES, POLICE_CASH_MOVES = MOVE["troop" + CARRY], MOVE["police" + CARRY]


@step("prop_redeploy")
class Redeploy(Step):
    """CL 6.4: Police to ECs / Govt-Controlled spaces; Troops off ECs and Base-less Provinces to
    Govt-Controlled Cities or Base spaces (Havana if none); Control fixed until the end.
    Ruling: each cube moves at most once in the phase (bounds the phase)."""

    @staticmethod
    def enter(state: CubaLibreState, frame: PropRedeployFrame) -> int:
        if "government_controlled" not in frame:
            frame["government_controlled"] = tuple(s for s in POPULATED if state.controls(s, GOVT))
            frame["arr"] = (0,) * (2 * N_SPACES)
            frame["stage"] = -1
            if not redeploy_dests(state, frame, TROOPS, -1):
                for s in range(N_SPACES):  # no legal destination: forced Troops go to Havana
                    if forced_troops(state, s) and s != HAVANA:
                        state.move(s, HAVANA, TROOPS, state.sp[s][TROOPS])
                frame["havana"] = True
        return WAIT if state.entered(frame, Redeploy.legal(state, frame)) else FINISHED

    @staticmethod
    def legal(state: CubaLibreState, frame: PropRedeployFrame) -> list[Any]:
        arr = frame["arr"]
        if frame["stage"] >= 0:
            o, piece_type = frame["stage"] // 2, (TROOPS, POLICE)[frame["stage"] % 2]
            return [TO[d] for d in redeploy_dests(state, frame, piece_type, o)]
        out: list[Any] = []
        forced = False
        # every destination; one from s is any of them but s itself (redeploy_dests(g, fr, pt, s)),
        # so a cube may leave s unless its one destination is s
        to_t = () if frame.get("havana") else redeploy_dests(state, frame, TROOPS, -1)
        to_p = police_dests(frame["government_controlled"], -1)
        only_t = to_t[0] if len(to_t) == 1 else -1 if to_t else NO_SPACE
        only_p = to_p[0] if len(to_p) == 1 else -1 if to_p else NO_SPACE
        troops, police = only_t != NO_SPACE, only_p != NO_SPACE
        cash = state.cash_spaces(GOVT)
        for s, row in enumerate(state.sp):
            if troops and row[TROOPS] > arr[s] and only_t != s:
                out.append(TROOP_MOVES[s])
                if s in cash:
                    out.append(TROOP_CASH_MOVES[s])
                if not forced:  # (one forced space is enough: no need to ask the others)
                    forced = forced_troops(state, s)
            if police and row[POLICE] > arr[s + N_SPACES] and only_p != s:
                out.append(POLICE_MOVES[s])
                if s in cash:
                    out.append(POLICE_CASH_MOVES[s])
        if out and not forced:
            out.append(DONE)
        return out

    @staticmethod
    def apply(state: CubaLibreState, frame: PropRedeployFrame, action: Any) -> bool:
        if action[0] == "done":
            return True
        if action[0] == "move":
            s = NAMES.index(action[1][0])
            kind, frame["carry"] = carried(action[1][1])
            frame["stage"] = 2 * s + (kind == "police")
            return False
        o, police = frame["stage"] // 2, frame["stage"] % 2
        d = NAMES.index(action[1])
        state.move(o, d, POLICE if police else TROOPS, 1, frame.get("carry", False))
        arr = list(frame["arr"])
        arr[d + N_SPACES * police] += 1
        frame["arr"] = tuple(arr)
        frame["stage"] = -1
        return False

    @staticmethod
    def prompt(state: CubaLibreState, frame: PropRedeployFrame) -> tuple[str, dict[str, Any]]:
        return "Redeploy: move cubes (Troops off ECs and Provinces without a Base must move).", {}


@step("prop_reset")
class Reset(Step):
    @staticmethod
    def enter(state: CubaLibreState, frame: PropResetFrame) -> int:
        """CL 6.5."""
        state.chronicle_so_far()
        if not state.quiet:
            state.say("Reset (6.5): every faction Eligible, Terror and Sabotage removed, Guerrillas Underground, "
                  "closed Casinos open, Momentum cards discarded.")
        state.elig = [True] * 4
        state.terror = [0] * N_SPACES
        state.momentum = frozenset()
        for s in range(N_SPACES):
            row = state.sp[s]
            for f in (M26, DIRECTORIO, SYN):
                row[GUER_U[f]] += row[GUER_A[f]]
                row[GUER_A[f]] = 0
            row[CASINO] += row[CLOSED_CASINO]
            row[CLOSED_CASINO] = 0
        return FINISHED


_ = CITIES
