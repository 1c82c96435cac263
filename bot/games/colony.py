"""Exoplanet Colony front-end data: subcommands, start options, buttons, labels and narration."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot.games.buttons import ordered_buttons
from bot.games.spec import CommandSpec, GameFrontend, card_catalog, opt, seat_opt
from bot.games.text import narrate_named
from bot.replies import Button, Style
from engine.colony.ops import token_name
from engine.core import Action, Event

# Button order: choices someone is waiting on first, then the turn's usual steps.
ORDER = (
    "choose_character",
    "place",
    "discard",
    "end_turn",
    "draw",
    "move",
    "repair",
    "switch",
    "generate",
    "play",
)


_CARD = opt("card", "A card in your hand")
_SEAT = seat_opt("seat", "The player")
_AT = opt("at", "A module of the grid (x,y)")
_PAY = opt("pay", "The cards you pay with")

COMMANDS: list[CommandSpec] = [
    CommandSpec("character", "choose_character", "Choose your character", (opt("character", "Who"),)),
    CommandSpec("draw", "draw", "Draw a card"),
    CommandSpec("give", "give", "Give a card to a player on your module", (_CARD, _SEAT)),
    CommandSpec("take", "take", "Take a card from a player on your module", (_CARD, _SEAT)),
    CommandSpec(
        "deploy", "deploy", "Deploy a module card on a free space next to your pawn", (_CARD, _AT, _PAY)
    ),
    CommandSpec("move", "move", "Move to a neighbouring module", (_AT,)),
    CommandSpec(
        "generate",
        "generate",
        "Discard a card for 2 of its resource",
        (_CARD, opt("resource", "Which")),
    ),
    CommandSpec(
        "repair",
        "repair",
        "Remove a loss or Emergency token from your pawn's module",
        (opt("token", "Which token"),),
    ),
    CommandSpec("switch", "switch", "Switch your module on or off"),
    CommandSpec("recover", "recover", "Recover from a health issue", (opt("issue", "Which issue"), _PAY)),
    CommandSpec(
        "special",
        "special",
        "Use your character's special action",
        tuple(
            seat_opt(name, text, required=False) if name == "seat" else opt(name, text, required=False)
            for name, text in (
                ("card", "A card"),
                ("issue", "A health issue"),
                ("seat", "A player"),
                ("at", "A module (x,y)"),
                ("token", "A token"),
                ("source", "From"),
                ("target", "To"),
            )
        ),
    ),
    CommandSpec(
        "play",
        "play",
        "Play an item or plan card",
        (
            _CARD,
            opt("at", "A module (x,y)", required=False),
            opt("token", "A token", required=False),
            opt("resource", "A resource", required=False),
            opt("issue", "A health issue", required=False),
            seat_opt("seat", "A player", required=False),
        ),
    ),
    CommandSpec("place", "place", "Put the pending Emergency or loss token on a module", (_AT,)),
    CommandSpec("discard", "discard", "Discard down to the hand limit", (_CARD,)),
    CommandSpec("end-turn", "end_turn", "End your actions step"),
]

RULES_SUMMARY = """\
**Exoplanet Colony** — a co-operative race to make a colony self-sustaining.
Every turn your resources move by their production. Deploy modules around the hub to raise
production; win when oxygen, water, food and energy all produce 0 or more. Shortages and
unsolved emergencies push the emergency level up, and it also cuts your actions per turn;
if it reaches the end of its track, the colony is lost.
`/colony start` opens a table for 1 to 4 players; the host presses Begin, then everyone
picks one of the two characters dealt to them.
On your turn: take your actions (draw, give, take, deploy, move, generate, repair, switch,
recover, special, play), then `/colony end-turn`: the resources move and an event follows.
Your turn ends only then (or when your time runs out), so after your last action you may
still play Items and Plans. Hands are public.
Plans (`/colony play`) may be played by anyone at any time; items only on your own turn.
Options autocomplete only legal choices; the buttons offer the usual next steps, and Undo
takes back your own steps of this turn until a card or an event is revealed."""


def _owners(view: Mapping[str, Any]) -> dict[str, str]:
    """Who was dealt each character still to choose: the draft buttons say whose pick they are."""
    return {
        hero["id"]: player["name"] for player in view.get("players", []) for hero in player.get("dealt", [])
    }


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    """Display names of cards, characters, modules (by cell), issues and players (by seat)."""
    names: dict[str, str] = {}
    for module in view.get("grid", []):
        names[module["card"]] = module["name"]
        names[module["at"]] = f"{module['name']} ({module['at']})"
    top = view.get("discard_top")
    if top:
        names[top["id"]] = top["name"]
    for player in view.get("players", []):
        names[str(player["seat"])] = player["name"]
        for card in player.get("hand", []):
            names[card["id"]] = card["name"]
        for hero in [*player.get("dealt", []), player.get("character") or {}]:
            if hero:
                names[hero["id"]] = hero["name"]
        for issue in player.get("health", []):
            names[issue["id"]] = issue["name"]
    return names


# Kinds without an entry here are "secondary" buttons.
STYLES: dict[str, Style] = {
    "choose_character": "primary",
    "place": "danger",
    "discard": "danger",
    "end_turn": "primary",
    "draw": "success",
    "repair": "success",
    "play": "success",
}


def _offered(view: Mapping[str, Any], action: Action) -> bool:
    """False for plays that need a target (they go through /colony play) and for plans generated
    from (a wild card would need a button per resource)."""
    if action.kind == "play":
        return set(action.params) == {"card"}
    return not (action.kind == "generate" and _is_plan(view, action.get("card")))


def _label(action: Action, view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    def name(arg: str) -> str:
        value = str(action.get(arg, ""))
        return names.get(value, value)

    pending = view.get("pending") or {}
    players = view.get("players", [])
    discarder = players[int(pending["seat"])]["name"] if pending.get("kind") == "discard" else ""
    labels: dict[str, str] = {
        "choose_character": f"{_owners(view).get(str(action.get('character')), '')}: {name('character')}",
        "place": f"Token on {name('at')}",
        "discard": f"{discarder} discards {name('card')}",
        "end_turn": "End turn",
        "draw": "Draw a card",
        "move": f"Move to {name('at')}",
        "repair": f"Repair {action.get('token')}",
        "switch": "Switch module on/off",
        "generate": f"{name('card')} → +2 {action.get('resource')}",
        "play": f"{_holder(view, action.get('card'))}Play {name('card')}",
    }
    return labels[action.kind]


def buttons(
    view: Mapping[str, Any],
    legal_actions: Sequence[Action],
    game_id: int,
    version: int,
    *,
    can_undo: bool = False,
) -> list[Button]:
    """The common next steps as buttons (at most 25), in ``ORDER``; deploys, transfers, special
    actions and plays that need a target go through the subcommands, and so do plans generated from."""
    names = _names(view)
    return ordered_buttons(
        [action for action in legal_actions if _offered(view, action)],
        ORDER,
        STYLES,
        lambda action: _label(action, view, names),
        game_id,
        version,
        can_undo=can_undo,
    )


def _holder(view: Mapping[str, Any], card: object) -> str:
    """ "Bob: " when only Bob, who is not taking his turn, holds ``card`` (a Plan played out of turn)."""
    holders = [p for p in view.get("players", []) if any(held["id"] == card for held in p.get("hand", []))]
    if len(holders) == 1 and holders[0]["seat"] != view.get("active_seat"):
        return f"{holders[0]['name']}: "
    return ""


def _is_plan(view: Mapping[str, Any], card: object) -> bool:
    return any(
        held["id"] == card and held["type"] == "plan"
        for player in view.get("players", [])
        for held in player.get("hand", [])
    )


def label(view: Mapping[str, Any], option: str, value: str | int) -> str:
    """How an autocomplete value reads: names for ids and seats, module names for cells."""
    names = _names(view)
    if option in ("resource", "token"):
        return str(value).capitalize()
    if option == "pay":
        return ", ".join(names.get(part, part) for part in str(value).split(","))
    if option == "at" and str(value) not in names:
        return f"Free space ({value})"
    return names.get(str(value), str(value))


def summary(view: Mapping[str, Any]) -> str:
    """Planet, decks, resources, the grid with its tokens, players with their hands and health
    issues, and what the game waits for: the whole table for a text-only client."""
    players = view.get("players", [])
    scenario = view.get("scenario") or {}
    lines = [
        f"{scenario.get('name')} (difficulty {scenario.get('difficulty')}) · turn {view.get('turn')} · "
        f"{view.get('deck_count')} cards in the deck · {view.get('event_deck_count')} events left"
    ]
    resources = view.get("resources", [])
    if resources:
        lines.append(
            "Resources: "
            + ", ".join(f"{r['resource']} {r['production']:+d}/turn, {r['supply']} left" for r in resources)
        )
    emergency = view.get("emergency") or {}
    if emergency:
        last = len(emergency.get("track", [])) - 1
        lines.append(
            f"Emergency level {emergency.get('level')} of {last} (the last loses): "
            f"{emergency.get('actions')} actions a turn"
        )
    grid = view.get("grid", [])
    if grid:
        lines.append("Grid: " + "; ".join(_module_line(module) for module in grid))
    for player in players:
        hero = (player.get("character") or {}).get("name", "no character yet")
        hand = ", ".join(card["name"] for card in player.get("hand", [])) or "empty hand"
        health = ", ".join(
            f"{i['name']} ({i['health']['text']})" for i in player.get("health", []) if i.get("health")
        )
        line = f"{player['name']} ({hero}) at {player.get('at')}: {hand}"
        lines.append(f"{line} · health issues: {health}" if health else line)
    pending = view.get("pending")
    if pending and pending.get("kind") == "discard":
        lines.append(f"Waiting: {players[pending['seat']]['name']} discards {pending['count']}.")
    elif pending:
        lines.append(f"Waiting: place the {pending.get('token')} token.")
    return "\n".join(lines)


def _module_line(module: Mapping[str, Any]) -> str:
    """ "Moss Wall (1,0): off, Emergency token, oxygen loss ×2, pawns Ann" — what a tile shows."""
    marks = ["off"] if module.get("off") else []
    if module.get("emergency"):
        count = int(module["emergency"])
        marks.append("Emergency token" + (f" ×{count}" if count > 1 else ""))
    for resource, count in (module.get("loss") or {}).items():
        if count:
            marks.append(f"{resource} loss" + (f" ×{count}" if count > 1 else ""))
    head = f"{module['name']} ({module['at']})"
    return f"{head}: {', '.join(marks)}" if marks else head


def status_line(view: Mapping[str, Any]) -> str:
    """What the game waits for, under every message: the draft, a pending choice, or whose turn it
    is with the actions left."""
    players = view.get("players", [])
    if view.get("phase") == "draft":
        names = ", ".join(p["name"] for p in players if p.get("character") is None)
        return f"**Character draft** — waiting for {names} to choose."
    pending = view.get("pending")
    if pending:
        who = players[int(pending["seat"])]["name"]
        if pending.get("kind") == "discard":
            return f"**Waiting for {who}** to discard {pending['count']} (hand limit 6)."
        return f"**Waiting for {who}** to place the {token_name(str(pending.get('token')))}."
    seat = view.get("active_seat")
    if seat is None or not 0 <= seat < len(players):
        return f"Turn {view.get('turn')}."
    left = view.get("actions_left")
    level = (view.get("emergency") or {}).get("level")
    head = f"Turn {view.get('turn')} · **{players[seat]['name']}**'s turn · "
    if view.get("phase") == "actions" and left == 0:
        return head + f"no actions left: play an Item or Plan, or End turn · emergency level {level}"
    return head + f"{left} action{'s' if left != 1 else ''} left · emergency level {level}"


# What an action within the turn changes: the hands (cards moved, supplies, deck counts on the board)
# or the grid (pawns, tokens, switches). Anything else (a new turn, an event, a card's effect) posts all.
_HAND_EVENTS = frozenset(
    {
        "card_drawn",
        "card_discarded",
        "card_transferred",
        "card_salvaged",
        "deck_reshuffled",
        "discard_required",
        "supply_changed",
        "health_recovered",
    }
)
_GRID_EVENTS = frozenset({"pawn_moved", "token_removed", "module_switched"})


def images(events: Sequence[Event]) -> frozenset[str] | None:
    """The images an in-turn action changed; None (every image) for turns, events and card effects."""
    wanted: set[str] = set()
    for event in events:
        if event.kind in _HAND_EVENTS:
            wanted |= {"board", "hands"}
        elif event.kind in _GRID_EVENTS:
            wanted |= {"grid", "board"}
        else:
            return None
    return frozenset(wanted) or None


def opens_lobby(options: Mapping[str, Any]) -> bool:
    """Always: the table takes 1 to 4 players and the host begins when everyone is in."""
    return True


def catalog(rules: Any) -> Iterator[tuple[str, str]]:
    """The player cards and the characters by their names."""
    yield from card_catalog(rules)
    for character in rules.content.characters.values():
        yield character.name, character.id


FRONTEND = GameFrontend(
    key="colony",
    title="Exoplanet Colony",
    commands=tuple(COMMANDS),
    # The scenarios offered come from the cards in play (bot.games adds them per loaded game).
    start_options=(),
    buttons=buttons,
    narrate=narrate_named,
    label=label,
    opens_lobby=opens_lobby,
    rules_summary=RULES_SUMMARY,
    summary=summary,
    status_line=status_line,
    images=images,
    # A missed deadline plays the player's turn: its actions, then what its event asks of them.
    step_markers=("turn",),
    catalog=catalog,
)
