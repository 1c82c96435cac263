"""ExoBase front-end data: subcommands, start options, next-step buttons and narration."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot.games.spec import CommandSpec, GameFrontend, OptionSpec, card_catalog
from bot.games.text import narrate_events
from bot.replies import Button, Style
from engine.core import Action, Event
from engine.exobase.why import PENDING_KINDS

MAX_BUTTONS = 25

_FOUNDER = OptionSpec("founder", "The founder who does it", "str", True)
_CARD = OptionSpec("card", "The card (location or task)", "str", True)
_RESOURCE = OptionSpec("resource", "The resource, where there is a choice", "str", False)

COMMANDS: list[CommandSpec] = [
    CommandSpec(
        "work",
        "work",
        "Send a founder to a work space",
        (_FOUNDER, _CARD, OptionSpec("space", "Which work space (0 = first)", "int", True), _RESOURCE),
    ),
    CommandSpec("task", "task", "Work the task side of a task-row card", (_FOUNDER, _CARD, _RESOURCE)),
    CommandSpec("upgrade", "upgrade", "Upgrade a location of the base", (_FOUNDER, _CARD, _RESOURCE)),
    CommandSpec(
        "build",
        "build",
        "Build a location-row card into the base",
        (_FOUNDER, _CARD, OptionSpec("at", "Grid cell as x,y (y grows downward)", "str", True), _RESOURCE),
    ),
    CommandSpec(
        "repair", "repair", "Remove a damage token (that founder does nothing else)", (_FOUNDER, _CARD)
    ),
    CommandSpec(
        "instant",
        "instant",
        "Use a one-shot ability",
        (
            _FOUNDER,
            OptionSpec("ability", "The instant ability to use", "str", True),
            OptionSpec("target", "Founder to heal or card to repair", "str", False),
            _RESOURCE,
        ),
    ),
    CommandSpec(
        "end-placement", "end_placement", "Ready: end placement (a team waits until every seat is ready)"
    ),
    CommandSpec("roll", "roll_hazard", "Roll the hazard die (d6 + day)"),
    CommandSpec("target", "choose_target", "Choose among tied target locations", (_CARD,)),
    CommandSpec("pay", "pay_health", "Pay a missing resource with 1 health", (_FOUNDER,)),
    CommandSpec("relocate", "relocate", "Move a founder out of a destroyed location", (_FOUNDER, _CARD)),
    CommandSpec("tuck", "tuck", "Keep the task card a founder worked as an ability", (_FOUNDER, _CARD)),
    CommandSpec("rest", "rest", "Spend 2 food to restore 1 health", (_FOUNDER,)),
    CommandSpec(
        "next-day",
        "next_day",
        "Finish the night and refill the rows (a team waits until every seat is ready)",
    ),
    CommandSpec("flip", "flip", "Flip a task-row card into the location row", (_CARD,)),
    CommandSpec("power-down", "power_down", "Energy is short: choose a location to go dark", (_CARD,)),
    CommandSpec("power-up", "power_up", "Energy is back: choose a dark location to power again", (_CARD,)),
]

START_OPTIONS = (
    OptionSpec("mode", "normal or hardcore", "str", False, choices=("normal", "hardcore"), default="normal"),
    OptionSpec("team", "Open a lobby so friends share one base", "bool", False, default=False),
)

RULES_SUMMARY = """\
**ExoBase**: build a base that can power its shield before the meteorites arrive (10 days).
**You win** the moment BOTH hold: every production track (minerals, metal, water, gas, food) \
is in its green area, AND the Power Station is fully upgraded (level 3). **You lose** if every \
founder dies or the last night ends first. `/exobase status` shows how far you are.
**Score** (on a win): +1 per production step in the green, +1 per day left (today included).
**Each day**: morning (storage rises by production), **placement** (each founder works, builds, \
upgrades, repairs or does a task; `end-placement` when done: in a team every seat presses Ready), \
**hazard** (`roll`: d6 + day; it can cost resources, health or damage locations), **night** \
(keep worked task cards as abilities, `rest`: 2 food -> 1 health, `next-day`).
**"+1 minerals"** on a work space is a one-off gain into storage (6 of each fits). \
**"+1 minerals production"** (from builds and upgrades) moves the production track: more every \
morning, and it is what counts towards the win.
**Danger N** on a space: roll N dice, each 1-4 costs that founder 1 health; at 0 they die. \
An injured founder gains 1 less.
**Energy**: each location needs cubes from the Power Bank to build, upgrade and work; a damaged \
generator gives half, and you choose which locations go dark (`power-down`) and, when energy comes \
back short of powering them all, which to power again (`power-up`).
Commands: work, task, upgrade, build, repair, instant, end-placement, roll, target, pay, relocate, \
power-down, power-up, tuck, rest, next-day, flip, plus status, undo and abandon."""


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    """Display names of founders and cards, keyed by id."""
    names: dict[str, str] = {}
    for card in view.get("base", []):
        names[card["card"]] = card["name"]
    for card in view.get("location_row", []):
        if card:
            names.setdefault(card["card"], card["name"])
    for card in view.get("task_row", []):
        if card:
            names.setdefault(card["card"], card.get("location_name") or card["name"])
    for founder in view.get("founders", []):
        names[founder["id"]] = founder["name"]
    return names


# The label of each kind of step that gets a button, built only for the kinds present: placement
# steps (the most numerous by far) have none, and a command lists a hundred of them.
_LABELS: dict[str, tuple[str, Style]] = {
    "power_down": ("Darken {card}", "danger"),
    "power_up": ("Power {card}", "success"),
    "roll_hazard": ("Roll hazard", "primary"),
    "choose_target": ("Target {card}", "danger"),
    "pay_health": ("Pay with {founder}'s health", "danger"),
    "relocate": ("Move {founder} to {card}", "secondary"),
    "tuck": ("{founder} keeps task {task}", "success"),
    "rest": ("Rest {founder}", "secondary"),
    "flip": ("Flip {card}", "secondary"),
    "next_day": ("Next day", "primary"),
}


def _task_names(view: Mapping[str, Any]) -> dict[str, str]:
    """Task-side names of the cards in the task row (a task worked is kept by that name)."""
    return {card["card"]: card["name"] for card in view.get("task_row", []) if card}


def _label(
    action: Action, names: Mapping[str, str], team: bool, tasks: Mapping[str, str]
) -> tuple[str, Style] | None:
    if action.kind == "end_placement":
        return ("Ready" if team else "End placement", "primary")
    if action.kind == "next_day":
        return ("Ready: end the night" if team else "Next day", "primary")
    labelled = _LABELS.get(action.kind)
    if labelled is None:
        return None
    text, style = labelled

    def name(arg: str) -> str:
        value = str(action.get(arg, ""))
        return names.get(value, value)

    card = str(action.get("card", ""))
    task = tasks.get(card, name("card"))
    return text.format(card=name("card"), founder=name("founder"), task=task), style


def buttons(
    view: Mapping[str, Any],
    legal_actions: Sequence[Action],
    game_id: int,
    version: int,
    *,
    can_undo: bool = False,
) -> list[Button]:
    """The next steps as buttons, at most 25 (the front end lays them out 5 per row).

    Placement actions are left to the subcommands: their combinations are too many for buttons.
    """
    names, tasks = _names(view), _task_names(view)
    team = int(view.get("seats", 1)) > 1
    room = MAX_BUTTONS - (1 if can_undo else 0)
    result: list[Button] = []
    for action in legal_actions:
        labelled = _label(action, names, team, tasks)
        if labelled is None:
            continue
        text, style = labelled
        if action.kind == "power_up":
            text += _cubes(view, str(action.get("card", "")))
        result.append(Button(text[:80], game_id, version, action=action, style=style))
        if len(result) == room:
            break
    if can_undo:
        result.append(Button("Undo", game_id, version, control="undo"))
    return result


def _cubes(view: Mapping[str, Any], card: str) -> str:
    """ " (2 cubes)": what powering a dark location again takes from the spare cubes."""
    placed = next((b for b in view.get("base", []) if b.get("card") == card), None)
    if placed is None or "needs" not in placed:
        return ""
    need = int(placed["needs"])
    return f" ({need} cube{'s' if need != 1 else ''})"


def narrate(events: Sequence[Event], actor_name: str) -> str:
    """A few lines: who acted, then what happened."""
    return narrate_events(events, actor_name)


# Where a neighbour sits, seen from the cell: the cell lies on the other side of it.
_SIDES = ((-1, 0, "east of"), (1, 0, "west of"), (0, -1, "south of"), (0, 1, "north of"))


def _cell_label(view: Mapping[str, Any], at: str) -> str:
    """A grid cell named by the locations around it, since the base image shows no coordinates."""
    x, _, y = at.partition(",")
    cells = {(int(c["x"]), int(c["y"])): c["name"] for c in view.get("base") or []}
    around = [
        f"{side} {cells[(int(x) + dx, int(y) + dy)]}"
        for dx, dy, side in _SIDES
        if (int(x) + dx, int(y) + dy) in cells
    ]
    return f"({x}, {y}): " + ", ".join(around) if around else f"({x}, {y})"


def label(view: Mapping[str, Any], option: str, value: str | int) -> str:
    """How an autocomplete value reads: names for ids, coordinates for cells."""
    names = _names(view)
    asking = view.get("asking") or {}
    filled = asking.get("filled") or {}
    if option == "space":
        return _space_label(view, str(filled.get("card", "")), int(value))
    if option == "at":
        return _cell_label(view, str(value))
    if option == "ability":
        return _ability_label(view, str(filled.get("founder", "")), str(value))
    if option == "resource":
        return str(value).capitalize()
    if option == "card" and asking.get("kind") in ("task", "tuck"):
        return _task_names(view).get(str(value), names.get(str(value), str(value)))
    name = names.get(str(value), str(value))
    if option == "card" and asking.get("kind") == "build":
        return name + _build_price(view, str(value))
    if option == "card" and asking.get("kind") == "upgrade":
        upgrade = next((b.get("upgrade") for b in view.get("base", []) if b.get("card") == value), None)
        return f"{name} ({readable_price(str(upgrade['label']))})" if upgrade else name
    return name


def readable_price(label: str) -> str:
    """An upgrade's label with arrows for "->": "3 water -> L2, +1 food production"."""
    return label.replace(" -> ", " \u2192 ")


