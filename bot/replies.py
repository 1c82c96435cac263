"""What the service hands back to a front end (Discord or the local console).

Plain data, no Discord types: the cogs turn a Reply into a message, the
console prints it and writes its images to files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.core import Action

Style = Literal["primary", "secondary", "success", "danger"]
Control = Literal[
    "join", "leave", "add_ai", "remove_ai", "begin", "abandon", "undo", "pick", "mine", "rematch"
]


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
class Option:
    """One entry of a select menu: the engine action picking it makes (a single choice), or the
    ``value`` it adds to the menu's gathered argument (a multiple choice)."""

    label: str
    action: Action | None = None
    value: str = ""
    description: str = ""


@dataclass(frozen=True)
class Gather:
    """A multiple choice: the picked values, sorted and comma-joined, become argument ``arg`` of a
    ``kind`` action (a redraw's discards), with ``flag`` set to ``on`` when given."""

    kind: str
    arg: str
    # A fixed yes/no argument the action also carries (a redraw's ``six``), or None.
    flag: str | None = None
    on: bool = False

    def action(self, values: list[str]) -> Action:
        fixed = {} if self.flag is None else {self.flag: self.on}
        return Action.of(self.kind, **{self.arg: ",".join(sorted(values))}, **fixed)


@dataclass(frozen=True)
class Button:
    """A next step offered under a message: a button, or a select menu when ``options`` is set.

    A button has exactly one of ``action`` (an engine action) or ``control`` (a lifecycle
    step). A select menu (``label`` its placeholder) has ``options``, each naming its action, or
    with ``gather`` a multiple choice. ``game_id`` and ``version`` make the click refusable once
    stale: a lifecycle step must match the version exactly, an action only has to be still legal
    for the clicker who has not acted since ``version`` (another seat's move leaves it alive).
    """

    label: str
    game_id: int
    version: int
    action: Action | None = None
    control: Control | None = None
    style: Style = "secondary"
    options: tuple[Option, ...] = ()
    gather: Gather | None = None

    @property
    def is_select(self) -> bool:
        return bool(self.options)


@dataclass(frozen=True)
class PrivateMessage:
    """What only ``user_id`` (seat ``seat``) may see: their view, private events and own buttons.

    Sent by DM; when the DM is refused the channel says to use the "My hand" button, which shows
    the same thing ephemerally. The game never waits on it.
    """

    user_id: int
    text: str
    images: tuple[Image, ...] = ()
    buttons: tuple[Button, ...] = ()
    seat: int | None = None


@dataclass
class Reply:
    """A message for the channel (or, ``ephemeral``, for the actor alone) plus private deliveries.

    ``channel_id`` names the game's channel when it differs from where the interaction came
    from (a click in a DM posts its public part in the game's channel); ``game_id`` names the game
    a board shows (so a board Discord refused can be posted whole next time) and ``version`` the
    game version it shows: once the board is posted, that version counts as shown in the channel.
    """

    text: str
    images: list[Image] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    ephemeral: bool = False
    mentions: list[int] = field(default_factory=list)
    private: list[PrivateMessage] = field(default_factory=list)
    channel_id: int | None = None
    game_id: int | None = None
    version: int | None = None
