"""Results of matches: the typed result of a finished match, and the stored trace of a seat left.

A result is computed from the engine's own result (`State.result`: winners, scores, and for some
games a ranking and teams) or from a leave that ended the match (`agon.server.seat_leave`); it is
stored in `match.result` once, and shown in the state object, "your games" and the profiles.

A player leaving is stored as a row of the action table with the verb `LEAVE_VERB`, which is no
game action: it advances the match's version (so every process and socket hears of it, and a
move racing it is refused as stale), and a match rebuilt from the database meets it at the same
place and says the same log line (`say_leave`). The engine never sees that row.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from agon.engine import Result, State
from agon.engine.text import Text, msg
from agon.server.store import Store, match_table

if TYPE_CHECKING:
    from agon.server.matches import Live

log = logging.getLogger("agon.server")

LEAVE_VERB = "agon:leave"  # a stored row that is no game action: a seat's player left (arg: {"reason", "bot"})
LeaveReason = Literal["resigned", "abandoned", "timed out"]
LEAVE_REASONS: tuple[str, ...] = ("resigned", "abandoned", "timed out")
GAME_END = "game end"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a match ended. `ranking`: the roles best first, each place a list (ties share one);
    `winners`: the first place; `scores`: the game's own scores where it has them (victory
    margins, points), else None; `reason`: "game end", "resigned", "abandoned" or "timed out";
    `left`: role -> why its player left (those seats rank last, the first to leave lowest);
    `detail`: the game's own words for how it ended (English, as the engine gives them)."""

    reason: str
    ranking: list[list[str]]
    scores: dict[str, float] | None = None
    left: dict[str, str] = field(default_factory=dict)
    detail: str | None = None

    @property
    def winners(self) -> list[str]:
        return list(self.ranking[0]) if self.ranking else []

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "winners": self.winners, "ranking": [list(p) for p in self.ranking],
                "scores": self.scores, "left": dict(self.left), "detail": self.detail}

    @staticmethod
    def from_json(data: dict[str, Any]) -> MatchResult:
        return MatchResult(reason=str(data["reason"]), ranking=[list(p) for p in data["ranking"]],
                           scores=data.get("scores"), left=dict(data.get("left") or {}), detail=data.get("detail"))


def game_ranking(roles: list[str], verdict: Result) -> list[list[str]]:
    """The places of the roles from the engine's result: its `ranking` where it gives one (grouped
    by `teams` where players hold several roles), else the winners first and the others by score
    (equal scores share a place), else the others sharing second place."""
    ranked = [r for r in verdict.details.get("ranking") or [] if r in roles]
    if ranked:
        teams = [list(t) for t in verdict.details.get("teams") or []]
        places: list[list[str]] = []
        for role in ranked:
            team = next((t for t in teams if role in t), None)
            if places and team is not None and places[-1][0] in team:
                places[-1].append(role)
            else:
                places.append([role])
        return places + [[r] for r in roles if r not in ranked]
    winners = [r for r in verdict.winners if r in roles]
    scores = verdict.scores
    rest = [r for r in roles if r not in winners]
    places = [winners] if winners else []
    if all(isinstance(scores.get(r), int | float) for r in rest):
        for score in sorted({scores[r] for r in rest}, reverse=True):
            places.append([r for r in rest if scores[r] == score])
    elif rest:
        places.append(rest)
    return places


def numeric_scores(verdict: Result, roles: list[str]) -> dict[str, float] | None:
    kept = {r: s for r, s in verdict.scores.items() if r in roles}
    return kept or None


def with_leavers_last(places: list[list[str]], left: list[str]) -> list[list[str]]:
    """The ranking with the roles whose players left moved to the bottom, the first to leave last."""
    kept = [[r for r in place if r not in left] for place in places]
    return [p for p in kept if p] + [[r] for r in reversed(left)]


