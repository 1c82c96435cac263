"""A seat's private picture: every hand card with its four parts, the secret picks and the Built pile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.words import counted
from render.canvas import Canvas, wrap_text
from render.europa.common import (
    BODY,
    MARGIN,
    NUMBER,
    SMALL,
    TITLE,
    WIDTH,
    View,
    drawn_name,
    glyph,
    legend_piece,
    need_row,
    players,
    seat_colour,
    symbols,
)
from render.theme import ACCENT, BAD, DOOR, GOOD, OUTLINE, SURFACE, TEXT, TEXT_DIM, WARN

Card = Mapping[str, Any]
INNER = WIDTH - 2 * MARGIN
PAD = 12
GAP = 16
COLUMN = (INNER - 2 * PAD - 2 * GAP) // 3
LINE = 26
HEAD = 50
NAME_W = 290
SCRATCH = 4000
# Rows the canvas starts with: room for a usual hand (a longer one grows the canvas).
START = 1280
TIMINGS = {"main": "during rolls", "after": "after rolls"}


def you(view: View) -> Mapping[str, Any]:
    found = view.get("you")
    if not isinstance(found, Mapping):
        raise ValueError("The hand image needs a seat's own view (with 'you').")
    return found


def _parts(card: Card) -> list[tuple[str, str, tuple[int, int, int]]]:
    """(heading, text, colour) of the three ability parts, in card order."""
    under = card.get("undermine") or {}
    genius = card.get("ingenuity") or {}
    plan = card.get("plan") or {}
    timing = TIMINGS.get(str(genius.get("timing")), str(genius.get("timing")))
    return [
        ("Undermine", str(under.get("text", "")), BAD),
        (f"Ingenuity · {timing}", str(genius.get("text", "")), WARN),
        ("Future plan", str(plan.get("text", "")), DOOR),
    ]


def card_height(card: Card) -> int:
    lines = max(len(wrap_text(text, SMALL, COLUMN)) for _, text, _ in _parts(card))
    return HEAD + 32 + lines * LINE + PAD


def draw_card(canvas: Canvas, y: int, card: Card, outline: tuple[int, int, int] = OUTLINE) -> int:
    """One card across the width: name, points and dice needed on top, its three abilities below;
    drawn on the bare background, or pasted as drawn before at the same place. Returns its bottom."""
    span = (0, y, WIDTH)
    return canvas.column_piece(
        "europa/hand/card", span, lambda: _card(canvas, y, card, outline), card, outline
    )


def _card(canvas: Canvas, y: int, card: Card, outline: tuple[int, int, int]) -> int:
    x = MARGIN
    bottom = y + card_height(card)
    canvas.rect((x, y, x + INNER, bottom), SURFACE, outline=outline, width=2, radius=8)
    points = canvas.text(x + INNER - PAD, y + 8, f"{card.get('points', 0)} pts", NUMBER, ACCENT, anchor="ra")
    needs_x = x + PAD + NAME_W + 10
    canvas.text(x + PAD, y + 10, str(card.get("name", "")), BODY, TEXT, max_width=NAME_W)
    need_row(canvas, needs_x, y + 8, card.get("needs") or {})
    if card.get("invader"):
        # An Invaders card carries the alien head (the legend names it) beside its points.
        glyph(canvas, "invader", points[0] - 24, y + 24, 14)
    for index, (heading, text, colour) in enumerate(_parts(card)):
        cx = x + PAD + index * (COLUMN + GAP)
        canvas.text(cx, y + HEAD, heading, SMALL, colour, max_width=COLUMN)
        canvas.paragraph(cx, y + HEAD + 30, text, SMALL, TEXT, COLUMN, step=LINE)
    return bottom


def render_hand(view: View) -> bytes:
    canvas = draw_hand(view)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_hand(view: View) -> Canvas:
    me = you(view)
    seat = int(me.get("seat", 0))
    hand: list[Card] = list(me.get("hand") or [])
    canvas = Canvas(WIDTH, SCRATCH, start=START)
    name = drawn_name(view, seat)
    canvas.text(
        MARGIN, MARGIN, f"{name}'s hand · {len(hand)} cards", TITLE, seat_colour(seat), max_width=INNER
    )
    canvas.text(
        MARGIN,
        MARGIN + 44,
        f"{_when(view)} · private",
        BODY,
        TEXT_DIM,
        bold=False,
    )
    y = MARGIN + 88
    choice = me.get("choice")
    if isinstance(choice, Mapping):
        canvas.text(MARGIN, y, "Your next base (face down until everyone has chosen):", BODY, GOOD)
        y = draw_card(canvas, y + 34, choice, GOOD) + 18
    elif choice == "finalize":
        canvas.text(MARGIN, y, "You chose to finalize construction this round.", BODY, GOOD)
        y += 40
    plan = me.get("plan_choice")
    if isinstance(plan, Mapping):
        canvas.text(
            MARGIN,
            y,
            "Your Future Planning pick (face down until everyone has decided):",
            BODY,
            DOOR,
            max_width=INNER,
        )
        y = draw_card(canvas, y + 34, plan, DOOR) + 18
    if not hand:
        canvas.text(MARGIN, y, "No cards in hand.", BODY, TEXT_DIM, bold=False)
        y += 40
    for card in hand:
        y = draw_card(canvas, y, card) + 12
    y = _plans(canvas, list(me.get("plans") or []), y + 6)
    y = _built(canvas, view, me, y + 6)
    legend_piece(canvas, y + 10, INNER, symbols(view), marks=False)
    return canvas


def _when(view: View) -> str:
    """The round the hand is for: after a round's end, the hand drawn is the next round's."""
    round_, rounds = int(view.get("round") or 0), view.get("rounds")
    if view.get("phase") == "redraw":
        return f"Round {round_} of {rounds} is over · drawing for round {round_ + 1}"
    return f"Round {round_} of {rounds}"


def _name(view: View, seat: int) -> str:
    found = players(view)
    return str(found[seat].get("name", f"Seat {seat + 1}")) if 0 <= seat < len(found) else f"Seat {seat + 1}"


def _plans(canvas: Canvas, plans: list[Card], y: int) -> int:
    """The Future Planning cards under the board: each by name and the planning part it acts by."""
    if not plans:
        return y
    count = f"{len(plans)} card{'s' if len(plans) != 1 else ''}"
    canvas.text(MARGIN, y, f"Your Future Planning ({count}, under your board)", BODY, DOOR, max_width=INNER)
    y += 38
    for card in plans:
        box = canvas.text(MARGIN, y, f"{card.get('name')}:", SMALL, TEXT, max_width=NAME_W)
        text = str((card.get("plan") or {}).get("text", ""))
        x = box[2] + 10
        y = max(box[3], canvas.paragraph(x, y, text, SMALL, TEXT_DIM, WIDTH - MARGIN - x, step=LINE)) + 6
    return y + 6


def _built(canvas: Canvas, view: View, me: Mapping[str, Any], y: int) -> int:
    built: list[Card] = list(me.get("built") or [])
    seat = int(me.get("seat", 0))
    found = players(view)
    tokens = int(found[seat].get("tokens", 0)) if 0 <= seat < len(found) else 0
    box = canvas.text(MARGIN, y, str(me.get("built_points", 0)), NUMBER, ACCENT)
    line = (
        f"points in your Built pile ({counted(len(built), 'base')}, face down) · "
        f"{counted(tokens, 'Cut Corner token')}"
    )
    canvas.text(box[2] + 8, y + 4, line, BODY, TEXT, bold=False, max_width=WIDTH - MARGIN - box[2] - 8)
    names = ", ".join(f"{c.get('name')} ({c.get('points')} pts)" for c in built) or "nothing built yet"
    return canvas.paragraph(MARGIN, y + 40, names, SMALL, TEXT_DIM, INNER)


def hand_text(view: View) -> str:
    """Alt text: every hand card by name and points, the secret picks and the Built pile."""
    me = you(view)
    hand = list(me.get("hand") or [])
    cards = ", ".join(f"{c.get('name')} ({c.get('points')} pts)" for c in hand) or "no cards"
    text = f"{_name(view, int(me.get('seat', 0)))}'s hand: {cards}."
    choice = me.get("choice")
    if isinstance(choice, Mapping):
        text += f" Next base: {choice.get('name')}."
    plan = me.get("plan_choice")
    if isinstance(plan, Mapping):
        text += f" Future Planning pick: {plan.get('name')}."
    plans = ", ".join(str(c.get("name")) for c in me.get("plans") or [])
    if plans:
        text += f" Future Planning cards: {plans}."
    built = list(me.get("built") or [])
    text += f" Built pile: {counted(len(built), 'base')}, {counted(int(me.get('built_points', 0)), 'point')}."
    return text[:1000]
