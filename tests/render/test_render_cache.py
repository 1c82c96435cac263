from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from engine.colony import CONTENT
from engine.core import Event
from render.cache import ImageCache, ViewDigest
from render.colony import renderer
from render.exobase import RENDERER as EXOBASE
from render.image import RenderedImage
from tests.render.colony_playout import colony_playout
from tests.render.playout import playout

RENDERERS = {"exobase": EXOBASE, "colony": renderer(CONTENT)}

Played = list[tuple[dict[str, Any], list[Event]]]


class Recording(Mapping[str, Any]):
    """A view that notes every top-level entry read from it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self._view = view
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> Any:
        self.read.add(name)
        return self._view[name]

    def __iter__(self) -> Iterator[str]:
        self.read.update(self._view)
        return iter(self._view)

    def __len__(self) -> int:
        return len(self._view)


def image(name: str) -> RenderedImage:
    return RenderedImage(f"{name}.png", name.encode(), name)


def test_digest_follows_only_the_entries_read() -> None:
    view = {"base": [{"card": "a"}], "day": 2, "score": 4}
    same = {"score": 4, "day": 2, "base": [{"card": "a"}]}
    assert ViewDigest(view).key("k", {"base", "day"}) == ViewDigest(same).key("k", {"day", "base"})
    assert ViewDigest(view).key("k", {"base", "day"}) == ViewDigest({**view, "score": 9}).key(
        "k", {"base", "day"}
    )
    assert ViewDigest(view).key("k", {"base", "day"}) != ViewDigest({**view, "day": 3}).key(
        "k", {"base", "day"}
    )
    assert ViewDigest(view).key("k", {"day"}) != ViewDigest(view).key("other", {"day"})
    assert ViewDigest(view).key("k", {"day"}, extra=(1, 2)) != ViewDigest(view).key(
        "k", {"day"}, extra=(1, 3)
    )


def test_cache_keeps_the_most_recently_used_within_its_bound() -> None:
    cache = ImageCache(2)
    cache.put("a", image("a"))
    cache.put("b", image("b"))
    assert cache.get("a") == image("a")
    cache.put("c", image("c"))
    assert len(cache) == 2 and cache.get("b") is None
    assert cache.get("a") == image("a") and cache.get("c") == image("c")
    cache.resize(1)
    assert len(cache) == 1 and cache.get("c") == image("c")
    cache.resize(0)
    cache.put("d", image("d"))
    assert len(cache) == 0
    with pytest.raises(ValueError):
        cache.resize(-1)


def test_equal_keys_draw_equal_images_and_changes_change_keys(played: Played) -> None:
    drawn: dict[str, bytes] = {}
    keys: dict[str, set[str]] = {}
    for view, events in played[::5]:
        for planned in EXOBASE.plan(view, events):
            data = planned.draw().data
            assert drawn.setdefault(planned.key, data) == data
            keys.setdefault(planned.name, set()).add(planned.key)
    # The game moved on, so every standing image got new content along the way.
    assert all(len(keys[name]) > 1 for name in ("base", "panel", "rows"))


def test_a_view_change_an_image_does_not_read_keeps_its_key(played: Played) -> None:
    view, _ = played[0]
    before = {p.name: p.key for p in EXOBASE.plan(view, [])}
    after = {p.name: p.key for p in EXOBASE.plan({**view, "score": 99}, [])}
    assert after["base"] == before["base"] and after["rows"] == before["rows"]
    assert after["panel"] != before["panel"]


def test_event_images_are_keyed_by_what_they_show(played: Played) -> None:
    view, _ = played[0]
    roll = Event("hazard_roll", "", {"die": 4, "day": 2, "total": 6, "name": "Dust Storm"})
    other = Event("hazard_roll", "", {"die": 5, "day": 2, "total": 7, "name": "Dust Storm"})
    (first,) = EXOBASE.plan(view, [roll], which={"dice"})
    (second,) = EXOBASE.plan(view, [other], which={"dice"})
    assert not first.standing and first.key != second.key
    assert EXOBASE.plan(view, [], which={"dice"}) == []


def _reads(game: str, played: Played) -> dict[str, set[str]]:
    """Every view entry each image of ``game`` read while drawing ``played``."""
    read: dict[str, set[str]] = {kind.name: set() for kind in RENDERERS[game].kinds}
    for view, events in played:
        for kind in RENDERERS[game].kinds:
            recording = Recording(view)
            subject = kind.shows(recording, events) if kind.shows is not None else None
            if kind.shows is None or subject:
                kind.draw(recording, subject)
            read[kind.name] |= recording.read
    return read


def _sample(played: Played, every: int) -> Played:
    """Every ``every``-th state plus each state whose events roll dice or reveal a card."""
    return [
        (view, events)
        for index, (view, events) in enumerate(played)
        if index % every == 0
        or any(e.kind in ("event_revealed", "danger_roll", "target_roll") for e in events)
    ]


def test_exobase_images_read_only_what_their_key_covers(played: Played) -> None:
    team = list(playout(8, steps=200, team=True))
    read = _reads("exobase", _sample(played, 6) + _sample(team, 25))
    for kind in EXOBASE.kinds:
        assert read[kind.name] <= kind.reads, kind.name


def test_colony_images_read_only_what_their_key_covers() -> None:
    played = list(colony_playout(14, 4))
    read = _reads("colony", _sample(played, 30))
    for kind in RENDERERS["colony"].kinds:
        assert read[kind.name] <= kind.reads, kind.name


def test_a_narrowed_view_draws_the_same_picture(played: Played) -> None:
    for game, states in (("exobase", played[::6]), ("colony", list(colony_playout(3, 3))[::15])):
        for kind in RENDERERS[game].kinds:
            if kind.narrow is None:
                continue
            for view, events in states:
                seen = {name: view[name] for name in kind.reads if name in view}
                subject = kind.shows(seen, events) if kind.shows is not None else None
                if kind.shows is None or subject:
                    assert kind.draw(kind.narrow(seen), subject) == kind.draw(seen, subject), kind.name


def test_a_pawn_move_keeps_the_hands_key_and_changes_the_grid() -> None:
    colony = RENDERERS["colony"]
    view, _ = next(iter(colony_playout(3, 3)))
    players = [dict(p) for p in view["players"]]
    players[0]["at"] = "9,9"
    moved = {**view, "players": players}
    before = {p.name: p.key for p in colony.plan(view, [])}
    after = {p.name: p.key for p in colony.plan(moved, [])}
    assert after["hands"] == before["hands"]
    assert after["grid"] != before["grid"]
    # A change to a hand still reaches the hands image.
    players[0]["hand"] = [*players[0].get("hand", []), {"id": "x", "name": "X"}]
    assert {p.name: p.key for p in colony.plan({**view, "players": players}, [])}["hands"] != before["hands"]
