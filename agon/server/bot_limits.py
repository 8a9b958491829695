"""The server's bounds on the settings of a seat's bot, checked when a match is created.

A seat names its bot with settings (`ismcts:iterations=500,cutoff=20`); each numeric setting a
bot takes must stay within the server's limit for it, so that no seat can ask for a search that
holds a bot worker for minutes (`ismcts:iterations=10**12` was accepted, and its matches held
up every other match's bots). A setting this module does not know has no limit: a seat may not
set it at all (the bot's default is used), until the server gets a limit for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from agon.bots import bot_settings, check_bot, parse_bot

# settings that switch something on (1) or off (0): nothing above 1 means more
_SWITCHES = ("settle", "reuse", "automata", "heavy")


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The largest value a seat may give each bot setting (`Settings.bot_seconds` and friends)."""

    seconds: float = 10.0  # thinking time per move; also the time a worker is given
    iterations: int = 100_000  # search iterations per move
    cutoff: int = 3000  # playout depth (3000 is the searches' own playout cap)
    exploration: float = 100.0  # UCB exploration constant (no cost; bounded all the same)

    def limit(self, setting: str) -> float | None:
        """The largest value allowed for `setting`, None if the server has no limit for it."""
        if setting in _SWITCHES:
            return 1
        found = getattr(self, setting, None) if setting in self.__slots__ else None
        return found if isinstance(found, (int, float)) else None

    def check(self, spec: str, game_id: str) -> None:
        """ValueError, one line, if the seat's bot `spec` asks for more than the server allows."""
        _, values = check_bot(spec, game_id)
        name = parse_bot(spec)[0]
        for setting, value in values.items():
            most = self.limit(setting)
            if most is None:
                raise ValueError(f"{name} setting {setting} has no limit on this server; leave it at its default")
            if value > most:
                raise ValueError(f"{name} setting {setting}={_number(value)} is more than this server allows per bot move "
                                 f"({setting} at most {_number(most)})")

    def bounded(self, spec: str, game_id: str) -> str:
        """The spec the server runs for a seat: a bot that takes a time limit and was given none
        (a fixed number of iterations, or seconds=0) gets the server's, so that it stops within
        its worker's deadline whatever the machine's speed."""
        name, named = parse_bot(spec)
        table = bot_settings(name, game_id)
        if "seconds" not in table:
            return spec
        if "seconds" in named:
            asked = float(named["seconds"])
        else:  # the bot's default time, which a fixed number of iterations replaces
            asked = 0.0 if float(named.get("iterations", 0)) else float(table["seconds"]["default"])
        if 0 < asked <= self.seconds:
            return spec
        rest = ",".join(f"{k}={v}" for k, v in named.items() if k != "seconds")
        return f"{name}:{rest + ',' if rest else ''}seconds={self.seconds:g}"



def _number(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:g}"
