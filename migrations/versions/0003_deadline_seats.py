"""Deadlines belong to a seat: seat, game version, missed-deadline run, and a done marker.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Batch mode rebuilds the table on SQLite, which cannot alter columns in place.
    with op.batch_alter_table("deadlines") as batch:
        batch.add_column(sa.Column("seat", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("misses", sa.Integer(), server_default=sa.text("0"), nullable=False))
        batch.add_column(sa.Column("done_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("outcome", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deadlines") as batch:
        batch.drop_column("outcome")
        batch.drop_column("done_at")
        batch.drop_column("misses")
        batch.drop_column("version")
        batch.drop_column("seat")
