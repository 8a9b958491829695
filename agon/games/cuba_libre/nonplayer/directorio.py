"""Non-player Directorio (CL 8.6): Terror, Rally, March, Attack; Assassinate, Subvert, Ambush;
Expat Backing in the Support Phase.

Flow (8.6, AMB-15 polarity from the English, Government/Syndicate pieces from the Greek, C-29):
    Terror condition                  -> Terror (8.6.1) -> Assassinate
    Rally condition, Rally possible   -> Rally (8.6.2)  -> Subvert
    Rally condition                   -> March (8.6.3)  -> Subvert ; IF NONE Attack ; IF NONE Pass
    a space where Attack adds Control -> Attack (8.6.4) -> Ambush  ; IF NONE March  ; IF NONE Pass
    otherwise                         -> March (8.6.3)  -> Subvert ; IF NONE Attack ; IF NONE Pass
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.activities import spaces
from agon.games.cuba_libre.data import (
    ADJ,
    CASINO,
    DIRECTORIO,
    DR_BASE,
    DR_UNDERGROUND,
    GOVT,
    GOVT_BASE,
    HAVANA_STEPS,
    IS_CITY,
    IS_EC,
    IS_PROV,
    M26,
    N_SPACES,
    NAMES,
    POLICE,
    POP,
    POPULATED,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.insurgent_ops import rally_options
from agon.games.cuba_libre.nonplayer import frames
from agon.games.cuba_libre.nonplayer.common import (
    Ctx,
    Decision,
    at_victory,
    base_count,
    can_execute,
    entry,
    first_executable,
    idx,
    planner,
    player_at_victory,
    takes_cash,
    terror_ok,
)
from agon.games.cuba_libre.nonplayer.frames import ambush_or_roll
from agon.games.cuba_libre.op_spaces import space_ok
from agon.games.cuba_libre.removal import removal_targets

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

REMOVE_WHY = "8.6.1/8.6.4 target priorities (8.1.2)"


def _assassin_targets(state: CubaLibreState, space: int) -> list[int]:
    return removal_targets(state, DIRECTORIO, space, "assassinate") if state.guerrillas(space, DIRECTORIO) > state.sp[space][POLICE] else []


def _base_rank(state: CubaLibreState, space: int) -> int:
    """8.6.1 step 3: a Government Base, then any player's Base, then any other target."""
    ts = _assassin_targets(state, space)
    if GOVT_BASE in ts:
        return 0
    if any(piece_type in ts and state.is_player(state.owner(piece_type)) for piece_type in (state.base_slot(M26), CASINO)):
        return 1
    return 2 if ts else 9


# -- 8.6.1 Terror ---------------------------------------------------------------------------------


def terror_cond(state: CubaLibreState) -> bool:
    return any(terror_ok(state, DIRECTORIO, s) and (abs(state.support[s]) == 2 or GOVT_BASE in _assassin_targets(state, s))
               for s in POPULATED)


def terror_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    out = []
    act_sup = [s for s in POPULATED if g.support[s] == 2 and terror_ok(g, DIRECTORIO, s) and s not in done]
    for s in ctx.shuffled(act_sup):
        out.append(entry(s, "8.6.1 step 1: Terror at Active Support"))
    act_opp = [s for s in POPULATED if g.support[s] == -2 and terror_ok(g, DIRECTORIO, s) and s not in done]
    for s in ctx.shuffled(act_opp):
        out.append(entry(s, "8.6.1 step 2: Terror at Active Opposition"))
    chosen = {e["s"] for e in out} | set(done)
    extra = [s for s in range(N_SPACES) if s not in chosen and terror_ok(g, DIRECTORIO, s) and _assassin_targets(g, s)]
    if extra:
        s = ctx.order(extra, lambda space: _base_rank(g, space))[0]
        out.append(entry(s, "8.6.1 step 3: 1 more space to Assassinate in (Govt Base, player's Base, other)"))
    return out


