"""The drawing tool: a :class:`Pen` draws in card units (the 300×420 design grid) on a surface
``SUPERSAMPLE`` times larger, which is smooth-scaled down to card size at the end so that every
edge comes out anti-aliased.  Its text is set in the lettering the game prints the card words
with.  Beside it, the two fills drawn at full resolution: a vertical gradient and a spotlight.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from famiglia.ui.card_words import SUPERSAMPLE, CardPrinter

from .geometry import Box, Colour, Point, mix

#: The lettering of the art, shared with the words printed on the cards at play time.
LETTERING = CardPrinter()


class Pen:
    """Draws in card units on a surface ``scale`` times larger than the design grid."""

    def __init__(self, surface: pygame.Surface, scale: float = SUPERSAMPLE,
                 origin: Point = (0.0, 0.0)) -> None:
        self.surface = surface
        self.scale = scale
        self.origin = origin

    @classmethod
    def blank(cls, size: Point, scale: float = SUPERSAMPLE, opaque: bool = False) -> Pen:
        """A pen on a new surface of ``size`` card units, transparent unless ``opaque``."""
        px = (round(size[0] * scale), round(size[1] * scale))
        return cls(pygame.Surface(px, 0 if opaque else pygame.SRCALPHA), scale)

    def zoomed(self, factor: float, about: Point) -> Pen:
        """A pen on the same surface that draws ``factor`` times larger around ``about``."""
        ax, ay = about
        return Pen(self.surface, self.scale * factor,
                   (self.origin[0] + ax * self.scale * (1 - factor),
                    self.origin[1] + ay * self.scale * (1 - factor)))

    def pt(self, p: Point) -> tuple[int, int]:
        return (round(self.origin[0] + p[0] * self.scale),
                round(self.origin[1] + p[1] * self.scale))

    def px(self, length: float) -> int:
        return max(1, round(length * self.scale))

    def box(self, box: Box) -> pygame.Rect:
        x, y, w, h = box
        return pygame.Rect(self.pt((x, y)), (round(w * self.scale), round(h * self.scale)))

    def polygon(self, colour: Colour, points: Sequence[Point], outline: Colour | None = None,
                width: float = 1.2) -> None:
        """A filled polygon, optionally with an ink outline like a printed illustration."""
        pts = [self.pt(p) for p in points]
        pygame.draw.polygon(self.surface, colour, pts)
        if outline is not None:
            self.stroke(outline, [*points, points[0]], width)

    def ellipse(self, colour: Colour, box: Box, outline: Colour | None = None,
                width: float = 1.2) -> None:
        pygame.draw.ellipse(self.surface, colour, self.box(box))
        if outline is not None:
            pygame.draw.ellipse(self.surface, outline, self.box(box), self.px(width))

    def circle(self, colour: Colour, centre: Point, radius: float, width: float = 0.0) -> None:
        pygame.draw.circle(self.surface, colour, self.pt(centre), radius * self.scale,
                           self.px(width) if width else 0)

    def rect(self, colour: Colour, box: Box, width: float = 0.0, radius: float = 0.0) -> None:
        pygame.draw.rect(self.surface, colour, self.box(box), self.px(width) if width else 0,
                         round(radius * self.scale) if radius else -1)

    def stroke(self, colour: Colour, points: Sequence[Point], width: float = 1.0) -> None:
        """A polyline with round joins and caps (pygame's thick lines have neither)."""
        pts = [self.pt(p) for p in points]
        w = self.px(width)
        if len(pts) > 1:
            pygame.draw.lines(self.surface, colour, False, pts, w)
        if w > 2:
            for p in pts:
                pygame.draw.circle(self.surface, colour, p, w / 2)

    def text(self, text: str, size: float, colour: Colour, centre: Point,
             tracking: float = 0.0) -> None:
        """Text centred on its ink; ``tracking`` adds letter spacing in card units."""
        image = LETTERING.render_text(text, round(size * self.scale), colour,
                                       tracking * self.scale)
        ink = image.get_bounding_rect()
        x, y = self.pt(centre)
        self.surface.blit(image, (x - ink.centerx, y - ink.centery))

    def paste(self, other: Pen, topleft: Point = (0, 0), flags: int = 0) -> None:
        """Blit another pen's surface (same scale) at ``topleft`` card units."""
        self.surface.blit(other.surface, self.pt(topleft), special_flags=flags)


def vertical_gradient(pen: Pen, box: Box, top: Colour, bottom: Colour) -> None:
    """A top-to-bottom colour ramp, drawn row by row at full (supersampled) resolution."""
    x, y, w, h = pen.box(box)
    for row in range(h):
        pygame.draw.line(pen.surface, mix(top, bottom, row / max(1, h - 1)), (x, y + row),
                         (x + w - 1, y + row))


def radial_glow(pen: Pen, centre: Point, radius: float, strength: int, rings: int = 24) -> None:
    """Add a soft spotlight: concentric discs, brighter towards the centre."""
    glow = Pen.blank((pen.surface.get_width() / pen.scale, pen.surface.get_height() / pen.scale),
                     pen.scale)
    for i in range(rings):
        level = round(strength * (i + 1) / rings)
        glow.circle((level, level, level), centre, radius * (1 - i / rings))
    pen.paste(glow, flags=pygame.BLEND_RGB_ADD)
