"""The table as the player at the bottom sees it: the places a gesture starts from or ends on,
the layout's regions and what the coach points at, in one vocabulary derived from the core's
:class:`~famiglia.rules.Zone` by one table (a place's own value is only its name).

The shared zones are places of their own; each seat's hand and play area is the player's own
(the bottom seat's) or theirs (the top seat's), whichever seat is at the bottom now.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from ...rules import Zone


class Place(StrEnum):
    """A place on the table seen from the bottom seat."""

    STREET = "street"
    DRAW_PILE = "draw_pile"
    DISCARD = "discard"
    HAND = "hand"
    PLAY = "play"
    THEIR_HAND = "their_hand"
    THEIR_PLAY = "their_play"

    @staticmethod
    def of(zone: Zone, bottom: int) -> Place:
        """Where the core's ``zone`` lies with seat ``bottom`` at the bottom."""
        return _PLACE_OF[zone, bottom]

    def zone(self, bottom: int) -> Zone:
        """The core's zone at this place with seat ``bottom`` at the bottom."""
        return _ZONE_OF[self, bottom]


#: What each place is, in one table: a zone every seat shares, or a seat's hand or play area
#: (``Zone.hand``, ``Zone.play_area``): the bottom seat's own, or the other's (``theirs``).
_SHARED: dict[Place, Zone] = {Place.STREET: Zone.STREET, Place.DRAW_PILE: Zone.DRAW_PILE,
                              Place.DISCARD: Zone.DISCARD}
_SEATED: dict[Place, tuple[Callable[[int], Zone], bool]] = {
    Place.HAND: (Zone.hand, False), Place.PLAY: (Zone.play_area, False),
    Place.THEIR_HAND: (Zone.hand, True), Place.THEIR_PLAY: (Zone.play_area, True)}
#: The zone of each place with either seat at the bottom, and the place of each zone.
_ZONE_OF: dict[tuple[Place, int], Zone] = {
    **{(place, bottom): zone for place, zone in _SHARED.items() for bottom in (0, 1)},
    **{(place, bottom): seat_zone(1 - bottom if theirs else bottom)
       for place, (seat_zone, theirs) in _SEATED.items() for bottom in (0, 1)},
}
_PLACE_OF: dict[tuple[Zone, int], Place] = {
    (zone, bottom): place for (place, bottom), zone in _ZONE_OF.items()}

#: The two piles, the draw pile first.
PILES = (Place.DRAW_PILE, Place.DISCARD)
