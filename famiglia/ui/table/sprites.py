"""Card sprites and their images.

A :class:`CardSprite` is one physical card on the table: where it is, where it is flying to
(an eased path, flipping half-way when it changes face), and how far it is lifted.
:class:`CardArt` hands out the images: the zones' own card sizes come from the app's
:class:`~famiglia.ui.assets.CardImages` cache; the in-between sizes of a flight or a flip are
rounded to a coarse grid and kept in a small LRU cache, so a frame never scales the same
image twice.  Shadows and glows are drawn once per size too.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from ...rules import DECK, Card
from ..assets import CardImages
from .animator import ease_in_out

Size = tuple[int, int]

#: In-between sizes are rounded to this many pixels (height) and flip widths to tenths.
_SIZE_GRID = 6
_FLIP_STEPS = 10


def _bytes(image: pygame.Surface) -> int:
    return image.get_width() * image.get_height() * image.get_bytesize()


class CardSprite:
    """One card on the table.  ``rect`` is where it is drawn now; ``fly`` sends it along an
    eased path to a new rect and face."""

    __slots__ = ("_delay", "_duration", "_from", "_t", "_to", "card", "face_up", "from_face",
                 "lift", "lift_target", "order", "rect")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.rect = pygame.FRect(0, 0, 1, 1)
        self.face_up = False
        self.from_face = False
        self.lift = 0.0
        self.lift_target = 0.0
        self._from = pygame.FRect(self.rect)
        self._to = pygame.FRect(self.rect)
        self._t = 1.0
        self._duration = 0.0
        self._delay = 0.0
        #: a card sent flying by an event gets a rising number, so it draws over the cards
        #: that only slide aside (0) and over earlier flights
        self.order = 0

    @property
    def flying(self) -> bool:
        return self._t < 1.0

    def place(self, rect: pygame.Rect | pygame.FRect, face_up: bool) -> None:
        """Put the card at ``rect`` at once (layout after a resize, a new perspective)."""
        self.rect = pygame.FRect(rect)
        self._from = pygame.FRect(rect)
        self._to = pygame.FRect(rect)
        self.face_up = self.from_face = face_up
        self._t = 1.0

    def fly(self, rect: pygame.Rect | pygame.FRect, face_up: bool, duration: float, *,
            order: int = 0, delay: float = 0.0) -> None:
        """Start an eased flight from where the card is now to ``rect``."""
        if self._to == rect and self.face_up == face_up and (self.flying or self.rect == rect):
            return
        self._from = pygame.FRect(self.rect)
        self._to = pygame.FRect(rect)
        self.from_face = self.showing_face()
        self.face_up = face_up
        self._t = 0.0
        self._duration = max(duration, 1e-3)
        self._delay = delay
        self.order = order

    def retarget(self, rect: pygame.Rect | pygame.FRect) -> None:
        """A new layout (resize): a flying card lands at the new slot, a resting one jumps."""
        if self.flying:
            self._to = pygame.FRect(rect)
        else:
            self.place(rect, self.face_up)

    def finish(self) -> None:
        if self.flying:
            self.place(self._to, self.face_up)

    def update(self, dt: float) -> None:
        """Advance the flight by ``dt`` (already scaled by the animation speed)."""
        if self.lift != self.lift_target:
            self.lift += (self.lift_target - self.lift) * min(1.0, dt * 14)
            if abs(self.lift - self.lift_target) < 0.5:
                self.lift = self.lift_target
        if self._t >= 1.0:
            return
        if self._delay > 0:
            self._delay -= dt
            return
        self._t = min(1.0, self._t + dt / self._duration)
        p = ease_in_out(self._t)
        a, b = self._from, self._to
        self.rect = pygame.FRect(a.x + (b.x - a.x) * p, a.y + (b.y - a.y) * p,
                                 a.w + (b.w - a.w) * p, a.h + (b.h - a.h) * p)

    def showing_face(self) -> bool:
        """Which side shows now: a card changing face turns over half-way."""
        if self.flying and self.from_face != self.face_up:
            return self.from_face if self._t < 0.5 else self.face_up
        return self.face_up

    def flip_width(self) -> float:
        """The visible width fraction of a card turning over (1 when not turning)."""
        if self.flying and self.from_face != self.face_up:
            return abs(math.cos(math.pi * self._t))
        return 1.0


#: How much memory (bytes) the in-between sizes may take before the oldest are dropped.
BETWEEN_BYTES = 6 * 1024 * 1024


class CardArt:
    """Images, shadows and glows for sprites of any size."""

    def __init__(self, images: CardImages, *, limit: int = BETWEEN_BYTES) -> None:
        self.images = images
        self.limit = limit
        self.exact: set[Size] = set()
        self._reference: Size = (150, 210)
        self._between: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._between_bytes = 0
        self._shadows: dict[Size, pygame.Surface] = {}
        self._glows: dict[tuple[Size, tuple[int, int, int]], pygame.Surface] = {}

    def set_sizes(self, sizes: set[Size]) -> None:
        """The zones' card sizes for the current window (each card is made at all of them at
        once); the largest is the source of every in-between size."""
        self.exact = set(sizes)
        self.images.sizes = set(sizes)
        self._reference = max(sizes, key=lambda size: size[1])
        self._between.clear()
        self._between_bytes = 0
        self._shadows.clear()
        self._glows.clear()

    def _base(self, card: Card, face_up: bool, size: Size) -> pygame.Surface:
        if face_up:
            return self.images.face(card.id, size)
        return self.images.back(card.back, size)

    def preload(self, size: Size) -> None:
        """Make every face and back at ``size`` now (the card images make each at every
        zone's size too, :meth:`set_sizes`), so that no frame of the game reads from disk."""
        for card in DECK:
            self.image(card, True, size)
            self.image(card, False, size)

    def image(self, card: Card, face_up: bool, size: Size) -> pygame.Surface:
        """The card at ``size``; sizes that are no zone's are rounded to the grid."""
        if size in self.exact:
            return self._base(card, face_up, size)
        width, height = size
        key = (card.id if face_up else card.back, width, height, self.images.language)
        image = self._between.get(key)
        if image is None:
            source = self._base(card, face_up, self._reference)
            image = pygame.transform.smoothscale(source, (max(1, width), max(1, height)))
            self._between[key] = image
            self._between_bytes += _bytes(image)
            while self._between_bytes > self.limit and len(self._between) > 1:
                self._between_bytes -= _bytes(self._between.popitem(last=False)[1])
        else:
            self._between.move_to_end(key)
        return image

    def sprite_image(self, sprite: CardSprite) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The image to draw for ``sprite`` now and where; None while it is edge-on."""
        rect = sprite.rect
        width, height = round(rect.w), round(rect.h)
        if (width, height) not in self.exact:
            height = max(_SIZE_GRID, round(height / _SIZE_GRID) * _SIZE_GRID)
            width = max(1, round(height * self._reference[0] / self._reference[1]))
        squeeze = sprite.flip_width()
        if squeeze < 0.999:
            steps = round(squeeze * _FLIP_STEPS)
            if steps == 0:
                return None
            width = max(1, round(width * steps / _FLIP_STEPS))
        image = self.image(sprite.card, sprite.showing_face(), (width, height))
        where = image.get_rect(center=(round(rect.centerx), round(rect.centery - sprite.lift)))
        return image, where

    def shadow(self, size: Size) -> pygame.Surface:
        """A soft shadow a little larger than a card of ``size`` (drawn small and smoothly
        scaled up, which blurs it; sizes rounded to a coarse grid)."""
        grid = _SIZE_GRID * 2
        key = (max(grid, round(size[0] / grid) * grid), max(grid, round(size[1] / grid) * grid))
        shadow = self._shadows.get(key)
        if shadow is None:
            pad = max(4, key[1] // 14)
            small = pygame.Surface((max(4, (key[0] + 2 * pad) // 6),
                                    max(4, (key[1] + 2 * pad) // 6)), pygame.SRCALPHA)
            inner = pygame.Rect(0, 0, key[0] // 6, key[1] // 6)
            inner.center = small.get_rect().center
            pygame.draw.rect(small, (0, 0, 0, 120), inner, border_radius=2)
            shadow = pygame.transform.smoothscale(small, (key[0] + 2 * pad, key[1] + 2 * pad))
            self._shadows[key] = shadow
        return shadow

    def glow(self, size: Size, colour: tuple[int, int, int]) -> pygame.Surface:
        """A glowing rounded frame around a card of ``size`` (legal targets, selection)."""
        key = (size, colour)
        glow = self._glows.get(key)
        if glow is None:
            pad = max(5, size[1] // 22)
            glow = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
            radius = max(4, size[1] // 18)
            for ring in range(pad):
                alpha = round(210 * ((pad - ring) / pad) ** 2)
                rect = glow.get_rect().inflate(-2 * (pad - 1 - ring), -2 * (pad - 1 - ring))
                pygame.draw.rect(glow, (*colour, alpha), rect, width=2,
                                 border_radius=radius + pad - ring)
            self._glows[key] = glow
        return glow

    def draw_glow(self, surface: pygame.Surface, sprite: CardSprite,
                  colour: tuple[int, int, int]) -> None:
        """The :meth:`glow` of ``colour`` around ``sprite`` where it is drawn now."""
        glow = self.glow((round(sprite.rect.w), round(sprite.rect.h)), colour)
        centre = (round(sprite.rect.centerx), round(sprite.rect.centery - sprite.lift))
        surface.blit(glow, glow.get_rect(center=centre))
