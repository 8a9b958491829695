"""The operator's work on a server's database (issue 37, `agon admin`): no running server needed.

List matches and end or delete an abandoned one; list accounts, disable or enable one, and make a
password-reset link for one. Every function works on the server's own tables (`agon.server.store`)
and raises `AdminError` (one line, nothing changed) for a bad input.

A match ended here gets a stored result whose reason is `ENDED` (`agon.server.results.store_result`,
as a finished game's), no winner, and is not rated. A running server learns of a match ended or
deleted here at once on PostgreSQL (a NOTIFY `ID:reload`), and within its freshness check's
interval on either database (`agon.server.freshness`, 2 s): it reads the match again and its
players' pages show it ended (or gone).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, func, insert, select, update

from agon.server.accounts import NAME, secret_hash
from agon.server.results import MatchResult, store_result
from agon.server.store import Store, account_table, match_table, seat_table, session_table

ENDED = "ended"  # the result's reason of a match the operator ended
ENDED_DETAIL = "ended by the server's operator"
MATCH_ID_MAX = 32  # the match table's id column


class AdminError(ValueError):
    """A bad input to an operator's command: one line, and nothing was changed."""


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match as the operator sees it; `seats`: role -> an account's name, "guest" or "bot NAME"."""

    id: str
    game: str
    title: str
    created: int
    version: int
    over: bool
    seats: dict[str, str]


@dataclass(frozen=True, slots=True)
class AccountLine:
    """One account as the operator sees it (its e-mail address; never its password's hash)."""

    name: str
    email: str | None
    created: int
    disabled: bool


def stamp(seconds: int) -> str:
    """A stored time (seconds since the epoch) as UTC, to the minute."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _seat_word(kind: str, bot: str | None, account: str | None) -> str:
    if account is not None:
        return account
    if kind == "bot":
        return f"bot {bot}" if bot else "bot"
    return "guest"


def list_matches(store: Store, over: bool | None = None, game: str | None = None) -> list[MatchLine]:
    """The matches, the newest first: all, only the finished (`over` True) or only those going on
    (False), of every game or of `game`."""
    query = select(*match_table.c["id", "game", "title", "created", "version", "is_over", "result"])
    if game is not None:
        query = query.where(match_table.c.game == game)
    query = query.order_by(match_table.c.created.desc(), match_table.c.id)
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
        seats: dict[str, dict[str, str]] = {}
        seat_query = (select(seat_table.c["match_id", "role", "kind", "bot"], account_table.c.name)  # type: ignore[call-overload]
                      .outerjoin(account_table, account_table.c.id == seat_table.c.account_id)
                      .order_by(seat_table.c.match_id, seat_table.c.role))
        if game is not None:
            seat_query = seat_query.join(match_table, match_table.c.id == seat_table.c.match_id).where(
                match_table.c.game == game)
        for match_id, role, kind, bot, account in conn.execute(seat_query):
            seats.setdefault(match_id, {})[role] = _seat_word(kind, bot, account)
    lines = [MatchLine(r.id, r.game, r.title, int(r.created), int(r.version),
                       bool(r.is_over) or r.result is not None, seats.get(r.id, {})) for r in rows]
    return [m for m in lines if over is None or m.over == over]


def _check_match_id(match_id: str) -> None:
    if not match_id or len(match_id) > MATCH_ID_MAX or not match_id.isprintable():
        raise AdminError(f"no match {match_id[:MATCH_ID_MAX]!r}")


def end_match(store: Store, match_id: str) -> None:
    """End a match that goes on: it is over, its result says the operator ended it (no winner,
    not rated). AdminError for an unknown match or one that is over already."""
    _check_match_id(match_id)
    with store.engine.connect() as conn:
        row = conn.execute(select(*match_table.c["is_over", "result"]).where(match_table.c.id == match_id)).first()
    if row is None:
        raise AdminError(f"no match {match_id[:MATCH_ID_MAX]!r}")
    if row.is_over or row.result is not None:
        raise AdminError(f"match {match_id} is over already")
    result = MatchResult(ENDED, [], None, {}, ENDED_DETAIL).to_json()
    store_result(store, match_id, result, is_over=True)
    _tell_servers(store, match_id)


def delete_match(store: Store, match_id: str) -> None:
    """Delete a match with its seats, actions, chat and everything else stored of it (the
    database's cascades); ratings it moved stay as they are. AdminError for an unknown match."""
    _check_match_id(match_id)
    with store._writing, store.engine.begin() as conn:
        gone = conn.execute(delete(match_table).where(match_table.c.id == match_id))
        if gone.rowcount != 1:
            raise AdminError(f"no match {match_id[:MATCH_ID_MAX]!r}")
    _tell_servers(store, match_id)


def _tell_servers(store: Store, match_id: str) -> None:
    """PostgreSQL: a NOTIFY `ID:reload`, sent before this returns (not by the store's notice thread,
    which a command's exit could cut short): every running server process reads the match again.
    SQLite has no notices: the server's freshness check finds the change (`agon.server.freshness`)."""
    if store.is_postgres:
        with store.engine.begin() as conn:
            conn.execute(select(func.pg_notify("agon_match", f"{match_id}:reload")))


def list_accounts(store: Store) -> list[AccountLine]:
    """Every account, by name."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(*account_table.c["name", "email", "created", "disabled"])
                            .order_by(account_table.c.name_key)).all()
    return [AccountLine(r.name, r.email, int(r.created), bool(r.disabled)) for r in rows]


def _account_id(store: Store, name: str) -> int:
    found = None
    if NAME.fullmatch(name):
        with store.engine.connect() as conn:
            found = conn.execute(select(account_table.c.id)
                                 .where(account_table.c.name_key == name.casefold())).scalar()
    if found is None:
        raise AdminError(f"no account {name[:40]!r}")
    return int(found)


def set_disabled(store: Store, name: str, disabled: bool) -> bool:
    """Disable (no log-in; its sessions and reset links end) or enable the account of this name;
    False when it was so already. AdminError for an unknown name."""
    account_id = _account_id(store, name)
    with store._writing, store.engine.begin() as conn:
        changed = conn.execute(update(account_table).where(
            account_table.c.id == account_id, account_table.c.disabled.is_(not disabled)).values(disabled=disabled))
        if disabled:
            conn.execute(delete(session_table).where(session_table.c.account_id == account_id))
    return changed.rowcount == 1


def reset_link(store: Store, name: str, seconds: float) -> tuple[str, str | None]:
    """A single-use password-reset token for the account of this name, valid `seconds` (the same
    token a mailed reset makes: `Accounts.finish_reset` spends it): (the token, the account's
    e-mail address or None). AdminError for an unknown name."""
    account_id = _account_id(store, name)
    with store.engine.connect() as conn:
        email = conn.execute(select(account_table.c.email).where(account_table.c.id == account_id)).scalar()
    secret = secrets.token_urlsafe(32)
    now = time.time()
    with store._writing, store.engine.begin() as conn:
        conn.execute(insert(session_table).values(token_hash=secret_hash(secret), account_id=account_id, kind="reset",
                                                  created=int(now), expires=int(now + seconds)))
    return secret, email


def reset_path(secret: str) -> str:
    """The page that takes a reset token (the same as the mailed link's, `account_routes`)."""
    return f"/account#reset={secret}"
