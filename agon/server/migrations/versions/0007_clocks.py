"""Clocks and time-outs (issue 31): a match's pace, its seats' clocks, the time the sweeper must
look at it next; accounts' vacations; the clock events (reminders, time-outs) as they fell due.

- match.pace: the pace chosen at creation, as JSON text (null: no clock, as before);
- match.clocks: each human seat's clock, as JSON text (`agon.server.clocks`), written with the
  action that changes it (the action's own UPDATE);
- match.next_event: when a reminder or a deadline falls due (seconds since the epoch; null: none),
  indexed for the sweep; a sweeper claims an event by an UPDATE ... WHERE next_event = the value read;
- vacation: an account's vacations (started, the latest end its allowance gives, stopped);
- clock_event: each reminder and time-out, recorded in the transaction that claims it.

Columns are only added (ALTER TABLE ... ADD COLUMN, in place on SQLite; see 0002 for why).

Revision ID: 0007
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match", sa.Column("pace", sa.Text, nullable=True))
    op.add_column("match", sa.Column("clocks", sa.Text, nullable=True))
    op.add_column("match", sa.Column("next_event", sa.BigInteger, nullable=True))
    op.create_index("ix_match_next_event", "match", ["next_event"])
    op.create_table(
        "vacation",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("account.id", ondelete="CASCADE"), nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("ends", sa.Float, nullable=False),
        sa.Column("stopped", sa.Float, nullable=True),
    )
    op.create_index("ix_vacation_account_id", "vacation", ["account_id"])
    op.create_table(
        "clock_event",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("left_seconds", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_clock_event_match_id", "clock_event", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_clock_event_match_id", "clock_event")
    op.drop_table("clock_event")
    op.drop_index("ix_vacation_account_id", "vacation")
    op.drop_table("vacation")
    op.drop_index("ix_match_next_event", "match")
    op.drop_column("match", "next_event")
    op.drop_column("match", "clocks")
    op.drop_column("match", "pace")
