"""What the service hands back to a front end (Discord or the local console).

Plain data, no Discord types: the cogs turn a Reply into a message, the
console prints it and writes its images to files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.core import Action

Style = Literal["primary", "secondary", "success", "danger"]
Control = Literal["join", "leave", "begin", "abandon", "undo", "pick"]


@dataclass(frozen=True)
class Where:
    """A channel (or thread) of a guild; ``guild_id`` is None in DMs and the local console."""

    guild_id: int | None
    channel_id: int


@dataclass(frozen=True)
class Actor:
    """The person acting; ``can_manage`` is true for holders of Manage Channels."""

    user_id: int
    name: str
    can_manage: bool = False


@dataclass(frozen=True)
class Image:
    filename: str
    data: bytes
    description: str


@dataclass(frozen=True)
class Button:
    """A next step offered under a message.

    Exactly one of ``action`` (an engine action) or ``control`` (a lifecycle
    step) is set. ``game_id`` and ``version`` make the click refusable once stale.
    """

    label: str
    game_id: int
    version: int
    action: Action | None = None
    control: Control | None = None
    style: Style = "secondary"


@dataclass(frozen=True)
class PrivateMessage:
    """Something only ``user_id`` may see (a hand); sent by DM, with a channel fallback."""

    user_id: int
    text: str
    images: tuple[Image, ...] = ()


@dataclass
class Reply:
    text: str
    images: list[Image] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    ephemeral: bool = False
    mentions: list[int] = field(default_factory=list)
    private: list[PrivateMessage] = field(default_factory=list)
