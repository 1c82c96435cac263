"""Button custom ids round-trip every action shape and stay within Discord's 100 characters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ui.custom_ids import MAX_LENGTH, CustomIdError, decode, encode_action, encode_control
from engine.core import Action
from tests.games import GAMES


def test_long_actions_fit_thanks_to_short_argument_names() -> None:
    action = Action.of(
        "instant", founder="aoki", ability="founder:0", target="greenhouse", resource="minerals"
    )
    custom_id = encode_action(123456789, 9999, action)
    assert len(custom_id) <= MAX_LENGTH
    target = decode(custom_id)
    assert (target.game_id, target.version, target.action, target.control) == (123456789, 9999, action, None)


def test_an_argument_named_like_a_short_name_keeps_its_own_name() -> None:
    # Space Base's exchange names its two ships ``a`` and ``b``; ``a`` also abbreviates ``ability``.
    action = Action.of("exchange", a="sb_l1_courier", b="sb_l2_tender")
    custom_id = encode_action(5, 6, action)
    assert "|~a=sb_l1_courier|" in custom_id
    assert decode(custom_id).action == action
    # A button posted before: the short name still reads as the long one.
    assert decode("xa:5:6:instant|a=founder:0").action == Action.of("instant", ability="founder:0")


def test_types_survive_the_round_trip() -> None:
    action = Action.of("work", founder="aoki", card="well", space=0, at="-1,2", flag=True)
    assert decode(encode_action(1, 2, action)).action == action


def test_controls_round_trip() -> None:
    target = decode(encode_control(7, 3, "abandon"))
    assert (target.game_id, target.version, target.action, target.control) == (7, 3, None, "abandon")


def test_argument_less_actions_round_trip() -> None:
    assert decode(encode_action(1, 1, Action.of("end_placement"))).action == Action.of("end_placement")


def test_too_long_is_refused() -> None:
    with pytest.raises(CustomIdError):
        encode_action(1, 1, Action.of("work", card="x" * 120))


@pytest.mark.parametrize(
    "bad", ["", "xa:1:2:", "xc:1:2:Join", "hello", "xa:1:2:work|f?aoki", "xa:1:2:work|s#x"]
)
def test_garbage_is_refused(bad: str) -> None:
    with pytest.raises(CustomIdError):
        decode(bad)


_slug = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-:,", min_size=1, max_size=12)
_value = st.one_of(_slug, st.integers(-50, 50), st.booleans())


@given(
    kind=st.sampled_from(["work", "task", "build", "instant", "flip"]),
    args=st.dictionaries(
        st.sampled_from(["founder", "card", "space", "at", "resource", "other", "a", "b", "c", "@", "~x"]),
        _value,
    ),
    game=st.integers(1, 10**9),
    version=st.integers(0, 10**5),
)
def test_any_fitting_action_round_trips(
    kind: str, args: dict[str, str | int | bool], game: int, version: int
) -> None:
    action = Action.of(kind, **args)
    try:
        custom_id = encode_action(game, version, action)
    except CustomIdError:
        return
    assert decode(custom_id).action == action


def test_every_exobase_action_of_a_seeded_game_fits_a_button() -> None:
    rules = GAMES["exobase"]
    state = rules.setup(["Alice"], {"mode": "normal", "team": False}, 7)
    for step in range(120):
        legal = rules.legal_actions(state, 0)
        if not legal:
            break
        for action in legal:
            assert decode(encode_action(2**31, 10**6, action)).action == action
        # Walk the day forward: prefer finishing phases so many kinds of states are visited.
        order = ["next_day", "roll_hazard", "end_placement"]
        pick = next(
            (a for kind in order for a in legal if a.kind == kind and step % 3), legal[step % len(legal)]
        )
        state, _ = rules.apply(state, 0, pick)
