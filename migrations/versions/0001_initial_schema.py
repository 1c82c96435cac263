"""Initial schema: games, seats, actions, deadlines.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OPEN = sa.text("status IN ('lobby', 'active')")


def _game_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["game_id"], ["games.id"], name=op.f(f"fk_{table}_game_id_games"), ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("snapshot", sa.JSON(), nullable=True),
        sa.Column("rules_version", sa.String(length=32), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('lobby', 'active', 'finished', 'abandoned')", name=op.f("ck_games_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index(op.f("ix_games_channel_id"), "games", ["channel_id"])
    op.create_index(op.f("ix_games_guild_id"), "games", ["guild_id"])
    op.create_index(
        "uq_games_open_channel",
        "games",
        ["channel_id"],
        unique=True,
        sqlite_where=_OPEN,
        postgresql_where=_OPEN,
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        _game_fk("seats"),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_seats")),
        sa.UniqueConstraint("game_id", "user_id", name="uq_seats_game_user"),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("undoable", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("actions"),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_actions")),
    )
    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        _game_fk("deadlines"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deadlines")),
    )
    op.create_index(op.f("ix_deadlines_due_at"), "deadlines", ["due_at"])
    op.create_index(op.f("ix_deadlines_game_id"), "deadlines", ["game_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_deadlines_game_id"), table_name="deadlines")
    op.drop_index(op.f("ix_deadlines_due_at"), table_name="deadlines")
    op.drop_table("deadlines")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("uq_games_open_channel", table_name="games")
    op.drop_index(op.f("ix_games_guild_id"), table_name="games")
    op.drop_index(op.f("ix_games_channel_id"), table_name="games")
    op.drop_table("games")
