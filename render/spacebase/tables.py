"""The shipyard (three rows of ships and the colonies, with prices), the score track and the dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.canvas import Canvas, wrap_text
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
    reward_lines,
    rewards_text,
    seat_colour,
)
from render.theme import ACCENT, GRID_LINE, OUTLINE, SURFACE, TEXT, TEXT_DIM, Rgb

COLUMNS = 6
CARD_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * 6) // COLUMNS
CARD_H = 184
# The caption row above cards turned up from a deck.
TURNED_UP = 30
GOAL = 40


def render_shipyard(view: View) -> bytes:
    return draw_shipyard(view).png()


def draw_shipyard(view: View) -> Canvas:
    rows = [list(cards) for _level, cards in sorted((view.get("shipyard") or {}).items())]
    colonies = [c["card"] for c in view.get("colonies") or [] if c.get("card")]
    rows += [colonies[start : start + COLUMNS] for start in range(0, len(colonies), COLUMNS)]
    turned_up = list(view.get("turned_up") or [])[:COLUMNS]
    top = MARGIN + 44 + (TURNED_UP + CARD_H + 8 if turned_up else 0)
    canvas = Canvas(WIDTH, top + len(rows) * (CARD_H + 8) + MARGIN)
    counts = view.get("deck_counts") or {}
    left = ", ".join(f"L{k}: {v}" for k, v in sorted(counts.items()))
    canvas.text(MARGIN, MARGIN, "Shipyard and colonies", TITLE, TEXT)
    canvas.text(WIDTH - MARGIN, MARGIN + 6, f"decks {left}", SMALL, TEXT_DIM, anchor="ra")
    if turned_up:
        # A claim from a deck: its cards lie face up above the shipyard until claimed or put back.
        canvas.text(MARGIN, MARGIN + 44, "Turned up from a deck, to be claimed", SMALL, YELLOW)
        for index, card in enumerate(turned_up):
            _card(canvas, MARGIN + index * (CARD_W + 6), MARGIN + 44 + TURNED_UP, card)
    y = top
    for cards in rows:
        for index, card in enumerate(cards):
            _card(canvas, MARGIN + index * (CARD_W + 6), y, card)
        y += CARD_H + 8
    return canvas


def condition_text(condition: Mapping[str, Any]) -> str:
    """What a claimed colony asks of its claimer, as "if 6+ income" (the engine's wording)."""
    return f"if {condition.get('text')}"


def _card(canvas: Canvas, x: int, y: int, card: Mapping[str, Any]) -> None:
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
    canvas.text(x + 6, y + 30, str(card.get("name", "")), SMALL, TEXT, max_width=inner, condensed=True)
    lines: list[tuple[str, Rgb]] = []
    if colony:
        below = reward_lines(canvas, x + 6, y + 56, card.get("immediate") or [], COLONY, inner, 2)
        if card.get("shared"):
            lines.append((f"all: {rewards_text(card['shared'])}", COLONY))
        if card.get("red"):
            lines.append((f"red {rewards_text(card['red'])}", RED))
    else:
        below = reward_lines(canvas, x + 6, y + 56, card.get("blue") or [], BLUE, inner, 2)
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
    _notes(canvas, x + 6, below + 2, y + CARD_H - 4, lines, inner)


def _notes(canvas: Canvas, x: int, top: int, bottom: int, lines: list[tuple[str, Rgb]], width: int) -> None:
    """A card's extra lines (timed rewards, ability, condition) from ``top``, a line wrapped when
    the card has room below for it, else shortened."""
    step = 23
    room = (bottom - top) // step
    wrapped = [wrap_text(text, SMALL, width, bold=True, condensed=True) for text, _fill in lines]
    spare = room - len(lines)
    y = top
    for (text, fill), parts in zip(lines, wrapped, strict=True):
        if 1 < len(parts) <= spare + 1:
            spare -= len(parts) - 1
            shown = parts
        else:
            shown = [text]
        for part in shown:
            canvas.text(x, y, part, SMALL, fill, max_width=width, condensed=True)
            y += step


def render_scores(view: View) -> bytes:
    return draw_scores(view).png()


def draw_scores(view: View) -> Canvas:
    players = view.get("players") or []
    row = 52
    canvas = Canvas(WIDTH, MARGIN * 2 + 40 + row * len(players))
    goal = int(view.get("goal") or GOAL)
    canvas.text(MARGIN, MARGIN, f"Score track · goal {goal} VP", TITLE, TEXT)
    if view.get("ending"):
        canvas.text(WIDTH - MARGIN, MARGIN + 6, "last round!", BODY, ACCENT, anchor="ra")
    bar_x, bar_w = MARGIN + 200, WIDTH - 2 * MARGIN - 200 - 330
    y = MARGIN + 46
    for seat, p in enumerate(players):
        active = seat == view.get("active")
        canvas.disc(MARGIN + 10, y + 16, 9, seat_colour(seat))
        # The turn's marker is drawn apart, so a long name is shortened, never the marker.
        box = canvas.text(
            MARGIN + 26, y + 2, str(p.get("name")), BODY, ACCENT if active else TEXT, max_width=148
        )
        if active:
            canvas.text(box[2] + 4, y + 2, "▶", BODY, ACCENT)
        vp = int(p.get("vp", 0))
        canvas.rect((bar_x, y + 6, bar_x + bar_w, y + 28), GRID_LINE, radius=4)
        filled = bar_x + bar_w * min(vp, goal) // max(goal, 1)
        canvas.rect((bar_x, y + 6, max(bar_x + 2, filled), y + 28), seat_colour(seat), radius=4)
        canvas.text(bar_x + bar_w + 12, y + 2, f"{vp} VP", BODY, TEXT)
        money = f"{p.get('credits', 0)} cr · income {p.get('income', 0)}"
        canvas.text(WIDTH - MARGIN, y + 2, money, BODY, TEXT_DIM, anchor="ra")
        y += row
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
