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
    serve = sub.add_parser("serve", help="start the game server: play in the browser, remotely and asynchronously")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    serve.add_argument("--db", help="sqlite:///file.db or postgresql://user@host/db (default: a file in your data folder)")
    serve.add_argument("--workers", type=int, default=1, help="server processes (more than one needs PostgreSQL)")
    serve.add_argument("--bot-processes", type=int, default=None,
                       help="processes that run the bots' choices (default: the machine's CPUs less one, at least 1)")
    # clocks and time-outs (docs/server.md): each flag sets its AGON_* variable, for every worker
    serve.add_argument("--default-pace", help="pace of a match with two human seats or more created without one: "
                                              "none (default), live:10, fast:4, daily:1, bank:3d+1d")
    serve.add_argument("--vacation-days", type=float, help="vacation days per account and year (default 30)")
    serve.add_argument("--clock-sweep-seconds", type=float, help="how often passed deadlines are looked for (default 15)")
    serve.add_argument("--clock-reminders", help="reminders before a day-long move's deadline (default 24h,1h)")


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
    import uvicorn

    from agon.server.app import Settings, clock_settings, create_app, tune_gc
    from agon.server.limits import concurrency_limit, http_protocol, raise_open_files_limit

    for flag in ("default_pace", "vacation_days", "clock_sweep_seconds", "clock_reminders"):
        if getattr(args, flag, None) is not None:
            os.environ[f"AGON_{flag.upper()}"] = str(getattr(args, flag))
    settings = Settings.from_env()  # AGON_TOKEN_RATE... tune limits; the flags below win
    clock_settings(settings)  # a pace or reminder setting that is not one: a one-line error before starting
    if args.bot_processes is not None:
        settings.bot_processes = args.bot_processes
    if settings.bot_processes is not None and settings.bot_processes < 0:
        raise ValueError(f"--bot-processes must be 0 or more (0: bots in threads); got {settings.bot_processes}")
    if not 0 <= settings.bot_turn_seconds < math.inf:
        raise ValueError(f"AGON_BOT_TURN_SECONDS must be a number of seconds, 0 or more; got {settings.bot_turn_seconds:g}")
    if args.db:
        settings.db = args.db
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    if args.workers > 1 and not settings.db.startswith(("postgresql", "postgres:")):
        raise ValueError("--workers above 1 needs PostgreSQL (--db postgresql://...): SQLite serves one process")
    prepare_database(settings.db)
    open_files = raise_open_files_limit()
    # a request must arrive whole within AGON_REQUEST_SECONDS; past what the open files allow, 503
    limits: dict[str, Any] = {"http": http_protocol(), "limit_concurrency": concurrency_limit(open_files),
                              "timeout_keep_alive": KEEP_ALIVE, "ws_per_message_deflate": False}  # CPU is dearer than loopback bytes
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"agon serve: open http://{shown}:{args.port}/  (database: {_safe(settings.db)}; Ctrl-C stops)", flush=True)
    if args.workers == 1:
        settings.migrate = False
        app = create_app(settings)
        tune_gc()
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", **limits)
        return 0
    os.environ.update({"AGON_DB": settings.db, "AGON_MIGRATE": "0"})
    if settings.bot_processes is None:  # each server process has a pool: they share the machine's
        from agon.server.bots import pool_size

        settings.bot_processes = max(1, pool_size(None) // args.workers)
    os.environ["AGON_BOT_PROCESSES"] = str(settings.bot_processes)
    settings.migrate = False
    uvicorn.run("agon.server.app:app_from_env", factory=True, host=args.host, port=args.port,
                workers=args.workers, log_level="warning", **limits)
    return 0


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
