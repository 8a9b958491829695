"""Prompts every Non-player answers the same way: the card option (8.1), the Operation frame driven
by the faction's plan, 8.1.2 piece priorities (placing cubes, removal, Activation, March groups),
Cash deposits, Launder, and Events (8.4.3-8.4.4). Faction modules override by frame kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agon.games.cuba_libre.data import (
    BASE,
    CASINO,
    CLOSED_CASINO,
    DIRECTORIO,
    GOVT,
    GUER_A,
    GUER_U,
    IS_CITY,
    IS_EC,
    M26,
    N_SPACES,
    NAMES,
    OWNER,
    PIECE_INDEX,
    POLICE,
    POP,
    ROLES,
    SYN,
    TROOPS,
)
from agon.games.cuba_libre.frames import Frame
from agon.games.cuba_libre.insurgent_ops import CARRY
from agon.games.cuba_libre.nonplayer.common import (
    Ctx,
    Decision,
    choose_option,
    final_round,
    idx,
    probe,
    removal_key,
)
from agon.games.cuba_libre.operations import ops_possible

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module
    from agon.games.cuba_libre.rules import CubaLibreState

Handler = Callable[[Ctx, Any], "Decision | None"]


def decide(ctx: Ctx, mod: Any) -> Decision | None:
    k = ctx.frame["step"]
    h = mod.HANDLERS.get(k) or HANDLERS.get(k)
    if h is not None:
        return h(ctx, mod)
    return lookahead(ctx, "8.4.3 Event: place/remove the most pieces, then the greatest shift (8.4.4)")


def fallback(ctx: Ctx, proposed: Decision | None) -> Decision:
    """No priority applies (or the proposal is not legal): a random legal action (8.2)."""
    acts = [a for a in ctx.legal if a[0] not in ("pass", "skip", "decline", "cancel pact", "withdraw", "transfer")] or \
        [a for a in ctx.legal if a[0] not in ("cancel pact", "transfer")] or ctx.legal  # 8.6.5; 1.5.1 never
    verb, arg = ctx.pick(acts)
    why = "8.2 no priority applies: random choice"
    if proposed is not None:
        why += f" (instead of {proposed.verb} {proposed.arg}: {proposed.reason})"
    return Decision(verb, arg, why)


# -- the card option (8.1) and the choice of Operation -------------------------------------------


def option(ctx: Ctx, mod: Any) -> Decision:
    def flow(ctx: Ctx) -> tuple[str, str] | None:
        allowed = ops_possible(ctx.g, ctx.f, False, False, special_activity=True)
        return mod.ops(ctx, allowed)

    return choose_option(ctx, flow)


def opchoice(ctx: Ctx, mod: Any) -> Decision | None:
    allowed = [a for v, a in ctx.legal if v == "operation"]
    got = mod.ops(ctx, allowed)
    if got is not None:
        return Decision("operation", got[0], got[1])
    if allowed:
        return Decision("operation", ctx.pick(allowed), "8.4.4 free Operation: no priority executable, random")
    return None


# -- the Operation frame ------------------------------------------------------------------------


def op_plan(ctx: Ctx, mod: Any, frame: Frame | None = None) -> dict[str, Any]:
    """The plan of the open Operation: carried by the bot, checked against the state."""
    frame = frame or ctx.g.op_frame() or ctx.frame
    p = ctx.bot.plan
    done = tuple(frame.get("spaces", ()))
    turn = card_turn(ctx.g)
    if (done and p is not None and p["f"] == ctx.f and p["op"] == frame["operation"] and p["turn"] == turn
            and set(done) <= p["spaces"]):
        return p
    entries = mod.plan(ctx, frame["operation"], done)
    p = {"f": ctx.f, "op": frame["operation"], "turn": turn, "entries": entries,
         "spaces": {e["s"] for e in entries} | set(done)}
    ctx.bot.plan = p
    return p


def card_turn(state: CubaLibreState) -> tuple[int, int, int]:
    """Which card turn of the game this is, from public facts only (cards played, the card, how many
    factions acted): a plan made on another turn is not reused (never the game's secret seed)."""
    return len(state.played), state.current, state.n_acted


def entry_for(ctx: Ctx, mod: Any, space: int) -> dict[str, Any] | None:
    if ctx.g.op_frame() is None:
        return None  # a Rally/March outside an Operation (an Event's or Expat Backing)
    for e in op_plan(ctx, mod)["entries"]:
        if e["s"] == space:
            return e
    return None


def ambush_or_roll(ctx: Ctx, mod: Any, rule: str, who: str) -> Decision:
    """26July/DR Attack space (8.6.4, 8.7.4): Ambush where the plan marked it, else roll."""
    e = entry_for(ctx, mod, ctx.frame["space"])
    if e and e.get("ambush") and ctx.ok("activity", "ambush"):
        return Decision("activity", "ambush", f"{rule} Ambush where {who} has the fewest Guerrillas")
    return Decision("roll", None, f"{rule} Attack")


def op_frame(ctx: Ctx, mod: Any) -> Decision | None:
    frame = ctx.frame
    caracas = getattr(mod, "caracas", None)  # 8.6.5: before the Operation's spaces
    if caracas is not None and ctx.ok("cancel pact"):
        d = caracas(ctx)
        if d is not None:
            return d
    plan = op_plan(ctx, mod, frame)
    for e in plan["entries"]:
        if e["s"] not in frame["spaces"] and ctx.ok("space", NAMES[e["s"]]):
            return Decision("space", NAMES[e["s"]], e["why"])
    if not frame["spaces"] and not ctx.ok("done"):
        spaces = [a for v, a in ctx.legal if v == "space"]
        if spaces:  # e.g. an Event's free Operation limited to spaces outside the priorities
            return Decision("space", ctx.pick(spaces), "8.4.4 free Operation: no priority space, random (8.2)")
    extra = getattr(mod, "extra", None)
    if extra is not None:
        d = extra(ctx)
        if d is not None:
            return d
    if frame["operation"] == "sweep" and not frame.get("swept") and frame["spaces"] and ctx.ok("done"):
        return Decision("done", None, "3.2.3: the Sweep Activates first, then its Special Activity (4.1)")
    if frame["sa_ok"] and not frame["special_activity"] and any(v == "activity" for v, _ in ctx.legal):
        d = mod.sa(ctx)
        if d is not None and ctx.ok(d.verb, d.arg):
            return d
    if ctx.ok("done"):
        return Decision("done", None, "8.1.1 no further space in the priorities (or no Resources left)")
    return None


# -- Rally and March use the plan entry of their space ----------------------------------------------


def rally(ctx: Ctx, mod: Any) -> Decision | None:
    e = entry_for(ctx, mod, ctx.frame["space"])
    opts = [a for v, a in ctx.legal if v == "rally"]
    want = e["act"] if e else "max"
    why = e["why"] if e else "8.1.1 Rally to the maximum"
    if want in opts:
        return Decision("rally", want, why)
    nums = [o for o in opts if isinstance(o, int)]
    if want in ("max", "place") and nums and want == "max":
        return Decision("rally", max(nums), why + ": place the most Guerrillas")
    if "place" in opts:
        return Decision("rally", "place", why)
    if nums:
        return Decision("rally", max(nums), why)
    return Decision("rally", opts[0], why) if opts else withdraw(ctx)


def withdraw(ctx: Ctx) -> Decision | None:
    """1.4.1 (a player faction with none Available): AMB-54, never by choice; when the prompt
    demands it, Active before Underground (8.1.2 #6), from the space with the most."""
    g = ctx.g
    opts = [a for v, a in ctx.legal if v == "withdraw"]
    if not opts:
        return None
    o, kind = ctx.order(opts, lambda move: (0 if move[1] == "active" else 1, -g.guerrillas(idx(move[0]), ctx.f)))[0]
    return Decision("withdraw", (o, kind), "8.1.2 #6: own Active before Underground Guerrillas")


def march(ctx: Ctx, mod: Any) -> Decision | None:
    """8.1.2 #8: the planned groups; as many Underground as possible, Active first within that."""
    g, frame = ctx.g, ctx.frame
    e = entry_for(ctx, mod, frame["space"])
    moves = e.get("moves", ()) if e else ()
    moved = dict(frame["grp"])
    for origin, n, under_first, *carry in moves:
        assert e is not None  # (moves come from the entry)
        nu, na = moved.get(origin, (0, 0))
        if nu + na >= n:
            continue
        kinds = ("underground", "active") if under_first else ("active", "underground")
        for kind in kinds:
            if carry and carry[0] and ctx.ok("move", (NAMES[origin], kind + CARRY)):  # 4.5.2 Cash moves along
                return Decision("move", (NAMES[origin], kind + CARRY), e["why"] + " (carrying Cash)")
            if ctx.ok("move", (NAMES[origin], kind)):
                return Decision("move", (NAMES[origin], kind), e["why"] + " (8.1.2 #8)")
    if e is None:  # a March outside the plan (an Event's): never the last Guerrilla, Active first
        for kind in ("active", "underground"):
            cands = [idx(o) for v, (o, k) in _moves(ctx) if k == kind and g.guerrillas(idx(o), ctx.f) > 1]
            if cands:
                o = ctx.order(cands, lambda origin: -g.guerrillas(origin, ctx.f))[0]
                return Decision("move", (NAMES[o], kind), "8.1.2 #8: March Active first, keep 1 Guerrilla")
    if ctx.ok("done"):
        return Decision("done", None, (e["why"] if e else "8.1.2") + ": group complete")
    moves = [a for _v, a in _moves(ctx)]
    if moves:  # the March must move a group (an Event's March into one given space)
        o, kind = ctx.order(moves, lambda move: (0 if move[1] == "active" else 1, -g.guerrillas(idx(move[0]), ctx.f)))[0]
        return Decision("move", (o, kind), "8.4.4 free March: the group the Event demands, Active first (8.1.2 #8)")
    return None


def _moves(ctx: Ctx) -> list[tuple[str, Any]]:
    return [(v, a) for v, a in ctx.legal if v == "move"]


# -- 8.1.2 piece priorities ----------------------------------------------------------------------


def train_place(ctx: Ctx, mod: Any) -> Decision | None:
    """8.1.2 #2: Police and Troops in equal numbers, Police first."""
    first, second = ("police", "troop") if ctx.frame["count"] % 2 == 0 else ("troop", "police")
    for key in (first, second):
        if ctx.ok("place", key):
            return Decision("place", key, "8.8.2 step 1: 4 cubes, Police and Troops equally, Police first (8.1.2 #2)")
    return Decision("done", None, "8.8.2: no cube Available")


def remove(ctx: Ctx, mod: Any) -> Decision | None:
    g, frame = ctx.g, ctx.frame
    order = getattr(mod, "remove_key", None)
    keys = [a for v, a in ctx.legal if v == "remove"]
    if not keys:
        return None
    stop = getattr(mod, "remove_stop", None)  # a faction whose priorities name its only targets
    if stop is not None and ctx.ok("done"):
        d = stop(ctx, keys)
        if d is not None:
            return d
    if order is not None:
        key = ctx.order(keys, lambda key: order(ctx, frame["space"], key))[0]
        return Decision("remove", key, mod.REMOVE_WHY)
    factions = ctx.shuffled((GOVT, M26, DIRECTORIO, SYN))  # 8.1.2 #4: otherwise a random enemy faction
    key = ctx.order(keys, lambda key: removal_key(g, ctx.f, frame["space"], key, factions))[0]
    return Decision("remove", key, "8.1.2 #4: players first, Bases first, Police first, Underground first")


def activate(ctx: Ctx, mod: Any) -> Decision | None:
    g = ctx.g
    opts = [a for v, a in ctx.legal if v == "activate"]
    if not opts:
        return None
    if ctx.f == GOVT:  # 8.8.4 names the order (Greek, C-46): it overrides 8.1.2 #4
        rank = {ROLES[M26]: 1, ROLES[DIRECTORIO]: 2, ROLES[SYN]: 3}
        who = min(opts, key=lambda role: rank.get(role, 9))
        return Decision("activate", who, "8.8.4: Activate 26July, then DR, then Syndicate Guerrillas")
    who = ctx.order(opts, lambda role: 0 if g.is_player(ROLES.index(role)) else 1)[0]
    return Decision("activate", who, "8.1.2 #4: players' Guerrillas first, otherwise a random enemy faction")


def launder(ctx: Ctx, mod: Any) -> Decision:
    return Decision("decline", None, "8.1 No Launder: Non-players never take Ops from Cash")


def deposit(ctx: Ctx, mod: Any) -> Decision:
    """6.2.4 with 8.1.2 #1: a Base wherever possible (Government: at most 1 per Province, none in
    Cities; Syndicate in the final Round: open closed Casinos first)."""
    g, f = ctx.g, ctx.f
    s = g.cash[ctx.frame["marker"]] // 4
    if f == SYN and final_round(g) and ctx.ok("deposit", "open casino"):
        return Decision("deposit", "open casino", "8.1.2 #1 exception: final Round, open a closed Casino")
    for what in ("casino", "base", "open casino"):
        if ctx.ok("deposit", what):
            if f == GOVT and (IS_CITY[s] or g.sp[s][BASE[GOVT]]):
                break
            return Decision("deposit", what, "8.1.2 #1: place friendly Bases wherever possible")
    return Decision("deposit", "resources", "6.2.4: no Base allowed, +6 Resources")


def cash_gift(ctx: Ctx, mod: Any) -> Decision:
    """4.5.2 with 8.1.2 #7 (a bot seated on a player faction whose last piece holding Cash is gone):
    to another Non-player's piece there, Government, Syndicate, DR, 26July; otherwise let it go."""
    g = ctx.g
    for e in (GOVT, SYN, DIRECTORIO, M26):
        if e != ctx.f and e in g.np and ctx.ok("give cash", ROLES[e]):
            return Decision("give cash", ROLES[e], f"8.1.2 #7: Cash to another Non-player's piece ({ROLES[e]})")
    return Decision("drop cash", None, "8.1.2 #7: no Non-player piece there, never transfer otherwise")


def transfer_request(ctx: Ctx, mod: Any) -> Decision:
    """1.5.1 with the 8.1.2 play note: asked to give Resources or Cash, a Non-player declines (a bot
    seated on a player faction too: Non-players never give voluntarily)."""
    return Decision("decline", None, "8.1.2: Non-players never transfer Resources or Cash voluntarily")


def cash_carry(ctx: Ctx, mod: Any) -> Decision:
    """4.5.2: another faction moved one of our pieces; the Cash stays with the pieces left (8.1.2 #7:
    never transfer voluntarily)."""
    if ctx.ok("leave cash"):
        return Decision("leave cash", None, "8.1.2 #7: never move Cash voluntarily, it stays with the pieces left")
    return fallback(ctx, None)


def deploy(ctx: Ctx, mod: Any) -> Decision | None:
    """S3 Variable Deployment is done by players only (Non-players keep the standard set-up); a
    Non-player bot seated on a player faction places at random (8.2)."""
    verb, arg = ctx.pick(ctx.legal)
    return Decision(verb, arg, "S3 deployment (players only): random placement (8.2)")


# -- Events (8.4.3, 8.4.4) -----------------------------------------------------------------------


# Piece kinds for 8.4.4's count: a Guerrilla is one piece whether Underground or Active, so an
# Activation or a flip changes nothing (issue 32 item 3b); Bases and Casinos are the Bases.
_KINDS = ((TROOPS,), (POLICE,), (BASE[GOVT],), (GUER_U[M26], GUER_A[M26]), (BASE[M26],), (GUER_U[DIRECTORIO], GUER_A[DIRECTORIO]),
          (BASE[DIRECTORIO],), (GUER_U[SYN], GUER_A[SYN]), (CASINO,), (CLOSED_CASINO,))
_BASE_KINDS = frozenset((2, 4, 6, 8, 9))


def _score(state: CubaLibreState, twin: Any) -> tuple[int, int, int]:
    """CL 8.4.4: (Bases, pieces) placed, removed, replaced or moved, then the Pop-weighted change
    of Support/Opposition. A kind's count is the larger of its pieces added and taken away over
    the map, so a piece moved counts once, a replacement twice (one out, one in)."""
    plus = [0] * len(_KINDS)
    minus = [0] * len(_KINDS)
    for s in range(N_SPACES):
        a, b = state.sp[s], twin.sp[s]
        if a == b:
            continue
        for k, slots in enumerate(_KINDS):
            d = b[slots[0]] - a[slots[0]] + (b[slots[1]] - a[slots[1]] if len(slots) > 1 else 0)
            if d > 0:
                plus[k] += d
            elif d < 0:
                minus[k] -= d
    bases = pieces = 0
    for k in range(len(_KINDS)):
        n = max(plus[k], minus[k])
        pieces += n
        if k in _BASE_KINDS:
            bases += n
    shift = sum(POP[s] * abs(twin.support[s] - state.support[s]) for s in range(N_SPACES) if not IS_EC[s])
    return (bases, pieces, shift)


_STOP = ("__nonplayer_event_end__",)
_ROLLOUT_CAP = 400  # actions: an Event's steps end long before


def _event_mark(state: CubaLibreState) -> int:
    """Index of the innermost Event's end frame on the stack (-1: not inside an Event)."""
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i]["step"] == "ev_end":
            return i
    return -1


