"""The card rows: the location row (what can be built) and the task row (work for abilities)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from render.canvas import Canvas
from render.exobase.common import MARGIN, WIDTH, View, Who, founders_by_id, readable, who
from render.icons import bolt, die_number, founder_disc, warning
from render.theme import ACCENT, GOOD, OUTLINE, TEXT, TEXT_DIM, resource_colour

HEIGHT_LIMIT = 2400
# Rows the canvas starts with: room for a usual pair of rows (a bigger one grows the canvas).
START = 896
COLS = 4
GUTTER = 18
PAD = 14
SIZE = 24
STEP = 31
# The location side's details under the build facts: a little smaller, 12 px at Discord's preview.
NOTE = 24
NOTE_STEP = 30
NAME = 26
NAME_STEP = 32
CARD_W = (WIDTH - 2 * MARGIN - (COLS - 1) * GUTTER) // COLS

Card = Mapping[str, Any]


def render_rows(view: View) -> bytes:
    """The location row and the task row as a PNG (empty slots are marked as such)."""
    canvas = draw_rows(view)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_rows(view: View) -> Canvas:
    canvas = Canvas(WIDTH, HEIGHT_LIMIT, start=START)
    markers = founders_by_id(view)
    canvas.text(MARGIN, MARGIN, "Location row  ·  build into your base", 32, TEXT)
    y = row(canvas, view.get("location_row") or [], MARGIN + 52, markers, location_card)
    pile = int(view.get("pile_count", 0))
    # While the rows are refilled (a flip is chosen), the task cards show the location side they
    # would bring into play.
    flipping = view.get("phase") == "refill"
    title = "choose one to flip into the location row" if flipping else "work for a reward and an ability"
    canvas.text(
        MARGIN, y + 24, f"Task row  ·  {title}  ·  pile {pile}", 32, TEXT, max_width=WIDTH - 2 * MARGIN
    )
    row(canvas, view.get("task_row") or [], y + 76, markers, flip_card if flipping else task_card)
    return canvas


def flip_card(canvas: Canvas, card: Card, x: int, y: int, markers: Mapping[str, Who]) -> int:
    """A task card seen from its location side, with the task it is now, for the flip choice."""
    location = card.get("location")
    if not location:
        return task_card(canvas, card, x, y, markers)
    if card.get("from_pile"):
        canvas.text(x + PAD, y, "TOP OF PILE", 22, ACCENT)
        y += 30
    y = location_card(canvas, location, x, y, markers)
    task = f"now the task {card.get('name', '')}"
    return canvas.paragraph(x + PAD, y + 4, task, SIZE, TEXT_DIM, CARD_W - 2 * PAD, condensed=True, step=STEP)


def row(canvas: Canvas, cards: Sequence[Card | None], y: int, markers: Mapping[str, Who], draw: Any) -> int:
    """Draw up to four cards side by side with a shared height; returns the y below the row."""
    bottom = y + 120
    for index in range(COLS):
        card = cards[index] if index < len(cards) else None
        x = MARGIN + index * (CARD_W + GUTTER)
        if card is None:
            canvas.text(x + PAD, y + PAD, "empty", SIZE, TEXT_DIM, bold=False)
            continue
        # Cards lie on the bare background; their frames come after, around them.
        block = partial(draw, canvas, card, x, y + PAD, markers)
        name = f"exobase/rows/{draw.__name__}"
        bottom = max(bottom, canvas.column_piece(name, (x, y, x + CARD_W), block, card, markers) + PAD)
    for index in range(COLS):
        x = MARGIN + index * (CARD_W + GUTTER)
        filled = index < len(cards) and cards[index] is not None
        canvas.rect(
            (x, y, x + CARD_W, bottom), None, outline=OUTLINE if filled else (50, 56, 80), width=3, radius=12
        )
    return bottom


def occupant(canvas: Canvas, x: int, y: int, founder: Any, markers: Mapping[str, Who], verb: str) -> int:
    if not founder:
        return y
    marker = who(markers, str(founder))
    founder_disc(canvas, x + PAD + 16, y + 16, 16, marker.initials, marker.colour)
    canvas.text(
        x + PAD + 40, y + 3, f"{marker.name} {verb}", SIZE, TEXT, bold=False, max_width=CARD_W - 2 * PAD - 40
    )
    return y + 40


def location_card(canvas: Canvas, card: Card, x: int, y: int, markers: Mapping[str, Who]) -> int:
    """Name and die value, doors, cost per resource, energy, benefit and builder; returns the y below."""
    inner = CARD_W - 2 * PAD
    die_number(canvas, x + PAD, y, 36, int(card.get("dice", 0)))
    # A long name wraps beside the die rather than shrinking or losing its end.
    name = str(card.get("name", card["card"]))
    end = canvas.paragraph(
        x + PAD + 46, y + 4, name, NAME, TEXT, inner - 46, bold=True, condensed=True, step=NAME_STEP
    )
    y = max(y + 48, end + 10)
    doors = "".join(card.get("doors", [])) or "none"
    canvas.text(x + PAD, y, f"Doors: {doors}", SIZE, TEXT_DIM, bold=False)
    y += STEP + 4
    cost = {str(k): int(v) for k, v in (card.get("cost") or {}).items() if int(v)}
    if not cost:
        canvas.text(x + PAD, y, "Cost: free", SIZE, TEXT)
        y += STEP
    for res, amount in cost.items():
        canvas.rect((x + PAD, y + 5, x + PAD + 10, y + 24), resource_colour(res))
        canvas.text(x + PAD + 18, y, f"{amount} {res}", SIZE, resource_colour(res))
        y += STEP
    y += 4
    if card.get("generator"):
        bolt(canvas, x + PAD, y + 2, 24)
        canvas.text(x + PAD + 22, y, "Generator", SIZE, GOOD)
    else:
        bolt(canvas, x + PAD, y + 2, 24)
        canvas.text(x + PAD + 22, y, f"Needs {int(card.get('energy', 0))} energy", SIZE, TEXT, bold=False)
    y += STEP + 4
    y = canvas.paragraph(
        x + PAD, y, str(card.get("benefit", "")), SIZE, ACCENT, inner, condensed=True, step=STEP
    )
    y = _location_side(canvas, card, x + PAD, y + 4, inner)
    return occupant(canvas, x, y + 4, card.get("builder"), markers, "builds")


def _location_side(canvas: Canvas, card: Card, x: int, y: int, inner: int) -> int:
    """What the card does once built, in three short paragraphs: its work spaces (by level, with
    danger dice), the adjacency bonus and each upgrade's price and benefit; returns the y below."""
    work = []
    for space in card.get("work") or []:
        level = int(space.get("level", 1))
        dice = int(space.get("danger", 0))
        label = readable(str(space.get("label")))
        work.append(f"{f'L{level} ' if level > 1 else ''}{label}{f' ({dice} danger)' if dice else ''}")
    if work:
        y = canvas.paragraph(
            x, y, "Work " + "; ".join(work), NOTE, GOOD, inner, condensed=True, step=NOTE_STEP
        )
    if card.get("bonus_from"):
        kind = str(card["bonus_from"])
        text = f"+1 worked next to {'an' if kind[:1] in 'aeiou' else 'a'} {kind} location"
        y = canvas.paragraph(x, y, text, NOTE, TEXT_DIM, inner, bold=False, condensed=True, step=NOTE_STEP)
    ups = [
        f"L{up.get('level')} {up.get('cost')}"
        + ("" if up.get("benefit") == "nothing" else f" → {up.get('benefit')}")
        for up in card.get("upgrades") or []
    ]
    if ups:
        text = "Upgrades: " + "; ".join(ups)
        y = canvas.paragraph(x, y, text, NOTE, TEXT_DIM, inner, bold=False, condensed=True, step=NOTE_STEP)
    return y


