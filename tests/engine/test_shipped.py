"""The engines read their card files on first use, never at import."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import pathlib
def refuse(*args, **kwargs):
    raise RuntimeError("a card file was read")
pathlib.Path.read_text = refuse
import engine.colony, engine.europa, engine.exobase, engine.spacebase
import bot.games, bot.service, render.registry
for game in (engine.colony, engine.europa, engine.exobase, engine.spacebase):
    try:
        game.RULES
    except RuntimeError:
        continue
    raise SystemExit(f"{game.__name__}.RULES did not read its cards")
print("lazy")
"""


def test_importing_the_engines_or_the_bot_reads_no_card_file() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "lazy", done.stderr


def test_the_shipped_rules_are_built_once() -> None:
    from engine import exobase

    assert exobase.RULES is exobase.shipped_rules() and exobase.CONTENT is exobase.shipped_content()