def outcome(ctx: Ctx, action: tuple[str, Any]) -> Any:
    """CL 8.4.4 (issue 32 item 3): the position after `action` and the rest of the Event it belongs
    to, played out on a clone, so that a choice whose effect comes later (a space whose pieces a
    following step places, a free Operation or Ambush queued there) is judged by that effect.
    The Event's later prompts are answered by a Non-player bot judging one step ahead (every faction
    asked, each by its own priorities); the flow stops where the Event ends (a waiting frame under its
    end). Outside an Event, or inside such a play-out, only `action` is applied. The clone rolls the
    bot's own dice. Raises if `action` itself cannot be applied."""
    g = ctx.g
    twin = probe(g, ctx.f, ctx.seed)
    mark = -1 if getattr(ctx.bot, "shallow", False) else _event_mark(g)
    if mark >= 0:
        twin.stack.insert(mark, {"step": "ev_choice", "faction": ctx.f, "what": "option", "opts": _STOP, "callback": _noop,
                                 "args": (), "text": "", "optional": False})
    twin.apply(ROLES[ctx.f], action)
    if mark < 0 or (len(twin.stack) == len(g.stack) + 1 and twin.stack[-1]["step"] == g.stack[-1]["step"]):
        return twin  # the same step asks again (its next piece): its other options are judged then
    player = type(ctx.bot)(seed=ctx.seed, shallow=True)  # the deciding Non-player's kind, one step deep
    for _ in range(_ROLLOUT_CAP):
        if not twin.active or twin.stack[-1].get("opts") == _STOP:
            break
        role = twin.active[0]
        try:
            d = player.decide(twin, role)
            twin.apply(role, (d.verb, d.arg))
        except Exception:  # a step the play-out cannot answer: judge what happened so far
            break
    return twin


