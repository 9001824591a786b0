"""Where a card can lie (R1.1, R2, R5.4): the seven zones of the table, one vocabulary for the
events, ``Game.zone_ids`` and the UI.

A :class:`Zone` is a ``StrEnum``: its value is what the JSON forms (events, saves) hold, and it
equals that string.
"""

from __future__ import annotations

from enum import StrEnum


class Zone(StrEnum):
    """A zone of the table; the hands and play areas are each seat's own."""

    DRAW_PILE = "draw_pile"
    DISCARD = "discard"
    STREET = "street"
    HAND_0 = "hand:0"
    HAND_1 = "hand:1"
    PLAY_0 = "play:0"
    PLAY_1 = "play:1"

    @staticmethod
    def hand(seat: int) -> Zone:
        """The hand of seat 0 or 1."""
        return HANDS[seat]

    @staticmethod
    def play_area(seat: int) -> Zone:
        """The play area of seat 0 or 1."""
        return PLAY_AREAS[seat]

    @property
    def seat(self) -> int | None:
        """The seat whose hand or play area this is; ``None`` for the shared zones."""
        return _SEATS.get(self)

    @property
    def is_hand(self) -> bool:
        return self in HANDS

    @property
    def is_play_area(self) -> bool:
        return self in PLAY_AREAS


#: Each seat's hand and play area, by seat (module names for the hot paths: reading a member off
#: an Enum class runs a descriptor).
HANDS = (Zone.HAND_0, Zone.HAND_1)
PLAY_AREAS = (Zone.PLAY_0, Zone.PLAY_1)
DRAW_PILE, DISCARD, STREET = Zone.DRAW_PILE, Zone.DISCARD, Zone.STREET
_SEATS = {Zone.HAND_0: 0, Zone.PLAY_0: 0, Zone.HAND_1: 1, Zone.PLAY_1: 1}
