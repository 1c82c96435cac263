"""The quick event builder of the reward paths makes the very events ``Event`` makes."""

from __future__ import annotations

from engine.core.game import Event
from engine.spacebase.rewards import event


def test_event_equals_the_dataclass_built_one() -> None:
    data = {"seat": 2, "credits": 3}
    made = event("rewards", "Ann gains +3 credits.", data)
    plain = Event("rewards", "Ann gains +3 credits.", data)
    assert made == plain
    assert type(made) is Event
    assert made.audience is None and made.public
    assert made.to_json() == plain.to_json()
    assert vars(made) == vars(plain)
