"""Draw Famiglia's card art: 60 card faces, the three backs and a contact sheet of the deck.

Everything is drawn with pygame-ce primitives and the font that ships with pygame-ce, so the art
is ours and the build needs nothing but pygame.  Shapes are drawn in card units (a 300×420 design
grid) on a surface ``SUPERSAMPLE`` times larger and smooth-scaled down, which anti-aliases every
edge.  All randomness is seeded from the card id, so two runs write byte-identical PNGs.

The cards carry no language-bound word (issue 12): the family line, the word under the victory
points and the start-set words are left blank here and printed in the player's language by
:mod:`famiglia.ui.card_words`, which also lends this script its lettering.  The contact sheet
shows the cards with their English words.

Usage::

    python scripts/build_assets.py [OUT_DIR] [--sheet PATH]

OUT_DIR defaults to ``assets/cards/`` and PATH to ``docs/cards.png`` in the repository.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from famiglia.rules.cards import DECK, Back, Card, Family  # noqa: E402
from famiglia.ui.card_words import (  # noqa: E402
    CARD_H,
    CARD_W,
    FAMILY_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    SUPERSAMPLE,
    CardPrinter,
    CardWords,
)

Point = tuple[float, float]
Colour = tuple[int, ...]
Box = tuple[float, float, float, float]

CARD_SIZE = (CARD_W, CARD_H)
CORNER_RADIUS = 16
OUT_DIR = ROOT / "assets" / "cards"
SHEET_PATH = ROOT / "docs" / "cards.png"

CREAM = (244, 235, 212)
CREAM_SHADE = (226, 211, 178)
EDGE = (70, 48, 34)


@dataclass(frozen=True)
class FamilyStyle:
    """How a family looks (R1.2): colour, a darker shade, the ink used on the colour, a pattern.

    The colours are spread in luminance and each family has its own pattern and symbol, so the
    families stay apart in greyscale too.
    """

    main: Colour
    dark: Colour
    ink: Colour
    pattern: str


STYLES: dict[Family, FamilyStyle] = {
    Family.FAMIGLIA: FamilyStyle((140, 20, 30), FAMILY_DARK[Family.FAMIGLIA], CREAM, "sunburst"),
    Family.ACCOUNTANT: FamilyStyle((76, 130, 210), FAMILY_DARK[Family.ACCOUNTANT], CREAM, "ledger"),
    Family.BRUTE: FamilyStyle((232, 182, 42), FAMILY_DARK[Family.BRUTE], INK, "chevrons"),
    Family.MERCENARY: FamilyStyle((46, 124, 68), FAMILY_DARK[Family.MERCENARY], CREAM, "scales"),
}

#: R1.5: base colour of each back, and the start-set number it carries (0: none).
BACK_COLOURS: dict[Back, Colour] = {
    Back.NEUTRAL: (26, 26, 32),
    Back.START_1: (102, 20, 38),
    Back.START_2: (20, 34, 82),
}
BACK_NUMBERS: dict[Back, int] = {Back.NEUTRAL: 0, Back.START_1: 1, Back.START_2: 2}
BACK_PATTERNS: dict[Back, str] = {
    Back.NEUTRAL: "sunburst",
    Back.START_1: "scales",
    Back.START_2: "chevrons",
}


# --------------------------------------------------------------------------- colour and geometry


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend ``a`` towards ``b`` by ``t`` (0: a, 1: b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def shade(colour: Colour, factor: float) -> Colour:
    """Darken (factor < 1) or lighten (factor > 1) a colour, clamped to 0–255."""
    return tuple(max(0, min(255, round(c * factor))) for c in colour)


def rotate(points: Sequence[Point], degrees: float, pivot: Point) -> list[Point]:
    """Rotate points clockwise on screen (y points down) about ``pivot``."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    px, py = pivot
    return [(px + (x - px) * cos - (y - py) * sin, py + (x - px) * sin + (y - py) * cos)
            for x, y in points]


def move(points: Sequence[Point], dx: float, dy: float) -> list[Point]:
    """Shift points, e.g. for a drop shadow."""
    return [(x + dx, y + dy) for x, y in points]


def mirror(points: Sequence[Point], axis_x: float) -> list[Point]:
    """Mirror points left-right about the vertical line ``x = axis_x``."""
    return [(2 * axis_x - x, y) for x, y in points]


def ellipse_points(centre: Point, rx: float, ry: float, start: float = 0.0, stop: float = 360.0,
                   angle: float = 0.0, steps: int = 40) -> list[Point]:
    """Points on an ellipse arc; ``start``/``stop`` in degrees, 180→360 is the upper half."""
    cx, cy = centre
    pts = [(cx + rx * math.cos(math.radians(start + (stop - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (stop - start) * i / steps)))
           for i in range(steps + 1)]
    return rotate(pts, angle, centre) if angle else pts


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 14) -> list[Point]:
    """A cubic Bézier curve as a polyline."""
    pts = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        pts.append((u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]))
    return pts


def leaf(base: Point, tip: Point, width: float, steps: int = 10) -> list[Point]:
    """A pointed leaf (or blade) outline from ``base`` to ``tip``."""
    (bx, by), (tx, ty) = base, tip
    length = math.hypot(tx - bx, ty - by) or 1.0
    nx, ny = -(ty - by) / length, (tx - bx) / length
    side = [(bx + (tx - bx) * i / steps, by + (ty - by) * i / steps,
             math.sin(math.pi * i / steps) * width / 2) for i in range(steps + 1)]
    return ([(x + nx * w, y + ny * w) for x, y, w in side]
            + [(x - nx * w, y - ny * w) for x, y, w in reversed(side)])


