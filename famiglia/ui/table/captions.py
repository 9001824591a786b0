"""Where the computer's or the Gangster's caption goes on the table: over the opponent's row
or the middle of the table, never over the person's play area or hand, nor over what the
opponent just did (the newest card of its play area) or the places where the cards of the
caption's step will land; chosen once when a caption shows and kept while it shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from ...rules import CardMoved, Event, GameOver, GangsterStep, TurnStarted, Zone
from .computer import Caption

if TYPE_CHECKING:
    from ..scenes.table import TableScene
    from .layout import TableFrame
    from .picture import TablePicture


def newest_card(picture: TablePicture, zone: Zone) -> int | None:
    """The card of ``zone`` that an event sent there last (the highest flight order), if
    any arrived since the table was laid out."""
    latest = max(picture.zones[zone], key=lambda card_id: picture.sprites[card_id].order,
                 default=None)
    return latest if latest is not None and picture.sprites[latest].order > 0 else None


def landing(picture: TablePicture, coming: Iterable[Event]) -> tuple[list[pygame.Rect],
                                                                     list[pygame.Rect]]:
    """Where the cards that the events ``coming`` of a caption's step (up to the next
    caption or turn) send to the opponent's play area will rest, and where all of that play
    area's cards will rest then."""
    zone = Zone.play_area(1 - picture.bottom)
    ids = list(picture.zones[zone])
    arriving = []
    for event in coming:
        if isinstance(event, Caption | GangsterStep | TurnStarted | GameOver):
            break
        if isinstance(event, CardMoved) and zone in (event.source, event.target):
            if event.source is zone:
                ids.remove(event.card)
            else:
                ids.insert(event.to_index, event.card)
                arriving.append(event.card)
    order = picture.display_order(zone, ids)
    rects = picture.zone_rects(zone, len(order))
    return [rects[order.index(card_id)] for card_id in arriving if card_id in order], rects


def caption_place(picture: TablePicture, size: tuple[int, int],
                  coming: Iterable[Event] = ()) -> pygame.Rect:
    """Where the computer's or the Gangster's caption of ``size`` goes: over the opponent's
    row or the middle of the table, never over the person's play area or hand, nor over the
    newest card of the opponent's play area (what it just did) or the cards the events
    ``coming`` of the caption's step will land there.  Of a few places (the ends and the
    middle of the opponent's row, of the Street and of the room above the person's play
    area) the first that covers the least of the resting cards (and of where the
    opponent's cards will rest) is taken.
    """
    frame = picture.frame
    rect = pygame.Rect((0, 0), size)
    places = []
    for anchor, point in (("midright", (frame.top_area.right, frame.top_play.centery)),
                          ("midright", (frame.street_area.right, frame.street.centery)),
                          ("midleft", (frame.draw_pile.left, frame.street.centery)),
                          ("center", (frame.top_area.centerx, frame.top_play.centery)),
                          ("midleft", (frame.top_area.left, frame.top_play.centery)),
                          ("bottomright", caption_room(frame).bottomright),
                          ("bottomleft", caption_room(frame).bottomleft)):
        setattr(rect, anchor, point)
        places.append(rect.clamp(caption_room(frame)))
    kept = caption_kept(picture, coming)
    top = 1 - picture.bottom
    cards = [picture.visible[card_id] for zone in (Zone.STREET, Zone.DISCARD,
                                                   Zone.play_area(top), Zone.hand(top))
             for card_id in picture.zones[zone] if card_id in picture.visible]
    cards += [frame.draw_pile, *landing(picture, coming)[1]]

    def cost(place: pygame.Rect) -> tuple[bool, int]:
        return (place.collidelist(kept) >= 0,
                sum(place.clip(card).width * place.clip(card).height for card in cards))

    return min(places, key=cost)


def caption_room(frame: TableFrame) -> pygame.Rect:
    """Where a caption may go: the table above the person's play area."""
    return pygame.Rect(frame.table.left, frame.table.top, frame.table.width,
                       frame.bottom_label[1] - frame.table.top)


def caption_kept(picture: TablePicture, coming: Iterable[Event]) -> list[pygame.Rect]:
    """What a caption must leave uncovered: the newest card of the opponent's play area and
    the places of the cards the caption's step (``coming``) lands there."""
    newest = newest_card(picture, Zone.play_area(1 - picture.bottom))
    kept = [picture.slot_of[newest]] if newest is not None and newest in picture.slot_of \
        else []
    return kept + landing(picture, coming)[0]


class ShownCaption:
    """The caption on show, for which window and words, and where it goes."""

    def __init__(self) -> None:
        self._at: tuple[pygame.Surface, tuple[int, int], str | None, pygame.Rect] | None = None

    @property
    def rect(self) -> pygame.Rect | None:
        """Where the last caption was drawn."""
        return self._at[3] if self._at is not None else None

    def place(self, table: TableScene, caption: pygame.Surface) -> pygame.Rect:
        """Where ``caption`` goes, chosen once when it shows (with the cards its step will
        land known) and kept while it shows; a caption worded again (a refresh run's tally)
        keeps its place unless it would then cover what it must not."""
        picture = table.picture
        frame = picture.frame
        texts = table.playback.caption_texts
        words = texts[0] if texts is not None else None
        placed = self._at
        if placed is not None and placed[0] is caption and placed[1] == frame.size:
            return placed[3]
        coming = list(table.animator.queue)
        rect = None
        if placed is not None and placed[1:3] == (frame.size, words):
            rect = pygame.Rect(placed[3].topleft, caption.get_size())
            if (not caption_room(frame).contains(rect)
                    or rect.collidelist(caption_kept(picture, coming)) >= 0):
                rect = None
        if rect is None:
            rect = caption_place(picture, caption.get_size(), coming)
        self._at = (caption, frame.size, words, rect)
        return rect
