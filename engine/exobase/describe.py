"""Short player-facing labels for legal actions (buttons, autocomplete)."""

from __future__ import annotations

from engine.core.action import Action
from engine.exobase.common import name
from engine.exobase.instants import instant_list
from engine.exobase.model import Content
from engine.exobase.place_apply import describe_placement
from engine.exobase.place_legal import PLACEMENT_KINDS
from engine.exobase.state import ExoState

FIXED = {
    "end_placement": "End placement",
    "roll_hazard": "Roll for the hazard",
    "next_day": "End the night and refill the rows",
}


def describe_action(content: Content, action: Action, state: ExoState) -> str:
    kind = action.kind
    if kind in FIXED:
        return FIXED[kind]
    who = name(content, str(action.get("founder", "")))
    card = name(content, str(action.get("card", "")))
    if kind in PLACEMENT_KINDS:
        text = describe_placement(content, action)
        if kind == "build":
            return f"{who}: build {card} at ({action.arg('at')})"
        return f"{who} {text}"
    if kind == "instant":
        return f"{who}: {_instant_text(content, action, state)}"
    labels = {
        "choose_target": f"Hit {card}",
        "pay_health": f"{who} pays 1 health",
        "relocate": f"Move {who} to {card}",
        "tuck": f"{who} keeps {card}",
        "rest": f"{who} rests (2 food -> 1 health)",
        "flip": f"Flip {card} into the location row",
    }
    return labels.get(kind, str(action))


def _instant_text(content: Content, action: Action, state: ExoState) -> str:
    founder = state.founder(str(action.arg("founder")))
    key = str(action.arg("ability"))
    text = key
    if founder is not None:
        if key.startswith("founder:"):
            text = content.founders[founder["id"]].instants[int(key.split(":")[1])].text
        elif any(k == key for k, _, _ in instant_list(content, founder)):
            task = content.cards[key].task
            text = task.ability.text if task is not None else key
    target = action.get("target")
    resource = action.get("resource")
    if target is not None:
        text += f" ({name(content, str(target))})"
    if resource is not None:
        text += f" ({resource})"
    return text
