"""Accounts and their sessions (issue 30): sign up, log in and out, passwords, preferences.

- Passwords are hashed with argon2id (`argon2-cffi`'s `PasswordHasher`, its defaults: the RFC 9106
  low-memory parameters) and only the hash is stored; a hash made with older parameters is
  renewed at the next log-in. Hashing takes tens of milliseconds and 64 MiB, so at most
  `HASHING_AT_ONCE` run at a time (in the server's threads, never on the event loop).
- A failed log-in is the same answer, in about the same time, whether the name is unknown or the
  password wrong: an unknown name is checked against a dummy hash.
- A session is a random secret of 256 bits in an HttpOnly cookie; only its SHA-256 is stored,
  with its expiry. The CSRF token a page sends with each write (header `X-CSRF-Token`) is signed
  with the session's secret by `itsdangerous` (a maintained signing library; never a hand-made
  scheme): a page of this origin gets it from `GET /api/me` or the log-in's answer; another origin
  can neither read it nor the cookie, nor make one without the secret.
- Sessions found in the database are kept in memory `SESSION_CACHE_SECONDS` (a match route of a
  logged-in player reads none on most requests); logging out here forgets it at once, another
  process of the same database within that bound.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from agon.server.matches import ApiError
from agon.server.store import Store, account_table, session_table

if TYPE_CHECKING:
    from agon.server.app import Context

NAME = re.compile(r"[A-Za-z0-9_-]{3,32}")  # letters of the Latin alphabet, digits, _ and -: no look-alikes
PASSWORD_MIN, PASSWORD_MAX = 10, 256
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]+\.[^@\s]+")
EMAIL_MAX = 254
LANGUAGES = ("en", "el", "hu")
THEMES = ("auto", "light", "dark")
COOKIE = "agon_session"
CSRF_HEADER = "x-csrf-token"
CSRF_SALT = "agon-csrf"  # the signatures of CSRF tokens serve no other purpose
CSRF_PURPOSE = "csrf"
CSRF_MAX = 200  # a longer header is no token of ours
HASHING_AT_ONCE = 2
SESSION_CACHE_SECONDS = 5.0
WRONG = "wrong name or password"
DISABLED = "this account is disabled; ask the server's operator"


@dataclass(frozen=True, slots=True)
class Account:
    """An account as its owner sees it (never its hash)."""

    id: int
    name: str
    email: str | None
    language: str
    theme: str

    def public(self) -> dict[str, str | None]:
        """What `GET /api/me` answers its owner (the id stays inside the server)."""
        return {"name": self.name, "email": self.email, "language": self.language, "theme": self.theme}


@dataclass(frozen=True, slots=True)
class Session:
    """A logged-in browser: its account, and the secret of its cookie (to derive its CSRF token)."""

    account_id: int
    secret: str
    expires: float

    @property
    def csrf(self) -> str:
        return csrf_of(self.secret)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _csrf_signer(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt=CSRF_SALT)


def csrf_of(secret: str) -> str:
    """The CSRF token of a session: signed with its secret (which it gives away to no one)."""
    return str(_csrf_signer(secret).dumps(CSRF_PURPOSE))


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise ApiError(400, "name: 3 to 32 characters, each a letter (a-z, A-Z), a digit, _ or -")
    return name


def check_password(password: str, field: str = "password") -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ApiError(400, f"{field}: {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    return password


def check_email(email: str | None) -> str | None:
    if email is None or email == "":
        return None
    if len(email) > EMAIL_MAX or not EMAIL.fullmatch(email):
        raise ApiError(400, f"email: an address like name@example.org, at most {EMAIL_MAX} characters")
    return email


def new_hasher() -> PasswordHasher:
    """The password hasher: argon2-cffi's defaults (RFC 9106's low-memory profile). The test suite
    swaps this function for one with tiny parameters (tests/conftest.py); servers never do."""
    return PasswordHasher()


class Accounts:
    """The accounts and sessions of one database."""

    def __init__(self, store: Store, session_seconds: float) -> None:
        self.store = store
        self.engine = store.engine
        self.session_seconds = session_seconds
        self.hasher = new_hasher()
        self.hashing = threading.BoundedSemaphore(HASHING_AT_ONCE)
        self._dummy: str | None = None  # what an unknown name is checked against: made at the first need
        self.clock: Callable[[], float] = time.time  # tests move it to expire sessions
        self._cache: OrderedDict[str, tuple[Session, float]] = OrderedDict()  # secret hash -> (session, read at)
        self._guard = threading.Lock()

    # -- passwords --------------------------------------------------------------------------------

    def _hash(self, password: str) -> str:
        with self.hashing:
            return self.hasher.hash(password)

    def _dummy_hash(self) -> str:
        """The hash an unknown name's password is checked against, so that a wrong name costs what a
        wrong password does. Made at the first failed name rather than at start: a hash is 64 MiB and
        tens of milliseconds that a server start (and every test's app) need not pay."""
        if self._dummy is None:
            self._dummy = self._hash(secrets.token_urlsafe(16))
        return self._dummy

    def _verify(self, hashed: str, password: str) -> bool:
        with self.hashing:
            try:
                return self.hasher.verify(hashed, password)
            except (VerificationError, InvalidHashError):
                return False

    # -- accounts ---------------------------------------------------------------------------------

    def sign_up(self, name: str, password: str, email: str | None) -> Account:
        check_name(name)
        check_password(password)
        email = check_email(email)
        hashed = self._hash(password)
        try:
            with self.store._writing, self.engine.begin() as conn:
                account_id = conn.execute(insert(account_table).values(
                    name=name, name_key=name.casefold(), password_hash=hashed, email=email, language="en",
                    theme="auto", created=int(self.clock())).returning(account_table.c.id)).scalar_one()
        except IntegrityError:
            raise ApiError(409, "that name is taken") from None
        return Account(account_id, name, email, "en", "auto")

    def get(self, account_id: int) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(*account_table.c["id", "name", "email", "language", "theme"])
                               .where(account_table.c.id == account_id)).first()
        return Account(*row) if row else None

    def id_of_name(self, name: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(select(account_table.c.id)
                                .where(account_table.c.name_key == name.casefold())).scalar()

    def check_login(self, name: str, password: str) -> Account:
        """The account of this name and password; 401 WRONG (the same words and work) otherwise."""
        row = None
        if NAME.fullmatch(name) and len(password) <= PASSWORD_MAX:
            with self.engine.connect() as conn:
                row = conn.execute(select(*account_table.c["id", "password_hash", "disabled"])
                                   .where(account_table.c.name_key == name.casefold())).first()
        hashed = row[1] if row else self._dummy_hash()
        if not self._verify(hashed, password[:PASSWORD_MAX]) or row is None:
            raise ApiError(401, WRONG)
        if row[2]:  # `agon admin disable` (issue 37): said only to whoever knows the password
            raise ApiError(403, DISABLED)
        if self.hasher.check_needs_rehash(hashed):
            self._set_password(row[0], password)
        account = self.get(row[0])
        assert account is not None
        return account

    def change_password(self, account_id: int, old: str, new: str, keep: Session) -> None:
        """A new password (the old one checked); every other session of the account ends."""
        check_password(new, "new")
        with self.engine.connect() as conn:
            hashed = conn.execute(select(account_table.c.password_hash)
                                  .where(account_table.c.id == account_id)).scalar_one()
        if not self._verify(hashed, old[:PASSWORD_MAX]):
            raise ApiError(403, "the current password is wrong")
        self._set_password(account_id, new)
        self.end_sessions(account_id, keep=secret_hash(keep.secret))

    def _set_password(self, account_id: int, password: str) -> None:
        hashed = self._hash(password)
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(update(account_table).where(account_table.c.id == account_id).values(password_hash=hashed))

    def set_preferences(self, account_id: int, language: str | None, theme: str | None,
                        email: str | None, email_given: bool) -> Account:
        values: dict[str, str | None] = {}
        if language is not None:
            if language not in LANGUAGES:
                raise ApiError(400, f"language: one of {', '.join(LANGUAGES)}")
            values["language"] = language
        if theme is not None:
            if theme not in THEMES:
                raise ApiError(400, f"theme: one of {', '.join(THEMES)}")
            values["theme"] = theme
        if email_given:
            values["email"] = check_email(email)
        if values:
            with self.store._writing, self.engine.begin() as conn:
                conn.execute(update(account_table).where(account_table.c.id == account_id).values(**values))
        account = self.get(account_id)
        assert account is not None
        return account

    # -- sessions ---------------------------------------------------------------------------------

    def open_session(self, account_id: int) -> Session:
        secret = secrets.token_urlsafe(32)
        now = self.clock()
        session = Session(account_id, secret, now + self.session_seconds)
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(delete(session_table).where(session_table.c.expires < int(now)))  # the expired ones go
            conn.execute(insert(session_table).values(token_hash=secret_hash(secret), account_id=account_id,
                                                      created=int(now), expires=int(session.expires)))
        return session

    def cached(self, secret: str) -> Session | Literal[False] | None:
        """The session of this cookie if it was read lately (None: it was not found then); False:
        not known here, ask `find`."""
        hashed = secret_hash(secret)
        with self._guard:
            entry = self._cache.get(hashed)
        if entry is None or time.monotonic() - entry[1] > SESSION_CACHE_SECONDS:
            return False
        return entry[0] if entry[0].expires > self.clock() else None

    def find(self, secret: str) -> Session | None:
        """The live session of this cookie's secret, if any (from the database)."""
        if not secret or len(secret) > 100:
            return None
        hashed = secret_hash(secret)
        with self.engine.connect() as conn:
            row = conn.execute(select(*session_table.c["account_id", "expires"]).where(
                session_table.c.token_hash == hashed, session_table.c.kind == "session")).first()
        if row is None or row[1] <= self.clock():
            return None
        session = Session(row[0], secret, float(row[1]))
        with self._guard:
            self._cache[hashed] = (session, time.monotonic())
            while len(self._cache) > 10_000:
                self._cache.popitem(last=False)
        return session

    def close_session(self, session: Session) -> None:
        hashed = secret_hash(session.secret)
        with self._guard:
            self._cache.pop(hashed, None)
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(delete(session_table).where(session_table.c.token_hash == hashed))

    def end_sessions(self, account_id: int, keep: str | None = None) -> None:
        """End every session of this account but `keep` (a secret's hash)."""
        with self._guard:
            for hashed in [h for h, (s, _) in self._cache.items() if s.account_id == account_id and h != keep]:
                del self._cache[hashed]
        query = delete(session_table).where(session_table.c.account_id == account_id)
        if keep is not None:
            query = query.where(session_table.c.token_hash != keep)
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(query)

    # -- password reset by e-mail -------------------------------------------------------------

    def start_reset(self, name: str, seconds: float) -> tuple[str, str, str] | None:
        """A single-use reset token for the account of this name, if it has an e-mail address:
        (its name, its address, the token); None otherwise (the caller answers the same)."""
        if not NAME.fullmatch(name):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(*account_table.c["id", "name", "email"])
                               .where(account_table.c.name_key == name.casefold())).first()
        if row is None or not row[2]:
            return None
        secret = secrets.token_urlsafe(32)
        now = self.clock()
        with self.store._writing, self.engine.begin() as conn:
            conn.execute(insert(session_table).values(token_hash=secret_hash(secret), account_id=row[0], kind="reset",
                                                      created=int(now), expires=int(now + seconds)))
        return row[1], row[2], secret

    def finish_reset(self, secret: str, password: str) -> None:
        """A new password by a reset token: the token is spent, and every session of the account ends."""
        check_password(password)
        hashed = secret_hash(secret[:100])
        with self.store._writing, self.engine.begin() as conn:
            row = conn.execute(select(*session_table.c["account_id", "expires"]).where(
                session_table.c.token_hash == hashed, session_table.c.kind == "reset")).first()
            if row is None or row[1] <= self.clock():
                raise ApiError(400, "this reset link is unknown, used or expired; ask for another")
            conn.execute(delete(session_table).where(session_table.c.token_hash == hashed))  # single use
        self._set_password(row[0], password)
        self.end_sessions(row[0])

    def count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(account_table)).scalar_one())


def csrf_ok(session: Session, header: str | None) -> bool:
    """Whether `header` is this session's CSRF token (the signature checked by `itsdangerous`)."""
    if header is None or len(header) > CSRF_MAX:
        return False
    try:
        return bool(_csrf_signer(session.secret).loads(header) == CSRF_PURPOSE)
    except BadSignature:
        return False


async def session_of(ctx: Context, cookies: Mapping[str, str]) -> Session | None:
    """The live session of a request's cookie, if any (from memory when read lately)."""
    secret = cookies.get(COOKIE)
    if not secret:
        return None
    known = ctx.accounts.cached(secret)
    if known is not False:
        return known or None
    return await ctx.run(ctx.accounts.find, secret)
