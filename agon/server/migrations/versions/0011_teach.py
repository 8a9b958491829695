"""Bots that teach (issue 36 items 4 and 5): stored analyses and the hints option.

- analysis: one row per match, the post-game analysis (`agon.server.teach`): its status
  ("running", "done", "failed"), the budget it ran with, the result (JSON) once done, when it
  started and ended, and why it failed. The primary key makes it computed once, by one process.
- match_hints: whether a match's seats may ask for hints, when its creator chose; no row: the
  default (on, except in a rated match).

Revision ID: 0011
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analysis",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("budget", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("started", sa.BigInteger, nullable=False),
        sa.Column("finished", sa.BigInteger, nullable=True),
    )
    op.create_table(
        "match_hints",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("allowed", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("match_hints")
    op.drop_table("analysis")
