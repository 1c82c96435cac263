from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot import cli


@pytest.fixture(autouse=True)
def quiet_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DATABASE_URL", "LOG_LEVEL", "IMAGE_DIR", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(argv, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_play_exobase_scripted(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'play.db'}"
    args = [
        "play",
        "exobase",
        "--db",
        db,
        "--images",
        str(tmp_path / "img"),
        "--seed",
        "3",
        "--players",
        "Ann",
    ]
    script = "/exobase status\nactions\n/exobase end-placement\n/exobase roll\nquit\n"
    code, text = run(args, script)
    assert code == 0
    assert "Ann starts a game of ExoBase." in text
    assert "Day 1/10" in text
    assert "End placement" in text
    assert "Hazard roll" in text
    written = sorted((tmp_path / "img" / "exobase-1").glob("*.png"))
    assert written and all(path.read_bytes().startswith(b"\x89PNG") for path in written)
    assert f"(Images of this game go to {tmp_path / 'img' / 'exobase-1'}/)" in text
    assert f"[image] {written[0]}" in text
    # Playing again resumes the same game from the database.
    code, text = run(args, "quit\n")
    assert code == 0 and "Resuming game #1 (exobase)" in text


def test_play_unknown_game(tmp_path: Path) -> None:
    code, _ = run(["play", "chess", "--db", f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"])
    assert code == 2


def fake_module(**attrs: Any) -> Any:
    return SimpleNamespace(**attrs)


def test_sim_prints_the_report(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def simulate(**kwargs: Any) -> Any:
        seen.update(kwargs)
        return SimpleNamespace(lines=lambda: ["games 3", "won 2"])

    monkeypatch.setattr(cli, "_module", lambda game: fake_module(simulate=simulate))
    code, text = run(
        ["sim", "exobase", "--games", "3", "--policy", "random", "--mode", "hardcore", "--seed", "9"]
    )
    assert code == 0 and text.splitlines() == ["games 3", "won 2"]
    assert seen == {"games": 3, "policy": "random", "mode": "hardcore", "seed": 9}


def test_docs_between_markers_or_printed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    module = fake_module(card_reference=lambda: "| card | cost |\n")
    monkeypatch.setattr(cli, "_module", lambda game: module)
    code, text = run(["docs", "exobase"])
    assert code == 0 and text.strip() == "| card | cost |"
    doc = tmp_path / "docs" / "exobase.md"
    doc.parent.mkdir()
    doc.write_text(f"# ExoBase\n{cli.DOCS_BEGIN}\nold\n{cli.DOCS_END}\n## Rulings\n")
    code, text = run(["docs", "exobase"])
    assert code == 0 and "Wrote" in text
    assert doc.read_text() == f"# ExoBase\n{cli.DOCS_BEGIN}\n| card | cost |\n{cli.DOCS_END}\n## Rulings\n"


def test_sim_and_docs_with_the_real_engine() -> None:
    code, text = run(["sim", "exobase", "--games", "3", "--policy", "greedy", "--seed", "1"])
    assert code == 0 and "3 games" in text
    code, text = run(["docs", "exobase"])
    assert code == 0 and "greenhouse" in text


def test_play_takes_start_options_per_game(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'colony.db'}"
    code, text = run(
        ["play", "colony", "--db", db, "--option", "scenario=rustveil", "--players", "Kim"], "1\n"
    )
    # A colony table always gathers in a lobby; the console begins it at once for the named players.
    assert code == 0 and "The Exoplanet Colony game begins: Kim." in text and "Rustveil" in text
    assert "Kim plays" in text and "**Kim**'s turn" in text
    code, _ = run(["play", "colony", "--db", f"sqlite+aiosqlite:///{tmp_path / 'b.db'}", "--option", "oops"])
    assert code == 2
    code, _ = run(
        ["play", "colony", "--db", f"sqlite+aiosqlite:///{tmp_path / 'c.db'}", "--mode", "hardcore"]
    )
    assert code == 2


def test_play_reads_whole_number_start_options_as_numbers(tmp_path: Path) -> None:
    # Discord sends whole numbers for these; the console's "name=value" must reach the game alike.
    db = f"sqlite+aiosqlite:///{tmp_path / 'europa.db'}"
    args = [
        "play",
        "europa",
        "--db",
        db,
        "--players",
        "Ann,Bob",
        "--no-images",
        "--option",
        "undermine_limit=1",
    ]
    code, text = run(args, "quit\n")
    assert code == 0 and "The Europa Base Alpha game begins: Ann, Bob." in text
    bad = ["play", "europa", "--db", f"sqlite+aiosqlite:///{tmp_path / 'b.db'}", "--option", "ai=some"]
    assert run(bad)[0] == 2


def test_play_colony_with_two_players(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'two.db'}"
    script = "1\nas Lee\n1\nas Kim\n/colony draw\nas Lee\n/colony draw\n/colony status\nquit\n"
    code, text = run(
        ["play", "colony", "--db", db, "--players", "Kim,Lee", "--no-images", "--seed", "4"], script
    )
    assert code == 0
    assert "The Exoplanet Colony game begins: Kim, Lee." in text
    assert "**Character draft** — waiting for Kim, Lee to choose." in text
    assert "Kim plays" in text and "Lee plays" in text
    assert "Kim draws" in text and "**Kim**: Kim" not in text
    assert "! It is Kim's move; wait for yours." in text


def test_sim_colony_passes_players_and_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def simulate(games: int, policy: str, players: int = 2, scenario: str = "verdance", seed: int = 1) -> Any:
        seen.update(games=games, policy=policy, players=players, scenario=scenario, seed=seed)
        return SimpleNamespace(lines=lambda: ["ok"])

    monkeypatch.setattr(cli, "_module", lambda game: fake_module(simulate=simulate))
    argv = ["sim", "colony", "--players", "3", "--scenario", "frostmaw", "--policy", "random"]
    code, text = run([*argv, "--games", "4", "--seed", "5"])
    assert code == 0 and text == "ok\n"
    assert seen == {"games": 4, "policy": "random", "players": 3, "scenario": "frostmaw", "seed": 5}
    code, _ = run(["sim", "colony", "--mode", "hardcore"])
    assert code == 2


def test_sim_and_docs_colony_with_the_real_engine(tmp_path: Path) -> None:
    argv = ["sim", "colony", "--games", "3", "--players", "2", "--scenario", "rustveil", "--seed", "2"]
    code, text = run(argv)
    assert code == 0 and "3 games" in text and "2 players, scenario rustveil" in text
    code, _ = run(["sim", "colony", "--games", "1", "--scenario", "mars"])
    assert code == 2
    code, text = run(["docs", "colony"])
    assert code == 0 and "### Characters" in text
    doc = tmp_path / "docs" / "colony.md"
    doc.parent.mkdir()
    doc.write_text(f"# Colony\n{cli.DOCS_BEGIN}\nold\n{cli.DOCS_END}\n")
    code, text = run(["docs", "colony"])
    assert code == 0 and "Wrote" in text
    written = doc.read_text()
    assert "old" not in written and "### Scenarios" in written and written.endswith(f"{cli.DOCS_END}\n")


def test_each_game_resumes_only_its_own_table(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'both.db'}"
    common = ["--db", db, "--no-images", "--seed", "2", "--players", "Kim"]
    assert run(["play", "exobase", *common], "quit\n")[0] == 0
    code, text = run(["play", "colony", *common, "--option", "scenario=rustveil"], "quit\n")
    assert code == 0 and "The Exoplanet Colony game begins: Kim." in text and "Resuming" not in text
    code, text = run(["play", "exobase", *common], "quit\n")
    assert code == 0 and "Resuming game #1 (exobase)" in text
    code, text = run(["play", "colony", *common], "quit\n")
    assert code == 0 and "Resuming game #2 (colony)" in text


@pytest.mark.parametrize("games", ["0", "-5", "many"])
def test_sim_refuses_a_game_count_below_one(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["sim", "exobase", "--games", games])
    assert stopped.value.code == 2
    assert "must be a whole number of at least 1" in capsys.readouterr().err


def test_a_table_that_cannot_begin_is_not_left_for_the_next_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'europa.db'}"
    code, _ = run(["play", "europa", "--db", db, "--players", "A,B,C,D,E"])
    assert code == 2 and "The table is full" in capsys.readouterr().err
    code, text = run(["play", "europa", "--db", db, "--players", "Ann,Bob"])
    assert code == 0 and "Resuming" not in text and "begins: Ann, Bob." in text


def test_the_console_refuses_a_dm_setting_that_is_neither_on_nor_off(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'sb.db'}"
    code, text = run(
        ["play", "spacebase", "--db", db, "--players", "Ann,Bob"], "/spacebase notify dm:maybe\n"
    )
    assert code == 0 and "'dm' is on or off." in text and "No DMs" not in text


def test_sim_and_docs_ignore_the_bot_settings_they_do_not_use(tmp_path: Path) -> None:
    # Settings of Discord and the database, all malformed: sim and docs need none of them.
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=\nDATABASE_URL=mysql://bot@host:99999/db\nDEV_GUILD_ID=my-server\nSYNC_COMMANDS=often\n"
    )
    code, text = run(["sim", "exobase", "--games", "2", "--seed", "1"])
    assert code == 0 and "2 games" in text
    code, text = run(["docs", "exobase"])
    assert code == 0 and "greenhouse" in text
    # Nor do they make the database's folder.
    assert not (tmp_path / "data").exists()


def test_sim_still_refuses_a_bad_setting_it_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / ".env").write_text("LOG_LEVEL=loud\n")
    assert run(["sim", "exobase", "--games", "1"])[0] == 2
    assert "LOG_LEVEL" in capsys.readouterr().err
    (tmp_path / ".env").write_text(f"EXOBASE_CONTENT_DIR={tmp_path / 'missing'}\n")
    assert run(["docs", "exobase"])[0] == 2
    assert "is not a folder" in capsys.readouterr().err


def test_play_with_db_is_not_stopped_by_the_database_url_it_overrides(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DATABASE_URL=mysql://bot@host/db\n")
    db = f"sqlite+aiosqlite:///{tmp_path / 'play.db'}"
    code, text = run(["play", "exobase", "--db", db, "--no-images", "--players", "Ann"], "quit\n")
    assert code == 0 and "Ann starts a game of ExoBase." in text
