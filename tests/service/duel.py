"""A tiny game with hidden hands and a secret simultaneous pick, to test the core's delivery.

2–3 players each hold three numbered cards (names like "Comet 7"). Every round all players pick
a card face down at the same time; when the last one has picked, the picks are revealed, the
highest scores a point and everyone draws a card (privately). Three rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.spec import CommandSpec, GameFrontend, OptionSpec
from bot.replies import Button
from engine.core import Action, Event, GameMeta, IllegalActionError, NotYourTurnError, Outcome, Rng

NAMES = ("Comet", "Nova", "Quasar", "Pulsar", "Nebula", "Meteor", "Aurora", "Zenith", "Eclipse", "Orbit")
CARDS = {f"k{n}": f"{NAMES[n % len(NAMES)]}-{n:02d}" for n in range(1, 19)}
ROUNDS = 3

META = GameMeta(
    "duel", "Duel", 2, 3, chance=True, hidden_information=True, cooperative=False, rules_version="1"
)


@dataclass(frozen=True)
class Duel:
    players: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    picks: tuple[str | None, ...]
    deck: tuple[str, ...]
    scores: tuple[int, ...]
    round: int
    revealed: tuple[tuple[str, ...], ...]
    seed: int
    position: int


def value(card: str) -> int:
    return int(card[1:])


class DuelRules:
    meta = META

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> Duel:
        if not 2 <= len(players) <= 3:
            raise IllegalActionError("Duel needs 2 or 3 players.")
        rng = Rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        n = len(players)
        hands = tuple(tuple(deck[i * 3 : i * 3 + 3]) for i in range(n))
        return Duel(
            tuple(players), hands, (None,) * n, tuple(deck[n * 3 :]), (0,) * n, 1, (), seed, rng.position
        )

    def legal_actions(self, state: Duel, seat: int) -> list[Action]:
        if state.round > ROUNDS or not 0 <= seat < len(state.players) or state.picks[seat] is not None:
            return []
        return [Action.of("pick", card=card) for card in state.hands[seat]]

    def apply(self, state: Duel, seat: int, action: Action) -> tuple[Duel, list[Event]]:
        if seat not in self.to_move(state):
            raise NotYourTurnError("You have picked already; wait for the others.")
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError("You cannot pick that card.")
        card = str(action.arg("card"))
        who = state.players[seat]
        picks = list(state.picks)
        picks[seat] = card
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        events = [
            Event("picked", f"You pick {CARDS[card]}.", {"card": card}, audience=frozenset({seat})),
            Event("picked_secretly", f"{who} picks a card face down.", {"seat": seat}),
        ]
        new = replace(state, picks=tuple(picks), hands=tuple(hands))
        if all(p is not None for p in picks):
            new, more = self._reveal(new)
            events.extend(more)
        return new, events

    def _reveal(self, state: Duel) -> tuple[Duel, list[Event]]:
        shown = tuple(str(p) for p in state.picks)
        best = max(range(len(shown)), key=lambda s: value(shown[s]))
        scores = list(state.scores)
        scores[best] += 1
        text = ", ".join(f"{state.players[s]}: {CARDS[c]}" for s, c in enumerate(shown))
        events = [
            Event("revealed", f"Revealed: {text}. {state.players[best]} wins the round.", {"picks": shown})
        ]
        deck, hands = list(state.deck), [list(h) for h in state.hands]
        for seat in range(len(hands)):
            drawn = deck.pop(0)
            hands[seat].append(drawn)
            events.append(
                Event("drew", f"You draw {CARDS[drawn]}.", {"card": drawn}, audience=frozenset({seat}))
            )
        events.append(Event("drew_public", "Everyone draws a card."))
        return (
            replace(
                state,
                picks=(None,) * len(hands),
                hands=tuple(tuple(h) for h in hands),
                deck=tuple(deck),
                scores=tuple(scores),
                round=state.round + 1,
                revealed=(*state.revealed, shown),
            ),
            events,
        )

    def to_move(self, state: Duel) -> frozenset[int]:
        if state.round > ROUNDS:
            return frozenset()
        return frozenset(s for s, p in enumerate(state.picks) if p is None)

    def timeout_action(self, state: Duel, seat: int) -> Action | None:
        legal = self.legal_actions(state, seat)
        return min(legal, key=lambda a: value(str(a.arg("card")))) if legal else None

    def outcome(self, state: Duel) -> Outcome | None:
        if state.round <= ROUNDS:
            return None
        top = max(state.scores)
        winners = frozenset(s for s, v in enumerate(state.scores) if v == top)
        return Outcome(winners, "most rounds won", dict(enumerate(state.scores)))

    def view(self, state: Duel, seat: int | None) -> dict[str, Any]:
        players = [
            {
                "seat": s,
                "name": name,
                "cards": len(state.hands[s]),
                "picked": state.picks[s] is not None,
                "score": state.scores[s],
            }
            for s, name in enumerate(state.players)
        ]
        view: dict[str, Any] = {
            "game": "duel",
            "round": state.round,
            "players": players,
            "revealed": [[CARDS[c] for c in r] for r in state.revealed],
        }
        if seat is not None:
            view["hand"] = [{"id": c, "name": CARDS[c]} for c in state.hands[seat]]
            pick = state.picks[seat]
            view["pick"] = None if pick is None else CARDS[pick]
        return view

    def can_undo(self, before: Duel, after: Duel) -> bool:
        return before.round == after.round

    def to_json(self, state: Duel) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "players": list(state.players),
            "hands": [list(h) for h in state.hands],
            "picks": list(state.picks),
            "deck": list(state.deck),
            "scores": list(state.scores),
            "round": state.round,
            "revealed": [list(r) for r in state.revealed],
            "seed": state.seed,
            "position": state.position,
        }

    def from_json(self, data: Mapping[str, Any]) -> Duel:
        return Duel(
            tuple(data["players"]),
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["picks"]),
            tuple(data["deck"]),
            tuple(data["scores"]),
            int(data["round"]),
            tuple(tuple(r) for r in data["revealed"]),
            int(data["seed"]),
            int(data["position"]),
        )

    def describe(self, action: Action, state: Duel) -> str:
        return f"Pick {CARDS.get(str(action.get('card')), '?')}"


def _buttons(
    view: Mapping[str, Any], legal: list[Action], game_id: int, version: int, *, can_undo: bool = False
) -> list[Button]:
    names = {c["id"]: c["name"] for c in view.get("hand") or []}
    out = [Button(f"Pick {names.get(str(a.get('card')), '?')}", game_id, version, action=a) for a in legal]
    if can_undo:
        out.append(Button("Undo", game_id, version, control="undo"))
    return out


def _summary(view: Mapping[str, Any]) -> str:
    return " · ".join(
        f"{p['name']}: {p['score']} pts, {'picked' if p['picked'] else 'choosing'}" for p in view["players"]
    )


def _private(view: Mapping[str, Any]) -> str:
    hand = ", ".join(c["name"] for c in view.get("hand") or []) or "no cards"
    pick = f" Your pick: {view['pick']}." if view.get("pick") else ""
    return f"Your hand: {hand}.{pick}"


def _narrate(events: Sequence[Event], actor: str) -> str:
    return "\n".join(e.text for e in events)


DUEL_FRONTEND = GameFrontend(
    key="duel",
    title="Duel",
    commands=(
        CommandSpec(
            "pick",
            "pick",
            "Pick a card face down.",
            (OptionSpec("card", "The card", "str", True, suggest=True),),
        ),
    ),
    start_options=(),
    buttons=_buttons,
    narrate=_narrate,
    label=lambda view, option, value: next(
        (c["name"] for c in view.get("hand") or [] if c["id"] == value), str(value)
    ),
    opens_lobby=lambda options: True,
    rules_summary="Pick a card face down; the highest wins the round.",
    summary=_summary,
    private_summary=_private,
)
DUEL = DuelRules()
