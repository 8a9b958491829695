"""Accounts an operator disabled (issue 37, `agon admin disable`): a disabled account cannot log in.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("account", sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("account") as batch:  # (SQLite drops a column by copying the table)
        batch.drop_column("disabled")
