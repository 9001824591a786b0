"""Where the Street's cards go (R2.4: an ordered row, new cards at its right end): one row of
large cards overlapping sideways while each card shows enough of itself, else two rows of
smaller cards, so that every card keeps an uncovered strip wide enough to read and grab:
:class:`StreetSlot` holds a Street card's rect, that strip, and its badges' places, which
never overlap ("take" under the card, "fresh" on its top edge, never over its rank).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..assets import CARD_RATIO
from .geometry import (
    PENNANT_SIDE,
    PORTRAIT_TOP,
    Size,
    art_height,
    card_for,
    medallion_left,
    row,
    uncovered,
)

if TYPE_CHECKING:
    from .layout import TableFrame


@dataclass(frozen=True)
class StreetSlot:
    """A Street card's place: ``rect`` where it is drawn, ``visible`` its uncovered part
    (where it is grabbed, and named when the card's own name is covered or too small), and
    the rects of its "take" and "fresh" badges."""

    rect: pygame.Rect
    visible: pygame.Rect
    take: pygame.Rect
    fresh: pygame.Rect


#: One row of larger cards, overlapping sideways, is kept while each card's uncovered part
#: (its strip's width times the card's height) is at least this share of what two rows of
#: smaller cards would show (see :func:`in_two_rows`).
ONE_ROW_BIAS = 0.85
#: The narrowest strip of one row: the rank chip and a name written in two lines at its
#: smallest size fit in it.
MIN_STRIP = 34
#: The narrowest strip of two rows: wide enough to grab a card, whose rank and name show.
GRAB_STRIP = 36
#: How far apart (in card widths) the cards of two rows may spread to fill the width.
WIDEST_SPREAD = 1.5


def strip_width(region: pygame.Rect, card: Size, count: int, spacing: float) -> float:
    """The uncovered width of each card of a one-row fan of ``count`` cards in ``region``."""
    if count <= 1:
        return card[0]
    return min(card[0] * 1.0, (region.width - card[0]) / (count - 1), card[0] * spacing)


def two_row_card(area: pygame.Rect, badge: int, per_row: int) -> Size:
    """The card of two rows filling ``area``, each row with ``badge`` pixels below it and
    ``per_row`` cards in it, each showing a strip of :data:`GRAB_STRIP` at least."""
    card = card_for((area.height - 2 * badge - 4) // 2)
    widest = area.width - GRAB_STRIP * (per_row - 1)
    if per_row > 1 and card[0] > widest:
        return card_for(widest / CARD_RATIO)
    return card


def in_two_rows(region: pygame.Rect, area: pygame.Rect, card: Size, count: int,
                badge: int, spacing: float) -> bool:
    """Do two rows in ``area`` show each card better than one row in ``region``?  Where
    only one of them leaves strips of :data:`MIN_STRIP` (a name can be written in them), it
    is taken, two rows only while they show nearly as much of each card; where both do,
    one row of larger cards is kept while each card shows nearly as much of itself as in
    two rows; where neither does, the wider strips win."""
    if count < 4:
        return False
    one = strip_width(region, card, count, spacing)
    small = two_row_card(area, badge, (count + 1) // 2)
    two = strip_width(area, small, (count + 1) // 2, spacing)
    one_area, two_area = one * card[1], two * small[1]
    if (one >= MIN_STRIP) != (two >= MIN_STRIP):
        return two >= MIN_STRIP and two_area >= ONE_ROW_BIAS * one_area
    if one < MIN_STRIP:
        return one < ONE_ROW_BIAS * two
    return one_area < ONE_ROW_BIAS * two_area


def two_rows(area: pygame.Rect, count: int, badge: int, *, spacing: float,
             reserve: int = 0) -> tuple[list[pygame.Rect], Size]:
    """``count`` cards in two rows filling ``area`` (the first row holds the extra card and
    leaves ``reserve`` pixels free at its right end), each row with ``badge`` pixels below
    it; rows that leave room spread across it, the cards of both rows one above the
    other."""
    first = (count + 1) // 2
    card = two_row_card(pygame.Rect(area.left, area.top, area.width - reserve, area.height),
                        badge, first)
    top_row = pygame.Rect(area.left, area.top, area.width - reserve, card[1])
    if first > 1:
        spacing = min((top_row.width - card[0]) / (first - 1) / card[0], WIDEST_SPREAD)
    rects = row(top_row, card, first, spacing=spacing, top=area.top)
    second = pygame.Rect(area.left, area.top + card[1] + badge + 4, area.width, card[1])
    rects += row(second, card, count - first, spacing=spacing)
    return rects, card


def _heading_reserve(frame: TableFrame) -> int:
    """The room the first of two rows leaves free at its right end, under the heading."""
    return frame.street_area.right - frame.street_heading.left


def street_in_two_rows(frame: TableFrame, count: int) -> bool:
    """Does a Street of ``count`` cards go into two rows in ``frame``?"""
    area = frame.street_area
    first = pygame.Rect(area.left, area.top, area.width - _heading_reserve(frame), area.height)
    return in_two_rows(frame.street, first, frame.street_card, count, frame.tag, 1.04)


def street_slots(frame: TableFrame, count: int) -> list[StreetSlot]:
    """The Street's ``count`` cards: one row while each card shows enough of itself, else
    two rows of smaller cards in ``street_area``, the first clear of the Street's heading."""
    card = frame.street_card
    tag = frame.tag
    area = frame.street_area
    if street_in_two_rows(frame, count):
        rects, card = two_rows(area, count, tag, spacing=1.04,
                               reserve=_heading_reserve(frame))
    else:
        rects = row(frame.street, card, count, spacing=1.08)
    slots = []
    takes: list[pygame.Rect] = []
    for rect, visible in zip(rects, uncovered(rects), strict=True):
        take = pygame.Rect(visible.left + 1, rect.bottom + 2, visible.width - 2, tag - 3)
        # the room above a card: the Street's own above its top row (under its heading),
        # to the badges of the row above
        heading = frame.street_heading
        above = [*takes, heading] if heading.left < visible.right else takes
        ceiling = max([area.top] + [other.bottom + 1 for other in above
                                    if other.bottom <= rect.top])
        slots.append(StreetSlot(rect, visible, take,
                          fresh_badge(rect, visible, tag - 3, rect.top - ceiling)))
        takes.append(take)
    return slots



#: The narrowest "fresh" badge beside the rank pennant (a pill without words, which hovering
#: the card explains); where the strip leaves less, the badge stays over the card's top.
FRESH_LEAST = 8


def fresh_badge(rect: pygame.Rect, visible: pygame.Rect, height: int, above: int
                ) -> pygame.Rect:
    """The "fresh" badge's place: on the card's top edge, over the card where the ``above``
    pixels of free room over it allow, else reaching down into it no further than the
    portrait's top, right of the rank pennant and left of the ability's medallion (where the
    strip leaves no room there, only over the card's top), so that it covers neither the
    rank, a face, the name, the victory points' coin nor the printed ability."""
    rise = min(above, height)
    height = min(height, rise + art_height(rect, PORTRAIT_TOP) - rect.top)
    left, right = visible.left + 2, visible.right - 2
    if rise < height:
        beside = min(right, medallion_left(rect) - 2)
        pennant = visible.left + round(rect.width * PENNANT_SIDE)
        if beside - pennant >= FRESH_LEAST:
            left, right = pennant, beside
        else:
            height = rise
    return pygame.Rect(left, rect.top - rise, right - left, height)