def assassin_key(ctx: Ctx, space: int, key: str) -> tuple[int, ...]:
    """8.6.1 Assassinate: Govt Base, player's Base, Cash, open Casino, cube (Police first), 26July
    piece (Base first)."""
    g = ctx.g
    piece_type = g.slot(key)
    owner = g.owner(piece_type)
    if piece_type == GOVT_BASE:
        return (0,)
    if piece_type in (g.base_slot(M26), CASINO) and g.is_player(owner):
        return (1,)
    last = (g.cubes(space) if owner == GOVT else g.guerrillas(space, owner) if owner != GOVT else 0) == 1
    if takes_cash(g, space, owner, DIRECTORIO) and last and piece_type not in (CASINO,):  # 8.1.2 #7: not Cash passed on
        return (2,)
    if piece_type == CASINO:
        return (3,)
    if piece_type in (POLICE, TROOPS):
        return (4, 0 if piece_type == POLICE else 1)
    if owner == M26:
        return (5, 0 if piece_type == g.base_slot(M26) else 1 if key.endswith("_u") else 2)
    return (6, 0 if key.endswith("_u") else 1)


def attack_key(ctx: Ctx, space: int, key: str) -> tuple[int, ...]:
    """8.6.4 targets: gain Cash, then Government, Syndicate, 26July (8.1.2 within a faction)."""
    g = ctx.g
    piece_type = g.slot(key)
    owner = g.owner(piece_type)
    holders = g.cubes(space) if owner == GOVT else g.guerrillas(space, owner) if owner != GOVT else 0
    cash = 0 if takes_cash(g, space, owner, DIRECTORIO) and holders == 1 and piece_type not in (GOVT_BASE, CASINO) else 1
    fo = {GOVT: 0, SYN: 1, M26: 2, DIRECTORIO: 3}[owner]
    kind = 0 if piece_type in (GOVT_BASE, CASINO, g.base_slot(M26)) else 1 if piece_type == POLICE else 2 if piece_type == TROOPS else \
        3 if key.endswith("_u") else 4
    return (cash, fo, kind)


def remove_key(ctx: Ctx, space: int, key: str) -> tuple[int, ...]:
    if ctx.frame.get("mode") == "assassinate":
        return assassin_key(ctx, space, key)
    return attack_key(ctx, space, key)


# -- 8.6.2 Rally ----------------------------------------------------------------------------------


def _rally_spaces(state: CubaLibreState) -> list[int]:
    return [s for s in POPULATED if rally_options(state, DIRECTORIO, s)]


def rally_cond(state: CubaLibreState) -> bool:
    if terror_cond(state):
        return False
    return state.available(DR_UNDERGROUND) >= 6 or any("base" in rally_options(state, DIRECTORIO, s) for s in POPULATED)


def rally_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    cand = [s for s in _rally_spaces(g) if s not in done]
    out: list[dict[str, Any]] = []
    used: set[int] = set()
    row = g.sp
    step1 = [s for s in cand if g.guerrillas(s, DIRECTORIO) and not row[s][DR_UNDERGROUND] and row[s][DR_BASE] and g.cubes(s)
             and "flip" in rally_options(g, DIRECTORIO, s)]
    for s in ctx.shuffled(step1):
        out.append(entry(s, "8.6.2 step 1: flip all-Active DR Guerrillas (Base and cubes there)", act="flip"))
        used.add(s)
    step2 = [s for s in cand if s not in used and g.guerrillas(s, DIRECTORIO) >= 3 and "base" in rally_options(g, DIRECTORIO, s)]
    for s in ctx.shuffled(step2):
        out.append(entry(s, "8.6.2 step 2: replace 2 Guerrillas with a DR Base", act="base"))
        used.add(s)
    step3a = [s for s in cand if s not in used and row[s][DR_BASE]]
    for s in ctx.shuffled(step3a):
        out.append(entry(s, "8.6.2 step 3: place Guerrillas where DR Bases are (Pop + Bases)", act="max"))
        used.add(s)
    step3b = [s for s in cand if s not in used and g.guerrillas(s, DIRECTORIO)]
    for s in ctx.shuffled(step3b):
        out.append(entry(s, "8.6.2 step 3: place Guerrillas with other DR Guerrillas", act="max"))
        used.add(s)
    rest = [s for s in cand if s not in used and "place" in rally_options(g, DIRECTORIO, s)]
    if rest and not done:
        out.append(entry(ctx.pick(rest), "8.6.2 step 3: finally 1 random City or Province (8.2)", act="max"))
    return out


