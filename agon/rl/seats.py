"""What the RL environments share: who the learner plays, the seats played by bots, the end rewards.

A learner (an RL agent, an OpenSpiel player) plays some roles of a game; every other role is a *seat*
played inside the environment by a bot (Cuba Libre's Non-players, the random bot, or one named by
the caller). A solo Dual Powers game's Opposition is part of the game itself and no seat at all.

Rewards come at the end of a game and never depend on who else learns (docs/rl.md, Rewards): the
learner's roles that won share +1, the learner's roles that lost share -1, and everyone gets 0 when
the game has no winner. A loss is -1 in every configuration: a lone learner that loses to the
Opposition, to Non-players or to bots gets -1, as it would against another learner.
"""

from __future__ import annotations

from collections.abc import Collection

from agon.bots import Bot, make_bot
from agon.engine import Game, State

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def end_rewards(state: State, roles: list[str]) -> dict[str, float]:
    """The reward of each of `roles` once `state` is over: the winners among them share +1, the
    others share -1; 0 for all while the game goes on, when it has no winner, and when every role
    shares the win (a draw: +1 among all of them would make a zero-sum game's rewards add up to +1).
    Who won is read from the whole table (a winning Opposition, Non-player or bot seat is a loss
    for the roles)."""
    verdict = state.verdict
    winners = verdict.winners if verdict is not None else ()
    if not winners:
        return dict.fromkeys(roles, 0.0)
    won = [r for r in roles if r in winners]
    lost = [r for r in roles if r not in winners]
    if not lost:
        return dict.fromkeys(roles, 0.0)
    return {r: (1.0 / len(won) if r in won else -1.0 / len(lost)) for r in roles}


def automaton_roles(game: Game, options: dict[str, object]) -> list[str]:
    """The roles the game's own automata take when nobody plays them (Cuba Libre's Non-players
    in a game of fewer than four players, CL 1.5): OpenSpiel seats its players on the others."""
    return [r for r in game.roles(**options) if game.default_seat(r, options) != "random"]


def seat_bots(game: Game, seats: dict[str, str], seed: int) -> dict[str, Bot]:
    """A bot for each seat (role -> bot name), each seeded from the game's seed and its place."""
    return {role: make_bot(name, game.id, (seed + (index + 1) * _GOLDEN) & _MASK)
            for index, (role, name) in enumerate(seats.items())}


def play_seats(state: State, learners: Collection[str], bots: dict[str, Bot]) -> str | None:
    """Let the seats' bots act until one of `learners` may act (returned: the first of them in the
    active list, even when a seat is active as well) or the game is over (None)."""
    while True:
        active = state.active
        if not active:
            return None
        for role in active:
            if role in learners:
                return role
        role = active[0]
        bot = bots[role]
        state.apply(role, bot.choose(state, role), note=getattr(bot, "last_reason", None))
