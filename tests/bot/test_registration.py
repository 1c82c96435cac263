"""What the bot tells Discord about its commands, read from the sync request it sends at login."""

from __future__ import annotations

from typing import Any

from bot.app import GameBot
from tests.bot.fake_discord import FakeDiscord

STRING, INTEGER, BOOLEAN, SUBCOMMAND = 3, 4, 5, 1


def _synced(fake: FakeDiscord) -> dict[str, dict[str, Any]]:
    sync = next(call for call in fake.calls if call.method == "PUT" and call.path.endswith("/commands"))
    assert isinstance(sync.payload, list)
    return {command["name"]: command for command in sync.payload}


def _subcommands(command: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {sub["name"]: sub for sub in command["options"] if sub["type"] == SUBCOMMAND}


def _options(sub: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {option["name"]: option for option in sub.get("options", [])}


async def test_every_action_and_lifecycle_step_is_a_subcommand(bot: GameBot, fake: FakeDiscord) -> None:
    commands = _synced(fake)
    assert {"exobase", "help"} <= set(commands)
    subs = set(_subcommands(commands["exobase"]))
    lifecycle = {"start", "status", "rules", "undo", "abandon"}
    actions = {"work", "task", "upgrade", "build", "repair", "instant", "end-placement", "roll", "target"}
    actions |= {"pay", "relocate", "tuck", "rest", "next-day", "flip", "power-down", "power-up"}
    assert subs == lifecycle | actions


async def test_action_options_are_typed_and_autocompleted(bot: GameBot, fake: FakeDiscord) -> None:
    work = _options(_subcommands(_synced(fake)["exobase"])["work"])
    assert [name for name in work] == ["founder", "card", "space", "resource"]
    assert work["space"]["type"] == INTEGER and work["founder"]["type"] == STRING
    assert all(option["autocomplete"] for option in work.values())
    assert [option["required"] for option in work.values()] == [True, True, True, False]


async def test_start_offers_the_game_options_as_fixed_choices(bot: GameBot, fake: FakeDiscord) -> None:
    start = _options(_subcommands(_synced(fake)["exobase"])["start"])
    assert [choice["value"] for choice in start["mode"]["choices"]] == ["normal", "hardcore"]
    assert start["team"]["type"] == BOOLEAN
    assert not any(option.get("required") for option in start.values())


async def test_colony_registers_its_actions_and_a_scenario_autocomplete(
    bot: GameBot, fake: FakeDiscord
) -> None:
    colony = _subcommands(_synced(fake)["colony"])
    actions = {"character", "draw", "give", "take", "deploy", "move", "generate", "repair", "switch"}
    actions |= {"recover", "special", "play", "place", "discard", "end-turn"}
    assert set(colony) == {"start", "status", "rules", "undo", "abandon"} | actions
    start = _options(colony["start"])
    assert list(start) == ["scenario", "turn-time", "reminders", "thread"]
    assert start["scenario"]["autocomplete"] and "choices" not in start["scenario"]
    deploy = _options(colony["deploy"])
    assert list(deploy) == ["card", "at", "pay"] and all(option["autocomplete"] for option in deploy.values())
    assert _options(colony["give"])["seat"]["type"] == INTEGER
