"""Cube operations of the 17 action cards and the Favour cards (IC-5, spec §4.2 and §4.3).

A board is a slice of the flat cube list: `cu[b + g*3 + v-1]` = how many cubes of value v sit in
guild g of the board starting at offset b. An *execution* is (decisions, ops): the atomic choices a
player makes in order, and the cube operations they lead to: ('P', g, v) place from the Bank,
('R', g, v) remove to the Bank, ('M', src, dst, v) move within the board.

`target_mask` answers "on which guilds has this card any full execution?" cheaply (IC-5.5), as a
bit mask; `executions` lists them all. Tests check that both agree.
"""

from __future__ import annotations

from typing import cast

from agon.engine import Action
from agon.games.intrigue_city.data import ADJ, CARD_KIND, CARD_REL, CARD_VALUES, FAVOURS, GUILDS, OTHERS

Op = tuple
# for each card with a Chosen guild: per target g, the bit mask of the guilds it may take cubes from
REL_MASKS: dict[str, tuple[int, ...]] = {
    c: tuple(sum(1 << x for x in rel[g]) for g in range(6)) for c, rel in CARD_REL.items() if rel is not None
}
Execution = tuple[tuple[Action, ...], tuple[Op, ...]]

VALUES = (1, 2, 3)


def guild_sum(cu: list[int], b: int, g: int) -> int:
    """IC-2.4: the influence of guild g."""
    i = b + g * 3
    return cu[i] + 2 * cu[i + 1] + 3 * cu[i + 2]


def value_total(cu: list[int], b: int, v: int) -> int:
    i = b + v - 1
    return cu[i] + cu[i + 3] + cu[i + 6] + cu[i + 9] + cu[i + 12] + cu[i + 15]


def nonempty(cu: list[int], b: int, g: int) -> bool:
    i = b + g * 3
    return bool(cu[i] or cu[i + 1] or cu[i + 2])


def can_remove(cu: list[int], b: int, g: int, v: int) -> bool:
    """IC-5.2 + IC-2.7: a v-cube is in g and it is not the board's last cube of value v."""
    return cu[b + g * 3 + v - 1] > 0 and value_total(cu, b, v) >= 2


def apply_ops(cu: list[int], b: int, bank: list[int], ops: tuple[Op, ...], inf: list[int], e: int) -> None:
    """Carry out cube operations on the board at offset b, and keep `inf[e + g]`, the influence of
    its guild g (IC-2.4), with them."""
    for op in ops:
        kind = op[0]
        if kind == "P":  # IC-2.3 place
            v = op[2]
            bank[v - 1] -= 1
            cu[b + op[1] * 3 + v - 1] += 1
            inf[e + op[1]] += v
        elif kind == "R":  # IC-2.3 remove
            v = op[2]
            bank[v - 1] += 1
            cu[b + op[1] * 3 + v - 1] -= 1
            inf[e + op[1]] -= v
        else:  # IC-2.3 move
            v = op[3]
            cu[b + op[1] * 3 + v - 1] -= 1
            cu[b + op[2] * 3 + v - 1] += 1
            inf[e + op[1]] -= v
            inf[e + op[2]] += v


def influences(cu: list[int], n: int) -> list[int]:
    """The influence of every guild of every board, player p's guild g at p*6 + g (IC-2.4)."""
    return [guild_sum(cu, p * 18, g) for p in range(n) for g in range(6)]


# -- feasibility (IC-5.5) -------------------------------------------------------------------------


# REACH[card][m]: the targets a card with a Chosen guild can move a cube into when the guilds holding
# cubes are the bits of m (a target needs one related guild that holds cubes)
REACH: dict[str, tuple[int, ...]] = {
    c: tuple(sum(1 << g for g in range(6) if m & rel[g]) for m in range(64)) for c, rel in REL_MASKS.items()
}
ALL = 63  # the bit mask of all six guilds


def held(cu: list[int], b: int, w: int) -> int:
    """The bit mask of the guilds of the board at b that hold a w-cube (w: 0 any value, else 1..3)."""
    if w:  # guild g's w-cubes are at b + 3g + w - 1 (written out: this runs for every target listed)
        i = b + w - 1
        return ((cu[i] and 1) | (cu[i + 3] and 2) | (cu[i + 6] and 4) | (cu[i + 9] and 8)
                | (cu[i + 12] and 16) | (cu[i + 15] and 32))
    return (((cu[b] or cu[b + 1] or cu[b + 2]) and 1) | ((cu[b + 3] or cu[b + 4] or cu[b + 5]) and 2)
            | ((cu[b + 6] or cu[b + 7] or cu[b + 8]) and 4) | ((cu[b + 9] or cu[b + 10] or cu[b + 11]) and 8)
            | ((cu[b + 12] or cu[b + 13] or cu[b + 14]) and 16) | ((cu[b + 15] or cu[b + 16] or cu[b + 17]) and 32))


