"""Studies (issue 35's positions in the replay viewer): one row per position a person opened to
study (`agon.server.studies`): its id, game, title, the checked position (JSON: it holds the seed,
which the server never sends) and when it was made.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "study",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("position", sa.JSON, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("study")
