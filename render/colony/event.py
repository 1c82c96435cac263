"""The event card just revealed: normal or critical, what the card says and what it did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.colony.model import Content
from engine.core import Event
from render.canvas import Canvas
from render.colony.common import CRITICAL, HEIGHT_LIMIT, MARGIN, NORMAL, WIDTH, View
from render.colony.describe import event_effects
from render.theme import TEXT, TEXT_DIM, ink_on

# Rows the canvas starts with: room for a usual event card (a bigger one grows the canvas).
START = 768
REVEALED = "event_revealed"
# Turn bookkeeping after the event is the next turn's business, not the event's.
NOT_EFFECTS = frozenset({"turn_started"})


@dataclass(frozen=True)
class Revealed:
    """An event card revealed by an action and the engine's sentences for what followed it."""

    card: str
    name: str
    critical: bool
    outcomes: tuple[str, ...]


def revealed_event(events: Sequence[Event], view: View, cards: Content) -> Revealed | None:
    """The last event card revealed among ``events`` (named from ``cards``), or None when none was."""
    index = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == REVEALED), None)
    if index is None:
        return None
    data = events[index].data
    card = str(data.get("card", ""))
    known = cards.events.get(card)
    last = view.get("last_event") or {}
    name = known.name if known else str(last.get("name") or card)
    places = {str(m.get("at")): str(m.get("name", "")) for m in view.get("grid", [])}
    outcomes = tuple(
        readable(e.text, places) for e in events[index + 1 :] if e.kind not in NOT_EFFECTS and e.text
    )
    return Revealed(card, name, bool(data.get("critical")), outcomes)


def readable(text: str, places: dict[str, str]) -> str:
    """An engine sentence with arrows drawn as arrows and module coordinates given their names."""
    text = text.replace("->", "\u2192")
    for at, name in places.items():
        text = text.replace(f"on {at}:", f"on {name} ({at}):").replace(f"at {at}.", f"at {name} ({at}).")
    return text


def render_event(revealed: Revealed, view: View, cards: Content) -> bytes:
    """The revealed event as a PNG (never raises for unknown card ids: they just get no card text)."""
    canvas = draw_event(revealed, view, cards)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_event(revealed: Revealed, view: View, cards: Content) -> Canvas:
    """The drawn event card; ``canvas.bottom`` is the lowest pixel used (tests check its text boxes)."""
    canvas = Canvas(WIDTH, HEIGHT_LIMIT, start=START)
    colour = CRITICAL if revealed.critical else NORMAL
    left, right = MARGIN, WIDTH - MARGIN
    inner = right - left - 60
    band = 70
    x = left + 30
    kind = "CRITICAL EVENT" if revealed.critical else "Normal event"
    remaining = f"{int(view.get('event_deck_count', 0))} left in the event deck"
    canvas.rect((left, MARGIN, right, MARGIN + band), colour, radius=16)
    kind_box = canvas.text(x, MARGIN + band // 2, kind, 34, ink_on(colour), anchor="lm")
    canvas.text(right - 30, MARGIN + band // 2, remaining, 24, ink_on(colour), bold=False, anchor="rm")
    y = MARGIN + band + 24
    canvas.text(x, y, revealed.name, 46, TEXT, max_width=inner)
    y += 72
    scenario = str((view.get("scenario") or {}).get("id", ""))
    said = event_effects(cards, revealed.card, scenario)
    if said:
        canvas.text(x, y, "The card", 26, colour)
        y += 40
        for line in said:
            y = canvas.paragraph(
                x + 20, y, f"\u2022 {line[:1].upper()}{line[1:]}", 28, TEXT, inner - 20, step=36
            )
        y += 14
    canvas.text(x, y, "What happened", 26, colour)
    y += 40
    for line in revealed.outcomes or ("Nothing changed.",):
        y = canvas.paragraph(x + 20, y, f"\u2022 {line}", 26, TEXT_DIM, inner - 20, step=34)
    frame_bottom = y + 16
    outline = (MARGIN, MARGIN, right, frame_bottom)
    canvas.rect(outline, None, outline=colour, width=8 if revealed.critical else 4, radius=16)
    canvas.bottom = max(canvas.bottom, frame_bottom, kind_box[3])
    return canvas
