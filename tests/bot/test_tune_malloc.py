"""Where the C library is glibc, the bot tunes its allocator for drawing (bot.memory.tune_malloc)."""

from __future__ import annotations

import platform
import subprocess
import sys


def test_malloc_is_tuned_on_glibc_and_left_alone_elsewhere() -> None:
    # In a process of its own: the setting stays for the life of the process that makes it.
    code = "from bot.memory import tune_malloc; print(tune_malloc())"
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60)
    on_glibc = platform.libc_ver()[0] == "glibc"
    assert done.stdout.strip() == str(on_glibc)
