"""A Markdown reference of every Exoplanet Colony card, generated from the content data."""

from __future__ import annotations

from collections.abc import Mapping

from engine.colony.model import (
    COLOUR_OF,
    HEALTH_EFFECTS,
    HUB,
    RESOURCES,
    Content,
    EventCard,
    PlayerCard,
    Scenario,
    amount_label,
)


def card_reference(content: Content | None = None) -> str:
    """Markdown tables of characters, scenarios, player cards and events (pure: no I/O)."""
    if content is None:
        from engine.colony import CONTENT

        content = CONTENT
    colours = ", ".join(f"{c} = {r}" for r, c in COLOUR_OF.items())
    parts = ["## Card reference", "", f"Colours: {colours}; Plans have no colour and are wild.", ""]
    parts += ["### Characters", "", "| character | special action |", "| --- | --- |"]
    parts += [f"| {c.name} (`{c.id}`) | {c.text} |" for c in content.characters.values()]
    parts += ["", "### Scenarios", ""]
    parts += [
        "Cards dealt and normal events are given for 1/2/3/4 players (one number when all agree).",
        "",
        "| scenario | difficulty | rad/press/hum | production | supplies | cards dealt | events |",
    ]
    parts += ["| --- | --- | --- | --- | --- | --- | --- |"]
    parts += [_scenario(s) for s in content.scenarios.values()]
    parts += ["", f"### Player cards ({len(content.deck())})", ""]
    parts += ["| card | type | colour | copies | cost | effect |", "| --- | --- | --- | --- | --- | --- |"]
    parts += [_card(c) for c in content.cards.values()]
    normal, critical = len(content.event_pool(False)), len(content.event_pool(True))
    parts += ["", f"### Events ({normal} normal, {critical} critical)", ""]
    parts += ["| event | type | copies | effect |", "| --- | --- | --- | --- |"]
    parts += [_event(e) for e in content.events.values()]
    return "\n".join(parts) + "\n"


def _levels(values: dict[str, int]) -> str:
    return ", ".join(f"{r} {values[r]}" for r in RESOURCES)


def _scenario(s: Scenario) -> str:
    env = "/".join(str(s.environment[k]) for k in ("radiation", "pressure", "humidity"))
    events = f"{_per_count(s.normal_events)} + {s.critical_events} critical"
    return (
        f"| {s.name} (`{s.id}`) | {s.difficulty} | {env} | {_levels(dict(s.production))} | "
        f"{_levels(dict(s.supplies))} | {_per_count(s.deal)} | {events} |"
    )


def _per_count(values: Mapping[int, int]) -> str:
    """A number for 1/2/3/4 players, or just one when every count shares it."""
    numbers = [values[n] for n in sorted(values)]
    return str(numbers[0]) if len(set(numbers)) == 1 else "/".join(str(n) for n in numbers)


def _card(c: PlayerCard) -> str:
    cost = ", ".join(f"{n} {col}" for col, n in c.cost.items()) or "-"
    if c.type == "module":
        effect = ", ".join(f"{r} {amount_label(a)}" for r, a in c.production.items())
    else:
        effect = (
            str(c.effect) + (f" {c.resource}" if c.resource else "") + (f" {c.amount}" if c.amount else "")
        )
    return f"| {c.name} (`{c.id}`) | {c.type} | {c.colour or 'wild'} | {c.copies} | {cost} | {effect} |"


def _module(where: str) -> str:
    """Where an event's token goes: "any module", "the Central Hub" or "a red module"."""
    if where == "any":
        return "any module"
    if where == HUB:
        return "the Central Hub"
    return f"a {where} module"


def _event(e: EventCard) -> str:
    parts = [f"{r} supply {amount_label(a)}" for r, a in e.supply.items()]
    parts += [f"{x.resource} loss token on {_module(x.where)}" for x in e.loss]
    parts += [f"Emergency token on {_module(w)}" for w in e.emergency]
    if e.health:
        parts.append(f"Health Issue: {HEALTH_EFFECTS[e.health]}")
    kind = "critical" if e.critical else "normal"
    return f"| {e.name} (`{e.id}`) | {kind} | {e.copies} | {'; '.join(parts) or 'nothing happens'} |"
