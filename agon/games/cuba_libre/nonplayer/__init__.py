"""Non-player factions of Cuba Libre (CL 8.0-8.9) as bots that answer the prompts a person sees.

`factory(game_id, seed)` makes a `NonPlayerBot`; `Game.bots()` offers it as "nonplayer". The bot reads
the state, never changes it, and returns one of `state.legal_actions(role)`. Each decision carries the
rule step that made it: `bot.last_reason` (the match runner passes it to the log as a note) and the
`bot.explain` list (role, action, reason) for the whole game.

Modules: common.py (8.1-8.4, randomness), frames.py (8.1.2 piece priorities and the prompts every
faction shares, Propaganda phases), one module per faction with its flowchart and priorities:
syndicate.py (8.5), directorio.py (8.6), m26.py (8.7), government.py (8.8).

Player seats: the same bot may sit on a player faction (tests, zero-player matrix, the solo
player's seat); it then answers the player-only prompts by the Non-player rules too: Cash
hand-over (cash_gift / cash_carry, 8.1.2 #7), never a voluntary removal (1.4.1, AMB-54), never a
Negotiation transfer (1.5.1: `transfer` is never chosen, a `transfer_request` is declined). Who is a
player is read from `state.np` / `state.is_player(f)` only (any `solo` faction works).

Plans: when an Operation begins the faction module computes its plan (spaces in priority order, with
what to do in each) from the position. The bot carries that plan and checks it against the state at
every later prompt of the same Operation (same faction, Operation and chosen spaces); anything that no
longer fits is recomputed from the state, so a bot restarted mid-game still plays legally.
"""

from __future__ import annotations

from typing import Any

from agon.engine import Action
from agon.games.cuba_libre.data import ROLES
from agon.games.cuba_libre.nonplayer import directorio, frames, government, m26, syndicate
from agon.games.cuba_libre.nonplayer.common import Ctx, Decision

MODULES = (government, m26, directorio, syndicate)
# Support Phase steps answered by the priorities of the faction the rule names (6.3.2 Government
# 8.8.6, 6.3.3 26July 8.7.5, 6.3.4 DR 8.6.2), whichever seat the core asks.
PHASE_OWNER = {"prop_civic": 0, "prop_agitation": 1, "prop_expat": 2}


class NonPlayerBot:
    """Plays one faction by the rulebook's Non-player priorities (section 8)."""

    name = "nonplayer"

    def __init__(self, game_id: str = "cuba-libre", seed: int = 0, shallow: bool = False) -> None:
        self.seed = seed
        # True for the bot that plays out the rest of an Event on a clone (frames.outcome): it judges
        # its own Event prompts one step ahead, so play-outs do not nest
        self.shallow = shallow
        self.explain: list[tuple[str, str, str]] = []
        self.last_reason: str | None = None
        self.plan: dict[str, Any] | None = None

    def decide(self, state: Any, role: str) -> Decision:
        """The decision with its reason (does not record it)."""
        if role not in state.active:  # the game is over, or not this faction's turn
            raise ValueError(f"{role} has no legal action")
        f = ROLES.index(role)
        ctx = Ctx(state, f, self)
        if not ctx.legal:
            raise ValueError(f"{role} has no legal action")
        d = frames.decide(ctx, MODULES[PHASE_OWNER.get(ctx.frame["step"], f)])
        if d is None or (d.verb, d.arg) not in ctx.legal:
            d = frames.fallback(ctx, d)
        return d

    def choose(self, state: Any, role: str) -> Action:
        d = self.decide(state, role)
        self.last_reason = d.reason
        action = Action(d.verb, d.arg)
        self.explain.append((role, str(action), d.reason))
        return action


def factory(game_id: str = "cuba-libre", seed: int = 0) -> NonPlayerBot:
    return NonPlayerBot(game_id, seed)


__all__ = ["NonPlayerBot", "factory"]
