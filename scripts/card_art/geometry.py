"""Colour and geometry in card units, the arithmetic under every drawing.

Colours are blended and shaded, point lists are moved, turned and mirrored, and the outlines the
art is built from (ellipse arcs, Bézier curves, leaves, stars, the art-deco arch) are computed
here as plain point lists, without pygame.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

Point = tuple[float, float]
Colour = tuple[int, ...]
Box = tuple[float, float, float, float]


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
