"""Notifications (issue 31): who wants which channel, browsers' push subscriptions, the outbox.

- notify_setting: the channels of one recipient: an account (account_id) or a guest seat
  (match_id, role; its token kept for the links of its own notifications, its e-mail address and
  language); e-mail, webhook (its URL), Web Push, and the daily digest (accounts).
- push_subscription: a browser's Web Push subscription (endpoint and keys) for one recipient.
- notification: the outbox, one row per event and channel, sent by the sender loop of any server
  process (claimed atomically: `status` pending -> sending -> sent, failed or skipped).
- server_secret: values a server makes once and keeps (the VAPID key pair of Web Push).

Revision ID: 0008
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notify_setting",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("account.id", ondelete="CASCADE"), nullable=True,
                  unique=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=True),
        sa.Column("role", sa.String(64), nullable=True),
        sa.Column("seat_token", sa.String(100), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("language", sa.String(8), nullable=False, server_default="en"),
        sa.Column("by_email", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("by_webhook", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("by_push", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("digest", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("webhook_url", sa.String(500), nullable=True),
        sa.Column("last_digest", sa.BigInteger, nullable=False, server_default="0"),
        sa.UniqueConstraint("match_id", "role", name="notify_setting_seat"),
    )
    op.create_table(
        "push_subscription",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("setting_id", sa.Integer, sa.ForeignKey("notify_setting.id", ondelete="CASCADE"), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("setting_id", "endpoint", name="push_subscription_endpoint"),
    )
    op.create_table(
        "notification",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("setting_id", sa.Integer, sa.ForeignKey("notify_setting.id", ondelete="CASCADE"), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("match_id", sa.String(32), nullable=True),
        sa.Column("role", sa.String(64), nullable=True),
        sa.Column("args", sa.JSON, nullable=False),
        sa.Column("status", sa.String(8), nullable=False, server_default="pending"),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("due", sa.BigInteger, nullable=False),
        sa.Column("claimed_by", sa.String(32), nullable=True),
        sa.Column("claimed_at", sa.BigInteger, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.Column("sent", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_notification_status_due", "notification", ["status", "due"])
    op.create_index("ix_notification_setting", "notification", ["setting_id", "channel", "status"])
    op.create_table(
        "server_secret",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secret")
    op.drop_index("ix_notification_setting", "notification")
    op.drop_index("ix_notification_status_due", "notification")
    op.drop_table("notification")
    op.drop_table("push_subscription")
    op.drop_table("notify_setting")
