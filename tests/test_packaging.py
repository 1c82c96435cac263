"""What `pip install` brings: SQLite for everyone, the PostgreSQL driver only on request."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_postgres_driver_is_an_extra_the_readme_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = [dep.split(">")[0].split("=")[0].split("[")[0].lower() for dep in project["dependencies"]]
    assert "aiosqlite" in names and "asyncpg" not in names
    extras = project["optional-dependencies"]
    assert any(dep.startswith("asyncpg") for dep in extras["postgres"])
    # The tests exercise the PostgreSQL paths too.
    assert any(dep.startswith("asyncpg") for dep in extras["dev"])
    assert project["requires-python"] == ">=3.11"
    readme = (ROOT / "README.md").read_text()
    assert "pip install -e '.[postgres]'" in readme and "make install EXTRAS=postgres" in readme
    assert "make install EXTRAS=postgres" in (ROOT / ".env.example").read_text()
    assert "Python 3.11" in readme