def _build_price(view: Mapping[str, Any], card: str) -> str:
    """What building ``card`` costs and gives, for its autocomplete label."""
    found = next((c for c in view.get("location_row", []) if c and c.get("card") == card), None)
    if found is None:
        return ""
    cost = ", ".join(f"{n} {r}" for r, n in (found.get("cost") or {}).items()) or "free"
    energy = int(found.get("energy") or 0)
    cubes = f", {energy} cube{'s' if energy != 1 else ''}" if energy else ""
    benefit = f" \u2192 {found['benefit']}" if found.get("benefit") else ""
    return f" ({cost}{cubes}{benefit})"


def _space_label(view: Mapping[str, Any], card: str, index: int) -> str:
    """A work space by what it gives and its danger dice ("+2 food · 1 danger die")."""
    placed = next((b for b in view.get("base", []) if b.get("card") == card), None)
    spaces = (placed or {}).get("spaces") or []
    space = next((sp for sp in spaces if sp.get("index") == index), None)
    if space is None:
        return f"Space {index}"
    dice = int(space.get("danger") or 0)
    danger = f" · {dice} danger {'die' if dice == 1 else 'dice'}" if dice else ""
    level = int(space.get("level") or 1)
    # No number of its own: the value sent is the space's index, and "Space 1" for index 0 would
    # mislead anyone typing it.
    return f"{space.get('label')}{danger}" + (f" (level {level})" if level > 1 else "")


