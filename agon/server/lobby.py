"""The lobby and rematches (issue 30): open seats, public and private matches, the list of matches
to join or watch, and a rematch offered at game over.

- **Open seats.** A human seat that no token and no account holds is open: anyone logged in takes
  it with one click (`take`), and from then on the seat is held by that account. An account holds
  one seat of a match at most. A public match is listed in the lobby; a private one (the default)
  is reachable by its link only, where its open seats can be taken all the same.
- **The lobby** (`listing`): public matches not over, newest first: those with open seats (to
  join), and those without (to watch), with who holds each seat (an account's name, "guest", or
  the bot). It reads the database only (no match is loaded or replayed to list it).
- **Rematch** (`answer`, `rematch_status`): at game over any seated player offers one; every other
  seat held by a person accepts or declines; bots accept by themselves. When all have accepted the
  new match starts: the same game and options, sides swapped when the game has exactly two roles
  and both are people, every other seat kept (a bot keeps its role). An account's seat in it is
  held by the account. A guest's seat gets a token derived from the guest's own seat token
  (HMAC-SHA256 keyed by it), so only the page that holds that token can be given it; the server
  stores its hash only, as for every token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, and_, exists, func, insert, not_, select, update
from sqlalchemy.exc import IntegrityError

from agon.engine import UnknownGame, load
from agon.server.accounts import LANGUAGES
from agon.server.matches import ApiError, Live, Matches, token_hash, unknown_match
from agon.server.ratings import bot_key, ratings_of
from agon.server.results import is_over
from agon.server.store import (
    Store,
    account_table,
    match_listing_table,
    match_table,
    rematch_answer_table,
    seat_table,
)

if TYPE_CHECKING:
    from agon.server.app import Context
    from agon.server.store import SeatRow

PER_PAGE = 20  # matches in each of the lobby's two lists per page
MOST_PAGES = 50  # pages of the lobby one may ask for (deeper lists are for search, which there is none of)
REMATCH_SALT = b"agon-rematch:"  # what a guest's rematch token is derived for (no other purpose)

_FREE = and_(seat_table.c.kind == "human", seat_table.c.token_hash.is_(None), seat_table.c.account_id.is_(None))


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ApiError(400, f"language: one of {', '.join(LANGUAGES)}")
    return language


def rematch_token(old_token: str, old_match: str) -> str:
    """A guest's seat token in the rematch of `old_match`: derived from the guest's seat token in
    it (only that seat's page has it), never stored."""
    digest = hmac.new(old_token.encode("utf-8", "surrogatepass"), REMATCH_SALT + old_match.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode()


@dataclass(frozen=True, slots=True)
class Listing:
    """The lobby's facts of a new match (stored with it: `writer`)."""

    public: bool
    language: str
    rematch_of: str | None = None

    def writer(self) -> Callable[[Connection, str], None]:
        def write(conn: Connection, match_id: str) -> None:
            conn.execute(insert(match_listing_table).values(
                match_id=match_id, public=self.public, language=self.language, rematch_of=self.rematch_of))
        return write


class Lobby:
    """Open seats, the lobby's lists and rematches, over the matches of one database."""

    def __init__(self, store: Store, matches: Matches) -> None:
        self.store = store
        self.matches = matches
        self.engine = store.engine

    # -- open seats -------------------------------------------------------------------------------

    def take(self, match_id: str, role: str, account: int) -> None:
        """The account takes the open seat `role` of this match."""
        with self.matches.locked(match_id) as live:
            seat = live.row.seats.get(role)
            if seat is None:
                raise ApiError(404, f"no seat {role[:64]!r} in this match; seats: {', '.join(live.row.seats)}")
            if is_over(live) or live.row.imported:
                raise ApiError(409, "this match is over; its seats cannot be taken")
            if live.frozen is not None:
                raise ApiError(423, live.frozen)
            if self.matches.role_of_account(live, account) is not None:
                raise ApiError(409, "you already hold a seat in this match")
            if not _is_free(seat):
                raise ApiError(409, f"seat {role[:64]} is taken")
            with self.store._writing, self.engine.begin() as conn:
                done = conn.execute(update(seat_table).where(
                    seat_table.c.match_id == match_id, seat_table.c.role == role, _FREE).values(account_id=account))
            if done.rowcount != 1:
                raise ApiError(409, f"seat {role[:64]} was taken meanwhile")
            self.matches.set_seat(live, role, None, account)

    # -- the lobby's lists ------------------------------------------------------------------------

    def listing(self, game: str | None, language: str | None, page: int) -> dict[str, Any]:
        """Public matches not over, newest first: `open` (with open seats) and `playing` (to watch),
        PER_PAGE of each from page `page` on; `more`: a later page has some."""
        if game is not None:
            try:
                load(game)
            except UnknownGame as err:
                raise ApiError(400, str(err)) from None
        if language is not None:
            check_language(language)
        if not 0 <= page < MOST_PAGES:
            raise ApiError(400, f"page: 0 to {MOST_PAGES - 1}")
        free = exists().where(seat_table.c.match_id == match_table.c.id, _FREE)
        query = (select(*match_table.c["id", "game", "title", "options", "created"], match_listing_table.c.language)
                 .join(match_listing_table, match_listing_table.c.match_id == match_table.c.id)
                 .where(match_listing_table.c.public.is_(True), match_table.c.is_over.is_(False)))
        if game is not None:
            query = query.where(match_table.c.game == game)
        if language is not None:
            query = query.where(match_listing_table.c.language == language)
        order = (match_table.c.created.desc(), match_table.c.id)
        with self.engine.connect() as conn:
            lists = {name: conn.execute(query.where(where).order_by(*order)
                                        .offset(page * PER_PAGE).limit(PER_PAGE + 1)).mappings().all()
                     for name, where in (("open", free), ("playing", not_(free)))}
            ids = [row["id"] for rows in lists.values() for row in rows[:PER_PAGE]]
            seats = conn.execute(
                select(*seat_table.c["match_id", "role", "kind", "bot", "token_hash", "account_id"], account_table.c.name)
                .outerjoin(account_table, account_table.c.id == seat_table.c.account_id)
                .where(seat_table.c.match_id.in_(ids))).mappings().all() if ids else []
        by_match: dict[str, list[Any]] = {}
        for seat in seats:
            by_match.setdefault(seat["match_id"], []).append(seat)
        out: dict[str, Any] = {name: [_entry(row, by_match.get(row["id"], []), self.matches.link) for row in rows[:PER_PAGE]]
                               for name, rows in lists.items()}
        self._rate([entry for entries in out.values() for entry in entries])
        out["page"] = page
        out["more"] = any(len(rows) > PER_PAGE for rows in lists.values())
        return out

    def entry(self, match_id: str) -> dict[str, Any]:
        """One match as the lobby shows it (its open seats, who holds the others), by its id: the
        match page of a private match asks (its link is the way to it)."""
        live = self.matches.get(match_id)
        with self.engine.connect() as conn:
            row = conn.execute(select(*match_table.c["id", "game", "title", "options", "created"],
                                      func.coalesce(match_listing_table.c.language, "en").label("language"))
                               .outerjoin(match_listing_table, match_listing_table.c.match_id == match_table.c.id)
                               .where(match_table.c.id == match_id)).mappings().first()
            seats = conn.execute(
                select(*seat_table.c["match_id", "role", "kind", "bot", "token_hash", "account_id"], account_table.c.name)
                .outerjoin(account_table, account_table.c.id == seat_table.c.account_id)
                .where(seat_table.c.match_id == match_id)).mappings().all()
        if row is None:
            raise unknown_match(match_id)
        found = _entry(row, seats, self.matches.link)
        self._rate([found])
        if is_over(live) or live.row.imported:
            found["free"] = []
            for seat in found["seats"]:
                seat["open"] = False
        found["is_over"] = is_over(live)
        return found

    def _rate(self, entries: list[dict[str, Any]]) -> None:
        """Each seated account's and bot's rating in the entry's game (`agon.server.ratings`; null:
        not rated yet, a guest, an open seat): one query per game listed."""
        by_game: dict[str, list[dict[str, Any]]] = {}
        for entry in entries:
            by_game.setdefault(entry["game"], []).append(entry)
        for game, listed in by_game.items():
            seats = [seat for entry in listed for seat in entry["seats"]]
            keys = {seat["rating_key"] for seat in seats if seat["rating_key"] is not None}
            found = ratings_of(self.store, game, sorted(keys))
            for seat in seats:
                rated = found.get(seat.pop("rating_key") or "")
                seat["rating"] = rated["rating"] if rated is not None else None

    # -- rematch ----------------------------------------------------------------------------------

    def who(self, live: Live, token: str | None, account: int | None) -> str | None:
        """The seat of this token, else of this account, in this match (None: not seated). A player
        who resigned a two-player game still holds their seat here: the loser may ask for a rematch."""
        if token is not None:
            role = self.matches.role_of_token(live, token)
            if role is None:
                return self.matches.seat_role(live, token)  # (its refusals: unknown token, another match's)
        else:
            role = next((seat.role for seat in live.row.seats.values() if seat.account_id == account), None) \
                if account is not None else None
        return role if role is not None and live.row.seats[role].kind == "human" else None

    def rematch_status(self, match_id: str, token: str | None, account: int | None) -> dict[str, Any]:
        """The rematch of a finished match as this seat (or a spectator) sees it."""
        with self.matches.locked(match_id) as live:
            role = self.who(live, token, account)
            return self._status(live, role, token)

    def answer(self, match_id: str, token: str | None, account: int | None, accept: bool) -> dict[str, Any]:
        """This seat offers or accepts (`accept`) a rematch, or declines it; the rematch starts
        when every seat held by a person has accepted."""
        with self.matches.locked(match_id) as live:
            if live.row.imported:
                raise ApiError(409, "an imported match has no players to play a rematch")
            role = self.who(live, token, account)
            if role is None:
                raise ApiError(403, "only the players of this match can answer a rematch")
            if not is_over(live):
                raise ApiError(409, "the game is not over yet: a rematch is offered at game over")
            answers = self._answers(match_id)
            if self._rematch_id(match_id) is not None:
                raise ApiError(409, "the rematch has started already")
            declined = next((r for r, (yes, _) in answers.items() if not yes), None)
            if declined is not None:
                raise ApiError(409, f"the rematch was declined by {live.state.game.role_name(declined)}")
            if role in answers:
                raise ApiError(409, "you have accepted the rematch already")
            if not accept and not answers:
                raise ApiError(409, "no rematch is offered to decline")
            guest = rematch_token(token, match_id) if token is not None else None
            try:
                with self.store._writing, self.engine.begin() as conn:
                    conn.execute(insert(rematch_answer_table).values(
                        match_id=match_id, role=role, accepted=accept, created=int(time.time()),
                        token_hash=token_hash(guest) if guest is not None else None))
            except IntegrityError:
                raise ApiError(409, "you have answered the rematch already") from None
            answers[role] = (accept, token_hash(guest) if guest is not None else None)
            if accept and not _waiting_for(live, answers):
                try:
                    self._start(live, answers)
                except IntegrityError:  # another process of this database started it meanwhile (rematch_of is unique)
                    pass
            return self._status(live, role, token)

    def _answers(self, match_id: str) -> dict[str, tuple[bool, str | None]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(*rematch_answer_table.c["role", "accepted", "token_hash"])
                                .where(rematch_answer_table.c.match_id == match_id)
                                .order_by(rematch_answer_table.c.created)).all()
        return {role: (bool(accepted), hashed) for role, accepted, hashed in rows}

    def _rematch_id(self, match_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(match_listing_table.c.match_id)
                                .where(match_listing_table.c.rematch_of == match_id)).scalar()

    def _listing_of(self, match_id: str) -> Listing:
        with self.engine.connect() as conn:
            row = conn.execute(select(*match_listing_table.c["public", "language"])
                               .where(match_listing_table.c.match_id == match_id)).first()
        return Listing(bool(row[0]), row[1]) if row else Listing(False, "en")

    def _start(self, live: Live, answers: dict[str, tuple[bool, str | None]]) -> str:
        """The rematch: the same game and options, sides swapped when the game has two roles and
        both are people, the other seats kept; each person's seat as they hold it now."""
        row = live.row
        roles = [role for role in live.state.game.roles(**row.options) if role in row.seats]
        moved = {role: role for role in roles}
        if len(roles) == 2 and all(row.seats[r].kind == "human" for r in roles):
            moved = {roles[0]: roles[1], roles[1]: roles[0]}
        seats: dict[str, str] = {}
        accounts: dict[str, int] = {}
        given: dict[str, str | None] = {}
        for old, new in moved.items():
            seat = row.seats[old]
            seats[new] = "human" if seat.kind == "human" else (seat.bot or "random")
            if seat.kind != "human":
                continue
            if seat.account_id is not None:
                accounts[new] = seat.account_id
            else:
                given[new] = answers.get(old, (True, None))[1]  # a guest's derived token; none: an open seat
        owner_role = next((role for role in roles if role in accounts), None)
        owner = accounts.pop(owner_role) if owner_role is not None else None
        listing = self._listing_of(row.id)
        new_id, _tokens, _mine = self.matches.create(
            row.game, dict(row.options), seats, None, row.title, owner, owner_role, accounts, given,
            Listing(listing.public, listing.language, rematch_of=row.id).writer())
        return new_id

    def _status(self, live: Live, role: str | None, token: str | None) -> dict[str, Any]:
        match_id = live.row.id
        answers = self._answers(match_id)
        new_id = self._rematch_id(match_id)
        declined = next((r for r, (yes, _) in answers.items() if not yes), None)
        status: dict[str, Any] = {
            "is_over": is_over(live), "role": role,
            "offered_by": next(iter(answers), None),
            "accepted": [r for r, (yes, _) in answers.items() if yes],
            "declined_by": declined,
            "waiting_for": [] if new_id or declined or not answers else _waiting_for(live, answers),
            "rematch": {"id": new_id, "spectate_url": self.matches.link(f"/m/{new_id}")} if new_id else None,
            "your_seat": None,
        }
        if new_id is not None and role is not None and answers.get(role, (False, None))[0]:
            status["your_seat"] = self._seat_in(live, new_id, role, token)
        return status

    def _seat_in(self, live: Live, new_id: str, role: str, token: str | None) -> dict[str, Any] | None:
        """Where this seat plays in the rematch: the account's seat (by log-in), or the guest's
        seat with its token (derived from the old seat's token this request carries)."""
        rematch = self.matches.get(new_id)
        old = live.row.seats[role]
        if old.account_id is not None:
            held = self.matches.role_of_account(rematch, old.account_id)
            return {"role": held, "url": self.matches.link(f"/m/{new_id}")} if held else None
        if token is None:
            return None
        new_token = rematch_token(token, live.row.id)
        held = self.matches.role_of_token(rematch, new_token)
        return {"role": held, "token": new_token, "url": self.matches.link(f"/m/{new_id}#{new_token}")} if held else None


def _is_free(seat: SeatRow) -> bool:
    return seat.kind == "human" and seat.token_hash is None and seat.account_id is None


def _waiting_for(live: Live, answers: dict[str, tuple[bool, str | None]]) -> list[str]:
    """The seats held by a person (a token or an account) that have not accepted yet."""
    return [role for role, seat in live.row.seats.items()
            if seat.kind == "human" and not _is_free(seat) and role not in answers]


def _entry(row: Any, seats: Sequence[Any], link: Callable[[str], str]) -> dict[str, Any]:
    """A match as the lobby lists it, its page's address made by `link` (the public URL's);
    `rating_key` says whose rating `Lobby._rate` puts in `rating`."""
    game = load(row["game"])
    order = {role: i for i, role in enumerate(game.roles(**row["options"]))}
    listed = []
    for seat in sorted(seats, key=lambda s: order.get(s["role"], len(order))):
        free = seat["kind"] == "human" and seat["token_hash"] is None and seat["account_id"] is None
        listed.append({"role": seat["role"], "name": game.role_name(seat["role"]), "kind": seat["kind"],
                       "bot": seat["bot"], "account": seat["name"], "open": free, "rating": None,
                       "rating_key": f"a:{seat['account_id']}" if seat["account_id"] is not None
                       else bot_key(seat["bot"]) if seat["kind"] == "bot" and seat["bot"] else None})
    return {"id": row["id"], "game": row["game"], "title": row["title"], "options": dict(row["options"]),
            "language": row["language"], "created": int(row["created"]), "url": link(f"/m/{row['id']}"),
            "seats": listed, "free": [s["role"] for s in listed if s["open"]]}


async def creation(ctx: Context, owner: int | None, public: bool, language: str | None) -> Listing:
    """The lobby's facts of a match being created: public or private, and its table language
    (given, else the creating account's, else English)."""
    if language is not None:
        check_language(language)
    elif owner is not None:
        account = await ctx.run(ctx.accounts.get, owner)
        language = account.language if account is not None else None
    return Listing(public, language or "en")