def end_result(live: Live, left: dict[str, str]) -> MatchResult:
    """The result of a match the game itself ended (`left`: the seats whose players left before)."""
    state = live.state
    roles = list(live.row.seats)
    verdict = state.verdict
    if verdict is None:  # (called once the game is over; a game under way: all share a place)
        return MatchResult(GAME_END, with_leavers_last([roles], list(left)), None, dict(left), None)
    places = with_leavers_last(game_ranking(roles, verdict), list(left))
    return MatchResult(GAME_END, places, numeric_scores(verdict, roles), dict(left), verdict.reason)


def leave_result(live: Live, role: str, reason: str, left: dict[str, str]) -> MatchResult:
    """The result of a match ended because `role`'s player left a game that cannot go on without them:
    the others share first place (in a two-player game: the other wins), the leavers rank last."""
    everyone = {**left, role: reason}
    others = [r for r in live.row.seats if r not in everyone]
    places = ([others] if others else []) + [[r] for r in reversed(list(everyone))]
    return MatchResult(reason, places, None, everyone, None)


def shown(live: Live) -> dict[str, Any] | None:
    """The `result` of the state object: the stored result, else (a game over whose result is
    not stored yet) the one computed now; None while the match goes on."""
    if live.row.result is not None:
        return live.row.result
    if live.state.is_over:
        return end_result(live, {r: s.left for r, s in live.row.seats.items() if s.left is not None}).to_json()
    return None


def is_over(live: Live) -> bool:
    """The game is over, or a leave ended the match."""
    return live.row.result is not None or live.state.is_over


def leave_line(state: State, role: str, reason: str, bot: str | None) -> Text:
    """The log line of a player leaving, in every language (the interface catalogue)."""
    name = state.game.role_name(role)
    if bot is None:
        if reason == "resigned":
            return msg("{role} resigned; the match is over.", role=name)
        if reason == "timed out":
            return msg("{role} ran out of time; the match is over.", role=name)
        return msg("{role} left the game; the match is over.", role=name)
    who = state.game.successor_name(bot) or msg("the bot {bot}", bot=bot)
    if reason == "resigned":
        return msg("{role} resigned; {who} takes the seat.", role=name, who=who)
    if reason == "timed out":
        return msg("{role} ran out of time; {who} takes the seat.", role=name, who=who)
    return msg("{role} left the game; {who} takes the seat.", role=name, who=who)


def say_leave(state: State, role: str, arg: dict[str, Any]) -> None:
    """The log line of a stored leave, and no undo across it (its player cannot take it back; a
    move before it is no longer anyone's to undo). The same when it happens and when it is replayed."""
    line = leave_line(state, role, str(arg.get("reason")), arg.get("bot"))
    state.say(line.template, **line.args)
    state._undo = []


def leaves(store: Store, match_id: str) -> dict[str, str]:
    """role -> why its player left, in the order they left (from the stored leave rows)."""
    return {a.role: str(a.arg.get("reason")) for a in store.actions_from(match_id, 0) if a.verb == LEAVE_VERB}


def finish(store: Store, live: Live) -> None:
    """The game is over: store its result once, then rate it (`agon.server.ratings`). Called after
    the last action is stored, and when a finished match without a stored result is loaded (the
    server stopped in between). A failure is logged: the action stands, the next load tries again."""
    if live.row.result is not None or live.row.imported or not live.state.is_over:
        return
    from agon.server.ratings import rate_match  # (ratings need the result; results need not ratings)

    try:
        result = end_result(live, leaves(store, live.row.id) if any(
            s.left for s in live.row.seats.values()) else {}).to_json()
        store_result(store, live.row.id, result)
        live.row = dataclasses.replace(live.row, result=result)
        rate_match(store, live.row)
    except Exception as err:  # the move is stored; the result is stored at the next load
        log.error("agon: match %s: could not store its result or ratings (%s: %s)", live.row.id,
                  type(err).__name__, " ".join(str(err).split())[:300])


def store_result(store: Store, match_id: str, result: dict[str, Any], is_over: bool | None = None) -> None:
    """match.result (and is_over, when given), unless a result is stored already."""
    values: dict[str, Any] = {"result": result}
    if is_over is not None:
        values["is_over"] = is_over
    with store._writing, store.engine.begin() as conn:
        conn.execute(match_table.update().where(match_table.c.id == match_id, match_table.c.result.is_(None))
                     .values(**values))
