"""The lobby and rematches (issue 30): public or private matches, their table language, and
rematch answers.

- match_listing: one row per match created since (a match without one is private: every match
  from before was reachable by its links only). `public`: listed in the lobby; `language`: the
  table language its creator chose; `rematch_of`: the finished match this one is the rematch of
  (unique: a match has one rematch at most).
- rematch_answer: each seat's answer to a rematch of a finished match (`accepted`), and for a
  guest's seat the SHA-256 of its seat token in the rematch (the token itself is derived from the
  guest's own seat token, so that only that seat's page can be given it; the server keeps no token).

An open seat needs no column: it is a human seat of a match that no token and no account holds.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_listing",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("language", sa.String(8), nullable=False, server_default="en"),
        sa.Column("rematch_of", sa.String(32), sa.ForeignKey("match.id", ondelete="SET NULL"), nullable=True,
                  unique=True),
    )
    op.create_index("ix_match_listing_public", "match_listing", ["public"])
    op.create_table(
        "rematch_answer",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("accepted", sa.Boolean, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("created", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematch_answer")
    op.drop_index("ix_match_listing_public", "match_listing")
    op.drop_table("match_listing")
