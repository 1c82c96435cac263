"""Every player's public hand with card types, colours and effects, their character and Health Issues."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from engine.colony.model import Content
from render.canvas import Canvas
from render.colony.common import HEIGHT_LIMIT, MARGIN, WIDTH, Marker, View, card_colour, markers, turn_line
from render.colony.describe import HEALTH, card_detail
from render.icons import founder_disc
from render.theme import ACCENT, BAD, GRID_LINE, TEXT, TEXT_DIM

# Rows the canvas starts with: room for a usual set of hands (a bigger one grows the canvas).
START = 1408
SMALL = 24
INDENT = MARGIN + 56
NAME_X = INDENT + 30
TYPE_X = NAME_X + 300
DETAIL_X = TYPE_X + 170
STEP = 30


def render_hands(view: View, cards: Content) -> bytes:
    """Every hand as a PNG.

    Raises KeyError when a hand card lacks its "id".
    """
    canvas = draw_hands(view, cards)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_hands(view: View, cards: Content) -> Canvas:
    """The drawn hands, card texts from ``cards``; ``canvas.bottom`` is the lowest pixel used (tests
    check its text boxes)."""
    canvas = Canvas(WIDTH, HEIGHT_LIMIT, start=START)
    canvas.text(MARGIN, MARGIN, turn_line(view), 34, TEXT, max_width=WIDTH - 2 * MARGIN)
    y = MARGIN + 62
    scenario = str((view.get("scenario") or {}).get("id", ""))
    hand_limit = int((view.get("limits") or {}).get("hand", 6))
    for marker, player in zip(markers(view), view.get("players", []), strict=False):
        top = y
        # A block lies on the bare background (the turn marker and the rule come after it), and its
        # disc reaches two rows above its top.
        texts = [card_detail(cards, str(card["id"]), scenario) for card in player.get("hand", [])]
        block = partial(player_block, canvas, cards, marker, player, y, scenario, hand_limit)
        span = (0, y - 4, WIDTH)
        y = canvas.column_piece(
            "colony/hands/player", span, block, marker, player, scenario, hand_limit, texts
        )
        if marker.seat == view.get("active_seat"):
            canvas.rect((MARGIN - 16, top, MARGIN - 10, y - 8), ACCENT)
        canvas.rect((MARGIN, y + 4, WIDTH - MARGIN, y + 6), GRID_LINE)
        y += 22
    return canvas


def player_block(
    canvas: Canvas,
    cards: Content,
    marker: Marker,
    player: Mapping[str, Any],
    y: int,
    scenario: str,
    limit: int,
) -> int:
    """Name and character, ability, Health Issues, then one line per card; returns the y below."""
    founder_disc(canvas, MARGIN + 22, y + 20, 22, marker.initials, marker.colour)
    hand = list(player.get("hand", []))
    count = f"{len(hand)}/{limit} cards"
    count_box = canvas.text(
        WIDTH - MARGIN, y + 6, count, 26, BAD if len(hand) > limit else TEXT_DIM, anchor="ra"
    )
    hero = player.get("character")
    title = str(hero.get("name", "")) if hero else "choosing a character"
    # The name takes what the character and the card count leave, and never less than 320 pixels.
    spare = count_box[0] - 36 - canvas.measure(title, 26) - (MARGIN + 56)
    name_box = canvas.text(MARGIN + 56, y + 2, marker.name, 30, marker.colour, max_width=max(320, spare))
    canvas.text(name_box[2] + 18, y + 6, title, 26, TEXT, max_width=count_box[0] - name_box[2] - 36)
    y += 48
    inner = WIDTH - MARGIN - INDENT
    if hero:
        y = canvas.paragraph(INDENT, y, f"Special: {hero.get('text', '')}", SMALL, TEXT_DIM, inner, step=STEP)
    else:
        for dealt in player.get("dealt", []):
            line = f"Dealt: {dealt.get('name', '')}. {dealt.get('text', '')}"
            y = canvas.paragraph(INDENT, y, line, SMALL, TEXT_DIM, inner, step=STEP)
    for issue in player.get("health", []):
        health = issue.get("health") or {}
        effect = HEALTH.get(str(health.get("effect", "")), str(health.get("text", "")))
        line = f"Health Issue: {issue.get('name', '')} ({effect})"
        y = canvas.paragraph(INDENT, y, line, SMALL, BAD, inner, bold=True, step=STEP)
    y += 6
    if not hand:
        canvas.text(INDENT, y, "No cards in hand.", SMALL, TEXT_DIM, bold=False)
        return y + 38
    for card in hand:
        y = card_row(canvas, cards, card, y, scenario)
    return y


def card_row(canvas: Canvas, cards: Content, card: Mapping[str, Any], y: int, scenario: str) -> int:
    """A colour swatch, the name, colour and type in words, then what the card does; returns the y below."""
    colour = card.get("colour")
    canvas.rect((INDENT, y + 2, INDENT + 18, y + 32), card_colour(colour), radius=4)
    canvas.text(NAME_X, y, str(card.get("name", card["id"])), 26, TEXT, max_width=TYPE_X - NAME_X - 12)
    kind = str(card.get("type", ""))
    label = f"{colour or 'wild'} {kind}"
    canvas.text(
        TYPE_X, y + 2, label, SMALL, card_colour(colour), bold=False, max_width=DETAIL_X - TYPE_X - 10
    )
    detail = card_detail(cards, str(card["id"]), scenario)
    if not detail:
        return y + 38
    end = canvas.paragraph(
        DETAIL_X, y + 2, detail, SMALL, TEXT_DIM, WIDTH - MARGIN - DETAIL_X, condensed=True, step=STEP
    )
    return max(y + 38, end + 8)
