"""What each role may see (R0.10), resampling what it cannot see, and the game's invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agon.engine.rng import RandomSource
from agon.games.dual_powers.board import OUT, SUPPLY, WAITING, controller, strength
from agon.games.dual_powers.data import (
    CARD_LABEL,
    CARD_LEADER,
    CONNECTIONS,
    DISTRICTS,
    EXH,
    FRESH,
    JUMP_DAYS,
    LAST_DAY,
    MARKER_NAME,
    MONTH_LABEL,
    MONTHS,
    N_CARDS,
    N_COMMAND,
    N_MARKERS,
    NEUTRAL_UNITS,
    OPP_UNITS,
    OPPOSITION,
    OWNER,
    SIDE_LEADER_CARDS,
    SIDE_UNITS,
    SIDES,
    TRACK_END,
    TROTSKY_N,
    TROTSKY_R,
)

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.dual_powers.rules import DualPowersState


def _marker(s: DualPowersState, m: int) -> dict[str, Any]:
    ctrl = controller(s, m)
    return {
        "id": m,
        "name": MARKER_NAME[m],
        "owner": "opposition" if OWNER[m] == OPPOSITION else ("neutral" if OWNER[m] == 2 else SIDES[OWNER[m]]),
        "control": SIDES[ctrl],
        "strength": strength(s, m),
        "exhausted": bool(s.exh[m]),
    }


def knows_so(s: DualPowersState, viewer: str | None, side: int) -> bool:
    """Whether `viewer` may see `side`'s Secret Objective (R0.10, R2.3, S3.3); everybody, once the
    game is over (a win at once by R6.1 / S10.1 skips the reveal: nothing is left to hide)."""
    if s.so_up[side] or s.phase == "over":
        return True
    if viewer is None or s.solo:
        return False
    return SIDES[side] == viewer


def view(s: DualPowersState, role: str | None) -> dict[str, Any]:
    districts = []
    for d, name in enumerate(DISTRICTS):
        districts.append({
            "id": name,
            "markers": [_marker(s, m) for m in range(N_MARKERS) if s.loc[m] == d],
            "objective_markers": [i + 1 for i, x in enumerate(s.obj) if x == d],
        })
    sides: dict[str, Any] = {}
    for side, name in enumerate(SIDES):
        if s.solo and side == s.opp:
            continue
        so = s.so[side]
        sides[name] = {
            "hand": [CARD_LABEL[c] for c in s.hands[side]] if role == name else len(s.hands[side]),
            "hand_count": len(s.hands[side]),
            "played": [CARD_LABEL[c] for c in s.played[side]],
            "secret_objective": (CARD_LABEL[so] if knows_so(s, role, side) else "hidden") if so >= 0 else None,
            "supply": [m for m in SIDE_UNITS[side] + _leaders(side) if s.loc[m] == SUPPLY],
            "extra_draws": s.xdraws[side],
        }
    v: dict[str, Any] = {
        "players": 1 if s.solo else 2,
        "round": s.rnd,
        "phase": s.phase,
        "districts": districts,
        "blockade": CONNECTIONS[s.block] if s.block >= 0 else None,
        "unrest_tile": DISTRICTS[s.unrest] if s.unrest >= 0 else None,
        "blockade_tile": DISTRICTS[s.btile] if s.btile >= 0 else None,
        "tile_stack": len(s.tiles),
        "day": s.day,
        "month": MONTHS[s.month],
        "month_label": MONTH_LABEL[s.month],
        "score": s.score,
        "track_end": TRACK_END,
        "popular_will": SIDES[s.pw],
        "deck": len(s.deck),
        "discard": len(s.discard),
        "sides": sides,
        "out_of_game": [m for m in range(N_MARKERS) if s.loc[m] == OUT],
        "turn": s.ti + 1 if s.phase not in ("objective", "over") else 0,
    }
    if s.solo:
        opp_so = s.so[s.opp]
        v["opposition"] = {
            "side": SIDES[s.opp],
            "difficulty": s.diff,
            "stack": len(s.opp_stack),
            "played": [CARD_LABEL[c] for c in s.opp_played],
            "leader_stack": len(s.opp_leaders),
            "leader_card": CARD_LABEL[s.opp_leader_card] if s.opp_leader_card >= 0 else None,
            "secret_objective": CARD_LABEL[opp_so] if opp_so >= 0 and s.so_up[s.opp] else None,
            "pool": sum(1 for m in OPP_UNITS if s.loc[m] == SUPPLY),
        }
    return v


def _leaders(side: int) -> tuple[int, ...]:
    return tuple(CARD_LEADER[c] for c in SIDE_LEADER_CARDS[side])


def determinize(s: DualPowersState, side: int, rng: RandomSource) -> None:
    """Reshuffle what `side` cannot know: the deck, hidden hands and objectives, tile stack order."""
    pool = list(s.deck)
    slots: list[tuple[str, int]] = []
    if s.solo:
        h = s.human
        if s.so[h] >= 0 and not s.so_up[h]:  # S3.3: your own objective is unknown to you
            pool.append(s.so[h])
            slots.append(("so", h))
        pool.extend(s.opp_stack)
    else:
        other = 1 - side
        hidden = [c for c in s.hands[other] if c < N_COMMAND]  # Leader cards left in hand are known
        pool.extend(hidden)
        if s.so[other] >= 0 and not s.so_up[other]:
            pool.append(s.so[other])
            slots.append(("so", other))
    pool.sort()  # the hidden pool's order is hidden too: the sample depends on its contents only
    rng.shuffle(pool)
    if s.solo:
        n = len(s.opp_stack)
        s.opp_stack = [pool.pop() for _ in range(n)]
        s.opp_leaders = sorted(s.opp_leaders)
        rng.shuffle(s.opp_leaders)
    else:
        other = 1 - side
        known = [c for c in s.hands[other] if c >= N_COMMAND]
        n = len(s.hands[other]) - len(known)
        s.hands[other] = known + [pool.pop() for _ in range(n)]
    for _, who in slots:
        s.set_so(who, pool.pop(), 0)
    s.deck = pool
    s.tiles = sorted(s.tiles)
    rng.shuffle(s.tiles)


def check_invariants(s: DualPowersState) -> None:
    """Card and marker conservation, calendar, track and hand sizes."""
    cards = list(s.deck) + s.discard + s.gone + s.hands[0] + s.hands[1] + s.played[0] + s.played[1]
    cards += s.opp_stack + s.opp_played + s.opp_leaders
    if s.opp_leader_card >= 0:
        cards.append(s.opp_leader_card)
    for side in (0, 1):
        if s.so[side] >= 0 and not (s.solo and side == s.opp):
            cards.append(s.so[side])
    assert sorted(cards) == list(range(N_CARDS)), f"cards not conserved: {len(cards)} of {N_CARDS}"
    if s.solo and s.so[s.opp] >= 0:
        assert s.so[s.opp] in s.opp_played, "the Opposition's objective is one of its played cards"
    assert len(s.loc) == N_MARKERS and len(s.exh) == N_MARKERS
    for m in range(N_MARKERS):
        loc = s.loc[m]
        assert -3 <= loc < 6, f"marker {m} location {loc}"
        assert s.exh[m] in (0, 1)
        if loc < 0:
            assert s.exh[m] == 0, f"marker {m} off the board must be fresh"
    assert all(s.loc[m] != SUPPLY for m in NEUTRAL_UNITS), "neutral units never enter a supply"
    assert s.loc[TROTSKY_N] != SUPPLY and s.loc[TROTSKY_R] != SUPPLY
    assert not (s.loc[TROTSKY_N] >= 0 and s.loc[TROTSKY_R] >= 0), "one Trotsky at most"
    for side in (0, 1):
        units = [m for m in SIDE_UNITS[side] if s.loc[m] != OUT]
        box = s.solo and side == s.opp
        assert len(units) == 10, "faction units never leave the game"
        assert all((s.loc[m] == WAITING) == box for m in units)
    if not s.solo:
        assert all(s.loc[m] == WAITING for m in OPP_UNITS)
    else:
        assert all(s.loc[m] != OUT and s.loc[m] != WAITING for m in OPP_UNITS), "Opposition units stay in play"
    assert 1 <= s.day <= LAST_DAY and s.day not in JUMP_DAYS, f"day {s.day}"  # DP R3.4.5
    assert 0 <= s.month < len(MONTHS)
    assert -TRACK_END <= s.score <= TRACK_END, f"score {s.score}"
    assert s.pw in (0, 1)
    assert FRESH and EXH
    assert s.block == -1 or 0 <= s.block < len(CONNECTIONS)
    if s.phase != "over":
        assert s.unrest >= 0, "an Unrest district during play"
        _hand_sizes(s)


def _hand_sizes(s: DualPowersState) -> None:
    """DP R1.2 / T-R16: a hand never falls below its size after the draw, minus this round's plays."""
    if s.solo:
        h = s.human
        want = 7 + s.xdraws[h] - s.short[h]
        got = len(s.hands[h]) + len(s.played[h])
        assert got == want, f"solo hand {len(s.hands[h])} + played {len(s.played[h])} != {want}"
        assert s.phase == "over" or s.rnd > 0
        return
    for side in (0, 1):
        want = 8 + s.xdraws[side] - s.short[side]
        got = len(s.hands[side]) + len(s.played[side]) + (1 if s.so[side] >= 0 else 0)
        assert got == want, f"{SIDES[side]} hand {len(s.hands[side])} + played + SO != {want}"
        if s.phase == "play":
            assert s.hands[s.cur], "the active player has a card to play"
