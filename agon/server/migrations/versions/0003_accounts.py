"""Accounts and their sessions; seats held by an account (issue 30).

- account: a name (unique case-insensitively through `name_key`), an argon2id password hash, an
  optional e-mail, the language and theme its pages use.
- session: a logged-in browser (only the SHA-256 of its cookie's secret),
  with its expiry; `kind` "reset" rows are mailed password-reset tokens (single use).
- seat.account_id: the account that holds the seat (null: a guest's seat, held by its token).

The seat column is only added (ALTER TABLE ... ADD COLUMN, in place on SQLite; see 0002 for why
no batch migration copies a table).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("language", sa.String(8), nullable=False, server_default="en"),
        sa.Column("theme", sa.String(16), nullable=False, server_default="auto"),
        sa.Column("created", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "session",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("account.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.Column("expires", sa.BigInteger, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False, server_default="session"),
    )
    op.create_index("ix_session_account_id", "session", ["account_id"])
    # plain SQL: both databases add a column with its REFERENCES in place (Alembic would add the
    # constraint apart, which SQLite cannot do without copying the table)
    op.execute("ALTER TABLE seat ADD COLUMN account_id INTEGER REFERENCES account (id) ON DELETE SET NULL")
    op.create_index("ix_seat_account_id", "seat", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_account_id", "seat")
    op.execute("ALTER TABLE seat DROP COLUMN account_id")
    op.drop_table("session")
    op.drop_table("account")
