"""What the table writes and draws on its cards: the rank chip, name and victory points over a
card whose own are covered by its neighbour or drawn too small to read (over the card's own,
never a second one), the lowered rank of this turn's Brute
(R3.3), the Street's "take" and "fresh" badges in places that never overlap (R3.4a, R3.1d), the
count of each play-area stack, and the outlines of the selected card and of the keyboard
cursor, drawn over any glow.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from ...i18n import pgettext
from ...rules import Zone
from .. import theme as t
from ..card_words import BANNER, COIN
from ..theme import SMALLEST_FIT, Colour, Theme
from .geometry import art_height, frame_pieces
from .places import Place
from .stacks import count_badge
from .views import StreetLook

if TYPE_CHECKING:
    from .gestures import Gestures
    from .picture import TablePicture

#: Cards drawn smaller than this (pixels high: their printed name is a few pixels high), or
#: showing less than this share of their width, get their name and rank written over them.
SMALL_CARD = 128
COVERED = 0.8
#: The name written over a card: its largest and smallest size.
NAME_LARGEST, NAME_SMALLEST = 15, 9

#: The outline of the cards the other side's last turn moved.
LAST_MOVE = (244, 148, 64)
#: An outline's distance from its card and its thickness (a dark edge on either side of
#: the colour): close around the card, inside the coach's ring.
OUTLINE_GAP, OUTLINE = 0, 5


class MarksHost(StreetLook, Protocol):
    """What the card marks read of the table: the Street's marks, the ranks this turn's
    Brute lowered (R3.3) and the cards the other side's last turn moved."""

    @property
    def lowered(self) -> Mapping[int, int]: ...

    @property
    def last_move_marks(self) -> frozenset[int]: ...


def other_cards(picture: TablePicture, card_id: int) -> list[pygame.Rect]:
    """Where every card but ``card_id`` shows, raised by its lift (what a mark of that card
    must not cover): the cards under the discard pile's top are left out, a pile's edge."""
    under = picture.zones[Zone.DISCARD][:-1]
    return [picture.raised(other) for other in picture.sprites
            if other != card_id and other not in under]


def draw_frame(surface: pygame.Surface, pieces: list[pygame.Rect], colour: Colour) -> None:
    """The pieces of a frame (:func:`~.geometry.frame_pieces`) in ``colour``, each edged in the
    panel's dark where it is thick enough."""
    for piece in pieces:
        surface.fill(t.PANEL, piece)
    for piece in pieces:
        surface.fill(colour, piece.inflate(-2 if piece.width > 4 else 0,
                                           -2 if piece.height > 4 else 0))


def name_band(rect: pygame.Rect, height: int) -> tuple[int, int]:
    """The rows (top, bottom) of the band that writes a name ``height`` pixels high over a
    card at ``rect``: over the card's banner, growing up into the portrait as needed, never
    down onto the coin."""
    bottom = min(art_height(rect, BANNER[1]) + 1, art_height(rect, COIN[0]))
    return min(bottom - height, art_height(rect, BANNER[0]) - 1), bottom


def name_lines(theme: Theme, name: str, size: int, room: int) -> list[str]:
    """A name written ``size`` high in ``room`` pixels: one line where it fits, else first
    and last name on two."""
    if " " in name and theme.fine(name, size, bold=True).get_width() > room:
        return name.split(" ", 1)
    return [name]


