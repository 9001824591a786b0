"""The geometry of rows of cards, shared by the table's zones: a card's size for a height, a row
that overlaps its cards as far as it must, the part of each card its neighbour leaves
uncovered, the rows of the drawn card (where its portrait, pennant and medallion are), a
badge's place clear of the headings and the other cards, and a frame around a card's strip
that covers no other card.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..assets import card_size_for_height
from ..card_words import CARD_H, CARD_W, MEDALLION
from ..widgets import least_covering

Size = tuple[int, int]


def card_for(height: float) -> Size:
    """A zone's card size for ``height``, never below 20 pixels high."""
    return card_size_for_height(max(20, round(height)))



def row(region: pygame.Rect, card: Size, count: int, *, spacing: float,
         centred: bool = False, top: int | None = None) -> list[pygame.Rect]:
    """``count`` cards in a row inside ``region``, ``spacing`` card widths apart at most,
    overlapping more when the row would not fit."""
    if count <= 0:
        return []
    width = card[0]
    step = width * spacing
    if count > 1:
        step = min(step, (region.width - width) / (count - 1))
    total = width + step * (count - 1)
    left = region.left + (region.width - total) / 2 if centred else region.left
    y = region.top if top is None else top
    return [pygame.Rect(round(left + step * i), y, *card) for i in range(count)]


def uncovered(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The part of each card of a row (drawn left to right) that the next one leaves
    uncovered; the last card shows whole."""
    parts = []
    for index, rect in enumerate(rects):
        following = rects[index + 1] if index + 1 < len(rects) else None
        if following is not None and following.top == rect.top and following.left < rect.right:
            parts.append(pygame.Rect(rect.left, rect.top, following.left - rect.left, rect.height))
        else:
            parts.append(rect.copy())
    return parts


def art_height(rect: pygame.Rect, card_units: float) -> int:
    """The screen row of a height on the drawn card (card units, 0–420) for a card at
    ``rect``."""
    return rect.top + round(rect.height * card_units / CARD_H)


#: Where the portraits' hats begin (card units): a badge on the card's top edge ends above.
PORTRAIT_TOP = 60.0
#: The share of a card's width its rank pennant takes (and the rank chip written over it).
PENNANT_SIDE = 1 / 3


def medallion_left(rect: pygame.Rect) -> int:
    """The screen column where the ability's medallion begins on a card at ``rect``."""
    (centre, _top), radius = MEDALLION
    return rect.left + int(rect.width * (centre - radius) / CARD_W)


def badge_place(card: pygame.Rect, region: pygame.Rect, size: Size, bounds: pygame.Rect,
                avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a badge of ``size`` that names what happens to a raised card goes (the half of
    an exchange: "to your hand"): on the card's top edge, else over the top of the card
    itself at the top of its zone's ``region``, else under the zone's band; the first of
    these (kept inside ``bounds``) that covers none of ``avoid`` (the zones' headings, the
    other cards), else the one that covers the least of them.  So a badge never rises into a
    heading, nor over a neighbour, where there is room for it."""
    places = []
    for top in (card.top - size[1] // 2, max(card.top, region.top), region.bottom + 2):
        place = pygame.Rect((0, 0), size)
        place.midtop = (card.centerx, top)
        places.append(place.clamp(bounds))
    return least_covering(places, avoid)


def _free_beside(shown: pygame.Rect, others: Sequence[pygame.Rect], reach: int,
                 side: int) -> int:
    """The free pixels beside ``shown`` (left for ``side`` -1, right for 1) up to ``reach``,
    before the nearest of ``others`` that shares its rows."""
    rows = shown.inflate(0, 2 * reach)
    if side < 0:
        ends = [shown.left - other.right for other in others
                if other.colliderect(rows.move(-reach, 0)) and other.left < shown.left]
    else:
        ends = [other.left - shown.right for other in others
                if other.colliderect(rows.move(reach, 0)) and other.right > shown.right]
    return max(0, min(ends, default=reach + 1))


def _clear_spans(bar: pygame.Rect, others: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``bar`` (a row of pixels) that none of ``others`` covers."""
    cuts = sorted((other.left, other.right) for other in others if other.colliderect(bar))
    parts, left = [], bar.left
    for start, end in cuts:
        if start > left:
            parts.append(pygame.Rect(left, bar.top, start - left, bar.height))
        left = max(left, end)
    if left < bar.right:
        parts.append(pygame.Rect(left, bar.top, bar.right - left, bar.height))
    return [part for part in parts if part.width >= 2]


def frame_pieces(shown: pygame.Rect, others: Sequence[pygame.Rect], gap: int,
                 thickness: int) -> list[pygame.Rect]:
    """A frame ``thickness`` thick, ``gap`` pixels around ``shown`` (a card's uncovered part),
    in pieces that cover none of ``others`` (the cards it does not mean, and so none of
    their written names): bars above and below it, and a side wherever the room beside it
    allows (nearer and thinner where that room is narrow, none where the next card begins at
    once: a covered card's own name runs across its whole strip, so the frame never enters
    the strip either)."""
    reach = gap + thickness
    top, bottom = shown.top - reach, shown.bottom + reach
    pieces = []
    left, right = shown.left, shown.right
    for side in (-1, 1):
        free = _free_beside(shown, others, reach, side)
        width = min(thickness, free - 1)
        if width < 2:
            continue
        offset = min(gap, free - 1 - width)
        x = shown.left - offset - width if side < 0 else shown.right + offset
        pieces.append(pygame.Rect(x, top, width, bottom - top))
        left, right = (x, right) if side < 0 else (left, x + width)
    for y in (top, shown.bottom + gap):
        pieces += _clear_spans(pygame.Rect(left, y, right - left, thickness), others)
    return pieces
