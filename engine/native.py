"""The engine's hot modules compiled to C (by mypyc), used only while they match their sources.

``make`` compiles the modules in ``MODULES`` into ``<sys.prefix>/engine-native`` when a C compiler
is at hand (``scripts/build_native.py``) and writes there the ``fingerprint`` of the sources it
compiled. A package named here puts that folder first on its ``__path__`` only while the
fingerprint still matches: a source edited since, another Python, ``ENGINE_PURE=1`` or no build at
all leaves the package on its plain Python sources, which behave the same (the tests compare
both).
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from pathlib import Path

# Every compiled module, in one group: they call each other directly, not through Python.
MODULES = (
    "engine.core.action",
    "engine.core.compiled",
    "engine.core.game",
    "engine.core.rng",
    "engine.exobase.common",
    "engine.exobase.derive",
    "engine.exobase.describe",
    "engine.exobase.flow",
    "engine.exobase.grid",
    "engine.exobase.hazard",
    "engine.exobase.instants",
    "engine.exobase.model",
    "engine.exobase.night",
    "engine.exobase.place_apply",
    "engine.exobase.place_legal",
    "engine.exobase.policies",
    "engine.exobase.power",
    "engine.exobase.rules",
    "engine.exobase.setup",
    "engine.exobase.state",
    "engine.exobase.why",
    "engine.spacebase.board",
    "engine.spacebase.describe",
    "engine.spacebase.legal",
    "engine.spacebase.model",
    "engine.spacebase.pending",
    "engine.spacebase.perform",
    "engine.spacebase.policies",
    "engine.spacebase.react",
    "engine.spacebase.resolve",
    "engine.spacebase.rewards",
    "engine.spacebase.rules",
    "engine.spacebase.setup",
    "engine.spacebase.sim",
    "engine.spacebase.state",
    "engine.spacebase.turn",
    "engine.spacebase.why",
)
# The packages holding them: each lets the compiled folder come first on its ``__path__``.
PACKAGES = ("engine.core", "engine.exobase", "engine.spacebase")
# mypyc's shared library for the group is ``<GROUP>__mypyc``: inside engine.core, so it loads
# with the first compiled module and needs no folder of its own on ``sys.path``.
GROUP = "engine.core.native"
FOLDER = "engine-native"
STAMP = "fingerprint"
ROOT = Path(__file__).resolve().parent.parent


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def fingerprint() -> str:
    """What the compiled copies must have been made from: these sources, by this Python."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    digest.update(sys.version.encode())
    for module in MODULES:
        digest.update(module.encode())
        with open(source(module), "rb") as text:
            digest.update(text.read())
    return digest.hexdigest()


def folder() -> Path:
    """Where ``make`` puts the compiled modules: beside this environment's own packages, unless
    ``ENGINE_NATIVE_DIR`` names another folder."""
    named = os.environ.get("ENGINE_NATIVE_DIR", "").strip()
    return Path(named) if named else Path(sys.prefix) / FOLDER


@cache
def active() -> Path | None:
    """The folder of compiled modules when they match the sources and are wanted, else None."""
    if os.environ.get("ENGINE_PURE", "").strip() not in ("", "0"):
        return None
    built = folder()
    try:
        with open(built / STAMP, encoding="ascii") as stamp:
            made_from = stamp.read().strip()
    except OSError:
        return None
    return built if made_from == fingerprint() else None


def extend(package: str, path: list[str]) -> None:
    """Put the compiled copies of ``package``'s modules before its sources, if they are in use."""
    built = active()
    if built is not None:
        path.insert(0, str(built.joinpath(*package.split("."))))


def compiled() -> list[str]:
    """The modules of ``MODULES`` that are loaded from compiled code (importing them all)."""
    import importlib

    loaded = [importlib.import_module(module) for module in MODULES]
    return [m.__name__ for m in loaded if not str(getattr(m, "__file__", "")).endswith(".py")]
