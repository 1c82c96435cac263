"""Compile the engine's hot modules with mypyc, into ``<sys.prefix>/engine-native`` (see engine.native).

Does nothing while the compiled copies still match their sources. Without mypyc, a C compiler or
Python's headers it says so in a line and leaves the engine on plain Python, which plays the same
games more slowly; ``ENGINE_NATIVE_REQUIRED=1`` makes that an error instead (CI sets it).
``ENGINE_NATIVE_DIR`` names another folder for the compiled modules.

    python scripts/build_native.py            # compile if needed
    python scripts/build_native.py --force    # compile again
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import native  # noqa: E402


def _required() -> bool:
    return os.environ.get("ENGINE_NATIVE_REQUIRED", "").strip() not in ("", "0")


def _give_up(reason: str) -> int:
    if _required():
        print(f"engine: could not compile ({reason}), and ENGINE_NATIVE_REQUIRED is set.", file=sys.stderr)
        return 1
    print(
        f"engine: plain Python ({reason}); Space Base plays a quarter as fast, ExoBase two thirds.",
        file=sys.stderr,
    )
    return 0


def compile_into(lib: Path) -> None:
    """The compiling itself, in a child process so that its compiler's output can be kept quiet."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    os.chdir(ROOT)
    paths = [str(native.source(m).relative_to(ROOT)) for m in native.MODULES]
    work = lib.parent / "work"
    extensions = mypycify(paths, group_name=native.GROUP, target_dir=str(work / "c"), opt_level="3")
    dist = Distribution({"name": "engine-native", "ext_modules": extensions})
    build = dist.get_command_obj("build_ext")
    build.build_lib = str(lib)
    build.build_temp = str(work / "o")
    build.inplace = False
    dist.run_command("build_ext")


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--compile-into":
        compile_into(Path(argv[1]))
        return 0
    if os.environ.get("ENGINE_PURE", "").strip() not in ("", "0"):
        # Asked for: nothing to say, unless the compiled engine is required too.
        return _give_up("ENGINE_PURE is set") if _required() else 0
    wanted = native.fingerprint()
    target = native.folder()
    stamp = target / native.STAMP
    if "--force" not in argv and stamp.is_file() and stamp.read_text(encoding="ascii").strip() == wanted:
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return _give_up("mypyc is not installed")
    started = time.perf_counter()
    print("engine: compiling the game engines with mypyc (a minute or two, once)...", file=sys.stderr)
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{native.FOLDER}-", dir=target.parent))
    try:
        lib = scratch / "lib"
        done = subprocess.run(
            [sys.executable, __file__, "--compile-into", str(lib)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            return _give_up("the compiler failed: " + " / ".join(tail))
        (lib / native.STAMP).write_text(wanted + "\n", encoding="ascii")
        # Swapped in whole: a process starting meanwhile sees the old build or the new, never half.
        old = scratch / "old"
        if target.exists():
            target.rename(old)
        lib.rename(target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"engine: compiled in {time.perf_counter() - started:.0f} s.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
