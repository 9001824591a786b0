"""Where everything on the table goes, as pure functions of the window size and of how many
cards the Street holds: a resize, or a Street that grows, only means calling them again.

The opponent's hand (backs) and play area run along the top, the Street with the draw and
discard piles in the middle, the own play area and the fanned hand at the bottom; a side panel
on the right holds the turn and step indicator, the Pass button and the game log.  Room goes
to the zones by what they hold: a Street long enough to need two rows (:mod:`.street_layout`)
takes some of the hand's height, so that its cards stay readable while the hand, which holds
a few cards, gives up what it does not need.  The play areas are rows of stacks
(:mod:`.stacks`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

import pygame

from ...rules.state import STREET_SIZE
from ..assets import CARD_RATIO
from .geometry import Size, card_for, row
from .places import Place
from .street_layout import street_in_two_rows


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


#: The zone labels' smallest type: a digit in it is 9 pixels tall (smaller, an 8 reads as a 6).
LABEL_SMALLEST = 18


#: How much higher the middle cards of the hand's fan sit than its outer ones (card heights).
HAND_ARC = 0.06
#: The share of its cards' height the hand gives to a Street in two rows.
HAND_GIVES = 0.3


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
    #: the top seat's row: its hand and its play area
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


def table_frame(size: Size, street: int = STREET_SIZE) -> TableFrame:
    """The regions for a window of ``size`` with ``street`` cards in the Street; fits from
    1024×640 up."""
    frame = _table_frame(size, 0.0)
    if street_in_two_rows(frame, street):
        return _table_frame(size, HAND_GIVES)
    return frame


def _table_frame(size: Size, gives: float) -> TableFrame:
    """The regions for a window of ``size``, the hand giving the Street ``gives`` of its
    cards' height (and of its raised cards' room)."""
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
    whole_hand = height * 0.21 * scale
    hand_h = whole_hand * (1 - gives)
    label = round(22 * text_scale)
    tag = round(height * 0.032)
    lift = round(hand_h * 0.16)
    given = whole_hand - hand_h + round(whole_hand * 0.16) - lift
    fixed = label + top_h + street_h + tag + given + label + play_h + label + lift + hand_h
    spare = max(0.0, table.height - fixed)
    band_gap = spare / 4
    # three gaps part the bands; the fourth's room, under the hand, is where the room of a
    # raised play-area card and of the hand's fan comes from
    play_lift = round(min(play_h * 0.16, band_gap))
    arc = round(min(card_for(hand_h)[1] * HAND_ARC, band_gap - play_lift))

    y = float(table.top)
    top_label = (table.left, round(y))
    y += label
    top_row = pygame.Rect(table.left, round(y), table.width, round(top_h))
    y += top_h + band_gap
    street_row = pygame.Rect(table.left, round(y), table.width, round(street_h + tag + given))
    y += street_h + tag + given + band_gap
    bottom_label = (table.left, round(y))
    y += label
    bottom_play = pygame.Rect(table.left, round(y), table.width, round(play_lift + play_h))
    y += play_lift + play_h + band_gap
    hand_label = (table.left, round(y))
    y += label
    bottom_hand = pygame.Rect(table.left, round(y), table.width, round(lift + arc + hand_h))

    top_card, street_card = card_for(top_h), card_for(street_h)
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
    top_area = top_row.copy()

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
        top_card=top_card, street_card=street_card, play_card=card_for(play_h),
        hand_card=card_for(hand_h), lift=lift, play_lift=play_lift,
    )


def slots(frame: TableFrame, place: Place, count: int) -> list[pygame.Rect]:
    """The rect of each card at ``place`` (a hand or a pile) holding ``count`` cards, left to
    right."""
    card = frame.card_size(place)
    if place is Place.THEIR_HAND:
        return row(frame.top_hand, card, count, spacing=0.32)
    if place is Place.HAND:
        rects = row(frame.bottom_hand, card, count, spacing=1.04, centred=True,
                    top=frame.bottom_hand.bottom - card[1])
        # a gentle fan: the outer cards sit a little lower than the middle ones
        middle = (count - 1) / 2
        arc = min(card[1] * HAND_ARC, frame.bottom_hand.height - frame.lift - card[1])
        for i, rect in enumerate(rects):
            if middle:
                rect.y += round(arc * ((i - middle) / middle) ** 2) - round(arc)
        return rects
    return [frame.region(place).copy() for _ in range(count)]


def play_row(frame: TableFrame, place: Place, *, handless: bool = False
             ) -> tuple[pygame.Rect, int]:
    """The region a play area's stacks fill and their cards' top: the own play area at the
    bottom of its band (its raised cards rise into the room above), the other side's in the
    top row (``handless``: the whole row, the Gangster having no hand, S2)."""
    card = frame.card_size(place)
    if place is Place.PLAY:
        return frame.bottom_play, frame.bottom_play.bottom - card[1]
    region = frame.top_hand.union(frame.top_play) if handless else frame.top_play
    return region, region.top


#: The side panel's regions, which keep the window's height when the table proper makes room
#: above it.
SIDE_REGIONS = ("side", "status", "pass_button", "menu_button", "help_button", "log")


def table_frame_below(size: Size, above: int, street: int = STREET_SIZE) -> TableFrame:
    """The regions for a window of ``size`` whose table proper starts ``above`` pixels lower
    (a replay's analysis graph is drawn there), with ``street`` cards in the Street: the
    table's bands and cards as for a window that much lower, moved down; the side panel and
    the type as tall as the window."""
    full = table_frame(size, street)
    if above <= 0:
        return full
    lower = table_frame((size[0], size[1] - above), street)
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
