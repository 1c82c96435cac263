"""Restart-proof buttons and select menus: everything a click needs is in its custom id.

The DynamicItem classes are registered on the bot once; a click on any
message they ever produced (before or after a restart) is matched by its
custom id, decoded, and handed to the ``game_button`` event, whose listener
asks the service. Keeping the service out of this module keeps it pure UI.

A select menu's custom id holds the game, the version and its place in the message; each option's
value holds its action (``<kind>|<arg>...``, as in a button's custom id), or for a multiple choice
(``...:<n>:<kind>.<arg>``) a card id that joins the others picked. Whatever is picked goes through
the same service check as a button: still legal for the player who picks it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.replies import Button, Gather
from bot.ui.custom_ids import (
    ACTION_TEMPLATE,
    CONTROL_TEMPLATE,
    MAX_LENGTH,
    CustomIdError,
    Target,
    decode_action_body,
    encode_action,
    encode_control,
)
from engine.core import Action

log = logging.getLogger(__name__)

BUTTON_EVENT = "game_button"
UNREADABLE = "unreadable"
PER_ROW = 5
ROWS = 5
LABEL_LIMIT = 80
OPTION_LIMIT = 100
MAX_OPTIONS = 25
# Selects take a whole row each; one row always stays for the buttons (pass, stop, give up...).
MAX_SELECTS = ROWS - 1
SELECT_TEMPLATE = (
    r"xs:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<n>[0-9]+)"
    r"(?::(?P<kind>[a-z_]+)\.(?P<arg>[a-z_]+)(?:\+(?P<flag>[a-z_]+)=(?P<on>[01]))?)?"
)
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


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A select menu whose pick is one engine action (or, gathering, one action from several picks)."""

    def __init__(self, select: discord.ui.Select[Any], game_id: int, version: int, gather: Gather | None):
        super().__init__(select)
        self.game_id, self.version, self.gather = game_id, version, gather

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        if not isinstance(item, discord.ui.Select):
            raise TypeError("Game select ids belong to select menus.")
        gather = (
            Gather(match["kind"], match["arg"], match["flag"], match["on"] == "1") if match["kind"] else None
        )
        return cls(item, int(match["game"]), int(match["version"]), gather)

    def target(self, values: list[str]) -> Target:
        """The action the picked ``values`` stand for; an unreadable pick still gets an answer."""
        try:
            if self.gather is not None:
                return Target(self.game_id, self.version, action=self.gather.action(values))
            if len(values) == 1:
                return Target(self.game_id, self.version, action=decode_action_body(values[0]))
        except (CustomIdError, ValueError):
            pass
        return Target(self.game_id, self.version, control=UNREADABLE)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        interaction.client.dispatch(BUTTON_EVENT, interaction, self.target(list(self.item.values)))


def _option_value(action: Action) -> str:
    """An action as an option value: the body of its button custom id."""
    value = encode_action(0, 0, action).removeprefix("xa:0:0:")
    if len(value) > OPTION_LIMIT:
        raise CustomIdError(f"The choice {action} does not fit in a select option.")
    return value


def _options(button: Button) -> list[discord.SelectOption]:
    """The menu's options (the first 25); an option whose action does not fit is left out and logged."""
    options: list[discord.SelectOption] = []
    for o in button.options[:MAX_OPTIONS]:
        try:
            value = o.value if o.action is None else _option_value(o.action)
        except CustomIdError:
            _skipped(button.game_id, o.action.kind if o.action is not None else "option")
            continue
        options.append(
            discord.SelectOption(
                label=_label(o.label), value=value, description=o.description[:OPTION_LIMIT] or None
            )
        )
    return options


def make_select(button: Button, n: int, row: int | None = None) -> ActionSelect:
    """The Discord select menu for a Button spec with options (the first 25 of them that fit);
    raises CustomIdError when its custom id does not fit or none of its options does."""
    custom_id = f"xs:{button.game_id}:{button.version}:{n}"
    gather = button.gather
    if gather is not None:
        custom_id += f":{gather.kind}.{gather.arg}"
        if gather.flag is not None:
            custom_id += f"+{gather.flag}={int(gather.on)}"
    if len(custom_id) > MAX_LENGTH:
        raise CustomIdError("The select menu does not fit in a custom id.")
    options = _options(button)
    if not options:
        raise CustomIdError("No option of the select menu fits in a custom id.")
    many = len(options) if button.gather is not None else 1
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id,
        placeholder=_label(button.label),
        options=options,
        min_values=1,
        max_values=many,
        row=row,
    )
    return ActionSelect(select, button.game_id, button.version, button.gather)


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


def _skipped(game_id: int, kind: str) -> None:
    # Only the kind is logged: the arguments may name a card of a secret hand. The move that led
    # here is saved already, so its message goes out without this one step (a subcommand still has it).
    log.warning(
        "Game %s: a %s choice does not fit in a Discord custom id; it is left off the message", game_id, kind
    )


def build_view(buttons: list[Button]) -> discord.ui.View | None:
    """A view with the select menus first (one row each, at most four) and then the first distinct
    buttons, five to a row, in the rows left; None when there is nothing to show. A component whose
    custom id would not fit is left out (and logged) rather than failing the whole message.

    The view never times out: the items are dynamic, so the library keeps no
    per-message state for them and clicks are routed by custom id.
    """
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    rows = 0
    for spec in [b for b in buttons if b.is_select][:MAX_SELECTS]:
        try:
            view.add_item(make_select(spec, rows, row=rows))
        except CustomIdError:
            _skipped(spec.game_id, "menu")
            continue
        rows += 1
    room = (ROWS - rows) * PER_ROW
    seen: set[str] = set()
    for button in (b for b in buttons if not b.is_select):
        if len(seen) == room:
            break
        try:
            item = make_item(button, row=rows + len(seen) // PER_ROW)
        except CustomIdError:
            _skipped(button.game_id, button.action.kind if button.action is not None else "button")
            continue
        # Discord rejects a message whose components repeat a custom id.
        if item.custom_id in seen:
            continue
        seen.add(item.custom_id)
        view.add_item(item)
    return view if rows or seen else None
