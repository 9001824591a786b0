"""Charts in the game's style, shared by the analysis graph and the statistics: a plot area that
maps values to pixels (:class:`Plot`), its grid and labels, a line, an area filled against a
baseline, bars and markers.  Everything is drawn with pygame-ce's primitives in the theme's
colours; a chart that does not change is drawn once into a surface by its owner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .. import theme as t
from ..theme import Colour, Theme

Point = tuple[float, float]

#: The grid's lines and the dim labels beside them.
GRID = (64, 92, 74)
#: How strongly an area is filled (alpha).
FILL_ALPHA = 70


@dataclass(frozen=True)
class Plot:
    """The pixels ``rect`` showing x from ``x_low`` to ``x_high`` (left to right) and y from
    ``y_low`` to ``y_high`` (bottom to top)."""

    rect: pygame.Rect
    x_low: float
    x_high: float
    y_low: float
    y_high: float

    def x(self, value: float) -> int:
        span = self.x_high - self.x_low or 1.0
        return round(self.rect.left + (value - self.x_low) / span * (self.rect.width - 1))

    def y(self, value: float) -> int:
        span = self.y_high - self.y_low or 1.0
        return round(self.rect.bottom - 1 - (value - self.y_low) / span * (self.rect.height - 1))

    def point(self, x: float, y: float) -> tuple[int, int]:
        return self.x(x), self.y(y)


def draw_grid(surface: pygame.Surface, theme: Theme, plot: Plot, levels: Sequence[float],
              labels: Sequence[str], size: int, *, strong: float | None = None) -> None:
    """Horizontal lines at ``levels`` with their ``labels`` left of the plot (right-aligned);
    the line at ``strong`` (a baseline) drawn brighter."""
    for level, label in zip(levels, labels, strict=True):
        y = plot.y(level)
        colour = t.PANEL_EDGE if level == strong else GRID
        pygame.draw.line(surface, colour, (plot.rect.left, y), (plot.rect.right - 1, y))
        if label:
            image = theme.text(label, size, t.INK_DIM)
            surface.blit(image, image.get_rect(midright=(plot.rect.left - 4, y)))


def draw_x_labels(surface: pygame.Surface, theme: Theme, plot: Plot,
                  ticks: Sequence[tuple[float, str]], size: int) -> None:
    """Small tick marks under the plot with their labels, each kept clear of the one before."""
    right = plot.rect.left - 1000
    for value, label in ticks:
        x = plot.x(value)
        pygame.draw.line(surface, GRID, (x, plot.rect.bottom), (x, plot.rect.bottom + 3))
        image = theme.text(label, size, t.INK_DIM)
        where = image.get_rect(midtop=(x, plot.rect.bottom + 4))
        if where.left > right + 4:
            surface.blit(image, where)
            right = where.right


def draw_line(surface: pygame.Surface, points: Sequence[tuple[int, int]], colour: Colour,
              width: int = 2) -> None:
    if len(points) >= 2:
        pygame.draw.lines(surface, colour, False, points, width)


def draw_area(surface: pygame.Surface, plot: Plot, points: Sequence[tuple[int, int]],
              baseline: float, above: Colour, below: Colour) -> None:
    """The area between the line through ``points`` and ``baseline``: in ``above`` where the
    line is over it, in ``below`` where it is under it (translucent)."""
    if len(points) < 2:
        return
    base = plot.y(baseline)
    layer = pygame.Surface(plot.rect.size, pygame.SRCALPHA)
    shape = [(x - plot.rect.left, y - plot.rect.top)
             for x, y in [(points[0][0], base), *points, (points[-1][0], base)]]
    for colour, clip in ((above, pygame.Rect(0, 0, plot.rect.width, base - plot.rect.top)),
                         (below, pygame.Rect(0, base - plot.rect.top, plot.rect.width,
                                             plot.rect.bottom - base))):
        layer.set_clip(clip)
        pygame.draw.polygon(layer, (*colour, FILL_ALPHA), shape)
    surface.blit(layer, plot.rect)


def slot_centres(plot: Plot, count: int, slots: int) -> list[int]:
    """The x of the middle of each of ``count`` values side by side from the plot's left,
    each in one of ``slots`` equal slots (at least ``count``), so that a few values keep the
    width many would have."""
    slot = plot.rect.width / max(1, count, slots)
    return [round(plot.rect.left + (index + 0.5) * slot) for index in range(count)]


def draw_bars(surface: pygame.Surface, plot: Plot, values: Sequence[float],
              colours: Sequence[Colour], slots: int, baseline: float = 0.0) -> list[int]:
    """One bar per value from ``baseline``, side by side from the plot's left in
    :func:`slot_centres`' slots; the bars' centres."""
    centres = slot_centres(plot, len(values), slots)
    width = max(2, round(plot.rect.width / max(1, len(values), slots) * 0.7))
    base = plot.y(baseline)
    for centre, value, colour in zip(centres, values, colours, strict=True):
        top = plot.y(value)
        rect = pygame.Rect(centre - width // 2, min(top, base), width, max(1, abs(base - top)))
        pygame.draw.rect(surface, colour, rect, border_radius=2)
    return centres


def draw_marker(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour,
                *, hollow: bool = False) -> None:
    """A round marker with a dark rim (``hollow``: a ring)."""
    pygame.draw.circle(surface, t.PANEL, centre, radius + 1)
    pygame.draw.circle(surface, colour, centre, radius, width=2 if hollow else 0)
