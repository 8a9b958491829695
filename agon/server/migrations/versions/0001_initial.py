"""The first schema: match, seat (token hash), action (match, index unique).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("undo", sa.Boolean, nullable=False),
        sa.Column("is_over", sa.Boolean, nullable=False),
        sa.Column("imported", sa.Boolean, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "seat",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "action",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("verb", sa.String(64), nullable=False),
        sa.Column("arg", sa.Text, nullable=False),
        sa.Column("note", sa.Text, nullable=True),
        sa.UniqueConstraint("match_id", "index", name="action_match_index"),
    )


def downgrade() -> None:
    op.drop_table("action")
    op.drop_table("seat")
    op.drop_table("match")
