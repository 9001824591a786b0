"""The background patterns, one per family (R1.2), also laid on the backs (R1.5): each family's
own pattern keeps the families apart where colour does not (in greyscale, for the colour-blind).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .geometry import Box, Colour, Point, ellipse_points
from .pen import Pen


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