def _noop(*args: Any) -> None:
    return None


def _try_each(ctx: Ctx, options: list[Any], action: Callable[[Any], Any]) -> list[tuple[Any, tuple[int, int, int]]]:
    """Each option's action tried on a clone of the state (with the rest of its Event), with its
    8.4.4 score (options whose action fails are left out)."""
    g = ctx.g
    scored = []
    for a in options:
        try:
            twin = outcome(ctx, action(a))
        except Exception:
            continue
        scored.append((a, _score(g, twin)))
    return scored


def placed_owner(action: tuple[str, Any]) -> int:
    """The faction whose piece an Event action puts on the map: ("place", (space, key)) or
    ("replace", (space, old key, new key)); -1 for any other action."""
    verb, arg = action
    if verb == "place" and isinstance(arg, tuple) and len(arg) == 2 and arg[1] in PIECE_INDEX:
        return OWNER[PIECE_INDEX[arg[1]]]
    if verb == "replace" and isinstance(arg, tuple) and len(arg) == 3 and arg[2] in PIECE_INDEX:
        return OWNER[PIECE_INDEX[arg[2]]]
    return -1


def who_benefits(ctx: Ctx, acts: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """CL 8.4.4 Who (ruling CL-NP11): when an Event lets the Non-player choose whose pieces it
    places, its own; otherwise a random Non-player faction, the same one for the whole Event (8.2);
    a player's only when no Non-player's can be placed. Other actions are kept as they are."""
    owners = sorted({placed_owner(a) for a in acts} - {-1})
    if len(owners) < 2:
        return acts
    if ctx.f in owners:
        who = ctx.f
    else:
        who = ctx.turn_pick([o for o in owners if not ctx.g.is_player(o)] or owners)
    return [a for a in acts if placed_owner(a) in (-1, who)]


def base_rules(ctx: Ctx, acts: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """CL 8.1.2 #1 exception: the Government places at most 1 Base per Province and none in Cities
    (when the Event lets it place something else)."""
    if ctx.f != GOVT:
        return acts
    g = ctx.g

    def barred(action: tuple[str, Any]) -> bool:
        if action[0] != "place" or not isinstance(action[1], tuple) or len(action[1]) != 2 or action[1][1] != "govt_base":
            return False
        s = idx(action[1][0])
        return bool(IS_CITY[s] or g.sp[s][BASE[GOVT]])

    kept = [a for a in acts if not barred(a)]
    return kept or acts


def lookahead(ctx: Ctx, why: str, only: list[tuple[str, Any]] | None = None) -> Decision | None:
    """Whose pieces first (8.4.4 Who, 8.1.2 #1), then try each option on a clone with the rest of
    its Event (`outcome`): most Bases and pieces placed/removed/moved, then the greatest change
    of Support/Opposition (8.4.4 Where); ties at random (8.2). Never a voluntary removal (1.4.1, AMB-54)
    nor the cancellation of the Pact (8.6.5) by chance."""
    acts = only if only is not None else [a for a in ctx.legal
                                          if a[0] not in ("skip", "done", "pass", "withdraw", "cancel pact")]
    if not acts:
        return None
    cap = 12 if getattr(ctx.bot, "shallow", False) else 40  # a play-out's prompts: a sample
    if len(acts) > cap:
        acts = ctx.shuffled(acts)[:cap]
    acts = base_rules(ctx, who_benefits(ctx, acts))
    scored = _try_each(ctx, acts, lambda action: action)
    if not scored:
        return None
    top = max(sc for _, sc in scored)
    if top == (0, 0, 0) and any(a[0] in ("skip", "done") for a in ctx.legal):
        a = next(a for a in ctx.legal if a[0] in ("skip", "done"))
        return Decision(a[0], a[1], why + ": no option has an effect")
    best = ctx.pick([a for a, sc in scored if sc == top])
    return Decision(best[0], best[1], why)


def ev_place(ctx: Ctx, mod: Any) -> Decision | None:
    """8.4.3 Event placement (lookahead); a bot seated on a player faction never takes its pieces
    back to place them (1.4.1 voluntary removal, AMB-54, ruling CL-NP12): it ends the placement."""
    places = [a for a in ctx.legal if a[0] == "place"]
    if places:
        return lookahead(ctx, "8.4.3 Event: place the most pieces, then the greatest shift (8.4.4)", places)
    if ctx.ok("done"):
        return Decision("done", None, "8.4.3 / AMB-54: none Available, never take pieces back by choice")
    return lookahead(ctx, "8.4.3 Event placement")


def own_removal_rank(state: CubaLibreState, faction: int, piece_type: int) -> int:
    """8.1.2 #6: own Active Guerrillas before Underground, Troops before Police (Bases last, AMB-54)."""
    if piece_type in (GUER_A[faction], TROOPS):
        return 0
    if piece_type in (GUER_U[faction], POLICE):
        return 1
    return 2


def ev_remove(ctx: Ctx, mod: Any) -> Decision | None:
    """8.4.3/8.4.4 Event removal: the spaces and pieces that change the most (lookahead); among
    equals, enemy pieces by 8.1.2 #4 (players first, Bases, Police, Underground) before own pieces
    by 8.1.2 #6 (Active before Underground, Troops before Police)."""
    g = ctx.g
    opts = [a for v, a in ctx.legal if v == "remove" and isinstance(a, tuple) and len(a) == 2]
    if not opts:
        return lookahead(ctx, "8.4.3 Event: remove the most pieces (8.4.4)")
    scored = _try_each(ctx, opts, lambda action: ("remove", action))
    if not scored:
        return None
    top = max(sc for _, sc in scored)
    best = [a for a, sc in scored if sc == top]
    factions = ctx.shuffled((GOVT, M26, DIRECTORIO, SYN))

    def key(action: tuple[str, str]) -> tuple[Any, ...]:
        s, piece_type = idx(action[0]), g.slot(action[1])
        if g.owner(piece_type) == ctx.f:
            return (1, own_removal_rank(g, ctx.f, piece_type))
        return (0, removal_key(g, ctx.f, s, action[1], factions))

    a = ctx.order(best, key)[0]
    own = g.owner(g.slot(a[1])) == ctx.f
    return Decision("remove", a, "8.4.3 Event removal: " + ("own pieces Active/Troops first (8.1.2 #6)" if own
                                                          else "players', Bases, Police, Underground first (8.1.2 #4)"))


def ev_choice(ctx: Ctx, mod: Any) -> Decision | None:
    """8.4.4 Who: the executing faction, otherwise a random Non-player faction."""
    frame = ctx.frame
    if frame.get("what") == "faction":
        opts = [a for v, a in ctx.legal if v == "faction"]
        me = ROLES[ctx.f]
        if me in opts:
            return Decision("faction", me, "8.4.4: the executing faction benefits")
        harm = {r: _loss(ctx, r) for r in opts}
        if any(harm.values()) and all(h >= 0 for h in harm.values()):
            # a faction the Event hurts (card 44 shaded, 35): a target, not a beneficiary (ruling
            # CL-NP29): players before Non-players (8.1.2 #4), then the greatest effect (8.1.1)
            r = ctx.order(opts, lambda role: (0 if ctx.g.is_player(idx_role(role)) else 1, -harm[role]))[0]
            return Decision("faction", r, "8.1.2 #4: the Event's target, players first, then the greatest loss")
        nps = [r for r in opts if not ctx.g.is_player(idx_role(r))]
        if nps:
            return Decision("faction", ctx.pick(nps), "8.4.4: a random Non-player faction")
        return Decision("faction", ctx.pick(opts), "8.4.4: random faction")
    return lookahead(ctx, "8.4.4 Where: most pieces, then greatest Support/Opposition change, else random")


def _loss(ctx: Ctx, role: str) -> int:
    """What faction `role` loses (Resources and pieces on the map) when the Event names it, played
    out to the Event's end (`outcome`); negative when it gains."""
    f = idx_role(role)
    try:
        twin = outcome(ctx, ("faction", role))
    except Exception:
        return 0
    g = ctx.g
    slots = [piece_type for piece_type in range(13) if OWNER[piece_type] == f]
    pieces = sum(g.on_map(piece_type) for piece_type in slots) - sum(twin.on_map(piece_type) for piece_type in slots)
    return (g.res[f] - twin.res[f]) + pieces


def give_back(ctx: Ctx, mod: Any) -> Decision | None:
    """Card 43 unshaded (ruling CL-E43b): the faction names which of its Guerrillas was the borrowed
    Syndicate one; a Non-player gives back an Active one first (8.1.2 #6, own Active before
    Underground), ties at random; other card picks are judged by 8.4.4 (lookahead)."""
    opts = [a for v, a in ctx.legal if v == "return"]
    if not opts or len(opts) != len(ctx.legal):
        return lookahead(ctx, "8.4.3 Event: place/remove the most pieces, then the greatest shift (8.4.4)")
    g = ctx.g
    arg = ctx.order(opts, lambda action: own_removal_rank(g, ctx.f, g.slot(action[1])))[0]
    return Decision("return", arg, "card 43: the Syndicate Guerrilla given back, Active first (8.1.2 #6)")


def idx_role(role: str) -> int:
    return ROLES.index(role)


def keep_pact(ctx: Ctx, mod: Any) -> Decision:
    """Before an Event: only DR has a Caracas rule (8.6.5, directorio.py); the 26July mirror
    (English 8.7.6) is omitted (Greek, C-40), so the Pact stays."""
    return Decision("skip", None, "8.7.6 omitted (C-40): the Non-player keeps the Pact of Caracas")


HANDLERS: dict[str, Handler] = {
    "ev_caracas": keep_pact,
    "option": option,
    "opchoice": opchoice,
    "op": op_frame,
    "rally": rally,
    "march": march,
    "train_place": train_place,
    "remove": remove,
    "activate": activate,
    "launder": launder,
    "prop_deposit": deposit,
    "deploy": deploy,
    "ev_choice": ev_choice,
    "ev_remove": ev_remove,
    "ev_place": ev_place,
    "evx_pick": give_back,
    "cash_gift": cash_gift,
    "cash_carry": cash_carry,
    "transfer_request": transfer_request,
}

_ = (CLOSED_CASINO, CASINO, DIRECTORIO, GUER_A, GUER_U, TROOPS, POLICE, idx)
