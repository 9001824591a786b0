"""Where everything on the table goes, as pure functions of the window size and of how many
cards a zone holds: a resize only means calling them again.

The opponent's hand (backs) and play area run along the top, the Street with the draw and
discard piles in the middle, the own play area and the fanned hand at the bottom; a side panel
on the right holds the turn and step indicator, the Pass button and the game log.

A long Street goes into two rows of smaller cards (and a full Gangster's play area likewise),
so that every card keeps an uncovered strip wide enough to read and grab: :class:`StreetSlot` holds
a Street card's rect, that strip, and its badges' places, which never overlap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

import pygame

from ..assets import CARD_RATIO, card_size_for_height
from ..card_words import CARD_H, CARD_W, MEDALLION
from ..widgets import least_covering
from .places import Place

Size = tuple[int, int]


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


#: The zone labels' smallest type: a digit in it is 9 pixels tall (smaller, an 8 reads as a 6).
LABEL_SMALLEST = 18


#: How much higher the middle cards of the hand's fan sit than its outer ones (card heights).
HAND_ARC = 0.06


def _card(height: float) -> Size:
    """A zone's card size for ``height``, never below 20 pixels high."""
    return card_size_for_height(max(20, round(height)))


@dataclass(frozen=True)
class TableFrame:
    """The fixed regions for one window size (zone bands, piles, side panel) and the card size
    used in each zone."""

    size: Size
    margin: int
    gap: int
    text_scale: float
    # the side panel: status (turn, steps, scores), buttons, log
    side: pygame.Rect
    status: pygame.Rect
    pass_button: pygame.Rect
    menu_button: pygame.Rect
    help_button: pygame.Rect
    log: pygame.Rect
    # the table proper
    table: pygame.Rect
    top_label: tuple[int, int]
    top_hand: pygame.Rect
    top_play: pygame.Rect
    street: pygame.Rect
    #: the Street with the room around it that a two-row Street may use
    street_area: pygame.Rect
    #: the Street's heading, at the top right of its room, which its cards leave free
    street_heading: pygame.Rect
    #: the top seat's row with the room below it that a two-row Gangster's play area may use
    top_area: pygame.Rect
    #: the height of a badge ("take", "fresh") and of the gap under a Street row for it
    tag: int
    draw_pile: pygame.Rect
    discard: pygame.Rect
    bottom_label: tuple[int, int]
    bottom_play: pygame.Rect
    bottom_hand: pygame.Rect
    hand_label: tuple[int, int]
    # card sizes per zone
    top_card: Size
    street_card: Size
    play_card: Size
    hand_card: Size
    #: how far a hovered or selected hand card rises
    lift: int
    #: how far a hovered or selected play-area card rises, into room of its own under the
    #: play area's label
    play_lift: int

    def font(self, size: int) -> int:
        """A font size scaled with the window (20 at 800 pixels high)."""
        return max(12, round(size * self.text_scale))

    @property
    def label_size(self) -> int:
        """The zone labels' type: scaled with the window, never below
        :data:`LABEL_SMALLEST`."""
        return max(LABEL_SMALLEST, self.font(18))

    def lift_at(self, place: Place) -> int:
        """How far a hovered or selected card of ``place`` (the own hand or play area)
        rises."""
        return self.play_lift if place is Place.PLAY else self.lift

    def card_size(self, place: Place) -> Size:
        return {Place.THEIR_HAND: self.top_card, Place.THEIR_PLAY: self.top_card,
                Place.STREET: self.street_card, Place.PLAY: self.play_card,
                Place.HAND: self.hand_card, Place.DRAW_PILE: self.street_card,
                Place.DISCARD: self.street_card}[place]

    def region(self, place: Place) -> pygame.Rect:
        return {Place.THEIR_HAND: self.top_hand, Place.THEIR_PLAY: self.top_play,
                Place.STREET: self.street, Place.PLAY: self.bottom_play,
                Place.HAND: self.bottom_hand, Place.DRAW_PILE: self.draw_pile,
                Place.DISCARD: self.discard}[place]


