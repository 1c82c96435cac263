"""What a seat may see, and what the table may see (no hand, unrevealed choice, built pile or deck order)."""

from __future__ import annotations

from typing import Any

from engine.europa.build import rescue_actions
from engine.europa.dice import cut_corners, is_met, locked, needs, shortfall, wild_only
from engine.europa.flow import step_four
from engine.europa.model import CUT_CORNER, Ability, Card, Content, ability_text
from engine.europa.state import EuropaState, Json


def card_view(card: Card) -> Json:
    return {
        "id": card.id,
        "name": card.name,
        "points": card.points,
        "needs": dict(card.needs),
        "invader": card.invader,
        "undermine": _ability("undermine", card.undermine),
        "ingenuity": _ability("ingenuity", card.ingenuity),
        "plan": _ability("plan", card.plan),
    }


def plan_view(card: Card) -> Json:
    """A Future Planning card as the table sees it: its planning part only, named by its ability
    (a seat never holds two plans with the same one)."""
    return {"key": card.plan.key, "plan": _ability("plan", card.plan)}


def _ability(part: str, a: Ability) -> Json:
    out: Json = {"kind": a.kind, "text": ability_text(part, a)}
    if part == "undermine":
        out["cost"] = a.cost
    if part == "ingenuity":
        out["timing"] = a.timing
    return out


def table_view(state: EuropaState, content: Content, waiting: frozenset[int]) -> dict[str, Any]:
    cards = content.cards
    return {
        "game": "europa",
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "first": state.first,
        "turn": state.turn if state.phase == "undermine" or step_four(state) else None,
        "invaders": bool(state.options["invaders"]),
        "undermine_limit": int(state.options["undermine_limit"]),
        "cut_corner": -CUT_CORNER,
        "to_move": sorted(waiting),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "discard_top": card_view(cards[state.discard[-1]]) if state.discard else None,
        "players": [_player(state, content, s) for s in range(state.seats)],
        "outcome": state.outcome,
    }


def hand_count(state: EuropaState, seat: int) -> int:
    """The cards the table sees in a hand: a card picked in secret (a base or a planning card) still
    counts until the choices are revealed, so the count never tells a card from "none"."""
    secret = [c for c in (state.choice[seat], state.plan_choice[seat]) if c not in (None, "finalize", "none")]
    return len(state.hands[seat]) + len(secret)


def _player(state: EuropaState, content: Content, seat: int) -> Json:
    cards = content.cards
    over = state.outcome is not None
    return {
        "seat": seat,
        "name": state.players[seat],
        "ai": state.ai[seat],
        "away": state.away[seat],
        "status": state.status[seat],
        "hand_count": hand_count(state, seat),
        "chosen": state.choice[seat] is not None,
        "plan_chosen": state.plan_choice[seat] is not None,
        "built_count": len(state.built[seat]),
        "built": [card_view(cards[c]) for c in state.built[seat]] if over else None,
        "tokens": state.tokens[seat],
        "round_tokens": sum(int(b["tokens"]) for b in state.bases[seat]),
        "plans": [plan_view(cards[c]) for c in state.plans[seat]],
        "bases": [{"card": card_view(cards[b["card"]]), "tokens": b["tokens"]} for b in state.bases[seat]],
        "attempt": _attempt(state, content, seat),
        "undermines": [card_view(cards[c]) for c in state.undermines[seat]],
    }


def _attempt(state: EuropaState, content: Content, seat: int) -> Json | None:
    att = state.attempt[seat]
    if att is None:
        return None
    under = state.undermines[seat]
    need = needs(content, att, under)
    wild = wild_only(content, under)
    missing, stars, _ = shortfall(att["dice"], need, wild)
    return {
        "card": card_view(content.cards[att["card"]]),
        "stage": att["stage"],
        "rolls_left": att["rolls_left"],
        "rolled": att["rolled"],
        "need": need,
        "min_keep": att["min_keep"],
        "wild_only": sorted(wild),
        "dice": [
            {
                "die": i,
                "colour": d["c"],
                "face": list(d["f"]),
                "rolled": bool(d["f"]),
                "kept": d["k"],
                "locked": locked(d),
                "destroyed": d["x"],
            }
            for i, d in enumerate(att["dice"])
        ],
        "destroy_pending": att["destroy"],
        "used_plans": [content.cards[c].plan.key for c in att["used"]],
        "missing": missing,
        "stars": stars,
        "met": is_met(att["dice"], need, wild) if att["rolled"] else False,
        "cut_corners_if_built": cut_corners(att["dice"], need, wild),
    }


def seat_view(state: EuropaState, content: Content, seat: int, waiting: frozenset[int]) -> dict[str, Any]:
    """The table view plus ``you``: this seat's hand, secret choices and face-down built pile."""
    cards = content.cards
    out = table_view(state, content, waiting)
    choice = state.choice[seat]
    plan = state.plan_choice[seat]
    out["you"] = {
        "seat": seat,
        "hand": [card_view(cards[c]) for c in state.hands[seat]],
        "choice": choice if choice in (None, "finalize") else card_view(cards[choice]),
        "plan_choice": plan if plan in (None, "none") else card_view(cards[plan]),
        "built": [card_view(cards[c]) for c in state.built[seat]],
        "plans": [card_view(cards[c]) for c in state.plans[seat]],
        "built_points": sum(cards[c].points for c in state.built[seat]),
        "hints": reroll_hints(state, content, seat),
    }
    return out


def reroll_hints(state: EuropaState, content: Content, seat: int) -> list[str]:
    """Rerolls of "up to N dice" held but not playable yet: more matching dice lie loose than the
    card rerolls, and setting the others aside first makes it playable."""
    att = state.attempt[seat]
    if att is None or att["stage"] == "wait":
        return []
    now = {str(a.get("card")) for a in rescue_actions(state, content, seat)}
    later = {str(a.get("card")) for a in rescue_actions(state, content, seat, loose=True)}
    out = []
    for cid in sorted(later - now):
        card = content.cards[cid]
        part = card.ingenuity if cid in state.hands[seat] else card.plan
        if part.kind == "reroll":
            colour = "" if part.colour in (None, "any") else f"{part.colour} "
            out.append(
                f"{card.name} rerolls up to {part.n} dice: set aside all but {part.n} of your loose "
                f"{colour}dice to play it."
            )
    return out
