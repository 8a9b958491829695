"""Non-player 26July (CL 8.7): Terror, Rally, March, Attack; Kidnap, Infiltrate, Ambush; Agitation.

Flow (8.7, completion V-39, AMB-16, AMB-17, C-36, C-39):
    Terror condition, effective Terror -> Terror (8.7.1) -> Kidnap
    Terror condition (only Passive Opp) -> Rally (8.7.2) ; IF NONE March ; IF NONE Attack ; IF NONE Pass
    Rally condition, Rally possible    -> Rally (8.7.2)  -> Infiltrate
    Rally condition                    -> March (8.7.3)  -> Infiltrate ; IF NONE Attack ; IF NONE Pass
    a space with 4+ Guerrillas and Govt -> Attack (8.7.4) -> Ambush ; IF NONE Pass
    otherwise                          -> March (8.7.3)  -> Infiltrate ; IF NONE Attack ; IF NONE Pass
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.activities import kidnap_space_kind, kidnap_victims, spaces
from agon.games.cuba_libre.data import (
    ADJ,
    CASINO,
    ECS,
    GOVT,
    GOVT_BASE,
    HAVANA_STEPS,
    IS_CITY,
    IS_EC,
    M26,
    M26_BASE,
    M26_UNDERGROUND,
    N_SPACES,
    NAMES,
    POLICE,
    POP,
    POPULATED,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.insurgent_ops import rally_options
from agon.games.cuba_libre.nonplayer.common import (
    Ctx,
    Decision,
    can_execute,
    entry,
    first_executable,
    holds_cash,
    idx,
    planner,
    takes_cash,
    terror_ok,
)
from agon.games.cuba_libre.nonplayer.frames import ambush_or_roll
from agon.games.cuba_libre.op_spaces import space_ok
from agon.games.cuba_libre.removal import removal_targets

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

REMOVE_WHY = "8.7.4 targets: Cash first, then Government forces (8.1.2)"


def kidnap_targets(state: CubaLibreState, space: int) -> list[int]:
    """4.3.3: where 26July Guerrillas outnumber Police, a target with Cash or Resources."""
    if not kidnap_space_kind(state, space) or state.guerrillas(space, M26) <= state.sp[space][POLICE]:
        return []
    return [t for t in kidnap_victims(state, space) if holds_cash(state, space, t) or state.res[t] > 0]


# -- 8.7.1 Terror ---------------------------------------------------------------------------------


def terror_effects(state: CubaLibreState) -> tuple[bool, bool]:
    """(Terror condition, effective Terror): Kidnap, Sabotage or a shift; effective unless the only
    shift is at Passive Opposition without Caracas (8.7.1 IF NONE)."""
    cond = eff = False
    for s in range(N_SPACES):
        if not terror_ok(state, M26, s):
            continue
        if kidnap_targets(state, s) or (IS_EC[s] and not state.terror[s]):
            return True, True
        if not IS_EC[s] and state.support[s] > -2:
            cond = True
            if state.support[s] >= 0 or state.has_cap(18):
                eff = True
    return cond, eff


def terror_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    out: list[dict[str, Any]] = []
    ok = [s for s in range(N_SPACES) if terror_ok(g, M26, s) and s not in done]
    kid = [s for s in ok if kidnap_targets(g, s)]
    if kid:
        s = ctx.order(kid, lambda space: 0 if IS_EC[space] else 1 if IS_CITY[space] else 2)[0]
        out.append(entry(s, "8.7.1 step 1: 1 space to Kidnap in (EC, City, open Casino)"))
    used = {e["s"] for e in out}
    for s in ctx.shuffled([s for s in ok if IS_EC[s] and not g.terror[s] and s not in used]):
        out.append(entry(s, "8.7.1 step 2: every EC without Sabotage"))
        used.add(s)
    for s in ctx.shuffled([s for s in ok if not IS_EC[s] and g.support[s] >= 0 and s not in used]):
        out.append(entry(s, "8.7.1 step 3: every City and Province at Support or Neutral"))
        used.add(s)
    if g.has_cap(18):  # C-36 (Greek): with Caracas, every other Passive Opposition space
        for s in ctx.shuffled([s for s in ok if g.support[s] == -1 and s not in used]):
            out.append(entry(s, "8.7.1 step 4: Caracas in effect, every Passive Opposition space"))
    return out


# -- 8.7.2 Rally ----------------------------------------------------------------------------------


def rally_cond(state: CubaLibreState) -> bool:
    return state.available(M26_UNDERGROUND) >= 6 or any("base" in rally_options(state, M26, s) for s in POPULATED)


def rally_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    row = g.sp
    cand = [s for s in POPULATED if rally_options(g, M26, s) and s not in done]
    out: list[dict[str, Any]] = []
    used: set[int] = set()
    life = g.has_cap(30)  # The Guerrilla Life: every 26July Rally also flips Underground
    for s in ctx.shuffled([s for s in cand if g.guerrillas(s, M26) and not row[s][M26_UNDERGROUND] and row[s][M26_BASE]
                           and g.cubes(s) and "flip" in rally_options(g, M26, s)]):
        if life and "place" in rally_options(g, M26, s) and g.available(M26_UNDERGROUND):
            # 8.7.2 (card 30 unshaded): combine flipping and placing wherever possible
            out.append(entry(s, "8.7.2 step 1 with The Guerrilla Life: place Guerrillas, which flips them too",
                             act="max"))
        else:
            out.append(entry(s, "8.7.2 step 1: flip all-Active Guerrillas (Base and cubes there)", act="flip"))
        used.add(s)
    for s in ctx.shuffled([s for s in cand if s not in used and g.guerrillas(s, M26) >= 3
                           and "base" in rally_options(g, M26, s)]):
        out.append(entry(s, "8.7.2 step 2: replace 2 Guerrillas with a 26July Base", act="base"))
        used.add(s)
    for s in ctx.shuffled([s for s in cand if s not in used and row[s][M26_BASE]]):
        out.append(entry(s, "8.7.2 step 3: place Guerrillas where 26July Bases are", act="max"))
        used.add(s)
    for s in ctx.shuffled([s for s in cand if s not in used and g.guerrillas(s, M26)]):
        out.append(entry(s, "8.7.2 step 3: place Guerrillas with other 26July Guerrillas", act="max"))
        used.add(s)
    rest = [s for s in cand if s not in used and "place" in rally_options(g, M26, s)]
    if rest and not done:
        out.append(entry(ctx.pick(rest), "8.7.2 step 3: finally 1 random City or Province (8.2)", act="max"))
    return out


def infiltrate_space(ctx: Ctx) -> tuple[int, str] | None:
    g = ctx.g
    cands = spaces(g, M26, "infiltrate", {"step": "op", "faction": M26, "spaces": ()})
    if not cands:
        return None
    ecs = [s for s in cands if IS_EC[s]]
    if ecs:  # C-37 (Greek): fall-through order
        return ctx.pick(ecs), "8.7.2 Infiltrate 1: in an EC"
    cash = [s for s in cands if takes_cash(g, s, GOVT, M26) and g.cubes(s) == 1]  # 8.1.2 #7
    if cash:
        return ctx.pick(cash), "8.7.2 Infiltrate 2: take Cash"
    last = [s for s in cands if g.sp[s][POLICE] == 1]
    if last:
        return ctx.pick(last), "8.7.2 Infiltrate 3: remove the last Police"
    return ctx.pick(cands), "8.7.2 Infiltrate 4: random space"


# -- 8.7.3 March ----------------------------------------------------------------------------------


def movable(state: CubaLibreState, origin: int, used: int = 0) -> int:
    """8.7.3: never the last 26July Guerrilla of a space."""
    return max(0, state.guerrillas(origin, M26) - used - 1)


def _group(state: CubaLibreState, dest: int, count: int) -> tuple[int, bool]:
    if (state.support[dest] > 0 or IS_EC[dest]) and count + state.cubes(dest) > 3 and 3 - state.cubes(dest) >= 1:
        return 3 - state.cubes(dest), True
    return count, False


def march_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    used = [0] * N_SPACES
    out: list[dict[str, Any]] = []
    taken = set(done)

    def ec_step() -> None:  # V-39: 1 Underground Guerrilla onto each EC that has none
        for ec in ctx.shuffled(ECS):
            if ec in taken or g.sp[ec][M26_UNDERGROUND]:
                continue
            origins = [o for o in ADJ[ec] if g.sp[o][M26_UNDERGROUND] > used[o] and movable(g, o, used[o])]
            if origins:
                o = ctx.order(origins, lambda origin: -movable(g, origin, used[origin]))[0]
                used[o] += 1
                taken.add(ec)
                out.append(entry(ec, "8.7.3 step 1 (V-39): 1 Underground Guerrilla onto an EC without one",
                              moves=((o, 1, True),)))

    def govt_step() -> None:  # 1 Government-Controlled space, first with Support (El Che: AMB-17)
        paid = sum(1 for e in out if not IS_EC[e["s"]])  # EC destinations cost nothing (3.3.2)
        cands = [s for s in POPULATED if g.control(s) == GOVT and s not in taken and g.res[M26] >= 1 + paid]
        best = []
        for s in cands:
            origins = [o for o in ADJ[s] if (IS_EC[o] or g.support[o] < 0) and movable(g, o, used[o])]
            if origins:
                best.append((s, origins))
        if best:
            s, origins = ctx.order(best, lambda choice: 0 if g.support[choice[0]] > 0 else 1)[0]
            moves = tuple((o, movable(g, o, used[o]), False) for o in origins)
            for o, n, _u in moves:
                used[o] += n
            taken.add(s)
            out.append(entry(s, "8.7.3 step 2: into 1 Government-Controlled space (Support first) from adjacent "
                             "Opposition spaces and ECs", moves=moves))

    if g.has_cap(13):
        govt_step()
        ec_step()
    else:
        ec_step()
        govt_step()
    srcs = [o for o in range(N_SPACES) if movable(g, o, used[o]) and any(HAVANA_STEPS[d] < HAVANA_STEPS[o] for d in ADJ[o])]
    if srcs:
        o = ctx.order(srcs, lambda origin: -movable(g, origin, used[origin]))[0]
        dests = [d for d in ADJ[o] if HAVANA_STEPS[d] < HAVANA_STEPS[o] and d not in taken
                 and (IS_EC[d] or g.res[M26] >= 1 + sum(1 for e in out if not IS_EC[e["s"]]))]
        if dests:
            d = ctx.pick(dests)
            n, under = _group(g, d, movable(g, o, used[o]))
            out.append(entry(d, "8.7.3 step 3: from the space with the most movable Guerrillas toward Havana",
                          moves=((o, n, under),)))
    return out


# -- 8.7.4 Attack ---------------------------------------------------------------------------------


def _attack_targets(state: CubaLibreState, space: int) -> bool:
    ts = removal_targets(state, M26, space, "attack")
    gov = any(t in (TROOPS, POLICE, GOVT_BASE) for t in ts)
    cash = any(takes_cash(state, space, state.owner(t), M26) for t in ts)
    return gov or cash


def space_4g_govt(state: CubaLibreState) -> bool:
    """AMB-16: a space with 4+ 26July Guerrillas and a Government piece."""
    return any(state.guerrillas(s, M26) >= 4 and state.faction_count(s, GOVT) for s in range(N_SPACES))


def attack_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    ok = [s for s in range(N_SPACES) if s not in done and space_ok(g, {"step": "op", "operation": "attack", "faction": M26}, s)
          and _attack_targets(g, s) and (IS_EC[s] or g.res[M26] >= 1)]
    big = [s for s in ok if g.guerrillas(s, M26) >= 4]
    chosen = ctx.shuffled(big)
    extra = [s for s in ok if s not in big and not IS_EC[s] and g.sp[s][M26_UNDERGROUND]]
    if extra and not done:
        chosen.append(ctx.pick(extra))
    amb = [s for s in chosen if g.sp[s][M26_UNDERGROUND]]
    ambush = None
    if amb:
        ambush = ctx.order(amb, lambda space: (g.guerrillas(space, M26),
                                           0 if any(holds_cash(g, space, e) for e in (GOVT, SYN)) else 1,
                                           0 if g.sp[space][GOVT_BASE] else 1))[0]
    out = []
    for s in chosen:
        why = "8.7.4 step 1: every space with 4+ Guerrillas" if s in big else \
            "8.7.4 step 2: 1 more City or Province with an Underground Guerrilla"
        out.append(entry(s, why, ambush=(s == ambush)))
    return out


def remove_key(ctx: Ctx, space: int, key: str) -> tuple[int, ...]:
    g = ctx.g
    piece_type = g.slot(key)
    owner = g.owner(piece_type)
    holders = g.cubes(space) if owner == GOVT else g.guerrillas(space, owner)
    cash = 0 if takes_cash(g, space, owner, M26) and holders == 1 and piece_type not in (GOVT_BASE, CASINO) else 1
    gov = 0 if owner == GOVT else 1
    kind = 0 if piece_type in (GOVT_BASE, CASINO) else 1 if piece_type == POLICE else 2 if piece_type == TROOPS else 3 if key.endswith("_u") else 4
    return (cash, gov, kind)


def remove_stop(ctx: Ctx, keys: list[str]) -> Decision | None:
    """8.7.4 (AMB-31): the Attack targets Cash first, then only Government forces: once neither is
    left among the removable pieces, 26July targets no other Faction (CL 3.1)."""
    g, frame = ctx.g, ctx.frame
    if frame.get("mode") != "attack":
        return None
    s = frame["space"]
    for key in keys:
        owner = g.owner(g.slot(key))
        holders = g.cubes(s) if owner == GOVT else g.guerrillas(s, owner)
        if owner == GOVT or (takes_cash(g, s, owner, M26) and holders <= frame["count"] and key not in ("govt_base", "casino")):
            return None
    return Decision("done", None, "8.7.4: no Cash to gain and no Government piece left: no other target")


def attack_frame(ctx: Ctx, mod: Any) -> Decision:
    return ambush_or_roll(ctx, mod, "8.7.4", "26July")


# -- the flowchart --------------------------------------------------------------------------------


plan = planner({"terror": terror_plan, "rally": rally_plan, "march": march_plan, "attack": attack_plan})


def ops(ctx: Ctx, allowed: list[str]) -> tuple[str, str] | None:
    g = ctx.g

    can = can_execute(ctx, allowed, plan)

    cond, eff = terror_effects(g)
    chain: tuple[tuple[str, str], ...]
    if cond and eff and can("terror"):
        return "terror", "8.7.1 Terror: Kidnap, Sabotage or a shift"
    if cond:
        chain = (("rally", "8.7.1 IF NONE: only Passive Opposition would change, Rally (8.7.2)"),
                 ("march", "8.7.2 IF NONE: March (8.7.3)"), ("attack", "8.7.3 IF NONE: Attack (8.7.4)"))
    elif rally_cond(g):
        chain = (("rally", "8.7.2 Rally: 6+ Guerrillas Available or a Base by Rally"),
                 ("march", "8.7.2 IF NONE: March (8.7.3)"), ("attack", "8.7.3 IF NONE: Attack (8.7.4)"))
    elif space_4g_govt(g):
        chain = (("attack", "8.7.4 Attack: a space with 4+ Guerrillas and a Government piece"),)
    else:
        chain = (("march", "8.7.3 March"), ("attack", "8.7.3 IF NONE: Attack (8.7.4)"))
    return first_executable(chain, can)


def sa(ctx: Ctx) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    if frame["operation"] == "terror":
        if any(kidnap_targets(g, s) for s in frame["spaces"]) and ctx.ok("activity", "kidnap"):
            return Decision("activity", "kidnap", "8.7.1 Kidnap in a Terror space")
        return None
    if frame["operation"] in ("rally", "march") and infiltrate_space(ctx) and ctx.ok("activity", "infiltrate"):
        return Decision("activity", "infiltrate", "8.7.2 Infiltrate after Rally or March")
    return None


def sa_frame(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    if frame["special_activity"] == "infiltrate" and frame["stage"] == 0:
        got = infiltrate_space(ctx)
        return Decision("space", NAMES[got[0]], got[1]) if got else None
    if frame["special_activity"] == "kidnap":
        if frame["stage"] == 0:
            op = g.op_frame()
            mine = [idx(a) for v, a in ctx.legal if v == "space" and op is not None and idx(a) in op["spaces"]]
            mine = [s for s in mine if kidnap_targets(g, s)]
            if not mine:
                return None
            s = ctx.order(mine, lambda space: (0 if any(holds_cash(g, space, t) for t in (GOVT, SYN)) else 1,
                                           0 if GOVT in kidnap_targets(g, space) else 1))[0]
            return Decision("space", NAMES[s], "8.7.1 Kidnap: take Cash first, then Government Resources")
        s = frame["space"]
        roles = [a for v, a in ctx.legal if v == "target"]
        if not roles:
            return None
        r = min(roles, key=lambda role: (0 if holds_cash(g, s, g.faction(role)) else 1, 0 if role == "govt" else 1))
        return Decision("target", r, "8.7.1 Kidnap: Cash, then Government before the Syndicate")
    return None


# -- 8.7.5 Agitation ------------------------------------------------------------------------------


def agitation(ctx: Ctx, mod: Any) -> Decision:
    g = ctx.g
    cands = [idx(a) for v, a in ctx.legal if v == "agitate"]
    good = [s for s in cands if g.support[s] > -2 and g.res[M26] >= g.terror[s] + 1]
    if not good:
        return Decision("done", None, "8.7.5: no further shift can be achieved")
    s = ctx.order(good, lambda space: (-POP[space], 0 if g.support[space] > 0 else 1, g.terror[space]))[0]
    return Decision("agitate", NAMES[s], "8.7.5 Agitation: highest Pop, Support, fewest Terror")


def reroll(ctx: Ctx, mod: Any) -> Decision:
    """Raul (card 22): 8.7.1 rerolls a Kidnap die of 1 or 2 only; 8.7.4 rerolls failed Attacks only."""
    g, frame = ctx.g, ctx.frame
    roll = frame["roll"]
    if frame.get("what") == "attack":
        if roll > g.guerrillas(frame["space"], M26):
            return Decision("reroll", None, "8.7.4 Raul: reroll a failed Attack")
        return Decision("keep", roll, "8.7.4 Raul: keep a successful Attack")
    if roll <= 2:
        return Decision("reroll", None, "8.7.1 Raul: reroll a Kidnap die of 1 or 2")
    return Decision("keep", roll, "8.7.1 Raul: keep a Kidnap die of 3+")


HANDLERS = {"sa": sa_frame, "reroll": reroll, "attack": attack_frame, "prop_agitation": agitation}
_ = (CASINO, SYN)
