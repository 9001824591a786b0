"""The table's places seen from the bottom seat are the core's zones (R1.1, R2, R5.4): each
zone has one place for either seat at the bottom, and back."""

from __future__ import annotations

import pytest

from famiglia.rules import Zone
from famiglia.ui.table.places import Place


@pytest.mark.parametrize("bottom", [0, 1])
def test_each_zone_is_one_place_and_back(bottom: int) -> None:
    places = [Place.of(zone, bottom) for zone in Zone]
    assert sorted(places) == sorted(Place)
    assert [place.zone(bottom) for place in places] == list(Zone)


def test_the_bottom_seats_hand_is_the_own_hand() -> None:
    assert Place.of(Zone.HAND_1, 1) is Place.HAND and Place.of(Zone.HAND_1, 0) is Place.THEIR_HAND
    assert Place.of(Zone.PLAY_0, 1) is Place.THEIR_PLAY and Place.PLAY.zone(0) is Zone.PLAY_0
    assert Place.of(Zone.STREET, 1) is Place.STREET and Place.DISCARD.zone(1) is Zone.DISCARD
