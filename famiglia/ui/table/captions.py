"""Where the computer's or the Gangster's caption goes on the table, and how wide it is.

A caption covers none of the cards its step is about (the card taken or refreshed and where
it goes, the cards drawn and where they land, the piles they come from or go to), nor the
newest card of the opponent's play area (what it just did), nor a zone's heading; it never
goes over the person's play area or hand.  Of a few widths (the words wrapped into more
lines where narrower) and places (the opponent's own row first, whose felt is mostly free,
then beside and over the Street and the piles), the one covering the fewest other cards is
taken.  It is chosen once when a caption shows and kept while it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ...rules import CardMoved, Event, GameOver, GangsterStep, TurnStarted, Zone
from .computer import Caption
from .places import Place
from .playback import CAPTION_PADDING

if TYPE_CHECKING:
    from .layout import TableFrame
    from .picture import TablePicture

#: The text widths a caption tries, as shares of the widest it may take (narrower ones wrap
#: its words into more lines, to fit beside the cards).
WIDTHS = (1.0, 0.8, 0.64, 0.52, 0.42)
#: How much covering a card of the opponent's hand (a back: only their number tells) counts
#: against a place, compared with covering a face.
BACK_WEIGHT = 0.4
#: The piles' zones and where they lie on the screen.
PILE_ZONES = {Zone.DRAW_PILE: Place.DRAW_PILE, Zone.DISCARD: Place.DISCARD}


def newest_card(picture: TablePicture, zone: Zone) -> int | None:
    """The card of ``zone`` that an event sent there last (the highest flight order), if
    any arrived since the table was laid out."""
    latest = max(picture.zones[zone], key=lambda card_id: picture.sprites[card_id].order,
                 default=None)
    return latest if latest is not None and picture.sprites[latest].order > 0 else None


def step_moves(picture: TablePicture, coming: Iterable[Event]
               ) -> tuple[dict[Zone, list[int]], list[CardMoved]]:
    """The zones as the events ``coming`` of a caption's step (up to the next caption or
    turn) leave them, and the cards they move."""
    zones = {zone: list(ids) for zone, ids in picture.zones.items()}
    moved = []
    for event in coming:
        if isinstance(event, Caption | GangsterStep | TurnStarted | GameOver):
            break
        if isinstance(event, CardMoved) and event.card in zones[event.source]:
            zones[event.source].remove(event.card)
            zones[event.target].insert(event.to_index, event.card)
            moved.append(event)
    return zones, moved


def rests_after(picture: TablePicture, zones: dict[Zone, list[int]], zone: Zone
                ) -> dict[int, pygame.Rect]:
    """Where each card of ``zone`` rests once it holds ``zones[zone]`` (a pile: the pile)."""
    if zone in PILE_ZONES:
        region = picture.frame.region(PILE_ZONES[zone])
        return {card_id: region for card_id in zones[zone]}
    order = picture.display_order(zone, zones[zone])
    return dict(zip(order, picture.places(zone, order)[0], strict=True))


def landing(picture: TablePicture, coming: Iterable[Event]) -> tuple[list[pygame.Rect],
                                                                     list[pygame.Rect]]:
    """Where the cards that the events ``coming`` of a caption's step send to the
    opponent's play area will rest, and where all of that play area's cards will rest
    then."""
    zone = Zone.play_area(1 - picture.bottom)
    zones, moved = step_moves(picture, coming)
    rests = rests_after(picture, zones, zone)
    arriving = [rests[event.card] for event in moved
                if event.target is zone and event.card in rests]
    return arriving, list(rests.values())


def step_cards(picture: TablePicture, coming: Iterable[Event]) -> list[pygame.Rect]:
    """What the caption's step is about: where each card it moves rests before and after
    (a pile it comes from or goes to: the pile)."""
    zones, moved = step_moves(picture, coming)
    frame = picture.frame
    after: dict[Zone, dict[int, pygame.Rect]] = {}
    rects = []
    for event in moved:
        if event.source in PILE_ZONES:
            rects.append(frame.region(PILE_ZONES[event.source]))
        elif event.card in picture.slot_of:
            rects.append(pygame.Rect(picture.slot_of[event.card]))
        if event.target not in after:
            after[event.target] = rests_after(picture, zones, event.target)
        rest = after[event.target].get(event.card)
        if rest is not None:
            rects.append(pygame.Rect(rest))
    return rects


def caption_room(frame: TableFrame) -> pygame.Rect:
    """Where a caption may go: the table above the person's play area."""
    return pygame.Rect(frame.table.left, frame.table.top, frame.table.width,
                       frame.bottom_label[1] - frame.table.top)


def caption_kept(picture: TablePicture, coming: Iterable[Event]) -> list[pygame.Rect]:
    """What a caption must leave uncovered: the newest card of the opponent's play area and
    the cards of the caption's step (``coming``), where they are and where they go."""
    coming = list(coming)
    newest = newest_card(picture, Zone.play_area(1 - picture.bottom))
    kept = [picture.slot_of[newest]] if newest is not None and newest in picture.slot_of \
        else []
    return kept + step_cards(picture, coming)


