"""Matches: load (cache, else replay the stored actions), act (check, apply, store), state objects.

Every method here is synchronous and short; the API runs them in a thread pool. One write path:
`act` checks the version, applies the action to the cached state (the engine refuses an illegal
one and leaves the state as it was), stores it in the transaction that advances the version.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import secrets
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import Connection
from sqlalchemy.exc import SQLAlchemyError

from agon.bots import bot_settings
from agon.bots import bots as bot_names
from agon.engine import Action, AgonError, Game, IllegalAction, State, UnknownGame, games, load, new_secret_seed, replay
from agon.engine.actions import freeze
from agon.engine.errors import ReplayError
from agon.engine.text import as_text
from agon.match import HUMAN, bot_seed, seat_players
from agon.server import results, versions
from agon.server.bot_limits import BotLimits
from agon.server.bot_trouble import trouble_messages
from agon.server.bot_wait import BotWaits
from agon.server.clock_keeper import ClockKeeper, TimeIsUp
from agon.server.clocks import Pace, parse_pace
from agon.server.encode import dumps
from agon.server.encoded_log import EncodedLog, joined
from agon.server.proxy import public_link
from agon.server.ratings import rated_default
from agon.server.store import ActionRow, MatchRow, SeatRow, StaleVersion, Store

log = logging.getLogger("agon.server")


class ApiError(Exception):
    """A caller's mistake or a refusal: an HTTP status and a one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def unknown_match(match_id: str) -> ApiError:
    """404 for a match id that names no match, the id cut to a match id's length (a 5,000-character
    id came back whole in the one-line error)."""
    return ApiError(404, f"no match {match_id[:32]!r}")


@dataclass(slots=True)
class Live:
    """A match in memory: its row, its state, and the number of stored actions that state holds.

    For the state objects that carry only the log lines a client lacks, it keeps the length of
    the game's whole log after each version (`marks[v - base]`) and the last version an undo
    made (`cut`: the log before it is not a prefix of the log after). It also keeps this
    version's encoded state objects, made once per (role, log_from) and shared by every socket
    and response that needs the same bytes. It keeps the bytes only, not the objects they were
    encoded from: a version's objects (hundreds of young dicts and lists per match) kept until
    the next move made every young-generation collection of the garbage collector walk them,
    pauses of 40-60 ms at 500 live matches. An object with the whole log is not kept either: it
    is the role's `heads` entry with the log's encoded lines (`log_lines`) joined in, each line
    encoded once for every role and version (issue 37: a long match kept a copy per role)."""

    row: MatchRow
    state: State
    version: int
    stale: bool = False  # another process stored an action (a NOTIFY said so)
    storing: int = 0  # the version the action being stored now brings (its NOTIFY may come first)
    base: int = 0
    marks: array = field(default_factory=lambda: array("I"))
    cut: int = 0
    shown: tuple[int, tuple[str, ...]] | None = None  # the (version, thinking) the cache below is for
    encoded: dict[tuple[str | None, int], bytes] = field(default_factory=dict)
    heads: dict[str | None, bytes] = field(default_factory=dict)  # a role's whole state object but its log
    log_lines: EncodedLog = field(default_factory=EncodedLog)  # the log's lines, encoded once across versions
    frozen: str | None = None  # why the match cannot go on under this server's code (`agon.server.versions`)

    def applied(self, verb: str) -> None:
        """The state took one more action (`verb`): the match is a version further."""
        self.version += 1
        self.marks.append(len(self.state.log))
        if verb == "undo":
            self.cut = self.version


def new_live(row: MatchRow, state: State, version: int) -> Live:
    """A match in memory whose state holds `version` actions (deltas start from there)."""
    return Live(row, state, version, base=version, marks=array("I", [len(state.log)]), cut=version)


class Push(NamedTuple):
    """An encoded state object and what it shows: the version and the bots thinking (and, as
    `ROLE!KIND`, the bots in trouble: a change of either is worth a push)."""

    version: int
    thinking: tuple[str, ...]
    data: bytes


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def prompt_object(state: State, role: str) -> dict[str, Any]:
    """What the API says a seat to act is asked (`State.prompt`): the question, and each legal action
    with its label."""
    p = state.prompt(role)
    return {
        "text": p.message(), "message": p.question.to_json(),
        "actions": [{"verb": a.verb, "arg": jsonable(a.arg), "label": str(m), "message": m.to_json()}
                    for a, m in zip(p.actions, p.messages, strict=True)],
    }


def jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    return value


