"""The one-way arrows of the architecture, read from the source: bot -> render -> engine."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "render", "bot", "migrations", "tests"}
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _typing_only(tree: ast.AST) -> set[int]:
    """The ids of the statements under ``if TYPE_CHECKING:``: read by the type checker (and mypyc),
    never run."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            found.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return found


def _imports(path: Path, typing_only: bool | None = None) -> set[str]:
    """The top-level-qualified names every import statement of ``path`` refers to; with
    ``typing_only`` True or False, only those under ``if TYPE_CHECKING:`` or only the others."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skipped = _typing_only(tree)
    names: set[str] = set()
    for node in ast.walk(tree):
        if typing_only is not None and (id(node) in skipped) != typing_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # A relative import stays inside its own package, which the wall allows.
                continue
            names.add(node.module or "")
    return names


def _root(name: str) -> str:
    return name.split(".", 1)[0]


def _violations(package: str, allowed: set[str], typing_only: bool | None = None) -> list[str]:
    found = []
    for path in _modules(package):
        for name in _imports(path, typing_only):
            if _root(name) not in allowed:
                found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


def test_the_packages_exist() -> None:
    assert _modules("engine")
    assert _modules("bot")


def test_engine_imports_only_itself_and_the_standard_library() -> None:
    assert _violations("engine", STDLIB | {"engine"}, typing_only=False) == []
    # For the type checker only: mypy's native integer types, which the compiled engine
    # (engine.native) keeps as C integers.
    assert _violations("engine", STDLIB | {"engine", "mypy_extensions"}, typing_only=True) == []


@pytest.mark.parametrize("forbidden", ["discord", "sqlalchemy", "PIL", "alembic", "random"])
def test_engine_never_imports(forbidden: str) -> None:
    hits = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in _modules("engine")
        for name in _imports(path)
        if _root(name) == forbidden
    ]
    assert hits == []


def test_render_imports_only_engine_pillow_and_the_standard_library() -> None:
    # isal is the standard library's zlib, faster (the same functions and streams): PNG compression.
    assert _violations("render", STDLIB | {"engine", "render", "PIL", "isal"}) == []


def test_store_knows_nothing_of_discord() -> None:
    hits = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in _modules("bot/store")
        for name in _imports(path)
        if _root(name) == "discord" or name.startswith(("bot.cogs", "bot.ui"))
    ]
    assert hits == []


def test_nothing_imports_the_test_suite() -> None:
    hits = [
        f"{path.relative_to(ROOT)}: {name}"
        for package in ("engine", "render", "bot")
        for path in _modules(package)
        for name in _imports(path)
        if _root(name) == "tests"
    ]
    assert hits == []


def test_the_checker_sees_every_import_form(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os.path\nfrom discord import ui\nfrom . import sibling\ndef f():\n    import sqlalchemy\n",
        encoding="utf-8",
    )
    assert _imports(sample) == {"os.path", "discord", "sqlalchemy"}


def _sources(*packages: str) -> list[Path]:
    return [path for package in packages for path in _modules(package)]


def test_our_own_packages_are_imported_not_skipped() -> None:
    # A broken import of our own code must fail the tests, not turn them into skips.
    pattern = re.compile(r"importorskip\(\s*[\"'](engine|render|bot|migrations|tests)\b")
    hits = [
        str(path.relative_to(ROOT)) for path in _sources("tests") if pattern.search(path.read_text("utf-8"))
    ]
    assert hits == []


def test_the_bot_uses_only_discord_pys_public_command_api() -> None:
    marker = "__discord_app_commands"
    hits = [str(path.relative_to(ROOT)) for path in _sources("bot") if marker in path.read_text("utf-8")]
    assert hits == []
