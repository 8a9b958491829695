"""Board helpers shared by the flow and the Opposition: control, strength, calendar, draws.

Marker locations (`state.loc[m]`): 0..5 a district, SUPPLY (-1) a supply or the Opposition pool,
WAITING (-2) not yet in play (Trotsky on the calendar, the box in solo), OUT (-3) out of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agon.engine import Text, msg, plural
from agon.games.dual_powers.data import (
    ARROW,
    CARD_DAYS,
    CONNECTION_NAME,
    DISTRICT_NAME,
    EDGES,
    EXH,
    EXTRA_DAYS,
    FRESH,
    JUMP_DAYS,
    LAST_DAY,
    MONTH_LABEL,
    MONTH_TROTSKY_JOINS,
    MONTH_TROTSKY_RETURNS,
    MONTHS,
    NEUTRAL,
    OPPOSITION,
    OWNER,
    TRACK_END,
    TROTSKY_N,
    TROTSKY_R,
)

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.dual_powers.rules import DualPowersState

SUPPLY, WAITING, OUT = -1, -2, -3


def controller(s: DualPowersState, m: int) -> int:
    """The side controlling marker m (R0.4): neutrals follow Popular Will."""
    o = OWNER[m]
    if o == NEUTRAL:
        return s.pw
    if o == OPPOSITION:
        return s.opp
    return o


def strength(s: DualPowersState, m: int) -> int:
    """Current strength (R0.2); an exhausted Opposition unit is worth the difficulty X (S8.6)."""
    if s.exh[m]:
        return s.diff if OWNER[m] == OPPOSITION else EXH[m]
    return FRESH[m]


def markers_in(loc: list[int], d: int) -> list[int]:
    """The markers at location d, in marker order (C-level searches: a district holds few)."""
    out = []
    m = -1
    for _ in range(loc.count(d)):
        m = loc.index(d, m + 1)
        out.append(m)
    return out


def stronger(s: DualPowersState, d: int) -> int:
    """The side with the greater strength in district d, or -1 (R4.2; rulings A2 a-d)."""
    tot, cnt = tally(s, d)
    if not cnt[0] and not cnt[1]:
        return -1  # DP R4.2.6; A2(d): only non-contributing neutrals
    if tot[0] != tot[1]:
        return 0 if tot[0] > tot[1] else 1  # DP R4.2.3
    if cnt[0] != cnt[1]:
        return 0 if cnt[0] > cnt[1] else 1  # DP R4.2.4 (A2 c: counted markers only)
    return s.pw  # DP R4.2.5


def tally(s: DualPowersState, d: int) -> tuple[list[int], list[int]]:
    """Each side's strength and counted markers in district d (R4.2.1, R4.2.2; A2 a, b)."""
    here = markers_in(s.loc, d)
    if not here:
        return [0, 0], [0, 0]
    exh = s.exh
    tot = [0, 0]
    cnt = [0, 0]
    ntot = ncnt = 0
    for m in here:
        o = OWNER[m]
        st = (s.diff if o == OPPOSITION else EXH[m]) if exh[m] else FRESH[m]
        if o == NEUTRAL:
            ntot += st
            ncnt += 1
        else:
            p = s.opp if o == OPPOSITION else o  # controller(), for a side's or the Opposition's marker
            tot[p] += st
            cnt[p] += 1
    pw = s.pw
    if cnt[pw]:  # DP R4.2.2: neutrals need one of the holder's own markers (A2 a, b)
        tot[pw] += ntot
        cnt[pw] += ncnt
    return tot, cnt


def say_strength(s: DualPowersState, d: int) -> None:
    """Log why a district goes to a side, or to nobody: each side's strength and counted markers
    (R4.2; issue 34 item 7)."""
    if s.quiet:
        return
    tot, cnt = tally(s, d)
    s.say("Strength in {d}: {red} {rs} ({rc}), {white} {ws} ({wc}).", d=DISTRICT_NAME[d],
          red=s.side_name(0), rs=tot[0], rc=plural("{n} marker", "{n} markers", "n", n=cnt[0]),
          white=s.side_name(1), ws=tot[1], wc=plural("{n} marker", "{n} markers", "n", n=cnt[1]))


def take_pw(s: DualPowersState, side: int, why: str | Text) -> None:
    """DP R0.4: `side` takes Popular Will (`why`: a term or a Text) and with it the neutral markers."""
    if s.pw != side:
        s.pw = side
        s.say("{side} takes Popular Will ({why}) and now controls the neutral markers.", side=s.side_name(side), why=why)