def subvert_space(ctx: Ctx) -> tuple[int, str] | None:
    g = ctx.g
    cands = spaces(g, DIRECTORIO, "subvert", {"step": "op", "faction": DIRECTORIO, "spaces": ()})
    if not cands:
        return None
    if at_victory(g, M26):
        opp = [s for s in cands if g.support[s] < 0]
        if opp:
            return ctx.order(opp, lambda space: POP[space] * g.support[space])[0], "8.6.2 Subvert 1: 26July at victory, most Opposition"
    sup = [s for s in cands if g.support[s] > 0]
    if sup:
        return ctx.order(sup, lambda space: -POP[space] * g.support[space])[0], "8.6.2 Subvert 2: most Support removed"
    return ctx.order(cands, lambda space: (-POP[space], 0 if g.support[space] == 0 else 1))[0], \
        "8.6.2 Subvert 3: highest Pop, Neutral first"


# -- 8.6.3 March ----------------------------------------------------------------------------------


def movable(state: CubaLibreState, origin: int, used: int = 0) -> int:
    """DR Guerrillas that may leave o without losing DR Control or its last Guerrilla (8.6.3)."""
    n = state.guerrillas(origin, DIRECTORIO) - used - 1
    if state.control(origin) == DIRECTORIO:
        d = state.faction_count(origin, DIRECTORIO) - used
        total = sum(state.faction_count(origin, e) for e in range(4)) - used
        n = min(n, 2 * d - total - 1)
    return max(0, n)


def group_size(state: CubaLibreState, dest: int, count: int) -> tuple[int, bool]:
    """8.1.2 #8: as many Underground as possible at the destination (3.3.2 Activation)."""
    if (state.support[dest] > 0 or IS_EC[dest]) and count + state.cubes(dest) > 3 and 3 - state.cubes(dest) >= 1:
        return 3 - state.cubes(dest), True
    return count, False


def near(state: CubaLibreState, space: int) -> tuple[int, ...]:
    """Origins of a March into s: adjacent, or up to 2 spaces away under Morgan (card 28, C-30)."""
    if state.has_cap(28):
        return tuple(sorted({*ADJ[space], *(o2 for m in ADJ[space] for o2 in ADJ[m] if o2 != space)}))
    return ADJ[space]


def march_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    used = [0] * N_SPACES
    out: list[dict[str, Any]] = []
    ok = [s for s in POPULATED if g.control(s) != DIRECTORIO and s not in done and (g.res[DIRECTORIO] >= 1)]
    best = None
    for s in ctx.order(ok, lambda space: -POP[space]):  # step 1: highest Pop first
        d = g.faction_count(s, DIRECTORIO)
        need = sum(g.faction_count(s, e) for e in range(4) if e != DIRECTORIO) - d + 1
        origins = ctx.order([o for o in near(g, s) if movable(g, o)], lambda origin: -g.guerrillas(origin, DIRECTORIO))
        if sum(movable(g, o) for o in origins) >= need > 0:
            best = (s, need, origins)
            break
    if best is not None:
        s, need, origins = best
        moves = []
        for o in origins:
            k = min(need, movable(g, o))
            if k:
                moves.append((o, k, False))
                used[o] += k
                need -= k
        out.append(entry(s, "8.6.3 step 1: add DR Control to the highest-Pop space, from the most Guerrillas",
                      moves=tuple(moves)))
    # step 2; Morgan (card 28, ruling CL-NP20) widens the whole March: within 2 spaces here too
    srcs = [o for o in range(N_SPACES) if movable(g, o, used[o]) and
            any(HAVANA_STEPS[d] < HAVANA_STEPS[o] for d in ADJ[o])]
    if srcs:
        o = ctx.order(srcs, lambda origin: -movable(g, origin, used[origin]))[0]
        dests = [d for d in near(g, o) if HAVANA_STEPS[d] < HAVANA_STEPS[o] and d not in done
                 and d not in [e["s"] for e in out] and (IS_EC[d] or g.res[DIRECTORIO] >= 1 + len(out))]
        if dests:
            d = ctx.pick(dests)
            n, under = group_size(g, d, movable(g, o, used[o]))
            out.append(entry(d, "8.6.3 step 2: from the space with the most movable Guerrillas toward Havana",
                          moves=((o, n, under),)))
    return out


# -- 8.6.4 Attack ---------------------------------------------------------------------------------


