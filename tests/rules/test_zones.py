"""The zones of the table (R1.1, R5.4) as one vocabulary: each seat's hand and play area, the
shared zones, and their JSON values, which events, saves and ``zone_ids`` use."""

from __future__ import annotations

import json

import pytest

from famiglia.rules import Game, Zone


def test_each_seat_has_its_hand_and_play_area() -> None:
    for seat in (0, 1):
        assert Zone.hand(seat).seat == seat and Zone.hand(seat).is_hand
        assert Zone.play_area(seat).seat == seat and Zone.play_area(seat).is_play_area
        assert not Zone.hand(seat).is_play_area and not Zone.play_area(seat).is_hand
    for shared in (Zone.DRAW_PILE, Zone.DISCARD, Zone.STREET):
        assert shared.seat is None and not shared.is_hand and not shared.is_play_area


def test_zones_are_their_json_values() -> None:
    """The values events and saves hold: a Zone equals its text and is written as it."""
    assert [str(zone) for zone in Zone] == ["draw_pile", "discard", "street", "hand:0",
                                            "hand:1", "play:0", "play:1"]
    assert Zone.hand(1) == "hand:1" and json.dumps({"to": Zone.PLAY_0}) == '{"to": "play:0"}'


def test_zone_ids_takes_a_zone_or_its_value() -> None:
    game = Game.new(3)
    assert game.zone_ids(Zone.STREET) == game.zone_ids("street")
    assert len(game.zone_ids(Zone.hand(0))) == 4
    for bad in ("hand:2", "", None, ["street"]):
        with pytest.raises(ValueError, match="unknown zone"):
            game.zone_ids(bad)  # type: ignore[arg-type]
