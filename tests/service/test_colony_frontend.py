"""The colony front end's buttons, labels and status line, from hand-made views."""

from __future__ import annotations

from typing import Any

from bot.games.colony import buttons, label, status_line, waiting_on
from engine.core import Action


def _card(card_id: str, name: str, kind: str = "module", colour: str | None = "red") -> dict[str, Any]:
    return {"id": card_id, "name": name, "type": kind, "colour": colour}


VIEW: dict[str, Any] = {
    "phase": "actions",
    "turn": 3,
    "active_seat": 0,
    "actions_left": 1,
    "emergency": {"level": 2},
    "grid": [
        {"at": "0,0", "card": "hub", "name": "Central Hub"},
        {"at": "1,0", "card": "farm", "name": "Farm"},
    ],
    "players": [
        {
            "seat": 0,
            "name": "Ann",
            "character": {"id": "medic", "name": "Medic"},
            "hand": [_card("moss", "Moss")],
        },
        {
            "seat": 1,
            "name": "Bea",
            "character": {"id": "pilot", "name": "Pilot"},
            "hand": [_card("salvage", "Salvage", "plan", None)],
        },
    ],
    "pending": None,
}


def test_buttons_put_end_turn_first_skip_plan_generation_and_name_an_out_of_turn_plan() -> None:
    legal = [
        Action.of("draw"),
        Action.of("move", at="1,0"),
        Action.of("generate", card="moss", resource="oxygen"),
        Action.of("generate", card="salvage", resource="water"),
        Action.of("deploy", card="moss", at="0,1", pay="salvage"),
        Action.of("play", card="salvage"),
        Action.of("end_turn"),
    ]
    made = buttons(VIEW, legal, 5, 8, can_undo=True)
    assert [b.label for b in made] == [
        "End turn",
        "Draw a card",
        "Move to Farm (1,0)",
        "Moss → +2 oxygen",
        "Bea: Play Salvage",
        "Undo",
    ]
    assert made[-1].control == "undo" and {b.version for b in made} == {8}


def test_at_most_25_buttons_keeping_undo() -> None:
    legal = [Action.of("move", at=f"{x},0") for x in range(40)]
    made = buttons(VIEW, legal, 1, 1, can_undo=True)
    assert len(made) == 25 and made[-1].control == "undo"


def test_draft_buttons_say_whose_pick_they_are() -> None:
    view = {
        "phase": "draft",
        "players": [
            {"seat": 0, "name": "Ann", "character": None, "dealt": [{"id": "medic", "name": "Medic"}]},
            {"seat": 1, "name": "Bea", "character": None, "dealt": [{"id": "pilot", "name": "Pilot"}]},
        ],
    }
    legal = [
        Action.of("choose_character", character="medic"),
        Action.of("choose_character", character="pilot"),
    ]
    assert [b.label for b in buttons(view, legal, 1, 1)] == ["Ann: Medic", "Bea: Pilot"]
    assert status_line(view) == "**Character draft** — waiting for Ann, Bea to choose."
    assert waiting_on(view) == [0, 1]


def test_status_line_and_waiting_follow_a_pending_choice() -> None:
    assert status_line(VIEW) == "Turn 3 · **Ann**'s turn · 1 action left · emergency level 2"
    assert waiting_on(VIEW) == [0]
    owed = {**VIEW, "pending": {"kind": "discard", "seat": 1, "count": 1}}
    assert status_line(owed) == "**Waiting for Bea** to discard 1 (hand limit 6)."
    assert waiting_on(owed) == [1]
    assert [b.label for b in buttons(owed, [Action.of("discard", card="salvage")], 1, 1)] == [
        "Bea discards Salvage"
    ]


def test_labels_name_modules_free_spaces_players_and_payments() -> None:
    assert label(VIEW, "at", "1,0") == "Farm (1,0)"
    assert label(VIEW, "at", "0,1") == "Free space (0,1)"
    assert label(VIEW, "seat", 1) == "Bea"
    assert label(VIEW, "pay", "moss,salvage") == "Moss, Salvage"
    assert label(VIEW, "resource", "water") == "Water"


def test_in_turn_actions_post_only_the_images_they_change() -> None:
    from bot.games import FRONTENDS
    from engine.core import Event

    choose = FRONTENDS["colony"].images
    assert choose is not None
    assert choose([Event("card_drawn", "", {})]) == frozenset({"board", "hands"})
    assert choose([Event("pawn_moved", "", {})]) == frozenset({"grid", "board"})
    assert choose([Event("token_removed", "", {}), Event("card_discarded", "", {})]) == frozenset(
        {"grid", "board", "hands"}
    )
    assert choose([Event("module_deployed", "", {})]) is None
    assert choose([Event("card_drawn", "", {}), Event("event_revealed", "", {})]) is None
