"""Leaving a seat: a player resigns, abandons a game, or runs out of time (issue 30).

`leave_seat` is the one way a seat is left, for the resign and abandon routes and for the clocks'
time-outs. What follows is the game's to say, through the engine's contract (`Game.successor`):
- a game that cannot go on without the seat (two players: Dual Powers, 1989) ends at once; the
  others win, the seat that left ranks last (`agon.server.results.leave_result`), and the match
  is rated like any finished match;
- a game that can (Cuba Libre: the faction's Non-player; Intrigue City: the strongest bot that
  answers within seconds) hands the seat to that bot, and the bots' runner is kicked by the
  caller so that the others play on.
The leave is one transaction: a leave row in the action table at the match's version (so a move
racing it is refused as stale, every process hears of it by the usual notice, and a match rebuilt
from the database meets it at the same place), the seat's new kind and bot and why it was left,
and for an ended match its result. The log says so in every language (`results.leave_line`).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from sqlalchemy import insert

from agon.server.matches import ApiError, Live, Matches
from agon.server.results import LEAVE_REASONS, LEAVE_VERB, LeaveReason, leave_result, leaves, say_leave
from agon.server.store import SeatRow, StaleVersion, action_table, match_table, seat_table


def leave_seat(matches: Matches, match_id: str, role: str, reason: LeaveReason) -> Live:
    """The player of `role` leaves the match for `reason`; the match as it is after. ApiError 404
    for an unknown match or role, 409 when the match is over, the seat was left already or is a
    bot's, 423 for a frozen match. The caller tells the sockets (`changed`) and kicks the bots."""
    if reason not in LEAVE_REASONS:
        raise ValueError(f"reason must be one of {', '.join(LEAVE_REASONS)}; got {reason!r}")
    with matches.lock(match_id):
        live = matches._sync(match_id)
        try:
            return _leave(matches, live, role, reason)
        except StaleVersion:  # another process stored a move first: leave after it
            matches._evict(match_id)
            return _leave(matches, matches._sync(match_id), role, reason)


def check_leave(live: Live, role: str) -> SeatRow:
    """The seat `role` may be left now, else the ApiError that says why not."""
    seat = live.row.seats.get(role)
    if seat is None:
        raise ApiError(404, f"no seat {role[:64]!r} in this match")
    if live.frozen is not None:
        raise ApiError(423, live.frozen)
    if live.row.result is not None or live.state.is_over:
        raise ApiError(409, "the match is over")
    if seat.left is not None:
        raise ApiError(409, f"the player of {role[:64]} has left already ({seat.left})")
    if seat.kind != "human":
        raise ApiError(409, f"{role[:64]} is a bot's seat")
    return seat


def _leave(matches: Matches, live: Live, role: str, reason: str) -> Live:
    seat = check_leave(live, role)
    game = live.state.game
    bot = game.successor(role, dict(live.row.options))
    left = leaves(matches.store, live.row.id) if any(s.left for s in live.row.seats.values()) else {}
    result = leave_result(live, role, reason, left).to_json() if bot is None else None
    new_seat = (dataclasses.replace(seat, left=reason) if bot is None
                else dataclasses.replace(seat, left=reason, kind="bot", bot=bot))
    arg: dict[str, Any] = {"reason": reason, "bot": bot}
    version = live.version
    _store_leave(matches, live.row.id, version, role, arg, new_seat, result)
    say_leave(live.state, role, arg)
    live.applied(LEAVE_VERB)
    live.row = dataclasses.replace(live.row, seats={**live.row.seats, role: new_seat},
                                   result=result, is_over=result is not None)
    matches.store.notify(f"{live.row.id}:{version + 1}")
    if result is not None:
        from agon.server.ratings import rate_match

        rate_match(matches.store, live.row)
    return live


def _store_leave(matches: Matches, match_id: str, version: int, role: str, arg: dict[str, Any], seat: SeatRow,
                 result: dict[str, Any] | None) -> None:
    """The leave row, the seat and the match's version (and result), in one transaction."""
    store = matches.store
    values: dict[str, Any] = {"version": version + 1, "bot_due": None}  # a bot plays the seat now: a start looks
    if result is not None:
        values.update(is_over=True, result=result)
    with store._writing, store.engine.begin() as conn:
        moved = conn.execute(match_table.update().where(match_table.c.id == match_id,
                                                        match_table.c.version == version).values(**values))
        if moved.rowcount != 1:
            raise StaleVersion(match_id)
        conn.execute(insert(action_table).values(match_id=match_id, index=version, role=role, verb=LEAVE_VERB,
                                                 arg=json.dumps(arg), note=None, digest=None))
        changed = conn.execute(seat_table.update().where(
            seat_table.c.match_id == match_id, seat_table.c.role == role, seat_table.c.left.is_(None),
        ).values(kind=seat.kind, bot=seat.bot, left=seat.left))
        if changed.rowcount != 1:
            raise StaleVersion(match_id)
