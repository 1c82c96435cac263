"""Dice rolls: one line per roll with its label and the dice drawn with pips."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Event
from render.canvas import Canvas, text_width
from render.exobase.common import MARGIN, WIDTH, View, founders_by_id, who
from render.exobase.panel import card_names
from render.icons import die_face
from render.theme import BAD, TEXT

DIE = 84
MIN_WIDTH = 480
ROW = 150
HIT_FACE = (255, 205, 205)
PLAIN_FACE = (245, 245, 250)
PIP = (15, 15, 25)


@dataclass(frozen=True)
class Roll:
    """One roll to show: a label and its dice; dice flagged in ``hits`` are drawn in red (a cost)."""

    label: str
    dice: tuple[int, ...]
    hits: tuple[bool, ...] = ()


def render_dice(rolls: Sequence[Roll]) -> bytes:
    """The rolls as a PNG, one line each; raises ValueError when there is no roll to draw."""
    return draw_dice(rolls).png()


def draw_dice(rolls: Sequence[Roll]) -> Canvas:
    """The drawn rolls; raises ValueError when ``rolls`` is empty."""
    if not rolls:
        raise ValueError("There are no dice to draw.")
    # As narrow as the rolls allow, so a chat preview shows the dice as large as possible.
    needed = max(max(text_width(r.label, 30), len(r.dice) * (DIE + 18)) for r in rolls) + 2 * MARGIN
    canvas = Canvas(min(WIDTH, max(MIN_WIDTH, needed)), MARGIN * 2 + ROW * len(rolls))
    y = MARGIN
    for roll in rolls:
        canvas.text(MARGIN, y, roll.label, 30, TEXT, max_width=canvas.width - 2 * MARGIN)
        x = MARGIN
        for index, value in enumerate(roll.dice):
            hit = index < len(roll.hits) and roll.hits[index]
            die_face(
                canvas, x, y + 46, DIE, value, face=HIT_FACE if hit else PLAIN_FACE, pip=BAD if hit else PIP
            )
            x += DIE + 18
        y += ROW
    return canvas


def is_roll(event: Event) -> bool:
    """Whether the event carries dice (the bot shows those as a dice image)."""
    return "dice" in event.data or "die" in event.data


def rolls_from_events(events: Iterable[Event], view: View) -> list[Roll]:
    """A labelled Roll for every event that rolled dice, in order."""
    return [roll_of(event, view) for event in events if is_roll(event)]


def roll_of(event: Event, view: View) -> Roll:
    data: Mapping[str, Any] = event.data
    if event.kind == "hazard_roll":
        die, total = int(data.get("die", 0)), int(data.get("total", 0))
        label = f"Hazard: d6 {die} + day {int(data.get('day', 0))} = {total}  ·  {data.get('name', '')}"
        return Roll(label, (die,))
    if event.kind == "danger_roll":
        dice = tuple(int(d) for d in data.get("dice", []))
        name = who(founders_by_id(view), str(data.get("founder", ""))).name
        lost = int(data.get("lost", 0))
        count = f"{len(dice)} {'die' if len(dice) == 1 else 'dice'}"
        label = f"Danger, {name}: {count}, lost {lost} health (1-4 hurts)"
        return Roll(label, dice, tuple(d <= 4 for d in dice))
    if event.kind == "target_roll":
        return Roll(f"Target roll: {_target_label(view, data)}", (int(data.get("die", 0)),))
    dice = tuple(int(d) for d in data.get("dice", [])) or (int(data.get("die", 0)),)
    return Roll(event.text or event.kind.replace("_", " "), dice)


def _target_label(view: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    """Where a target roll landed: a location, a tie for the player to break, or a reroll."""
    names = card_names(view)

    def named(card: object) -> str:
        return names.get(str(card), str(card).replace("_", " ").title())

    if data.get("card"):
        # The event names it: a location the hit destroyed is no longer in the view.
        return str(data.get("name") or named(data["card"]))
    tied = data.get("tied")
    if tied:
        return "tie, you choose: " + " or ".join(named(c) for c in tied)
    return "no match, roll again"
