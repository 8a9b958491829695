"""Alembic migrations of the server's schema; `upgrade(url)` brings a database to the newest."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

HERE = Path(__file__).resolve().parent


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema on this engine's database (idempotent)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7071989)")  # one migrator at a time
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
