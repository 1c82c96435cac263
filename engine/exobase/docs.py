"""A Markdown reference of every ExoBase card, generated from the content data."""

from __future__ import annotations

from engine.exobase.model import RESOURCES, Card, Content, Founder, Mode, cost_label


def card_reference(content: Content | None = None) -> str:
    """Markdown tables of founders, locations, tasks and both modes (pure: no I/O)."""
    if content is None:
        from engine.exobase import CONTENT

        content = CONTENT
    parts = ["## Card reference", "", "### Founders", ""]
    parts += ["| founder | health | injured at | passive | instant |", "| --- | --- | --- | --- | --- |"]
    parts += [_founder(f) for f in content.founders.values()]
    parts += ["", "### Core locations", ""]
    parts += [_location(content.cards[c]) for c in content.core]
    parts += ["### Location / task cards", ""]
    parts += [_location(content.cards[c]) for c in content.deck]
    for mode in content.modes.values():
        parts += _mode(mode)
    return "\n".join(parts) + "\n"


def _founder(f: Founder) -> str:
    instants = " ".join(a.text for a in f.instants) or "-"
    return f"| {f.name} (`{f.id}`) | {f.max_health} | {f.injured_at} | {f.passive.text} | {instants} |"


def _location(card: Card) -> str:
    flags = [w for w, on in (("generator", card.generator), ("storage silo", card.silo)) if on]
    doors = "".join(s for s in "NESW" if s in card.doors)
    head = f"#### {card.name} (`{card.id}`) — dice {card.dice}, doors {doors}, type {card.type}"
    lines = [head, ""]
    if card.bonus_from:
        lines.append(f"- +1 on work next to a {card.bonus_from} location")
    if flags:
        lines.append(f"- {', '.join(flags)}")
    if not card.core:
        lines.append(f"- build: {cost_label(card.cost)}; benefit: {card.build.label}")
    for number, level in enumerate(card.levels, start=1):
        word = "supplies" if card.generator else "needs"
        text = f"- level {number}: {word} {level.energy} energy"
        if level.storage:
            text += f", +{level.storage} storage"
        if number > 1:
            text += f"; upgrade {cost_label(level.cost)}, benefit: {level.benefit.label}"
        lines.append(text)
    for i, space in enumerate(card.spaces):
        danger = f" (danger {space.danger})" if space.danger else ""
        lines.append(f"- space {i} (level {space.level}): {space.label}{danger}")
    if card.task is not None:
        task = card.task
        lines.append(
            f"- task **{task.name}** (danger {task.danger}): {task.reward.label}; "
            f"{task.ability.kind}: {task.ability.text}"
        )
    return "\n".join(lines) + "\n"


def _mode(mode: Mode) -> list[str]:
    res = ", ".join(f"{r} {mode.green[r]}" for r in RESOURCES)
    start = ", ".join(f"{r} {mode.start_production[r]}" for r in RESOURCES)
    store = ", ".join(f"{r} {mode.start_storage[r]}" for r in RESOURCES)
    lines = [
        f"### {mode.name} mode",
        "",
        f"- days: {mode.days}; production track 0..{mode.production_max}",
        f"- green area starts at: {res}",
        f"- starting production: {start}",
        f"- starting storage: {store}",
        "",
        "| roll | hazard | effect |",
        "| --- | --- | --- |",
    ]
    for hazard in mode.hazards:
        roll = str(hazard.low) if hazard.low == hazard.high else f"{hazard.low}-{hazard.high}"
        lines.append(f"| {roll} | {hazard.name} | {hazard.text} |")
    return [*lines, ""]
