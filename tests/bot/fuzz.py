"""A seeded random player of every game through the real bot: legal moves, illegal ones, forged
buttons, strangers, stale clicks, out-of-phase commands and half-typed autocompletes.

``Fuzzer.step`` sends one raw interaction (parsed by discord.py as from the gateway) in one of
several channels, each with its own game; ``Fuzzer.check`` compares a stored game with the replay of
its log.
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from bot.app import GameBot
from bot.games.spec import CommandSpec, OptionSpec
from bot.replay import replay
from bot.replies import Actor, Where
from bot.ui.custom_ids import encode_control
from tests.bot.conftest import feed
from tests.bot.fake_discord import CHANNEL_ID, GUILD_ID, Call, FakeDiscord, Person
from tests.games import FRONTENDS, GAMES

PEOPLE = (
    Person(11, "Alice"),
    Person(12, "Bob"),
    Person(13, "Carl"),
    Person(14, "Dana"),
    Person(15, "Mod", manage_channels=True),
)
JUNK = ("", "zzz", "0", "-1", "999999", "a" * 120, "🙂", "None", "founder", "card:0", "@everyone")
LIFECYCLE = ("status", "rules", "undo", "abandon")
CHANNELS = (CHANNEL_ID, CHANNEL_ID + 1, CHANNEL_ID + 2)


@dataclass
class Tally:
    """What the fuzzer sent, by kind."""

    sent: int = 0
    legal: int = 0
    checks: int = 0
    # Games checked while in play, by kind.
    kinds: dict[str, int] = field(default_factory=dict)


class Fuzzer:
    def __init__(self, bot: GameBot, fake: FakeDiscord, seed: int) -> None:
        self.bot, self.fake, self.rng = bot, fake, random.Random(seed)
        self.messages: deque[Call] = deque(maxlen=40)
        self.tally = Tally()
        self.channel = CHANNELS[0]

    async def step(self) -> None:
        self.channel = self.rng.choice(CHANNELS)
        roll = self.rng.random()
        if roll < 0.45 and await self._legal_move():
            self.tally.legal += 1
        elif roll < 0.62:
            await self._send(self._random_command())
        elif roll < 0.74:
            await self._click()
        elif roll < 0.82:
            await self._send(self._autocomplete())
        elif roll < 0.9:
            await self._send(self._lifecycle())
        else:
            await self._send(self._start())

    async def _send(self, payload: dict[str, Any]) -> None:
        payload["channel_id"] = payload["channel"]["id"] = str(self.channel)
        mark = len(self.fake.calls)
        await feed(self.bot, payload)
        self.tally.sent += 1
        self.messages.extend(call for call in self.fake.calls[mark:] if call.custom_ids)
        # The fake keeps every call with its PNG bytes; a long run must not hold them all.
        del self.fake.calls[:]

    def _person(self) -> Person:
        return self.rng.choice(PEOPLE)

    def _game(self) -> str:
        return self.rng.choice(sorted(GAMES))

    async def _legal_move(self) -> bool:
        """The next step of a game: open one, fill and begin a lobby, or a seated player's legal move."""
        record = await self.bot.service.repo.open_game(self.channel)
        if record is None:
            game = self._game()
            await self._send(self.fake.command(self._person(), game, "start", **self._start_options(game)))
            return True
        if record.status == "lobby":
            await self._lobby_step(record.id, record.version, record.host_id, len(record.seats))
            return True
        seated = [p for p in PEOPLE if record.seat_of(p.user_id) is not None]
        person = self.rng.choice(seated)
        where = Where(GUILD_ID, self.channel)
        legal = await self.bot.service.legal(where, Actor(person.user_id, person.name))
        if not legal:
            return False
        _label, action = self.rng.choice(legal)
        spec = next(spec for spec in FRONTENDS[record.kind].commands if spec.kind == action.kind)
        await self._send(self.fake.command(person, record.kind, spec.name, **action.params))
        return True

    def _value(self, option: OptionSpec) -> Any:
        if option.type == "bool":
            return self.rng.random() < 0.5
        if option.type == "int":
            return self.rng.choice((0, 1, 2, 3, 4, -1, 7, 99, 2**40))
        if option.choices and self.rng.random() < 0.7:
            return self.rng.choice(option.choices)
        return self.rng.choice(JUNK)

    def _options(self, spec: CommandSpec) -> dict[str, Any]:
        return {
            option.name: self._value(option)
            for option in spec.options
            if option.required or self.rng.random() < 0.4
        }

    def _random_command(self) -> dict[str, Any]:
        game = self._game()
        spec = self.rng.choice(FRONTENDS[game].commands)
        return self.fake.command(self._person(), game, spec.name, **self._options(spec))

    def _autocomplete(self) -> dict[str, Any]:
        game = self._game()
        # Discord asks autocomplete only of options that have it: text and number options.
        specs = [spec for spec in FRONTENDS[game].commands if any(o.type != "bool" for o in spec.options)]
        spec = self.rng.choice(specs)
        options = self._options(spec)
        focused = self.rng.choice([option for option in spec.options if option.type != "bool"])
        options[focused.name] = str(self._value(focused))[:20]
        return self.fake.autocomplete(self._person(), game, spec.name, focused.name, **options)

    def _lifecycle(self) -> dict[str, Any]:
        return self.fake.command(self._person(), self._game(), self.rng.choice(LIFECYCLE))

    def _start(self) -> dict[str, Any]:
        game = self._game()
        options = {
            option.name: self._value(option)
            for option in FRONTENDS[game].start_options
            if self.rng.random() < 0.6
        }
        return self.fake.command(self._person(), game, "start", **options)

    def _start_options(self, game: str) -> dict[str, Any]:
        return {
            option.name: self.rng.choice(option.choices) if option.choices else self.rng.random() < 0.5
            for option in FRONTENDS[game].start_options
        }

    async def _lobby_step(self, game_id: int, version: int, host_id: int, seated: int) -> None:
        """Someone joins (while the table is small), else the host begins."""
        host = next(person for person in PEOPLE if person.user_id == host_id)
        if seated < 3 and self.rng.random() < 0.6:
            person, control = self._person(), "join"
        else:
            person, control = host, "begin"
        await self._click_id(person, encode_control(game_id, version, control))

    async def _click(self) -> None:
        """A click on a recent button (maybe stale, maybe someone else's), or on a forged one."""
        if not self.messages:
            await self._send(self._lifecycle())
            return
        message = self.rng.choice(self.messages)
        items = [
            item for row in message.message.get("components") or [] for item in row.get("components", [])
        ]
        component = self.rng.choice(items)
        custom_id = str(component["custom_id"])
        if self.rng.random() < 0.3:
            custom_id = self._forge(custom_id)
        await self._click_id(self._person(), custom_id, component)

    async def _click_id(
        self, person: Person, custom_id: str, component: dict[str, Any] | None = None
    ) -> None:
        """Click a button, or pick in a select menu, showing ``custom_id`` (a button by default)."""
        # discord.py rebuilds the clicked item from the message, so the message must show it.
        item = dict(component or {"type": 2, "style": 1, "label": "button"}, custom_id=custom_id)
        shown = {"content": "a message", "components": [{"type": 1, "components": [item]}]}
        delivered = self.fake._message(
            Call("POST", "/channels/{channel_id}/messages", "", shown), self.channel
        )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": item["type"]}
        if item["type"] == 3:
            offered = [str(option["value"]) for option in item.get("options", [])] or ["0"]
            data["values"] = self.rng.sample(offered, self.rng.randint(1, len(offered)))
        await self._send(self.fake._interaction(3, person, data, message=delivered))

    def _forge(self, custom_id: str) -> str:
        """Another game, another version, or a damaged body."""
        numbers = re.findall(r"\d+", custom_id)
        if not numbers or self.rng.random() < 0.25:
            return custom_id[: self.rng.randint(0, len(custom_id))] + self.rng.choice(JUNK)[:10]
        target = self.rng.choice(numbers)
        forged = str(int(target) + self.rng.choice((-2, -1, 1, 5, 10**6)))
        return custom_id.replace(target, forged, 1)

    async def check(self, game_id: int | None = None) -> int | None:
        """Stored state == replay of the log for the open game of the step's channel (or
        ``game_id``, finished or not); returns its id."""
        repo = self.bot.service.repo
        record = await repo.open_game(self.channel) if game_id is None else await repo.get_game(game_id)
        if record is None or record.snapshot is None:
            return None
        if record.status == "active":
            self.tally.kinds[record.kind] = self.tally.kinds.get(record.kind, 0) + 1
        rules = GAMES[record.kind]
        state = replay(rules, record, await repo.actions(record.id))
        # Compared as stored: JSON turns tuples into lists.
        replayed = json.loads(json.dumps(rules.to_json(state)))
        assert replayed == record.snapshot, f"game {record.id} differs from its log"
        self.tally.checks += 1
        return record.id
