"""The shipyard (three rows of ships and the colonies, with prices), the score track and the dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.canvas import MIN_TEXT, Canvas, line_box, text_width, wrap_text
from render.fonts import font, two_lines
from render.icons import die_face
from render.spacebase.common import (
    BLUE,
    BODY,
    COLONY,
    MARGIN,
    RED,
    SMALL,
    TITLE,
    WIDTH,
    YELLOW,
    View,
    card_name,
    name_of,
    reward_lines,
    rewards_text,
    seat_colour,
)
from render.theme import ACCENT, GRID_LINE, OUTLINE, SURFACE, TEXT, TEXT_DIM, Rgb

COLUMNS = 6
# The room between two cards of a row, and between two rows.
GAP, ROW_GAP = 6, 8
CARD_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
CARD_H = 184
# The caption row above cards turned up from a deck.
TURNED_UP = 30
GOAL = 40
# A score track row, tall enough for a long name on two lines.
ROW = 56
# The narrowest score bar: long names never squeeze it below this.
MIN_BAR = 180


def render_shipyard(view: View) -> bytes:
    return draw_shipyard(view).png()


def draw_shipyard(view: View) -> Canvas:
    # A row with no card takes no room (an empty deck late in the game, Light-Speed's keep phase).
    rows = [list(cards) for _level, cards in sorted((view.get("shipyard") or {}).items()) if cards]
    # Light-Speed turns the shipyard up only once every player has kept their dealt ships.
    waiting = not rows and view.get("phase") == "keep"
    colonies = [c["card"] for c in view.get("colonies") or [] if c.get("card")]
    rows += [colonies[start : start + COLUMNS] for start in range(0, len(colonies), COLUMNS)]
    turned_up = list(view.get("turned_up") or [])[:COLUMNS]
    top = MARGIN + 44 + (TURNED_UP + CARD_H + ROW_GAP if turned_up else 0) + (TURNED_UP if waiting else 0)
    canvas = Canvas(WIDTH, top + len(rows) * (CARD_H + ROW_GAP) + MARGIN)
    counts = view.get("deck_counts") or {}
    left = ", ".join(f"L{k}: {v}" for k, v in sorted(counts.items()))
    canvas.text(MARGIN, MARGIN, "Shipyard and colonies", TITLE, TEXT)
    canvas.text(WIDTH - MARGIN, MARGIN + 6, f"decks {left}", SMALL, TEXT_DIM, anchor="ra")
    if waiting:
        note = "The ships are turned up once every player has kept their dealt ships."
        canvas.text(MARGIN, MARGIN + 44, note, SMALL, TEXT_DIM)
    if turned_up:
        # A claim from a deck: its cards lie face up above the shipyard until claimed or put back.
        canvas.text(MARGIN, MARGIN + 44, "Turned up from a deck, to be claimed", SMALL, YELLOW)
        for index, card in enumerate(turned_up):
            _card(canvas, MARGIN + index * (CARD_W + GAP), MARGIN + 44 + TURNED_UP, card)
    y = top
    for cards in rows:
        for index, card in enumerate(cards):
            _card(canvas, MARGIN + index * (CARD_W + GAP), y, card)
        y += CARD_H + ROW_GAP
    return canvas


def _card(canvas: Canvas, x: int, y: int, card: Mapping[str, Any]) -> None:
    """A card with its price, drawn on the bare background from the card alone: kept as a piece, it
    is pasted again wherever it lies in the same place (a buy changes one card of the shipyard)."""
    box = (x, y, x + CARD_W + GAP, y + CARD_H + ROW_GAP)
    canvas.fixed_piece("spacebase/shipyard/card", box, _draw_card, x, y, card)


def condition_text(condition: Mapping[str, Any]) -> str:
    """What a claimed colony asks of its claimer, as "if 6+ income" (the engine's wording)."""
    return f"if {condition.get('text')}"


def _draw_card(canvas: Canvas, x: int, y: int, card: Mapping[str, Any]) -> None:
    colony = card.get("type") == "colony"
    condition = card.get("condition")
    canvas.rect((x, y, x + CARD_W, y + CARD_H), SURFACE, outline=COLONY if colony else OUTLINE, radius=6)
    inner = CARD_W - 12
    kind = "Col" if colony else f"L{card.get('level')}"
    # A colony's header is shorter: its price may be the word "free".
    where = f"{kind}{' ' if colony else ' · '}s{card.get('sector')}{'+' if card.get('plus') else ''}"
    canvas.text(x + 6, y + 6, where, SMALL, COLONY if colony else TEXT_DIM, max_width=inner - 44)
    # A claimed colony is free: its condition is its price.
    if condition:
        canvas.text(x + CARD_W - 6, y + 6, "free", SMALL, ACCENT, anchor="ra")
    else:
        canvas.text(x + CARD_W - 6, y + 2, str(card.get("cost")), BODY, ACCENT, anchor="ra")
    # A long name takes a second line; what the card gives moves down under it.
    top = y + 56 + card_name(canvas, x + 6, y + 30, str(card.get("name", "")), TEXT, inner, wrap=True)
    lines: list[tuple[str, Rgb]] = []
    if colony:
        below = reward_lines(canvas, x + 6, top, card.get("immediate") or [], COLONY, inner, 2)
        if card.get("shared"):
            lines.append((f"all: {rewards_text(card['shared'])}", COLONY))
        if card.get("red"):
            lines.append((f"red {rewards_text(card['red'])}", RED))
    else:
        below = reward_lines(canvas, x + 6, top, card.get("blue") or [], BLUE, inner, 2)
        below = reward_lines(canvas, x + 6, below, card.get("red") or [], RED, inner, 1)
        if card.get("immediate"):
            lines.append((f"now {rewards_text(card['immediate'])}", YELLOW))
    ability = card.get("ability")
    if ability:
        lines.append((f"■{ability.get('need')}: {rewards_text(ability.get('effects') or [])}", TEXT))
    if card.get("end_turn"):
        lines.append((f"end {rewards_text(card['end_turn'])}", YELLOW))
    if condition:
        lines.append((condition_text(condition), TEXT))
    _notes(canvas, x + 6, below + 2, y + CARD_H - 3, lines, inner)


def _notes(canvas: Canvas, x: int, top: int, bottom: int, lines: list[tuple[str, Rgb]], width: int) -> None:
    """A card's extra lines (timed rewards, ability, condition) from ``top``: a line a little too
    wide is set a size or two smaller, a longer one wrapped when the card has room below for it,
    and only what is left shortened."""
    step = 23
    # Every line but the last needs a step; the last needs only its own height.
    height = line_box(0, 0, 0, font(SMALL, bold=True, condensed=True), "la")[3]
    room = max(0, (bottom - top - height) // step + 1)
    sizes = [next((size for size in NOTE_SIZES if _fits(text, size, width)), 0) for text, _fill in lines]
    wrapped = [wrap_text(text, SMALL, width, bold=True, condensed=True) for text, _fill in lines]
    spare = room - len(lines)
    y = top
    for (text, fill), fitting, parts in zip(lines, sizes, wrapped, strict=True):
        shown, size = [text], fitting or CRAMPED
        if not fitting and 1 < len(parts) <= spare + 1:
            spare -= len(parts) - 1
            shown, size = parts, SMALL
        for part in shown:
            canvas.text(x, y, part, size, fill, max_width=width, condensed=True)
            y += step


# A card's extra lines may be set this much smaller before they wrap or are shortened.
NOTE_SIZES = (SMALL, SMALL - 1, SMALL - 2)
# The size of a line with no room to wrap: still a line of 10 pixels at Discord's 550 pixels.
CRAMPED = SMALL - 3


def _fits(text: str, size: int, width: int) -> bool:
    return text_width(text, size, condensed=True) <= width


def render_scores(view: View) -> bytes:
    return draw_scores(view).png()


def winners_title(view: View) -> str | None:
    """ "Game over · Ann wins" (or "Ann and Bo share the win") once the game has a winner, else None."""
    outcome = view.get("outcome") or {}
    seats = [int(s) for s in outcome.get("winners") or []]
    if not seats:
        return None
    names = [name_of(view, seat) for seat in seats]
    if len(names) == 1:
        return f"Game over · {names[0]} wins"
    return f"Game over · {', '.join(names[:-1])} and {names[-1]} share the win"


def draw_scores(view: View) -> Canvas:
    players = view.get("players") or []
    goal = int(view.get("goal") or GOAL)
    over = winners_title(view)
    winners = {int(s) for s in (view.get("outcome") or {}).get("winners") or []}
    # Once the game is won nobody has a turn, and the last round is behind us.
    active = None if over else view.get("active")
    note = f"goal {goal} VP" if over else "last round!" if view.get("ending") else ""
    note_w = text_width(note, BODY) if note else 0
    title = over or f"Score track · goal {goal} VP"
    # A title naming long-named winners takes as many lines as it needs rather than losing a name.
    heading = wrap_text(title, TITLE, WIDTH - 2 * MARGIN - note_w - 16, bold=True)
    head = 40 * len(heading) + 6
    canvas = Canvas(WIDTH, MARGIN * 2 + head + ROW * len(players))
    for index, line in enumerate(heading):
        canvas.text(
            MARGIN,
            MARGIN + 40 * index,
            line,
            TITLE,
            ACCENT if over else TEXT,
            max_width=WIDTH - 2 * MARGIN - note_w - 16,
        )
    if note:
        canvas.text(WIDTH - MARGIN, MARGIN + 6, note, BODY, TEXT_DIM if over else ACCENT, anchor="ra")
    # The columns are placed from the widest numbers they hold, so no number runs into the next;
    # the names get what the numbers and a readable bar leave.
    vps = [f"{int(p.get('vp', 0))} VP" for p in players]
    moneys = [f"{p.get('credits', 0)} cr · income {p.get('income', 0)}" for p in players]
    money_w = max((text_width(m, BODY) for m in moneys), default=0)
    vp_w = max((text_width(v, BODY) for v in vps), default=0)
    vp_x = WIDTH - MARGIN - money_w - 24 - vp_w
    name_x = MARGIN + 26
    marker_w = text_width("▶", BODY) + 4 if active is not None else 0
    names = [name_of(view, seat) for seat in range(len(players))]
    widest = max((text_width(n, BODY) for n in names), default=0) + marker_w
    name_w = max(100, min(widest, vp_x - 12 - MIN_BAR - 16 - name_x))
    bar_x = name_x + name_w + 16
    bar_w = vp_x - 12 - bar_x
    y = MARGIN + head
    for seat, p in enumerate(players):
        won = seat in winners
        turn = seat == active
        if won:
            canvas.rect(
                (MARGIN - 6, y - 4, WIDTH - MARGIN + 6, y + ROW - 6),
                SURFACE,
                outline=ACCENT,
                width=2,
                radius=8,
            )
        canvas.disc(MARGIN + 10, y + 21, 9, seat_colour(seat))
        colour = ACCENT if won or turn else TEXT
        # A name too long for its column takes two smaller lines; the turn's marker is drawn apart,
        # so a long name is shortened, never the marker.
        room = name_w - (marker_w if turn else 0)
        # A name a shade too wide is drawn a size smaller on one line rather than split.
        one = text_width(names[seat], MIN_TEXT) <= room
        size = BODY if one else SMALL
        lines = [names[seat]] if one else two_lines(names[seat], SMALL, room)
        top = y + 7 if len(lines) == 1 else y + 1
        box = canvas.text(name_x, top, lines[0], size, colour, max_width=room)
        if len(lines) > 1:
            below = canvas.text(name_x, top + 23, lines[1], size, colour, max_width=room)
            box = (box[0], box[1], max(box[2], below[2]), below[3])
        if turn:
            canvas.text(box[2] + 4, y + 7, "▶", BODY, ACCENT)
        vp = int(p.get("vp", 0))
        canvas.rect((bar_x, y + 11, bar_x + bar_w, y + 33), GRID_LINE, radius=4)
        filled = bar_x + bar_w * min(vp, goal) // max(goal, 1)
        canvas.rect((bar_x, y + 11, max(bar_x + 2, filled), y + 33), seat_colour(seat), radius=4)
        canvas.text(vp_x, y + 7, vps[seat], BODY, ACCENT if won else TEXT)
        canvas.text(WIDTH - MARGIN, y + 7, moneys[seat], BODY, TEXT_DIM, anchor="ra")
        y += ROW
    return canvas


def render_dice(view: View) -> bytes:
    dice = [int(d) for d in view.get("dice") or []]
    if len(dice) != 2:
        raise ValueError("There are no dice to draw.")
    canvas = Canvas(480, 150)
    for index, value in enumerate(dice):
        die_face(canvas, MARGIN + index * 110, 30, 90, value, face=(245, 245, 250), pip=(15, 15, 25))
    canvas.text(250, 40, f"sum {sum(dice)}", TITLE, TEXT)
    canvas.text(250, 84, f"or {dice[0]} and {dice[1]}", BODY, TEXT_DIM)
    if view.get("bonus"):
        canvas.text(250, 116, "bonus roll", BODY, ACCENT)
    return canvas.png()
