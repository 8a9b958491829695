"""Alembic migrations of the server's schema; `upgrade(url)` brings a database to the newest."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

HERE = Path(__file__).resolve().parent


HEAD = "0012"  # the newest revision under versions/


def at_head(engine: Engine) -> bool:
    """Whether the schema is already the newest (then Alembic need not even be imported)."""
    try:
        with engine.connect() as conn:
            return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == HEAD
    except SQLAlchemyError:  # no alembic_version table yet: a new database
        return False


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema on this engine's database (idempotent)."""
    if at_head(engine):
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7071989)")  # one migrator at a time
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