def name_size(theme: Theme, name: str, strip: pygame.Rect, rect: pygame.Rect) -> int:
    """The largest size (up to one for the card's height) at which a card at ``rect`` shows
    its name in its uncovered ``strip``, on one line or two; the smallest if none fits."""
    room = strip.width - 4
    for size in range(max(NAME_SMALLEST, min(NAME_LARGEST, rect.height // 9)),
                      NAME_SMALLEST, -1):
        if max(theme.fine(line, size, bold=True).get_width()
               for line in name_lines(theme, name, size, room)) <= room:
            return size
    return NAME_SMALLEST


def coin_radius(rect: pygame.Rect) -> int:
    """The radius of the victory points' coin written over a card at ``rect``."""
    return max(8, (art_height(rect, COIN[1]) - art_height(rect, COIN[0])) // 2)


def draw_points(surface: pygame.Surface, theme: Theme, strip: pygame.Rect,
                rect: pygame.Rect, vp: int) -> None:
    """The victory points in a gold coin over the card's own coin, moved left into the
    strip as far as the neighbour covers it (over what still shows of the coin, clear of
    the start-set emblem at the card's left edge where the strip allows)."""
    top, bottom = art_height(rect, COIN[0]), art_height(rect, COIN[1])
    radius = coin_radius(rect)
    centre_x = max(strip.left + radius + 1, min(rect.centerx, strip.right - radius - 1))
    centre = (centre_x, (top + bottom) // 2)
    pygame.draw.circle(surface, t.GOLD, centre, radius)
    pygame.draw.circle(surface, t.GOLD_DARK, centre, radius, width=2)
    number = theme.text(str(vp), round(radius * 1.4), t.PANEL, bold=True)
    surface.blit(number, number.get_rect(center=centre))


class CardMarks:
    """Draws the marks of one table's cards (onto its resting layer): the cards of
    ``picture``, the selection and the keyboard's cursor of ``gestures``."""

    def __init__(self, host: MarksHost, picture: TablePicture, gestures: Gestures) -> None:
        self.host = host
        self.picture = picture
        self.gestures = gestures
        #: the pieces of each card's outline as last drawn (the tests measure them)
        self.outlines: dict[int, list[pygame.Rect]] = {}

    def identities(self, surface: pygame.Surface, ids: list[int]) -> None:
        """Cards whose own name and rank are covered by their neighbour or drawn too small
        to read get them written over them: a rank chip in the family's colour over the
        pennant (the lowered rank in red, R3.3), the name over the banner and the victory
        points over the coin (R1.4), so that each card shows one name.  A row decides once
        for all its cards, and writes the names of its covered cards in one size (and of its
        whole ones in another), so that they look alike."""
        picture = self.picture
        theme = self.host.theme
        lowered = self.host.lowered
        rows: dict[int, list[tuple[int, pygame.Rect, pygame.Rect]]] = {}
        for card_id in ids:
            sprite = picture.sprites[card_id]
            strip = picture.visible.get(card_id)
            rect = pygame.Rect(sprite.rect)
            if (strip is None or not strip.width or rect != picture.slot_of.get(card_id)
                    or not sprite.face_up):
                continue  # (a stack's lower card only peeks out: its top card is named)
            rows.setdefault(rect.top, []).append((card_id, rect, strip))
        for row in rows.values():
            named = self._named(row)
            sizes = self._name_sizes(row) if named else {}
            for card_id, rect, strip in row:
                card = picture.sprites[card_id].card
                if not named:
                    if card_id in lowered:
                        self._chip(surface, rect, rect.width, str(lowered[card_id]), t.RED)
                    continue
                if card_id in lowered:
                    self._chip(surface, strip, rect.width, str(lowered[card_id]), t.RED)
                else:
                    self._chip(surface, strip, rect.width, str(card.rank),
                               t.FAMILY_COLOURS[card.code[0]])
                self._name(surface, theme, card.name, sizes[strip.width >= rect.width], strip,
                           rect)
                draw_points(surface, theme, strip, rect, card.vp)

    def _name_sizes(self, row: list[tuple[int, pygame.Rect, pygame.Rect]]) -> dict[bool, int]:
        """The one size of the names written over a row's covered cards and the one of its
        whole cards (keyed by wholeness): the largest that every name of them fits in."""
        sizes: dict[bool, int] = {}
        for card_id, rect, strip in row:
            whole = strip.width >= rect.width
            size = name_size(self.host.theme, self.picture.sprites[card_id].card.name, strip,
                             rect)
            sizes[whole] = min(sizes.get(whole, size), size)
        return sizes

    @staticmethod
    def _named(row: list[tuple[int, pygame.Rect, pygame.Rect]]) -> bool:
        """Does a row (left to right) get its names written?  When its cards are drawn too
        small to read, or its neighbours cover them: every card but the last shows the same
        strip, give or take a rounded pixel, so the widest of them decides."""
        rect = row[0][1]
        strips = [strip.width for _, _, strip in row[:-1]]
        return rect.height < SMALL_CARD or (bool(strips) and max(strips) < rect.width * COVERED)

    def _chip(self, surface: pygame.Surface, strip: pygame.Rect, width: int, text: str,
              colour: Colour) -> None:
        """A rank chip over the printed rank in the card's corner."""
        radius = max(8, min(14, round(width * 0.16), strip.width // 2 - 1))
        centre = (strip.left + radius + 1, strip.top + radius + 1)
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, t.INK, centre, radius, width=2)
        number = self.host.theme.text(text, round(radius * 1.5), t.INK, bold=True)
        surface.blit(number, number.get_rect(center=centre))

    @staticmethod
    def _name(surface: pygame.Surface, theme: Theme, name: str, size: int,
              strip: pygame.Rect, rect: pygame.Rect) -> None:
        """The card's name at ``size`` on a dark band over its banner, across its uncovered
        strip: on one line where it fits, else first and last name on two.  The band hides
        the banner (whose printed name is cut off or too small: it never shows through as a
        second name) and grows up into the portrait as the lines need, never down onto the
        coin."""
        images = [theme.fine(line, size, t.INK, bold=True) for line in name_lines(
            theme, name, size, strip.width - 4)]
        height = sum(image.get_height() for image in images) + 4
        top, bottom = name_band(rect, height)
        band = pygame.Rect(strip.left, top, strip.width, bottom - top)
        clip = surface.get_clip()
        surface.set_clip(strip)
        surface.fill(t.PANEL, band)
        y = band.centery - (height - 4) // 2
        for image in images:
            surface.blit(image, (band.left + 2, y))
            y += image.get_height()
        surface.set_clip(clip)

    def street(self, surface: pygame.Surface) -> None:
        """The badges of the Street cards in their own places, which never overlap: "take"
        under the cards takeable now, "fresh" on the cards this turn's refreshes drew
        (R3.1d); then the outline of the selected card and of the keyboard cursor."""
        host, picture, gestures = self.host, self.picture, self.gestures
        resting = not host.busy
        for index, slot in enumerate(picture.street_slots):
            sprite = picture.sprites[picture.zones[Zone.STREET][index]]
            if not resting or pygame.Rect(sprite.rect) != slot.rect:
                continue
            if index in host.takeable:
                # Translators: a badge under a Street card that can be taken now (short).
                self.badge(surface, pgettext("badge", "take"), slot.take, t.GREEN)
            if sprite.card.id in host.fresh:
                # Translators: a badge on a card this turn's refreshes drew (short).
                self.badge(surface, pgettext("badge", "fresh"), slot.fresh, t.GOLD)
        for spot, colour in ((gestures.selected, t.HIGHLIGHT),):
            if spot is not None and spot.zone is Place.STREET and spot.card is not None:
                self.outline(surface, spot.card.id, colour)
        if gestures.cursor is not None and gestures.cursor < len(picture.zones[Zone.STREET]):
            self.outline(surface, picture.zones[Zone.STREET][gestures.cursor], t.BLUE)

    def stack_counts(self, surface: pygame.Surface, hidden: Collection[int]) -> None:
        """The count of each play-area stack of two or more, on its top card's strip under its
        rank (the cards in ``hidden`` are not drawn on the resting layer)."""
        picture, theme = self.picture, self.host.theme
        size = max(11, picture.frame.font(15))
        for counts in picture.stack_counts.values():
            for card_id, count in counts.items():
                sprite = picture.sprites[card_id]
                strip = picture.visible.get(card_id)
                rect = pygame.Rect(sprite.rect)
                if card_id in hidden or strip is None or rect != picture.slot_of.get(card_id):
                    continue
                label = theme.text(f"×{count}", size, t.PANEL, bold=True)
                badge = count_badge(strip, rect.width, label.get_rect().inflate(8, 2).size)
                pygame.draw.rect(surface, t.GOLD, badge, border_radius=badge.height // 2)
                pygame.draw.rect(surface, t.PANEL, badge, width=1,
                                 border_radius=badge.height // 2)
                surface.blit(label, label.get_rect(center=badge.center))

    def last_move(self, surface: pygame.Surface) -> None:
        """The cards the other side's last turn moved, outlined where they rest (the top of
        the discard pile only), until the person at the table acts."""
        picture = self.picture
        discard = picture.zones[Zone.DISCARD]
        for card_id in self.host.last_move_marks:
            sprite = picture.sprites[card_id]
            if sprite.flying or sprite.lift or (card_id in discard and card_id != discard[-1]):
                continue
            self.outline(surface, card_id, LAST_MOVE)

    def outline(self, surface: pygame.Surface, card_id: int, colour: Colour) -> None:
        """A solid frame around a card's uncovered strip, visible over any glow and clear of
        every other card (and so of the names written over them)."""
        picture = self.picture
        rect = picture.visible.get(card_id, pygame.Rect(picture.sprites[card_id].rect))
        self.outlines[card_id] = frame_pieces(rect, other_cards(picture, card_id), OUTLINE_GAP,
                                              OUTLINE)
        draw_frame(surface, self.outlines[card_id], colour)

    def badge(self, surface: pygame.Surface, text: str, rect: pygame.Rect,
              colour: Colour) -> None:
        """A pill with ``text`` filling ``rect`` (its text shrunk to fit); where even the
        smallest readable text is wider than ``rect`` (a crowded Street), a solid pill of the
        badge's colour without words, which hovering the card explains."""
        theme = self.host.theme
        size = max(10, rect.height - 2)
        if theme.text(text, int(size * SMALLEST_FIT), colour, True).get_width() > rect.width - 6:
            pill = pygame.Rect(0, 0, max(6, min(rect.width - 4, rect.height)), rect.height // 2)
            pill.center = rect.center
            pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
            return
        label = theme.fit(text, size, rect.width - 6, colour, bold=True)
        pill = rect.copy()
        pill.width = min(rect.width, label.get_width() + 12)
        pill.centerx = rect.centerx
        pygame.draw.rect(surface, t.PANEL, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, colour, pill, width=1, border_radius=pill.height // 2)
        surface.blit(label, label.get_rect(center=pill.center))

