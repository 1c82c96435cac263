"""Text of the local console's own: its help, and the names of the cards drawn where the table
sees hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.console_input import names_a_seat
from bot.games.spec import GameFrontend

HELP = """\
Commands (as in Discord):
  /{game} <subcommand> name:value ...   e.g. {example}
                 a value may have spaces (card:Gas Vent) or be quoted (card:"Gas Vent")
  /{game} status | rules | undo | abandon | start [{start}]
  actions        list the legal actions, numbered, each with [the command that plays it]
  hand           what only the speaker may see (a secret hand), as their DM would show it
  <number>       pick from the numbered lists (a number keeps its meaning until the game moves on)
  as <name>      speak as another player, or as <n> for the n-th seat (the console follows the
                 game when one player is awaited)
  help, quit
Players are counted from 1: {second} the second player.
Subcommands: {subs}"""


def help_text(game: str, frontend: GameFrontend) -> str:
    """The console's commands for ``game``, with an example of its subcommand that takes most."""
    subs = ", ".join([*frontend.lifecycle, *(c.name for c in frontend.commands)])
    spec = max(frontend.commands, key=lambda c: sum(o.required for o in c.options))
    example = " ".join(
        [f"/{game} {spec.name}", *(f"{o.name}:<{o.name}>" for o in spec.options if o.required)]
    )
    start = " ".join(f"{o.name}:<{o.name}>" for o in frontend.start_options)
    # The options that name a player take their seat as typed at the console, counted from 1.
    words = [
        "as 2",
        *dict.fromkeys(f"{o.name}:2" for c in frontend.commands for o in c.options if names_a_seat(o)),
    ]
    second = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    second += " names" if len(words) == 1 else " name"
    return HELP.format(game=game, example=example, start=start, subs=subs, second=second)


def name_drawn_cards(text: str, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> str:
    """``text`` with each "<player> draws a card." naming the card that reached that player's hand.

    Only the table views are read (``Rules.view(state, None)`` holds no secret), so a card is
    named only when the table already sees it in the hand; a game with hidden hands has no
    hands in its table view and its text is left as it is.
    """
    if before is None or after is None:
        return text
    for name, cards in _gained(before, after).items():
        phrase = f"{name} draws a card."
        for card in cards:
            if phrase not in text:
                break
            text = text.replace(phrase, f"{name} draws {card}.", 1)
    return text


def _gained(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per player name, the names of the cards in their hand now that were not there before."""
    held = {p.get("name"): Counter(_ids(p)) for p in _players(before)}
    gained: dict[str, list[str]] = {}
    for player in _players(after):
        old = held.get(player.get("name"), Counter())
        new: list[str] = []
        for card in player.get("hand") or []:
            if not isinstance(card, Mapping):
                continue
            if old[card.get("id")] > 0:
                old[card.get("id")] -= 1
            elif card.get("name"):
                new.append(str(card["name"]))
        if new:
            gained[str(player.get("name"))] = new
    return gained


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = view.get("players")
    if not isinstance(players, list):
        return []
    return [p for p in players if isinstance(p, Mapping)]


def _ids(player: Mapping[str, Any]) -> list[Any]:
    return [card.get("id") for card in player.get("hand") or [] if isinstance(card, Mapping)]
