"""The table as the player at the bottom sees it: the places a gesture starts from or ends on,
the layout's regions and what the coach points at, in one vocabulary derived from the core's
:class:`~famiglia.rules.Zone`.

The shared zones keep the core's names; each seat's hand and play area is the player's own
(the bottom seat's) or theirs (the top seat's), whichever seat is at the bottom now.
"""

from __future__ import annotations

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
        if zone.seat is None:
            return Place(zone.value)
        own = zone.seat == bottom
        if zone.is_hand:
            return Place.HAND if own else Place.THEIR_HAND
        return Place.PLAY if own else Place.THEIR_PLAY

    def zone(self, bottom: int) -> Zone:
        """The core's zone at this place with seat ``bottom`` at the bottom."""
        seat = 1 - bottom if self in (Place.THEIR_HAND, Place.THEIR_PLAY) else bottom
        if self in (Place.HAND, Place.THEIR_HAND):
            return Zone.hand(seat)
        if self in (Place.PLAY, Place.THEIR_PLAY):
            return Zone.play_area(seat)
        return Zone(self.value)


#: The two piles, the draw pile first.
PILES = (Place.DRAW_PILE, Place.DISCARD)
