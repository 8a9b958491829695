"""Board helpers mixed into the state: pieces, Availability, stacking, Control, Cash, totals, victory.

All mutation of pieces goes through place/remove/flip/move here so that Cash (4.5.2), Casinos
(1.4.5) and Availability (1.4.1) are handled in one place.
"""

from __future__ import annotations

from agon.games.cuba_libre.data import (
    AV_OF,
    BASE,
    CASINO,
    CITIES,
    CLOSED_CASINO,
    DIRECTORIO,
    DR_ACTIVE,
    DR_BASE,
    DR_UNDERGROUND,
    ECON,
    ECS,
    GOVT,
    GOVT_BASE,
    GUER_A,
    GUER_U,
    IS_EC,
    M26,
    M26_ACTIVE,
    M26_BASE,
    M26_UNDERGROUND,
    N_SPACES,
    POLICE,
    POP,
    POPULATED,
    SYN,
    SYN_ACTIVE,
    SYN_UNDERGROUND,
    TERROR_MARKERS,
    TROOPS,
)


def row_control(row: list[int]) -> int:
    """CL 1.7: the Faction whose pieces (open Casinos only) outnumber all others in a City or
    Province holding `row`, or -1."""
    g = row[TROOPS] + row[POLICE] + row[GOVT_BASE]
    m = row[M26_UNDERGROUND] + row[M26_ACTIVE] + row[M26_BASE]
    d = row[DR_UNDERGROUND] + row[DR_ACTIVE] + row[DR_BASE]
    y = row[SYN_UNDERGROUND] + row[SYN_ACTIVE] + row[CASINO]
    total = g + m + d + y
    if 2 * g > total:
        return GOVT
    if 2 * m > total:
        return M26
    if 2 * d > total:
        return DIRECTORIO
    if 2 * y > total:
        return SYN
    return -1


# the slots each faction counts for Control (1.7: open Casinos only), as slices of a space's row
COUNTED = (slice(TROOPS, GOVT_BASE + 1), slice(M26_UNDERGROUND, M26_BASE + 1), slice(DR_UNDERGROUND, DR_BASE + 1), slice(SYN_UNDERGROUND, CASINO + 1))
SLOTS_OF = (slice(TROOPS, GOVT_BASE + 1), slice(M26_UNDERGROUND, M26_BASE + 1), slice(DR_UNDERGROUND, DR_BASE + 1), slice(SYN_UNDERGROUND, CLOSED_CASINO + 1))  # every slot, closed Casinos too
assert (TROOPS, POLICE, GOVT_BASE, M26_UNDERGROUND, M26_ACTIVE, M26_BASE, DR_UNDERGROUND, DR_ACTIVE, DR_BASE, SYN_UNDERGROUND, SYN_ACTIVE, CASINO, CLOSED_CASINO) == tuple(range(13)), "the slices need this slot order"


def row_controlled(row: list[int], faction: int) -> bool:
    """CL 1.7: f controls the space holding `row` (not an EC, which nobody controls): f's pieces
    outnumber all the others together (closed Casinos not counted), as `row_control` says, counted in C."""
    return 2 * sum(row[COUNTED[faction]]) > sum(row) - row[CLOSED_CASINO]


