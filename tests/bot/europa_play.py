"""Playing Europa through the fake Discord as players do: picks from the private select menus and
buttons of a DM or of the ephemeral "My hand" reply, slash commands for the rest; and what counts
as a secret at a given moment of the game."""

from __future__ import annotations

import json
from typing import Any

from bot.app import GameBot
from bot.ui.custom_ids import encode_action
from engine.core import Action
from engine.europa import RULES
from engine.europa.state import EuropaState
from tests.bot.conftest import posted
from tests.bot.fake_discord import (
    CHANNEL_ID,
    EPHEMERAL,
    Call,
    FakeDiscord,
    Person,
    dm_click,
    dm_recipient,
)

SELECT = 3


async def stored_state(bot: GameBot, game_id: int | None = None) -> EuropaState:
    """The channel's open game (or game ``game_id``, finished or not), as saved."""
    repo = bot.service.repo
    record = await (repo.open_game(CHANNEL_ID) if game_id is None else repo.get_game(game_id))
    assert record is not None and record.snapshot is not None
    state: EuropaState = RULES.from_json(record.snapshot)
    return state


def body(action: Action) -> str:
    """An action as it sits at the end of a button's custom id or in a select option's value."""
    return encode_action(0, 0, action).removeprefix("xa:0:0:")


def components(message: Call) -> list[dict[str, Any]]:
    return [item for row in message.message.get("components") or [] for item in row.get("components", [])]


def typed(action: Action) -> dict[str, Any]:
    """An action's arguments as a player types them in its slash command (dice counted from 1)."""
    from bot.games.europa import FRONTEND

    out: dict[str, Any] = {}
    for name, value in action.params.items():
        spec = FRONTEND.option(action.kind, name)
        out[name] = value if spec is None else spec.shown(value)
    return out


def interaction_for(
    fake: FakeDiscord, person: Person, message: Call, action: Action
) -> dict[str, Any] | None:
    """The component interaction that makes ``action`` from ``message`` (a DM or an ephemeral reply in
    the channel), or None when the message offers no way to make it."""
    wanted = body(action)
    picks = set(str(action.get("discard") or "").split(",")) - {""} if action.kind == "redraw" else set()
    for item in components(message):
        custom_id = str(item.get("custom_id", ""))
        if item.get("type") == SELECT:
            values = [o["value"] for o in item.get("options", [])]
            six = action.get("six")
            flag = "" if six is None else f"+six={int(bool(six))}"
            gathers = custom_id.endswith(f":{action.kind}.discard{flag}")
            if gathers and picks and picks <= set(values):
                return _component(fake, person, message, custom_id, SELECT, sorted(picks))
            if wanted in values:
                return _component(fake, person, message, custom_id, SELECT, [wanted])
        elif custom_id.startswith("xa:") and custom_id.split(":", 3)[3] == wanted:
            return _component(fake, person, message, custom_id, 2, None)
    return None


def _component(
    fake: FakeDiscord, person: Person, message: Call, custom_id: str, kind: int, values: list[str] | None
) -> dict[str, Any]:
    """A click (or a select pick with ``values``), parsed by discord.py like Discord's own."""
    in_dm = dm_recipient(fake, message) is not None
    payload = dm_click(fake, person, message, custom_id) if in_dm else fake.click(person, message, custom_id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = values
    payload["data"] = data
    return payload


def public(fake: FakeDiscord, calls: list[Call]) -> list[Call]:
    """What everyone in the channel sees: neither ephemeral nor a DM."""
    return [c for c in posted(calls) if not c.flags & EPHEMERAL and dm_recipient(fake, c) is None]


def public_text(call: Call) -> str:
    """Every word a public message carries: content, embeds, labels, custom ids, option values,
    attachment names and alt text, and the names of the files sent."""
    return json.dumps(call.payload) + " " + " ".join(name for name, _data in call.files)


def secrets(state: EuropaState, before: EuropaState) -> set[str]:
    """Ids and names of the cards the table may not see after a step from ``before`` to ``state``:
    hands, face-down base and plan choices, the hidden parts of planning cards and the Built piles
    (a base is announced as it is built, so only the cards already built before the step count),
    unless the table view shows them."""
    table = json.dumps(RULES.view(state, None))
    content = RULES.content.cards
    hidden: set[str] = set()
    for seat in range(state.seats):
        built = [c for c in state.built[seat] if c in before.built[seat]]
        cards = [*state.hands[seat], *built, *state.plans[seat]]
        cards += [
            c for c in (state.choice[seat], state.plan_choice[seat]) if c not in (None, "finalize", "none")
        ]
        for cid in cards:
            hidden |= {text for text in (cid, content[cid].name) if f'"{text}"' not in table}
    return hidden


def leaks(texts: list[str], hidden: set[str]) -> list[str]:
    return sorted({secret for text in texts for secret in hidden if secret in text})
