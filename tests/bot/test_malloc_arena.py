"""The bot has its threads share one malloc arena where the C library is glibc (bot.app.one_malloc_arena)."""

from __future__ import annotations

import platform
import subprocess
import sys


def test_one_malloc_arena_is_set_on_glibc_and_harmless_elsewhere() -> None:
    # In a process of its own: the setting stays for the life of the process that makes it.
    code = "from bot.app import one_malloc_arena; print(one_malloc_arena())"
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60)
    on_glibc = platform.libc_ver()[0] == "glibc"
    assert done.stdout.strip() == str(on_glibc)
