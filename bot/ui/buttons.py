"""Restart-proof buttons: everything a click needs is in its custom id.

The two DynamicItem classes are registered on the bot once; a click on any
message they ever produced (before or after a restart) is matched by its
custom id, decoded, and handed to the ``game_button`` event, whose listener
asks the service. Keeping the service out of this module keeps it pure UI.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.replies import Button
from bot.ui.custom_ids import (
    ACTION_TEMPLATE,
    CONTROL_TEMPLATE,
    CustomIdError,
    Target,
    decode_action_body,
    encode_action,
    encode_control,
)

BUTTON_EVENT = "game_button"
UNREADABLE = "unreadable"
MAX_BUTTONS = 25
PER_ROW = 5
LABEL_LIMIT = 80
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _label(text: str) -> str:
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"


def _looks(item: discord.ui.Item[Any]) -> tuple[str, str, discord.ButtonStyle, int | None]:
    """Custom id, label, style and row of the clicked component, to rebuild it as a dynamic item."""
    if not isinstance(item, discord.ui.Button):
        raise TypeError("Game custom ids belong to buttons.")
    return item.custom_id or "", item.label or "", item.style, item.row


class _GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """Shared click behaviour: announce the decoded target to the bot's listener."""

    def __init__(
        self, target: Target, custom_id: str, label: str, style: discord.ButtonStyle, row: int | None
    ):
        super().__init__(discord.ui.Button(label=_label(label), style=style, custom_id=custom_id, row=row))
        self.target = target

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        interaction.client.dispatch(BUTTON_EVENT, interaction, self.target)


class ActionButton(_GameButton, template=ACTION_TEMPLATE):
    """A button that applies one engine action to one version of one game."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        game, version = int(match["game"]), int(match["version"])
        try:
            target = Target(game, version, action=decode_action_body(match["body"]))
        except CustomIdError:
            # A button from an older format still gets an answer instead of a silent failure.
            target = Target(game, version, control=UNREADABLE)
        return cls(target, *_looks(item))


class ControlButton(_GameButton, template=CONTROL_TEMPLATE):
    """A lifecycle button (join, leave, begin, abandon, undo) for one version of one game."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ControlButton:
        target = Target(int(match["game"]), int(match["version"]), control=match["control"])
        return cls(target, *_looks(item))


def make_item(button: Button, row: int | None = None) -> _GameButton:
    """The Discord item for a Button spec; raises CustomIdError when its action does not fit a custom id."""
    style = _STYLES[button.style]
    if button.action is not None:
        target = Target(button.game_id, button.version, action=button.action)
        custom_id = encode_action(button.game_id, button.version, button.action)
        return ActionButton(target, custom_id, button.label, style, row)
    if button.control is None:
        raise ValueError("A button needs an action or a control.")
    target = Target(button.game_id, button.version, control=button.control)
    custom_id = encode_control(button.game_id, button.version, button.control)
    return ControlButton(target, custom_id, button.label, style, row)


def build_view(buttons: list[Button]) -> discord.ui.View | None:
    """A view holding the first 25 distinct buttons, five to a row; None when there are none.

    The view never times out: the items are dynamic, so the library keeps no
    per-message state for them and clicks are routed by custom id.
    """
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    seen: set[str] = set()
    for button in buttons:
        item = make_item(button, row=len(seen) // PER_ROW)
        # Discord rejects a message whose components repeat a custom id.
        if item.custom_id in seen:
            continue
        seen.add(item.custom_id)
        view.add_item(item)
        if len(seen) == MAX_BUTTONS:
            break
    return view
