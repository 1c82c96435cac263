"""Short player-facing labels of actions (buttons, autocomplete); they never name another seat's secret."""

from __future__ import annotations

from engine.core.action import Action
from engine.europa.model import Content, ability_text
from engine.europa.state import EuropaState

FIXED = {
    "finalize": "Finalize construction",
    "pass": "Pass (no more undermining)",
    "roll": "Roll the dice not set aside",
    "build": "Build the base",
    "stop": "End the main rolls",
    "give_up": "Give up (lose this round's bases)",
    "no_plan": "Place no Future Planning card",
    "away": "Let the AI play this seat",
    "back": "Play this seat again",
}


def describe_action(content: Content, action: Action, state: EuropaState) -> str:
    kind = action.kind
    if kind in FIXED:
        return FIXED[kind]
    cards = content.cards
    card = cards.get(str(action.get("card", "")))
    if kind == "choose" and card:
        return f"Build {card.name} ({card.points} pts)"
    if kind == "undermine" and card:
        target = state.players[int(action.arg("target"))]
        extra = (
            f", destroying their plan {_plan_label(content, str(action.get('plan')))}"
            if action.get("plan")
            else ""
        )
        pay = str(action.get("discard") or "")
        if pay:
            extra += ", discarding " + ", ".join(cards[c].name for c in pay.split(","))
        does = ability_text("undermine", card.undermine).split(". ")[0].rstrip(".")
        return f"Undermine {target} with {card.name} ({does}){extra}"
    if kind in ("keep", "release", "destroy"):
        # Dice are counted from 1 for players (the engine counts from 0).
        return f"{kind.capitalize()} die {int(action.arg('die')) + 1}"
    if kind in ("ingenuity", "use_plan") and card:
        part = card.ingenuity if kind == "ingenuity" else card.plan
        die = action.get("die")
        on = f" on die {int(die) + 1}" if isinstance(die, int) else ""
        lifted = f" ({cards[str(action.get('undermine'))].name})" if action.get("undermine") else ""
        what = ability_text("ingenuity" if kind == "ingenuity" else "plan", part).rstrip(".")
        stars = ", leaving the loose Stars" if action.get("leave_stars") else ""
        return f"{card.name}: {what}{on}{lifted}{stars}"
    if kind == "plan" and card:
        return f"Plan with {card.name}"
    if kind == "redraw":
        pick = str(action.get("discard") or "")
        text = "Keep my hand" if not pick else "Discard " + ", ".join(cards[c].name for c in pick.split(","))
        return text + redraw_size(action)
    return str(action)


def _plan_label(content: Content, key: str) -> str:
    """A plan named by its ability key, in words: the attacker only sees that part of the card."""
    plan = next((c.plan for c in content.cards.values() if c.plan.key == key), None)
    return f"({ability_text('plan', plan).rstrip('.')})" if plan else key


def redraw_size(action: Action) -> str:
    """How far a redraw of a seat with a hand-of-6 plan draws ("" for any other redraw)."""
    six = action.get("six")
    if six is None:
        return ""
    return ", draw to 6 (+1 Cut Corner token)" if six else ", draw to 5"