def target_mask(card: str, cu: list[int], b: int, bank: list[int], pm: tuple[int, ...] | None = None) -> int:
    """The bit mask of the guilds g for which `card` has at least one full execution with target g
    (IC-5.5). `pm`: the values a Promising Arrangements / Redistribution of Power cube may be placed
    with, when the `arrangement_value` option overrides the data (AMB-3)."""
    kind = CARD_KIND[card]  # the kinds of the basic cards first: they are on every board
    if kind == "place_or_remove":
        v = CARD_VALUES[card][0]
        if bank[v - 1] > 0:
            return ALL
        return held(cu, b, v) if value_total(cu, b, v) >= 2 else 0
    if kind == "move" or kind == "double_move":  # ACT-A5/A10 fall back to one move
        return REACH[card][held(cu, b, 0)]
    if kind == "nothing":  # ACT-P2 Scapegoat
        return ALL
    if kind == "place_two":
        vt, vc = CARD_VALUES[card]
        return ALL if bank[vt - 1] > 0 and bank[vc - 1] > (1 if vt == vc else 0) else 0
    if kind == "place_move":
        can_place = any(bank[v - 1] > 0 for v in pm or CARD_VALUES[card])
        return REACH[card][held(cu, b, 0)] if can_place else 0
    out = 0
    if kind == "claim":
        v = CARD_VALUES[card][0]
        for w in VALUES:
            if bank[v - 1] + (w == v) >= 2 and value_total(cu, b, w) >= 2:
                out |= held(cu, b, w)
        return out
    # ACT-P1 Old Debts: place any, remove any, or move in from any other guild
    if bank[0] > 0 or bank[1] > 0 or bank[2] > 0:
        return ALL
    for w in VALUES:
        if value_total(cu, b, w) >= 2:
            out |= held(cu, b, w)
    ne = held(cu, b, 0)
    return out | sum(1 << g for g in range(6) if ne & ~(1 << g))


def targets_ok(card: str, cu: list[int], b: int, bank: list[int], pm: tuple[int, ...] | None = None) -> list[bool]:
    """For each guild g: whether `card` has at least one full execution with target g (IC-5.5)."""
    m = target_mask(card, cu, b, bank, pm)
    return [bool(m >> g & 1) for g in range(6)]


def target_ok(card: str, cu: list[int], b: int, bank: list[int], g: int) -> bool:
    """Whether `card` has at least one full execution with target guild g."""
    return targets_ok(card, cu, b, bank)[g]


_ALWAYS = frozenset(("move", "double_move", "old_debts", "nothing"))


def card_ok_anywhere(card: str, bank: list[int], pm: tuple[int, ...] | None = None) -> bool | None:
    """The answer of `card_ok` when it does not depend on the boards, else None."""
    kind = CARD_KIND[card]
    if kind in _ALWAYS:  # a board always holds cubes (IC-2.7), so some guild can be moved from
        return True
    if kind == "place_two":
        vt, vc = CARD_VALUES[card]
        return bank[vt - 1] > 0 and bank[vc - 1] > (1 if vt == vc else 0)
    if kind == "place_or_remove" and bank[CARD_VALUES[card][0] - 1] > 0:
        return True
    if kind == "place_move":  # any guild holding cubes has two or three related targets
        return any(bank[v - 1] > 0 for v in pm or CARD_VALUES[card])
    return None


def card_ok(card: str, cu: list[int], boards: tuple[int, ...], bank: list[int], forbid: int,
            pm: tuple[int, ...] | None = None) -> bool:
    """Whether `card` has a full execution on one of these boards, on a guild other than `forbid`."""
    fast = card_ok_anywhere(card, bank, pm)
    return card_ok_on(card, cu, boards, bank, forbid, pm) if fast is None else fast


