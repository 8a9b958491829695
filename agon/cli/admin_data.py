"""`agon admin backup | restore | migrate`: the database's backups and schema (issue 37; the logic is
`agon.server.backup`'s and `agon.server.schema`'s). Unlike the other `agon admin` commands these do
not migrate the database before they run: a backup reads it as it is, a restore builds its own
schema, and `migrate` is the migration. Every bad input is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

ACTIONS = ("backup", "restore", "migrate")


def add_parsers(actions: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The three commands, under `agon admin`; each also takes `--db` after its name."""
    made = actions.add_parser("backup", help="write a backup of the database to FILE (a live server may run)")
    made.add_argument("file", help="the backup file to write (gzip-compressed JSON lines, e.g. club.agon.gz)")
    made.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    back = actions.add_parser("restore", help="restore a backup into an empty database (stop the server first)")
    back.add_argument("file", help="a file `agon admin backup` wrote")
    back.add_argument("--force", action="store_true", help="replace everything in a database that is not empty")
    move = actions.add_parser("migrate", help="bring the database's schema to this agon's newest")
    move.add_argument("--check", action="store_true", help="change nothing: exit 1 when migrations are pending")
    for parser in (made, back, move):
        parser.add_argument("--db", default=argparse.SUPPRESS, help="the database (as `agon admin --db`)")


def cmd_data(args: argparse.Namespace) -> int:
    for module in ("sqlalchemy", "alembic", "psycopg"):  # the web extra's, without importing FastAPI (1 s)
        if importlib.util.find_spec(module) is None:
            return _fail(f"agon admin needs the web extra ({module} is missing): pip install 'agon[web]'")
    from sqlalchemy.exc import DBAPIError, SQLAlchemyError

    from agon.cli.serve import _safe
    from agon.server.faults import describe

    try:
        url = args.db or os.environ.get("AGON_DB") or _settings_db()
    except ValueError as err:  # a bad AGON_* setting
        return _fail(" ".join(str(err).split())[:300])
    try:
        return {"backup": _backup, "restore": _restore, "migrate": _migrate}[args.admin_action](url, args)
    except ValueError as err:  # BackupError, SchemaError: their own line
        return _fail(" ".join(str(err).split())[:400])
    except DBAPIError as err:
        return _fail(f"cannot use the database {_safe(url)}: {describe(err)}")
    except (OSError, SQLAlchemyError) as err:
        return _fail(f"cannot use the database {_safe(url)}: {' '.join(str(err).split())[:200]}")
    except Exception as err:  # the last resort (e.g. a PostgreSQL database in SQL_ASCII: the driver's
        # bytes break SQLAlchemy's first query): one line for the operator, never a traceback
        return _fail(f"cannot use the database {_safe(url)}: {type(err).__name__}: {' '.join(str(err).split())[:200]}")


def _settings_db() -> str:
    """The database the server's settings name. Only without --db and AGON_DB: the server's module
    costs 1.5 s of CPU to import, and the container's entrypoint and the nightly backup skip it."""
    from agon.server.app import Settings

    return Settings.from_env().db


def _fail(line: str) -> int:
    print(f"agon admin: {line}", file=sys.stderr)
    return 2


def _existing(url: str) -> None:
    """An SQLite file must be there to be read (opening one that is not would make an empty one)."""
    from agon.server.backup import BackupError, sqlite_file

    path = sqlite_file(url)
    if path is not None and not path.is_file():
        raise BackupError(f"no database file {path}")


def _backup(url: str, args: argparse.Namespace) -> int:
    from agon.server.backup import BackupError, backup

    path = Path(args.file)
    if path.exists() and not args.force:
        raise BackupError(f"{path} exists: name another file, or add --force to overwrite it")
    if not path.parent.is_dir():
        raise BackupError(f"no folder {path.parent} to write {path.name} in")
    _existing(url)
    started = time.perf_counter()
    info = backup(url, path)
    took = time.perf_counter() - started
    total = sum(info.rows.values())
    print(f"backed up schema {info.schema}: {total} rows in {len(info.rows)} tables "
          f"({info.rows.get('match', 0)} matches) to {path}, {path.stat().st_size / 1024:.0f} KiB in {took:.1f} s")
    return 0


def _restore(url: str, args: argparse.Namespace) -> int:
    from agon.server.backup import BackupError, restore, sqlite_file

    path = Path(args.file)
    if not path.is_file():
        raise BackupError(f"no backup file {path}" if not path.exists() else f"{path} is not a file")
    folder = sqlite_file(url)
    if folder is not None:
        folder.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    info, now = restore(url, path, force=args.force)
    took = time.perf_counter() - started
    upgraded = f", migrated to {now}" if now != info.schema else ""
    print(f"restored {sum(info.rows.values())} rows ({info.rows.get('match', 0)} matches) from {path} "
          f"(schema {info.schema}, agon {info.agon}, {info.source}){upgraded} in {took:.1f} s")
    return 0


def _migrate(url: str, args: argparse.Namespace) -> int:
    from agon.server.schema import migrate, state
    from agon.server.store import make_engine

    if args.check:
        _existing(url)
    engine = make_engine(url)
    try:
        if args.check:
            found = state(engine)
            if found.pending:
                print(f"schema {found.current or 'none'}: {len(found.pending)} migrations pending "
                      f"({', '.join(found.pending)}) up to {found.head}")
                return 1
            print(f"schema {found.head}: up to date")
            return 0
        before = migrate(engine)
    finally:
        engine.dispose()
    if before.pending:
        print(f"migrated the schema from {before.current or 'none'} to {before.head} ({', '.join(before.pending)})")
    else:
        print(f"schema {before.head}: up to date, nothing to migrate")
    return 0
