"""`agon admin`: the operator's commands on a server's database (needs the `web` extra; no server
needs to run). The logic is `agon.server.admin`'s; this module parses, prints and says what failed."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from agon.cli.admin_data import add_parsers as add_data_parsers
from agon.cli.admin_data import cmd_data
from agon.cli.serve import web_extra_missing

if TYPE_CHECKING:  # the server's modules load only when a command runs (they need the web extra)
    from agon.server.app import Settings
    from agon.server.store import Store

ACTIONS = "matches, end, delete, accounts, disable, enable, reset-password, backup, restore, migrate"


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    admin = sub.add_parser("admin", help="the operator's commands: list, end or delete matches; manage accounts")
    admin.add_argument("--db", help="the server's database, as `agon serve --db` (default: the same file it uses)")
    actions = admin.add_subparsers(dest="admin_action", required=True, metavar="{" + ACTIONS.replace(" ", "") + "}")
    listing = actions.add_parser("matches", help="list the matches, the newest first")
    which = listing.add_mutually_exclusive_group()
    which.add_argument("--over", action="store_true", help="only the finished ones")
    which.add_argument("--going", action="store_true", help="only those that go on")
    listing.add_argument("--game", help="only this game's (a game id)")
    end = actions.add_parser("end", help="end an abandoned match (its result: ended by the operator; not rated)")
    end.add_argument("match", help="the match's id")
    remove = actions.add_parser("delete", help="delete a match and everything stored of it")
    remove.add_argument("match", help="the match's id")
    remove.add_argument("--yes", action="store_true", help="yes, delete it (asked for: it cannot be undone)")
    actions.add_parser("accounts", help="list the accounts (name, e-mail, created, disabled)")
    for verb, what in (("disable", "disable an account: no log-in, its sessions end"),
                       ("enable", "enable a disabled account again"),
                       ("reset-password", "a one-time password-reset link for an account (mailed if SMTP is set)")):
        actions.add_parser(verb, help=what).add_argument("name", help="the account's name")
    add_data_parsers(actions)  # backup, restore, migrate (agon/cli/admin_data.py)


def cmd_admin(args: argparse.Namespace) -> int:
    if args.admin_action in ("backup", "restore", "migrate"):  # these open the database as it is
        return cmd_data(args)
    missing = web_extra_missing()
    if missing:
        return _fail(missing.replace("agon serve", "agon admin"))
    from sqlalchemy.exc import DBAPIError, SQLAlchemyError

    from agon.cli.serve import _safe
    from agon.server.admin import AdminError
    from agon.server.faults import describe

    try:
        store, settings = _open(args.db)
    except ValueError as err:  # prepare_database's line, or a bad AGON_* setting
        return _fail(" ".join(str(err).split())[:300])
    except (OSError, SQLAlchemyError) as err:  # no such driver, a folder that cannot be made...
        what = describe(err) if isinstance(err, DBAPIError) else " ".join(str(err).split())[:200]
        return _fail(f"cannot use the database {_safe(args.db or '')}: {what}")
    try:
        return ACTION[args.admin_action](store, settings, args)
    except AdminError as err:
        return _fail(str(err))
    except DBAPIError as err:
        return _fail(f"the database failed: {describe(err)}")
    finally:
        store.close()


def _fail(line: str) -> int:
    print(f"agon admin: {line}", file=sys.stderr)
    return 2


def _open(db: str | None) -> tuple[Store, Settings]:
    """The store of the server's database (its schema brought to the newest, as `agon serve` does)."""
    from agon.cli.serve import prepare_database
    from agon.server.app import Settings
    from agon.server.store import Store, make_engine

    settings = Settings.from_env()  # AGON_DB, AGON_SMTP_HOST, AGON_PUBLIC_URL... as the server reads them
    if db:
        settings.db = db
    prepare_database(settings.db)  # one line (ValueError) when it cannot be opened
    return Store(make_engine(settings.db)), settings


def _matches(store: Store, _settings: Settings, args: argparse.Namespace) -> int:
    from agon.server.admin import list_matches, stamp

    over = True if args.over else False if args.going else None
    found = list_matches(store, over=over, game=args.game)
    for m in found:
        seats = ", ".join(f"{role}: {who}" for role, who in m.seats.items())
        state = "over" if m.over else "going"
        print(f"{m.id}  {m.game}  {m.title!r}  {stamp(m.created)}  v{m.version}  {state}  [{seats}]")
    print(f"{len(found)} match{'es' if len(found) != 1 else ''}")
    return 0


def _end(store: Store, _settings: Settings, args: argparse.Namespace) -> int:
    from agon.server.admin import end_match

    end_match(store, args.match)
    print(f"match {args.match} is over: ended by the operator")
    return 0


def _delete(store: Store, _settings: Settings, args: argparse.Namespace) -> int:
    from agon.server.admin import AdminError, delete_match

    if not args.yes:
        raise AdminError(f"deleting match {args.match[:32]} cannot be undone: add --yes")
    delete_match(store, args.match)
    print(f"match {args.match} is deleted")
    return 0


def _accounts(store: Store, _settings: Settings, _args: argparse.Namespace) -> int:
    from agon.server.admin import list_accounts, stamp

    found = list_accounts(store)
    for a in found:
        print(f"{a.name}  {a.email or '-'}  {stamp(a.created)}{'  disabled' if a.disabled else ''}")
    print(f"{len(found)} account{'s' if len(found) != 1 else ''}")
    return 0


def _switch(disabled: bool) -> Callable[[Store, Settings, argparse.Namespace], int]:
    def run(store: Store, _settings: Settings, args: argparse.Namespace) -> int:
        from agon.server.admin import set_disabled

        changed = set_disabled(store, args.name, disabled)
        word = "disabled" if disabled else "enabled"
        print(f"account {args.name} is {word}" + ("" if changed else " (it was already)"))
        return 0

    return run


def _reset(store: Store, settings: Settings, args: argparse.Namespace) -> int:
    from agon.server.admin import reset_link, reset_path
    from agon.server.mail import send_mail

    secret, email = reset_link(store, args.name, settings.reset_seconds)
    link = (settings.public_url or "").rstrip("/") + reset_path(secret)
    minutes = int(settings.reset_seconds // 60)
    if settings.smtp_host and settings.public_url and email:
        try:
            send_mail(settings, email, "agon: reset your password",
                      f"The operator of this agon server made a link to reset the password of the account "
                      f"{args.name}:\n\n{link}\n\nIt works once, for {minutes} minutes.\n")
        except OSError as err:  # smtplib's errors are OSErrors: give the link instead
            print(f"agon admin: the mail to {email} was not sent ({' '.join(str(err).split())[:200]}); "
                  "give this link to its owner", file=sys.stderr)
        else:
            print(f"a reset link for {args.name} is mailed to {email} (it works once, for {minutes} minutes)")
            return 0
    print(f"give this link to {args.name} (it works once, for {minutes} minutes; on this server's address):")
    print(link)
    return 0


ACTION: dict[str, Callable[[Store, Settings, argparse.Namespace], int]] = {
    "matches": _matches, "end": _end, "delete": _delete, "accounts": _accounts,
    "disable": _switch(True), "enable": _switch(False), "reset-password": _reset,
}