def card_ok_on(card: str, cu: list[int], boards: tuple[int, ...], bank: list[int], forbid: int,
               pm: tuple[int, ...] | None = None) -> bool:
    """`card_ok` for a card whose answer depends on the boards (`card_ok_anywhere` is None)."""
    if CARD_KIND[card] == "claim":  # ACT-A6/A7: a removable cube outside `forbid`, then two placements
        v = CARD_VALUES[card][0]
        for w in VALUES:
            if bank[v - 1] + (w == v) >= 2:
                for b in boards:  # IC-2.7: removable if not the board's last cube of its value
                    if value_total(cu, b, w) >= 2 and (forbid < 0 or held(cu, b, w) & ~(1 << forbid)):
                        return True
        return False
    keep = ALL if forbid < 0 else ALL ^ (1 << forbid)
    for b in boards:
        if target_mask(card, cu, b, bank, pm) & keep:
            return True
    return False


# -- executions ---------------------------------------------------------------------------------
# Every decision and every one-step execution is built once here: the lists below are filtered
# from these tables by the cube counts, so that listing executions allocates no Action.

CHOSEN = tuple(Action("chosen", GUILDS[c]) for c in range(6))
FROM = tuple(Action("from", GUILDS[c]) for c in range(6))
# indexed by the cube value (1-3): slot 0 is never read, so the tables are typed as Actions throughout
MOVE = cast("tuple[Action, ...]", (None, *(Action("move", v) for v in VALUES)))
PLACE = cast("tuple[Action, ...]", (None, *(Action("place", v) for v in VALUES)))
REMOVE = cast("tuple[Action, ...]", (None, *(Action("remove", v) for v in VALUES)))
BACK = cast("tuple[Action, ...]", (None, *(Action("back", v) for v in VALUES)))
# PLACE_EX[g][v] / REMOVE_EX[g][v]: place a v-cube in g from the Bank, remove one to it (IC-2.3)
PLACE_EX: tuple[tuple[Execution, ...], ...] = tuple(
    (((), ()), *(((PLACE[v],), (("P", g, v),)) for v in VALUES)) for g in range(6))
REMOVE_EX: tuple[tuple[Execution, ...], ...] = tuple(
    (((), ()), *(((REMOVE[v],), (("R", g, v),)) for v in VALUES)) for g in range(6))
# MOVES_IN[g][c]: (offset of the v-cubes of guild c on a board, moving one of them from c into g)
MOVES_IN: tuple[tuple[tuple[tuple[int, Execution], ...], ...], ...] = tuple(
    tuple(tuple((c * 3 + v - 1, ((CHOSEN[c], MOVE[v]), (("M", c, g, v),))) for v in VALUES) for c in range(6))
    for g in range(6))
# the same moves per card and target, flattened in the order of the card's Chosen guilds
REL_MOVES: dict[str, tuple[tuple[tuple[int, Execution], ...], ...]] = {
    card: tuple(tuple(m for c in rel[g] for m in MOVES_IN[g][c]) for g in range(6))
    for card, rel in CARD_REL.items() if rel is not None
}
OTHER_MOVES: tuple[tuple[tuple[int, Execution], ...], ...] = tuple(  # ACT-P1: "from" any other guild
    tuple((off, ((FROM[ex[1][0][1]], ex[0][1]), ex[1])) for c in OTHERS[g] for off, ex in MOVES_IN[g][c])
    for g in range(6))


def _place_or_remove(cu: list[int], b: int, bank: list[int], g: int, v: int, out: list[Execution]) -> None:
    """Append placing a v-cube from the Bank in guild g, then removing one, where each is possible."""
    if bank[v - 1] > 0:
        out.append(PLACE_EX[g][v])
    if can_remove(cu, b, g, v):
        out.append(REMOVE_EX[g][v])


