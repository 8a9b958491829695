"""Fixtures for the Non-player tests: positions built by hand, the bot's decisions read back."""

from __future__ import annotations

from typing import Any

from agon.games.cuba_libre.nonplayer import NonPlayerBot
from agon.games.cuba_libre.nonplayer.common import Decision
from tests.games.cuba_libre.helpers import blank, put, start

__all__ = ["acts", "at_option", "blank", "decide", "np_game", "op_steps", "put", "run_op", "start"]


def np_game(players: int = 0, seed: int = 1, **options: Any) -> Any:
    """An empty map (helpers.blank) where the factions of `players` are Non-players (0: all four);
    `options` as for the game (e.g. solo="govt" with players=1)."""
    return blank(seed, players=players, **options)


def decide(g: Any) -> Decision:
    """What the Non-player at the prompt decides now (the state is not changed)."""
    before = g.digest()
    d = NonPlayerBot().decide(g, g.active[0])
    assert g.digest() == before, "the bot changed the state"
    return d


def at_option(g: Any, f: int, card: int, n_acted: int = 0, first_did: str = "") -> None:
    """Faction f is offered card `card` as 1st (n_acted 0) or 2nd Eligible."""
    g.current = card
    g.phase = "card"
    g.cand = ()
    g.n_acted = n_acted
    g.first_did = first_did
    g.stack = [{"step": "option", "faction": f}]
    g.changed()
    g._run()


def run_op(g: Any, f: int, limit: int = 300) -> list[tuple[str, Any, str]]:
    """Let faction f's Non-player answer the prompts of its card option (if that is where it is)
    and of the Operation it starts, up to the Operation's end; returns the decisions."""
    bot = NonPlayerBot()
    out: list[tuple[str, Any, str]] = []
    seen_op = False
    for _ in range(limit):
        if not g.active or g.active[0] != g.role(f):
            break
        kinds = {fr["step"] for fr in g.stack}
        in_op = bool(kinds & {"op", "opchoice"})
        if (seen_op and not in_op) or (not in_op and (out or "option" not in kinds)):
            break
        seen_op = seen_op or in_op
        d = bot.decide(g, g.active[0])
        out.append((d.verb, d.arg, d.reason))
        g.apply(g.active[0], (d.verb, d.arg))
    return out


def op_steps(g: Any, f: int) -> list[tuple[str, Any, str]]:
    """run_op's decisions after the choice of Operation (the spaces, SAs and their steps)."""
    return [x for x in run_op(g, f) if x[0] != "operation"]


def acts(out: list[tuple[str, Any, str]]) -> list[tuple[str, Any]]:
    """The (verb, arg) pairs of decisions, without the reasons."""
    return [(v, a) for v, a, _ in out]