def table_frame(size: Size) -> TableFrame:
    """The regions for a window of ``size``; fits from 1024×640 up."""
    width, height = size
    margin = max(8, round(height * 0.015))
    gap = max(6, round(height * 0.012))
    text_scale = _clamp(height / 800, 0.8, 1.35)
    side_width = round(_clamp(width * 0.22, 250, 360))
    side = pygame.Rect(width - side_width - margin, margin, side_width, height - 2 * margin)
    table = pygame.Rect(margin, margin, side.left - 2 * margin, height - 2 * margin)

    # card heights follow the window height, capped so that the piles and six Street cards
    # fit the table's width
    street_h = min(height * 0.2, table.width / 8.3 / CARD_RATIO)
    scale = street_h / (height * 0.2)
    top_h = height * 0.12 * scale
    play_h = height * 0.135 * scale
    hand_h = height * 0.21 * scale
    label = round(22 * text_scale)
    tag = round(height * 0.032)
    lift = round(hand_h * 0.16)
    fixed = label + top_h + street_h + tag + label + play_h + label + lift + hand_h
    spare = max(0.0, table.height - fixed)
    band_gap = spare / 4
    # three gaps part the bands; the fourth's room, under the hand, is where the room of a
    # raised play-area card and of the hand's fan comes from
    play_lift = round(min(play_h * 0.16, band_gap))
    arc = round(min(_card(hand_h)[1] * HAND_ARC, band_gap - play_lift))

    y = float(table.top)
    top_label = (table.left, round(y))
    y += label
    top_row = pygame.Rect(table.left, round(y), table.width, round(top_h))
    y += top_h + band_gap
    street_row = pygame.Rect(table.left, round(y), table.width, round(street_h + tag))
    y += street_h + tag + band_gap
    bottom_label = (table.left, round(y))
    y += label
    bottom_play = pygame.Rect(table.left, round(y), table.width, round(play_lift + play_h))
    y += play_lift + play_h + band_gap
    hand_label = (table.left, round(y))
    y += label
    bottom_hand = pygame.Rect(table.left, round(y), table.width, round(lift + arc + hand_h))

    top_card, street_card = _card(top_h), _card(street_h)
    top_hand_width = min(round(table.width * 0.3), top_card[0] * 3)
    top_hand = pygame.Rect(top_row.left, top_row.top, top_hand_width, top_row.height)
    top_play = pygame.Rect(top_hand.right + 3 * gap, top_row.top,
                           top_row.right - top_hand.right - 3 * gap, top_row.height)
    draw_pile = pygame.Rect(street_row.left + gap, street_row.top, *street_card)
    discard = pygame.Rect(draw_pile.right + gap * 2, street_row.top, *street_card)
    street_left = discard.right + gap * 4
    street = pygame.Rect(street_left, street_row.top, street_row.right - street_left,
                         street_row.height)
    up, down = max(0, round(band_gap) - 3), max(0, round(band_gap) - 3)
    street_area = pygame.Rect(street.left, street.top - up, street.width,
                              street.height + up + down)
    heading = max(12, round(15 * text_scale))
    street_heading = pygame.Rect(street_area.right - round(heading * 3.2) - gap,
                                 street_area.top, round(heading * 3.2), round(heading * 1.4))
    top_area = pygame.Rect(top_row.left, top_row.top, top_row.width,
                           top_row.height + round(band_gap * 0.45))

    status_h = round(_clamp(height * 0.37, 236, 400))
    status = pygame.Rect(side.left, side.top, side.width, status_h)
    button_h = round(_clamp(height * 0.065, 44, 64))
    pass_button = pygame.Rect(side.left, status.bottom + gap, side.width, button_h)
    small_h = round(button_h * 0.72)
    half = (side.width - gap) // 2
    menu_button = pygame.Rect(side.left, pass_button.bottom + gap, half, small_h)
    help_button = pygame.Rect(menu_button.right + gap, menu_button.top,
                              side.width - half - gap, small_h)
    log = pygame.Rect(side.left, menu_button.bottom + gap, side.width,
                      side.bottom - menu_button.bottom - gap)
    return TableFrame(
        size=size, margin=margin, gap=gap, text_scale=text_scale, side=side, status=status,
        pass_button=pass_button, menu_button=menu_button, help_button=help_button, log=log,
        table=table, top_label=top_label, top_hand=top_hand, top_play=top_play, street=street,
        street_area=street_area, street_heading=street_heading, top_area=top_area, tag=tag,
        draw_pile=draw_pile, discard=discard, bottom_label=bottom_label,
        bottom_play=bottom_play, bottom_hand=bottom_hand, hand_label=hand_label,
        top_card=top_card, street_card=street_card, play_card=_card(play_h),
        hand_card=_card(hand_h), lift=lift, play_lift=play_lift,
    )


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
#: smaller cards would show (see :func:`_in_two_rows`).
ONE_ROW_BIAS = 0.85
#: The narrowest strip of one row: the rank chip and a name written in two lines at its
#: smallest size fit in it.
MIN_STRIP = 34
#: How far apart (in card widths) the cards of two rows may spread to fill the width.
WIDEST_SPREAD = 1.5


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


