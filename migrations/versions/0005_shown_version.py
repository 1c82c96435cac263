"""The game version whose board reached the channel, so a saved change nobody saw is posted late.

Every game already stored counts as shown at its current version: only changes saved from
now on can be found unshown. The partial index holds only the games the scheduler's sweep
looks for (a server game in play or just finished, with a change not marked shown), so its
query never reads the other games' snapshots.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UNSHOWN = sa.text(
    "guild_id IS NOT NULL AND status IN ('active', 'finished') "
    "AND (shown_version IS NULL OR shown_version < version)"
)


def upgrade() -> None:
    # Adding a nullable column needs no table rebuild, even in batch mode on SQLite.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("shown_version", sa.Integer(), nullable=True))
    op.execute(sa.text("UPDATE games SET shown_version = version"))
    op.create_index(
        "ix_games_unshown", "games", ["updated_at"], sqlite_where=_UNSHOWN, postgresql_where=_UNSHOWN
    )


def downgrade() -> None:
    op.drop_index("ix_games_unshown", table_name="games")
    # Not in batch mode: rebuilding the games table on SQLite would drop the old one, and with
    # foreign keys on that deletes every seat and action row through their ON DELETE CASCADE.
    # SQLite drops the column in place (3.35 and later).
    op.drop_column("games", "shown_version")
