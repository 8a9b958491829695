"""Secret seeds of 128 bits and the generator; the engine and rules versions of each match; state
digests with the actions (issue 29 items 1 and 7).

- match.seed_text: the seed in decimal (a keyed match's seed has 128 bits, more than the BigInteger
  `seed` holds); rows from before keep it null and their `seed` (read as before).
- match.generator: "splitmix" (every row from before) or "keyed" (every match created since).
- match.seeded: the match's creator chose its seed (every seat is shown so).
- match.engine_version, match.rules_version: the agon and game rules versions it was created
  (or last checked) under; null for rows from before.
- match.start_digest, action.digest: `State.digest()` after the setup and after some actions,
  compared when the match is loaded under other versions.

Columns are only added (ALTER TABLE ... ADD COLUMN, which SQLite does in place): a batch
migration would copy the match table and drop the old one, and with foreign keys on, SQLite's
DROP TABLE deletes the seats and actions that reference it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match", sa.Column("seed_text", sa.Text, nullable=True))
    op.add_column("match", sa.Column("generator", sa.String(16), nullable=False, server_default="splitmix"))
    op.add_column("match", sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("match", sa.Column("engine_version", sa.String(32), nullable=True))
    op.add_column("match", sa.Column("rules_version", sa.String(32), nullable=True))
    op.add_column("match", sa.Column("start_digest", sa.String(16), nullable=True))
    op.add_column("action", sa.Column("digest", sa.String(16), nullable=True))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN in place (SQLite 3.35 and later), for the reason above
    op.execute('ALTER TABLE action DROP COLUMN digest')
    for column in ("start_digest", "rules_version", "engine_version", "seeded", "generator", "seed_text"):
        op.execute(f'ALTER TABLE "match" DROP COLUMN {column}')
