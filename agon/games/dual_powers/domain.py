"""Every action Dual Powers can offer (`Game.action_domain`): the actions rules.py builds once."""

from __future__ import annotations

from agon.engine import Action
from agon.games.dual_powers import rules as r


def action_domain() -> list[Action]:
    return [*r.A_CARD, *r.A_OBJ, *r.A_UNIT, *r.A_MARKER, *r.A_DIST, *r.A_CONN, r.A_DONE, r.A_PASS, r.A_RECRUIT,
            r.A_LEADER_RECRUIT, *r.A_PRINTED.values(), *r.A_SPECIAL.values(), *r.A_EXTRA.values(), *r.A_UNREST]
