"""Every action Intrigue City can offer (`Game.action_domain`), from the game's data and the code
that builds actions (rules.py, effects.py, scoring.py)."""

from __future__ import annotations

from agon.engine import Action
from agon.engine.domain import bare, each, product
from agon.games.intrigue_city.data import CARD_KIND, GUILDS, POWER_NAMES
from agon.games.intrigue_city.effects import VALUES
from agon.games.intrigue_city.rules import PLACE_ACTIONS, TARGET_ACTIONS


def action_domain() -> list[Action]:
    return [
        *(a for row in PLACE_ACTIONS for a in row),  # offensive/defensive pawn positions
        *(a for row in TARGET_ACTIONS for a in row),  # target (player, guild)
        *(Action(verb, g) for verb in ("favour", "guild", "chosen", "from") for g in GUILDS),
        *each("hand", CARD_KIND),  # a hand card (rules.py)
        *each("vote", POWER_NAMES),  # scoring.py
        *(Action(verb, v) for verb in ("move", "place", "remove", "back") for v in VALUES),  # effects.py
        *product("move", GUILDS, GUILDS, VALUES),  # effects.py: a move between two guilds
        *bare("pass", "card", "blank"),
    ]
