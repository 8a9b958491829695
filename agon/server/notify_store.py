"""The notification tables (migration 0008) and their reads and writes: recipients' settings,
push subscriptions, the outbox and its atomic claim, and the server's kept secrets.

The claim is one statement, so that two sender loops (two server processes) never take the same
row: on PostgreSQL `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING`, on
SQLite the same UPDATE (SQLite runs one writing statement at a time, the whole of it). A claim takes
every pending row of each (recipient, channel) that has one row due: the events of a recipient
that came within the batching window go out as one message.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    delete,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError

from agon.server.store import Store, account_table, metadata, seat_table

setting_table = Table(
    "notify_setting",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("account.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), nullable=True),
    Column("role", String(64), nullable=True),
    Column("seat_token", String(100), nullable=True),  # a guest seat's own token, for the links it is sent
    Column("email", String(254), nullable=True),  # a guest seat's address (an account's is the account's)
    Column("language", String(8), nullable=False, server_default="en"),  # a guest seat's (an account's: its own)
    Column("by_email", Boolean, nullable=False, server_default="0"),
    Column("by_webhook", Boolean, nullable=False, server_default="0"),
    Column("by_push", Boolean, nullable=False, server_default="0"),
    Column("digest", Boolean, nullable=False, server_default="0"),
    Column("webhook_url", String(500), nullable=True),
    Column("last_digest", BigInteger, nullable=False, server_default="0"),
    UniqueConstraint("match_id", "role", name="notify_setting_seat"),
)

push_table = Table(
    "push_subscription",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("setting_id", Integer, ForeignKey("notify_setting.id", ondelete="CASCADE"), nullable=False),
    Column("endpoint", String(1000), nullable=False),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created", BigInteger, nullable=False),
    UniqueConstraint("setting_id", "endpoint", name="push_subscription_endpoint"),
)

outbox_table = Table(
    "notification",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("setting_id", Integer, ForeignKey("notify_setting.id", ondelete="CASCADE"), nullable=False),
    Column("channel", String(8), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("match_id", String(32), nullable=True),
    Column("role", String(64), nullable=True),
    Column("args", JSON, nullable=False),
    Column("status", String(8), nullable=False, server_default="pending"),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("due", BigInteger, nullable=False),  # milliseconds since the epoch
    Column("claimed_by", String(32), nullable=True),
    Column("claimed_at", BigInteger, nullable=True),
    Column("error", Text, nullable=True),
    Column("created", BigInteger, nullable=False),
    Column("sent", BigInteger, nullable=True),
)

secret_table = Table(
    "server_secret",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

CHANNELS = ("email", "webhook", "push")


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(frozen=True, slots=True)
class Recipient:
    """One recipient's notification settings: an account's (`account_id`) or a guest seat's."""

    id: int
    account_id: int | None
    match_id: str | None
    role: str | None
    seat_token: str | None
    email: str | None  # where mail goes (an account's own address, read with it)
    language: str
    by_email: bool
    by_webhook: bool
    by_push: bool
    digest: bool
    webhook_url: str | None
    last_digest: int = 0

    def channels(self) -> list[str]:
        wanted = {"email": self.by_email and bool(self.email), "webhook": self.by_webhook and bool(self.webhook_url),
                  "push": self.by_push}
        return [channel for channel in CHANNELS if wanted[channel]]

    def public(self) -> dict[str, Any]:
        """What the recipient is shown of its own settings (never the seat's token)."""
        out: dict[str, Any] = {"email": self.by_email, "webhook": self.by_webhook, "push": self.by_push,
                               "webhook_url": self.webhook_url}
        if self.account_id is not None:
            out["digest"] = self.digest
        else:
            out["address"] = self.email
            out["language"] = self.language
        return out


@dataclass(frozen=True, slots=True)
class Claimed:
    """An outbox row a sender took."""

    id: int
    setting_id: int
    channel: str
    kind: str
    match_id: str | None
    role: str | None
    args: dict[str, Any]
    attempts: int


_RECIPIENT = (select(setting_table, account_table.c.email.label("account_email"),
                     account_table.c.language.label("account_language"))
              .outerjoin(account_table, account_table.c.id == setting_table.c.account_id))


