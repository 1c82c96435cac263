"""A player's twelve sectors: the station ship and its blue rewards, the deployed stack and its red
rewards, charge cubes on abilities, and colonies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.spacebase.view import current_dice
from render.canvas import Canvas, text_width
from render.spacebase.common import (
    BLUE,
    BODY,
    COLONY,
    CUBE,
    LINE,
    MARGIN,
    RED,
    SMALL,
    TITLE,
    WHEN_COLOURS,
    WIDTH,
    View,
    player,
    reward_lines,
    reward_rows,
    rewards_text,
    seat_colour,
    viewer,
)
from render.theme import OUTLINE, SURFACE, SURFACE_DIM, TEXT, TEXT_DIM

COLUMNS = 6
CELL_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * 8) // COLUMNS
CELL_H = 250
HEADER = 64


def render_board(view: View, seat: int | None = None) -> bytes:
    """The board of ``seat`` (default: the viewer of a private view, else the turn's player)."""
    return draw_board(view, seat).png()


def draw_board(view: View, seat: int | None = None) -> Canvas:
    seat = viewer(view) if seat is None else seat
    me = player(view, seat)
    sectors = me.get("sectors") or []
    rows = max(1, (len(sectors) + COLUMNS - 1) // COLUMNS)
    canvas = Canvas(WIDTH, HEADER + rows * (CELL_H + 8) + MARGIN)
    name = str(me.get("name", f"Seat {seat + 1}"))
    canvas.disc(MARGIN + 12, MARGIN + 16, 11, seat_colour(seat))
    canvas.text(MARGIN + 32, MARGIN, name, TITLE, TEXT, max_width=WIDTH // 2)
    stats = f"{me.get('vp', 0)} VP   {me.get('credits', 0)} credits   income {me.get('income', 0)}"
    canvas.text(WIDTH - MARGIN, MARGIN + 4, stats, BODY, TEXT, anchor="ra")
    lit = _lit(view)
    for index, sector in enumerate(sectors):
        x = MARGIN + (index % COLUMNS) * (CELL_W + 8)
        y = HEADER + (index // COLUMNS) * (CELL_H + 8)
        _sector(canvas, x, y, sector, int(sector.get("sector", index + 1)) in lit)
    return canvas


def _lit(view: View) -> set[int]:
    """Sectors the current dice point at (both readings), outlined so the roll is easy to follow."""
    dice, _bonus = current_dice(view)
    return {dice[0], dice[1], dice[0] + dice[1]} if len(dice) == 2 else set()


def _sector(canvas: Canvas, x: int, y: int, sector: Mapping[str, Any], lit: bool) -> None:
    station: Mapping[str, Any] | None = sector.get("station")
    colony = station is not None and station.get("type") == "colony"
    fill = (60, 50, 24) if colony else SURFACE if station else SURFACE_DIM
    canvas.rect(
        (x, y, x + CELL_W, y + CELL_H),
        fill,
        outline=(255, 230, 140) if lit else OUTLINE,
        width=3 if lit else 1,
        radius=8,
    )
    canvas.text(x + 8, y + 4, str(sector.get("sector", "?")), TITLE, COLONY if colony else TEXT)
    inner = CELL_W - 16
    top = y + 44
    if station:
        canvas.text(x + 8, top, str(station.get("name", "")), SMALL, TEXT, max_width=inner, condensed=True)
        if colony:
            canvas.text(x + 8, top + 26, "Colony", BODY, COLONY)
            # Some colonies charge cubes too (a game-winning ability): their count must show.
            top = _ability(canvas, x + 8, top + 26 + int(BODY * 1.25), inner, station)
        else:
            top = canvas.paragraph(
                x + 8, top + 26, rewards_text(station.get("blue") or []), BODY, BLUE, inner, bold=True
            )
            top = _ability(canvas, x + 8, top, inner, station)
    else:
        top = canvas.text(x + 8, top, "empty", SMALL, TEXT_DIM)[3]
    deployed = sector.get("deployed") or []
    # Red rewards: the deployed ships', and a colony's own red side.
    red = [r for card in deployed for r in card.get("red") or []]
    if colony and station is not None:
        red += list(station.get("red") or [])
    # Two lines of red rewards fit under the line; a longer list (a stack of arrows and cubes) raises
    # the line into the room the station's rewards leave, a line at a time, rather than being cut.
    base = y + CELL_H - 86
    most, needed = 2, len(reward_rows(red, inner))
    while most < needed and base - LINE >= top + 4:
        base -= LINE
        most += 1
    canvas.draw.line((x + 6, base, x + CELL_W - 6, base), fill=OUTLINE, width=1)
    if deployed:
        charged = [c for c in deployed if c.get("ability")]
        count = f"{len(deployed)}×" if charged else f"{len(deployed)} ship{'s' if len(deployed) > 1 else ''}"
        box = canvas.text(x + 8, base + 4, count, SMALL, TEXT_DIM)
        _stack_charges(canvas, box[2] + 6, x + CELL_W - 8, base + 4, charged)
    if red:
        reward_lines(canvas, x + 8, base + 28, red, RED, inner, most)


def _stack_charges(canvas: Canvas, left: int, right: int, y: int, cards: list[Mapping[str, Any]]) -> None:
    """Each charge card of a deployed stack as cubes held / cubes needed ("■1/2 2/2"), a ready one
    in its timing's colour; "…" when the cell has no room for the rest."""
    x = left
    for index, card in enumerate(cards):
        ability = card.get("ability") or {}
        need, have = int(ability.get("need", 0)), int(card.get("charges", 0))
        colour = WHEN_COLOURS.get(str(ability.get("when")), TEXT) if have >= need else CUBE
        text = f"{'■' if index == 0 else ''}{have}/{need}"
        width = text_width(text, SMALL, condensed=True)
        if x + width > right:
            canvas.text(x, y, "…", SMALL, CUBE)
            return
        x = canvas.text(x, y, text, SMALL, colour, condensed=True)[2] + 5


def _ability(canvas: Canvas, x: int, y: int, width: int, card: Mapping[str, Any]) -> int:
    """The card's ability with its cubes, if it has one; returns the y below it."""
    ability = card.get("ability")
    if not ability:
        return y
    need, have = int(ability.get("need", 0)), int(card.get("charges", 0))
    colour = WHEN_COLOURS.get(str(ability.get("when")), TEXT)
    label = f"{have}/{need} → {rewards_text(ability.get('effects') or [])}"
    # Wrapped, not cut: "1/3 → claim L1" is one word too wide for a cell, and the level matters.
    return canvas.paragraph(x, y + 2, label, SMALL, colour, width, bold=True, condensed=True)


__all__ = ["BLUE", "draw_board", "render_board"]