def star_points(centre: Point, outer: float, inner: float, tips: int = 5,
                angle: float = -90.0) -> list[Point]:
    cx, cy = centre
    pts = []
    for i in range(tips * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(angle + 180 * i / tips)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def top_at(points: Sequence[Point], x: float) -> float | None:
    """The highest point of an outline at ``x``, or None where the outline does not reach."""
    ys = [y0 + (y1 - y0) * (x - x0) / (x1 - x0)
          for (x0, y0), (x1, y1) in itertools.pairwise(points)
          if x0 != x1 and min(x0, x1) <= x <= max(x0, x1)]
    return min(ys) if ys else None


def arch_points(box: Box, steps: int = 48) -> list[Point]:
    """An art-deco window: a rectangle whose top is a half circle."""
    x, y, w, h = box
    r = w / 2
    return [(x, y + h), (x, y + r), *ellipse_points((x + r, y + r), r, r, 180, 360, steps=steps),
            (x + w, y + h)]


# --------------------------------------------------------------------------------------- drawing


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
    def blank(cls, size: Point, scale: int = SUPERSAMPLE, opaque: bool = False) -> Pen:
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


# -------------------------------------------------------------------------------------- patterns


def pattern_sunburst(pen: Pen, box: Box, base: Colour, accent: Colour, focus: Point) -> None:
    """Art-deco rays fanning out from ``focus``."""
    del base
    reach = math.hypot(box[2], box[3]) * 1.5
    rays = 36
    for i in range(0, rays, 2):
        pen.polygon(accent, [focus, *ellipse_points(focus, reach, reach, 360 * i / rays,
                                                    360 * (i + 1) / rays, steps=1)])


def pattern_ledger(pen: Pen, box: Box, base: Colour, accent: Colour, focus: Point) -> None:
    """An accountant's ledger: ruled lines with double column rules."""
    del focus
    x, y, w, h = box
    for row in range(int(h // 11) + 1):
        pen.rect(accent, (x, y + row * 11, w, 1.6))
    for col in range(int(w // 40) + 1):
        pen.rect(accent, (x + 12 + col * 40, y, 1.6, h))
        pen.rect(accent, (x + 16 + col * 40, y, 1.6, h))


def pattern_chevrons(pen: Pen, box: Box, base: Colour, accent: Colour, focus: Point) -> None:
    """Bold zigzag bands, the brutes' pattern."""
    del focus
    x, y, w, h = box
    step, band = 24.0, 9.0
    for row in range(-1, int(h // step) + 2):
        top = y + row * step
        zig = [(x + i * 12 - 12, top + (6 if i % 2 else 0)) for i in range(int(w // 12) + 3)]
        pen.polygon(accent, zig + [(px, py + band) for px, py in reversed(zig)])


def pattern_scales(pen: Pen, box: Box, base: Colour, accent: Colour, focus: Point) -> None:
    """Overlapping deco fans (fish scales), each with a ring inside."""
    del focus
    x, y, w, h = box
    r = 16.0
    for row in range(int(h // (r * 0.8)) + 2):
        offset = r if row % 2 else 0.0
        for col in range(-1, int(w // (2 * r)) + 2):
            c = (x + col * 2 * r + offset, y + row * r * 0.8)
            pen.circle(accent, c, r)
            pen.circle(base, c, r - 2.2)
            pen.circle(accent, c, r * 0.55, 1.6)


PATTERNS: dict[str, Callable[[Pen, Box, Colour, Colour, Point], None]] = {
    "sunburst": pattern_sunburst,
    "ledger": pattern_ledger,
    "chevrons": pattern_chevrons,
    "scales": pattern_scales,
}


def draw_pattern(pen: Pen, kind: str, box: Box, base: Colour, accent: Colour,
                 focus: Point) -> None:
    """Fill ``box`` with ``base`` and lay a pattern over it, kept inside the box."""
    pen.surface.set_clip(pen.box(box))
    pen.rect(base, box)
    PATTERNS[kind](pen, box, base, accent, focus)
    pen.surface.set_clip(None)


# ------------------------------------------------------------------------------- family symbols


def symbol_crown(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """La Famiglia: a crown with three jewelled points."""
    x, y = c
    pen.polygon(colour, [(x - s * 0.5, y + s * 0.35), (x - s * 0.5, y - s * 0.2),
                         (x - s * 0.25, y + s * 0.05), (x, y - s * 0.38),
                         (x + s * 0.25, y + s * 0.05), (x + s * 0.5, y - s * 0.2),
                         (x + s * 0.5, y + s * 0.35)])
    for jx, jy in ((-0.5, -0.26), (0, -0.44), (0.5, -0.26)):
        pen.circle(colour, (x + jx * s, y + jy * s), s * 0.09)


def symbol_coin(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """The Accountants: a ringed coin with a dollar sign."""
    pen.circle(colour, c, s * 0.48, s * 0.09)
    pen.text("$", s * 1.05, colour, c)


def symbol_knuckles(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """The Brutes: brass knuckles, four rings on a grip."""
    x, y = c
    r = s * 0.13
    for i in range(4):
        pen.circle(colour, (x + (i - 1.5) * s * 0.25, y - s * 0.12), r, s * 0.08)
    pen.rect(colour, (x - s * 0.5, y + s * 0.04, s, s * 0.16), radius=s * 0.05)
    pen.polygon(colour, [(x - s * 0.3, y + s * 0.18), (x + s * 0.3, y + s * 0.18),
                         (x + s * 0.12, y + s * 0.42), (x - s * 0.12, y + s * 0.42)])


def symbol_daggers(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """The Mercenaries: two crossed daggers."""
    x, y = c
    for angle in (-45, 45):
        blade = leaf((x, y + s * 0.28), (x, y - s * 0.55), s * 0.2)
        guard = [(x - s * 0.2, y + s * 0.22), (x + s * 0.2, y + s * 0.22),
                 (x + s * 0.2, y + s * 0.3), (x - s * 0.2, y + s * 0.3)]
        grip = [(x - s * 0.05, y + s * 0.3), (x + s * 0.05, y + s * 0.3),
                (x + s * 0.05, y + s * 0.5), (x - s * 0.05, y + s * 0.5)]
        for part in (blade, guard, grip):
            pen.polygon(colour, rotate(part, angle, c))


SYMBOLS: dict[Family, Callable[[Pen, Point, float, Colour], None]] = {
    Family.FAMIGLIA: symbol_crown,
    Family.ACCOUNTANT: symbol_coin,
    Family.BRUTE: symbol_knuckles,
    Family.MERCENARY: symbol_daggers,
}


# -------------------------------------------------------------------------------- ability icons


def arrow(pen: Pen, colour: Colour, start: Point, end: Point, width: float, head: float) -> None:
    """A straight arrow with a triangular head at ``end``."""
    (sx, sy), (ex, ey) = start, end
    length = math.hypot(ex - sx, ey - sy)
    ux, uy = (ex - sx) / length, (ey - sy) / length
    neck = (ex - ux * head, ey - uy * head)
    pen.stroke(colour, [start, neck], width)
    pen.polygon(colour, [end, (neck[0] - uy * head * 0.7, neck[1] + ux * head * 0.7),
                         (neck[0] + uy * head * 0.7, neck[1] - ux * head * 0.7)])


def icon_exchange(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """Accountant (R3.2): cards swap between hand and play area, two opposing arrows."""
    x, y = c
    arrow(pen, colour, (x - s * 0.45, y - s * 0.2), (x + s * 0.5, y - s * 0.2), s * 0.12, s * 0.28)
    arrow(pen, colour, (x + s * 0.45, y + s * 0.2), (x - s * 0.5, y + s * 0.2), s * 0.12, s * 0.28)


def icon_lower(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """Brute (R3.3): a Street card's rank goes down, a heavy arrow onto a floor."""
    x, y = c
    arrow(pen, colour, (x, y - s * 0.5), (x, y + s * 0.3), s * 0.22, s * 0.38)
    pen.rect(colour, (x - s * 0.45, y + s * 0.38, s * 0.9, s * 0.1))


def icon_joker(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """Mercenary (R3.4b): the joker, a star."""
    pen.polygon(colour, star_points(c, s * 0.55, s * 0.23))


def laurel(pen: Pen, c: Point, radius: float, colour: Colour, leaves: int = 6,
           size: float = 1.0) -> None:
    """Two laurel branches growing up around ``c`` from below, leaves in pairs along the stem."""
    for side in (-1, 1):
        angles = [math.radians(90 + side * (18 + i * 25)) for i in range(leaves)]
        stem = [(c[0] + radius * math.cos(a), c[1] + radius * math.sin(a)) for a in angles]
        pen.stroke(colour, stem, 1.1 * size)
        for a, base in zip(angles, stem, strict=True):
            growth = math.degrees(math.atan2(side * math.cos(a), -side * math.sin(a)))
            for turn in (-34, 34):
                g = math.radians(growth + turn)
                tip = (base[0] + 9 * size * math.cos(g), base[1] + 9 * size * math.sin(g))
                pen.polygon(colour, leaf(base, tip, 4.4 * size))


def icon_plus_vp(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """La Famiglia (R1.4): no action, worth more victory points, a plus in a laurel."""
    x, y = c
    laurel(pen, (x, y + s * 0.02), s * 0.36, colour, leaves=5, size=s / 48)
    pen.rect(colour, (x - s * 0.22, y - s * 0.06, s * 0.44, s * 0.12))
    pen.rect(colour, (x - s * 0.06, y - s * 0.22, s * 0.12, s * 0.44))


ABILITY_ICONS: dict[Family, Callable[[Pen, Point, float, Colour], None]] = {
    Family.FAMIGLIA: icon_plus_vp,
    Family.ACCOUNTANT: icon_exchange,
    Family.BRUTE: icon_lower,
    Family.MERCENARY: icon_joker,
}


# ------------------------------------------------------------------------------------- portrait

SKINS: tuple[Colour, ...] = ((242, 206, 172), (228, 184, 144), (204, 154, 112), (176, 122, 84),
                            (134, 90, 60), (100, 66, 44))
HAIR: tuple[Colour, ...] = ((28, 24, 22), (72, 48, 30), (122, 86, 52), (150, 148, 144),
                           (206, 172, 110), (146, 62, 32))
SUITS: tuple[Colour, ...] = ((40, 40, 46), (30, 36, 62), (74, 54, 40), (24, 24, 26),
                            (98, 100, 106), (42, 60, 46), (90, 30, 38), (206, 196, 174))
SHIRTS: tuple[Colour, ...] = ((242, 238, 228), (206, 216, 232), (44, 44, 48), (228, 204, 172))
TIES: tuple[Colour, ...] = ((156, 26, 36), (196, 154, 62), (30, 30, 34), (60, 82, 146),
                           (226, 224, 218), (40, 94, 62))
HATS: tuple[Colour, ...] = ((32, 32, 36), (62, 62, 68), (96, 72, 52), (122, 124, 128),
                           (216, 208, 188), (36, 42, 68))
LINE = (36, 26, 24)

#: Per family: weights for hats, eyes, neckwear and props, so each family has its own flavour.
HAT_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"fedora": 4, "top_hat": 2, "bowler": 1, "none": 2, "flat_cap": 0, "beret": 0},
    Family.ACCOUNTANT: {"fedora": 2, "top_hat": 1, "bowler": 4, "none": 2, "flat_cap": 1,
                        "beret": 0},
    Family.BRUTE: {"fedora": 1, "top_hat": 0, "bowler": 1, "none": 3, "flat_cap": 4, "beret": 1},
    Family.MERCENARY: {"fedora": 2, "top_hat": 1, "bowler": 0, "none": 2, "flat_cap": 1,
                       "beret": 3},
}
EYE_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"plain": 4, "narrow": 3, "shades": 2, "specs": 0, "monocle": 1, "patch": 0},
    Family.ACCOUNTANT: {"plain": 3, "narrow": 1, "shades": 0, "specs": 5, "monocle": 2, "patch": 0},
    Family.BRUTE: {"plain": 3, "narrow": 4, "shades": 1, "specs": 0, "monocle": 0, "patch": 1},
    Family.MERCENARY: {"plain": 2, "narrow": 3, "shades": 3, "specs": 0, "monocle": 0, "patch": 2},
}
NECK_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"tie": 5, "bow": 2, "open": 1, "stripes": 0, "turtleneck": 0},
    Family.ACCOUNTANT: {"tie": 5, "bow": 3, "open": 0, "stripes": 0, "turtleneck": 0},
    Family.BRUTE: {"tie": 1, "bow": 0, "open": 2, "stripes": 4, "turtleneck": 2},
    Family.MERCENARY: {"tie": 2, "bow": 0, "open": 3, "stripes": 1, "turtleneck": 3},
}
PROP_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"none": 2, "rose": 4, "money_bag": 2, "pistol": 1, "tommy_gun": 1,
                      "briefcase": 0, "ledger": 0, "knuckles": 0},
    Family.ACCOUNTANT: {"none": 1, "rose": 0, "money_bag": 2, "pistol": 0, "tommy_gun": 0,
                        "briefcase": 4, "ledger": 4, "knuckles": 0},
    Family.BRUTE: {"none": 2, "rose": 0, "money_bag": 1, "pistol": 1, "tommy_gun": 1,
                   "briefcase": 0, "ledger": 0, "knuckles": 5},
    Family.MERCENARY: {"none": 1, "rose": 0, "money_bag": 1, "pistol": 3, "tommy_gun": 4,
                       "briefcase": 0, "ledger": 0, "knuckles": 1},
}
MOUSTACHES = ("none", "none", "pencil", "walrus", "handlebar", "chevron")
BEARDS = ("none", "none", "none", "stubble", "goatee", "full")
MOUTH_PROPS = ("none", "none", "cigar", "cigarette", "toothpick")
HAIRSTYLES = ("slick", "bald", "side", "curly")


@dataclass(frozen=True)
class Traits:
    """Everything that makes one gangster's portrait his own, drawn from a seeded generator."""

    skin: int
    hair: int
    hairstyle: str
    suit: int
    pinstripe: bool
    shirt: int
    neck: str
    tie: int
    hat: str
    hat_colour: int
    eyes: str
    brow_tilt: float
    moustache: str
    beard: str
    scar: bool
    mouth_prop: str
    prop: str
    head_w: int
    head_h: int
    jaw: float
    shoulders: int
    lean: int


def pick(rng: random.Random, weights: dict[str, int]) -> str:
    """One key of ``weights``, chosen with those weights."""
    return rng.choices(list(weights), list(weights.values()))[0]


def traits_for(card: Card) -> Traits:
    """The portrait traits of a card, seeded from its id only so the art is reproducible."""
    rng = random.Random(7919 * (card.id + 1))
    family = card.family
    brute = family is Family.BRUTE
    return Traits(
        skin=rng.randrange(len(SKINS)),
        hair=rng.randrange(len(HAIR)),
        hairstyle=rng.choice(HAIRSTYLES),
        suit=rng.randrange(len(SUITS)),
        pinstripe=rng.random() < (0.5 if family is Family.FAMIGLIA else 0.25),
        shirt=rng.randrange(len(SHIRTS)),
        neck=pick(rng, NECK_WEIGHTS[family]),
        tie=rng.randrange(len(TIES)),
        hat=pick(rng, HAT_WEIGHTS[family]),
        hat_colour=rng.randrange(len(HATS)),
        eyes=pick(rng, EYE_WEIGHTS[family]),
        brow_tilt=rng.uniform(-1.0, 3.5),
        moustache=rng.choice(MOUSTACHES),
        beard=rng.choice(BEARDS),
        scar=rng.random() < (0.45 if brute else 0.15),
        mouth_prop=rng.choice(MOUTH_PROPS) if card.rank < 3 else rng.choice(("cigar", "none")),
        prop=pick(rng, PROP_WEIGHTS[family]),
        head_w=rng.randint(52, 60) + (4 if brute else 0),
        head_h=rng.randint(66, 74),
        jaw=rng.uniform(0.55, 0.9) + (0.1 if brute else 0.0),
        shoulders=rng.randint(168, 190) + (16 if brute else 0),
        lean=rng.randint(-8, 8),
    )


@dataclass(frozen=True)
class Head:
    """Where the head sits in the portrait panel; the features hang off these landmarks."""

    cx: float
    cy: float
    rx: float
    ry: float
    jaw: float

    @property
    def top(self) -> float:
        return self.cy - self.ry

    @property
    def brim(self) -> float:
        return self.cy - self.ry * 0.5

    @property
    def eye_y(self) -> float:
        return self.cy - self.ry * 0.06

    @property
    def mouth_y(self) -> float:
        return self.cy + self.ry * 0.52

    def outline(self, rx_scale: float = 1.0, dx: float = 0.0) -> list[Point]:
        """Face outline: a dome on top and a jaw that is squarer the larger ``jaw`` is."""
        rx = self.rx * rx_scale
        cx = self.cx + dx
        top = ellipse_points((cx, self.cy), rx, self.ry, 180, 360, steps=24)
        cy, ry = self.cy, self.ry
        jaw = [(cx + rx, cy + ry * 0.2), (cx + rx * self.jaw, cy + ry * 0.78),
               (cx + rx * 0.42, cy + ry * 1.02), (cx - rx * 0.42, cy + ry * 1.02),
               (cx - rx * self.jaw, cy + ry * 0.78), (cx - rx, cy + ry * 0.2)]
        return top + jaw


PANEL_BOX: Box = (30, 26, 240, 258)
#: The figure is drawn in panel units and enlarged about the panel's bottom centre.
PORTRAIT_ZOOM = 1.2
PORTRAIT_BOTTOM = PANEL_BOX[3]


def draw_suit(pen: Pen, t: Traits, head: Head) -> None:
    """Shoulders, shirt, neckwear and lapels, from the chin down."""
    cx, suit = head.cx, SUITS[t.suit]
    shirt, tie = SHIRTS[t.shirt], TIES[t.tie]
    top = head.cy + head.ry + 12
    neck_w = head.rx * (0.62 if t.shoulders < 200 else 0.8)
    pen.rect(shade(SKINS[t.skin], 0.72), (cx - neck_w, head.cy + head.ry * 0.4, neck_w * 2, 40))
    half = t.shoulders / 2
    curve = bezier((cx + neck_w, top - 8), (cx + neck_w + 26, top), (cx + half - 8, top + 2),
                   (cx + half, top + 36))
    right = [*curve, (cx + half + 4, PORTRAIT_BOTTOM + 2)]
    body = mirror(right[::-1], cx) + right
    pen.polygon(suit, body, LINE, 1.6)
    pen.stroke(mix(suit, CREAM, 0.3), move(mirror(curve, cx), 2.2, 2.2)[4:], 1.6)
    if t.pinstripe:
        for i in range(-9, 10):
            x = cx + i * 10
            y = top_at(body, x)
            if y is not None:
                pen.stroke(mix(suit, CREAM, 0.35), [(x, y + 3), (x, PORTRAIT_BOTTOM)], 0.8)
    v_bottom = top + 62
    v = [(cx - 20, top - 4), (cx + 20, top - 4), (cx, v_bottom)]
    if t.neck == "turtleneck":
        v = [(cx - 24, top - 10), (cx + 24, top - 10), (cx + 6, v_bottom), (cx - 6, v_bottom)]
        pen.polygon(shade(tie, 0.8), v)
        pen.rect(shade(tie, 0.7), (cx - neck_w - 2, top - 18, neck_w * 2 + 4, 14), radius=5)
        for i in range(5):
            pen.stroke(shade(tie, 0.6), [(cx - neck_w + 4 + i * neck_w * 0.45, top - 16),
                                          (cx - neck_w + 4 + i * neck_w * 0.45, top - 6)], 0.8)
    else:
        pen.polygon(shirt, v)
        if t.neck == "stripes":
            for i in range(8):
                y = top + i * 8
                half = 20 * (v_bottom - y) / (v_bottom - top + 4)
                pen.rect((40, 56, 110), (cx - half, y, half * 2, 3.5))
        draw_neckwear(pen, t.neck, tie, cx, top)
    lapel = [(cx - 20, top - 6), (cx - 38, top - 2), (cx - 52, top + 30), (cx - 40, top + 36),
             (cx - 1, v_bottom + 6), (cx - 1, v_bottom - 4)]
    lapel_colour = shade(suit, 0.8 if suit[0] > 150 else 1.35)
    for side in (lapel, mirror(lapel, cx)):
        pen.polygon(lapel_colour, side, LINE, 1.2)


def draw_neckwear(pen: Pen, neck: str, colour: Colour, cx: float, top: float) -> None:
    """Collar points, then a long tie or a bow tie, or nothing for an open collar."""
    collar = [(cx - 19, top - 6), (cx - 2, top + 4), (cx - 14, top + 14)]
    for side in (collar, mirror(collar, cx)):
        pen.polygon((236, 232, 222), side, LINE, 0.8)
    if neck == "tie":
        pen.polygon(colour, [(cx - 5, top + 2), (cx + 5, top + 2), (cx + 4, top + 11),
                             (cx - 4, top + 11)], LINE, 0.8)
        pen.polygon(colour, [(cx - 4, top + 11), (cx + 4, top + 11), (cx + 9, top + 60),
                             (cx, top + 70), (cx - 9, top + 60)], LINE, 0.8)
        pen.stroke(GOLD_LIGHT, [(cx - 7, top + 34), (cx + 7, top + 34)], 1.6)
    elif neck == "bow":
        pen.polygon(colour, [(cx, top + 6), (cx - 15, top - 1), (cx - 15, top + 14)], LINE, 0.8)
        pen.polygon(colour, [(cx, top + 6), (cx + 15, top - 1), (cx + 15, top + 14)], LINE, 0.8)
        pen.circle(shade(colour, 0.8), (cx, top + 6), 3.5)


def draw_head(pen: Pen, t: Traits, head: Head) -> None:
    """Ears and face, lit from the upper left so the right side falls into shadow."""
    skin = SKINS[t.skin]
    dark = shade(skin, 0.78)
    for side in (-1, 1):
        pen.ellipse(dark, (head.cx + side * head.rx - 6, head.eye_y - 2, 12, 20), LINE, 1.0)
    pen.polygon(dark, head.outline(), LINE, 1.6)
    pen.polygon(skin, head.outline(0.86, -head.rx * 0.12))
    cx, rx = head.cx, head.rx
    cheek = bezier((cx + rx * 0.62, head.eye_y + 8), (cx + rx * 0.5, head.cy + 10),
                   (cx + rx * 0.45, head.mouth_y - 6), (cx + rx * 0.3, head.mouth_y))
    pen.stroke(shade(skin, 0.8), cheek, 1.2)
    if t.beard in ("stubble", "full"):
        colour = mix(skin, HAIR[t.hair], 0.45) if t.beard == "stubble" else HAIR[t.hair]
        start = head.eye_y + head.ry * (0.3 if t.beard == "stubble" else 0.15)
        lower = [p for p in head.outline(0.98) if p[1] >= start]
        pen.polygon(colour, lower)


def draw_hair(pen: Pen, t: Traits, head: Head) -> None:
    """Hair for a bare head, or sideburns peeking out from under a hat."""
    hair = HAIR[t.hair]
    if t.hat != "none":
        side = [(head.cx - head.rx * 0.99, head.brim), (head.cx - head.rx * 0.8, head.brim),
                (head.cx - head.rx * 0.86, head.eye_y + 4), (head.cx - head.rx * 0.98, head.eye_y)]
        for part in (side, mirror(side, head.cx)):
            pen.polygon(hair, part)
        return
    if t.hairstyle == "bald":
        pen.polygon(mix(SKINS[t.skin], CREAM, 0.5),
                    leaf((head.cx - head.rx * 0.5, head.top + 14), (head.cx - 4, head.top + 6), 5))
        return
    cap = ellipse_points((head.cx, head.cy - 2), head.rx * 1.04, head.ry * 1.04, 175, 365)
    cap += [(head.cx + head.rx * 0.9, head.brim), (head.cx - head.rx * 0.9, head.brim)]
    pen.polygon(hair, cap, LINE, 1.2)
    if t.hairstyle == "curly":
        for i in range(9):
            a = math.radians(190 + i * 20)
            pen.circle(hair, (head.cx + head.rx * math.cos(a), head.cy - 2 + head.ry * math.sin(a)),
                       7)
    elif t.hairstyle == "side":
        pen.stroke(shade(hair, 1.8), bezier((head.cx - head.rx * 0.4, head.top + 2),
                                             (head.cx - head.rx * 0.3, head.top + 12),
                                             (head.cx + head.rx * 0.2, head.top + 10),
                                             (head.cx + head.rx * 0.8, head.brim)), 1.4)
    else:
        for i in range(3):
            pen.stroke(shade(hair, 1.9), bezier((head.cx - head.rx * 0.7, head.brim - 2 - i * 6),
                                                 (head.cx - head.rx * 0.2, head.top - 2 + i * 3),
                                                 (head.cx + head.rx * 0.3, head.top + i * 3),
                                                 (head.cx + head.rx * 0.8, head.brim - 4 - i * 5)),
                       1.0)


def draw_eyes(pen: Pen, t: Traits, head: Head) -> None:
    """Eyes and eyebrows: plain, narrowed, dark glasses, spectacles, monocle or eye patch."""
    y, dx = head.eye_y, head.rx * 0.42
    brow = shade(HAIR[t.hair], 0.8)
    for side in (-1, 1):
        x = head.cx + side * dx
        inner, outer = x - side * 7, x + side * 8
        pen.stroke(brow, [(inner, y - 8 + t.brow_tilt), (outer, y - 10 - t.brow_tilt)], 3.2)
        if t.eyes in ("plain", "specs") or (t.eyes == "monocle" and side < 0):
            pen.ellipse((246, 242, 232), (x - 5, y - 3, 10, 6))
            pen.circle(INK, (x + 1, y), 2.2)
            pen.stroke(LINE, [(x - 6, y - 2.5), (x + 6, y - 3)], 1.4)
        elif t.eyes == "patch" and side > 0:
            pen.ellipse(INK, (x - 8, y - 6, 16, 13))
            pen.stroke(INK, [(x - 6, y - 5), (head.cx - head.rx, head.top + 18)], 1.6)
            pen.stroke(INK, [(x + 6, y - 2), (head.cx + head.rx, y - 8)], 1.6)
        elif t.eyes != "shades":
            pen.stroke(LINE, [(x - 6, y + side * 0.5), (x + 6, y - side * 0.5)], 2.2)
        if t.eyes == "specs":
            pen.circle(INK, (x, y), 8, 1.4)
        elif t.eyes == "monocle" and side > 0:
            pen.circle(GOLD, (x, y), 8.5, 1.6)
            pen.stroke(GOLD, bezier((x + 6, y + 6), (x + 14, y + 20), (x + 6, y + 40),
                                    (x + 12, y + 60)), 0.9)
    if t.eyes == "shades":
        for side in (-1, 1):
            x = head.cx + side * dx
            pen.rect(INK, (x - 9, y - 6, 18, 11), radius=4)
            pen.stroke((120, 130, 150), [(x - 5, y - 3), (x - 1, y - 3)], 1.4)
        pen.stroke(INK, [(head.cx - dx + 8, y - 3), (head.cx + dx - 8, y - 3)], 2)
    elif t.eyes == "specs":
        pen.stroke(INK, [(head.cx - dx + 8, y - 1), (head.cx + dx - 8, y - 1)], 1.4)


def draw_nose_mouth(pen: Pen, t: Traits, head: Head) -> None:
    """Nose shadow, mouth, moustache, goatee and an optional scar."""
    skin = SKINS[t.skin]
    cx, my = head.cx, head.mouth_y
    nose_tip = (cx + 3, head.cy + head.ry * 0.3)
    pen.polygon(shade(skin, 0.72), [(cx + 1, head.eye_y + 2), (cx + 6, nose_tip[1]),
                                    (cx - 4, nose_tip[1] + 1)])
    pen.stroke(shade(skin, 0.55), [(cx - 5, nose_tip[1] + 1), nose_tip], 1.4)
    pen.stroke((120, 52, 48), [(cx - 8, my), (cx, my + 1), (cx + 8, my - 1.5)], 1.8)
    hair = HAIR[t.hair]
    if t.moustache == "pencil":
        pen.stroke(hair, [(cx - 9, my - 4), (cx + 9, my - 4)], 1.4)
    elif t.moustache == "walrus":
        pen.polygon(hair, [(cx - 12, my - 9), (cx + 12, my - 9), (cx + 14, my + 2), (cx, my - 3),
                           (cx - 14, my + 2)], LINE, 0.8)
    elif t.moustache == "chevron":
        pen.polygon(hair, [(cx - 10, my - 7), (cx + 10, my - 7), (cx + 11, my - 2),
                           (cx - 11, my - 2)], LINE, 0.8)
    elif t.moustache == "handlebar":
        for side in (-1, 1):
            pen.stroke(hair, bezier((cx, my - 5), (cx + side * 10, my - 8),
                                    (cx + side * 18, my - 2), (cx + side * 15, my - 10)), 2.4)
    if t.beard == "goatee":
        pen.polygon(hair, [(cx - 6, my + 5), (cx + 6, my + 5), (cx + 4, head.cy + head.ry + 4),
                           (cx - 4, head.cy + head.ry + 4)], LINE, 0.8)
    if t.scar:
        x0 = cx - head.rx * 0.62
        line = [(x0, head.eye_y - 12), (x0 + 10, head.eye_y + 22)]
        pen.stroke((236, 196, 184), line, 2.0)
        for i in range(1, 4):
            sx, sy = x0 + i * 2.5, head.eye_y - 12 + i * 8.5
            pen.stroke((150, 70, 64), [(sx - 3, sy + 1), (sx + 3, sy - 1)], 0.8)


def draw_mouth_prop(pen: Pen, t: Traits, head: Head) -> None:
    """A cigar, cigarette or toothpick from the corner of the mouth, with curling smoke."""
    if t.mouth_prop == "none":
        return
    start = (head.cx + 6, head.mouth_y)
    length, width, colour = {"cigar": (24, 5.0, (104, 62, 34)), "cigarette": (20, 2.6, CREAM),
                             "toothpick": (16, 1.2, (214, 180, 120))}[t.mouth_prop]
    end = (start[0] + length, start[1] + length * 0.25)
    pen.stroke(colour, [start, end], width)
    if t.mouth_prop == "toothpick":
        return
    if t.mouth_prop == "cigar":
        pen.stroke(GOLD, [(start[0] + 5, start[1] + 1.2), (start[0] + 7, start[1] + 1.8)], 5.2)
    pen.circle((232, 96, 40), end, width * 0.55)
    smoke = bezier(end, (end[0] + 10, end[1] - 10), (end[0] + 2, end[1] - 18),
                   (end[0] + 16, end[1] - 30), steps=18)
    pen.stroke((226, 226, 222), smoke, 1.6)


def hat_fedora(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """The gangster's fedora: pinched crown, ribbon band, wide brim."""
    cx, by, rx = head.cx, head.brim, head.rx
    crown = [(cx - rx * 0.96, by), (cx - rx * 0.88, by - 28), (cx - rx * 0.45, by - 40),
             (cx, by - 33), (cx + rx * 0.45, by - 40), (cx + rx * 0.88, by - 28),
             (cx + rx * 0.96, by)]
    pen.polygon(colour, crown, LINE, 1.4)
    pen.polygon(shade(colour, 0.75), [(cx + rx * 0.2, by - 35), (cx + rx * 0.45, by - 40),
                                      (cx + rx * 0.88, by - 28), (cx + rx * 0.96, by),
                                      (cx + rx * 0.4, by)])
    pen.polygon(band, [(cx - rx * 0.95, by - 10), (cx + rx * 0.95, by - 10), (cx + rx * 0.96, by),
                       (cx - rx * 0.96, by)])
    pen.polygon(colour, ellipse_points((cx, by), rx * 1.85, 8, angle=-3), LINE, 1.4)


def hat_bowler(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A bowler: a shiny dome over a narrow brim."""
    cx, by, rx = head.cx, head.brim, head.rx
    dome = ellipse_points((cx, by), rx * 1.02, 38, 180, 360)
    pen.polygon(colour, dome, LINE, 1.4)
    pen.polygon(shade(colour, 1.45), leaf((cx - rx * 0.6, by - 12), (cx - rx * 0.1, by - 34), 6))
    pen.rect(band, (cx - rx * 1.0, by - 8, rx * 2.0, 7))
    pen.polygon(colour, ellipse_points((cx, by), rx * 1.32, 5.5), LINE, 1.2)


def hat_top_hat(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A tall top hat for the grandest of them."""
    cx, by, rx = head.cx, head.brim, head.rx
    pen.polygon(colour, [(cx - rx * 0.8, by), (cx - rx * 0.9, by - 70), (cx + rx * 0.9, by - 70),
                         (cx + rx * 0.8, by)], LINE, 1.4)
    pen.polygon(shade(colour, 0.7), [(cx + rx * 0.35, by), (cx + rx * 0.4, by - 70),
                                     (cx + rx * 0.9, by - 70), (cx + rx * 0.8, by)])
    pen.polygon(shade(colour, 1.3), ellipse_points((cx, by - 70), rx * 0.9, 6), LINE, 1.2)
    pen.rect(band, (cx - rx * 0.81, by - 14, rx * 1.62, 10))
    pen.polygon(colour, ellipse_points((cx, by), rx * 1.5, 6.5), LINE, 1.2)


def hat_flat_cap(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A tweed flat cap, its crown pulled over to one side above a short peak."""
    del band
    cx, by, rx = head.cx, head.brim, head.rx
    crown = [(cx - rx * 1.04, by + 2), *bezier((cx - rx * 1.04, by + 2), (cx - rx * 1.1, by - 14),
                                               (cx - rx * 0.3, by - 24), (cx + rx * 0.7, by - 21)),
             *bezier((cx + rx * 0.7, by - 21), (cx + rx * 1.3, by - 19), (cx + rx * 1.4, by - 6),
                     (cx + rx * 1.05, by + 2))]
    pen.polygon(colour, crown, LINE, 1.4)
    for i in range(1, 6):
        x = cx - rx + i * rx * 0.36
        pen.stroke(shade(colour, 0.78), [(x - 4, by - 1), (x + 5, top_at(crown, x + 5) + 3)], 0.9)
    pen.polygon(shade(colour, 0.72), ellipse_points((cx, by + 1), rx * 1.0, 7, 0, 180), LINE, 1.2)
    pen.stroke(shade(colour, 0.6), [(cx - rx * 0.95, by + 1), (cx + rx * 0.95, by + 1)], 1.2)


def hat_beret(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A beret worn at a slant, with its little stalk."""
    del band
    cx, by, rx = head.cx, head.brim, head.rx
    pen.stroke(INK, [(cx + rx * 0.3, by - 14), (cx + rx * 0.34, by - 20)], 2.6)
    pen.polygon(colour, ellipse_points((cx + rx * 0.3, by - 5), rx * 1.22, 14, angle=-9), LINE,
                1.4)
    pen.rect(shade(colour, 0.7), (cx - rx * 0.92, by + 1, rx * 1.84, 5), radius=2)


HAT_DRAWERS: dict[str, Callable[[Pen, Head, Colour, Colour], None]] = {
    "fedora": hat_fedora,
    "bowler": hat_bowler,
    "top_hat": hat_top_hat,
    "flat_cap": hat_flat_cap,
    "beret": hat_beret,
}


def draw_hat(pen: Pen, t: Traits, head: Head) -> None:
    """The hat, and the shadow its brim casts over the forehead (the noir look)."""
    if t.hat == "none":
        return
    shadow = shade(SKINS[t.skin], 0.62)
    pen.polygon(shadow, ellipse_points((head.cx, head.brim + 2), head.rx * 0.86, 9, 0, 180))
    band = INK if t.hat_colour != 0 else TIES[t.tie]
    HAT_DRAWERS[t.hat](pen, head, HATS[t.hat_colour], band)


def hand(pen: Pen, skin: Colour, c: Point, angle: float = 0.0) -> None:
    """A gripping fist: four finger rolls over a palm."""
    x, y = c
    pen.polygon(skin, rotate(ellipse_points(c, 13, 11), angle, c), LINE, 1.2)
    for i in range(4):
        pen.stroke(shade(skin, 0.7), rotate([(x - 9 + i * 6, y - 6), (x - 9 + i * 6, y + 2)],
                                            angle, c), 1.0)


def prop_tommy_gun(pen: Pen, t: Traits, head: Head) -> None:
    """A drum-fed submachine gun held across the chest."""
    pivot = (head.cx + 8, PORTRAIT_BOTTOM - 44)
    wood, metal = (118, 70, 38), (44, 44, 50)
    x, y = pivot
    parts = [
        (wood, [(x - 100, y - 6), (x - 60, y - 10), (x - 60, y + 6), (x - 96, y + 18)]),
        (metal, [(x - 62, y - 10), (x + 20, y - 10), (x + 20, y + 5), (x - 62, y + 5)]),
        (metal, [(x + 20, y - 7), (x + 96, y - 7), (x + 96, y - 1), (x + 20, y - 1)]),
        (wood, [(x - 44, y + 4), (x - 34, y + 4), (x - 38, y + 26), (x - 48, y + 26)]),
        (wood, [(x + 34, y), (x + 44, y), (x + 42, y + 22), (x + 32, y + 22)]),
    ]
    for colour, shape in parts:
        pen.polygon(colour, rotate(shape, -22, pivot), LINE, 1.2)
    for i in range(6):
        fin = [(x + 26 + i * 6, y - 9), (x + 26 + i * 6, y + 1)]
        pen.stroke((90, 90, 98), rotate(fin, -22, pivot), 1.2)
    drum = rotate([(x - 12, y + 16)], -22, pivot)[0]
    pen.circle(metal, drum, 17)
    pen.circle((92, 92, 100), drum, 13, 1.4)
    pen.circle(LINE, drum, 17, 1.2)
    skin = SKINS[t.skin]
    hand(pen, skin, rotate([(x - 42, y + 20)], -22, pivot)[0], -22)
    hand(pen, skin, rotate([(x + 38, y + 16)], -22, pivot)[0], -22)


def prop_pistol(pen: Pen, t: Traits, head: Head) -> None:
    """A revolver raised beside the shoulder, barrel up."""
    x, y = head.cx + head.rx + 40, head.cy + 52
    metal = (58, 60, 68)
    pen.polygon(metal, [(x - 4, y - 58), (x + 4, y - 58), (x + 4, y - 18), (x - 4, y - 18)],
                LINE, 1.2)
    pen.rect(metal, (x - 8, y - 24, 16, 20), radius=4)
    pen.rect(shade(metal, 1.6), (x - 6, y - 22, 3, 16))
    pen.polygon((112, 66, 36), [(x - 6, y - 6), (x + 6, y - 6), (x + 12, y + 18), (x, y + 20)],
                LINE, 1.2)
    hand(pen, SKINS[t.skin], (x + 4, y + 12), 10)


def prop_briefcase(pen: Pen, t: Traits, head: Head) -> None:
    """A leather briefcase with brass clasps, held up in front."""
    del t
    x, y = head.cx + 18, PORTRAIT_BOTTOM - 54
    leather = (110, 62, 34)
    pen.stroke(shade(leather, 0.7), ellipse_points((x + 40, y), 14, 10, 180, 360), 4)
    pen.rect(leather, (x, y, 80, 56), radius=6)
    pen.rect(LINE, (x, y, 80, 56), 1.2, radius=6)
    pen.rect(shade(leather, 0.8), (x, y + 14, 80, 3))
    for cx in (x + 16, x + 64):
        pen.rect(GOLD, (cx - 4, y + 10, 8, 10), radius=2)


def prop_ledger(pen: Pen, t: Traits, head: Head) -> None:
    """An account book tucked against the chest, with gilt rules on the cover."""
    c = (head.cx - 46, PORTRAIT_BOTTOM - 34)
    cover = (34, 64, 116)
    book = [(c[0] - 30, c[1] - 38), (c[0] + 30, c[1] - 38), (c[0] + 30, c[1] + 38),
            (c[0] - 30, c[1] + 38)]
    pen.polygon(CREAM, rotate(move(book, 5, 3), -12, c), LINE, 1.2)
    pen.polygon(cover, rotate(book, -12, c), LINE, 1.2)
    for dy in (-24, -18, 18, 24):
        pen.stroke(GOLD, rotate([(c[0] - 20, c[1] + dy), (c[0] + 20, c[1] + dy)], -12, c), 1.2)
    pen.text("$", 26, GOLD_LIGHT, c)
    hand(pen, SKINS[t.skin], rotate([(c[0] + 30, c[1] + 8)], -12, c)[0], 80)


def prop_knuckles(pen: Pen, t: Traits, head: Head) -> None:
    """A raised fist in a sleeve, brass knuckles across the four fingers."""
    x, y = head.cx - 50, PORTRAIT_BOTTOM - 44
    skin = SKINS[t.skin]
    pen.polygon(SUITS[t.suit], [(x - 20, y + 14), (x + 20, y + 14), (x + 26, y + 70),
                                (x - 26, y + 70)], LINE, 1.2)
    pen.rect(skin, (x - 20, y - 6, 40, 26), radius=8)
    pen.rect(LINE, (x - 20, y - 6, 40, 26), 1.2, radius=8)
    for i in range(4):
        finger = (x - 20 + i * 10, y - 16, 10, 20)
        pen.rect(skin, finger, radius=5)
        pen.rect(LINE, finger, 1.0, radius=5)
    pen.polygon(shade(skin, 0.85), [(x - 20, y + 4), (x + 6, y + 2), (x + 8, y + 9),
                                    (x - 20, y + 12)], LINE, 1.0)
    pen.rect(GOLD, (x - 22, y - 9, 44, 7), radius=3)
    for i in range(4):
        pen.circle(GOLD_DARK, (x - 15 + i * 10, y - 5.5), 4.6, 1.6)
    pen.rect(GOLD_LIGHT, (x - 18, y - 8, 18, 1.6))


def prop_money_bag(pen: Pen, t: Traits, head: Head) -> None:
    """A bulging sack of cash with a dollar sign."""
    del t
    x, y = head.cx + 58, PORTRAIT_BOTTOM - 42
    sack = (196, 176, 128)
    pen.circle(sack, (x, y), 28)
    pen.circle(LINE, (x, y), 28, 1.2)
    pen.polygon(sack, [(x - 9, y - 26), (x + 9, y - 26), (x + 16, y - 42), (x - 16, y - 42)],
                LINE, 1.2)
    pen.rect((150, 40, 40), (x - 11, y - 30, 22, 5), radius=2)
    pen.text("$", 34, (90, 70, 36), (x, y + 2))


def prop_rose(pen: Pen, t: Traits, head: Head) -> None:
    """A red rose in the buttonhole."""
    del t
    x, y = head.cx - 40, head.cy + head.ry + 44
    pen.stroke((40, 100, 50), [(x, y), (x + 4, y + 16)], 1.6)
    pen.polygon((46, 110, 56), leaf((x + 2, y + 8), (x + 14, y + 6), 6))
    pen.circle((170, 20, 36), (x, y), 7.5)
    pen.circle(LINE, (x, y), 7.5, 0.9)
    pen.circle((214, 46, 60), (x - 1, y - 1), 4.5)
    pen.stroke((120, 10, 24), ellipse_points((x - 1, y - 1), 3, 2.5, 0, 300), 1.0)


PROP_DRAWERS: dict[str, Callable[[Pen, Traits, Head], None]] = {
    "tommy_gun": prop_tommy_gun,
    "pistol": prop_pistol,
    "briefcase": prop_briefcase,
    "ledger": prop_ledger,
    "knuckles": prop_knuckles,
    "money_bag": prop_money_bag,
    "rose": prop_rose,
}


def draw_prop(pen: Pen, t: Traits, head: Head) -> None:
    """The prop in front of the figure, if he has one."""
    if t.prop != "none":
        PROP_DRAWERS[t.prop](pen, t, head)


def draw_portrait(card: Card) -> Pen:
    """The art-deco portrait window: tinted pattern, spotlight, the gangster and his props."""
    _, _, w, h = PANEL_BOX
    style = STYLES[card.family]
    pen = Pen.blank((w, h))
    base = mix(style.main, CREAM, 0.45)
    accent = mix(style.main, CREAM, 0.25)
    draw_pattern(pen, style.pattern, (0, 0, w, h), base, accent, (w / 2, h + 10))
    t = traits_for(card)
    head = Head(w / 2 + t.lean, 136, t.head_w / 2, t.head_h / 2, t.jaw)
    layer = Pen.blank((w, h))
    radial_glow(pen, (head.cx, 100), 110, 60)
    vignette = Pen.blank((w, h))
    vertical_gradient(vignette, (0, h * 0.55, w, h * 0.45), (0, 0, 0), (70, 70, 70))
    pen.paste(vignette, flags=pygame.BLEND_RGB_SUB)
    figure = layer.zoomed(PORTRAIT_ZOOM, (w / 2, h))
    for part in (draw_suit, draw_head, draw_hair, draw_eyes, draw_nose_mouth, draw_hat,
                 draw_mouth_prop, draw_prop):
        part(figure, t, head)
    shadow = layer.surface.copy()
    shadow.fill((0, 0, 0, 80), special_flags=pygame.BLEND_RGBA_MULT)
    pen.surface.blit(shadow, pen.pt((8, 3)))
    pen.paste(layer)
    mask = Pen.blank((w, h))
    mask.surface.fill((255, 255, 255, 0))
    mask.polygon((255, 255, 255, 255), arch_points((0, 0, w, h)))
    pen.paste(mask, flags=pygame.BLEND_RGBA_MULT)
    return pen


# ------------------------------------------------------------------------------- card furniture


def draw_frame(pen: Pen, line: Colour, fine: Colour) -> None:
    """The card's printed border: a dark die-cut edge, a gold band and a fine inner rule."""
    pen.rect(EDGE, (0, 0, CARD_W, CARD_H), 2.5, radius=CORNER_RADIUS)
    pen.rect(line, (6, 6, CARD_W - 12, CARD_H - 12), 2.6, radius=CORNER_RADIUS - 5)
    pen.rect(fine, (11, 11, CARD_W - 22, CARD_H - 22), 1.0, radius=CORNER_RADIUS - 8)


def draw_panel_frame(pen: Pen) -> None:
    """Gold double rule around the portrait window and a sunray keystone on top."""
    x, y, w, _ = PANEL_BOX
    outline = arch_points(PANEL_BOX)
    pen.stroke(GOLD, outline, 3.4)
    pen.stroke(GOLD_LIGHT, outline, 1.0)
    inner = arch_points((x + 6, y + 6, w - 12, PANEL_BOX[3] - 6))
    pen.stroke(mix(GOLD, CREAM, 0.3), inner, 1.0)
    top = (x + w / 2, y)
    for i in range(7):
        a = math.radians(180 + 15 + i * 25)
        pen.stroke(GOLD_DARK, [(top[0] + 8 * math.cos(a), top[1] + 8 * math.sin(a)),
                               (top[0] + 17 * math.cos(a), top[1] + 17 * math.sin(a))], 1.6)
    pen.circle(GOLD, top, 7)
    pen.circle(GOLD_DARK, top, 7, 1.2)


PENNANT_SIZE = (56.0, 120.0)
PENNANT_X = 14.0
#: Centre and size of the family symbol on the pennant, in card units.
SYMBOL_AT, SYMBOL_SIZE = (25.0, 86.0), 28.0


def draw_pennant(card: Card) -> Pen:
    """The corner index: a hanging pennant in the family colour with rank and symbol.

    Big bold numerals with a strong contrast keep the rank readable on cards shown ~70 px wide.
    """
    style = STYLES[card.family]
    pen = Pen.blank(PENNANT_SIZE)
    shape = [(0, 0), (50, 0), (50, 97), (25, 114), (0, 97)]
    pen.polygon((40, 30, 20, 90), move(shape, 3, 3))
    pen.polygon(style.main, shape)
    pen.stroke(mix(style.main, style.ink, 0.45), [(5, 0), (5, 94), (25, 107), (45, 94), (45, 0)],
               0.9)
    pen.stroke(GOLD, shape[:1] + shape[:0:-1], 2.4)
    pen.text(str(card.rank), 100, style.ink, (25, 40))
    SYMBOLS[card.family](pen, SYMBOL_AT, SYMBOL_SIZE, style.ink)
    return pen


#: Where the corner symbol lands on the finished card, in pixels (for the greyscale test).
SYMBOL_BOX = pygame.Rect(0, 0, SYMBOL_SIZE, SYMBOL_SIZE)
SYMBOL_BOX.center = (round(PENNANT_X + SYMBOL_AT[0]), round(SYMBOL_AT[1]))


def draw_medallion(pen: Pen, c: Point, r: float, fill: Colour) -> None:
    """A gold-rimmed disc, the base of ability icons and start-set emblems."""
    pen.circle((40, 30, 20), (c[0] + 1.5, c[1] + 1.5), r + 1)
    pen.circle(GOLD, c, r)
    pen.circle(fill, c, r - 3)
    pen.circle(GOLD_LIGHT, c, r - 5, 0.8)


def draw_ability(pen: Pen, card: Card) -> None:
    """Ranks 1–4 show their family's ability in a medallion top right; rank 0 has none."""
    if card.rank == 0:
        return
    c = (252.0, 46.0)
    draw_medallion(pen, c, 24, INK)
    ABILITY_ICONS[card.family](pen, c, 30, GOLD_LIGHT)


def draw_banner(pen: Pen, card: Card) -> None:
    """The name on a black ribbon with swallow-tailed ends in the family's dark shade."""
    style = STYLES[card.family]
    y, h = 268.0, 32.0
    tail = [(16, y + 8), (48, y + 8), (48, y + h + 8), (16, y + h + 8), (26, y + h / 2 + 8)]
    for part in (tail, mirror(tail, CARD_W / 2)):
        pen.polygon(style.dark, part, LINE, 1.0)
    fold = [(40, y + h), (48, y + h), (48, y + h + 8)]
    for part in (fold, mirror(fold, CARD_W / 2)):
        pen.polygon(shade(style.dark, 0.5), part)
    pen.rect(INK, (40, y, CARD_W - 80, h))
    pen.rect(GOLD, (40, y + 2.5, CARD_W - 80, 1.4))
    pen.rect(GOLD, (40, y + h - 3.9, CARD_W - 80, 1.4))
    name = card.name.upper()
    size = LETTERING.fit_size(name, 25, CARD_W - 100, 1.2)
    pen.text(name, size, CREAM, (CARD_W / 2, y + h / 2), 1.2)


def draw_vp_badge(pen: Pen, card: Card) -> None:
    """R1.4: the victory points on a gold coin in a laurel at the bottom of the card.

    The word under the number is left out: it is printed in the player's language.
    """
    c = (CARD_W / 2, 364.0)
    laurel(pen, c, 34, mix(GOLD, (60, 90, 40), 0.35), leaves=5, size=1.1)
    pen.circle((40, 30, 20), (c[0] + 1.5, c[1] + 1.5), 27)
    for i in range(10):
        pen.circle(mix(GOLD_DARK, GOLD_LIGHT, i / 9), (c[0] - i * 0.5, c[1] - i * 0.5),
                   26 - i * 1.4)
    pen.circle(GOLD_DARK, c, 26, 1.4)
    pen.circle(GOLD_DARK, c, 21, 0.8)
    pen.text(str(card.vp), 36 if card.vp < 10 else 31, INK, (c[0], c[1] - 4))


def draw_start_marker(pen: Pen, card: Card) -> None:
    """R1.5: start-set cards carry their set's emblem bottom left, in the colour of its back
    (the word under it is printed in the player's language)."""
    number = BACK_NUMBERS[card.back]
    if not number:
        return
    c = (46.0, 368.0)
    draw_medallion(pen, c, 16, BACK_COLOURS[card.back])
    pen.text(str(number), 26, GOLD_LIGHT, c)


def draw_face(card: Card) -> Pen:
    """One card face at supersampled size, without its words (the game prints them)."""
    pen = Pen.blank(CARD_SIZE, opaque=True)
    vertical_gradient(pen, (0, 0, CARD_W, CARD_H), CREAM, CREAM_SHADE)
    pen.paste(draw_portrait(card), PANEL_BOX[:2])
    draw_panel_frame(pen)
    draw_banner(pen, card)
    draw_vp_badge(pen, card)
    draw_start_marker(pen, card)
    draw_ability(pen, card)
    draw_frame(pen, GOLD, GOLD_DARK)
    pennant = draw_pennant(card)
    pen.paste(pennant, (PENNANT_X, 0))
    flipped = Pen(pygame.transform.rotate(pennant.surface, 180))
    pen.paste(flipped, (CARD_W - PENNANT_X - PENNANT_SIZE[0], CARD_H - PENNANT_SIZE[1]))
    return pen


# ----------------------------------------------------------------------------------------- backs


def draw_back(back: Back) -> Pen:
    """R1.5: neutral back with the wordmark; start-set backs in their own colour with a numeral
    (and room under it for the words "start set", printed in the player's language)."""
    base = BACK_COLOURS[back]
    pen = Pen.blank(CARD_SIZE, opaque=True)
    vertical_gradient(pen, (0, 0, CARD_W, CARD_H), shade(base, 1.25), shade(base, 0.7))
    draw_pattern(pen, BACK_PATTERNS[back], (14, 14, CARD_W - 28, CARD_H - 28), shade(base, 0.95),
                 shade(base, 1.3), (CARD_W / 2, CARD_H / 2))
    radial_glow(pen, (CARD_W / 2, CARD_H / 2), 150, 26)
    for inset in (20, 28):
        pen.rect(GOLD, (inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset), 1.2, radius=4)
    for corner in ((20, 20), (CARD_W - 20, 20), (20, CARD_H - 20), (CARD_W - 20, CARD_H - 20)):
        pen.polygon(GOLD, star_points(corner, 10, 3, tips=4, angle=0))
    c = (CARD_W / 2, CARD_H / 2)
    diamond = [(c[0], c[1] - 120), (c[0] + 96, c[1]), (c[0], c[1] + 120), (c[0] - 96, c[1])]
    pen.polygon(shade(base, 0.6), diamond, GOLD, 2.4)
    pen.stroke(GOLD_DARK, [*move(diamond[:1], 0, 10), (c[0] + 84, c[1]), (c[0], c[1] + 110),
                           (c[0] - 84, c[1]), (c[0], c[1] - 110)], 1.0)
    number = BACK_NUMBERS[back]
    if number:
        draw_medallion(pen, (c[0], c[1] - 12), 46, shade(base, 0.8))
        pen.text(str(number), 110, GOLD_LIGHT, (c[0], c[1] - 12))
        pen.text("FAMIGLIA", 11, GOLD, (c[0], c[1] + 70), 3.0)
    else:
        for i, family in enumerate(Family):
            spot = (c[0] + (i % 2 - 0.5) * 34, c[1] + (i // 2 - 0.5) * 104)
            SYMBOLS[family](pen, spot, 20, GOLD)
        pen.rect(INK, (16, c[1] - 22, CARD_W - 32, 44))
        pen.rect(GOLD, (16, c[1] - 19, CARD_W - 32, 1.4))
        pen.rect(GOLD, (16, c[1] + 17.6, CARD_W - 32, 1.4))
        pen.text("FAMIGLIA", 34, GOLD_LIGHT, c, 5.0)
    draw_frame(pen, GOLD, GOLD_DARK)
    return pen


# ------------------------------------------------------------------------------------ finishing


@functools.cache
def corner_mask() -> pygame.Surface:
    """White with alpha: opaque inside the rounded card outline, clear outside, soft edge."""
    pen = Pen.blank(CARD_SIZE)
    pen.surface.fill((255, 255, 255, 0))
    pen.rect((255, 255, 255, 255), (0, 0, CARD_W, CARD_H), radius=CORNER_RADIUS)
    return pygame.transform.smoothscale(pen.surface, CARD_SIZE)


def finish(pen: Pen) -> pygame.Surface:
    """Scale the supersampled drawing down to card size and cut the rounded corners."""
    card = pygame.Surface(CARD_SIZE, pygame.SRCALPHA)
    card.blit(pygame.transform.smoothscale(pen.surface, CARD_SIZE), (0, 0))
    card.blit(corner_mask(), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return card


def card_images() -> dict[str, pygame.Surface]:
    """All 63 images by file name (R1.5 backs after the 60 faces)."""
    images = {f"card_{card.id:02d}.png": finish(draw_face(card)) for card in DECK}
    for back in Back:
        images[f"back_{back.value}.png"] = finish(draw_back(back))
    return images


# ------------------------------------------------------------------------------- contact sheet

THUMB = (100, 140)
GAP = 12
LABEL_W = 180
FELT = (24, 74, 46)
ABILITY_WORDS: dict[Family, str] = {
    Family.FAMIGLIA: "no ability, more VP",
    Family.ACCOUNTANT: "exchange cards",
    Family.BRUTE: "lower a rank",
    Family.MERCENARY: "joker",
}


def legend(size: tuple[int, int]) -> pygame.Surface:
    """The sheet's key: each family's colour and symbol (R1.2) and its ability icon (R3.2–R3.4)."""
    pen = Pen.blank(size)
    col = size[0] / 4
    for i, family in enumerate(Family):
        style = STYLES[family]
        x, y = col * i + col / 2, 44.0
        pen.circle(GOLD, (x - 32, y), 26)
        pen.circle(style.main, (x - 32, y), 23)
        SYMBOLS[family](pen, (x - 32, y), 26, style.ink)
        draw_medallion(pen, (x + 32, y), 26, INK)
        ABILITY_ICONS[family](pen, (x + 32, y), 32, GOLD_LIGHT)
        pen.text(family.display_name.upper(), 14, CREAM, (x, y + 50), 1.5)
        pen.text(ABILITY_WORDS[family], 14, GOLD_LIGHT, (x, y + 72), 0.5)
    return pygame.transform.smoothscale(pen.surface, size)


#: The words on the contact sheet's cards: English, like the rest of the documentation.
SHEET_WORDS = CardWords({family: family.display_name.upper() for family in Family}, "VP", "START",
                        "START SET")


def printed(images: dict[str, pygame.Surface], words: CardWords) -> dict[str, pygame.Surface]:
    """The cards with their words, as the game shows them."""
    cards = {f"card_{card.id:02d}.png": LETTERING.face(images[f"card_{card.id:02d}.png"], card,
                                                       words) for card in DECK}
    for back in Back:
        name = f"back_{back.value}.png"
        cards[name] = LETTERING.back(images[name], back, words)
    return cards


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    """The deck on a green baize: one row per family (R1.2), then the three backs (R1.5); the
    images are the cards as drawn, the sheet shows them with their English words."""
    images = printed(images, SHEET_WORDS)
    rows = 5
    width = LABEL_W + 15 * (THUMB[0] + GAP) + 20
    row_h = THUMB[1] + 34
    height = 80 + rows * row_h + 10
    felt = Pen(pygame.Surface((width, height)), 1)
    felt.surface.fill(FELT)
    radial_glow(felt, (width / 2, height / 2), width * 0.6, 40)
    felt.text("FAMIGLIA  ·  THE DECK", 30, GOLD_LIGHT, (width / 2, 40), 4.0)
    labelled: list[tuple[str, list[tuple[str, str]]]] = [
        (family.display_name.upper(),
         [(f"card_{c.id:02d}.png", c.code) for c in DECK if c.family is family])
        for family in Family
    ]
    labelled.append(("BACKS", [(f"back_{b.value}.png", b.value) for b in Back]))
    for row, (label, entries) in enumerate(labelled):
        top = 80 + row * row_h
        felt.text(label, 15, CREAM, (LABEL_W / 2, top + THUMB[1] / 2), 1.5)
        for col, (name, caption) in enumerate(entries):
            x = LABEL_W + col * (THUMB[0] + GAP)
            felt.rect(shade(FELT, 0.55), (x + 3, top + 4, *THUMB), radius=7)
            thumb = pygame.transform.smoothscale(images[name], THUMB)
            felt.surface.blit(thumb, (x, top))
            felt.text(caption, 14, CREAM_SHADE, (x + THUMB[0] / 2, top + THUMB[1] + 14))
    key = legend((width - LABEL_W - 3 * (THUMB[0] + GAP) - 60, THUMB[1]))
    felt.surface.blit(key, (width - 30 - key.get_width(), 80 + (rows - 1) * row_h))
    return felt.surface


# ------------------------------------------------------------------------------------------ main


def build(out_dir: Path, sheet: Path | None) -> dict[str, pygame.Surface]:
    """Write the 63 card images to ``out_dir`` and, unless ``sheet`` is None, the contact sheet."""
    pygame.font.init()
    images = card_images()
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, image in images.items():
        pygame.image.save(image, str(out_dir / name))
    if sheet is not None:
        sheet.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(contact_sheet(images), str(sheet))
    return images


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: ``build_assets.py [OUT_DIR] [--sheet PATH]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out_dir", nargs="?", type=Path, default=OUT_DIR,
                        help="folder for the card PNGs (default: assets/cards/)")
    parser.add_argument("--sheet", type=Path, default=SHEET_PATH,
                        help="where to write the contact sheet (default: docs/cards.png)")
    args = parser.parse_args(argv)
    build(args.out_dir, args.sheet)


if __name__ == "__main__":
    main()
