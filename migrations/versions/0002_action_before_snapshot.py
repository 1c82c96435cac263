"""Each undoable action keeps the snapshot from before it, so undo reads one row instead of the log.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Older actions keep NULL: undo falls back to replaying the log for them.
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("before_snapshot", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("before_snapshot")
