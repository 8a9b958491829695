"""What the players read when a bot cannot move: one translatable message per way of failing.

The server never moves for a bot at random; while a bot cannot move, the state object's
`bot_trouble` lists it with one of these messages (an English template and its arguments, as
log lines and prompts travel), and the web page translates it with the interface catalogue.
The cause itself (the exception) goes to the server's log, not to the players.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from agon.engine import State
from agon.engine.text import Text, msg

# how a bot failed (`BotFailed.KINDS`, and "storage" for its move not stored) -> what players read
MESSAGES: dict[str, Text] = {
    "raised": msg("The bot of {role} ({bot}) failed to choose a move; the server keeps trying."),
    "worker": msg("The bot of {role} ({bot}) stopped working; the server keeps trying."),
    "pickle": msg("The position could not be handed to the bot of {role} ({bot}); the server keeps trying."),
    "time": msg("The bot of {role} ({bot}) ran out of time; the server keeps trying."),
    "illegal": msg("The bot of {role} ({bot}) chose an action the rules do not allow; the server keeps trying."),
    "storage": msg("The move of the bot of {role} ({bot}) could not be stored; the server keeps trying."),
}


class _Seat(Protocol):
    @property
    def bot(self) -> str | None: ...


def trouble_messages(state: State, seats: Mapping[str, _Seat], trouble: Mapping[str, str]) -> list[dict[str, Any]]:
    """The state object's `bot_trouble`: [{"role", "kind", "message": {"text", "args"}}] for each
    bot that cannot move now ([] when every bot can)."""
    out = []
    for role in sorted(trouble):
        kind = trouble[role]
        seat = seats.get(role)
        bot = (seat.bot if seat is not None else None) or "random"
        template = MESSAGES.get(kind, MESSAGES["raised"])
        text = Text(template.template, {"role": state.game.role_name(role), "bot": bot.partition(":")[0]})
        out.append({"role": role, "kind": kind, "message": text.to_json()})
    return out
