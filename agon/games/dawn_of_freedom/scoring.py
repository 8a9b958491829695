"""1989 country scoring (9.0) and final scoring (10.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from agon.engine import msg
from agon.games.dawn_of_freedom.data import COUNTRY, COUNTRY_NAMES, ROLES, SPACES, SPACES_IN, C, D
from agon.games.dawn_of_freedom.flow import Frame, auto
from agon.games.dawn_of_freedom.words import final_reason

if TYPE_CHECKING:  # the State, for type hints only: state sits above this module
    from agon.games.dawn_of_freedom.state import DawnState

FINAL_POWER_BONUS = 4  # 1989 10.4 step 2: 4 VP per country where the Communist still holds power


class Tally(NamedTuple):
    spaces: int
    bgs: int
    non_bg: int


def battlegrounds(g: DawnState, country: str) -> int:
    """Battlegrounds left in the country (Systematization can destroy one in Romania)."""
    return sum(1 for s in SPACES_IN[country] if SPACES[s].battleground and s not in g.destroyed)


def tally(g: DawnState, side: int, country: str) -> Tally:
    n = bgs = 0
    for s in SPACES_IN[country]:
        if g.ctrl[s] == side and s not in g.destroyed:
            n += 1
            bgs += SPACES[s].battleground
    return Tally(n, bgs, n - bgs)


def level(g: DawnState, me: Tally, op: Tally, country: str) -> tuple[str, int]:
    """1989 9.2: the highest of Control, Domination, Presence the side reaches."""
    c = COUNTRY[country]
    total_bgs = battlegrounds(g, country)
    if me.spaces > op.spaces and me.bgs == total_bgs and total_bgs > 0:
        return "control", c.control
    if me.spaces > op.spaces and me.bgs > op.bgs and me.non_bg >= 1 and me.bgs >= 1:
        return "domination", c.domination
    if me.spaces >= 1:
        return "presence", c.presence
    return "nothing", 0


def country_score(g: DawnState, country: str) -> tuple[int, dict[int, tuple[str, int]]]:
    """1989 9.3: each side scores its level plus 1 per battleground it controls; returns the net
    VP (+ for the Democrat) and each side's (level, points)."""
    t = {D: tally(g, D, country), C: tally(g, C, country)}
    out = {}
    for side in (D, C):
        name, pts = level(g, t[side], t[1 - side], country)
        out[side] = (name, pts + t[side].bgs)
    return out[D][1] - out[C][1], out


def score_country(g: DawnState, country: str) -> int:
    net, parts = country_score(g, country)
    if not g.quiet:  # (a quiet game keeps no log: its arguments need not be built)
        g.say("{country} scoring: Democrat {dp} VP ({dl}, battlegrounds included), Communist {cp} VP ({cl}): "
              "net {net:+d} VP.", country=country, dl=parts[D][0], dp=parts[D][1], cl=parts[C][0], cp=parts[C][1],
              net=net)
    g.add_vp(net)
    return net


@auto("final_scoring")
def final_scoring(g: DawnState, f: Frame) -> None:
    """1989 10.4: escape of the Ceausescus (game_end hooks), 4 VP per country the Communist holds,
    every country scored; no automatic victory; the sign decides, 0 is a draw."""
    g.final = True
    g.say("Final scoring.")
    g.push({"p": "final_count"})
    g.run_hooks("game_end")


@auto("final_count")
def final_count(g: DawnState, f: Frame) -> None:
    held = sum(1 for p in g.power if p == C)
    if held:
        g.add_vp(-FINAL_POWER_BONUS * held, msg("power held in {held} countries", held=held))
    for country in COUNTRY_NAMES:
        score_country(g, country)
    g.finish_by_vp(final_reason(g.vp))


__all__ = ["ROLES", "country_score", "score_country"]
