"""Europa Base Alpha front-end data: subcommands, start options, private buttons, narration.

Hands are secret: the channel shows only the table (counts, revealed bases, dice), and every
choice that names a card is offered in the player's own DM or "My hand" reply, or by the
autocomplete of a subcommand, which only the person typing sees.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.buttons import ordered_buttons, select_menus
from bot.games.spec import CommandSpec, GameFrontend, OptionSpec, card_catalog, opt, seat_opt
from bot.games.text import narrate_named
from bot.replies import Button, Gather, Option, Style
from engine.core import Action
from engine.europa.describe import redraw_size
from engine.europa.setup import read_options
from render.europa.common import status_words

# Button order: the step the game waits for first, then the builder's usual steps; the skips
# (pass, no plan, stop, give up) come before the per-die buttons so they are never crowded out.
ORDER = (
    "finalize",
    "pass",
    "no_plan",
    "redraw",
    "destroy",
    "roll",
    "build",
    "stop",
    "give_up",
    "keep",
    "release",
    "back",
)
# Choices that name a card of the hand are select menus (placeholder by kind), in private messages only.
SELECTS: dict[str, str] = {
    "choose": "Choose your next base card…",
    "undermine": "Undermine a base with…",
    "plan": "Place a Future Planning card…",
    "ingenuity": "Play an Ingenuity or planning card…",
    "use_plan": "Play an Ingenuity or planning card…",
}
PART = {
    "choose": None,
    "undermine": "undermine",
    "plan": "plan",
    "ingenuity": "ingenuity",
    "use_plan": "plan",
}
MAX_SELECTS = 4
STYLES: dict[str, Style] = {
    "choose": "primary",
    "roll": "primary",
    "build": "success",
    "finalize": "success",
    "give_up": "danger",
    "destroy": "danger",
}


_CARD = opt("card", "A card of your hand")
# Dice are counted from 1 for players (the engine counts from 0).
_DIE = replace(opt("die", "One of your dice", "int"), offset=1)
_CHANGED_DIE = replace(opt("die", "The die it changes", "int", required=False), offset=1)
_LEAVE_STARS = OptionSpec("leave_stars", "A reroll: your loose Stars stay as they are", "bool", False)

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "choose",
        "choose",
        "Choose your base card (secret at the round's start, face up for another)",
        (_CARD,),
    ),
    CommandSpec("finalize", "finalize", "Stop building this round: your bases go to your built pile"),
    CommandSpec(
        "undermine",
        "undermine",
        "Play a card's undermining part on another player's new base",
        (
            _CARD,
            seat_opt("target", "Whose base"),
            opt("plan", "The planning card it destroys", required=False),
            opt("discard", "The card its cost asks you to discard", required=False),
        ),
    ),
    CommandSpec("pass", "pass", "Undermine no more this step"),
    CommandSpec("roll", "roll", "A main roll of every die not set aside"),
    CommandSpec("keep", "keep", "Set a die aside", (_DIE,)),
    CommandSpec("release", "release", "Take a set-aside die back", (_DIE,)),
    CommandSpec("build", "build", "Build the base with the dice you have"),
    CommandSpec("stop", "stop", "End the main rolls early"),
    CommandSpec(
        "ingenuity",
        "ingenuity",
        "Play a card's ingenuity part",
        (
            _CARD,
            _CHANGED_DIE,
            opt("undermine", "The undermining card it cancels", required=False),
            _LEAVE_STARS,
        ),
    ),
    CommandSpec(
        "use-plan",
        "use_plan",
        "Use one of your future planning cards for this base",
        (_CARD, _CHANGED_DIE, _LEAVE_STARS),
    ),
    CommandSpec("destroy", "destroy", "An Invader result: the die it destroys", (_DIE,)),
    CommandSpec("give-up", "give_up", "Give up this base (the round's bases are lost)"),
    CommandSpec("plan", "plan", "Place a card as a future planning card", (_CARD,)),
    CommandSpec("no-plan", "no_plan", "Place no planning card this round"),
    CommandSpec(
        "redraw",
        "redraw",
        "Discard cards and draw back up",
        (
            opt("discard", "Cards to discard"),
            OptionSpec("six", "Hand-of-6 plan: draw up to 6 and take a Cut Corner token", "bool", False),
        ),
    ),
    CommandSpec("away", "away", "Let the AI play your seat until you come back"),
    CommandSpec("back", "back", "Take your seat back from the AI"),
)

START_OPTIONS = (
    OptionSpec("invaders", "Play with the Invaders expansion", "bool", False, default=False),
    OptionSpec(
        "undermine_limit", "Undermining cards on one base: 2, or 1 for beginners", "int", False, default=2
    ),
    OptionSpec("ai", "AI seats to add (0-3)", "int", False, default=0),
)

RULES_SUMMARY = """\
**Europa Base Alpha** — 2 to 4 players build moon bases with dice; most points after 4 rounds
(3 with three players) wins. Every card has four parts and you use one each time you play it.
Each round: everyone picks a base card face down at the same time, then they are revealed;
in turn order players may **undermine** the new bases; then everyone builds at once: up to 3 main
rolls, setting dice aside, Stars are wild but each one costs a **Cut Corner** token (−2);
**ingenuity** cards help after the main rolls fail; a built base lets you, in turn order, try
another (face up) or **finalize** (your bases go face down into your built pile). Failing loses
every base of the round.
Then place **future planning** cards, discard and draw back to 5.
Your hand and built pile are secret: they come by DM, or with the "My hand" button and `/europa hand`."""


def _you(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view.get("you") or {}


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    """Names of the cards this view may show (the viewer's own, revealed ones) and players by seat."""
    names: dict[str, str] = {}
    you = _you(view)
    for card in [*(you.get("hand") or []), *(you.get("built") or [])]:
        names[card["id"]] = card["name"]
    for player in view.get("players", []):
        names[str(player["seat"])] = player["name"]
        attempt = player.get("attempt") or {}
        for card in [attempt.get("card"), *player.get("undermines", [])]:
            if isinstance(card, Mapping):
                names[card["id"]] = card["name"]
        # Others' plans show only their planning part, named by its ability key.
        for plan in player.get("plans", []):
            names[plan["key"]] = plan["plan"]["text"]
    for card in you.get("plans") or []:
        names[card["id"]] = card["name"]
    return names


def _dice(view: Mapping[str, Any]) -> dict[int, str]:
    """The viewer's dice by number, as "green die 3 (tower)"."""
    seat = view.get("viewer")
    players = view.get("players", [])
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return {}
    attempt = players[seat].get("attempt") or {}
    out: dict[int, str] = {}
    for die in attempt.get("dice") or []:
        face = "/".join(die.get("face") or []) if die.get("rolled") else "not rolled"
        out[int(die["die"])] = f"{die['colour']} die {int(die['die']) + 1} ({face})"
    return out


def _die_name(dice: Mapping[int, str], number: int) -> str:
    """A die by colour, number (from 1) and face, or by number alone when the view lacks it."""
    return dice.get(number, f"die {number + 1}")


def _label(view: Mapping[str, Any], action: Action, names: Mapping[str, str], dice: Mapping[int, str]) -> str:
    def name(arg: str) -> str:
        value = str(action.get(arg, ""))
        return names.get(value, value)

    def die() -> str:
        number = action.get("die")
        return _die_name(dice, number) if isinstance(number, int) else ""

    kind = action.kind
    fixed = {
        "finalize": "Finalize my bases",
        "pass": "Pass",
        "roll": "Roll",
        "build": "Build it",
        "stop": "Stop rolling",
        # Also the answer when nothing in hand can help: the seat is asked rather than failed by
        # itself, so the table never learns that the hand holds no usable card.
        "give_up": "Give up (lose this round's bases)",
        "no_plan": "No planning card",
        "back": "I am back",
    }
    if kind in fixed:
        return fixed[kind]
    texts = {
        "choose": f"Build {name('card')}",
        "keep": f"Keep {die()}",
        "release": f"Release {die()}",
        "destroy": f"Destroy {die()}",
        "plan": f"Plan with {name('card')}",
        "use_plan": f"Use plan {name('card')}" + _on(action, die, name),
        "ingenuity": f"Ingenuity: {name('card')}" + _on(action, die, name),
        "undermine": _undermine_label(view, action, name),
        "redraw": (
            "Keep my hand"
            if not action.get("discard")
            else f"Discard {label(view, 'discard', str(action.get('discard')))}"
        )
        + redraw_size(action),
    }
    return texts.get(kind, kind)


def _on(action: Action, die: Callable[[], str], name: Callable[[str], str]) -> str:
    """What an Ingenuity or planning card's label adds: the die it turns, the Undermining card it
    discards (two on one base would read the same), or Stars a reroll leaves."""
    if action.get("die") is not None:
        return f" on {die()}"
    if action.get("undermine") is not None:
        return f" (discard {name('undermine')})"
    return " (Stars stay)" if action.get("leave_stars") else ""


def _undermine_label(view: Mapping[str, Any], action: Action, name: Callable[[str], str]) -> str:
    """The undermining label, naming the cards its cost discards (the same card may be paid for in
    several ways; the plan it destroys is told in the option's description)."""
    text = f"Undermine {name('target')} with {name('card')}"
    if action.get("discard"):
        text += f", discarding {label(view, 'discard', str(action.get('discard')))}"
    return text


def buttons(
    view: Mapping[str, Any],
    legal_actions: Sequence[Action],
    game_id: int,
    version: int,
    *,
    can_undo: bool = False,
) -> list[Button]:
    """The viewer's next steps: select menus for the choices naming a hand card (a redraw's discards
    picked together), then buttons, the step the game waits for first."""
    names, dice = _names(view), _dice(view)
    cards = {c["id"]: c for c in [*(_you(view).get("hand") or []), *(_you(view).get("plans") or [])]}
    selects = _menus(
        legal_actions,
        game_id,
        version,
        lambda a: _label(view, a, names, dice),
        lambda a: _describe(cards, names, a),
    )
    redraw = _redraw_menu(legal_actions, game_id, version, cards)
    plain = [
        a for a in legal_actions if a.kind not in SELECTS and not (a.kind == "redraw" and a.get("discard"))
    ]
    rest = ordered_buttons(
        plain,
        ORDER,
        STYLES,
        lambda a: _label(view, a, names, dice),
        game_id,
        version,
        can_undo=can_undo,
    )
    return [*selects, *redraw][:MAX_SELECTS] + rest


def _menus(
    legal_actions: Sequence[Action],
    game_id: int,
    version: int,
    label: Callable[[Action], str],
    describe: Callable[[Action], str],
) -> list[Button]:
    """A select menu per kind of card choice, split in menus of 25 options when there are more."""
    groups: dict[str, list[Option]] = {}
    for action in legal_actions:
        if action.kind in SELECTS:
            option = Option(label(action), action=action, description=describe(action))
            groups.setdefault(SELECTS[action.kind], []).append(option)
    return select_menus(groups, game_id, version)


def _describe(cards: Mapping[str, Any], names: Mapping[str, str], action: Action) -> str:
    """An option's description: the part of the card it plays, or for an undermining card that
    destroys a plan, the plan it destroys (by its planning text, all the attacker can see of it)."""
    plan = action.get("plan") if action.kind == "undermine" else None
    if plan:
        return f"Destroys their plan: {names.get(str(plan), str(plan))}"
    return _part(cards, action)


def _redraw_menu(
    legal_actions: Sequence[Action], game_id: int, version: int, cards: Mapping[str, Any]
) -> list[Button]:
    """A multiple-choice menu of the hand cards a redraw may discard (keeping all is a button); with a
    hand-of-6 plan, one menu for drawing up to 6 (a Cut Corner token) and one for drawing up to 5."""
    picks: dict[bool | None, set[str]] = {}
    for action in legal_actions:
        if action.kind == "redraw" and action.get("discard"):
            six = action.get("six")
            picks.setdefault(None if six is None else bool(six), set()).update(
                str(action.get("discard")).split(",")
            )
    menus = []
    for six, cards_out in sorted(picks.items(), key=lambda item: item[0] is not True):
        hand = tuple(
            Option(c["name"], value=c["id"], description=_part(cards, None, c["id"]))
            for c in cards.values()
            if c["id"] in cards_out
        )
        if six is None:
            label, gather = "Discard cards and draw new ones…", Gather("redraw", "discard")
        else:
            label = f"Discard and draw up to {6 if six else 5}…"
            gather = Gather("redraw", "discard", "six", six)
        menus.append(Button(label, game_id, version, options=hand, gather=gather))
    return menus


def _part(cards: Mapping[str, Any], action: Action | None, card_id: str | None = None) -> str:
    """The part of the card an option plays, in a few words (its needs for a base)."""
    card = cards.get(card_id if card_id is not None else str(action.get("card") if action else ""))
    if card is None:
        return ""
    part = PART.get(action.kind) if action is not None else None
    if part is None:
        needs = ", ".join(f"{n} {symbol}" for symbol, n in (card.get("needs") or {}).items())
        return f"{card['points']} pts; needs {needs}"
    return str((card.get(part) or {}).get("text", ""))


def label(view: Mapping[str, Any], option: str, value: str | int) -> str:
    """Autocomplete values by name: the viewer's cards, players, dice."""
    names = _names(view)
    if option in ("die",) and isinstance(value, int):
        return _die_name(_dice(view), value)
    if option in ("discard",) and isinstance(value, str):
        return ", ".join(names.get(c, c) for c in value.split(",") if c) or "nothing"
    return names.get(str(value), str(value))


def _player_line(player: Mapping[str, Any]) -> str:
    flags = " (AI)" if player.get("ai") else " (away)" if player.get("away") else ""
    attempt = player.get("attempt") or {}
    card = attempt.get("card")
    building = f", building {card['name']} ({card['points']} pts)" if isinstance(card, Mapping) else ""
    return (
        f"{player['name']}{flags}: {status_words(player)}{building} · {player.get('hand_count')} in hand · "
        f"{player.get('built_count')} built · {player.get('tokens')} Cut Corners"
    )


def summary(view: Mapping[str, Any]) -> str:
    """The table in a few lines: round, phase, each player's public state."""
    lines = [f"Round {view.get('round')} of {view.get('rounds')} · {view.get('phase')}"]
    lines += [_player_line(p) for p in view.get("players", [])]
    final = _final_scores(view)
    if final:
        lines.append(final)
    return "\n".join(lines)


def _final_scores(view: Mapping[str, Any]) -> str:
    """Once the game is over, every player's score, the winners first (a tie on points is settled
    by tokens, then bases), then the highest: built points less the Cut Corners (what the tally
    picture shows, for a table without pictures)."""
    outcome = view.get("outcome") or {}
    scores, points, tokens = outcome.get("scores"), outcome.get("points"), outcome.get("tokens")
    players = view.get("players", [])
    if not (scores and points and tokens) or len(scores) != len(players):
        return ""
    winners = set(outcome.get("winners") or [])
    order = sorted(range(len(players)), key=lambda s: (s not in winners, -int(scores[s]), int(tokens[s])))
    parts = []
    for s in order:
        cut = int(points[s]) - int(scores[s])
        corners = f", \u2212{cut} for {tokens[s]} Cut Corner{'' if tokens[s] == 1 else 's'}" if cut else ""
        parts.append(f"{players[s]['name']} {scores[s]} ({points[s]} built{corners})")
    return "Final scores: " + " · ".join(parts)


def status_line(view: Mapping[str, Any]) -> str:
    """The phase and whom the game waits for."""
    players = view.get("players", [])
    waiting = [players[s]["name"] for s in view.get("to_move", []) if 0 <= s < len(players)]
    first = view.get("first")
    lead = players[first]["name"] if isinstance(first, int) and 0 <= first < len(players) else "?"
    parts = [f"Round {view.get('round')}/{view.get('rounds')}", f"{view.get('phase')}", f"first: {lead}"]
    if waiting:
        parts.append(f"waiting for {', '.join(waiting)}")
    return " · ".join(parts)


def _card_line(card: Mapping[str, Any]) -> str:
    needs = ", ".join(f"{n} {symbol}" for symbol, n in (card.get("needs") or {}).items())
    parts = [
        f"{part}: {(card.get(key) or {}).get('text', '')}"
        for part, key in (("undermine", "undermine"), ("ingenuity", "ingenuity"), ("plan", "plan"))
    ]
    return f"**{card['name']}** ({card['points']} pts; needs {needs}) — " + " · ".join(parts)


def private_summary(view: Mapping[str, Any]) -> str:
    """The viewer's secret corner: hand (every part of every card), chosen base, built pile."""
    you = _you(view)
    lines = ["Your hand:", *(f"• {_card_line(card)}" for card in you.get("hand") or [])]
    choice = you.get("choice")
    if isinstance(choice, Mapping):
        lines.append(f"Your base card (face down): {choice['name']}")
    for card in you.get("plans") or []:
        lines.append(
            f"Your Future Planning card: **{card['name']}** — {(card.get('plan') or {}).get('text', '')}"
        )
    lines += [f"Tip: {hint}" for hint in you.get("hints") or []]
    built = you.get("built") or []
    if built:
        names = ", ".join(f"{card['name']} ({card['points']})" for card in built)
        lines.append(f"Your built pile: {names} = {you.get('built_points', 0)} pts")
    return "\n".join(lines)


class EuropaFrontend(GameFrontend):
    """Europa's front end: its start options are also checked by the engine's own reader, so a bad
    value is refused at start instead of leaving a lobby that can never begin."""

    def clean_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Start options with defaults filled in; raises ValueError naming a bad or unknown option."""
        cleaned = super().clean_options(options)
        read_options(cleaned)
        return cleaned


FRONTEND = EuropaFrontend(
    key="europa",
    title="Europa Base Alpha",
    commands=COMMANDS,
    start_options=START_OPTIONS,
    buttons=buttons,
    narrate=narrate_named,
    label=label,
    opens_lobby=lambda options: True,
    rules_summary=RULES_SUMMARY,
    summary=summary,
    status_line=status_line,
    private_summary=private_summary,
    private_images=frozenset({"hand"}),
    catalog=card_catalog,
)