def _ability_label(view: Mapping[str, Any], founder: str, key: str) -> str:
    """An instant by its text: the founder's own ("founder:N") or a kept task's (its card id)."""
    card = next((f for f in view.get("founders", []) if f.get("id") == founder), None)
    if card is not None and key.startswith("founder:"):
        instants = card.get("instants") or []
        index = int(key.split(":", 1)[1])
        if 0 <= index < len(instants):
            return f"Own instant: {instants[index]['text']}"
    if card is not None:
        kept = next((t for t in card.get("tucked") or [] if t.get("card") == key), None)
        if kept is not None:
            return f"{kept['name']}: {kept['text']}"
    if key.startswith("founder:"):
        return f"Own instant #{int(key.split(':', 1)[1]) + 1}"
    return _names(view).get(key, key)


def _headline(view: Mapping[str, Any]) -> str:
    """Day, phase and score: the score a win would bring during play, the final one once over (a
    loss scores 0), and never a day past the last (the last night's time-out counts one on)."""
    days = int(view.get("days") or 0)
    day = min(int(view.get("day") or 0), days) if days else view.get("day")
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        result = "won" if outcome.get("won") else "lost"
        return f"Day {day}/{days} · over ({result}) · final score {outcome.get('score', 0)}"
    goal = view.get("goal") or {}
    if goal and goal.get("station") is None:
        return f"Day {day}/{days} · {view.get('phase')} · no win is possible any more"
    return f"Day {day}/{days} · {view.get('phase')} · score if won now {view.get('score')}"


