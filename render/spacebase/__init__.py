"""Space Base images: a player's board, the shipyard, the score track and the dice;
``RENDERER`` posts them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event
from engine.core.words import counted
from render.image import RenderedImage
from render.registry import Kind, Renderer
from render.spacebase.board import render_board
from render.spacebase.common import View, player, viewer
from render.spacebase.tables import render_dice, render_scores, render_shipyard

ROLLS = frozenset({"dice_rolled", "bonus_rolled"})


def rolled(view: View, events: Sequence[Event]) -> tuple[int, ...]:
    """The dice the events rolled last, then 1 for a bonus roll (0 for a turn's roll); empty when
    the events rolled none."""
    for event in reversed(events):
        dice = event.data.get("dice") if event.kind in ROLLS else None
        if isinstance(dice, list) and len(dice) == 2:
            return (int(dice[0]), int(dice[1]), 1 if event.data.get("bonus") else 0)
    return ()


def board_image(view: View, _: object = None) -> RenderedImage:
    me = player(view, viewer(view))
    credits = counted(int(me.get("credits", 0)), "credit")
    text = f"{me.get('name')}'s twelve sectors: {me.get('vp', 0)} VP, {credits}."
    return RenderedImage("board.png", render_board(view), text)


def scores_image(view: View, _: object = None) -> RenderedImage:
    line = "; ".join(f"{p.get('name')} {p.get('vp', 0)} VP" for p in view.get("players") or [])
    return RenderedImage("scores.png", render_scores(view), f"Scores: {line}."[:1000])


def _keep_phase_only(seen: dict[str, Any]) -> dict[str, Any]:
    """The shipyard reads the phase only to tell Light-Speed's keep phase (its rows still empty):
    any other phase is the same picture, so a new turn's phases never post it again."""
    return {**seen, "phase": "keep" if seen.get("phase") == "keep" else ""}


def shipyard_image(view: View, _: object = None) -> RenderedImage:
    return RenderedImage("shipyard.png", render_shipyard(view), "The shipyard and the colonies, with prices.")


def dice_image(view: View, dice: Sequence[int]) -> RenderedImage:
    """The two dice of ``dice`` (a third entry, when 1, marks a bonus roll)."""
    bonus = len(dice) > 2 and bool(dice[2])
    what = "Bonus roll" if bonus else "Dice"
    text = f"{what}: {dice[0]} and {dice[1]}, sum {dice[0] + dice[1]}."
    return RenderedImage("dice.png", render_dice({"dice": list(dice[:2]), "bonus": bonus}), text)


RENDERER = Renderer(
    "spacebase",
    (
        Kind("dice", frozenset({"dice"}), dice_image, shows=rolled),
        Kind("board", frozenset({"players", "dice", "pending", "active", "viewer"}), board_image),
        Kind("scores", frozenset({"players", "goal", "ending", "active", "outcome"}), scores_image),
        Kind(
            "shipyard",
            frozenset({"shipyard", "colonies", "deck_counts", "turned_up", "phase"}),
            shipyard_image,
            narrow=_keep_phase_only,
        ),
    ),
)

__all__ = ["RENDERER", "board_image", "dice_image", "rolled", "scores_image", "shipyard_image"]
