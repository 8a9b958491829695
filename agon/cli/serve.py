"""`agon serve`: start the game server (needs the `web` extra)."""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Any

# seconds an idle kept-alive connection stays open: a player thinks longer than uvicorn's 5 s, and
# a new connection for each move costs the server more than an idle one
KEEP_ALIVE = 75


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    serve = sub.add_parser("serve", help="start the game server: play in the browser, remotely and asynchronously",
                           description="Every setting comes from defaults < the --config file < AGON_* variables "
                                       "< these flags (docs/hosting.md lists them all).")
    serve.add_argument("--config", metavar="FILE", help="a TOML file of settings (default: $AGON_CONFIG, if set)")
    serve.add_argument("--print-config", action="store_true",
                       help="print the effective settings, each with where it came from (secrets masked), and exit")
    # each flag is the setting of the same name (agon.server.config.FLAGS); None: not given
    for name, help_text in FLAG_HELP.items():
        serve.add_argument("--" + name.replace("_", "-"), dest=name, default=None, help=help_text)


FLAG_HELP = {
    "host": "the address to listen on (default 127.0.0.1: this machine only)",
    "port": "the port to listen on (default 8000)",
    "db": "sqlite:///file.db or postgresql://user@host/db (default: a file in your data folder)",
    "workers": "server processes (more than one needs PostgreSQL)",
    "bot_processes": "processes that run the bots' choices (default: the machine's CPUs less one, at least 1; "
                     "0: threads)",
    "default_pace": "pace of a match with two human seats or more created without one: "
                    "none (default), live:10, fast:4, daily:1, bank:3d+1d",
    "vacation_days": "vacation days per account and year (default 30)",
    "clock_sweep_seconds": "how often passed deadlines are looked for (default 15)",
    "clock_reminders": "reminders before a day-long move's deadline (default 24h,1h)",
    "public_url": "the address people reach this server at, e.g. https://agon.example.org (links, Secure cookies)",
    "trusted_proxies": "comma-separated addresses/networks of reverse proxies whose X-Forwarded-* are believed",
    "log_format": "json (one line per request), text, or auto (default: json unless stderr is a terminal)",
    "shutdown_seconds": "on SIGTERM, how long in-flight requests and bot turns may take to finish (default 10)",
}


def web_extra_missing() -> str | None:
    """A one-line hint when the `web` extra is not installed."""
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as err:
        return f"agon serve needs the web extra ({err.name} is missing): pip install 'agon[web]'"
    return None


def cmd_serve(args: argparse.Namespace) -> int:
    missing = web_extra_missing()
    if missing:
        print(f"agon: {missing}", file=sys.stderr)
        return 2
    from agon.server.config import describe, load, to_environment

    flags = {name: getattr(args, name) for name in FLAG_HELP if getattr(args, name, None) is not None}
    effective = load(flags, os.environ, args.config)  # every bad setting: one ConfigError line, exit 2
    if args.print_config:
        print(describe(effective))
        return 0
    from agon.server.hosting import run_server

    settings = effective.settings
    if settings.workers > 1 and settings.bot_processes is None:  # each server process has a pool: they share the machine's
        from agon.server.bots import pool_size

        settings.bot_processes = max(1, pool_size(None) // settings.workers)
        effective.sources["bot_processes"] = f"the machine's CPUs less one, shared by {settings.workers} workers"
    prepare_database(settings.db)
    os.environ.update(to_environment(effective))  # the workers', and RequestDeadline's, settings
    os.environ.pop("AGON_CONFIG", None)  # (the file's values are in the variables now)
    shown = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0", "::") else settings.host
    print(f"agon serve: open http://{shown}:{settings.port}/  (database: {_safe(settings.db)}; Ctrl-C stops)", flush=True)
    return run_server(settings, KEEP_ALIVE)


def prepare_database(url: str) -> None:
    """Create or upgrade the schema, once, before any worker starts, and check that the database
    can be written; a database that cannot be opened or written is a one-line ValueError."""
    from sqlalchemy.exc import DBAPIError

    from agon.server.faults import describe, probe
    from agon.server.migrations import upgrade
    from agon.server.store import make_engine

    engine = make_engine(url)
    try:
        upgrade(engine)
        probe(engine)  # a read-only file passes the upgrade when it is at the newest schema already
    except DBAPIError as err:
        raise ValueError(f"cannot use the database {_safe(url)}: {describe(err)}") from None
    finally:
        engine.dispose()


def _safe(url: str) -> str:
    """The database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.split(':', 1)[0]}@{tail}"


def cmd_bench_server(console: Any, args: argparse.Namespace) -> int:
    """`agon bench server`: latency and throughput of `agon serve` with live matches."""
    missing = web_extra_missing()
    if missing:
        print(f"agon: {missing}", file=sys.stderr)
        return 2
    from agon.server.bench import bench_bots, bench_server

    if args.matches < 1:
        raise ValueError("--matches must be at least 1")
    if not 0 <= args.think < math.inf:  # (NaN too)
        raise ValueError(f"--think must be a number of seconds, 0 or more; got {args.think}")
    databases = args.db or [None, *([os.environ["AGON_TEST_PG"]] if os.environ.get("AGON_TEST_PG") else [])]
    seconds = args.seconds if args.seconds != 5.0 else 20.0
    for db in databases:
        try:
            result: Any
            if args.bots:  # the person's wait per bot turn (docs/server.md "Bots")
                result = bench_bots(db, matches=args.matches, seconds=args.seconds if args.seconds != 5.0 else 60.0,
                                    think=args.think if args.think != 5.0 else 0.5, bots=args.bots)
            else:
                result = bench_server(db, matches=args.matches, seconds=seconds, think=args.think)
        except RuntimeError as err:  # the server or a client process died (BrokenProcessPool is one)
            print(f"agon: the server bench stopped: {err}", file=sys.stderr)
            return 2
        console.print(result.summary(), markup=False, soft_wrap=True)
    return 0
