"""The match runner: seats filled by people or bots, played to the end.

The terminal, the server and tournaments all use `play_match`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agon.bots import Bot, check_bot, make_bot
from agon.engine import Action, State, load
from agon.engine.rng import derived_seed

HUMAN = "human"
Chooser = Callable[[State, str], Action]


def seat_players(game_id: str, seats: dict[str, str], seed: int, options: dict[str, Any]) -> dict[str, str]:
    """Every role's seat: what `seats` says, else the game's default bot."""
    game = load(game_id)
    opts = game.normalize_options(dict(options))
    roles = game.roles(**opts)
    unknown = set(seats) - set(roles)
    if unknown:
        raise ValueError(f"no role {', '.join(sorted(unknown))} in {game_id} with these options; roles: {', '.join(roles)}")
    for role, who in seats.items():
        if who != HUMAN:
            try:
                check_bot(who, game_id)
            except ValueError as err:
                people = " (or human)" if str(err).startswith("no bot") else ""
                raise ValueError(f"seat {role}: {err}{people}") from None
    return {role: seats.get(role) or game.default_seat(role, opts) for role in roles}


def bot_seed(seed: int, index: int, generator: str = "splitmix") -> int:
    """The seed of the bot in seat `index` (0, 1, ...) of a game from `seed`. A keyed game's
    seed is secret and a bot's choices can be watched, so its bots' seeds are drawn from it one
    way (`derived_seed`); a SplitMix game's are seed * 1000 + index + 1, as they always were."""
    if generator == "keyed":
        return derived_seed(seed, "bot", index)
    return seed * 1000 + index + 1


def play_match(
    game_id: str,
    seats: dict[str, str],
    seed: int = 0,
    *,
    human: Chooser | None = None,
    on_action: Callable[[State, str, Action], None] | None = None,
    before_bot: Callable[[State, str], None] | None = None,
    max_actions: int = 1_000_000,
    state: State | None = None,
    generator: str = "splitmix",
    **options: Any,
) -> State:
    """Play a game to its end and return the final state.

    `seats` maps roles to "human" or a bot, with its settings if any ("ismcts:seconds=0.5");
    `human(state, role)` answers for human seats.
    A game already under way can be continued by passing `state`. `before_bot(state, role)` is
    called before a bot chooses (the terminal shows that it is thinking), `on_action` after each action.
    `generator` names the new game's random generator (see `Game.new`); a state passed in keeps its own.
    """
    filled = seat_players(game_id, seats, seed, options)
    if state is None:
        state = load(game_id).new(seed, generator=generator, **options)
    agents: dict[str, Bot | None] = {}
    for index, (role, who) in enumerate(filled.items()):
        agents[role] = None if who == HUMAN else make_bot(who, game_id, bot_seed(seed, index, state.generator))
    if any(agent is None for agent in agents.values()):
        if human is None:
            raise ValueError("a human seat needs a `human` chooser")
        state.undo_enabled = True
    for _ in range(max_actions):
        active = state.active
        if not active:
            return state
        role = active[0]
        agent = agents.get(role)
        if agent is None:
            action, note = human(state, role), None  # type: ignore[misc]
        else:
            if before_bot is not None:
                before_bot(state, role)
            action = agent.choose(state, role)
            note = getattr(agent, "last_reason", None)  # a rulebook bot's reason goes in the log
        state.apply(role, action, note=note)
        if on_action is not None:
            on_action(state, role, action)
    raise RuntimeError(f"{game_id} seed {seed}: no end after {max_actions} actions")
