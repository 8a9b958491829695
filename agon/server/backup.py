"""Backups of a server's database (issue 37, `agon admin backup` / `agon admin restore`).

The format is agon's own, not a database's dump: gzip-compressed JSON lines, one header, then per
table a line naming its columns followed by one line per row, then an end line with each table's
count of rows. Why: one file restores into either database (SQLite to PostgreSQL and back, which
neither `pg_dump` nor `.dump` does), it records the schema revision it was taken at (so a restore
builds that schema, loads the rows and runs the newer migrations), it is read and written with the
libraries the server already uses, and the end line tells a cut-off file from a whole one.

```
{"format": "agon-backup", "version": 1, "schema": "0009", "agon": "0.3.0", "source": "sqlite", "created": 1733600000}
{"table": "account", "columns": ["id", "name", ...]}
[1, "ada", ...]
{"end": {"account": 1, "match": 3, ...}}
```

Every table of the database is written (read from the database itself, so tables added by later
migrations are included without a change here), parents before children. A value is its JSON
form: numbers, strings, booleans, null; a JSON column's value as JSON.

A backup of a live server reads everything in one read-only transaction (PostgreSQL: REPEATABLE
READ, one snapshot; SQLite: one read transaction on the write-ahead log), so it is consistent and
blocks no move: writers go on while it reads. A restore runs in one transaction: it refuses a
database that holds any row unless `force`, drops the tables there, builds the backup's schema,
loads the rows and migrates to the newest schema; if anything fails, the database is as it was.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import JSON, Connection, Engine, MetaData, Table, create_engine, event, insert, select, text
from sqlalchemy.engine import make_url

from agon.server.schema import VERSION_TABLE, SchemaError, build_to, current, known, newer_line
from agon.server.store import engine_url

FORMAT = "agon-backup"
FORMAT_VERSION = 1  # of the file's layout (not the schema's); a newer layout is refused
BATCH = 1000  # rows inserted per statement while restoring, and fetched per round trip while backing up


class BackupError(ValueError):
    """A bad backup file or a database a backup cannot go into: one line, nothing changed."""


@dataclass(frozen=True, slots=True)
class BackupInfo:
    """What a backup holds: its header's facts and each table's number of rows."""

    schema: str
    agon: str
    source: str
    created: int
    rows: dict[str, int]


def open_engine(url: str) -> Engine:
    """An engine for backing up or restoring: transactions begin when asked (SQLite's driver
    otherwise leaves reads and DDL outside any transaction), and SQLite checks no foreign keys
    while a restore drops and refills its tables (the rows come from a database that checked them)."""
    url = engine_url(url)
    if not url.startswith("sqlite"):
        return create_engine(url, pool_size=1, max_overflow=0)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _own_transactions(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver issues no BEGIN of its own
        # as the server keeps it (`store.make_engine`): a reader (a backup) never blocks the writer;
        # a file restored here starts so
        dbapi_connection.execute("PRAGMA journal_mode=WAL")

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite URL (None for another database or an in-memory one)."""
    parsed = make_url(engine_url(url))
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def _reflect(conn: Connection) -> list[Table]:
    """The database's tables but Alembic's, parents before children."""
    metadata = MetaData()
    metadata.reflect(conn)
    tables = [t for t in metadata.sorted_tables if t.name != VERSION_TABLE]
    for table in tables:
        for column in table.columns:
            if isinstance(column.type, JSON):
                column.type.none_as_null = True  # a null restores as SQL NULL, not as the JSON text 'null'
    return tables


def _snapshot(conn: Connection) -> None:
    """Begin the one read-only transaction the whole backup reads in."""
    if conn.dialect.name == "postgresql":
        conn.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
    conn.begin()


