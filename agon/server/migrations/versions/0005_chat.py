"""Chat per match (issue 30): the messages, and who muted whom.

- chat_message: one message of a match, in the channel `players` (written by seats) or
  `spectators` (written by logged-in accounts that hold no seat); the author's seat role (null:
  a spectator), the account that wrote it (null: a guest seat, by its token), the name shown (the
  account's name, or the role's name for a guest seat), the text (at most 500 characters, checked
  by the server) and when (Unix seconds). Its id orders the messages.
- chat_mute: per match and seat, the seats whose messages a seat does not want to see (a seat
  held by an account keeps its mutes when the account claims it: they belong to the seat).

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_message",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("role", sa.String(64), nullable=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("account.id", ondelete="SET NULL"), nullable=True),
        sa.Column("author", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
    )
    # a page reads a match's messages after the id it holds; a post counts a channel's
    op.create_index("ix_chat_message_match", "chat_message", ["match_id", "channel", "id"])
    op.create_table(
        "chat_mute",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("muter", sa.String(64), primary_key=True),
        sa.Column("muted", sa.String(64), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("chat_mute")
    op.drop_index("ix_chat_message_match", "chat_message")
    op.drop_table("chat_message")
