"""Space Base front-end data: subcommands, start options, buttons that state their rewards, narration."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, cast

from bot.games.buttons import MAX_OPTIONS, involving, ordered_buttons, parts, select_menus
from bot.games.spec import CommandSpec, GameFrontend, OptionSpec, card_catalog, opt, seat_opt
from bot.games.text import narrate_named
from bot.replies import Button, Option, Style
from engine.core import Action, Event, Rules
from engine.spacebase import Content, SpaceRules, shipped_content
from engine.spacebase.rewards import bonus_depth, effective, gains, option_sectors
from engine.spacebase.state import Board
from engine.spacebase.view import current_dice

# Button order: what the game waits for first, then the turn's usual steps, preferences last.
ORDER = (
    "keep",
    "choose",
    "roll",
    "take",
    "pick_sector",
    "give",
    "move_charge",
    "exchange",
    "shift",
    "deploy",
    "use",
    "claim_colony",
    "buy",
    "skip",
    "end",
    "back",
)
# When the steps do not all fit as buttons (25 at most, five rows), these go into select menus
# (placeholder by kind), so that End, Pass and the activation choices always keep a button.
MENUS: dict[str, str] = {
    "keep": "Keep which dealt ships…",
    "take": "Take which card…",
    "pick_sector": "Whose deployed rewards…",
    "give": "Give which card…",
    "move_charge": "Move a charge cube…",
    "exchange": "Swap two of your cards…",
    "shift": "Move a deployed card…",
    "deploy": "Deploy which ship…",
    "use": "Use a charged ability…",
    "claim_colony": "Claim a colony…",
    "buy": "Buy a ship or a colony…",
}
ROWS, PER_ROW, MAX_MENUS = 5, 5, 4
# Moves of two parts too many for two menus (an exchange of any two of thirty ships is 435 moves):
# the menu offers the first part, and picking one shows the moves with it (its placeholder, then
# each entry with the part's name).
PICK_FIRST: dict[str, tuple[str, str]] = {"exchange": ("Swap which card… (then with which)", "Swap {} ↔ …")}
# Preferences have their own subcommands; a button for them would only crowd the choices.
QUIET = ("auto", "away")
# Rewards added up into one number on an activation button, in this order.
SUMMED = {"credits": "credits", "income": "income", "vp": "VP"}
STYLES: dict[str, Style] = {"choose": "primary", "roll": "primary", "keep": "primary", "end": "success"}


_CARD = opt("card", "A card")
_SECTOR = opt("sector", "A sector (1-12)", "int")

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("roll", "roll", "Roll the two dice (your turn)"),
    CommandSpec(
        "choose", "choose", "Activate the sum's sector or both dice's", (opt("option", "sum or single"),)
    ),
    CommandSpec("buy", "buy", "Buy a ship or a colony (spends every credit)", (_CARD, _SECTOR)),
    CommandSpec("use", "use", "Use a fully charged ability", (_CARD,)),
    CommandSpec("claim", "claim_colony", "Claim a colony whose condition you meet", (_CARD,)),
    CommandSpec("end", "end", "End your turn"),
    CommandSpec("take", "take", "Take the claimed card or make the extra buy", (_CARD, _SECTOR)),
    CommandSpec(
        "move-charge",
        "move_charge",
        "Move a charge cube between two of your cards",
        (opt("src", "From which card"), opt("dst", "To which card")),
    ),
    CommandSpec(
        "exchange", "exchange", "Swap two of your cards' places", (opt("a", "A card"), opt("b", "A card"))
    ),
    CommandSpec("shift", "shift", "Move a deployed card to another sector", (_CARD, _SECTOR)),
    CommandSpec("pick-sector", "pick_sector", "Gain the deployed rewards of a sector", (_SECTOR,)),
    CommandSpec("give", "give", "Give a card in a trade", (seat_opt("seat", "To whom"), _CARD)),
    CommandSpec("deploy", "deploy", "Deploy one of your station ships", (_CARD,)),
    CommandSpec("skip", "skip", "Decline an optional step"),
    CommandSpec("keep", "keep", "Light-Speed: the dealt cards to keep and pay for", (opt("cards", "Cards"),)),
    CommandSpec(
        "auto",
        "auto",
        "Let the bot make your activation choices",
        (OptionSpec("on", "On or off", "bool", True),),
    ),
    CommandSpec("away", "away", "Let the AI play your seat until you come back"),
    CommandSpec("back", "back", "Take your seat back from the AI"),
)

START_OPTIONS = (
    OptionSpec(
        "expansion",
        "Play with Genesis",
        "str",
        False,
        choices=("base", "genesis"),
        default="base",
        labels=("Base game", "Genesis expansion"),
    ),
    OptionSpec(
        "variant",
        "Light-Speed start",
        "str",
        False,
        choices=("standard", "lightspeed"),
        default="standard",
        labels=("Standard start", "Light-Speed start"),
    ),
    OptionSpec("ai", "AI seats to add (0-4)", "int", False, default=0),
)

RULES_SUMMARY = """\
**Space Base** — 2 to 5 players, first to 40 VP (then everyone finishes the round; ties play on).
Each of your 12 sectors holds a station ship (blue rewards, on your own turn) and deployed ships
(red rewards, on the others' turns). On your turn roll two dice; **every** player chooses the
sum's sector or both dice's sectors (doubles: the same sector twice), secretly and at once, then
the rewards are paid. Then buy one ship (it becomes the station of its sector, the old station is
deployed) or a colony (VP, and the sector stops paying blue rewards). Your credits then fall to
your income. A charge reward puts cubes on its own card's ability; once full, use it (blue on your
turn, red on the others', green on any).
The game waits only for players whose choice matters; `/spacebase auto on:true` lets the bot choose
for you, `/spacebase away` hands your seat to the AI. Buttons name the rewards of each option."""


# Which events change which image. The board is the turn player's (the table view's board).
# Cards turned up from a deck lie above the shipyard's rows until claimed or put back.
ROWS_CHANGED = frozenset({"card_gained", "ships_placed", "cards_revealed", "cards_returned"})
BOARD_CHANGED = frozenset(
    {
        "card_gained",
        "card_deployed",
        "cards_exchanged",
        "card_moved",
        "card_given",
        "charge_moved",
        "ability_used",
        "ships_placed",
        "turn_ended",
    }
)
SCORES_CHANGED = frozenset({"card_gained", "ability_used", "ships_placed", "turn_ended", "tie_round"})
TOTALS = ("credits", "income", "vp")


def images(events: Sequence[Event]) -> frozenset[str]:
    """The images a move changed: the dice on a roll, the shipyard when its rows changed, the scores
    when someone's credits, income or VP moved, the board when the turn player's ships or cubes did.
    A move that changed none of them posts none (the channel's last images still hold)."""
    kinds = {event.kind for event in events}
    if "game_over" in kinds:
        return frozenset({"dice", "scores"})
    wanted = {"dice"}
    if kinds & ROWS_CHANGED:
        wanted.add("shipyard")
    paid = [event.data for event in events if event.kind == "rewards"]
    if kinds & SCORES_CHANGED or any(data.get(key) for data in paid for key in TOTALS):
        wanted.add("scores")
    if kinds & BOARD_CHANGED or any(data.get("charges") for data in paid):
        wanted.add("board")
    return frozenset(wanted)


def _cards(view: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for player in view.get("players", []):
        for sector in player.get("sectors", []):
            if sector.get("station"):
                yield sector["station"]
            yield from sector.get("deployed", [])
    for row in (view.get("shipyard") or {}).values():
        yield from row
    for colony in view.get("colonies", []):
        if colony.get("card"):
            yield colony["card"]
    yield from view.get("hand") or []
    yield from view.get("turned_up") or []


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    names = {card["id"]: card["name"] for card in _cards(view)}
    names.update((str(p["seat"]), p["name"]) for p in view.get("players", []))
    return names


def _board(player: Mapping[str, Any]) -> Board:
    """The engine's board of a seat, rebuilt from its view (stations, deployed stacks, cubes)."""
    sectors = sorted(player.get("sectors", []), key=lambda s: int(s["sector"]))
    cards = [c for s in sectors for c in [s.get("station"), *s.get("deployed", [])] if c]
    return Board(
        int(player.get("credits", 0)),
        int(player.get("income", 0)),
        int(player.get("vp", 0)),
        [s["station"]["id"] if s.get("station") else None for s in sectors],
        [tuple(c["id"] for c in s.get("deployed", [])) for s in sectors],
        {c["id"]: int(c.get("charges", 0)) for c in cards},
    )


def option_rewards(content: Content, view: Mapping[str, Any], seat: int, option: str) -> str:
    """What choosing ``option`` pays ``seat`` now, in words: numbers added up, arrows resolved to the
    rewards they fetch, its colonies' and cubes' effects included (the engine's own ``gains``)."""
    pending = view.get("pending") or {}
    dice = list(pending.get("dice") or view.get("dice") or [])
    players = view.get("players", [])
    if len(dice) != 2 or not 0 <= seat < len(players):
        return "nothing"
    # As in the engine: the active seat and a bonus roll take station (blue) rewards, others red.
    section = "blue" if seat == view.get("active") or pending else "red"
    board = _board(players[seat])
    found = gains(board, content, option_sectors(dice, option), section, option == "sum")
    # As granted: what a bonus roll ignores, and cubes a full card has no room for, are left out.
    found = effective(found, board, content, bonus_depth(pending))
    totals: dict[str, int] = {}
    others: list[str] = []
    for card, reward in found:
        if reward.kind in SUMMED:
            totals[reward.kind] = totals.get(reward.kind, 0) + reward.n
        elif reward.kind == "charge":
            others.append(f"+{reward.n} cube on {content.cards[card].name}")
        else:
            others.append(reward.label())
    parts = [f"+{totals[kind]} {word}" for kind, word in SUMMED.items() if totals.get(kind)]
    return ", ".join(parts + others) or "nothing"


def _choice_label(content: Content, view: Mapping[str, Any], seat: int, option: str) -> str:
    pending = view.get("pending") or {}
    dice = pending.get("dice") or view.get("dice") or []
    if len(dice) != 2:
        return f"Choose {option}"
    where = f"Sum {dice[0] + dice[1]}" if option == "sum" else f"Dice {dice[0]} + {dice[1]}"
    return f"{where}: {option_rewards(content, view, seat, option)}"


def _label(
    content: Content, view: Mapping[str, Any], action: Action, names: Mapping[str, str], seat: int
) -> str:
    def name(arg: str) -> str:
        value = str(action.get(arg, ""))
        return names.get(value, value)

    kind = action.kind
    if kind == "choose":
        return _choice_label(content, view, seat, str(action.get("option")))
    fixed = {"roll": "Roll the dice", "end": "End turn", "skip": "Pass", "back": "I am back"}
    if kind in fixed:
        return fixed[kind]
    if kind in ("buy", "take"):
        verb = "Buy" if kind == "buy" else "Take"
        return f"{verb} {name('card')}{_price(content, view, action)} → sector {action.get('sector')}"
    texts = {
        "use": f"Use {name('card')}",
        "claim_colony": f"Claim {name('card')}",
        "deploy": f"Deploy {name('card')}",
        "pick_sector": f"Sector {action.get('sector')} rewards",
        "move_charge": f"Cube {name('src')} → {name('dst')}",
        "exchange": f"Swap {name('a')} ↔ {name('b')}",
        "shift": f"Move {name('card')} → sector {action.get('sector')}",
        "give": f"Give {name('card')} to {name('seat')}",
        "keep": f"Keep {label(view, 'cards', str(action.get('cards')))}",
    }
    if kind in texts:
        return texts[kind]
    # A step this front end does not know yet still reads as words, its cards and seats by name.
    words = " ".join(name(arg) for arg, _value in action.args)
    return f"{kind.replace('_', ' ').capitalize()} {words}".strip()


def _price(content: Content, view: Mapping[str, Any], action: Action) -> str:
    """What taking the card costs: its price for a buy or an extra buy, nothing for a claim."""
    pending = view.get("pending") or {}
    if action.kind == "take" and pending.get("kind") != "buy":
        return " (free)"
    card = content.cards.get(str(action.get("card", "")))
    return f" ({card.cost} cr)" if card is not None else ""


def _seat_of(view: Mapping[str, Any]) -> int:
    """The seat a private view belongs to, else the seat a pending step waits for, else the turn's."""
    viewer = view.get("viewer")
    if viewer is not None:
        return int(viewer)
    pending = view.get("pending") or {}
    return int(pending["seat"] if "seat" in pending else view.get("active") or 0)


def buttons(
    view: Mapping[str, Any],
    legal_actions: Sequence[Action],
    game_id: int,
    version: int,
    *,
    can_undo: bool = False,
    content: Content | None = None,
) -> list[Button]:
    """The next steps (at most 25), choices first; each activation button states its rewards for
    the seat it is shown to (from ``content``, the shipped cards unless told). Steps the engine adds
    later come after the known ones."""
    cards = content or shipped_content()
    names = _names(view)
    seat = _seat_of(view)
    newer = tuple(dict.fromkeys(a.kind for a in legal_actions if a.kind not in (*ORDER, *QUIET)))
    shown = [a for a in legal_actions if a.kind not in QUIET]
    labelled = partial(_label, cards, view, names=names, seat=seat)
    if len(shown) + (1 if can_undo else 0) <= ROWS * PER_ROW:
        return ordered_buttons(shown, ORDER + newer, STYLES, labelled, game_id, version, can_undo=can_undo)
    # Too many for buttons: the card choices go into menus, in the order of ORDER, as many as
    # the rows the buttons leave; a step left off them still has its subcommand.
    plain = [a for a in shown if a.kind not in MENUS]
    rest = ordered_buttons(plain, ORDER + newer, STYLES, labelled, game_id, version, can_undo=can_undo)
    button_rows = (len(rest) + PER_ROW - 1) // PER_ROW
    room = min(MAX_MENUS, ROWS - button_rows)
    groups: dict[str, list[Option]] = {}
    for kind in (k for k in ORDER if k in MENUS):
        moves = [a for a in shown if a.kind == kind]
        if kind in PICK_FIRST and len(moves) > 2 * MAX_OPTIONS:
            title, entry = PICK_FIRST[kind]
            firsts = sorted(parts(moves), key=lambda v: (names.get(v, v), v))
            groups[title] = [Option(entry.format(names.get(v, v)), action=involving(kind, v)) for v in firsts]
        else:
            groups[MENUS[kind]] = [Option(labelled(a), action=a) for a in moves]
    menus = select_menus({title: options for title, options in groups.items() if options}, game_id, version)
    return menus[:room] + rest


def label(view: Mapping[str, Any], option: str, value: str | int) -> str:
    """Autocomplete values by name: cards, players, sectors."""
    names = _names(view)
    if option == "sector":
        return f"Sector {value}"
    if option == "option":
        return "The sum's sector" if value == "sum" else "Both dice's sectors"
    if option == "cards":
        return ", ".join(names.get(c, c) for c in str(value).split(",") if c) or "nothing"
    return names.get(str(value), str(value))


def _score(player: Mapping[str, Any]) -> str:
    flags = " (AI)" if player.get("ai") else " (away)" if player.get("away") else ""
    return f"{player['name']}{flags}: {player['vp']} VP · {player['credits']} cr · income {player['income']}"


def summary(view: Mapping[str, Any]) -> str:
    """The scores, the dice and the shipyard in a few lines."""
    lines = [" · ".join(_score(p) for p in view.get("players", []))]
    dice, bonus = current_dice(view)
    if dice:
        lines.append(f"{'Bonus roll' if bonus else 'Dice'}: {dice[0]} and {dice[1]}")
    for level, row in sorted((view.get("shipyard") or {}).items()):
        lines.append(
            f"Level {level}: "
            + ", ".join(
                f"{c['name']} ({c['cost']} cr, sector {c['sector']}{'+' if c.get('plus') else ''})"
                for c in row
            )
        )
    return "\n".join(lines)


def status_line(view: Mapping[str, Any]) -> str:
    """Whose turn, the dice, and whom the game waits for."""
    players = view.get("players", [])
    active = view.get("active")
    who = players[active]["name"] if isinstance(active, int) and 0 <= active < len(players) else "?"
    waiting = [players[s]["name"] for s in view.get("waiting", []) if 0 <= s < len(players)]
    dice, bonus = current_dice(view)
    parts = [f"Turn {view.get('turn')} · **{who}**'s turn"]
    if dice:
        parts.append(f"{'bonus roll' if bonus else 'dice'} {dice[0]}+{dice[1]}")
    first = view.get("first")
    if view.get("ending") and isinstance(first, int) and 0 <= first < len(players):
        # The round ends before the first player's next turn: everyone gets as many turns.
        parts.append(f"last round (ends before {players[first]['name']}'s turn)")
    elif view.get("ending"):
        parts.append("last round")
    if waiting:
        parts.append(f"waiting for {', '.join(waiting)}")
    return " · ".join(parts)


def private_summary(view: Mapping[str, Any]) -> str:
    """A seat's own corner: its numbers, its charged abilities, its dealt cards, its choice."""
    seat = _seat_of(view)
    players = view.get("players", [])
    lines: list[str] = []
    if 0 <= seat < len(players):
        me = players[seat]
        lines.append(_score(me))
        charged = [
            f"{card['name']} {card.get('charges', 0)}/{card['ability']['need']}"
            for sector in me.get("sectors", [])
            for card in [sector.get("station"), *sector.get("deployed", [])]
            if card and card.get("ability")
        ]
        if charged:
            lines.append("Abilities: " + ", ".join(charged))
        if me.get("choice"):
            lines.append(f"Your choice: {me['choice']}")
    hand = view.get("hand") or []
    if hand:
        lines.append("Dealt to you (keep the ones you pay for):")
        lines += [f"• {_dealt(card)}" for card in hand]
    return "\n".join(lines)


def _dealt(card: Mapping[str, Any]) -> str:
    """A dealt Light-Speed card in full: cost, sector and what each side of it gives."""
    sides = [("station", card.get("blue")), ("deployed", card.get("red"))]
    parts = [
        f"{name}: {', '.join(str(r.get('text')) for r in rewards)}" for name, rewards in sides if rewards
    ]
    ability = card.get("ability")
    if ability:
        effects = ", ".join(str(r.get("text")) for r in ability.get("effects") or [])
        parts.append(f"{ability.get('need')} cubes: {effects}")
    where = f"sector {card.get('sector')}{'+' if card.get('plus') else ''}"
    head = f"**{card['name']}** ({card['cost']} credits, level {card.get('level')}, {where})"
    return f"{head} — " + "; ".join(parts)


FRONTEND = GameFrontend(
    key="spacebase",
    title="Space Base",
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
    images=images,
    private_images=frozenset({"board"}),
    mine_label="My turn",
    # Played over days: a DM when the game waits for you only for those who ask (`notify`).
    lifecycle=("start", "status", "rules", "undo", "abandon", "notify"),
    # A missed deadline plays the seat's whole turn: its choice, then (when active) its buy.
    step_markers=("turn",),
    catalog=card_catalog,
)


def frontend_for(rules: Rules[Any]) -> GameFrontend:
    """The front end over the cards in play (an owner's own included): buttons read their rewards."""
    content = cast(SpaceRules, rules).content
    return replace(FRONTEND, buttons=partial(buttons, content=content))