def backup(url: str, path: Path) -> BackupInfo:
    """Write the backup of the database at `url` to `path` (written beside it, then renamed into
    place: an interrupted backup leaves no half file under that name)."""
    from agon import __version__

    engine = open_engine(url)
    part = path.with_name(f".{path.name}.part")
    try:
        with engine.connect() as conn:
            _snapshot(conn)
            revision = current(conn)
            if revision is None:
                raise BackupError("the database has no agon schema: nothing to back up")
            rows: dict[str, int] = {}
            with _private(part) as out:
                _line(out, {"format": FORMAT, "version": FORMAT_VERSION, "schema": revision, "agon": __version__,
                            "source": conn.dialect.name, "created": int(time.time())})
                for table in _reflect(conn):
                    names = [c.name for c in table.columns]
                    _line(out, {"table": table.name, "columns": names})
                    count = 0
                    query = select(*table.columns).order_by(*table.primary_key.columns)
                    for row in conn.execution_options(yield_per=BATCH).execute(query):
                        _line(out, list(row))
                        count += 1
                    rows[table.name] = count
                _line(out, {"end": rows})
            conn.rollback()
        os.replace(part, path)
    except OSError as err:  # the file's side (the database's errors are SQLAlchemy's)
        raise BackupError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        part.unlink(missing_ok=True)
        engine.dispose()
    return BackupInfo(revision, __version__, engine.dialect.name, int(time.time()), rows)


@contextlib.contextmanager
def _private(path: Path) -> Iterator[IO[str]]:
    """A gzip text file only its owner may read: a backup holds password hashes, e-mail addresses
    and the server's secrets."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(fd, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=6) as packed, \
            io.TextIOWrapper(packed, encoding="utf-8") as out:
        yield out


def _line(out: IO[str], value: Any) -> None:
    out.write(json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
    out.write("\n")


class _Reader:
    """The lines of a backup file, each decoded; every fault of the file is a BackupError."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.number = 0
        try:
            self.file: IO[str] = gzip.open(path, "rt", encoding="utf-8")
        except OSError as err:
            raise BackupError(f"cannot read {path}: {err.strerror or err}") from None

    def lines(self) -> Iterator[Any]:
        try:
            for line in self.file:
                self.number += 1
                yield json.loads(line)
        except (gzip.BadGzipFile, zlib.error, EOFError) as err:
            raise BackupError(self._broken(err, "not a gzip-compressed agon backup" if self.number == 0
                                           else "the file is cut off or damaged")) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise BackupError(self._broken(err, "a line is not JSON")) from None
        except IsADirectoryError:
            raise BackupError(f"{self.path} is a folder, not a backup file") from None
        except OSError as err:
            raise BackupError(f"cannot read {self.path}: {err.strerror or err}") from None

    def _broken(self, _err: BaseException, what: str) -> str:
        return f"{self.path} is not a whole agon backup ({what}, at line {self.number + 1})"

    def close(self) -> None:
        self.file.close()


def _header(value: Any, path: Path) -> BackupInfo:
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise BackupError(f"{path} is not an agon backup (its first line names no format {FORMAT!r})")
    layout = value.get("version")
    if not isinstance(layout, int) or layout > FORMAT_VERSION:
        raise BackupError(f"{path} is written in backup layout {layout!r}; this agon reads layout "
                          f"{FORMAT_VERSION} and older: use a newer agon")
    schema = value.get("schema")
    if not isinstance(schema, str):
        raise BackupError(f"{path} names no schema revision")
    if not known(schema):
        raise BackupError(newer_line(schema, "the backup"))
    return BackupInfo(schema, str(value.get("agon", "?")), str(value.get("source", "?")),
                      int(value.get("created", 0) or 0), {})


def read_info(path: Path) -> BackupInfo:
    """The header of a backup (its first line only); BackupError for anything else."""
    reader = _Reader(path)
    try:
        first = next(reader.lines(), None)
        if first is None:
            raise BackupError(f"{path} is empty, not an agon backup")
        return _header(first, path)
    finally:
        reader.close()


def restore(url: str, path: Path, force: bool = False) -> tuple[BackupInfo, str]:
    """Restore the backup at `path` into the database at `url`: (what it held, the schema revision
    the database has now). BackupError (nothing changed) for a bad file, a backup from a newer
    schema, or a database that holds rows or is at a newer agon's schema when `force` is False
    (with `force` everything in it is replaced: how an operator goes back to an older agon)."""
    info = read_info(path)  # the header is checked before the database is touched
    engine = open_engine(url)
    reader = _Reader(path)
    try:
        with engine.connect() as conn, conn.begin():
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7071989)")  # not while `agon serve` migrates
            revision = current(conn)
            if revision is not None and not known(revision) and not force:  # --force: going back to this agon
                raise SchemaError(newer_line(revision, "the database") + " (or add --force to replace it)")
            _clear(conn, force)
            build_to(conn, info.schema)
            rows = _load(conn, reader, path)
            _renumber(conn)
            build_to(conn, "head")
            now = current(conn) or "?"
    finally:
        reader.close()
        engine.dispose()
    return BackupInfo(info.schema, info.agon, info.source, info.created, rows), now


