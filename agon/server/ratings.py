"""Ratings: openskill (Plackett-Luce) per game, for accounts and for bots by name (issue 30).

Who is rated: a seat held by an account (`a:ID`) and a bot seat (`b:NAME`, the bot as the seat
names it, settings included: `ismcts:seconds=1` and `ismcts:seconds=5` are two players). A guest's
seat (a token, no account) is not rated and does not count: the ranking is that of the rated
seats among themselves, so no one gains by beating guests they play themselves. A bot name
seated more than once in a match is not rated in it (it would play itself). A seat whose player
left is credited to that player (ranked last; the bot that took it over is not rated for it).

When: once per finished rated match (`match.rated`, decided at its creation: see `rated_default`)
with 2 to 5 rated seats in at least two places, in one transaction whose history rows are unique
per (match, role): a second process rating the same match fails on them and changes nothing.

Shown: the ordinal mu - 3 sigma (a newcomer's is 0: 25 - 3 x 25/3), as `display`:
1500 + 60 x ordinal, rounded, a scale like the common chess sites' (see docs/server.md).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    UniqueConstraint,
    select,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from agon.server.store import MatchRow, SeatRow, Store, account_table, match_table, metadata

log = logging.getLogger("agon.server")

MU = 25.0
SIGMA = MU / 3
MOST_SEATS = 5  # free-for-all matches of 2 to 5 rated seats are rated
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

rating_table = Table(
    "rating",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(100), primary_key=True),  # "a:ACCOUNT_ID" or "b:BOT NAME"
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, server_default="0"),
    Column("wins", Integer, nullable=False, server_default="0"),
)

rating_change_table = Table(
    "rating_change",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
    Column("role", String(64), nullable=False),
    Column("game", String(64), nullable=False),
    Column("player", String(100), nullable=False),
    Column("rank", Integer, nullable=False),  # the place, 1 first (ties share one)
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("created", BigInteger, nullable=False),
    UniqueConstraint("match_id", "role", name="rating_change_match_role"),
    Index("ix_rating_change_player", "game", "player"),
)


def display(mu: float, sigma: float) -> int:
    """The rating people see: 1500 + 60 x (mu - 3 sigma), rounded (a newcomer's: 1500)."""
    return round(1500 + 60 * (mu - 3 * sigma))


def rated_default(asked: bool | None, seeded: bool, account_seats: int) -> bool:
    """Whether a new match is rated: as asked, else when at least two seats are held by accounts.
    Never with a seed its creator chose (the creator can know every hidden card); a rated match
    has no undo (a seat could try moves and take them back)."""
    if seeded:
        return False
    return asked if asked is not None else account_seats >= 2


def player_key(seat: SeatRow) -> str | None:
    """Who a seat's result counts for: its account, else (a bot's seat nobody left) its bot; a guest: None."""
    if seat.account_id is not None:
        return f"a:{seat.account_id}"
    if seat.kind == "bot" and seat.left is None and seat.bot:
        return f"b:{seat.bot}"
    return None


@dataclass(frozen=True, slots=True)
class Entry:
    role: str
    player: str
    rank: int


def entries(row: MatchRow) -> list[Entry]:
    """The rated seats of a finished match with their places, or [] when it is not to be rated."""
    if not row.rated or row.result is None:
        return []
    place_of = {role: n for n, place in enumerate(row.result.get("ranking") or [], start=1) for role in place}
    found = [Entry(role, key, place_of[role]) for role, seat in row.seats.items()
             if (key := player_key(seat)) is not None and role in place_of]
    counts: dict[str, int] = {}
    for entry in found:
        counts[entry.player] = counts.get(entry.player, 0) + 1
    found = [e for e in found if counts[e.player] == 1]
    if not 2 <= len(found) <= MOST_SEATS or len({e.rank for e in found}) < 2:
        return []
    return found


def _insert(store: Store) -> Any:
    return pg_insert if store.is_postgres else sqlite_insert


def rate_match(store: Store, row: MatchRow) -> bool:
    """Rate a finished match once; False when it is not rated or was rated already."""
    found = entries(row)
    if not found:
        return False
    players = [e.player for e in found]
    try:
        with store._writing, store.engine.begin() as conn:
            conn.execute(_insert(store)(rating_table).values(
                [{"game": row.game, "player": p, "mu": MU, "sigma": SIGMA, "games": 0, "wins": 0} for p in players]
            ).on_conflict_do_nothing())
            query = select(rating_table).where(rating_table.c.game == row.game, rating_table.c.player.in_(players))
            if store.is_postgres:
                query = query.with_for_update()  # another match's rating of the same players waits
            now = {r["player"]: r for r in conn.execute(query).mappings().all()}
            teams = [[MODEL.rating(mu=now[e.player]["mu"], sigma=now[e.player]["sigma"])] for e in found]
            after = MODEL.rate(teams, ranks=[e.rank for e in found])
            stamp = int(time.time())
            conn.execute(rating_change_table.insert(), [
                {"match_id": row.id, "role": e.role, "game": row.game, "player": e.player, "rank": e.rank,
                 "mu_before": now[e.player]["mu"], "sigma_before": now[e.player]["sigma"],
                 "mu_after": team[0].mu, "sigma_after": team[0].sigma, "created": stamp}
                for e, team in zip(found, after, strict=True)])
            for e, team in zip(found, after, strict=True):
                conn.execute(rating_table.update().where(
                    rating_table.c.game == row.game, rating_table.c.player == e.player).values(
                    mu=team[0].mu, sigma=team[0].sigma, games=rating_table.c.games + 1,
                    wins=rating_table.c.wins + (1 if e.rank == 1 else 0)))
    except IntegrityError:  # its history rows exist: rated already (by this or another process)
        return False
    log.info("agon: match %s rated (%s)", row.id, ", ".join(f"{e.role} #{e.rank}" for e in found))
    return True


# -- reading, for the profiles and the match page -----------------------------------------------------


def bot_key(name: str) -> str:
    return f"b:{name}"


def names_of(store: Store, keys: set[str]) -> dict[str, str]:
    """key -> the name people see: an account's name, a bot's name."""
    out = {k: k[2:] for k in keys if k.startswith("b:")}
    ids = {int(k[2:]): k for k in keys if k.startswith("a:") and k[2:].isdigit()}
    if ids:
        with store.engine.connect() as conn:
            for account_id, name in conn.execute(select(account_table.c.id, account_table.c.name)
                                                 .where(account_table.c.id.in_(list(ids)))).all():
                out[ids[account_id]] = name
    return out


def ratings_of(store: Store, game: str, keys: list[str]) -> dict[str, dict[str, Any]]:
    """key -> {"rating", "mu", "sigma", "games", "wins"} of those rated in this game."""
    if not keys:
        return {}
    with store.engine.connect() as conn:
        rows = conn.execute(select(rating_table).where(rating_table.c.game == game,
                                                       rating_table.c.player.in_(keys))).mappings().all()
    return {r["player"]: _rating_json(r) for r in rows}


def _rating_json(r: Any) -> dict[str, Any]:
    return {"rating": display(r["mu"], r["sigma"]), "mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3),
            "games": r["games"], "wins": r["wins"]}


def profile(store: Store, key: str, name: str, most: int = 100) -> dict[str, Any]:
    """A player's ratings per game and the history of their rated matches, newest first: each with
    the game, title, role, place, the rating before and after, and the rated opponents."""
    with store.engine.connect() as conn:
        games = conn.execute(select(rating_table).where(rating_table.c.player == key)
                             .order_by(rating_table.c.game)).mappings().all()
        mine = conn.execute(
            select(rating_change_table, match_table.c.title).join(match_table, match_table.c.id
                                                                  == rating_change_table.c.match_id)
            .where(rating_change_table.c.player == key)
            .order_by(rating_change_table.c.created.desc(), rating_change_table.c.id.desc()).limit(most)
        ).mappings().all()
        match_ids = [m["match_id"] for m in mine]
        others = conn.execute(select(rating_change_table).where(
            rating_change_table.c.match_id.in_(match_ids), rating_change_table.c.player != key)
        ).mappings().all() if match_ids else []
    names = names_of(store, {o["player"] for o in others})
    by_match: dict[str, list[dict[str, Any]]] = {}
    for o in others:
        by_match.setdefault(o["match_id"], []).append({
            "name": names.get(o["player"], "?"), "bot": o["player"].startswith("b:"), "role": o["role"],
            "rank": o["rank"]})
    history = []
    for m in mine:
        before = display(m["mu_before"], m["sigma_before"])
        after = display(m["mu_after"], m["sigma_after"])
        history.append({
            "match": m["match_id"], "url": f"/m/{m['match_id']}", "game": m["game"], "title": m["title"],
            "role": m["role"], "rank": m["rank"], "won": m["rank"] == 1, "before": before, "after": after,
            "change": after - before, "when": m["created"], "opponents": by_match.get(m["match_id"], [])})
    return {"name": name, "bot": key.startswith("b:"),
            "games": [{"game": g["game"], **_rating_json(g)} for g in games], "history": history}