def _placed(founder: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """Where a founder is placed, if anywhere: a location, or a task (off the base)."""
    if founder.get("at"):
        return f" at {names.get(str(founder['at']), str(founder['at']))}"
    doing = founder.get("doing")
    # "does task Seed Vault Salvage: +3 food (1 danger die)": the task is enough here.
    return f" {str(doing).split(':')[0]}" if doing else ""


def summary(view: Mapping[str, Any]) -> str:
    """Day, phase, the goal's progress, energy, storage and founders in a few lines of text."""
    lines = [_headline(view)]
    goal = view.get("goal")
    if goal:
        lines.append(_goal_line(goal))
    power = view.get("energy")
    if power:
        spare = int(power["bank"])
        state = f"{spare} spare" if spare >= 0 else f"SHORT by {-spare}"
        lines.append(f"Energy: {power['supply']} supplied, {power['demand']} in use, {state}")
    storage, cap = view.get("storage", {}), view.get("storage_cap", {})
    if storage:
        lines.append("Storage: " + ", ".join(f"{res} {n}/{cap.get(res, '?')}" for res, n in storage.items()))
    names = _names(view)
    founders = [
        f"{f['name']} {f['health']}/{f['max_health']}{_placed(f, names)}"
        for f in view.get("founders", [])
        if f.get("alive", True)
    ]
    if founders:
        lines.append("Founders: " + ", ".join(founders))
    if int(view.get("seats", 1)) > 1 and view.get("phase") in ("placement", "night"):
        ready = set(view.get("ready") or [])
        seated = [str(name) for name in view.get("players") or []]
        awaited = [name for seat, name in enumerate(seated) if seat not in ready]
        line = f"Ready: {len(ready)} of {view['seats']} seats"
        lines.append(f"{line}; waiting for {', '.join(awaited)}" if awaited else line)
    pending = view.get("pending")
    if pending:
        lines.append(f"Waiting: {pending.get('text')}")
    return "\n".join(lines)


def _goal_line(goal: Mapping[str, Any]) -> str:
    """Both win conditions with how far the base is from each."""
    if goal.get("met"):
        return "Goal met: every track is in the green and the Power Station is fully upgraded."
    short = goal.get("short") or {}
    tracks = f"{goal['tracks_green']}/{goal['tracks']} production tracks in the green"
    if short:
        tracks += " (" + ", ".join(f"+{n} {r}" for r, n in short.items()) + " production to go)"
    if goal.get("station") is None:
        return f"{tracks}; the Power Station is destroyed, so the shield can no longer be powered."
    station = f"{goal['station']} level {goal['station_level']}/{goal['station_max']}"
    if goal.get("station_next"):
        station += f" (next: {goal['station_next']})"
    return f"Goal, both needed: {tracks} AND {station}"


# After these the rows (or the whole day) changed, so every image is worth posting again.
_ROWS_CHANGED = frozenset({"built", "flipped", "tucked", "phase", "day_started", "destroyed", "game_over"})


def images(events: Sequence[Event]) -> frozenset[str] | None:
    """A founder's placement changes the base and the panel; phases, builds and tasks change the rows too."""
    for event in events:
        if event.kind in _ROWS_CHANGED or (event.kind == "placed" and event.data.get("action") == "task"):
            return None
    return frozenset({"base", "panel", "dice"})


def opens_lobby(options: Mapping[str, Any]) -> bool:
    """Team play gathers players first; solo begins at once."""
    return bool(options.get("team"))


def catalog(rules: Any) -> Iterator[tuple[str, str]]:
    """The cards by their location names and their task titles, and the founders by name."""
    yield from card_catalog(rules)
    for card in rules.content.cards.values():
        if card.task is not None:
            yield card.task.name, card.id
    for founder in rules.content.founders.values():
        yield founder.name, founder.id


FRONTEND = GameFrontend(
    key="exobase",
    title="ExoBase",
    commands=tuple(COMMANDS),
    start_options=START_OPTIONS,
    buttons=buttons,
    narrate=narrate,
    label=label,
    opens_lobby=opens_lobby,
    rules_summary=RULES_SUMMARY,
    summary=summary,
    lobby_options={"team": True},
    images=images,
    # A missed deadline plays the seat's day: its placements, the hazard's choices and the night.
    step_markers=("day",),
    catalog=catalog,
    # The base's questions are the team's: whoever answers first, the next one may look the same.
    answers=frozenset(PENDING_KINDS),
)