def task_card(canvas: Canvas, card: Card, x: int, y: int, markers: Mapping[str, Who]) -> int:
    """Task name, its location, danger, reward, ability and worker; returns the y below."""
    inner = CARD_W - 2 * PAD
    if card.get("from_pile"):
        canvas.text(x + PAD, y, "TOP OF PILE", 22, ACCENT)
        y += 30
    y = canvas.paragraph(
        x + PAD,
        y,
        str(card.get("name", card["card"])),
        NAME,
        TEXT,
        inner,
        bold=True,
        condensed=True,
        step=NAME_STEP,
    )
    flips = f"flips to {card.get('location_name', '')}"
    y = canvas.paragraph(x + PAD, y, flips, SIZE, TEXT_DIM, inner, condensed=True, step=STEP) + 4
    danger = int(card.get("danger", 0))
    if danger:
        width = warning(canvas, x + PAD, y + 2, 22)
        canvas.text(x + PAD + width + 8, y, f"Danger {danger}", SIZE, TEXT)
    else:
        canvas.text(x + PAD, y, "No danger", SIZE, TEXT_DIM, bold=False)
    y += STEP
    y = canvas.paragraph(
        x + PAD, y, f"Reward: {card.get('reward', '')}", SIZE, GOOD, inner, condensed=True, step=STEP
    )
    kind = str(card.get("ability_kind", "")).capitalize()
    y = canvas.paragraph(
        x + PAD, y + 4, f"{kind}: {card.get('ability', '')}", SIZE, ACCENT, inner, condensed=True, step=STEP
    )
    return occupant(canvas, x, y + 4, card.get("worker"), markers, "works it")
