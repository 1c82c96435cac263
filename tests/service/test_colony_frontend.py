"""The colony front end's buttons, labels and status line, from hand-made views."""

from __future__ import annotations

from typing import Any

from bot.games.colony import buttons, label, status_line
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


def test_status_line_and_waiting_follow_a_pending_choice() -> None:
    assert status_line(VIEW) == "Turn 3 · **Ann**'s turn · 1 action left · emergency level 2"
    owed = {**VIEW, "pending": {"kind": "discard", "seat": 1, "count": 1}}
    assert status_line(owed) == "**Waiting for Bea** to discard 1 (hand limit 6)."
    for token, said in (("water", "water loss token"), ("emergency", "Emergency token")):
        placing = {**VIEW, "pending": {"kind": "place", "seat": 1, "token": token}}
        assert status_line(placing) == f"**Waiting for Bea** to place the {said}."
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
    from engine.core import Event
    from tests.games import FRONTENDS

    choose = FRONTENDS["colony"].images
    assert choose is not None
    assert choose([Event("card_drawn", "", {})]) == frozenset({"board", "hands"})
    assert choose([Event("pawn_moved", "", {})]) == frozenset({"grid", "board"})
    assert choose([Event("token_removed", "", {}), Event("card_discarded", "", {})]) == frozenset(
        {"grid", "board", "hands"}
    )
    assert choose([Event("module_deployed", "", {})]) is None
    assert choose([Event("card_drawn", "", {}), Event("event_revealed", "", {})]) is None


def test_narration_keeps_every_event_and_goes_on_in_a_second_message() -> None:
    from bot.games.text import MESSAGE_BREAK, split_messages
    from bot.games.text import narrate_named as narrate
    from engine.core import Event

    events = [Event(f"k{i}", f"Line {i}: {'x' * 40}") for i in range(9)]
    events.append(Event("token_placed", "An Emergency token goes on Moss Wall (1,0)."))
    events.append(Event("turn_started", "Turn 5: Bea has 3 actions."))
    text = narrate(events, "Ann")
    assert "more." not in text and text.endswith("Turn 5: Bea has 3 actions.")
    assert "An Emergency token goes on Moss Wall (1,0)." in text
    long = [Event(f"k{i}", f"Line {i}: {'y' * 150}") for i in range(20)]
    parts = split_messages(narrate(long, "Ann"))
    assert len(parts) > 1 and all(len(part) <= 1500 for part in parts)
    assert "\n".join(parts).count("Line ") == 20 and MESSAGE_BREAK not in parts[0]


def test_narration_counts_repeats_and_shares_a_line_between_short_events_of_one_kind() -> None:
    from bot.games.text import narrate_events
    from engine.core import Event

    same = [Event("card_drawn", "Ann draws a card.")] * 3
    assert narrate_events(same, "Ann", named=True) == "Ann draws a card. (×3)"
    supplies = [Event("supply_changed", f"{r} supply 5 -> 4 (Blackout).") for r in ("Oxygen", "Water")]
    assert narrate_events(supplies, "Ann", named=True).count("\n") == 0


def test_status_line_says_the_turn_is_still_open_with_no_actions_left() -> None:
    spent = {**VIEW, "actions_left": 0}
    assert status_line(spent) == (
        "Turn 3 · **Ann**'s turn · no actions left: play an Item or Plan, or End turn · emergency level 2"
    )


def test_text_summary_lists_module_tokens_and_health_issues() -> None:
    from bot.games.colony import summary
    from engine.colony import RULES

    state = RULES.setup(["Ann", "Bea"], {"scenario": "verdance"}, 3)
    for seat in (0, 1):
        state, _ = RULES.apply(state, seat, Action.of("choose_character", character=state.dealt[seat][0]))
    state.grid["1,0"] = {"card": "moss_wall", "off": True, "loss": {"oxygen": 2}, "emergency": 1}
    state.health[1] = ["twisted_ankle"]
    text = summary(RULES.view(state, None))
    assert "Moss Wall (1,0): off, Emergency token, oxygen loss ×2" in text
    assert "health issues: Twisted Ankle (may not take the move action)" in text
    assert "Emergency level 1 of 6" in text
