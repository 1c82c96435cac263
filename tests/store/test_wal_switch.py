"""Switching a new SQLite file to WAL while another connection holds it, on real files."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from bot.store import db


def _holder(path: Path) -> sqlite3.Connection:
    """A connection holding the whole file (rollback journal, exclusive lock) until it commits."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x INTEGER)")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO t VALUES (1)")
    return holder


def _journal_mode(path: Path) -> str:
    with sqlite3.connect(path) as check:
        return str(check.execute("PRAGMA journal_mode").fetchone()[0])


def test_a_refused_switch_is_tried_again_until_the_holder_lets_go(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    holder = _holder(path)
    # No wait inside SQLite: every try while the holder has the file is refused at once, as the
    # switches of connections opening a new file together are.
    opener = sqlite3.connect(path, isolation_level=None, timeout=0)
    release = threading.Timer(0.05, holder.execute, ("COMMIT",))
    release.start()
    try:
        started = time.monotonic()
        db._use_wal(opener.cursor(), started + 5)
        waited = time.monotonic() - started
    finally:
        release.join()
        opener.close()
        holder.close()
    assert _journal_mode(path) == "wal"
    assert waited >= 0.04
    with sqlite3.connect(path) as check:
        assert check.execute("SELECT x FROM t").fetchall() == [(1,)]


def test_a_switch_refused_past_the_deadline_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "held.db"
    holder = _holder(path)
    opener = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            db._use_wal(opener.cursor(), time.monotonic() + 0.05)
    finally:
        opener.close()
        holder.execute("ROLLBACK")
        holder.close()
    assert _journal_mode(path) == "delete"


def test_a_file_in_wal_already_needs_no_switch(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    with sqlite3.connect(path) as first:
        first.execute("PRAGMA journal_mode=WAL")
        first.execute("CREATE TABLE t (x INTEGER)")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t VALUES (2)")
    opener = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        # A writer in a WAL file blocks no one from opening it: the mode is already right.
        db._use_wal(opener.cursor(), time.monotonic())
    finally:
        opener.close()
        writer.execute("COMMIT")
        writer.close()
    assert _journal_mode(path) == "wal"
