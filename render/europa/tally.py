"""The dice of the builders who just rolled, and the final tally."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.words import counted
from render.canvas import MIN_TEXT, Canvas, text_width, wrap_text
from render.europa.common import (
    BODY,
    MARGIN,
    NUMBER,
    SMALL,
    TITLE,
    WIDTH,
    View,
    destroy_note,
    dice_row,
    drawn_name,
    legend,
    marks_legend,
    name_of,
    need_row,
    players,
    rule,
    seat_colour,
    short_by,
    symbols,
)
from render.fonts import two_lines
from render.theme import ACCENT, BAD, GOOD, SURFACE, TEXT, TEXT_DIM

NAME_W = 210
# The height of a builder's name line above the dice.
NAME_LINE = 34
# The step between the two lines of a long name in the tally.
NAME_STEP = 28
SCRATCH = 2400
# Rows the canvases start with: room for a usual set of dice or a tally (more grows the canvas).
START = 640


def builders(view: View, seats: Sequence[int]) -> list[Mapping[str, Any]]:
    """The players among ``seats`` who have a base under construction, in seat order."""
    return [p for p in players(view) if int(p.get("seat", -1)) in set(seats) and p.get("attempt")]


def render_dice(view: View, seats: Sequence[int]) -> bytes:
    canvas = draw_dice(view, seats)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_dice(view: View, seats: Sequence[int]) -> Canvas:
    canvas = Canvas(WIDTH, SCRATCH, start=START)
    canvas.text(MARGIN, MARGIN, f"Dice · round {view.get('round')} of {view.get('rounds')}", TITLE, TEXT)
    y = MARGIN + 50
    rows = builders(view, seats)
    if not rows:
        canvas.text(MARGIN, y, "Nobody is rolling now.", BODY, TEXT_DIM, bold=False)
        y += 40
    for p in rows:
        rule(canvas, y)
        y = _builder(canvas, view, p, y + 12) + 10
    y = legend(canvas, MARGIN, y + 8, WIDTH - 2 * MARGIN, symbols(view))
    marks_legend(canvas, MARGIN, y + 4)
    return canvas


def _builder(canvas: Canvas, view: View, p: Mapping[str, Any], y: int) -> int:
    attempt = p.get("attempt") or {}
    seat = int(p.get("seat", 0))
    # The name has the whole width (a short column beside the dice cut long names to a few letters).
    canvas.text(MARGIN, y, drawn_name(view, seat), BODY, seat_colour(seat), max_width=WIDTH - 2 * MARGIN)
    y += NAME_LINE
    box = canvas.text(MARGIN, y + 12, str(attempt.get("rolls_left", 0)), NUMBER, TEXT)
    canvas.text(box[2] + 6, y + 16, "rolls left", SMALL, TEXT_DIM, bold=False)
    x = MARGIN + NAME_W
    below = dice_row(canvas, x, y + 4, attempt.get("dice") or [], WIDTH - MARGIN - x)
    card = attempt.get("card") or {}
    label = canvas.text(x, below, f"{card.get('name')} needs", SMALL, TEXT_DIM, bold=False, max_width=300)
    after = need_row(canvas, label[2] + 10, below - 3, attempt.get("need") or {})
    if attempt.get("met"):
        after = canvas.text(after + 6, below, "met", SMALL, GOOD)[2]
    elif attempt.get("rolled"):
        after = canvas.text(after + 6, below, f"missing {short_by(attempt)}", SMALL, BAD)[2]
    note = destroy_note(attempt)
    if note and after + 12 + text_width(note, SMALL) > WIDTH - MARGIN:
        # No room left of the needs: the warning, with its count, goes on a line of its own.
        below += 34
        after = x - 12
    if note:
        canvas.text(after + 12, below, note, SMALL, BAD, max_width=WIDTH - MARGIN - after - 12)
    return max(below + 34, y + 52)


def dice_text(view: View, seats: Sequence[int]) -> str:
    parts = []
    for p in builders(view, seats):
        attempt = p.get("attempt") or {}
        dice = []
        for d in attempt.get("dice") or []:
            face = "+".join(d.get("face") or []) or "unrolled"
            mark = (
                " destroyed"
                if d.get("destroyed")
                else " locked"
                if d.get("locked")
                else " kept"
                if d.get("kept")
                else ""
            )
            dice.append(f"{d.get('colour')} {face}{mark}")
        shown = ", ".join(dice) if any(d.get("face") for d in attempt.get("dice") or []) else "not rolled yet"
        destroy = f" {destroy_note(attempt).capitalize()}" if destroy_note(attempt) else ""
        rolls = counted(int(attempt.get("rolls_left") or 0), "roll")
        parts.append(f"{p.get('name')}: {shown}; {rolls} left.{destroy}")
    return ("Dice. " + " ".join(parts))[:1000] if parts else "Dice: nobody is rolling now."


def _tiebreak(p: Mapping[str, Any], tokens: int) -> str:
    best = sorted((int(c.get("points", 0)) for c in p.get("built") or []), reverse=True)
    built = ", ".join(map(str, best)) or "none"
    return f"Tie-breaks: {counted(tokens, 'Cut Corner token')} · built bases worth {built}"


def render_tally(view: View) -> bytes:
    canvas = draw_tally(view)
    return canvas.png(height=canvas.bottom + MARGIN)


COLUMNS = ((420, "Bases"), (620, "Cut Corners"), (WIDTH - MARGIN - 16, "Total"))


def draw_tally(view: View) -> Canvas:
    outcome = outcome_of(view)
    winners = [int(s) for s in outcome.get("winners") or []]
    canvas = Canvas(WIDTH, SCRATCH, start=START)
    names = [drawn_name(view, s) for s in winners]
    title = f"{names[0]} wins" if len(names) == 1 else "no winner"
    if len(names) > 1:
        title = f"{', '.join(names[:-1])} and {names[-1]} share the win"
    # Long winners' names take a second line rather than being cut.
    y = MARGIN
    for line in wrap_text(f"Final tally · {title}", TITLE, WIDTH - 2 * MARGIN, bold=True):
        canvas.text(MARGIN, y, line, TITLE, ACCENT, max_width=WIDTH - 2 * MARGIN)
        y += 40
    y += 14
    canvas.text(MARGIN + 16, y, "Player", SMALL, TEXT_DIM, bold=False)
    for right, heading in COLUMNS:
        canvas.text(right, y, heading, SMALL, TEXT_DIM, bold=False, anchor="ra")
    y += 36
    penalty = abs(int(view.get("cut_corner") or -2))
    order = sorted(range(len(players(view))), key=lambda s: (s not in winners, -int(outcome["scores"][s])))
    for seat in order:
        y = _tally_row(canvas, view, seat, seat in winners, penalty, y) + 8
    note = "Ties go to the fewest Cut Corner tokens, then the best base, then the next best."
    canvas.paragraph(MARGIN, y + 6, note, SMALL, TEXT_DIM, WIDTH - 2 * MARGIN)
    return canvas


def outcome_of(view: View) -> Mapping[str, Any]:
    outcome = view.get("outcome")
    if not isinstance(outcome, Mapping):
        raise ValueError("The tally needs a finished game (the view's 'outcome' is not set).")
    return outcome


def _tally_row(canvas: Canvas, view: View, seat: int, winner: bool, penalty: int, y: int) -> int:
    outcome = outcome_of(view)
    p = players(view)[seat]
    tokens = int(outcome["tokens"][seat])
    tiebreak = wrap_text(_tiebreak(p, tokens), SMALL, WIDTH - 2 * MARGIN - 40)
    lost = f"−{penalty * tokens} ({tokens})" if tokens else "0"
    values = (str(outcome["points"][seat]), lost, str(outcome["scores"][seat]))
    # The name runs up to the first number's column, over two lines when it must; the winner's
    # label takes its room first, so it is never the part cut.
    first = COLUMNS[0][0] - canvas.measure(values[0], NUMBER) - 20
    label = canvas.measure("winner", SMALL) + 12 if winner else 0
    name = drawn_name(view, seat)
    # The name runs up to the first number's column; a name a shade too wide is drawn a size smaller
    # on one line, a longer one over two. The winner's label goes beside whichever line leaves it
    # room, and only when neither does is the name given less width.
    room = first - (MARGIN + 20)
    width = room - label
    lines = [name] if canvas.measure(name, MIN_TEXT) <= width else two_lines(name, BODY, width)
    wide = two_lines(name, BODY, room)
    if len(lines) > 1 and min(canvas.measure(line, BODY) for line in wide) + label <= room:
        lines, width = wide, room
    extra = NAME_STEP * (len(lines) - 1)
    bottom = y + 58 + extra + 28 * len(tiebreak)
    fill = (70, 60, 20) if winner else SURFACE
    canvas.rect(
        (MARGIN, y, WIDTH - MARGIN, bottom), fill, outline=ACCENT if winner else None, width=3, radius=8
    )
    canvas.rect((MARGIN, y, MARGIN + 8, bottom), seat_colour(seat), radius=3)
    boxes = [
        canvas.text(MARGIN + 20, y + 12 + NAME_STEP * index, line, BODY, TEXT, max_width=width)
        for index, line in enumerate(lines)
    ]
    if winner:
        beside = min(boxes, key=lambda box: box[2])
        canvas.text(beside[2] + 12, beside[1] + 2, "winner", SMALL, ACCENT)
    for (right, _), value in zip(COLUMNS, values, strict=True):
        size = TITLE if right == COLUMNS[-1][0] else NUMBER
        canvas.text(right, y + 8 + (TITLE - size) // 2, value, size, TEXT, anchor="ra")
    canvas.paragraph(
        MARGIN + 20, y + 52 + extra, " ".join(tiebreak), SMALL, TEXT_DIM, WIDTH - 2 * MARGIN - 40, step=28
    )
    return bottom


def tally_text(view: View) -> str:
    outcome = outcome_of(view)
    winners = " and ".join(name_of(view, int(s)) for s in outcome.get("winners") or [])
    rows = [
        f"{p.get('name')} {outcome['points'][s]} from bases, {outcome['tokens'][s]} Cut Corners, "
        f"total {outcome['scores'][s]}"
        for s, p in enumerate(players(view))
    ]
    return f"Final tally: {'; '.join(rows)}. Winner: {winners}."[:1000]
