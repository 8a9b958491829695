"""Draw (R1 / S2), Objective (R2 / S3), Scoring (R4 / S8), Cleanup (R5 / S9) and the end (R6 / S10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agon.engine import msg
from agon.games.dual_powers import solo
from agon.games.dual_powers.board import OUT, SUPPLY, blockade_text, draw, gain_vp, markers_in, say_strength, stronger
from agon.games.dual_powers.data import (
    ARROW,
    CARD_DIST,
    CARD_LABEL,
    CARD_VP,
    CARDS_DRAWN,
    DISTRICT_NAME,
    IS_LEADER,
    MONTH_END,
    MONTH_LABEL,
    N_COMMAND,
    NEUTRAL,
    OWNER,
    SIDES,
    SOLO_HAND_DRAW,
    SOLO_ROUNDS,
    UNREST_VP,
)
from agon.games.dual_powers.text import removed_name

if TYPE_CHECKING:  # the State, for type hints only: rules sits above this module (docs/architecture.md)
    from agon.games.dual_powers.rules import DualPowersState


def start_round(s: DualPowersState) -> None:
    """A new round: Draw phase, then Objective phase (2 players) or S3 (solo)."""
    s.rnd += 1
    if s.unrest < 0:  # A12: no Unrest tile left: reshuffle the discarded tiles
        s.tiles = s.tiles_out
        s.tiles_out = []
        s.rng.shuffle(s.tiles)
        s.unrest = s.tiles.pop()
        s.btile = s.tiles.pop()
        s.block = ARROW[s.btile]
        s.say("The district tiles are reshuffled: the Unrest! tile is {u} and the Blockade! tile {b}: {block}.",
              u=DISTRICT_NAME[s.unrest], b=DISTRICT_NAME[s.btile], block=blockade_text(s))
    if not s.quiet:
        s.say("Round {n} begins ({day} {month}).", n=s.rnd, day=s.day, month=MONTH_LABEL[s.month])
    if s.solo:
        h = s.human
        got = draw(s, h, SOLO_HAND_DRAW)  # DP S2.1
        if not s.quiet:
            for c in got:
                s.say("You draw {card}.", to=SIDES[h], card=CARD_LABEL[c])
        blind = draw(s, h, 1, to=[])  # DP S2.2: your objective, unseen
        s.set_so(h, blind[0] if blind else -1, 0)
        if blind and not s.quiet:  # (the draw said nothing of it; issue 34 item 7)
            s.say("{side}'s Secret Objective is drawn face down: nobody sees it until it is revealed (S2.2).",
                  side=s.side_name(h))
        draw(s, s.opp, 5, to=s.opp_stack)  # DP S2.3
        s.reveal()
        solo.objective_phase(s)  # DP S3
        s.start_actions()
        return
    for side in (s.pw, 1 - s.pw):  # DP R1.1; R1.5: the PW holder draws first
        got = draw(s, side, CARDS_DRAWN)
        if not s.quiet:
            for c in got:
                s.say("You draw {card}.", to=SIDES[side], card=CARD_LABEL[c])
    s.reveal()
    s.phase = "objective"  # DP R2: simultaneous hidden choice


def scoring(s: DualPowersState) -> None:
    """DP R4.1 step 1: resolve the Unrest district (R4.3)."""
    if not s.quiet:
        s.say("Scoring: the Unrest district is {d}.", d=DISTRICT_NAME[s.unrest])
    s.obj = (s.unrest, -1, -1)  # DP R4.3.2: objective marker 1
    w = stronger(s, s.unrest)  # DP R4.3.3
    say_strength(s, s.unrest)
    if w < 0:
        s.say("Nobody has the greater strength in {d}.", d=DISTRICT_NAME[s.unrest])  # DP R4.3.6
        score_rest(s)
        return
    if s.solo and w == s.opp:  # DP S8.1: the Opposition always counts it
        if unrest_vp(s, w, go_on=False):
            return
        score_rest(s)
        return
    s.cur = w  # DP R4.3.4: the stronger player chooses
    s.phase = "unrest"


def unrest_vp(s: DualPowersState, side: int, go_on: bool = True) -> bool:
    """Count the Unrest district as an additional objective (R4.3.4a, R4.3.5)."""
    if gain_vp(s, side, UNREST_VP[s.month], msg("the Unrest district in {district}", district=DISTRICT_NAME[s.unrest])):
        return True
    if go_on:
        score_rest(s)
    return False


def score_rest(s: DualPowersState) -> None:
    """DP R4.1 steps 2-4: reveal, score the objectives, exhaust; then R6.2 / S10.2 and Cleanup."""
    sc = s.score
    if sc > 0:
        first = 1  # DP R4.5.1: fewer VP reveals first (A17)
    elif sc < 0:
        first = 0
    else:
        first = 1 - s.pw  # DP R4.5.3
    cards = list(s.so)  # DP R4.5 / S8.2
    if s.solo:
        cards[s.opp] = solo.opposition_objective(s.opp_played)  # DP S8.3
    s.so = (cards[0], cards[1])
    s.so_up = (1, 1)  # both face up
    s.reveal()
    order = (first, 1 - first)
    d2 = CARD_DIST[cards[order[0]]] if cards[order[0]] >= 0 else -1
    d3 = CARD_DIST[cards[order[1]]] if cards[order[1]] >= 0 else -1
    s.obj = (s.obj[0], d2, d3)
    if not s.quiet:
        for mark, side in ((2, order[0]), (3, order[1])):
            c = cards[side]
            if c >= 0:
                s.say("{side} reveals the Secret Objective {card}: objective marker {n} goes to {d}.",
                      side=s.side_name(side), card=CARD_LABEL[c], n=mark, d=DISTRICT_NAME[CARD_DIST[c]])
    for side in order:  # DP R4.6.1, R4.6.2
        c = cards[side]
        if c < 0:
            continue
        d = CARD_DIST[c]
        w = stronger(s, d)
        say_strength(s, d)
        if w < 0:
            s.say("Nobody has the greater strength in {d}; {card} scores nothing.", d=DISTRICT_NAME[d],
                  card=CARD_LABEL[c])  # DP R4.6.4
            continue
        if gain_vp(s, w, CARD_VP[c], msg("objective {card}", card=CARD_LABEL[c])):  # A1(a): the stronger side scores
            return
    exhaust(s)  # DP R4.7
    if s.solo:
        if s.rnd >= SOLO_ROUNDS:  # DP S10.2
            s.end(_leader_side(s), msg("the end of round 3"))
            return
    elif s.month >= MONTH_END:  # DP R6.2
        s.end(_leader_side(s), msg("the calendar reached October/November"))
        return
    cleanup(s)
    start_round(s)


def _leader_side(s: DualPowersState) -> int:
    if s.score > 0:
        return 0
    if s.score < 0:
        return 1
    return s.pw  # DP R6.2 / S10.2: on the centre the PW holder wins


def exhaust(s: DualPowersState) -> None:
    """DP R4.7: each district with an objective marker once: fresh -> exhausted, exhausted -> removed."""
    loc, exh = s.loc, s.exh
    here: list[int] = []
    for d in {d for d in s.obj if d >= 0}:
        here += markers_in(loc, d)
    here.sort()  # marker order, as the log reads
    for m in here:
        d = loc[m]
        if not exh[m]:
            exh[m] = 1
            continue
        exh[m] = 0  # DP R4.7.3: returned units are fresh again (A22)
        if IS_LEADER[m] or OWNER[m] == NEUTRAL:
            loc[m] = OUT  # leaders out of the game; neutral units too (A10)
        else:
            loc[m] = SUPPLY  # own supply; Opposition units back to the pool (A3, S8.6)
        if not s.quiet:
            s.say("{marker} is removed from {d}.", marker=removed_name(m), d=DISTRICT_NAME[d])
    if not s.quiet:
        s.say("Markers in the scored districts are exhausted.")


def cleanup(s: DualPowersState) -> None:
    """DP R5 / S9."""
    s.tiles_out.append(s.unrest)  # DP R5.1
    s.unrest = s.btile
    if s.tiles:  # DP R5.2
        s.btile = s.tiles.pop()
        s.block = ARROW[s.btile]
    else:  # A12: no tile left: no Blockade until a new stack
        s.btile = -1
        s.block = -1
    s.obj = (-1, -1, -1)  # DP R5.3
    for side in (0, 1):  # DP R5.4 (A11: Leader cards leave the game)
        for c in s.played[side]:
            (s.discard if c < N_COMMAND else s.gone).append(c)
        s.played[side] = []
    if s.solo:
        if s.so[s.human] >= 0:
            s.discard.append(s.so[s.human])
        s.discard.extend(s.opp_played)  # DP S9.1: the Opposition's SO is one of these
        s.opp_played = []
        if s.opp_leader_card >= 0:
            s.gone.append(s.opp_leader_card)
            s.opp_leader_card = -1
    else:
        for c in s.so:
            if c >= 0:
                s.discard.append(c)
    s.so = (-1, -1)
    s.so_up = (0, 0)
    if s.unrest >= 0 and not s.quiet:
        s.say("Cleanup: {u} is now the Unrest district; the Blockade! tile is {b}: {block}.",
              u=DISTRICT_NAME[s.unrest], b=DISTRICT_NAME[s.btile] if s.btile >= 0 else msg("empty (no tile left)"),
              block=blockade_text(s))
