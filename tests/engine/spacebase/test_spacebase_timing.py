"""When a turn waits for someone other than the active player's next move: the reaction window
before a turn ends, the automatic roll and the bonus roll's dice."""

from __future__ import annotations

from engine.core.action import Action
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import act, activate, card, kinds, plain, put, roll

RED = "l2_004"  # a red ability in sector 1: never activated by the sums these tests roll
GREEN = "l1_003"
BLUE = "l2_010"


def _charged(state: SpaceState, seat: int, card_id: str) -> None:
    put(state, seat, card_id)
    ability = CONTENT.cards[card_id].ability
    assert ability is not None
    state.boards[seat].charges[card_id] = ability.need


def test_a_waiting_player_is_asked_before_the_turn_ends_and_may_use_a_red_ability() -> None:
    state = plain()
    _charged(state, 1, RED)
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    assert kinds(events)[-1] == "reaction_window" and events[-1].data["seats"] == [1]
    assert state.active == 0 and RULES.to_move(state) == {1}
    assert RULES.view(state, None)["reacting"] and RULES.view(state, None)["waiting"] == [1]
    assert {a.kind for a in RULES.legal_actions(state, 1)} >= {"use", "skip"}
    assert RULES.timeout_action(state, 1) == Action.of("use", card=RED)
    ability = CONTENT.cards[RED].ability
    assert ability is not None
    vp, gain = state.boards[1].vp, ability.effects[0].n
    state, events = act(state, 1, "use", card=RED)
    assert state.boards[1].vp == vp + gain and "turn_ended" in kinds(events) and state.active == 1


def test_skipping_the_window_keeps_the_charge_and_ends_the_turn() -> None:
    state = plain()
    _charged(state, 1, GREEN)
    state, _ = activate(state, 7)
    state, _ = act(state, 0, "end")
    state, events = act(state, 1, "skip")
    assert kinds(events)[:2] == ["reaction_skipped", "turn_ended"]
    assert state.boards[1].charges[GREEN] == 2 and state.active == 1


def test_seats_without_a_ready_ability_are_never_waited_for() -> None:
    state = plain(3)
    _charged(state, 2, RED)
    state.boards[2].charges[RED] = 1  # one cube short
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    assert "reaction_window" not in kinds(events) and state.active == 1


def test_the_window_opens_after_a_turn_the_ai_plays_inside_apply() -> None:
    state = plain()
    state.ai[1] = True
    _charged(state, 0, RED)
    state, _ = activate(state, 7)
    # Seat 0 ends; the AI's whole turn runs inside this apply, then seat 0 is asked.
    state, events = act(state, 0, "end")
    assert "dice_rolled" in kinds(events) and kinds(events)[-1] == "reaction_window"
    assert state.active == 1 and RULES.to_move(state) == {0}
    state, events = act(state, 0, "use", card=RED)
    assert "ability_used" in kinds(events) and state.active == 0


def test_the_engine_rolls_for_an_active_player_with_nothing_to_do_first() -> None:
    state = plain()
    state.autoroll = True
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    rolled = [e for e in events if e.kind == "dice_rolled"]
    assert kinds(events)[0] == "turn_ended" and len(rolled) == 1
    assert rolled[0].data == {"dice": state.dice, "seat": 1, "bonus": False}
    assert state.phase in ("choose", "main") and state.turn == 2


def test_a_ready_ability_before_the_roll_keeps_the_roll_explicit() -> None:
    state = plain()
    state.autoroll = True
    _charged(state, 1, BLUE)
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    assert "dice_rolled" not in kinds(events) and state.phase == "roll" and state.active == 1
    assert {a.kind for a in RULES.legal_actions(state, 1)} >= {"use", "roll"}
    # The AI rolls first: credits come with the roll.
    assert RULES.timeout_action(state, 1) == Action.of("roll")
    state, _ = act(state, 1, "use", card=BLUE)
    assert state.pending[0]["kind"] == "claim"


def test_a_bonus_roll_announces_its_dice() -> None:
    state = plain(expansion="genesis")
    ship = card("bonus_roll")
    put(state, 0, ship.id)
    a = max(1, ship.sector - 6)
    state, events = roll(state, a, ship.sector - a)
    for seat in sorted(RULES.to_move(state)):
        state, more = act(state, seat, "choose", option="sum")
        events += more
    step = state.pending[0]
    bonus = [e for e in events if e.kind == "dice_rolled" and e.data["bonus"]]
    assert step["kind"] == "bonus_roll"
    assert len(bonus) == 1 and bonus[0].data == {"dice": step["dice"], "seat": 0, "bonus": True}


def test_abilities_kept_for_later_are_not_asked_about_again_until_another_is_ready() -> None:
    state = plain(3)
    _charged(state, 2, GREEN)
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    assert kinds(events)[-1] == "reaction_window"
    state, events = act(state, 2, "skip")
    assert "not asked again" in events[0].text and state.active == 1
    # Seat 1's turn ends without waiting for seat 2, whose ability stays usable.
    state, _ = activate(state, 7)
    assert Action.of("use", card=GREEN) in RULES.legal_actions(state, 2)
    state, events = act(state, 1, "end")
    assert "reaction_window" not in kinds(events) and state.active == 2
    # A newly ready ability opens the window again, for both.
    _charged(state, 2, RED)
    state, _ = activate(state, 7)
    state, _ = act(state, 2, "end")
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    assert kinds(events)[-1] == "reaction_window" and events[-1].data["seats"] == [2]
    assert RULES.from_json(RULES.to_json(state)) == state


def test_abilities_kept_for_later_are_asked_about_at_each_robot_turn_when_no_other_human_plays() -> None:
    # A robot plays its whole turn in one move: the end-of-turn window is the only moment a red
    # ability can be used on it, and with no other human at the table nobody waits on the seat.
    state = plain(3)
    _charged(state, 0, RED)
    for seat in (1, 2):
        state, _ = act(state, seat, "away")
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    assert state.reacting and state.active == 1 and RULES.to_move(state) == {0}
    state, events = act(state, 0, "skip")
    assert "asked again at the next turn's end" in events[0].text
    assert state.reacting and state.active == 2 and RULES.to_move(state) == {0}
    state, events = act(state, 0, "use", card=RED)
    assert "ability_used" in kinds(events) and state.boards[0].charges[RED] == 0


def test_the_reaction_window_names_its_players_as_a_sentence() -> None:
    state = plain(3)
    _charged(state, 1, RED)
    _charged(state, 2, RED)
    state, _ = activate(state, 7)
    state, events = act(state, 0, "end")
    names = state.players
    assert (
        events[-1].text
        == f"Before {names[0]}'s turn ends, {names[1]} and {names[2]} may use a charged ability."
    )
