"""The bots' turns: one runner per match moves its bots, retries what fails, and a sweep resumes them.

A bot turn that fails is never given up silently, and never replaced by a random move:
- the bot could not move (`BotFailed`: it raised, its worker died, its position did not pickle,
  it ran over its deadline, it chose an illegal action): one log line names the match, role, bot
  and cause (the traceback once per distinct failure), the turn is tried again after a back-off,
  and after `attempts` tries the players are shown what happened (`bot_trouble` in the state
  object, a translatable message), until a later try succeeds;
- the database failed (an outage, a full disk): logged, retried after a back-off in the same way;
- and every `sweep_seconds` (and at start) the server looks for every unfinished match whose
  turn is a bot's and starts its runner if none runs (`sweep`): after an outage longer than the
  retries, the bots go on without a restart.
With several processes on one PostgreSQL database, each may run a match's bot: the first move
stored wins, the others are refused as stale (409) and look again, quietly.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

from agon.engine import State
from agon.server.bots import BotFailed, BotMove, BotPool
from agon.server.matches import ApiError, Live

if TYPE_CHECKING:
    from agon.server.app import Context

log = logging.getLogger("agon.server")

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How bot turns are retried: `attempts` tries, the n-th waiting `first * 2**(n-1)` seconds
    (at most `longest`) after the one before; the sweep every `sweep_seconds` (0: never)."""

    attempts: int = 4
    first: float = 1.0
    longest: float = 30.0
    sweep_seconds: float = 30.0

    def pause(self, attempt: int) -> float:
        return float(min(self.longest, self.first * 2 ** (attempt - 1)))


class StorageFailed(Exception):
    """The database could not be read or written (the cause is chained)."""


def _storage_error(err: BaseException) -> bool:
    """The database's failure, not the code's: SQLAlchemy's errors, the driver's own (the hot
    write goes straight to the driver), the operating system's, and the server's 5xx answers."""
    if isinstance(err, (SQLAlchemyError, OSError)) or (isinstance(err, ApiError) and err.status >= 500):
        return True
    return any(kind.__name__ in ("OperationalError", "InterfaceError")
               and kind.__module__.split(".")[0] in ("psycopg", "sqlite3")
               for kind in type(err).__mro__)


