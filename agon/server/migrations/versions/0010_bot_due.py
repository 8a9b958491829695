"""Whether a match waits for one of its bots (issue 37, restarts): a start loads only those.

Null: not known yet (every match stored before this revision); the server counts it as waiting,
loads it once and records what it found.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match", sa.Column("bot_due", sa.Boolean, nullable=True))


def downgrade() -> None:
    # SQLite 3.35 and later drop a column in place: copying the match table (Alembic's batch mode)
    # would drop the old one, and with it, by ON DELETE CASCADE, every seat and action
    op.execute('ALTER TABLE "match" DROP COLUMN bot_due')