def _recipient(row: Any) -> Recipient:
    m = row._mapping
    account = m["account_id"] is not None
    return Recipient(
        id=m["id"], account_id=m["account_id"], match_id=m["match_id"], role=m["role"], seat_token=m["seat_token"],
        email=m["account_email"] if account else m["email"], language=m["account_language"] if account else m["language"],
        by_email=bool(m["by_email"]), by_webhook=bool(m["by_webhook"]), by_push=bool(m["by_push"]),
        digest=bool(m["digest"]), webhook_url=m["webhook_url"], last_digest=int(m["last_digest"]))


class NotifyStore:
    """The notification tables of one database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -- settings ---------------------------------------------------------------------------------

    def recipient(self, setting_id: int) -> Recipient | None:
        with self.engine.connect() as conn:
            row = conn.execute(_RECIPIENT.where(setting_table.c.id == setting_id)).first()
        return _recipient(row) if row else None

    def of_account(self, account_id: int) -> Recipient | None:
        with self.engine.connect() as conn:
            row = conn.execute(_RECIPIENT.where(setting_table.c.account_id == account_id)).first()
        return _recipient(row) if row else None

    def of_seat(self, match_id: str, role: str) -> Recipient | None:
        with self.engine.connect() as conn:
            row = conn.execute(_RECIPIENT.where(setting_table.c.match_id == match_id,
                                                setting_table.c.role == role)).first()
        return _recipient(row) if row else None

    def for_seat(self, conn: Connection, match_id: str, role: str) -> Recipient | None:
        """Who is told about a seat: the account that holds it, else the guest seat's own settings."""
        held = conn.execute(select(seat_table.c.account_id).where(
            seat_table.c.match_id == match_id, seat_table.c.role == role)).scalar()
        where = (setting_table.c.account_id == held if held is not None
                 else (setting_table.c.match_id == match_id) & (setting_table.c.role == role))
        row = conn.execute(_RECIPIENT.where(where)).first()
        return _recipient(row) if row else None

    def save(self, key: dict[str, Any], values: dict[str, Any]) -> Recipient:
        """Create or change the settings of the recipient `key` ({account_id} or {match_id, role})."""
        where = [setting_table.c[name] == value for name, value in key.items()]
        with self.store._writing, self.engine.begin() as conn:
            found = conn.execute(select(setting_table.c.id).where(*where)).scalar()
            if found is not None and values:
                conn.execute(update(setting_table).where(*where).values(**values))
            elif found is None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(setting_table).values(**key, **values))
                except IntegrityError:  # made meanwhile by another request
                    if values:
                        conn.execute(update(setting_table).where(*where).values(**values))
            row = conn.execute(_RECIPIENT.where(*where)).first()
        assert row is not None
        return _recipient(row)

    def wanted(self) -> tuple[set[int], set[tuple[str, str]]]:
        """The accounts and guest seats with some channel on (what the action path looks up)."""
        query = select(*setting_table.c["account_id", "match_id", "role"]).where(
            setting_table.c.by_email | setting_table.c.by_webhook | setting_table.c.by_push)
        accounts: set[int] = set()
        seats: set[tuple[str, str]] = set()
        with self.engine.connect() as conn:
            for account_id, match_id, role in conn.execute(query).all():
                if account_id is not None:
                    accounts.add(account_id)
                elif match_id is not None and role is not None:
                    seats.add((match_id, role))
        return accounts, seats

    def digest_due(self, before: int) -> list[Recipient]:
        with self.engine.connect() as conn:
            rows = conn.execute(_RECIPIENT.where(setting_table.c.digest.is_(True),
                                                 setting_table.c.account_id.is_not(None),
                                                 setting_table.c.last_digest < before)).all()
        return [_recipient(r) for r in rows]

    def digest_done(self, setting_id: int, before: int, at: int) -> bool:
        """Mark a digest made; False if another process made it first."""
        with self.store._writing, self.engine.begin() as conn:
            done = conn.execute(update(setting_table).where(
                setting_table.c.id == setting_id, setting_table.c.last_digest < before).values(last_digest=at))
            return done.rowcount == 1

    # -- push subscriptions -------------------------------------------------------------------------

    def subscribe(self, setting_id: int, endpoint: str, p256dh: str, auth: str) -> None:
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(delete(push_table).where(push_table.c.setting_id == setting_id,
                                                  push_table.c.endpoint == endpoint))
            conn.execute(insert(push_table).values(setting_id=setting_id, endpoint=endpoint, p256dh=p256dh,
                                                   auth=auth, created=int(time.time())))

    def unsubscribe(self, setting_id: int, endpoint: str) -> int:
        with self.store._writing, self.engine.begin() as conn:
            return conn.execute(delete(push_table).where(push_table.c.setting_id == setting_id,
                                                         push_table.c.endpoint == endpoint)).rowcount

    def subscriptions(self, setting_id: int) -> list[tuple[str, str, str]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(*push_table.c["endpoint", "p256dh", "auth"])
                                .where(push_table.c.setting_id == setting_id)).all()
        return [(r[0], r[1], r[2]) for r in rows]

    def drop_endpoint(self, endpoint: str) -> None:
        """The push service says this subscription is gone (404/410)."""
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(delete(push_table).where(push_table.c.endpoint == endpoint))

    # -- the outbox -------------------------------------------------------------------------------

    def add(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        if rows:
            conn.execute(insert(outbox_table), rows)

    def add_one(self, setting_id: int, channel: str, kind: str, args: dict[str, Any], due: int) -> None:
        with self.store._writing, self.engine.begin() as conn:
            self.add(conn, [{"setting_id": setting_id, "channel": channel, "kind": kind, "match_id": None,
                             "role": None, "args": args, "status": "pending", "attempts": 0, "due": due,
                             "created": due}])

    def claim(self, sender: str, at: int, most: int = 50) -> list[Claimed]:
        """Take the due rows (and the pending rows of the same recipient and channel) for `sender`."""
        groups = (select(outbox_table.c.setting_id, outbox_table.c.channel)
                  .where(outbox_table.c.status == "pending", outbox_table.c.due <= at).limit(most))
        # with a due row, the others of its group that wait for the batching window (never tried
        # yet), not those waiting for their back-off
        pick = select(outbox_table.c.id).where(
            outbox_table.c.status == "pending", tuple_(outbox_table.c.setting_id, outbox_table.c.channel).in_(groups),
            (outbox_table.c.due <= at) | (outbox_table.c.attempts == 0))
        if self.store.is_postgres:
            pick = pick.with_for_update(skip_locked=True)
        claim = (update(outbox_table).where(outbox_table.c.id.in_(pick), outbox_table.c.status == "pending")
                 .values(status="sending", claimed_by=sender, claimed_at=at, attempts=outbox_table.c.attempts + 1)
                 .returning(*outbox_table.c["id", "setting_id", "channel", "kind", "match_id", "role", "args",
                                            "attempts"]))
        with self.store._writing, self.engine.begin() as conn:
            rows = conn.execute(claim).all()
        return sorted((Claimed(r[0], r[1], r[2], r[3], r[4], r[5], dict(r[6] or {}), r[7]) for r in rows),
                      key=lambda c: c.id)

    def finish(self, ids: list[int], status: str, at: int, error: str | None = None) -> None:
        if ids:
            with self.store._writing, self.engine.begin() as conn:
                conn.execute(update(outbox_table).where(outbox_table.c.id.in_(ids)).values(
                    status=status, sent=at, error=error))

    def retry(self, ids: list[int], due: int, error: str) -> None:
        if ids:
            with self.store._writing, self.engine.begin() as conn:
                conn.execute(update(outbox_table).where(outbox_table.c.id.in_(ids)).values(
                    status="pending", due=due, error=error, claimed_by=None, claimed_at=None))

    def release_stale(self, before: int) -> int:
        """Rows a sender claimed and never finished (its process died): pending again."""
        with self.store._writing, self.engine.begin() as conn:
            return conn.execute(update(outbox_table).where(
                outbox_table.c.status == "sending", outbox_table.c.claimed_at < before).values(
                status="pending", claimed_by=None, claimed_at=None)).rowcount

    # -- kept secrets -----------------------------------------------------------------------------

    def secret(self, name: str, make: Any) -> str:
        """The value kept under `name`, made by `make()` the first time (the first process to store
        it wins: every process then reads the same one)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(secret_table.c.value).where(secret_table.c.name == name)).scalar()
        if found is not None:
            return str(found)
        value = make()
        try:
            with self.store._writing, self.engine.begin() as conn:
                conn.execute(insert(secret_table).values(name=name, value=value))
        except IntegrityError:
            pass
        with self.engine.connect() as conn:
            return str(conn.execute(select(secret_table.c.value).where(secret_table.c.name == name)).scalar_one())