def _gov_syn(state: CubaLibreState, space: int) -> int:
    row = state.sp[space]
    return row[TROOPS] + row[POLICE] + state.guerrillas(space, SYN) + (row[GOVT_BASE] if not row[TROOPS] + row[POLICE] else 0)


def attack_gain_space(state: CubaLibreState) -> bool:
    """AMB-15: a space with DR Guerrillas where removing 1-2 Govt/Syndicate pieces adds DR Control."""
    for s in POPULATED:
        if not state.guerrillas(s, DIRECTORIO) or state.control(s) == DIRECTORIO:
            continue
        d = state.faction_count(s, DIRECTORIO)
        total = sum(state.faction_count(s, e) for e in range(4))
        r = min(2, _gov_syn(state, s))
        if r and 2 * d > total - r:
            return True
    return False


def attack_plan(ctx: Ctx, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    g = ctx.g
    cands = [s for s in range(N_SPACES) if s not in done and (g.sp[s][DR_UNDERGROUND] or g.guerrillas(s, DIRECTORIO) >= 4)
             and removal_targets(g, DIRECTORIO, s, "attack") and space_ok(g, {"step": "op", "operation": "attack", "faction": DIRECTORIO}, s)
             and (IS_EC[s] or g.res[DIRECTORIO] >= 1)]
    chosen = ctx.order(cands, lambda space: -g.guerrillas(space, DIRECTORIO))[:max(0, 3 - len(done))]
    amb = [s for s in chosen if g.sp[s][DR_UNDERGROUND]]
    ambush = None
    if amb:
        def amb_key(space: int) -> tuple[int, ...]:
            ts = removal_targets(g, DIRECTORIO, space, "attack")
            cash = any(takes_cash(g, space, e, DIRECTORIO) for e in (GOVT, M26, SYN))
            return (g.guerrillas(space, DIRECTORIO), 0 if cash else 1, 0 if any(t in (TROOPS, POLICE, GOVT_BASE) for t in ts) else 1,
                    0 if any(g.owner(t) == SYN for t in ts) else 1)
        ambush = ctx.order(amb, amb_key)[0]
    return [entry(s, "8.6.4: Attack where DR has an Underground or 4+ Guerrillas, most Guerrillas first",
               ambush=(s == ambush)) for s in chosen]


def attack_frame(ctx: Ctx, mod: Any) -> Decision:
    return ambush_or_roll(ctx, mod, "8.6.4", "DR")


# -- the flowchart --------------------------------------------------------------------------------


plan = planner({"terror": terror_plan, "rally": rally_plan, "march": march_plan, "attack": attack_plan})


def ops(ctx: Ctx, allowed: list[str]) -> tuple[str, str] | None:
    g = ctx.g

    can = can_execute(ctx, allowed, plan)

    if terror_cond(g) and can("terror"):
        return "terror", "8.6.1 Terror: Active Support/Opposition or a Govt Base to Assassinate"
    if rally_cond(g):
        if can("rally"):
            return "rally", "8.6.2 Rally: 6+ Guerrillas Available or a Base by Rally"
        chain = (("march", "8.6.2 IF NONE: March (8.6.3)"), ("attack", "8.6.3 IF NONE: Attack (8.6.4)"))
    elif attack_gain_space(g):
        chain = (("attack", "8.6.4 Attack: removing 1-2 pieces adds DR Control"),
                 ("march", "8.6.4 IF NONE: March (8.6.3)"))
    else:
        chain = (("march", "8.6.3 March: no Attack adds DR Control"), ("attack", "8.6.3 IF NONE: Attack (8.6.4)"))
    return first_executable(chain, can)


def sa(ctx: Ctx) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    if frame["operation"] == "terror":
        if any(_assassin_targets(g, s) for s in frame["spaces"]) and ctx.ok("activity", "assassinate"):
            return Decision("activity", "assassinate", "8.6.1 Assassinate after Terror")
        return None
    if frame["operation"] in ("rally", "march") and subvert_space(ctx) and ctx.ok("activity", "subvert"):
        return Decision("activity", "subvert", "8.6.2 Subvert after Rally or March")
    return None


def sa_frame(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    if frame["stage"] != 0:
        return None
    if frame["special_activity"] == "subvert":
        got = subvert_space(ctx)
        return Decision("space", NAMES[got[0]], got[1]) if got else None
    if frame["special_activity"] == "assassinate":
        cands = [idx(a) for v, a in ctx.legal if v == "space"]
        if not cands:
            return None
        s = ctx.order(cands, lambda space: min((assassin_key(ctx, space, g.key(piece_type)) for piece_type in _assassin_targets(g, space)),
                                           default=(9,)))[0]
        return Decision("space", NAMES[s], "8.6.1 Assassinate: the space with the best target")
    return None


# -- 8.6.5 Caracas ----------------------------------------------------------------------------------


def caracas_due(state: CubaLibreState) -> bool:
    """8.6.5: Pact of Caracas in effect, 26July a player at victory (7.2), DR with 2+ Bases."""
    return state.has_cap(18) and player_at_victory(state, M26) and base_count(state, DIRECTORIO) >= 2


def caracas(ctx: Ctx) -> Decision | None:
    """8.6.5, when DR executes an Operation or an Event: remove 2 DR Bases, which cancels the Pact (card 18)."""
    if caracas_due(ctx.g) and ctx.ok("cancel pact"):
        return Decision("cancel pact", None, "8.6.5 Caracas: 26July is a player at victory, "
                                             "DR removes 2 of its Bases to cancel the Pact")
    return None


def caracas_event(ctx: Ctx, mod: Any) -> Decision:
    """8.6.5, when DR executes an Event: the core asks before the Event's text."""
    return caracas(ctx) or Decision("skip", None, "8.6.5 Caracas: not due, the Pact stays")


def caracas_step(ctx: Ctx, mod: Any) -> Decision | None:
    opts = [a for v, a in ctx.legal if v == "remove base"]
    if not opts:
        return None
    return Decision("remove base", ctx.pick(opts), "8.6.5 Caracas: a DR Base from a random space (8.2)")


# -- Expat Backing (6.3.4 with 8.6.2, AMB-29) -------------------------------------------------------


def _gain_by_rally(state: CubaLibreState, space: int) -> bool:
    opts = [o for o in rally_options(state, DIRECTORIO, space) if isinstance(o, int) or o == "place"]
    n = max([o if isinstance(o, int) else 1 for o in opts], default=0)
    d = state.faction_count(space, DIRECTORIO) + n
    total = sum(state.faction_count(space, e) for e in range(4)) + n
    return n > 0 and state.control(space) != DIRECTORIO and 2 * d > total


def expat(ctx: Ctx, mod: Any) -> Decision | None:
    g = ctx.g
    cands = [idx(a) for v, a in ctx.legal if v == "space"]
    gain = [s for s in cands if _gain_by_rally(g, s)]
    if gain:
        return Decision("space", NAMES[ctx.order(gain, lambda space: -POP[space])[0]],
                        "8.6.2 Expat Backing 1: gain DR Control of the most Pop")
    base = [s for s in cands if "base" in rally_options(g, DIRECTORIO, s)]
    if base:
        return Decision("space", NAMES[ctx.pick(base)], "8.6.2 Expat Backing 2 [AMB-29]: place a Base")
    if cands:
        return Decision("space", NAMES[ctx.pick(cands)], "8.6.2 Expat Backing 3: place Guerrillas at random")
    return Decision("pass", None, "6.3.4: no space")


def rally_frame(ctx: Ctx, mod: Any) -> Decision | None:
    g = ctx.g
    if g.op_frame() is not None:
        return frames.rally(ctx, mod)
    opts = [a for v, a in ctx.legal if v == "rally"]
    s = ctx.frame["space"]
    nums = [o for o in opts if isinstance(o, int)]
    if not _gain_by_rally(g, s) and "base" in opts:
        return Decision("rally", "base", "8.6.2 Expat Backing 2: place a Base")
    if nums:
        return Decision("rally", max(nums), "8.6.2 Expat Backing: place the most Guerrillas")
    if not opts:
        return frames.withdraw(ctx)
    return Decision("rally", "place" if "place" in opts else opts[0], "8.6.2 Expat Backing: Rally")


HANDLERS = {"sa": sa_frame, "attack": attack_frame, "prop_expat": expat, "rally": rally_frame,
            "caracas": caracas_step, "ev_caracas": caracas_event}
_ = (IS_CITY, IS_PROV)
