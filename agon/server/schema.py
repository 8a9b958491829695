"""Which schema a database has, which migrations it lacks, and running them (issue 37, `agon admin
migrate`; `agon admin restore` builds an older backup's schema with `build_to`).

The revisions are the Alembic scripts in `agon/server/migrations/versions/`; a database records its
own in the table `alembic_version` (none: a new, empty database). A revision this agon does not know
is a newer agon's: nothing here touches such a database.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect

from agon.server.migrations import HERE

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

VERSION_TABLE = "alembic_version"


class SchemaError(ValueError):
    """The database's schema cannot be used by this agon (one line)."""


@dataclass(frozen=True, slots=True)
class SchemaState:
    """`current`: the database's revision (None: no schema yet); `head`: this agon's newest;
    `pending`: the revisions a migration would run, oldest first."""

    current: str | None
    head: str
    pending: tuple[str, ...]


@cache
def _config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    return config


def _scripts() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config())


def head() -> str:
    """This agon's newest revision."""
    return str(_scripts().get_current_head())


def known(revision: str) -> bool:
    """Whether this agon has the migration `revision` (else it is a newer agon's, or no agon's)."""
    return revision in {script.revision for script in _scripts().walk_revisions()}


def newer_line(revision: str, what: str) -> str:
    return (f"{what} has the schema {revision[:40]!r}, which this agon does not know (its newest is {head()}): "
            "it is a newer agon's; install that agon or a newer one")


def current(conn: Connection) -> str | None:
    """The revision stored in the database, None when it has no schema yet."""
    if not inspect(conn).has_table(VERSION_TABLE):
        return None
    return conn.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").scalar()


def pending_after(revision: str | None) -> tuple[str, ...]:
    """The revisions after `revision` up to the head, oldest first (all of them for None)."""
    steps = _scripts().iterate_revisions(head(), revision)  # newest first
    return tuple(reversed([script.revision for script in steps]))


def state(engine: Engine) -> SchemaState:
    """Where the database's schema stands. SchemaError for a revision this agon does not know."""
    with engine.connect() as conn:
        revision = current(conn)
    if revision is not None and not known(revision):
        raise SchemaError(newer_line(revision, "the database"))
    return SchemaState(revision, head(), pending_after(revision))


def build_to(conn: Connection, revision: str) -> None:
    """Run the migrations on `conn` (in its transaction) up to `revision` ("head": the newest)."""
    from alembic import command

    config = _config()
    config.attributes["connection"] = conn  # read by migrations/env.py
    try:
        command.upgrade(config, revision)
    finally:
        config.attributes.pop("connection", None)


def migrate(engine: Engine) -> SchemaState:
    """Bring the database to the newest schema; the state it had before. On PostgreSQL one
    migrator at a time (the same advisory lock `agon serve` takes)."""
    before = state(engine)
    if before.pending:
        from agon.server.migrations import upgrade

        upgrade(engine)
    return before