def advance_date(s: DualPowersState, side: int, card: int) -> bool:
    """DP R3.4: move the calendar by the card's days; return True if an extra action is earned."""
    d = s.day + CARD_DAYS[card]
    if d > LAST_DAY:  # DP R3.4.2 (A5 a: the space after 31 is 1)
        d -= LAST_DAY
        s.day = d
        if s.month < len(MONTHS) - 1:
            s.month += 1
            if not s.quiet:
                s.say("The month advances to {month}.", month=MONTH_LABEL[s.month])
            moved = True
        else:
            moved = False  # A5: the marker stays on the last space
        take_pw(s, side, msg("month advance"))  # DP R3.4.3 / S5.5
        if moved:
            calendar_event(s)  # DP R3.4.4
    s.day = d
    if d in JUMP_DAYS:  # DP R3.4.5
        s.say("The day marker lands on {was} and jumps to 31.", was=d)
        s.day = d = LAST_DAY
    if not s.quiet:
        s.say("The calendar reads day {day}, {month}.", day=s.day, month=MONTH_LABEL[s.month])
    return d in EXTRA_DAYS  # DP R3.4.6


def calendar_event(s: DualPowersState) -> None:
    """DP R3.5: Trotsky returns (May/June), Trotsky joins the Bolsheviks (August)."""
    if s.month == MONTH_TROTSKY_RETURNS and s.loc[TROTSKY_N] == WAITING:  # DP R3.5.1
        s.loc[TROTSKY_N] = s.unrest
        s.exh[TROTSKY_N] = 0  # A9: fresh side up
        s.say("Trotsky returns from exile to {district}.", district=DISTRICT_NAME[s.unrest])
    elif s.month == MONTH_TROTSKY_JOINS and s.loc[TROTSKY_R] == WAITING:  # DP R3.5.2
        if s.loc[TROTSKY_N] >= 0:
            s.loc[TROTSKY_R] = s.loc[TROTSKY_N]
            s.exh[TROTSKY_R] = s.exh[TROTSKY_N]
            s.loc[TROTSKY_N] = OUT
            s.exh[TROTSKY_N] = 0
            s.say("Trotsky joins the Bolsheviks: {side} now controls him in {district}.",
                  side=s.side_name(0), district=DISTRICT_NAME[s.loc[TROTSKY_R]])
        else:
            s.loc[TROTSKY_R] = OUT
            s.say("Trotsky is gone; he never joins the Bolsheviks.")


def draw(s: DualPowersState, side: int, n: int, to: list[int] | None = None) -> list[int]:
    """Draw n Command cards into `to` (default: the side's hand); DP R1.3 reshuffle; G15 shortfall."""
    dest = s.hands[side] if to is None else to
    deck = s.deck
    rest = len(deck) - n
    if rest >= 0:  # the usual case: the n cards the loop below would pop from the end, in one step
        top = deck[rest:]
        top.reverse()
        del deck[rest:]
        dest += top
        return top
    got: list[int] = []
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                s.short[side] += 1  # G15: nothing left to draw
                continue
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)  # DP R1.3
            s.say("The discard pile is shuffled into a new deck.")
        c = s.deck.pop()
        dest.append(c)
        got.append(c)
    return got


def gain_vp(s: DualPowersState, side: int, vp: int, why: str | Text) -> bool:
    """DP R4.4: move the score marker toward `side`; return True if the game ended (R6.1)."""
    if vp <= 0:
        return False
    step = 1 if side == 0 else -1
    s.score = max(-TRACK_END, min(TRACK_END, s.score + step * vp))  # DP R4.4.3 clamp
    if not s.quiet:
        s.say("{side} gains {vp} VP ({why}); the score is {score}.", side=s.side_name(side), vp=vp, why=why,
              score=score_text(s.score, s.side_name(0), s.side_name(1)))
    if abs(s.score) == TRACK_END:  # DP R6.1 / S10.1
        s.end(side, msg("the score marker reached the last space of the Support track"))
        return True
    return False


def score_text(score: int, red: str = "Red", white: str = "White") -> Text:
    """The score marker's place for the log: "level (centre)" or "3 toward Red" (R0.7)."""
    if score == 0:
        return msg("level (centre)")
    name = red if score > 0 else white
    return msg("{n} toward {side}", n=abs(score), side="the Opposition" if name == "The Opposition" else name)


def blockade_text(s: DualPowersState) -> Text:
    """Where the Blockade marker is, for the log (SU11, R5.2, A12)."""
    if s.block < 0:
        return msg("no connection is blocked")
    a, b = EDGES[s.block]
    return msg("the Blockade marker blocks {connection} ({a} - {b})", connection=CONNECTION_NAME[s.block],
               a=DISTRICT_NAME[a], b=DISTRICT_NAME[b])


def blockade_to_tile(s: DualPowersState) -> None:
    s.block = ARROW[s.btile] if s.btile >= 0 else -1