def _weighted_cards(picture: TablePicture, coming: Sequence[Event]
                    ) -> list[tuple[pygame.Rect, float]]:
    """The cards a caption would rather not cover, with how much covering each counts: the
    Street's, the piles', the opponent's (and where its play area's cards will rest, and
    its hand's count)."""
    frame = picture.frame
    top = 1 - picture.bottom
    cards = [(picture.visible[card_id], BACK_WEIGHT if zone is Zone.hand(top) else 1.0)
             for zone in (Zone.STREET, Zone.DISCARD, Zone.play_area(top), Zone.hand(top))
             for card_id in picture.zones[zone] if card_id in picture.visible]
    cards += [(frame.draw_pile, 1.0), (frame.discard, 1.0)]
    cards += [(rect, 1.0) for rect in landing(picture, coming)[1]]
    if picture.hand_count is not None:
        cards.append((picture.hand_count, 1.0))
    return cards


@dataclass(frozen=True, order=True)
class Cost:
    """How bad a caption's place is, worst first: it covers a card of its step (or the
    newest card of the opponent's play area), a heading, how much of the other cards."""

    kept: bool
    heading: bool
    covered: float


@dataclass(frozen=True)
class Avoided:
    """What a caption of one step keeps off: the cards it must leave uncovered
    (:func:`caption_kept`), the zones' headings, and the cards it would rather not cover
    with how much covering each counts."""

    kept: list[pygame.Rect]
    headings: list[pygame.Rect]
    cards: list[tuple[pygame.Rect, float]]


def avoided(picture: TablePicture, coming: Iterable[Event]) -> Avoided:
    """What the caption of the step ``coming`` keeps off."""
    coming = list(coming)
    return Avoided(caption_kept(picture, coming),
                   [*picture.headings, picture.frame.street_heading],
                   _weighted_cards(picture, coming))


def caption_cost(place: pygame.Rect, avoid: Avoided) -> Cost:
    """How bad ``place`` is for a caption that keeps off ``avoid``."""
    covered = sum(place.clip(card).width * place.clip(card).height * weight
                  for card, weight in avoid.cards)
    return Cost(place.collidelist(avoid.kept) >= 0, place.collidelist(avoid.headings) >= 0,
                covered)


def _row_end(picture: TablePicture) -> int:
    """Where the opponent's row of cards (and its hand's count) ends on the right."""
    top = 1 - picture.bottom
    ends = [picture.frame.table.left]
    ends += [round(picture.sprites[card_id].rect.right)
             for zone in (Zone.hand(top), Zone.play_area(top)) for card_id in picture.zones[zone]]
    if picture.hand_count is not None:
        ends.append(picture.hand_count.right)
    return max(ends)


def free_widths(picture: TablePicture) -> list[int]:
    """The widths of the felt a caption may fill: right of the opponent's row of cards, and
    right of the Street's cards."""
    frame = picture.frame
    street = [picture.sprites[card_id].rect for card_id in picture.zones[Zone.STREET]]
    street_end = round(max((rect.right for rect in street), default=frame.street.left))
    return [frame.table.right - _row_end(picture) - frame.gap,
            frame.table.right - street_end - frame.gap]


def caption_places(picture: TablePicture, size: tuple[int, int]) -> list[pygame.Rect]:
    """The places a caption of ``size`` may take, the preferred first: in the opponent's
    row (right of its cards, at the table's right end, down to the Street's top), beside the
    Street, over the ends and the middle of the Street, the piles and the opponent's row."""
    frame = picture.frame
    room = caption_room(frame)
    gap = frame.gap
    free_left = _row_end(picture) + gap
    street = [picture.sprites[card_id].rect for card_id in picture.zones[Zone.STREET]]
    street_end = round(max((rect.right for rect in street), default=frame.street.left)) + gap
    above_street = round(min((rect.top for rect in street), default=frame.street.top)) - 2
    anchors = (("topright", (frame.table.right, frame.top_area.top)),
               ("bottomright", (frame.street_heading.left - gap, above_street)),
               ("topleft", (free_left, frame.top_area.top)),
               ("bottomleft", (free_left, above_street)),
               ("topright", (frame.table.right, frame.table.top)),
               ("midleft", (street_end, frame.street.centery)),
               ("topleft", (street_end, frame.street_heading.bottom + 2)),
               ("midright", (frame.top_area.right, frame.top_play.centery)),
               ("midright", (frame.street_area.right, frame.street.centery)),
               ("midleft", (frame.draw_pile.left, frame.street.centery)),
               ("center", (frame.top_area.centerx, frame.top_play.centery)),
               ("midleft", (frame.top_area.left, frame.top_play.centery)),
               ("bottomright", room.bottomright),
               ("bottomleft", room.bottomleft))
    places = []
    for anchor, point in anchors:
        rect = pygame.Rect((0, 0), size)
        setattr(rect, anchor, point)
        places.append(rect.clamp(room))
    return places


