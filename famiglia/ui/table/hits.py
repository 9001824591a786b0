"""Hit testing: which spot of the table lies under the pointer, seen from the bottom seat —
a card (the topmost first; a resting Street card only on the strip its neighbour leaves
uncovered, so a grab never takes the neighbour; a play area's stack by its top card, which
covers the cards under it), else a zone (own hand and play area, the piles, the opponent's
hand).
"""

from __future__ import annotations

import pygame

from ...rules import DECK, Zone
from .drag import Spot
from .picture import TablePicture
from .places import PILES, Place


def street_hit_rect(picture: TablePicture, index: int) -> pygame.Rect:
    """Where the Street card at ``index`` is grabbed: the strip the next card leaves
    uncovered once it rests, else (in flight) the whole card."""
    sprite = picture.sprites[picture.zones[Zone.STREET][index]]
    if index < len(picture.street_slots) and not sprite.flying:
        slot = picture.street_slots[index]
        if pygame.Rect(sprite.rect) == slot.rect:
            return slot.visible
    return pygame.Rect(sprite.rect)


def hit(picture: TablePicture, pos: tuple[int, int], *, exclude: int | None = None,
        opponent_hand: bool = True) -> Spot | None:
    """The most specific spot under ``pos`` seen from the bottom seat: a card (topmost
    first), else a zone; ``opponent_hand``: the top seat has a hand to point at."""
    frame = picture.frame
    bottom = picture.bottom
    for card_id in reversed(picture.display_order(Zone.hand(bottom))):
        sprite = picture.sprites[card_id]
        rect = sprite.rect
        area = pygame.Rect(round(rect.x), round(rect.y - sprite.lift), round(rect.w),
                           round(rect.h + sprite.lift))
        if card_id != exclude and area.collidepoint(pos):
            return Spot(Place.HAND, DECK[card_id])
    for card_id in reversed(picture.pickable(Zone.play_area(bottom))):
        if card_id != exclude and picture.sprites[card_id].rect.collidepoint(pos):
            return Spot(Place.PLAY, DECK[card_id])
    street = picture.zones[Zone.STREET]
    for index in range(len(street) - 1, -1, -1):
        card_id = street[index]
        if card_id != exclude and street_hit_rect(picture, index).collidepoint(pos):
            return Spot(Place.STREET, DECK[card_id], index)
    for card_id in reversed(picture.pickable(Zone.play_area(1 - bottom))):
        if picture.sprites[card_id].rect.collidepoint(pos):
            return Spot(Place.THEIR_PLAY, DECK[card_id])
    if opponent_hand and frame.top_hand.collidepoint(pos):
        return Spot(Place.THEIR_HAND)
    for pile in PILES:
        if frame.region(pile).inflate(frame.gap * 2, frame.gap * 2).collidepoint(pos):
            return Spot(pile)
    if frame.bottom_hand.collidepoint(pos):
        return Spot(Place.HAND)
    if frame.bottom_play.collidepoint(pos):
        return Spot(Place.PLAY)
    return None


def card_at(picture: TablePicture, pos: tuple[int, int]) -> int | None:
    """The id of the card drawn topmost under ``pos``, whichever side shows: the own cards and
    the Street's (as :func:`hit` finds them), the other side's play area and hand, the top of
    the discard pile and of the draw pile; None beside every card."""
    spot = hit(picture, pos, opponent_hand=False)
    if spot is not None and spot.card is not None:
        return spot.card.id
    for card_id in reversed(picture.display_order(Zone.hand(1 - picture.bottom))):
        if picture.sprites[card_id].rect.collidepoint(pos):
            return card_id
    for zone, top in ((Zone.DISCARD, -1), (Zone.DRAW_PILE, 0)):
        ids = picture.zones[zone]
        if ids and picture.sprites[ids[top]].rect.collidepoint(pos):
            return ids[top]
    return None
