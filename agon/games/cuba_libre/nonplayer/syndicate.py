"""Non-player Syndicate (CL 8.5): Rally, March, Construct, Terror; Profit, Muscle, Bribe.

Flow (8.5, completion AMB-30, AMB-18, AMB-36):
    Rally condition             -> Rally (8.5.1)     -> Profit | Muscle | Bribe
    March priorities do a March -> March (8.5.2)     -> Profit | Muscle | Bribe
    Construct condition         -> Construct (8.5.3) -> Profit | Muscle | Bribe ; IF NONE Terror ; Pass
    otherwise                   -> Terror (8.5.4)    -> Bribe (Assassinate under Mafia Offensive)
                                   ; IF NONE (no Underground Guerrilla) Construct if possible ; Pass
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.activities import spaces
from agon.games.cuba_libre.data import (
    ADJ,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    ECS,
    GOVT,
    IS_EC,
    M26,
    N_SPACES,
    NAMES,
    POPULATED,
    SYN,
    SYN_ACTIVE,
    SYN_UNDERGROUND,
)
from agon.games.cuba_libre.insurgent_ops import rally_options
from agon.games.cuba_libre.nonplayer.common import (
    Ctx,
    Decision,
    can_execute,
    entry,
    final_next,
    holds_cash,
    idx,
    planner,
    player_at_victory,
    removal_key,
    takes_cash,
)
from agon.games.cuba_libre.nonplayer.frames import entry_for
from agon.games.cuba_libre.op_spaces import space_ok
from agon.games.cuba_libre.removal import removal_targets

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

REMOVE_WHY = "8.1.2 #4 targets"


# -- 8.5.1 Rally ----------------------------------------------------------------------------------


def rally_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    out = []
    step1 = [s for s in POPULATED if 1 <= g.casinos(s) <= 2 and not g.guerrillas(s, SYN)
             and "place" in rally_options(g, SYN, s) and s not in done]
    for s in ctx.shuffled(step1):  # 8.5.1 step 1 (ties at random, 8.2)
        out.append(entry(s, "8.5.1 step 1: 1 Guerrilla in a Casino space without Syndicate Guerrillas", act="place"))
    step2 = [s for s in POPULATED if g.sp[s][CASINO] and g.cubes(s) and not g.sp[s][SYN_UNDERGROUND] and g.sp[s][SYN_ACTIVE]
             and "flip" in rally_options(g, SYN, s) and s not in done and s not in step1]
    for s in ctx.shuffled(step2):  # 8.5.1 step 2
        out.append(entry(s, "8.5.1 step 2: flip the Active Guerrillas of an open-Casino space with cubes", act="flip"))
    return out


def rally_cond(ctx: Ctx) -> bool:
    """8.5.1 Condition [AMB-30]: a Rally can add a Guerrilla to a Casino space without one."""
    return any(e["act"] == "place" for e in rally_plan(ctx)) and ctx.g.res[SYN] >= 1


# -- 8.5.2 March ----------------------------------------------------------------------------------


def march_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    left = [g.guerrillas(s, SYN) for s in range(N_SPACES)]
    out = []
    for ec in ctx.shuffled(ECS):  # 8.5.2 step 1: every reachable EC empty of all pieces
        if ec in done or sum(g.sp[ec]) > 0 or not space_ok(g, {"step": "op", "operation": "march", "faction": SYN}, ec):
            continue
        origins = [o for o in ADJ[ec] if left[o] > 0]
        if not origins:
            continue
        o = ctx.order(origins, lambda origin: (-left[origin], 1 if g.sp[origin][CASINO] else 0))[0]
        left[o] -= 1
        out.append(entry(ec, "8.5.2 step 1: 1 Guerrilla into an empty EC (most Guerrillas, no open Casino)",
                      moves=((o, 1, False),)))
    if final_next(g):  # 8.5.2 step 2 [AMB-49]: Cash holders toward closed Casinos
        for o in ctx.shuffled(range(N_SPACES)):
            if not holds_cash(g, o, SYN) or g.sp[o][CLOSED_CASINO] or left[o] <= 0:
                continue
            dests = [d for d in ADJ[o] if g.sp[d][CLOSED_CASINO] and d not in done]
            if dests:  # the Guerrillas holding Cash, each carrying its marker (4.5.2)
                d = ctx.pick(dests)
                n = min(left[o], g.cash_held(o, SYN))
                out.append(entry(d, "8.5.2 step 2: Cash holders March to a closed Casino before the final Propaganda",
                              moves=((o, n, False, True),)))
                left[o] -= n
    return out


# -- 8.5.3 Construct ------------------------------------------------------------------------------


def construct_cond(state: CubaLibreState) -> bool:
    """8.5.3: (Available + closed Casinos on the map) > Cash markers on the map."""
    return state.available(CASINO) + state.on_map(CLOSED_CASINO) > sum(1 for c in state.cash if c >= 0)


def construct_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    if g.res[SYN] < 5:
        return []
    n = (2 if g.res[SYN] > 35 else 1) - len(done)  # 8.5.3 number of spaces
    if n <= 0:
        return []
    ok = [s for s in POPULATED if s not in done and g.control(s) in (GOVT, SYN)]
    out: list[dict[str, Any]] = []
    if final_next(g):  # AMB-18: open closed Casinos where the Syndicate holds no Cash, first
        opens = [s for s in ok if g.sp[s][CLOSED_CASINO] and not holds_cash(g, s, SYN)]
        for s in ctx.shuffled(opens):
            out.append(entry(s, "8.5.3: final Propaganda next, open a closed Casino (no Cash there)", act="open"))
    if g.available(CASINO):
        places = [s for s in ok if g.casinos(s) < 2 and s not in [e["s"] for e in out]]
        for s in ctx.order(places, lambda space: 0 if g.casinos(space) else 1):
            out.append(entry(s, "8.5.3: place a closed Casino, first where Casinos are", act="place"))
    return out[:n]


# -- 8.5.4 Terror ---------------------------------------------------------------------------------


def terror_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """8.5.4 (Greek «Αρχικά ... Έπειτα ...»): first, if 26July is a player at victory, 1 space with
    Opposition; then, if the Government is a player at victory, 1 space with Support (two spaces
    when both hold, Resources allowing); if neither selects a space, 1 random space (8.2/8.3)."""
    g = ctx.g
    budget = g.res[SYN] - sum(1 for s in done if not IS_EC[s])
    cands = [s for s in range(N_SPACES) if s not in done and space_ok(g, {"step": "op", "operation": "terror", "faction": SYN}, s)
             and not (IS_EC[s] and g.terror[s])]
    out: list[dict[str, Any]] = []
    # numbered priorities are tried in turn: one that selects no space passes to the next (8.0)
    steps = ((M26, lambda space: g.support[space] < 0, "8.5.4 step 1: 26July player at victory, Terror at Opposition"),
             (GOVT, lambda space: g.support[space] > 0, "8.5.4 step 2: Government player at victory, Terror at Support"))
    for who, wanted, why in steps:
        if not player_at_victory(g, who):
            continue
        if any(wanted(s) for s in done):
            continue  # this step's space is already chosen
        pick = [s for s in cands if wanted(s) and s not in {e["s"] for e in out} and (IS_EC[s] or budget >= 1)]
        if pick:
            s = ctx.pick(pick)
            out.append(entry(s, why))
            budget -= 0 if IS_EC[s] else 1
    if out or done:
        return out
    cands = [s for s in cands if IS_EC[s] or budget >= 1]
    if not cands:
        return []
    pops = [s for s in cands if not IS_EC[s]]
    return [entry(ctx.pick(pops or cands), "8.5.4 step 3: 1 random space (8.2; ECs 8.3)")]


# -- the flowchart --------------------------------------------------------------------------------


plan = planner({"rally": rally_plan, "march": march_plan, "construct": construct_plan, "terror": terror_plan})


def ops(ctx: Ctx, allowed: list[str]) -> tuple[str, str] | None:
    g = ctx.g

    can = can_execute(ctx, allowed, plan)

    if rally_cond(ctx) and can("rally"):
        return "rally", "8.5.1 Rally: a Casino space without Syndicate Guerrillas"
    if can("march"):
        return "march", "8.5.2 March: into an empty EC or with Cash"
    if construct_cond(g):
        if can("construct"):
            return "construct", "8.5.3 Construct: more Casinos than Cash on the map"
        if can("terror"):
            return "terror", "8.5.3 IF NONE: Terror (8.5.4)"
        return None
    if can("terror"):
        return "terror", "8.5.4 Terror: no other condition met"
    if can("construct"):
        return "construct", "8.5.4 IF NONE [AMB-36]: no Underground Guerrilla, Construct"
    return None


# -- 8.5.5 Special Activities ----------------------------------------------------------------------


def profit_spaces(state: CubaLibreState) -> list[int]:
    return [s for s in range(N_SPACES) if state.sp[s][CASINO] and state.guerrillas(s, SYN)]


def muscle_space(ctx: Ctx) -> tuple[int, str] | None:
    g = ctx.g
    legal = spaces(g, SYN, "muscle", {"step": "op", "faction": SYN, "spaces": ()})
    for who, why in ((M26, "26July"), (DIRECTORIO, "DR")):
        cands = [s for s in legal if g.sp[s][CASINO] and g.control(s) == who]
        if cands:
            return ctx.pick(cands), f"8.5.5 Muscle: open Casino under {why} Control"
    return None


def bribe_space(ctx: Ctx, paid: bool = False) -> tuple[int, str] | None:
    g = ctx.g
    if paid:
        legal = [idx(a) for v, a in ctx.legal if v == "space"]
    else:
        legal = spaces(g, SYN, "bribe", {"step": "op", "faction": SYN, "spaces": ()}) if g.res[SYN] >= 3 else []
    if not legal:
        return None
    contraband = []
    for s in legal:
        if not g.guerrillas(s, SYN):
            continue
        for e in (GOVT, M26, DIRECTORIO):
            holders = g.cubes(s) if e == GOVT else g.guerrillas(s, e)
            if takes_cash(g, s, e, SYN) and holders <= 2:  # 8.1.2 #7: not Cash a Non-player passes on
                contraband.append(s)
    if contraband:
        return ctx.pick(contraband), "8.5.5 Bribe step 1: removal transfers Cash to the Syndicate"

    def rebels(space: int) -> bool:
        return g.any_pieces(space, M26) or g.any_pieces(space, DIRECTORIO)

    casino = [s for s in legal if g.sp[s][CASINO] and rebels(s)]
    if casino:
        return ctx.order(casino, lambda space: 0 if g.any_pieces(space, M26) else 1)[0], \
            "8.5.5 Bribe step 2: 26July, then DR pieces where an open Casino is"
    syn = [s for s in legal if g.any_pieces(s, SYN) and rebels(s)]
    if syn:
        return ctx.order(syn, lambda space: (1 if IS_EC[space] else 0, 0 if g.any_pieces(space, M26) else 1))[0], \
            "8.5.5 Bribe step 3: 26July, then DR pieces where the Syndicate is, ECs last"
    return None


def sa(ctx: Ctx) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    if frame["operation"] == "terror":
        if g.has_cap(43, True) and ctx.ok("activity", "assassinate"):
            return Decision("activity", "assassinate", "8.5.5 Mafia Offensive: Assassinate instead of Bribe")
        if bribe_space(ctx) and ctx.ok("activity", "bribe"):
            return Decision("activity", "bribe", "8.5.5 after Terror: Bribe")
        return None
    if -1 in g.cash and profit_spaces(g) and ctx.ok("activity", "profit"):
        return Decision("activity", "profit", "8.5.5: Profit if possible")
    if muscle_space(ctx) and ctx.ok("activity", "muscle"):
        return Decision("activity", "muscle", "8.5.5: no Profit, Muscle")
    if bribe_space(ctx) and ctx.ok("activity", "bribe"):
        return Decision("activity", "bribe", "8.5.5: no Profit or Muscle, Bribe")
    return None


def sa_frame(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    name, stage = frame["special_activity"], frame["stage"]
    if name == "profit":
        if stage == 0:
            return Decision("profit", "stash", "8.5.5 Profit: stash mode only")
        if stage == 1:
            done_sp = frame.get("done_sp", ())
            cands = [s for s in profit_spaces(g) if s not in done_sp and ctx.ok("space", NAMES[s])]
            if not cands:
                return Decision("done", None, "8.5.5 Profit: no other open-Casino space with a Guerrilla")
            s = ctx.order(cands, lambda space: (1 if holds_cash(g, space, SYN) else 0,
                                            1 if any(g.any_pieces(space, e) for e in (GOVT, M26, DIRECTORIO)) else 0))[0]
            return Decision("space", NAMES[s], "8.5.5 Profit: no Syndicate Cash, then no other pieces, then random")
        return Decision("holder", "syndicate", "8.5.5 Profit: Cash with a Syndicate Guerrilla (8.1.2 #3)")
    if name == "muscle":
        if stage == 0:
            got = muscle_space(ctx)
            return Decision("space", NAMES[got[0]], got[1]) if got else None
        origins = [idx(a) for v, a in ctx.legal if v == "from"]
        if not origins:
            return None
        o = ctx.order(origins, lambda origin: -g.cubes(origin))[0]
        return Decision("from", NAMES[o], "8.5.5 Muscle: cubes from the space with the most cubes")
    if name == "assassinate" and stage == 0:
        cands = [idx(a) for v, a in ctx.legal if v == "space"]
        if not cands:
            return None
        s = ctx.order(cands, lambda space: min((removal_key(g, SYN, space, g.key(piece_type))
                                            for piece_type in removal_targets(g, SYN, space, "assassinate")), default=(9,)))[0]
        return Decision("space", NAMES[s], "8.5.5 Mafia Offensive: Assassinate per the Bribe priorities (8.1.2)")
    if name == "bribe":
        if stage == 0:
            got = bribe_space(ctx, paid=True)
            return Decision("space", NAMES[got[0]], got[1]) if got else None
        return bribe_target(ctx)
    return None


def bribe_target(ctx: Ctx) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    s = frame["space"]
    opts = [(v, a) for v, a in ctx.legal if v != "done"]
    if not opts:
        return Decision("done", None, "8.5.5 Bribe: nothing more")

    def key(option: tuple[str, Any]) -> tuple[int, ...]:
        v, a = option
        piece_type = g.slot(a)
        owner = g.owner(piece_type)
        cash = 0 if owner != SYN and holds_cash(g, s, owner) else 1
        fo = {M26: 0, DIRECTORIO: 1, GOVT: 2, SYN: 3}[owner]
        kind = {"removebase": 0, "remove": 1, "flip": 2}[v]
        under = 0 if a.endswith("_u") else 1
        if owner == SYN:  # flipping its own: only Active -> Underground helps
            return (2, 9, 9, 0 if a.endswith("_a") else 1)
        return (cash, fo, kind, under)

    v, a = ctx.order(opts, key)[0]
    if v == "flip" and a == "syn_u" and ctx.ok("done"):
        return Decision("done", None, "8.5.5 Bribe: no more enemy pieces")
    return Decision(v, a, "8.5.5 Bribe: Cash holders, 26July then DR, Bases first (8.1.2 #4)")


def construct_frame(ctx: Ctx, mod: Any) -> Decision | None:
    e = entry_for(ctx, mod, ctx.frame["space"])
    want = e["act"] if e else "place"
    if ctx.ok("construct", want):
        return Decision("construct", want, e["why"] if e else "8.5.3")
    return None


HANDLERS = {"sa": sa_frame, "construct": construct_frame}
_ = SYN_UNDERGROUND