def _strip(region: pygame.Rect, card: Size, count: int, spacing: float) -> float:
    """The uncovered width of each card of a one-row fan of ``count`` cards in ``region``."""
    if count <= 1:
        return card[0]
    return min(card[0] * 1.0, (region.width - card[0]) / (count - 1), card[0] * spacing)


def _two_row_card(area: pygame.Rect, badge: int) -> Size:
    """The card of two rows filling ``area``, each row with ``badge`` pixels below it."""
    return _card((area.height - 2 * badge - 4) // 2)


def _in_two_rows(region: pygame.Rect, area: pygame.Rect, card: Size, count: int,
                 badge: int, spacing: float) -> bool:
    """Do two rows in ``area`` show each card better than one row in ``region``?  Where
    only one of them leaves strips of :data:`MIN_STRIP` (a name can be written in them), it
    is taken, two rows only while they show nearly as much of each card; where both do,
    one row of larger cards is kept while each card shows nearly as much of itself as in
    two rows; where neither does, the wider strips win."""
    if count < 4:
        return False
    one = _strip(region, card, count, spacing)
    small = _two_row_card(area, badge)
    two = _strip(area, small, (count + 1) // 2, spacing)
    one_area, two_area = one * card[1], two * small[1]
    if (one >= MIN_STRIP) != (two >= MIN_STRIP):
        return two >= MIN_STRIP and two_area >= ONE_ROW_BIAS * one_area
    if one < MIN_STRIP:
        return one < ONE_ROW_BIAS * two
    return one_area < ONE_ROW_BIAS * two_area


def _two_rows(area: pygame.Rect, count: int, badge: int, *, spacing: float,
              reserve: int = 0) -> tuple[list[pygame.Rect], Size]:
    """``count`` cards in two rows filling ``area`` (the first row holds the extra card and
    leaves ``reserve`` pixels free at its right end), each row with ``badge`` pixels below
    it; rows that leave room spread across it, the cards of both rows one above the
    other."""
    card = _two_row_card(area, badge)
    first = (count + 1) // 2
    top_row = pygame.Rect(area.left, area.top, area.width - reserve, card[1])
    if first > 1:
        spacing = min((top_row.width - card[0]) / (first - 1) / card[0], WIDEST_SPREAD)
    rects = _row(top_row, card, first, spacing=spacing, top=area.top)
    second = pygame.Rect(area.left, area.top + card[1] + badge + 4, area.width, card[1])
    rects += _row(second, card, count - first, spacing=spacing)
    return rects, card


def street_slots(frame: TableFrame, count: int) -> list[StreetSlot]:
    """The Street's ``count`` cards: one row while each card shows enough of itself, else
    two rows of smaller cards in ``street_area``, the first clear of the Street's heading."""
    card = frame.street_card
    tag = frame.tag
    area = frame.street_area
    reserve = area.right - frame.street_heading.left
    if _in_two_rows(frame.street, pygame.Rect(area.left, area.top, area.width - reserve,
                                              area.height), card, count, tag, 1.04):
        rects, card = _two_rows(area, count, tag, spacing=1.04, reserve=reserve)
    else:
        rects = _row(frame.street, card, count, spacing=1.08)
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


def fresh_badge(rect: pygame.Rect, visible: pygame.Rect, height: int, above: int
                ) -> pygame.Rect:
    """The "fresh" badge's place: on the card's top edge, over the card where the ``above``
    pixels of free room over it allow, else reaching down into it no further than the
    portrait's top (and then right of the rank pennant where the strip leaves room, and left
    of the ability's medallion), so that it covers neither a face, the name, the victory
    points' coin nor the printed ability."""
    rise = min(above, height)
    height = min(height, rise + art_height(rect, PORTRAIT_TOP) - rect.top)
    left, right = visible.left + 2, visible.right - 2
    if rise < height:
        right = min(right, medallion_left(rect) - 2)
        pennant = visible.left + round(rect.width * PENNANT_SIDE)
        if right - pennant >= 2 * height:
            left = pennant
    return pygame.Rect(left, rect.top - rise, right - left, height)


def _row(region: pygame.Rect, card: Size, count: int, *, spacing: float,
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


def slots(frame: TableFrame, place: Place, count: int, *, handless: bool = False
          ) -> list[pygame.Rect]:
    """The rect of each card at ``place`` holding ``count`` cards, left to right;
    ``handless``: the top seat has no hand (the Gangster, S2), its play area takes the row."""
    card = frame.card_size(place)
    if place is Place.THEIR_HAND:
        return _row(frame.top_hand, card, count, spacing=0.32)
    if place is Place.THEIR_PLAY:
        region = frame.top_hand.union(frame.top_play) if handless else frame.top_play
        if handless and _in_two_rows(region, frame.top_area, card, count, 0, 1.04):
            return _two_rows(frame.top_area, count, 0, spacing=1.04)[0]
        return _row(region, card, count, spacing=1.06)
    if place is Place.STREET:
        return [slot.rect for slot in street_slots(frame, count)]
    if place is Place.PLAY:
        return _row(frame.bottom_play, card, count, spacing=1.06,
                    top=frame.bottom_play.bottom - card[1])
    if place is Place.HAND:
        rects = _row(frame.bottom_hand, card, count, spacing=1.04, centred=True,
                     top=frame.bottom_hand.bottom - card[1])
        # a gentle fan: the outer cards sit a little lower than the middle ones
        middle = (count - 1) / 2
        arc = min(card[1] * HAND_ARC, frame.bottom_hand.height - frame.lift - card[1])
        for i, rect in enumerate(rects):
            if middle:
                rect.y += round(arc * ((i - middle) / middle) ** 2) - round(arc)
        return rects
    return [frame.region(place).copy() for _ in range(count)]


#: The side panel's regions, which keep the window's height when the table proper makes room
#: above it.
SIDE_REGIONS = ("side", "status", "pass_button", "menu_button", "help_button", "log")


def table_frame_below(size: Size, above: int) -> TableFrame:
    """The regions for a window of ``size`` whose table proper starts ``above`` pixels lower
    (a replay's analysis graph is drawn there): the table's bands and cards as for a window
    that much lower, moved down; the side panel and the type as tall as the window."""
    full = table_frame(size)
    if above <= 0:
        return full
    lower = table_frame((size[0], size[1] - above))
    regions: dict[str, Any] = {"size": size, "text_scale": full.text_scale}
    for field in fields(TableFrame):
        value = getattr(lower, field.name)
        if field.name in SIDE_REGIONS:
            value = getattr(full, field.name)
        elif isinstance(value, pygame.Rect):
            value = value.move(0, above)
        elif field.name.endswith("_label"):
            value = (value[0], value[1] + above)
        regions.setdefault(field.name, value)
    return replace(lower, **regions)


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
