"""Chat per match (issue 30): two channels, limits, mutes, live delivery, a hook for notifications.

Who reads and writes what (as Lichess does; docs/server.md, "Chat"):

- `players`: the seated players talk here (a guest seat by its token, a seat held by an account
  by its session). Spectators do not read it while the game goes on; once it is over, everyone
  does (as a finished game's record is published then).
- `spectators`: people watching talk here, each logged in (an account that holds no seat in the
  match: a name to answer for, and a limit per account); a guest spectator reads it only. The
  seats do not read it while the game goes on (no advice from the audience); once it is over,
  everyone does.

The server never writes into a chat: nothing of any view travels through it, only what people
typed. A message is at most `MAX_LENGTH` characters, holds no control character, and the match
holds at most `MAX_PER_CHANNEL` messages per channel; each seat (and each spectator's account)
posts at most `Settings.chat_rate` messages a second (bursts of `chat_burst`: `TokenBuckets`).

A seat may mute another seat of its match: the muted seat's messages are left out of what the
muter reads and is pushed, on every device (mutes are stored per match and seat, not per account:
a guest seat has no account, and a person muted in one game may be a fine opponent in the next).

Nothing here takes a match's lock or reads its state: the seats, and whether the game is over,
come from the database (`match.is_over` is stored with each action). New
messages go to the match's websockets as light pushes (`Hub.tell`: `{"chat": [message]}`), and
through PostgreSQL's NOTIFY (`MATCH:chat:ID`) to the sockets held by other processes.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

from agon.engine import load
from agon.server.encode import dumps
from agon.server.limits import TokenBuckets
from agon.server.live import Hub, Subscriber
from agon.server.matches import ApiError, token_hash, unknown_match
from agon.server.store import MatchRow, SeatRow, Store, account_table, metadata

log = logging.getLogger("agon.server")

Channel = Literal["players", "spectators"]
CHANNELS: tuple[Channel, ...] = ("players", "spectators")
MAX_LENGTH = 500  # characters of a message
MAX_PER_CHANNEL = 1000  # messages a match's channel holds (spectators cannot use up the players')
PAGE = 200  # messages per read; the page asks again from the last id while `more`
# characters that reorder the text around them (a message could show other words than it holds)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

chat_message_table = Table(
    "chat_message",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
    Column("channel", String(16), nullable=False),
    Column("role", String(64), nullable=True),  # the author's seat; null: a spectator
    Column("account_id", Integer, ForeignKey("account.id", ondelete="SET NULL"), nullable=True),
    Column("author", String(64), nullable=False),  # the account's name, or the role's name for a guest seat
    Column("text", Text, nullable=False),
    Column("created", BigInteger, nullable=False),
)

chat_mute_table = Table(
    "chat_mute",
    metadata,
    Column("match_id", String(32), ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
    Column("muter", String(64), primary_key=True),
    Column("muted", String(64), primary_key=True),
)


@dataclass(frozen=True, slots=True)
class ChatEvent:
    """What a listener of `on_message` is told of a new message (not its words: a notification
    says that someone wrote, and the page shows what)."""

    match_id: str
    message_id: int
    channel: Channel
    role: str | None  # the author's seat; None: a spectator
    length: int  # characters


# Called after a message is stored, on the event loop, in order; a listener that raises is logged
# and the others still run. Notifications (another module) append to it.
on_message: list[Callable[[ChatEvent], None]] = []


@dataclass(frozen=True, slots=True)
class Message:
    id: int
    match_id: str
    channel: Channel
    role: str | None
    name: str | None  # the author's account name; None for a guest seat (the page shows its role's name)
    text: str
    at: int  # Unix seconds

    def public(self) -> dict[str, Any]:
        """The message as every reader gets it (never the account's id, never a token)."""
        return {"id": self.id, "channel": self.channel, "role": self.role, "name": self.name, "text": self.text,
                "at": self.at}


@dataclass(frozen=True, slots=True)
class Reader:
    """Who asks, in one match: a seat (`role`), or a spectator, logged in (`account`) or not."""

    match_id: str
    role: str | None
    account: int | None
    over: bool  # the game is over: both channels are open to all

    @property
    def reads(self) -> tuple[Channel, ...]:
        if self.over:
            return CHANNELS
        return ("players",) if self.role is not None else ("spectators",)

    @property
    def writes(self) -> Channel | None:
        if self.role is not None:
            return "players"
        return "spectators" if self.account is not None else None


def readable(channel: str, role: str | None, over: bool) -> bool:
    """Whether a seat (`role`) or a spectator (None) reads `channel`."""
    return over or (channel == "players") == (role is not None)


def check_text(text: str) -> str:
    """The message as stored (NFC, without surrounding spaces), or 400 with one line saying why not."""
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ApiError(400, "text: the message is empty")
    if len(text) > MAX_LENGTH:
        raise ApiError(400, f"text: at most {MAX_LENGTH} characters (this one has {len(text)})")
    for index, char in enumerate(text):
        if unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_CONTROLS:
            raise ApiError(400, f"text: no control characters (U+{ord(char):04X} at {index}); one line of text")
    return text


def _role_of_token(seats: dict[str, SeatRow], token: str) -> str | None:
    wanted = token_hash(token)
    found = None
    for seat in seats.values():  # every seat compared, in constant time each
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
            found = seat.role
    return found


class Chat:
    """The chat of one database's matches: checks, storage, mutes, and delivery to the sockets."""

    def __init__(self, store: Store, rate: float = 0.5, burst: float = 5.0,
                 max_per_channel: int = MAX_PER_CHANNEL) -> None:
        self.store = store
        self.engine = store.engine
        self.posts = TokenBuckets(rate, burst)  # per seat (match:role) or spectator account (match:#id)
        self.max_per_channel = max_per_channel
        self.clock: Callable[[], float] = time.time
        self._mutes: OrderedDict[str, dict[str, frozenset[str]]] = OrderedDict()  # match -> muter -> muted
        self._names: dict[int, str] = {}  # account id -> name (names never change)
        self._guard = threading.Lock()

    # -- who asks ---------------------------------------------------------------------------------

    def _match(self, match_id: str) -> tuple[MatchRow, bool]:
        """The match's row (its seats) and whether its game is over, from the database: never the
        cached match, whose state only its lock may read (`match.is_over` is stored with each action)."""
        row = self.store.get_match(match_id)
        if row is None:
            raise unknown_match(match_id)
        return row, row.is_over

    def reader(self, match_id: str, token: str | None, account: int | None) -> tuple[Reader, MatchRow]:
        """Who asks: the seat of this token (401 unknown, 403 another match's), else the seat this
        account holds here, else a spectator."""
        row, over = self._match(match_id)
        role = None
        if token is not None:
            role = _role_of_token(row.seats, token)
            if role is None:
                if self.store.seat_by_token_hash(token_hash(token)) is not None:
                    raise ApiError(403, "this token is a seat of another match")
                raise ApiError(401, "unknown token")
            account = None  # the token speaks for the seat, whoever is logged in
        elif account is not None:
            role = next((s.role for s in row.seats.values() if s.account_id == account), None)
        return Reader(match_id, role, account, over), row

    # -- writing ----------------------------------------------------------------------------------

    def post(self, match_id: str, token: str | None, account: int | None, text: str,
             channel: str | None) -> tuple[Message, bool]:
        """Store one message of this seat or spectator; the message, and whether the game is over
        (who reads it). Every refusal is one line and stores nothing."""
        who, row = self.reader(match_id, token, account)
        if channel is not None and channel not in CHANNELS:
            raise ApiError(400, "channel: \"players\" or \"spectators\"")
        if who.writes is None:
            raise ApiError(401, "spectators talk logged in: log in to write in the spectators' channel")
        wanted = channel or who.writes
        if wanted != who.writes:
            raise ApiError(403, "the seated players write in the players' channel only" if who.role is not None
                           else "only the seated players write in the players' channel; yours is \"spectators\"")
        text = check_text(text)
        key = f"{match_id}:{who.role}" if who.role is not None else f"{match_id}:#{who.account}"
        if not self.posts.take(key):
            raise ApiError(429, "too many messages; wait a few seconds")
        author = self._author(row, who)
        now = int(self.clock())
        with self.store._writing, self.engine.begin() as conn:
            held = conn.execute(select(func.count()).select_from(chat_message_table).where(
                chat_message_table.c.match_id == match_id, chat_message_table.c.channel == wanted)).scalar_one()
            if held >= self.max_per_channel:
                raise ApiError(409, f"this match's {wanted} channel is full ({self.max_per_channel} messages)")
            message_id = conn.execute(insert(chat_message_table).values(
                match_id=match_id, channel=wanted, role=who.role, account_id=who.account, author=author,
                text=text, created=now).returning(chat_message_table.c.id)).scalar_one()
        self.mutes_of(match_id)  # at hand for the delivery, which runs on the event loop
        name = author if who.account is not None else None
        return Message(message_id, match_id, wanted, who.role, name, text, now), who.over

    def _author(self, row: MatchRow, who: Reader) -> str:
        """The name shown: the account's, or the role's name for a guest seat."""
        if who.account is None:  # a guest seat, by its token
            return load(row.game).role_name(who.role or "")[:64]
        return self._name(who.account)

    def _name(self, account: int) -> str:
        name = self._names.get(account)
        if name is None:
            with self.engine.connect() as conn:
                name = conn.execute(select(account_table.c.name).where(account_table.c.id == account)).scalar_one()
            self._names[account] = name
        return name

    # -- reading ----------------------------------------------------------------------------------

    def read(self, match_id: str, token: str | None, account: int | None, since: int) -> dict[str, Any]:
        """The messages after id `since` this reader may read (a seat's mutes left out), at most
        PAGE of them, with what it may do."""
        who, _ = self.reader(match_id, token, account)
        muted = self.mutes_of(match_id).get(who.role, frozenset()) if who.role is not None else frozenset()
        query = (select(*chat_message_table.c["id", "channel", "role", "account_id", "author", "text", "created"])
                 .where(chat_message_table.c.match_id == match_id, chat_message_table.c.id > since,
                        chat_message_table.c.channel.in_(who.reads))
                 .order_by(chat_message_table.c.id).limit(PAGE + 1))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        messages = [Message(i, match_id, channel, role, author if account_id is not None else None, text, at)
                    for i, channel, role, account_id, author, text, at in rows[:PAGE]]
        last = messages[-1].id if messages else since
        return {
            "messages": [m.public() for m in messages if m.role is None or m.role not in muted],
            "last": last, "more": len(rows) > PAGE,
            "role": who.role, "reads": list(who.reads), "writes": who.writes, "muted": sorted(muted),
            "max_length": MAX_LENGTH,
        }

    # -- mutes ------------------------------------------------------------------------------------

    def mutes_of(self, match_id: str) -> dict[str, frozenset[str]]:
        """muter -> the seats it muted, for one match (from memory, else the database)."""
        with self._guard:
            found = self._mutes.get(match_id)
            if found is not None:
                self._mutes.move_to_end(match_id)
                return found
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_mute_table.c.muter, chat_mute_table.c.muted)
                                .where(chat_mute_table.c.match_id == match_id)).all()
        mutes: dict[str, set[str]] = {}
        for muter, muted in rows:
            mutes.setdefault(muter, set()).add(muted)
        frozen = {muter: frozenset(roles) for muter, roles in mutes.items()}
        with self._guard:
            self._mutes[match_id] = frozen
            while len(self._mutes) > 2000:
                self._mutes.popitem(last=False)
        return frozen

    def forget_mutes(self, match_id: str) -> None:
        """Another process changed a mute of this match: read them again when next needed."""
        with self._guard:
            self._mutes.pop(match_id, None)

    def mute(self, match_id: str, token: str | None, account: int | None, target: str, muted: bool) -> list[str]:
        """This seat mutes (or unmutes) the seat `target` of the match; the seats it mutes now."""
        who, row = self.reader(match_id, token, account)
        if who.role is None:
            raise ApiError(403, "only a seat of this match mutes another (spectators' messages are not muted)")
        seat = row.seats.get(target)
        if seat is None:
            raise ApiError(400, f"role: {target[:64]!r} is not a seat of this match")
        if target == who.role:
            raise ApiError(400, "role: that is your own seat")
        if seat.kind != "human":
            raise ApiError(400, f"role: {target[:64]} is a bot, which does not chat")
        pair = (chat_mute_table.c.match_id == match_id, chat_mute_table.c.muter == who.role,
                chat_mute_table.c.muted == target)
        try:
            with self.store._writing, self.engine.begin() as conn:
                conn.execute(delete(chat_mute_table).where(*pair))
                if muted:
                    conn.execute(insert(chat_mute_table).values(match_id=match_id, muter=who.role, muted=target))
        except IntegrityError:
            pass  # another request muted it at the same moment: muted it is
        self.forget_mutes(match_id)
        return sorted(self.mutes_of(match_id).get(who.role, frozenset()))

    def message(self, message_id: int) -> tuple[Message, bool] | None:
        """A stored message and whether its match's game is over (a NOTIFY from another process)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(chat_message_table).where(chat_message_table.c.id == message_id)).first()
        if row is None:
            return None
        m = row._mapping
        _, over = self._match(m["match_id"])
        self.mutes_of(m["match_id"])
        return Message(m["id"], m["match_id"], m["channel"], m["role"],
                       m["author"] if m["account_id"] is not None else None, m["text"], m["created"]), over

    # -- delivery ---------------------------------------------------------------------------------

    def deliver(self, hub: Hub, message: Message, over: bool) -> None:
        """Push the message to the sockets of its match that read its channel (not to a seat that
        muted its author). On the event loop; the mutes were read by `post` or `message`."""
        with self._guard:
            mutes = self._mutes.get(message.match_id, {})
        data = dumps({"chat": [message.public()]})

        def pick(sub: Subscriber) -> bytes | None:
            if not readable(message.channel, sub.role, over):
                return None
            if message.role is not None and sub.role is not None and message.role in mutes.get(sub.role, ()):
                return None
            return data

        hub.tell(message.match_id, pick)


def announce(message: Message) -> None:
    """Tell the listeners of `on_message` (notifications) that a message was stored."""
    event = ChatEvent(message.match_id, message.id, message.channel, message.role, len(message.text))
    for listener in list(on_message):
        try:
            listener(event)
        except Exception:
            log.exception("agon: a chat listener failed")
