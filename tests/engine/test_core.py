from __future__ import annotations

import dataclasses

import pytest

from engine.core import Action, Event, Rng, SchemaError


def test_action_of_sorts_arguments_and_compares_by_value() -> None:
    a = Action.of("work", space=1, card="well", founder="mara")
    b = Action.of("work", founder="mara", card="well", space=1)
    assert a == b and hash(a) == hash(b)
    assert a.args == (("card", "well"), ("founder", "mara"), ("space", 1))
    assert a.get("card") == "well" and a.get("missing") is None
    assert a.params == {"card": "well", "founder": "mara", "space": 1}


def test_action_arg_missing_raises_schema_error() -> None:
    with pytest.raises(SchemaError):
        Action.of("work").arg("card")


def test_action_json_round_trip() -> None:
    a = Action.of("build", founder="jun", card="lab", at="2,0", resource="gas")
    assert Action.from_json(a.to_json()) == a
    assert str(Action.of("next_day")) == "next_day"
    assert "card=lab" in str(a)


@pytest.mark.parametrize(
    "data", [{}, {"kind": 3}, {"kind": "x", "args": []}, {"kind": "x", "args": {"a": [1]}}, "nope"]
)
def test_action_from_bad_json_raises(data: object) -> None:
    with pytest.raises(SchemaError):
        Action.from_json(data)  # type: ignore[arg-type]  # bad input on purpose


def test_rng_is_deterministic_and_position_based() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.d6() for _ in range(20)] == [b.d6() for _ in range(20)]
    c = Rng(42, position=5)
    d = Rng(42)
    for _ in range(5):
        d.d6()
    assert c.d6() == d.d6()


def test_rng_ranges_shuffle_choice_and_json() -> None:
    rng = Rng(7)
    rolls = [rng.d6() for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(3 <= rng.randint(3, 5) <= 5 for _ in range(50))
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))
    assert rng.choice(["x"]) == "x"
    with pytest.raises(ValueError):
        rng.choice([])
    with pytest.raises(ValueError):
        rng.randint(2, 1)
    again = Rng.from_json(rng.to_json())
    assert again.d6() == rng.d6()


def test_the_rng_draws_are_pinned() -> None:
    # Saved games replay from their seed: these numbers must never change between releases.
    rng = Rng(2026)
    draws = [rng.randint(1, 6) for _ in range(8)] + [rng.randint(0, 10**12) for _ in range(3)]
    draws.append(rng.randint(5, 7))
    deck = list(range(10))
    rng.shuffle(deck)
    assert draws == [2, 1, 4, 5, 1, 4, 5, 5, 91410639013, 221829789940, 768155584234, 7]
    assert deck == [5, 4, 6, 7, 1, 3, 0, 2, 9, 8] and rng.to_json() == {"seed": 2026, "position": 21}


@pytest.mark.parametrize("audience", [None, frozenset({1})])
def test_an_event_is_a_frozen_value(audience: frozenset[int] | None) -> None:
    # Compiled (engine.native), the constructor is written out: the fields stay frozen all the same.
    data = {"seat": 2, "credits": 3}
    made = Event("rewards", "Ann gains +3 credits.", data, audience)
    assert made == Event("rewards", "Ann gains +3 credits.", dict(data), audience)
    assert (made.kind, made.text, made.data, made.audience) == (
        "rewards",
        "Ann gains +3 credits.",
        data,
        audience,
    )
    assert (
        made.visible_to(1) and made.visible_to(0) == (audience is None) and made.public == (audience is None)
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = "changed"  # type: ignore[misc]
    bare, other = Event("note", "A note."), Event("note", "Another.")
    assert (
        bare.data == {}
        and bare.data is not other.data
        and bare.to_json() == {"kind": "note", "text": "A note.", "data": {}}
    )


def test_an_action_is_a_frozen_value() -> None:
    move = Action.of("buy", sector=3, card="x")
    assert move == Action("buy", (("card", "x"), ("sector", 3))) and move.args[0] == ("card", "x")
    assert hash(move) == hash(Action("buy", (("card", "x"), ("sector", 3))))
    assert sorted([Action.of("end"), move]) == [move, Action.of("end")]
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.kind = "end"  # type: ignore[misc]


def test_items_are_listed_as_a_sentence_lists_them() -> None:
    from engine.core.words import listed

    assert [listed(x) for x in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == [
        "nothing",
        "A",
        "A and B",
        "A, B and C",
    ]


def test_a_list_argument_typed_in_any_order_is_the_listed_move() -> None:
    typed = Action.of("redraw", discard="b,c,a", six=True)
    assert typed.listed_in_order("discard") == Action.of("redraw", discard="a,b,c", six=True)
    plain = Action.of("redraw", discard="a")
    assert plain.listed_in_order("discard") is plain and typed.listed_in_order("pay") is typed
    # Spaces typed after the commas (or around a lone name) are not part of the names.
    spaced = Action.of("redraw", discard=" c, a ,b")
    assert spaced.listed_in_order("discard") == Action.of("redraw", discard="a,b,c")
    assert Action.of("keep", cards=" a ").listed_in_order("cards") == Action.of("keep", cards="a")
    nothing = Action.of("keep", cards="")
    assert nothing.listed_in_order("cards") is nothing


def test_the_rng_in_halves_draws_what_the_long_arithmetic_draws() -> None:
    """``Rng._draw_small`` (the compiled engine's draw) against ``randint``'s own arithmetic,
    written out here, over seeds of every size (negative too), far positions and many spans. (A
    draw rejected at the top of the range comes about 2**-33 of the time: not met here.)"""
    import random

    from engine.core import rng as rng_mod

    def long_draw(seed: int, position: int, span: int) -> tuple[int, int]:
        base = seed * 0x2545F4914F6CDD1D + 0x9E3779B97F4A7C15
        mask = (1 << 64) - 1
        while True:
            x = (base + position) & mask
            position += 1
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & mask
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & mask
            x ^= x >> 31
            if x < (1 << 64) - (1 << 64) % span:
                return x % span, position

    pick = random.Random(5)
    for _ in range(3000):
        seed = pick.choice(
            [pick.randrange(100), pick.randrange(1 << 63), pick.randrange(1 << 80), -pick.randrange(1 << 40)]
        )
        position = pick.choice([0, pick.randrange(1000), pick.randrange(1 << 40)])
        span = pick.choice([1, 2, 6, 7, 52, 1000, pick.randrange(1, 1 << 31)])
        rng = Rng(seed, position)
        for _ in range(3):
            value, position = long_draw(seed, position, span)
            assert (rng._draw_small(span), rng.position) == (value, position)
    # 16-bit limbs: the products modulo 2**64 match the long ones.
    limbs = (0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    for _ in range(3000):
        x = pick.randrange(1 << 64)
        hi, lo = rng_mod._times(x >> 32, x & 0xFFFFFFFF, *limbs)
        assert (hi << 32) | lo == (x * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