def caption_place(picture: TablePicture, size: tuple[int, int], avoid: Avoided) -> pygame.Rect:
    """Where the computer's or the Gangster's caption of ``size`` goes, keeping off
    ``avoid`` (:func:`avoided`, worked out once for a step whatever the caption's width): of
    :func:`caption_places`, the first that covers the least (:func:`caption_cost`)."""
    places = caption_places(picture, size)
    costs = [caption_cost(place, avoid) for place in places]
    return places[min(range(len(places)), key=lambda index: (costs[index], index))]


def banner_place(frame: TableFrame, size: tuple[int, int],
                 caption: pygame.Rect | None) -> pygame.Rect:
    """Where a banner of ``size`` goes ("Vito passes", the reshuffle, the final round):
    centred over the Street, else, where the ``caption`` shown covers that, the first of a
    few places over the table that keeps clear of it (above or below it, over the
    opponent's row, over the person's play area): two announcements never overlap."""
    middle = frame.street.union(frame.draw_pile)
    rect = pygame.Rect((0, 0), size)
    rect.center = middle.center
    if caption is None:
        return rect
    clear = caption.inflate(2 * frame.gap, 2 * frame.gap)
    places = [rect]
    for anchor, point in (("midbottom", (middle.centerx, clear.top)),
                          ("midtop", (middle.centerx, clear.bottom)),
                          ("center", (middle.centerx, frame.top_area.centery)),
                          ("center", frame.bottom_play.center)):
        place = pygame.Rect((0, 0), size)
        setattr(place, anchor, point)
        places.append(place.clamp(frame.table))
    return next((place for place in places if not place.colliderect(clear)), places[-1])


class CaptionHost(Protocol):
    """What the caption's place asks of the table: the caption shown now (the computer's or
    the Gangster's step), its words, the same caption at another width, and the events still
    to play (the cards its step moves)."""

    @property
    def caption(self) -> pygame.Surface | None: ...

    @property
    def caption_texts(self) -> tuple[str, str | None] | None: ...

    def caption_width(self) -> int: ...

    def caption_panel(self, width: int) -> pygame.Surface | None: ...

    @property
    def coming(self) -> Sequence[Event]: ...


@dataclass
class PlacedCaption:
    """A caption as shown: the playback's caption it words, for which window, at which text
    width, its image and where it goes."""

    caption: pygame.Surface
    size: tuple[int, int]
    width: int
    image: pygame.Surface
    rect: pygame.Rect


class ShownCaption:
    """The caption on show: how wide, and where it goes."""

    def __init__(self) -> None:
        self._at: PlacedCaption | None = None

    @property
    def rect(self) -> pygame.Rect | None:
        """Where the last caption was drawn."""
        return self._at.rect if self._at is not None else None

    def show(self, host: CaptionHost, picture: TablePicture
             ) -> tuple[pygame.Surface, pygame.Rect]:
        """The caption shown now over ``picture`` and where it goes, chosen once when it
        shows (with the cards of its step known) and kept while it shows; a caption worded
        again (the next step of a refresh run, with the run's tally) keeps its width and its
        place unless it would then cover what it must not."""
        caption = host.caption
        assert caption is not None
        frame = picture.frame
        placed = self._at
        if placed is not None and placed.caption is caption and placed.size == frame.size:
            return placed.image, placed.rect
        avoid = avoided(picture, host.coming)
        if placed is not None and placed.size == frame.size and host.caption_texts is not None \
                and host.caption_texts[1] is not None:
            image = host.caption_panel(placed.width) or caption
            rect = pygame.Rect(placed.rect.topleft, image.get_size())
            cost = caption_cost(rect, avoid)
            if caption_room(frame).contains(rect) and not (cost.kept or cost.heading):
                self._at = PlacedCaption(caption, frame.size, placed.width, image, rect)
                return image, rect
        widest = host.caption_width()
        widths = [round(widest * share) for share in WIDTHS]
        widths[1:1] = [room - CAPTION_PADDING for room in free_widths(picture)
                       if round(widest * WIDTHS[-1]) <= room - CAPTION_PADDING < widest]
        best: tuple[Cost, int, PlacedCaption] | None = None
        for index, width in enumerate(widths):
            shown = host.caption_panel(width) if index else caption
            if shown is None:
                continue
            image = shown
            rect = caption_place(picture, image.get_size(), avoid)
            cost = caption_cost(rect, avoid)
            if best is None or (cost, index) < best[:2]:
                best = (cost, index, PlacedCaption(caption, frame.size, width, image, rect))
        assert best is not None
        self._at = best[2]
        return best[2].image, best[2].rect
