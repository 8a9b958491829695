"""Every action 1989 can offer (`Game.action_domain`), each verb with its argument domain from the
game's data, read from the code that builds actions (turn.py, flow.py, power.py, ops.py, steps.py)."""

from __future__ import annotations

from agon.engine import Action
from agon.engine.domain import bare, each
from agon.games.dawn_of_freedom.data import CARDS, COUNTRY_NAMES, POWER_CARDS, SPACES, SUITS

# labels of `pick_option` prompts (core_events.py, events_*.py) besides country names and
# Goodbye Lenin's "carry out <red title>"
OPTIONS = (
    "2 support checks (+2) on Student or Intellectual spaces", "decline",
    "discard a 3-Ops card to cancel the support check", "end the game at the end of this turn",
    "let the support check happen", "no struggle", "place 3 SPs in Elite spaces",
    "place 4 SPs in spaces without Democrat SPs", "play Common European Home with the shown card",
    "play the shown card", "remove all Democrat SPs from Elite spaces", "the game goes on",
    "use Goodbye Lenin's Operations",
)


def action_domain() -> list[Action]:
    options = [*OPTIONS, *COUNTRY_NAMES, *(f"carry out {c.title}" for c in CARDS.values() if c.red)]
    return [
        *each("card", sorted(CARDS)),  # turn.py, flow.py CARD
        *each("space", range(len(SPACES))),  # flow.py SPACE
        *each("pscard", sorted(POWER_CARDS)),  # power.py: Power Struggle cards
        *each("suit", SUITS),  # power.py: suit to ban / lead
        *each("option", options),  # steps.py pick_option
        *each("extra round", ("take", "pass")),  # turn.py
        *each("play", ("event", "ops", "tiananmen", "both")),  # turn.py
        *each("order", ("event first", "ops first", "cancel event")),  # turn.py
        *each("raise", ("no", "yes")),  # power.py
        *each("power", ("keep", "surrender")),  # power.py
        *each("use", ("place", "checks", "place+", "checks+", "tiananmen")),  # ops.py
        *bare("pass", "concede"),
    ]
