"""Which code a match was played under, and whether this server's code may go on with it.

Each match keeps the engine version and its game's rules version (`Game.rules_version`) it was
created under, the digest of its state after the setup, and the digest after some of its actions
(every `DIGEST_EVERY`-th and the last: `State.digest()` costs 10 to 200 times an action, growing
with the game's log, so not after each one). A match loaded under other versions is replayed and
compared with those digests: if everything replays and every digest is equal, the new versions
are recorded and the match goes on; if not, it is frozen: readable and exportable, never
continued (its actions are refused with the message `frozen_message` gives).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from agon.engine import ENGINE_VERSION, Action, Game, IllegalAction, State
from agon.engine.actions import freeze
from agon.server.results import LEAVE_VERB, say_leave
from agon.server.store import ActionRow, MatchRow

DIGEST_EVERY = 50  # a digest with every 50th action (and the last): measured in docs/server.md, Upgrades


def running(game: Game) -> tuple[str, str]:
    """(engine version, rules version) of this server's code for `game`."""
    return ENGINE_VERSION, game.rules_version


def same(row: MatchRow, game: Game) -> bool:
    """The match was created (or last checked) under this server's versions."""
    return (row.engine_version, row.rules_version) == running(game)


def digest_due(index: int, is_over: bool) -> bool:
    """Whether the action at `index` (0, 1, ...) is stored with the state's digest after it."""
    return is_over or (index + 1) % DIGEST_EVERY == 0


@dataclass(frozen=True, slots=True)
class Check:
    """The outcome of replaying a match under this server's code: the actions applied, and what
    differs (None: nothing, the match goes on)."""

    applied: int
    problem: str | None


def replay_and_compare(row: MatchRow, state: State, actions: list[ActionRow], applied: Callable[[str], None]) -> Check:
    """Apply the stored actions to `state` (a new game of the match), comparing the digests
    stored with the match; `applied(verb)` is called for each stored action. The replay goes as
    far as the actions stay legal, so that a frozen match shows as much as the code can; the
    actions after are counted all the same (the match's version stays the number stored, so
    that nothing takes it for a match behind the database)."""
    problem = None
    if row.start_digest is not None and state.digest() != row.start_digest:
        problem = "the game's setup differs"
    for number, action in enumerate(actions):
        if action.verb == LEAVE_VERB:  # a player left here: no game action (`agon.server.seat_leave`)
            say_leave(state, action.role, action.arg)
            applied(action.verb)
            continue
        try:
            state.apply(action.role, Action(action.verb, freeze(action.arg)), note=action.note)
        except (IllegalAction, ValueError, TypeError) as err:
            for rest in actions[number:]:  # counted, not applied: the match stays at its stored version
                applied(rest.verb)
            return Check(action.index, problem or f"action {action.index} is not legal any more ({err})")
        applied(action.verb)
        if problem is None and action.digest is not None and state.digest() != action.digest:
            problem = f"the game differs after action {action.index}"
    return Check(len(actions), problem)


def frozen_message(row: MatchRow, game: Game) -> str:
    """The one line every refused action of a frozen match answers."""
    engine, rules = running(game)
    played = (f"{game.title} rules {row.rules_version} (agon {row.engine_version})" if row.rules_version
              else f"an agon older than its versions' record (before {engine})")
    return (f"this match was played under {played}; this server runs {game.title} rules {rules} "
            f"(agon {engine}): it can be read and exported, not continued")