class BotRunner:
    """Moves the bots of the matches of one process (`kick`), with retries and a sweep."""

    def __init__(self, ctx: Context, policy: RetryPolicy, sleep: Sleep = asyncio.sleep) -> None:
        self.ctx = ctx
        self.policy = policy
        self.sleep = sleep  # tests pass a fake clock
        self.running: set[str] = set()
        self.again: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.explained: set[tuple[str, str, str]] = set()  # (bot, kind, cause) logged with a traceback
        self.draining = False  # the server is stopping: the turns in flight finish, no new one starts

    @property
    def pool(self) -> BotPool:
        assert self.ctx.pool is not None
        return self.ctx.pool

    def kick(self, match_id: str) -> None:
        """Let the bots of this match move, if any must (one runner per match at a time)."""
        if self.draining or self.ctx.pool is None or not self.ctx.matches.may_have_bots(match_id):
            return
        if match_id in self.running:
            self.again.add(match_id)
            return
        self.running.add(match_id)
        self._spawn(self._run(match_id))

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, match_id: str) -> None:
        try:
            while True:
                self.again.discard(match_id)
                live = await self._read(match_id)
                turns = self.ctx.matches.bot_turns(live)
                if not turns or live.frozen is not None:
                    if match_id in self.again:
                        continue
                    return
                if not await self._turn(match_id, turns[0]) or self.draining:
                    return
        except StorageFailed:
            return  # logged: the sweep comes back
        except ApiError as err:
            if err.status not in (404, 423):
                log.error("agon: bots of match %s stopped: %s", match_id, err.message)
        except Exception:
            log.exception("agon: bots of match %s stopped", match_id)
        finally:
            self.running.discard(match_id)

    async def _read(self, match_id: str) -> Live:
        """The match, read again after a back-off while the database fails; StorageFailed once
        the tries are spent (logged)."""
        for attempt in range(1, self.policy.attempts + 1):
            try:
                return await self.ctx.run(self.ctx.matches.get, match_id)
            except Exception as err:
                if not _storage_error(err):
                    raise
                last = attempt == self.policy.attempts
                log.warning("agon: match %s: could not read the match for its bots (%s: %s); %s", match_id,
                            type(err).__name__, _line(err), "the periodic sweep will try again" if last else
                            f"trying again in {self.policy.pause(attempt):g} s (attempt {attempt} of "
                            f"{self.policy.attempts})")
                if last:
                    raise StorageFailed(match_id) from err
                await self.sleep(self.policy.pause(attempt))
        raise StorageFailed(match_id)

    async def _turn(self, match_id: str, role: str) -> bool:
        """One bot turn, tried up to `attempts` times; True once it moved (or is no longer the
        bot's), False when the tries are spent (the players are told; the sweep comes back)."""
        kind = "raised"
        # a bot the players were told about is tried once a sweep (its back-offs are spent)
        attempts = 1 if self.ctx.matches.trouble.get(match_id, {}).get(role) else self.policy.attempts
        for attempt in range(self.policy.attempts - attempts + 1, self.policy.attempts + 1):
            try:
                job = await self.ctx.run(self.ctx.matches.bot_job, match_id, role)
                if job is None:  # no longer this bot's turn
                    self._trouble(match_id, role, None)
                    return True
                version, state, name, seed = job
                move = await self._choose(match_id, role, name, seed, state)
                await self.ctx.run(self.ctx.matches.act, match_id, role, version, move.verb, move.arg, move.reason)
            except ApiError as err:
                if err.status == 409:
                    return True  # another process, or a seat, moved first: the runner looks again
                if err.status == 422:
                    failure = BotFailed("illegal", err.message)
                elif _storage_error(err):
                    failure = BotFailed("storage", f"{type(err).__name__}: {err.message}")
                else:
                    raise
                kind = self._report(match_id, role, _bot_of(self.ctx, match_id, role), failure, attempt)
            except BotFailed as failed:
                kind = self._report(match_id, role, _bot_of(self.ctx, match_id, role), failed, attempt)
            except Exception as err:
                if not _storage_error(err):
                    raise
                failure = BotFailed("storage", f"{type(err).__name__}: {_line(err)}")
                kind = self._report(match_id, role, _bot_of(self.ctx, match_id, role), failure, attempt)
            else:
                self._trouble(match_id, role, None)
                self.ctx.changed(match_id)
                return True
            if attempt < self.policy.attempts:
                await self.sleep(self.policy.pause(attempt))
        self._trouble(match_id, role, kind)
        return False

    async def _choose(self, match_id: str, role: str, name: str, seed: int, state: State) -> BotMove:
        matches = self.ctx.matches
        await self.ctx.set_thinking(match_id, matches.thinking.get(match_id, frozenset()) | {role})
        try:
            return await self.pool.choose(match_id, role, name, seed, state,
                                          shown=lambda ahead, seconds: self._wait(match_id, role, (ahead, seconds)))
        finally:
            self._wait(match_id, role, None)
            await self.ctx.set_thinking(match_id, matches.thinking.get(match_id, frozenset()) - {role})

    def _wait(self, match_id: str, role: str, wait: tuple[int, int] | None) -> None:
        """Show (or stop showing) the players this bot's place in the bot queue, here and in the
        other processes (`agon.server.bot_wait`)."""
        waits = self.ctx.matches.bot_waits
        if waits.set(match_id, role, wait):
            self.ctx.changed(match_id)
            self.ctx.store.notify(waits.notice(match_id))

    def _report(self, match_id: str, role: str, bot: str, failure: BotFailed, attempt: int) -> str:
        """One log line for a failed try (the traceback too, the first time this failure is met)."""
        last = attempt == self.policy.attempts
        then = ("the players are told; the periodic sweep will try again" if last else
                f"trying again in {self.policy.pause(attempt):g} s (attempt {attempt} of {self.policy.attempts})")
        key = (bot, failure.kind, failure.cause)
        first = key not in self.explained and failure.detail is not None
        if first:
            self.explained.add(key)
            if len(self.explained) > 1000:
                self.explained.clear()
        log.log(logging.ERROR if last else logging.WARNING,
                "agon: match %s: bot %s of %s could not move (%s: %s); %s%s", match_id, bot, role, failure.kind,
                failure.cause, then, f"\n{failure.detail}" if first else "")
        return failure.kind

    def _trouble(self, match_id: str, role: str, kind: str | None) -> None:
        """Show (or stop showing) the players that this bot cannot move, here and in the other processes."""
        if self.ctx.matches.set_trouble(match_id, role, kind):
            self.ctx.changed(match_id)
            trouble = self.ctx.matches.trouble.get(match_id, {})
            self.ctx.store.notify(f"{match_id}:trouble:{','.join(f'{r}={k}' for r, k in sorted(trouble.items()))}")

    def remote_wait(self, match_id: str, rest: str) -> bool:
        """A NOTIFY `MATCH:wait:ROLE=AHEAD/SECONDS,...` from another process; True if it changed anything."""
        return self.ctx.matches.bot_waits.heard(match_id, rest)

    def remote_trouble(self, match_id: str, rest: str) -> bool:
        """A NOTIFY `MATCH:trouble:ROLE=KIND,...` from another process; True if it changed anything."""
        wanted = dict(pair.partition("=")[::2] for pair in rest.split(",") if pair)
        now = self.ctx.matches.trouble.get(match_id, {})
        changed = False
        for role in set(now) | set(wanted):
            changed |= self.ctx.matches.set_trouble(match_id, role, wanted.get(role))
        return changed

    # -- the sweep --------------------------------------------------------------------------------

    async def sweep(self) -> int:
        """Start the runner of every unfinished match with a bot seat that has none running; the
        runners find whether a bot must move. The number of matches kicked (0 if the database
        could not be read: logged)."""
        try:
            found = await self.ctx.run(self.ctx.store.bot_turn_matches)
        except Exception as err:
            if not _storage_error(err):
                raise
            log.warning("agon: could not look for bot turns to resume (%s: %s)", type(err).__name__, _line(err))
            return 0
        kicked = 0
        for match_id in found:
            if match_id not in self.running:
                self.kick(match_id)
                kicked += 1
        return kicked

    async def sweep_forever(self) -> None:
        while self.policy.sweep_seconds > 0:
            await self.sleep(self.policy.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("agon: the sweep for bot turns failed")

    async def drain(self, seconds: float) -> None:
        """Wait up to `seconds` for the bot turns in flight (`draining` set: no new one starts)."""
        if self.tasks and seconds > 0:
            await asyncio.wait(list(self.tasks), timeout=seconds)

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()


def _bot_of(ctx: Context, match_id: str, role: str) -> str:
    """The bot a seat names, from the cache (for a log line; "?" if the match is not at hand)."""
    live = ctx.matches.cached(match_id)
    seat = live.row.seats.get(role) if live is not None else None
    return (seat.bot or "?") if seat is not None else "?"


def _line(err: BaseException) -> str:
    """An exception's message on one line (a driver's may span several)."""
    text = str(err).strip().splitlines()
    return text[0] if text else ""