class Board:
    """Piece and marker bookkeeping; `self.sp[s]` is the 13-count list of space s."""

    __slots__ = ()  # the fields are the state's (CubaLibreState.__slots__)

    sp: list[list[int]]
    avail: list[int]
    support: list[int]
    terror: list[int]
    cash: list[int]
    res: list[int]
    aid: int
    alliance: int
    capabilities: frozenset[tuple[int, bool]]
    momentum: frozenset[tuple[int, bool]]
    np: frozenset[int]

    # -- counting -------------------------------------------------------------------------------

    def faction_count(self, space: int, faction: int) -> int:
        """Pieces of faction f in space s that count for Control (open Casinos only, 1.7)."""
        row = self.sp[space]
        if faction == GOVT:
            return row[TROOPS] + row[POLICE] + row[GOVT_BASE]
        if faction == M26:
            return row[M26_UNDERGROUND] + row[M26_ACTIVE] + row[M26_BASE]
        if faction == DIRECTORIO:
            return row[DR_UNDERGROUND] + row[DR_ACTIVE] + row[DR_BASE]
        return row[SYN_UNDERGROUND] + row[SYN_ACTIVE] + row[CASINO]

    def control(self, space: int) -> int:
        """The Faction that Controls space s, or -1 (1.7). ECs are never Controlled."""
        return -1 if IS_EC[space] else row_control(self.sp[space])

    def controls(self, space: int, faction: int) -> bool:
        """`control(s) == f`, without working out who else might: f's pieces outnumber all others
        together (1.7), counted in C."""
        if IS_EC[space]:
            return False
        row = self.sp[space]
        return 2 * sum(row[COUNTED[faction]]) > sum(row) - row[CLOSED_CASINO]  # row_controlled(row, f), written out: asked most

    def guerrillas(self, space: int, faction: int) -> int:
        row = self.sp[space]
        return row[GUER_U[faction]] + row[GUER_A[faction]]

    def cubes(self, space: int) -> int:
        return self.sp[space][TROOPS] + self.sp[space][POLICE]

    def has_holder(self, space: int, faction: int) -> bool:
        """Faction f has a Guerrilla or cube in s (something that can hold Cash, 4.5.2)."""
        row = self.sp[space]
        if faction == GOVT:
            return row[TROOPS] + row[POLICE] > 0
        return row[GUER_U[faction]] + row[GUER_A[faction]] > 0

    def any_pieces(self, space: int, faction: int) -> bool:
        row = self.sp[space]
        if faction == SYN:
            return row[SYN_UNDERGROUND] + row[SYN_ACTIVE] + row[CASINO] + row[CLOSED_CASINO] > 0
        return self.faction_count(space, faction) > 0

    def non_casino_bases(self, space: int) -> int:
        row = self.sp[space]
        return row[GOVT_BASE] + row[M26_BASE] + row[DR_BASE]

    def casinos(self, space: int) -> int:
        return self.sp[space][CASINO] + self.sp[space][CLOSED_CASINO]

    def base_room(self, space: int, faction: int) -> bool:
        """A Base (or Casino) of faction f may be placed in s within stacking (1.4.2)."""
        if IS_EC[space]:
            return False
        if faction == SYN:
            return self.sp[space][CASINO] + self.sp[space][CLOSED_CASINO] < 2
        return self.sp[space][GOVT_BASE] + self.sp[space][M26_BASE] + self.sp[space][DR_BASE] < 2

    def on_map(self, piece_type: int) -> int:
        return sum([row[piece_type] for row in self.sp])

    # -- tracks ---------------------------------------------------------------------------------

    def total_support(self) -> int:
        sup = self.support
        return sum(POP[s] * sup[s] for s in POPULATED if sup[s] > 0)

    def total_opposition(self) -> int:
        sup = self.support
        return sum(-POP[s] * sup[s] for s in POPULATED if sup[s] < 0)

    def opposition_plus_bases(self) -> int:
        return self.total_opposition() + self.on_map(M26_BASE)

    def dr_pop_plus_bases(self) -> int:
        return sum(POP[s] for s in POPULATED if self.controls(s, DIRECTORIO)) + self.on_map(DR_BASE)

    def open_casinos(self) -> int:
        return self.on_map(CASINO)

    def markers_left(self) -> int:
        """Terror and Sabotage markers share one pool of 20 (3.3.4)."""
        return TERROR_MARKERS - sum(self.terror)

    def sabotaged(self, space: int) -> bool:
        return IS_EC[space] and self.terror[space] > 0

    def meets_condition(self, faction: int) -> bool:
        """The faction's 7.2 victory condition."""
        if faction == GOVT:
            return all(self.support[c] == 2 for c in CITIES) and self.total_support() > 18
        if faction == M26:
            return self.opposition_plus_bases() > 15
        if faction == DIRECTORIO:
            return self.dr_pop_plus_bases() > 9
        return self.open_casinos() > 7 and self.res[SYN] > 30

    def margin(self, faction: int) -> int:
        """The faction's victory margin (7.3)."""
        if faction == GOVT:
            return self.total_support() - 18
        if faction == M26:
            return self.opposition_plus_bases() - 15
        if faction == DIRECTORIO:
            return self.dr_pop_plus_bases() - 9
        return min(self.open_casinos() - 7, self.res[SYN] - 30)

    # -- resources ------------------------------------------------------------------------------

    def gain(self, faction: int, count: int) -> int:
        """Add n Resources (negative: pay), kept within 0..49 (1.8); returns the change."""
        old = self.res[faction]
        new = old + count
        new = 0 if new < 0 else 49 if new > 49 else new
        self.res[faction] = new
        return new - old

    def add_aid(self, count: int) -> None:
        self.aid = max(0, min(49, self.aid + count))  # type: ignore[misc]  # (a slot of CubaLibreState: Board has none)

    def shift(self, space: int, delta: int) -> None:
        """Shift a populated space's level by delta steps (1.6.1), never past the ends."""
        if not IS_EC[space]:
            self.support[space] = max(-2, min(2, self.support[space] + delta))

    def shift_toward_neutral(self, space: int) -> None:
        v = self.support[space]
        if v > 0:
            self.support[space] = v - 1
        elif v < 0:
            self.support[space] = v + 1

    # -- pieces ---------------------------------------------------------------------------------

    def available(self, piece_type: int) -> int:
        return self.avail[AV_OF[piece_type]]

    def place(self, space: int, piece_type: int, count: int = 1) -> int:
        """Place up to n pieces of slot pt from Available (1.4.1); Guerrillas go Underground and
        Casinos open whatever slot is asked (1.4.3, 1.4.4) unless CC is asked explicitly."""
        k = min(count, self.avail[AV_OF[piece_type]])
        if k > 0:
            self.avail[AV_OF[piece_type]] -= k
            self.sp[space][piece_type] += k
        return k

    def remove(self, space: int, piece_type: int, count: int = 1, capturer: int = -1) -> int:
        """Remove up to n pieces of slot pt from s to Available (Casinos: see close_casino)."""
        k = min(count, self.sp[space][piece_type])
        if k > 0:
            self.sp[space][piece_type] -= k
            self.avail[AV_OF[piece_type]] += k
            self.cash_check(space, capturer)
        return k

    def close_casino(self, space: int) -> bool:
        """What a removal does to a Casino (1.4.5): an open one closes, a closed one is untouched."""
        if self.sp[space][CASINO] > 0:
            self.sp[space][CASINO] -= 1
            self.sp[space][CLOSED_CASINO] += 1
            return True
        return False

    def flip(self, space: int, faction: int, count: int, to_active: bool) -> int:
        row = self.sp[space]
        src, dst = (GUER_U[faction], GUER_A[faction]) if to_active else (GUER_A[faction], GUER_U[faction])
        k = min(count, row[src])
        row[src] -= k
        row[dst] += k
        return k

    def move(self, src: int, dst: int, piece_type: int, count: int = 1, with_cash: bool = False) -> int:
        """Move pieces; `with_cash`: one of them carries one of its faction's Cash markers (4.5.2)."""
        k = min(count, self.sp[src][piece_type])
        if k > 0:
            self.sp[src][piece_type] -= k
            self.sp[dst][piece_type] += k
            f = 0 if piece_type in (TROOPS, POLICE) else (M26 if piece_type in (M26_UNDERGROUND, M26_ACTIVE) else DIRECTORIO if piece_type in (DR_UNDERGROUND, DR_ACTIVE) else SYN)
            if with_cash and src * 4 + f in self.cash:
                self.cash[self.cash.index(src * 4 + f)] = dst * 4 + f
            self.cash_follow(src, dst, f)
        return k

    def replace(self, space: int, old: int, new: int, capturer: int = -1) -> None:
        """Remove `old` and place `new` from Available; remove anyway if none (1.4.1)."""
        if old in (CASINO, CLOSED_CASINO):
            self.close_casino(space)
            return
        self.sp[space][old] -= 1
        self.avail[AV_OF[old]] += 1
        if self.avail[AV_OF[new]] > 0:
            self.avail[AV_OF[new]] -= 1
            self.sp[space][new] += 1
        self.cash_check(space, capturer)

    # -- Cash (4.5.2): self.cash[i] = -1 (Available) or space * 4 + holding faction -------------

    def cash_held(self, space: int, faction: int) -> int:
        return self.cash.count(space * 4 + faction)

    def cash_spaces(self, faction: int) -> set[int]:
        """The spaces where f holds Cash (4.5.2)."""
        return {c // 4 for c in self.cash if c >= 0 and c % 4 == faction}

    def cash_of(self, faction: int) -> list[int]:
        return [i for i, c in enumerate(self.cash) if c >= 0 and c % 4 == faction]

    def cash_check(self, space: int, capturer: int = -1) -> None:
        """Cash whose holder lost its last Guerrilla/cube in s (4.5.2): a Non-player passes it to
        another Non-player there (8.1.2 item 7); a player holder may hand it to another faction's
        piece there (a "cash_gift" decision, cash.py); otherwise it goes to `capturer` (if it has a
        Guerrilla/cube there and the action has a capture clause) or back to the pool."""
        for i, c in enumerate(self.cash):
            if c >= 0 and c // 4 == space and not self.has_holder(space, c % 4):
                holder = c % 4
                if holder in self.np:  # CL 8.1.2 item 7: a Non-player passes it to another Non-player
                    heir = next((x for x in (GOVT, SYN, DIRECTORIO, M26) if x != holder and x in self.np
                                 and self.has_holder(space, x)), -1)
                    if heir >= 0:
                        self.cash[i] = space * 4 + heir
                        continue
                elif any(self.has_holder(space, x) for x in range(4) if x != holder):
                    self.cash[i] = -2 - c  # CL 4.5.2 / AMB-11: the player holder decides (cash.py)
                    self.push("cash_gift", holder, space=space, marker=i, cap=capturer)  # type: ignore[attr-defined]
                    continue
                if capturer >= 0 and capturer != holder and self.has_holder(space, capturer):
                    self.cash[i] = space * 4 + capturer
                else:
                    self.cash[i] = -1

    def cash_follow(self, src: int, dst: int, faction: int) -> None:
        """Cash of f in src travels with its last moving piece (4.5.2)."""
        if not self.has_holder(src, faction):
            code = src * 4 + faction
            for i, c in enumerate(self.cash):
                if c == code:
                    self.cash[i] = dst * 4 + faction

    def add_terror(self, space: int) -> bool:
        if self.markers_left() > 0:
            self.terror[space] += 1
            return True
        return False

    # -- capabilities and momentum --------------------------------------------------------------

    def has_cap(self, number: int, shaded: bool = False) -> bool:
        return (number, shaded) in self.capabilities

    def has_mom(self, number: int) -> bool:
        return (number, True) in self.momentum

    def econ_total(self) -> int:
        return sum(ECON[s] for s in ECS if not self.sabotaged(s))

    def base_slot(self, faction: int) -> int:
        return BASE[faction]

    def check_pieces(self, forces: tuple[int, ...]) -> None:
        totals = [0] * len(forces)
        for row in self.sp:
            for piece_type in range(13):
                assert row[piece_type] >= 0, f"negative piece count {row}"
                totals[AV_OF[piece_type]] += row[piece_type]
        for i, n in enumerate(forces):
            assert totals[i] + self.avail[i] == n, f"pieces of kind {i}: {totals[i]} on map + {self.avail[i]} available != {n}"
        for s in range(N_SPACES):
            row = self.sp[s]
            if IS_EC[s]:
                assert row[GOVT_BASE] + row[M26_BASE] + row[DR_BASE] + row[CASINO] + row[CLOSED_CASINO] == 0, "a Base on an EC"
                assert self.support[s] == 0 and self.terror[s] <= 1
            else:
                assert row[GOVT_BASE] + row[M26_BASE] + row[DR_BASE] <= 2, f"stacking broken in {s}"
            assert -2 <= self.support[s] <= 2
        pending = {frame["marker"] for frame in getattr(self, "stack", ()) if frame["step"] == "cash_gift"}
        for i, c in enumerate(self.cash):
            if c < -1:  # a player holder is deciding where its Cash goes (cash.py)
                assert i in pending, f"Cash {c} off the map with no decision pending"
                continue
            assert c == -1 or self.has_holder(c // 4, c % 4), f"Cash {c} has no holder"
        assert 0 <= sum(self.terror) <= TERROR_MARKERS
        for r in self.res:
            assert 0 <= r <= 49, f"resources {self.res}"
        assert 0 <= self.aid <= 49 and 0 <= self.alliance <= 2