def _clear(conn: Connection, force: bool) -> None:
    """Drop agon's tables of a database that holds no rows (or any, with `force`)."""
    tables = _reflect(conn)
    held = [t.name for t in tables if conn.execute(select(text("1")).select_from(t).limit(1)).first()]
    if held and not force:
        shown = ", ".join(held[:4]) + (", ..." if len(held) > 4 else "")
        raise BackupError(f"the database is not empty (rows in {shown}): restore into an empty database, "
                          "or add --force to replace everything in it")
    for table in reversed(tables):
        table.drop(conn)
    conn.exec_driver_sql(f"DROP TABLE IF EXISTS {VERSION_TABLE}")


def _load(conn: Connection, reader: _Reader, path: Path) -> dict[str, int]:
    """Insert the rows of the backup's tables (after its header line); each table's count."""
    tables = {t.name: t for t in _reflect(conn)}
    lines = reader.lines()
    next(lines)  # the header, read already
    rows: dict[str, int] = {}
    table: Table | None = None
    columns: list[str] = []
    batch: list[list[Any]] = []

    def flush() -> None:
        if batch and table is not None:
            if conn.dialect.name == "postgresql":
                _copy(conn, table, columns, batch)
            else:
                conn.execute(insert(table), [dict(zip(columns, row, strict=True)) for row in batch])
            batch.clear()

    for value in lines:
        if isinstance(value, list):
            if table is None or len(value) != len(columns):
                raise BackupError(f"{path} is damaged: a row at line {reader.number} fits no table's columns")
            batch.append(value)
            rows[table.name] += 1
            if len(batch) >= BATCH:
                flush()
        elif isinstance(value, dict) and "table" in value:
            flush()
            table, columns = _section(value, tables, rows, path)
        elif isinstance(value, dict) and "end" in value:
            flush()
            if value["end"] != rows:
                raise BackupError(f"{path} is damaged: its rows do not add up to the counts its last line gives")
            return rows
        else:
            raise BackupError(f"{path} is damaged: line {reader.number} is neither a table, a row nor the end")
    raise BackupError(f"{path} is cut off: it has no end line (copy the whole file)")


def _copy(conn: Connection, table: Table, columns: list[str], batch: list[list[Any]]) -> None:
    """PostgreSQL: the rows by COPY (a fifth of the time of an INSERT per row), in the restore's transaction."""
    from psycopg.types.json import Json

    json_at = [i for i, name in enumerate(columns) if isinstance(table.columns[name].type, JSON)]
    names = ", ".join(f'"{name}"' for name in columns)
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    with cursor.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
        for row in batch:
            for i in json_at:
                if row[i] is not None:
                    row[i] = Json(row[i])
            copy.write_row(row)


def _section(value: dict[str, Any], tables: dict[str, Table], rows: dict[str, int],
             path: Path) -> tuple[Table, list[str]]:
    name, columns = value.get("table"), value.get("columns")
    if not isinstance(name, str) or name not in tables or name in rows:
        raise BackupError(f"{path} is damaged: table {str(name)[:40]!r} is not one of its schema's (or twice)")
    if not isinstance(columns, list) or not set(columns) <= set(tables[name].columns.keys()):
        raise BackupError(f"{path} is damaged: table {name}'s columns are not its schema's")
    rows[name] = 0
    return tables[name], columns


def _renumber(conn: Connection) -> None:
    """PostgreSQL: let each serial column's sequence go on after the largest id restored (SQLite
    numbers a new row after the largest itself)."""
    if conn.dialect.name != "postgresql":
        return
    for table in _reflect(conn):
        for column in table.primary_key.columns:
            sequence = conn.execute(text("SELECT pg_get_serial_sequence(:t, :c)"),
                                    {"t": f'"{table.name}"', "c": column.name}).scalar()
            if sequence:
                conn.execute(text(f'SELECT setval(:s, coalesce((SELECT max("{column.name}") FROM "{table.name}"), 0) + 1, false)'),
                             {"s": sequence})
