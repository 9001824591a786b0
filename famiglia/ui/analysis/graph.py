"""The graph of one seat's winning chances over a finished game (``Analysis.chain``): a point
after each decision and each group of cards drawn, joined by a line over an area that is
green above even chances and red below.  Decisions are marked in their verdict's colour and
size (the other seat's as rings, from this seat's side); the cards drawn are marked apart, as
triangles pointing up (lucky for this seat, green) or down (unlucky, red), the larger the more
they changed; the position the replay shows is an upright line.  The picture is drawn once
per analysis, seat, size and language; the pointer finds the mark under it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...analyse import verdict_word
from ...i18n import _, pgettext
from ...players.analysis import THRESHOLDS, Analysis, Point
from .. import theme as t
from ..theme import Theme
from . import chart
from .words import VERDICT_COLOURS, VERDICT_RADII

#: How far (pixels) from a mark the pointer still finds it.
REACH = 10
#: A draw's triangle: its size (pixels at 800 pixels high) for no luck and for this many
#: points of the chances or more.
LUCK_LEAST, LUCK_MOST, LUCK_FULL = 3, 9, 30.0
LUCKY, UNLUCKY = t.GREEN, t.RED


class ChancesGraph:
    """The chances of ``seat`` in ``analysis`` across the game's ``moves`` (see the module
    docstring); ``turns`` are the first move of each turn, ``(move, turn)``, for the axis."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font: Callable[[int], int] = lambda size: size
        self.analysis: Analysis | None = None
        self.seat = 0
        self.title = ""
        self.moves = 1
        self.turns: Sequence[tuple[int, int]] = ()
        self.plot = chart.Plot(pygame.Rect(0, 0, 1, 1), 0, 1, 0, 100)
        #: each point of the chain: the point, its centre on the plot and its mark's radius
        #: (0: no mark, the start and the end)
        self.marks: list[tuple[Point, tuple[int, int], int]] = []
        self.hovered: Point | None = None
        self._image: pygame.Surface | None = None

    def show(self, analysis: Analysis, seat: int, title: str, moves: int,
             turns: Sequence[tuple[int, int]]) -> None:
        self.analysis, self.seat, self.title = analysis, seat, title
        self.moves, self.turns = max(1, moves), turns
        self.hovered = None
        self._lay_out()

    def place(self, rect: pygame.Rect, font: Callable[[int], int]) -> None:
        self.rect, self.font = rect.copy(), font
        self._lay_out()

    def _lay_out(self) -> None:
        """The plot's room inside the graph's rect (the title row above, the percentages at
        the left, the turns below) and every mark's place."""
        self._image = None
        theme, rect = self.theme, self.rect
        small = self.font(15)
        left = theme.font(small).size("100 %")[0] + 8
        top = theme.font(self.font(17), True).get_linesize() + 4
        bottom = theme.font(small).get_linesize() + 4
        area = pygame.Rect(rect.left + left, rect.top + top, max(1, rect.width - left - 6),
                           max(1, rect.height - top - bottom))
        self.plot = chart.Plot(area, 0, self.moves, 0, 100)
        self.marks = []
        if self.analysis is None:
            return
        scale = self.font(20) / 20
        for point in self.analysis.chain():
            chances = point.chances if self.seat == 0 else 100.0 - point.chances
            centre = self.plot.point(min(point.ply, self.moves), chances)
            self.marks.append((point, centre, round(self._size(point) * scale)))

    def _size(self, point: Point) -> int:
        if point.decision is not None:
            return max(2, VERDICT_RADII[point.decision.verdict])
        if point.luck is not None:
            share = min(1.0, abs(point.luck.points) / LUCK_FULL)
            return round(LUCK_LEAST + (LUCK_MOST - LUCK_LEAST) * share)
        return 0

    def hit(self, pos: tuple[int, int]) -> Point | None:
        """The marked point nearest ``pos`` (within :data:`REACH` of it, or straight above or
        below it in the plot), a decision's before a draw's at the same place, or None."""
        marked = [mark for mark in self.marks if mark[2]]
        if not self.rect.collidepoint(pos) or not marked:
            return None
        point, centre, radius = min(marked, key=lambda mark: (
            abs(mark[1][0] - pos[0]) + abs(mark[1][1] - pos[1]) / 4,
            mark[0].decision is None))
        near = abs(centre[0] - pos[0]) <= max(REACH, radius + 2)
        return point if near and self.plot.rect.inflate(0, 2 * REACH).collidepoint(pos) \
            else None

    def legend(self) -> list[tuple[str, tuple[int, int, int], int]]:
        """The verdicts as the graph marks them, mildest first: word, colour, radius."""
        scale = self.font(20) / 20
        return [(verdict_word(verdict), VERDICT_COLOURS[verdict],
                 max(2, round(VERDICT_RADII[verdict] * scale)))
                for verdict, _least in reversed(THRESHOLDS)]

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, shown_move: int) -> None:
        """The graph, with the replay's position ``shown_move`` (moves played) marked."""
        if self._image is None:
            self._image = self._render()
        surface.blit(self._image, self.rect)
        plot = self.plot
        x = plot.x(min(shown_move, self.moves))
        pygame.draw.line(surface, t.INK, (x, plot.rect.top), (x, plot.rect.bottom - 1), 1)
        if self.hovered is not None:
            mark = next((m for m in self.marks if m[0] is self.hovered), None)
            if mark is not None:
                pygame.draw.circle(surface, t.HIGHLIGHT, mark[1], mark[2] + 4, width=2)

    def _render(self) -> pygame.Surface:
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        origin = self.rect.topleft
        shifted = chart.Plot(self.plot.rect.move(-origin[0], -origin[1]), 0, self.moves, 0, 100)
        self._draw_heading(image)
        small = self.font(15)
        chart.draw_grid(image, self.theme, shifted, (0, 25, 50, 75, 100),
                        ("0 %", "", "50 %", "", "100 %"), small, strong=50)
        ticks = [(move, str(turn)) for move, turn in self.turns
                 if turn == 1 or turn % 5 == 0]
        chart.draw_x_labels(image, self.theme, shifted, ticks, small)
        # Translators: under the analysis graph's axis of turns (a short word).
        axis = self.theme.text(pgettext("graph", "turn"), small, t.INK_DIM)
        image.blit(axis, axis.get_rect(topright=(shifted.rect.left - 8, shifted.rect.bottom + 4)))
        if self.analysis is None or not self.analysis.everything():
            empty = self.theme.fit(_("No decision of this game had more than one choice."),
                                   self.font(17), shifted.rect.width - 16, t.INK_DIM)
            image.blit(empty, empty.get_rect(center=shifted.rect.center))
            return image
        points = [(x - origin[0], y - origin[1]) for _p, (x, y), _r in self.marks]
        chart.draw_area(image, shifted, points, 50, t.GREEN, t.RED)
        chart.draw_line(image, points, t.GOLD, 2)
        for (point, _centre, radius), where in zip(self.marks, points, strict=True):
            if point.decision is not None:
                chart.draw_marker(image, where, radius, VERDICT_COLOURS[point.decision.verdict],
                                  hollow=point.decision.seat != self.seat)
            elif point.luck is not None and radius:
                lucky = point.luck.for_seat(self.seat) >= 0
                draw_triangle(image, where, radius, LUCKY if lucky else UNLUCKY, up=lucky)
        return image

    def _draw_heading(self, image: pygame.Surface) -> None:
        """The title at the left, the legend of the marks at the right: the verdicts, then a
        lucky and an unlucky draw."""
        theme = self.theme
        size, small = self.font(17), self.font(15)
        entries: list[tuple[pygame.Surface, tuple[int, int, int], int, bool | None]] = []
        for word, colour, radius in self.legend():
            entries.append((theme.text(word, small, t.INK_DIM), colour, radius, None))
        scale = self.font(20) / 20
        luck_size = round(LUCK_MOST * 0.7 * scale)
        # Translators: the analysis graph's legend: cards drawn that raised or lowered the
        # player's chances (marked by triangles).
        for word, colour, lucky in ((pgettext("graph", "lucky draw"), LUCKY, True),
                                    (pgettext("graph", "unlucky draw"), UNLUCKY, False)):
            entries.append((theme.text(word, small, t.INK_DIM), colour, luck_size, lucky))
        legend_width = sum(label.get_width() + 2 * radius + 14
                           for label, _c, radius, _up in entries)
        room = self.rect.width - legend_width - 16
        if room < 120:  # too narrow for all: the verdicts only
            entries = entries[:len(THRESHOLDS)]
            legend_width = sum(label.get_width() + 2 * radius + 14
                               for label, _c, radius, _up in entries)
            room = self.rect.width - legend_width - 16
        title = theme.fit(self.title, size, max(40, room), t.GOLD, bold=True)
        image.blit(title, (2, 0))
        x = self.rect.width - legend_width
        middle = title.get_height() // 2
        for label, colour, largest, pointing in entries:
            radius = min(largest, middle - 1)
            if pointing is None:
                chart.draw_marker(image, (x + radius, middle), radius, colour)
            else:
                draw_triangle(image, (x + radius, middle), radius, colour, up=pointing)
            x += 2 * radius + 4
            image.blit(label, label.get_rect(midleft=(x, middle)))
            x += label.get_width() + 10


def draw_triangle(surface: pygame.Surface, centre: tuple[int, int], radius: int,
                  colour: tuple[int, int, int], *, up: bool) -> None:
    """A triangle pointing up or down around ``centre``, with a dark rim."""
    x, y = centre
    sign = -1 if up else 1
    corners = [(x, y + sign * radius), (x - radius, y - sign * radius * 0.7),
               (x + radius, y - sign * radius * 0.7)]
    rim = [(x, y + sign * (radius + 2)), (x - radius - 2, y - sign * (radius + 1) * 0.7),
           (x + radius + 2, y - sign * (radius + 1) * 0.7)]
    pygame.draw.polygon(surface, t.PANEL, rim)
    pygame.draw.polygon(surface, colour, corners)