class Matches:
    """The matches of one database, with a bounded cache of live states."""

    def __init__(self, store: Store, cache_size: int = 2000, bot_seconds: float = 10.0,
                 bot_iterations: int | None = None, keeper: ClockKeeper | None = None) -> None:
        self.store = store
        self.keeper = keeper or ClockKeeper()  # the server's clock and the matches' clocks (issue 31)
        self.cache_size = cache_size
        self.bot_seconds = bot_seconds  # the bot pool's limit per move: a seat may not ask for more
        self.bot_limits = (BotLimits(seconds=bot_seconds) if bot_iterations is None  # every bot setting's bound
                           else BotLimits(seconds=bot_seconds, iterations=bot_iterations))
        self.trouble: dict[str, dict[str, str]] = {}  # match -> {bot role: how it failed}, replaced, never mutated
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.thinking: dict[str, frozenset[str]] = {}  # match -> bot roles computing a move, in any process
        self.bot_waits = BotWaits()  # match -> each bot's place in the bot queue (`agon.server.bot_wait`)
        # called after each stored action with the roles that were to act before it (notifications)
        self.listeners: list[Callable[[Live, tuple[str, ...]], None]] = []
        self._steppers: OrderedDict[str, tuple[int, State, list[list[Any]], dict[str, Any] | None]] = OrderedDict()
        self.public_url: str | None = None  # the origin of every link handed out (`settings.public_url`)

    def link(self, path: str) -> str:
        """`path` as a link people are given: at the public URL when one is set (`proxy.public_link`)."""
        return public_link(self.public_url, path)

    def set_thinking(self, match_id: str, roles: frozenset[str]) -> None:
        """The bot roles of this match computing a move now (replaced, never mutated: threads read it)."""
        with self._guard:
            if roles:
                self.thinking[match_id] = roles
            else:
                self.thinking.pop(match_id, None)

    def cached_versions(self) -> dict[str, tuple[int, bool]]:
        """The version of every match in the cache, and whether its result is known (to compare
        with the database's: `agon.server.freshness`)."""
        with self._guard:
            return {match_id: (live.version, live.row.result is not None) for match_id, live in self._cache.items()}

    # -- loading ----------------------------------------------------------------------------------

    def lock(self, match_id: str) -> threading.Lock:
        with self._guard:
            found = self._locks.get(match_id)
            if found is None:
                found = self._locks[match_id] = threading.Lock()
            return found

    def get(self, match_id: str) -> Live:
        """The match from the cache, else rebuilt from its stored actions."""
        with self.lock(match_id):
            return self._sync(match_id)

    def mark_stale(self, match_id: str, version: int | None = None) -> bool:
        """Another process stored an action of this match (and the match is now at `version`, when
        told): catch up before the next use, unless the cached state is there already (our own).
        False when it is there already: nothing new for this process's sockets."""
        with self._guard:
            live = self._cache.get(match_id)
        if live is not None and version is not None and max(live.version, live.storing) >= version:
            return False
        if live is not None:
            live.stale = True
        return True

    def _sync(self, match_id: str, fresh: bool = False) -> Live:
        """The cached match (caught up with the database if it is marked stale or `fresh` is asked),
        else the match rebuilt from its stored actions."""
        with self._guard:
            live = self._cache.get(match_id)
            if live is not None:
                self._cache.move_to_end(match_id)
        if live is None:
            row = self.store.get_match(match_id)
            if row is None:
                raise unknown_match(match_id)
            game = load(row.game)
            state = game.new(row.seed, generator=row.generator, **row.options)
            state.undo_enabled = row.undo
            live = new_live(row, state, 0)
            if versions.same(row, game):
                self._catch_up(live)
            else:
                self._check_versions(live, game)
            if live.state.is_over and live.row.result is None:  # the server stopped before its result was stored
                results.finish(self.store, live)
            self._record_bot_due(live)
            with self._guard:
                self._cache[match_id] = live
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
        elif live.stale or fresh:
            live.stale = False
            self._catch_up(live)
            if live.row.pace is not None:  # another process's actions (or its clock sweep) moved the clocks too
                row = self.store.get_match(match_id)
                if row is not None:
                    live.row = dataclasses.replace(live.row, clocks=row.clocks, next_event=row.next_event,
                                                   seats=row.seats)
        return live

    def _record_bot_due(self, live: Live) -> None:
        """A match just loaded whose stored `bot_due` is not what its state says (not known before
        migration 0010, or a bot took a seat over): record it, so that a start's sweep loads the
        match only if a bot is to move. A hint: should the write fail, the next load tries again."""
        due = bool(self.bot_turns(live))
        if live.frozen is not None or live.state.is_over or live.row.bot_due is due:
            return
        try:
            self.store.set_bot_due(live.row.id, due)
        except SQLAlchemyError as err:
            log.warning("agon: could not record whether a bot is to move in match %s (%s)", live.row.id,
                        " ".join(str(err).split())[:200])
            return
        live.row = dataclasses.replace(live.row, bot_due=due)

    def _catch_up(self, live: Live) -> None:
        for a in self.store.actions_from(live.row.id, live.version):
            if a.verb == results.LEAVE_VERB:  # a player left here (`agon.server.seat_leave`)
                results.say_leave(live.state, a.role, a.arg)
                live.applied(a.verb)
                live.row = self.store.get_match(live.row.id) or live.row  # its seats and result as stored
                continue
            try:
                live.state.apply(a.role, Action(a.verb, freeze(a.arg)), note=a.note)
            except (IllegalAction, ValueError, TypeError) as err:
                self._evict(live.row.id)
                # the engine's message lists the legal actions of a seat: for the log only, never an answer
                log.error("agon: match %s does not replay at stored action %d: %s", live.row.id, a.index, err)
                raise ApiError(500, f"match {live.row.id} cannot be rebuilt from its stored actions (action "
                                    f"{a.index}); the server's log says why") from err
            live.applied(a.verb)

    def _check_versions(self, live: Live, game: Game) -> None:
        """The match was stored under other engine or rules versions: replay it and compare the
        stored digests. The same game: record this server's versions and go on. Another game, or
        actions no longer legal: the match is frozen (readable and exportable, not continued)."""
        row = live.row
        check = versions.replay_and_compare(row, live.state, self.store.actions_from(row.id, 0), live.applied)
        if check.problem is None:
            engine, rules = versions.running(game)
            self.store.set_versions(row.id, engine, rules)
            live.row = dataclasses.replace(row, engine_version=engine, rules_version=rules)
            log.info("agon: match %s replays identically under %s rules %s (agon %s); it goes on",
                     row.id, game.title, rules, engine)
            return
        live.frozen = versions.frozen_message(row, game)
        log.warning("agon: match %s is frozen: %s (%s)", row.id, check.problem, live.frozen)

    def _evict(self, match_id: str) -> None:
        with self._guard:
            self._cache.pop(match_id, None)

    def forget(self, match_id: str) -> None:
        """The match changed outside this process in a way its actions do not say (`agon admin`
        ended or deleted it, an account took a seat): the next use reads it from the database."""
        self._evict(match_id)

    # -- seats ------------------------------------------------------------------------------------

    def seat_role(self, live: Live, token: str | None, account: int | None = None) -> str | None:
        """The role this token holds in this match; without a token, the seat the account holds
        here, if any; None: a spectator. 401 for an unknown token, 403 for a token of another match."""
        if token is None:
            return self.role_of_account(live, account) if account is not None else None
        role = self.role_of_token(live, token)
        if role is not None:  # a seat whose player left (`seat_leave`) sees the match as a spectator
            return role if live.row.seats[role].left is None else None
        if self.store.seat_by_token_hash(token_hash(token)) is not None:
            raise ApiError(403, "this token is a seat of another match")
        raise ApiError(401, "unknown token")

    @staticmethod
    def role_of_token(live: Live, token: str) -> str | None:
        """The role whose seat holds this token in this match, if any."""
        wanted = token_hash(token)
        role = None
        for seat in live.row.seats.values():  # compare every seat, in constant time each
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                role = seat.role
        return role

    @staticmethod
    def role_of_account(live: Live, account: int) -> str | None:
        """The role whose seat this account holds in this match, if any (an account holds one)."""
        for seat in live.row.seats.values():
            if seat.account_id == account and seat.left is None:  # a seat left is no one's (seat_leave)
                return seat.role
        return None

    @contextmanager
    def locked(self, match_id: str) -> Iterator[Live]:
        """The match (as `get`) with its lock held for the block: a change of its seats in the
        database and in the cached row happens as one (`agon.server.lobby`)."""
        with self.lock(match_id):
            yield self._sync(match_id)

    def set_seat(self, live: Live, role: str, token_hash: str | None, account: int | None) -> None:
        """The cached row's seat `role` after the database's changed (hold the match's lock)."""
        seat = dataclasses.replace(live.row.seats[role], token_hash=token_hash, account_id=account)
        live.row = dataclasses.replace(live.row, seats={**live.row.seats, role: seat})

    def claim(self, match_id: str, role: str, token: str, account: int) -> None:
        """The account takes the guest seat of this token; the token stops working (issue 30)."""
        with self.lock(match_id):
            live = self._sync(match_id)
            held = self.seat_role(live, token)
            if held != role:
                raise ApiError(403, f"this token is the seat {held}, not {role[:64]}")
            if self.role_of_account(live, account) is not None:
                raise ApiError(409, "you already hold a seat in this match")
            if not self.store.claim_seat(match_id, role, token_hash(token), account):
                raise ApiError(409, "this seat was claimed meanwhile")
            seat = dataclasses.replace(live.row.seats[role], token_hash=None, account_id=account)
            live.row = dataclasses.replace(live.row, seats={**live.row.seats, role: seat})

    # -- creating ---------------------------------------------------------------------------------

    def create(self, game_id: str, options: dict[str, Any], seats: dict[str, str], seed: int | None,
               title: str | None, owner: int | None = None, mine: str | None = None,
               invited: dict[str, int] | None = None, given: dict[str, str | None] | None = None,
               also: Callable[[Connection, str], None] | None = None,
               rated: bool | None = None, pace: dict[str, Any] | None = None) -> tuple[str, dict[str, str], str | None]:
        """A new match; returns its id, the token of each guest human seat, and the role the
        creating account `owner` holds (`mine`, else its first human seat; None without an
        account). Seats in `invited` are held by those accounts (issue 30): no token at all.
        Seats in `given` get that token hash and no new token (None: an open seat, which no token
        and no account holds until someone takes it; `agon.server.lobby`); `also(connection,
        match id)` writes more in the match's transaction. `rated`: whether it counts for the ratings
        (None: when two seats or more are held by accounts; never with a chosen seed; a rated match has
        no undo: `agon.server.ratings.rated_default`)."""
        game = _game(game_id)
        try:
            opts = game.normalize_options(dict(options))
            filled = seat_players(game_id, seats, 0, opts)
        except (ValueError, TypeError) as err:
            raise ApiError(400, str(err)) from err
        for role, who in filled.items():
            if who != HUMAN:
                try:
                    self.bot_limits.check(who, game_id)
                except ValueError as err:
                    raise ApiError(400, f"seat {role}: {err}") from None
        seeded = seed is not None  # a creator's seed: the creator can compute the deal, every seat is told
        if seed is None:
            seed = new_secret_seed()
        try:
            state = game.new(seed, generator="keyed", **opts)
        except ValueError as err:  # a seed out of the keyed generator's range (0 to 2**256 - 1)
            raise ApiError(400, f"seed: {err}") from None
        engine, rules = versions.running(game)
        humans = [role for role, who in filled.items() if who == HUMAN]
        held = dict(invited or {})
        for role in held:
            if role not in humans:
                raise ApiError(400, f"invite: {role[:64]} is not a human seat of this match")
        if owner is not None:
            if mine is not None and mine not in humans:
                raise ApiError(400, f"mine: {mine[:64]} is not a human seat of this match")
            if owner in held.values():
                raise ApiError(400, "invite: you cannot invite yourself; your own seat is `mine`")
            mine = mine or next((r for r in humans if r not in held and r not in (given or {})), None)
            if mine is not None:
                if mine in held:
                    raise ApiError(400, f"mine: {mine[:64]} is a seat you invite someone to")
                held[mine] = owner
        elif mine is not None or held:
            raise ApiError(401, "log in to hold a seat by your account (`mine`, `invite`)")
        if rated and seeded:
            raise ApiError(400, "rated: a match with a chosen seed is never rated (its creator can know every hidden card)")
        given = given or {}
        open_seats = sum(1 for token in given.values() if token is None)  # (only an account can take one)
        rated = rated_default(rated, seeded, len(held) + open_seats)
        for role in given:
            if role not in humans:
                raise ApiError(400, f"open: {role[:64]} is not a human seat of this match")
            if role in held:
                raise ApiError(400, f"open: {role[:64]} is your own seat or one you invite someone to")
        tokens = {role: secrets.token_urlsafe(24) for role in humans if role not in held and role not in given}
        hashes = {**{role: token_hash(t) for role, t in tokens.items()}, **given}
        clocked = self._pace(game_id, pace, len(filled), len(humans))
        clocks, upcoming = self.keeper.new_clocks(clocked, humans, state.active) if clocked else (None, None)
        seat_rows = {
            role: SeatRow(role, "human" if who == HUMAN else "bot", None if who == HUMAN else who,
                          hashes.get(role), held.get(role))
            for role, who in filled.items()}
        row = MatchRow(id=secrets.token_urlsafe(9), game=game_id, options=opts, seed=seed,
                       title=(title or game.title)[:200], version=0, undo=bool(humans) and not rated, is_over=state.is_over,
                       imported=False, seats=seat_rows, generator="keyed", seeded=seeded, engine_version=engine,
                       rules_version=rules, start_digest=state.digest(), rated=rated,
                       pace=clocked.to_text() if clocked else None, clocks=clocks, next_event=upcoming,
                       bot_due=any(filled[role] != HUMAN for role in state.active))
        state.undo_enabled = row.undo
        self.store.create_match(row, also=None if also is None else lambda conn: also(conn, row.id))
        self._remember(new_live(row, state, 0))
        return row.id, tokens, (mine if owner is not None else None)

    def _pace(self, game_id: str, body: dict[str, Any] | None, roles: int, humans: int) -> Pace | None:
        """The pace of a new match (issue 31): the creator's, else the operator's default for a
        match of two human seats or more, else none; 400 for a pace that is not one."""
        try:
            pace = parse_pace(body, roles, self.keeper.settings.default_pace if humans >= 2 else "none")
        except ValueError as err:
            raise ApiError(400, str(err)) from None
        if pace is None or pace.on_timeout != "bot":
            return pace
        names = bot_names(game_id)
        bot = pace.bot or ("nonplayer" if "nonplayer" in names else "ismcts")  # the game's automaton, if any
        try:
            self.bot_limits.check(bot, game_id)
        except ValueError as err:
            raise ApiError(400, f"pace: bot: {err}") from None
        return dataclasses.replace(pace, bot=bot)

    def import_record(self, record: dict[str, Any], title: str | None) -> str:
        """A finished match for study, from a record (as `agon replay` reads)."""
        try:
            state = replay(record)
        except ReplayError as err:
            raise ApiError(422, replay_refusal(err, record)) from err
        except AgonError as err:
            raise ApiError(422, "the record does not replay: its setup or shape is not valid") from err
        except Exception as err:  # a hostile record must get an answer, not a crash
            raise ApiError(422, f"the record does not replay ({type(err).__name__})") from err
        if not state.is_over:
            raise ApiError(422, "the record does not reach the end of the game; only finished games are imported")
        game = state.game
        roles = game.roles(**state.options)
        engine, rules = versions.running(game)
        start = game.new(state.seed, generator=state.generator, **state.options).digest()
        row = MatchRow(id=secrets.token_urlsafe(9), game=game.id, options=dict(state.options), seed=state.seed,
                       title=(title or f"{game.title} (imported)")[:200], version=0, undo=False, is_over=True,
                       imported=True, seats={r: SeatRow(r, "human", None, None) for r in roles},
                       generator=state.generator, engine_version=engine, rules_version=rules, start_digest=start)
        entries = state.record()["actions"]
        actions = [ActionRow(i, e[0], e[1], e[2], e[3] if len(e) > 3 else None) for i, e in enumerate(entries)]
        if actions:  # the end's digest
            actions[-1] = dataclasses.replace(actions[-1], digest=state.digest())
        self.store.create_match(row, actions)
        self._remember(new_live(row, state, len(actions)))
        return row.id

    def _remember(self, live: Live) -> None:
        with self._guard:
            self._cache[live.row.id] = live
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    # -- acting -----------------------------------------------------------------------------------

    def act(self, match_id: str, role: str, version: int, verb: str, arg: Any, note: str | None = None) -> Live:
        """Apply and store one action of `role`, if `version` is the match's version."""
        with self.lock(match_id):
            return self.act_locked(self._sync(match_id), role, version, verb, arg, note)

    def act_locked(self, live: Live, role: str, version: int, verb: str, arg: Any, note: str | None = None) -> Live:
        """`act`, for the caller that holds the match's lock and has it from `_sync` (or `at_hand`)."""
        match_id = live.row.id
        if live.frozen is not None:
            raise ApiError(423, live.frozen)
        if live.row.result is not None:
            raise ApiError(409, "the match is over")
        if version != live.version:
            live = self._sync(match_id, fresh=True)  # another process may have moved it on
        if version != live.version:
            raise ApiError(409, f"stale version {version}: the match is at version {live.version}")
        action = Action(verb, freeze(arg))
        seat = live.row.seats.get(role)
        if live.row.pace is not None and seat is not None and seat.kind == "human":
            try:
                self.keeper.check_actor(live.row, role)
            except TimeIsUp:
                raise ApiError(409, "your time for this move has run out") from None
        before = tuple(live.state.active) if self.listeners else ()
        try:
            live.state.apply(role, action, note=note)
        except IllegalAction as err:
            raise ApiError(422, str(err)) from err
        except (TypeError, ValueError) as err:
            raise ApiError(422, f"{action} is not an action this game understands: {err}") from err
        digest = live.state.digest() if versions.digest_due(version, live.state.is_over) else None
        stored = ActionRow(version, role, verb, jsonable(action.arg), note, digest)
        live.storing = version + 1
        clocks, upcoming = self.keeper.after(live.row, live.state, role) if live.row.pace is not None else (None, None)
        try:
            self.store.append_action(match_id, stored, live.state.is_over, notify=f"{match_id}:{version + 1}",
                                     clocks=clocks, next_event=upcoming, bot_due=bool(self.bot_turns(live)))
        except StaleVersion as err:
            self._evict(match_id)
            raise ApiError(409, f"stale version {version}: another action was stored first") from err
        except Exception:
            self._evict(match_id)  # the state is ahead of the database: rebuild it next time
            raise
        live.applied(verb)
        if clocks is not None:
            live.row = dataclasses.replace(live.row, clocks=clocks, next_event=upcoming)
        if live.state.is_over:
            results.finish(self.store, live)
        for listener in self.listeners:
            listener(live, before)
        return live

    def at_hand(self, match_id: str) -> Live | None:
        """The match, if it is cached and up to date, with its lock taken (the caller releases
        it); None if it is not, or if someone holds the lock: no waiting, no database read."""
        lock = self.lock(match_id)
        if not lock.acquire(blocking=False):
            return None
        with self._guard:
            live = self._cache.get(match_id)
        if live is None or live.stale:
            lock.release()
            return None
        return live

    def cached(self, match_id: str) -> Live | None:
        """The match if it is in the cache (no lock, no database: for log lines)."""
        with self._guard:
            return self._cache.get(match_id)

    def set_trouble(self, match_id: str, role: str, kind: str | None) -> bool:
        """The bot of `role` could not move (`kind`: how, `BotFailed.KINDS` or "storage"), or
        moves again (None). True if that changed what the players see."""
        with self._guard:
            now = self.trouble.get(match_id, {})
            if now.get(role) == kind:
                return False
            changed = {r: k for r, k in now.items() if r != role}
            if kind is not None:
                changed[role] = kind
            if changed:
                self.trouble[match_id] = changed
            else:
                self.trouble.pop(match_id, None)
            return True

    def may_have_bots(self, match_id: str) -> bool:
        """False when the match is cached and has no bot seat (nothing for the bots to do)."""
        with self._guard:
            live = self._cache.get(match_id)
        return live is None or any(seat.kind == "bot" for seat in live.row.seats.values())

    def bot_turns(self, live: Live) -> list[str]:
        """Active roles whose seat is a bot."""
        if live.row.result is not None:
            return []
        return [r for r in live.state.active if live.row.seats.get(r, SeatRow(r, "human", None, None)).kind == "bot"]

    def bot_job(self, match_id: str, role: str) -> tuple[int, State, str, int] | None:
        """What a bot needs to choose for `role`: (version, a copy of the state, bot name, seed)."""
        with self.lock(match_id):
            live = self._sync(match_id)
            seat = live.row.seats.get(role)
            if (seat is None or seat.kind != "bot" or role not in live.state.active or live.frozen is not None
                    or live.row.result is not None):
                return None
            index = live.state.game.roles(**live.row.options).index(role)
            # as agon.match seats its bots: a keyed match's bot seeds are drawn from its seed one way
            seed = bot_seed(live.row.seed, index, live.row.generator)
            return live.version, live.state.clone(), self.bot_limits.bounded(seat.bot or "random", live.row.game), seed

    # -- what a seat sees -------------------------------------------------------------------------

    def state_object(self, live: Live, role: str | None,
                     thinking: tuple[str, ...] | None = None) -> dict[str, Any]:
        """The state object of the API: built only from `view(role)` and `prompt(role)`, with the
        whole log (`log_from` 0)."""
        state = live.state
        prompt = prompt_object(state, role) if role is not None and role in state.active else None
        ended = live.row.result is not None  # a leave ended it (`agon.server.seat_leave`)
        if ended:
            prompt = None
        return {
            "id": live.row.id,
            "game": live.row.game,
            "title": live.row.title,
            "role": role,
            "version": live.version,
            "active": [] if ended else state.active,
            "is_over": ended or state.is_over,
            "result": results.shown(live),
            "seats": {r: {"kind": s.kind, "bot": s.bot, "name": state.game.role_name(r),
                          **({"left": s.left} if s.left else {})}
                      for r, s in live.row.seats.items()},
            "thinking": list(thinking) if thinking is not None else sorted(self.thinking.get(live.row.id, ())),
            "bot_trouble": trouble_messages(state, live.row.seats, self.trouble.get(live.row.id, {})),
            "bot_wait": self.bot_waits.shown(live.row.id),
            "seeded": live.row.seeded,
            "frozen": live.frozen,
            "clocks": self.keeper.view(live.row),
            "prompt": prompt,
            "log_from": 0,
            "view": state.view(role),  # last, and its log last: `push` joins the encoded lines in at the end
        }

    def push(self, live: Live, role: str | None, since: int | None = None) -> Push:
        """The state object of `role`, encoded, with only the log lines a client that holds version
        `since` lacks (None: the whole log). Each (role, log_from) is built and encoded once per
        version: every socket and response that needs it shares the bytes. Call it holding the
        match's lock."""
        thinking = tuple(sorted(self.thinking.get(live.row.id, ())))
        trouble = tuple(sorted(f"{r}!{k}" for r, k in self.trouble.get(live.row.id, {}).items()))
        ended = ("!ended",) if live.row.result is not None and not live.state.is_over else ()  # (`agon admin end`)
        shown = (live.version, thinking + trouble + self.bot_waits.key(live.row.id) + ended)
        if live.shown != shown:
            live.shown = shown
            live.encoded.clear()
            live.heads.clear()
        start = self.log_from(live, role, since, live.state.log_length(role))
        data = live.encoded.get((role, start))
        if data is None:
            head = live.heads.get(role) if start == 0 else None
            if head is None:
                obj = self.state_object(live, role, thinking)
                obj["view"]["log"] = []
                obj["log_from"] = start
                head = dumps(obj)  # ends with LOG_LAST: the view is the last field, its log the view's last
            data = joined(head, live.log_lines.lines(live.state.log, live.cut, role)[start:])
            if start == 0:
                live.heads[role] = head  # the whole log's bytes are joined again for the next one who asks
            else:
                live.encoded[(role, start)] = data
        return Push(live.version, shown[1], data)

    @staticmethod
    def log_from(live: Live, role: str | None, since: int | None, length: int) -> int:
        """How many of the `length` lines of `role`'s log a client holding version `since` has
        (0 when it is unknown, or an undo since then took lines away: the client gets them all)."""
        if since is None or since < max(live.base, live.cut) or since > live.version:
            return 0
        later = live.state.log[live.marks[since - live.base]:]
        return length - sum(1 for e in later if e.to is None or e.to == role)

    def cached_push(self, match_id: str, role: str | None, since: int | None) -> Push | None:
        """`push`, if the match is at hand (else None: the caller builds it in a thread, where
        waiting for the lock or the database is harmless)."""
        live = self.at_hand(match_id)
        if live is None:
            return None
        try:
            return self.push(live, role, since)
        finally:
            self.lock(match_id).release()

    def push_for(self, match_id: str, role: str | None, since: int | None) -> Push:
        """`push` of the match as stored (rebuilt or caught up if need be)."""
        with self.lock(match_id):
            return self.push(self._sync(match_id), role, since)

    def cached_view(self, match_id: str, token: str | None, account: int | None = None) -> bytes | None:
        """`view_for`, if the match is at hand and the token is one of its seats' or none (else None:
        the caller asks `view_for` in a thread, which may read the database)."""
        live = self.at_hand(match_id)
        if live is None:
            return None
        try:
            if token is not None and self.role_of_token(live, token) is None:
                return None
            return self.push(live, self.seat_role(live, token, account)).data
        finally:
            self.lock(match_id).release()

    def view_for(self, match_id: str, token: str | None, account: int | None = None) -> bytes:
        """The whole state object (a GET) of this token's seat, or of a spectator, encoded."""
        with self.lock(match_id):
            live = self._sync(match_id)
            return self.push(live, self.seat_role(live, token, account)).data

    def record(self, match_id: str, token: str | None = None) -> dict[str, Any]:
        """The record once the game is over. A frozen match's (`agon.server.versions`) is also given
        to its seats before the end (it cannot go on here; its seats may take it to a server of its
        own versions): the stored actions, with the versions and the last digest they were stored with."""
        with self.lock(match_id):
            live = self._sync(match_id)
            if live.frozen is not None and (live.state.is_over or self.seat_role(live, token) is not None):
                return self._stored_record(live)
            if not results.is_over(live):
                if live.frozen is not None:
                    raise ApiError(409, "a frozen match's record goes to its seats (it holds the seed): "
                                        "send a seat's token")
                raise ApiError(409, "the record is published when the game is over (it holds the seed)")
            record = live.state.record()
            if any(s.left for s in live.row.seats.values()):  # the leaves (no game actions) and the result
                record["left"] = [{"role": a.role, "after": a.index, **a.arg}
                                  for a in self.store.actions_from(match_id, 0) if a.verb == results.LEAVE_VERB]
                record["result"] = results.shown(live)
            else:  # (with leaves, the log holds their lines, which a replay of the actions does not say)
                record["digest"] = live.state.digest()
            return record

    def _stored_record(self, live: Live) -> dict[str, Any]:
        """The record of the actions as stored, under the versions they were played with."""
        row = live.row
        rows = self.store.actions_from(row.id, 0)
        record: dict[str, Any] = {"game": row.game, "engine": row.engine_version or "unknown",
                                  "rules_version": row.rules_version or "unknown", "seed": row.seed}
        if row.generator != "splitmix":
            record["generator"] = row.generator
        record["options"] = dict(row.options)
        record["actions"] = [[a.role, a.verb, a.arg, *([a.note] if a.note is not None else [])] for a in rows
                             if a.verb != results.LEAVE_VERB]
        if rows and rows[-1].digest is not None:
            record["digest"] = rows[-1].digest
        return record

    def step(self, match_id: str, n: int) -> dict[str, Any]:
        """The spectator's view after the first n actions of a finished match, and the n-th action."""
        with self.lock(match_id):
            live = self._sync(match_id)
            if not results.is_over(live) and live.frozen is None:  # a frozen match is over here: it cannot go on
                raise ApiError(409, "steps are shown once the game is over")
            cached = self._steppers.get(match_id)
            if cached is None or cached[0] > n:
                entries = live.state.record()["actions"]
                cached = (0, load(live.row.game).new(live.row.seed, generator=live.row.generator, **live.row.options),
                          entries, None)
            at, state, entries, action = cached
            if not 0 <= n <= len(entries):
                raise ApiError(404, f"no step {n}; steps are 0..{len(entries)}")
            while at < n:
                role, verb, arg, *note = entries[at]
                move = Action(verb, freeze(arg))
                label = as_text(state.label(move))
                action = {"role": role, "verb": verb, "arg": arg, "label": str(label), "message": label.to_json()}
                state.apply(role, move, note=note[0] if note else None)
                at += 1
            self._steppers[match_id] = (at, state, entries, action)
            self._steppers.move_to_end(match_id)
            while len(self._steppers) > 32:
                self._steppers.popitem(last=False)
            return {"n": n, "total": len(entries), "view": state.view(None), "action": action}

    def my_matches(self, tokens: list[str]) -> list[dict[str, Any]]:
        by_hash = {token_hash(t): i for i, t in enumerate(tokens)}
        out = []
        for match_id, role, hashed in self.store.matches_of(list(by_hash)):
            live = self.get(match_id)
            out.append({
                "index": by_hash[hashed], "id": match_id, "game": live.row.game, "title": live.row.title,
                "role": role, "version": live.version, "active": live.state.active, "is_over": results.is_over(live),
                "your_turn": role in live.state.active and not results.is_over(live), "url": self.link(f"/m/{match_id}"),
                "seeded": live.row.seeded,
                "frozen": live.frozen is not None,
            })
        return sorted(out, key=lambda m: m["index"])


    def account_matches(self, account: int, most: int = 200) -> list[dict[str, Any]]:
        """The matches where this account holds a seat: those waiting for it first, then the
        others going on, then the finished ones (with their result and replay link); the newest
        `most` of each kind."""
        out = []
        for match_id, role in self.store.matches_of_account(account):
            live = self.get(match_id)
            over = results.is_over(live)
            out.append({
                "id": match_id, "game": live.row.game, "title": live.row.title, "role": role,
                "version": live.version, "active": live.state.active, "is_over": over,
                "your_turn": role in live.state.active and not over and live.frozen is None,
                "result": results.shown(live) if over else None, "url": self.link(f"/m/{match_id}"),
                "replay_url": self.link(f"/replay/{match_id}") if over else None, "seeded": live.row.seeded,
                "frozen": live.frozen is not None,
            })
        out.sort(key=lambda m: (not m["your_turn"], m["is_over"]))
        return out[:most]


