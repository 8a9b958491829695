"""Results, leaving a seat, ratings (issue 30).

- match.result: the typed result of a finished match (`agon.server.results`), JSON; null while it
  goes on. match.rated: whether the match counts for the ratings (decided at its creation).
- seat.left: why the seat's player left ("resigned", "abandoned", "timed out"); null: seated.
- rating: per game and player (an account, "a:ID", or a bot by its name, "b:NAME") the openskill
  rating (mu, sigma) and the games played and won.
- rating_change: every change a rated match made, one row per seat (unique per match and role:
  two processes cannot rate a match twice).

Columns are only added (ALTER TABLE ... ADD COLUMN, in place on SQLite; see 0002).

Revision ID: 0006
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match", sa.Column("result", sa.JSON, nullable=True))
    op.add_column("match", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("seat", sa.Column("left", sa.String(16), nullable=True))
    op.create_table(
        "rating",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(100), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "rating_change",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("player", sa.String(100), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("match_id", "role", name="rating_change_match_role"),
    )
    op.create_index("ix_rating_change_player", "rating_change", ["game", "player"])


def downgrade() -> None:
    op.drop_index("ix_rating_change_player", "rating_change")
    op.drop_table("rating_change")
    op.drop_table("rating")
    op.drop_column("seat", "left")
    op.drop_column("match", "rated")
    op.drop_column("match", "result")