def executions(card: str, cu: list[int], b: int, bank: list[int], g: int,
               pm: tuple[int, ...] | None = None) -> list[Execution]:
    """Every full execution of `card` with target guild g on the board at offset b (IC-5.5)."""
    kind = CARD_KIND[card]
    out: list[Execution] = []
    if kind == "place_or_remove":  # ACT-B1, B2, B4: place from the Bank, or remove (IC-5.2, IC-2.7)
        v = CARD_VALUES[card][0]
        if bank[v - 1] > 0:
            out.append(PLACE_EX[g][v])
        if cu[b + g * 3 + v - 1] and value_total(cu, b, v) >= 2:
            out.append(REMOVE_EX[g][v])
    elif kind == "move":  # ACT-B3, B5
        out = [ex for off, ex in REL_MOVES[card][g] if cu[b + off]]
    elif kind == "place_two":  # ACT-A1..A4
        vt, vc = CARD_VALUES[card]
        if bank[vt - 1] > 0 and bank[vc - 1] > (1 if vt == vc else 0):
            out = list(PLACE_TWO[card][g])
    elif kind == "double_move":  # ACT-A5, A10 (AMB-5)
        singles = [ex for off, ex in REL_MOVES[card][g] if cu[b + off]]
        i = b + g * 3
        for decisions, ops in singles:
            c, v1 = ops[0][1], ops[0][3]
            for v2 in VALUES:
                if v2 != v1 and cu[i + v2 - 1] > 0:
                    out.append(((*decisions, BACK[v2]), (ops[0], ("M", g, c, v2))))
        if not out:
            out = singles
    elif kind == "claim":  # ACT-A6, A7
        v = CARD_VALUES[card][0]
        a1, a2 = ADJ[g]
        for w in VALUES:
            if can_remove(cu, b, g, w) and bank[v - 1] + (w == v) >= 2:
                out.append(((REMOVE[w],), (("R", g, w), ("P", a1, v), ("P", a2, v))))
    elif kind == "place_move":  # ACT-A8, A9 (AMB-3: any value placed, or the `arrangement_value` option)
        placeable = [v for v in pm or CARD_VALUES[card] if bank[v - 1] > 0]
        if placeable:
            for off, (decisions, ops) in REL_MOVES[card][g]:
                if cu[b + off]:
                    for v in placeable:
                        out.append(((decisions[0], PLACE[v], decisions[1]), (("P", g, v), ops[0])))
    elif kind == "old_debts":  # ACT-P1
        place, remove = PLACE_EX[g], REMOVE_EX[g]
        out = [place[v] for v in VALUES if bank[v - 1] > 0]
        out += [remove[v] for v in VALUES if can_remove(cu, b, g, v)]
        out += [ex for off, ex in OTHER_MOVES[g] if cu[b + off]]
    else:  # ACT-P2 Scapegoat: nothing happens
        out.append(((), ()))
    return out


# ACT-A1..A4: per card and target, one execution per Chosen guild (the Bank decides whether any)
PLACE_TWO: dict[str, tuple[tuple[Execution, ...], ...]] = {
    card: tuple(tuple(((CHOSEN[c],), (("P", g, CARD_VALUES[card][0]), ("P", c, CARD_VALUES[card][1])))
                      for c in CARD_REL[card][g]) for g in range(6))  # type: ignore[index]
    for card, kind in CARD_KIND.items() if kind == "place_two"
}
def _fav_moves(g: int, a: int, v: int) -> tuple[tuple[int, Execution], ...]:
    """Shifting a v-cube between g and its neighbour a: (offset of the cubes, execution), out of g first."""
    if not v:
        return ()
    return ((g * 3 + v - 1, ((Action("move", (GUILDS[g], GUILDS[a], v)),), (("M", g, a, v),))),
            (a * 3 + v - 1, ((Action("move", (GUILDS[a], GUILDS[g], v)),), (("M", a, g, v),))))


# FAV_MOVES[g][k][v]: a Favour card shifting a v-cube between g and its k-th neighbour (DB, DR)
FAV_MOVES = tuple(tuple(tuple(_fav_moves(g, a, v) for v in (0, *VALUES)) for a in ADJ[g]) for g in range(6))


def favour_executions(guild: str, values: tuple[int, ...], cu: list[int], b: int, bank: list[int], g: int) -> list[Execution]:
    """What a place-or-remove (CM, RL) or move-with-a-neighbour (DB, DR) Favour card can do on guild g
    (§4.3; the effect of each guild's card is data, AMB-1)."""
    out: list[Execution] = []
    if FAVOURS[guild]["effect"] == "place_or_remove":
        for v in values:
            _place_or_remove(cu, b, bank, g, v, out)
        return out
    moves = FAV_MOVES[g]
    return [ex for k in (0, 1) for v in values for off, ex in moves[k][v] if cu[b + off]]


def favour_usable(guild: str, values: tuple[int, ...], cu: list[int], b: int, bank: list[int], g: int) -> bool:
    """Whether `favour_executions` lists any execution: all a Favour window asks before it opens."""
    if FAVOURS[guild]["effect"] == "place_or_remove":
        for v in values:
            if bank[v - 1] > 0 or can_remove(cu, b, g, v):
                return True
        return False
    for moves in FAV_MOVES[g]:
        for v in values:
            for off, _ex in moves[v]:
                if cu[b + off]:
                    return True
    return False