def replay_refusal(err: ReplayError, record: dict[str, Any]) -> str:
    """Why a record does not replay, in general terms: which action failed, never the legal
    actions of any seat at that point (the engine's message lists them; the record may be made
    up to learn a seat's hidden options). A record's shape or setup is the caller's own, so
    those messages are kept."""
    if err.index < 0:
        return f"the record does not replay: {err}"
    actions = record.get("actions")
    entry = actions[err.index] if isinstance(actions, list) and 0 <= err.index < len(actions) else None
    if isinstance(entry, list) and len(entry) >= 2 and isinstance(entry[0], str) and isinstance(entry[1], str):
        return (f"the record does not replay: action {err.index} ({entry[0][:64]} {entry[1][:64]}) is not "
                "legal at that point of the game")
    if err.index == len(actions or []):
        return "the record does not replay: the replayed game differs from the record's digest"
    return f"the record does not replay: action {err.index} is not [role, verb, argument] or [role, verb, argument, note]"


def _game(game_id: str) -> Game:
    try:
        return load(game_id)
    except UnknownGame as err:
        raise ApiError(400, f"unknown game {game_id!r}; games: {', '.join(games())}") from err


def games_info() -> list[dict[str, Any]]:
    """Every installed game: id, title, roles and default seats per player count, options, bots."""
    out = []
    for game_id in games():
        game = load(game_id)
        specs = game.option_specs()
        players = next((s.allowed() for s in specs if s.name == "players"), None)
        counts: list[int | None] = list(players) if players else [None]
        roles: dict[str, list[str]] = {}
        defaults: dict[str, dict[str, str]] = {}
        for n in counts:
            opts = game.normalize_options({} if n is None else {"players": n})
            key = str(n if n is not None else len(game.roles(**opts)))
            roles[key] = game.roles(**opts)
            defaults[key] = {r: game.default_seat(r, opts) for r in roles[key]}
        out.append({
            "id": game_id, "title": game.title, "roles": roles, "default_seats": defaults,
            "role_names": {r: game.role_name(r) for rs in roles.values() for r in rs},
            "options": [s.as_dict() for s in specs], "bots": bot_names(game_id),
            "bot_settings": {name: bot_settings(name, game_id) for name in bot_names(game_id)},
        })
    return out
