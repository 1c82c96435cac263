"""The table: every player's area (base under construction, undermining, dice, plans, tokens)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.words import counted
from render.canvas import MIN_TEXT, Canvas, packed, wrap_text
from render.europa.common import (
    BODY,
    MARGIN,
    NUMBER,
    SMALL,
    STATUS_COLOURS,
    TITLE,
    WIDTH,
    View,
    corners,
    destroy_note,
    dice_row,
    drawn_name,
    legend_piece,
    name_of,
    need_row,
    need_words,
    players,
    rule,
    seat_colour,
    short_by,
    status_words,
    symbols,
)
from render.fonts import two_lines
from render.theme import ACCENT, BAD, GOOD, OUTLINE, SURFACE, TEXT, TEXT_DIM, WARN, Rgb

PHASES = {
    "choose": "choosing bases",
    "undermine": "undermining",
    "build": "building",
    "plan": "future planning",
    "redraw": "redrawing hands",
    "over": "game over",
}
CARD_W = 400
INDENT = MARGIN + 16
INNER = WIDTH - INDENT - MARGIN
# Tall enough for four crowded areas; the picture is cropped to what was drawn.
SCRATCH = 3200
# Rows the canvas starts with: room for a usual table (a bigger one grows the canvas).
START = 1536
# The step between the two lines of a long name in a player's header.
NAME_STEP = 36


def phase_line(view: View, *, drawn: bool = False) -> str:
    """The round, phase and whose turn it is; ``drawn`` names the player as the image draws names."""
    phase, turn = str(view.get("phase")), view.get("turn")
    # A turn while choosing is step 4: the seats that built decide in turn order, face up.
    label = "another base or finalize" if phase == "choose" and turn is not None else PHASES.get(phase, phase)
    text = f"Round {view.get('round')} of {view.get('rounds')} · {label}"
    return text if turn is None else f"{text}: {(drawn_name if drawn else name_of)(view, turn)}'s turn"


def render_table(view: View) -> bytes:
    canvas = draw_table(view)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_table(view: View) -> Canvas:
    canvas = Canvas(WIDTH, SCRATCH, start=START)
    width = WIDTH - 2 * MARGIN
    # Both heading lines wrap rather than lose their ends ("'s turn", the undermining limit) to a
    # long name.
    y = MARGIN
    for line in wrap_text(phase_line(view, drawn=True), TITLE, width, bold=True):
        canvas.text(MARGIN, y, line, TITLE, TEXT, max_width=width)
        y += 38
    extras = [f"First in Flight: {drawn_name(view, view.get('first'))}"]
    extras.append("Invaders on" if view.get("invaders") else "Invaders off")
    extras.append(f"max {view.get('undermine_limit')} undermining per base")
    y += 6
    for line in _joined(extras, width):
        canvas.text(MARGIN, y, line, BODY, TEXT_DIM, bold=False, max_width=width)
        y += 30
    y += 10
    for p in players(view):
        rule(canvas, y)
        y = _area_piece(canvas, view, p, y + 12) + 12
    rule(canvas, y)
    legend_piece(canvas, y + 12, WIDTH - 2 * MARGIN, symbols(view), marks=True)
    return canvas


def _joined(parts: list[str], width: int) -> list[str]:
    """``parts`` joined by " · " into lines of ``width`` pixels, a line breaking only between parts."""
    return packed(parts, " · ", BODY, width, bold=False)


def _area_piece(canvas: Canvas, view: View, p: Mapping[str, Any], top: int) -> int:
    """A player's area, drawn on the bare background from ``top``, or pasted as drawn before: most
    moves change one area (a seat's dice, its status), and the others are pasted. Its key holds the
    player's entry and the few facts of the table an area shows (who is first, whose turn, the
    phase); returns the y below it."""
    shown = (view.get("first"), view.get("turn"), view.get("phase"), drawn_name(view, int(p.get("seat", 0))))
    return canvas.column_piece(
        "europa/table/area", (0, top, WIDTH), lambda: _area(canvas, view, p, top), p, *shown
    )


def _area(canvas: Canvas, view: View, p: Mapping[str, Any], top: int) -> int:
    seat = int(p.get("seat", 0))
    y = _header(canvas, view, p, top)
    attempt = p.get("attempt")
    y = _attempt(canvas, attempt, y + 6) if attempt else _waiting(canvas, view, p, y + 4)
    y = _undermines(canvas, p.get("undermines") or [], y)
    used = set((attempt or {}).get("used_plans") or [])
    plans = [
        f"{c.get('plan', {}).get('text', '')}{' (used)' if c.get('key') in used else ''}"
        for c in p.get("plans") or []
    ]
    if plans:
        y = canvas.paragraph(INDENT, y + 2, "Future plans: " + " | ".join(plans), SMALL, TEXT, INNER)
    bases = p.get("bases") or []
    if bases:
        built = ", ".join(
            f"{b['card'].get('name')} {b['card'].get('points')} pts ({_corners(int(b.get('tokens', 0)))})"
            for b in bases
        )
        y = canvas.paragraph(INDENT, y + 2, f"Built this round: {built}", SMALL, GOOD, INNER)
    canvas.rect((MARGIN, top, MARGIN + 6, y), seat_colour(seat))
    return y


def _header(canvas: Canvas, view: View, p: Mapping[str, Any], y: int) -> int:
    seat = int(p.get("seat", 0))
    name = drawn_name(view, seat) + (" (AI)" if p.get("ai") else " (away)" if p.get("away") else "")
    badges: list[tuple[str, Rgb]] = []
    if view.get("first") == seat:
        badges.append(("First in Flight", ACCENT))
    if view.get("turn") == seat and view.get("phase") in ("undermine", "choose"):
        badges.append(("undermining now" if view.get("phase") == "undermine" else "deciding now", WARN))
    status = str(p.get("status"))
    right = canvas.text(
        WIDTH - MARGIN,
        y + 5,
        status_words(p),
        BODY,
        STATUS_COLOURS.get(status, TEXT),
        anchor="ra",
    )[0]
    # The name takes the width the badges and the status leave; a name longer still takes two
    # lines, the badges beside the first, rather than being cut to a few letters.
    room = right - 16 - INDENT - sum(_badge_width(canvas, text) + 10 for text, _colour in badges) - 16
    lines = [name] if canvas.measure(name, MIN_TEXT) <= room else two_lines(name, TITLE, room)
    box = canvas.text(INDENT, y, lines[0], TITLE, seat_colour(seat), max_width=room)
    for line in lines[1:]:
        y += NAME_STEP
        canvas.text(INDENT, y, line, TITLE, seat_colour(seat), max_width=room)
    x = box[2] + 16
    for text, colour in badges:
        x = _badge(canvas, x, box[1] + 4, text, colour)
    y += 44
    x = INDENT
    bases, hand = len(p.get("bases") or []), p.get("hand_count", 0)
    tokens = corners(p)
    for label, value in (
        ("built", p.get("built_count", 0)),
        ("base this round" if bases == 1 else "bases this round", bases),
        ("Cut Corner" if tokens == 1 else "Cut Corners", tokens),
        ("card in hand" if hand == 1 else "cards in hand", hand),
    ):
        x = _stat(canvas, x, y, label, str(value)) + 30
    return y + 38


def _corners(n: int) -> str:
    return counted(n, "Cut Corner")


def _badge_width(canvas: Canvas, text: str) -> int:
    return canvas.measure(text, SMALL) + 16


def _badge(canvas: Canvas, x: int, y: int, text: str, colour: tuple[int, int, int]) -> int:
    width = _badge_width(canvas, text)
    canvas.rect((x, y - 2, x + width, y + 28), colour, radius=6)
    canvas.label(x + width // 2, y + 13, text, SMALL, (16, 16, 26))
    return x + width + 10


def _stat(canvas: Canvas, x: int, y: int, label: str, value: str) -> int:
    box = canvas.text(x, y, value, NUMBER, TEXT)
    return canvas.text(box[2] + 6, y + 4, label, BODY, TEXT_DIM, bold=False)[2]


def _attempt(canvas: Canvas, attempt: Mapping[str, Any], y: int) -> int:
    card = attempt.get("card") or {}
    need = dict(card.get("needs") or {})
    now = dict(attempt.get("need") or {})
    height = 96 if now == need else 134
    canvas.rect((INDENT, y, INDENT + CARD_W, y + height), SURFACE, outline=OUTLINE, width=2, radius=8)
    points = canvas.text(
        INDENT + CARD_W - 10, y + 6, f"{card.get('points', 0)} pts", NUMBER, ACCENT, anchor="ra"
    )
    canvas.text(INDENT + 10, y + 8, str(card.get("name", "")), BODY, TEXT, max_width=points[0] - INDENT - 20)
    need_row(canvas, INDENT + 12, y + 46, need)
    if now != need:
        # Undermining or an ability changed what the dice must show: the live target, in warning colour.
        canvas.text(INDENT + 10, y + 92, "now", SMALL, WARN, bold=False)
        need_row(canvas, INDENT + 64, y + 88, now, WARN)
    right = INDENT + CARD_W + 22
    below = dice_row(canvas, right, y + 4, attempt.get("dice") or [], WIDTH - MARGIN - right, 48)
    if not attempt.get("dice"):
        canvas.text(right, y + 10, "dice not rolled yet", BODY, TEXT_DIM, bold=False)
        below = y + 50
    _dice_state(canvas, attempt, right, below)
    return max(y + height, canvas.bottom) + 8


def _dice_state(canvas: Canvas, attempt: Mapping[str, Any], x: int, y: int) -> None:
    left = x
    x = _stat(canvas, x, y, "rolls left", str(attempt.get("rolls_left", 0))) + 24
    if attempt.get("rolled"):
        if attempt.get("met"):
            canvas.text(x, y + 4, "dice meet the base", BODY, GOOD)
        else:
            _stat(canvas, x, y, "missing", str(short_by(attempt)))
    notes = []
    if destroy_note(attempt):
        notes.append((destroy_note(attempt), BAD))
    if int(attempt.get("min_keep") or 0):
        notes.append((f"keeps at least {attempt['min_keep']} dice per roll", WARN))
    tokens = int(attempt.get("cut_corners_if_built") or 0)
    if attempt.get("met") and tokens:
        notes.append((f"building now takes {tokens} Cut Corner{'' if tokens == 1 else 's'}", WARN))
    for index, (text, colour) in enumerate(notes):
        canvas.text(left, y + 36 + index * 28, text, SMALL, colour, bold=False)


def _waiting(canvas: Canvas, view: View, p: Mapping[str, Any], y: int) -> int:
    status = str(p.get("status"))
    turn = view.get("turn")
    if view.get("phase") == "choose" and status == "succeeded" and turn is not None:
        # Step 4, in turn order: nothing is secret here.
        who = "deciding now" if turn == p.get("seat") else "decides in turn"
        text = f"{who}: build another base or finalize"
    elif view.get("phase") == "choose" and status in ("choosing", "succeeded"):
        text = "has chosen (face down)" if p.get("chosen") else "still choosing"
    elif view.get("phase") == "plan":
        text = "has decided on Future Planning" if p.get("plan_chosen") else "deciding on Future Planning"
    else:
        text = "no base under construction"
    canvas.text(INDENT, y, text, BODY, TEXT_DIM, bold=False)
    return y + 34


def _undermines(canvas: Canvas, cards: list[Mapping[str, Any]], y: int) -> int:
    for card in cards:
        text = f"Undermined — {card.get('name')}: {(card.get('undermine') or {}).get('text', '')}"
        y = canvas.paragraph(INDENT, y + 2, text, SMALL, BAD, INNER)
    return y


def table_text(view: View) -> str:
    """Alt text: the phase, then each player's status, base, dice and tokens."""
    parts = [f"{phase_line(view)}. First in Flight: {name_of(view, view.get('first'))}."]
    for p in players(view):
        line = f"{p.get('name')}: {status_words(p)}"
        attempt = p.get("attempt")
        if attempt:
            card = attempt.get("card") or {}
            need = need_words(attempt.get("need") or {})
            line += f", base {card.get('name')} ({card.get('points')} pts) needs {need}"
            line += f", {counted(int(attempt.get('rolls_left') or 0), 'roll')} left"
        line += f", built {p.get('built_count', 0)}, Cut Corners {corners(p)}."
        parts.append(line)
    return " ".join(parts)[:1000]
