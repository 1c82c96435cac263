"""Short player-facing labels for legal actions (buttons, autocomplete)."""

from __future__ import annotations

from engine.core.action import Action
from engine.exobase.common import name
from engine.exobase.instants import instant_list
from engine.exobase.model import Content, cost_label
from engine.exobase.place_apply import describe_placement
from engine.exobase.place_legal import PLACEMENT_KINDS, upgrade_need
from engine.exobase.state import ExoState

FIXED = {
    "end_placement": "End placement (Ready)",
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
            # A build that raises a production of the player's choice (the Lab) names it.
            chosen = f" (+1 {action.get('resource')} production)" if action.get("resource") else ""
            return f"{who}: build {card} at ({action.arg('at')}){chosen}"
        if kind == "upgrade":
            return f"{who} {text}{_upgrade_price(content, action, state)}"
        return f"{who} {text}"
    if kind == "instant":
        return f"{who}: {_instant_text(content, action, state)}"
    labels = {
        "choose_target": f"Hit {card}",
        "pay_health": f"{who} pays 1 health",
        "relocate": f"Move {who} to {card}",
        "tuck": f"{who} keeps the task {_task_name(content, str(action.get('card', '')))} as an ability",
        "rest": f"{who} rests (2 food -> 1 health)",
        "flip": _flip_text(content, str(action.get("card", ""))),
        "power_down": f"Let {card} go dark (its cubes return to the bank)",
        "power_up": f"Power {card} again{_cubes(content, action, state)}",
    }
    return labels.get(kind, str(action))


def _cubes(content: Content, action: Action, state: ExoState) -> str:
    """The cubes a dark location takes to power again, for its label."""
    cid = str(action.get("card", ""))
    placed = state.placed(cid)
    if placed is None or cid not in content.cards:
        return ""
    need = content.cards[cid].needs(placed["level"])
    return f" ({need} cube{'s' if need != 1 else ''})"


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


def _flip_text(content: Content, cid: str) -> str:
    """The location side first: that is what the flip brings into play."""
    card = content.cards.get(cid)
    if card is None:
        return f"Flip {cid} into the location row"
    task = f", from task {card.task.name}" if card.task is not None else ""
    return f"Flip in {card.location_side}{task}"


def _upgrade_price(content: Content, action: Action, state: ExoState) -> str:
    """What the next level costs, energy included, so a choice shows its price before it is made."""
    placed = state.placed(str(action.get("card", "")))
    card = content.cards.get(str(action.get("card", "")))
    if placed is None or card is None or placed["level"] >= card.max_level:
        return ""
    need = upgrade_need(card, placed["level"])
    energy = f" + {need} energy" if need else ""
    return f" to L{placed['level'] + 1} ({cost_label(card.levels[placed['level']].cost)}{energy})"


def _task_name(content: Content, cid: str) -> str:
    """The task side's name of a card (the side a founder works and may keep)."""
    card = content.cards.get(cid)
    return card.task.name if card is not None and card.task is not None else name(content, cid)
