"""Europa at the local console: a seat's private menus are numbered for that seat alone, and a
number left over from another seat's list never plays or names their card."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.local import Console, local_actor, open_table, run_console
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.europa import RULES

# "  4. Choose your next base card… Build Aurora Outpost (6 pts)  [/europa choose card:aurora_outpost]"
CHOICE = re.compile(
    r"^\s+(\d+)\. Choose your next base card… Build (.+?)  \[/europa choose card:\w+\]$", re.MULTILINE
)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'europa.db'}")
    await upgrade(engine)
    yield GameService(Repository(make_sessionmaker(engine)), render=False, seeds=lambda: 3)
    await engine.dispose()


async def _table(service: GameService, tmp_path: Path) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    console = Console(service, "europa", tmp_path / "images", out, local_actor("Ann"))
    await open_table(console, ["Ann", "Bob"], {})
    return console, out


async def test_a_number_from_anns_menu_typed_as_bob_is_refused_without_naming_it(
    service: GameService, tmp_path: Path
) -> None:
    console, out = await _table(service, tmp_path)
    listed = CHOICE.findall(out.getvalue())
    assert len(listed) == 5, out.getvalue()
    number, name = listed[0]
    ann_card = next(c for c in RULES.content.cards.values() if c.name == name)
    mark = len(out.getvalue())
    await run_console(console, io.StringIO(f"as Bob\n{number}\n"), interactive=False)
    said = out.getvalue()[mark:]
    assert "You are now Bob." in said
    assert f"! No choice {number} in the lists since the last move" in said
    assert ann_card.id not in said and ann_card.name not in said
    record = await service.repo.open_game(console.where.channel_id)
    assert record is not None and record.snapshot is not None
    assert RULES.from_json(record.snapshot).choice == [None, None]


async def test_each_seat_picks_its_base_from_its_own_numbered_menu(
    service: GameService, tmp_path: Path
) -> None:
    console, out = await _table(service, tmp_path)
    number, _name = CHOICE.findall(out.getvalue())[0]
    mark = len(out.getvalue())
    await run_console(console, io.StringIO(f"{number}\nas Bob\nhand\n"), interactive=False)
    said = out.getvalue()[mark:]
    assert "You chose" in said and "Ann has made a choice." in said
    bobs = CHOICE.findall(said)
    assert len(bobs) == 5
    await run_console(console, io.StringIO(f"{bobs[0][0]}\n"), interactive=False)
    assert "Bob has made a choice." in out.getvalue()
    assert "attempts to build" in out.getvalue()


async def test_a_base_typed_by_its_name_at_the_console_is_chosen(
    service: GameService, tmp_path: Path
) -> None:
    console, out = await _table(service, tmp_path)
    _number, name = CHOICE.findall(out.getvalue())[0]
    card = next(c for c in RULES.content.cards.values() if c.name == name)
    await run_console(console, io.StringIO(f"/europa choose 'card:{name.lower()}'\n"), interactive=False)
    assert "Ann has made a choice." in out.getvalue()
    record = await service.repo.open_game(console.where.channel_id)
    assert record is not None and record.snapshot is not None
    assert RULES.from_json(record.snapshot).choice[0] == card.id
