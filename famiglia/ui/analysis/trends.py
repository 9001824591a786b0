"""The statistics' charts, one pair per mode: the results of the last games (each game a bar of
its VP margin, green when won, red when lost, and the mean margin so far as a gold line) and
the performance in the analysed games over time (the winning chances lost per decision, lower
is better, against the computer's levels drawn as faint lines), drawn with :mod:`.chart` in
the analysis graph's style."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ... import i18n
from ...i18n import _, level_name, ngettext
from ...players.report import LEVEL_PERFORMANCE
from ...store.statistics import Played, Row
from .. import theme as t
from ..theme import Theme
from . import chart

#: How many of a mode's games the charts show, the latest.
LAST = 20
#: The charts keep room for this many games at the least, so that one game is no wide block.
ROOM = 10
OUTCOME_COLOURS = {1: t.GREEN, 0: t.INK_DIM, -1: t.RED}


@dataclass(frozen=True)
class Trend:
    """One row's charts: the margins and outcomes of its last games with the mean margin of
    all its games up to each, and the accuracy of each analysed game (oldest first)."""

    margins: tuple[int, ...]
    outcomes: tuple[int, ...]
    means: tuple[float, ...]
    accuracies: tuple[float, ...]


def trend_of(row: Row, accuracy: Callable[[Played], float | None]) -> Trend:
    """The charts of ``row``; ``accuracy`` gives a game's mean loss per decision, if it was
    analysed."""
    games = row.history
    means, total = [], 0
    for count, game in enumerate(games, start=1):
        total += game.margin
        means.append(total / count)
    last = games[-LAST:]
    found = [accuracy(game) for game in games]
    return Trend(tuple(game.margin for game in last), tuple(game.outcome for game in last),
                 tuple(means[-LAST:]),
                 tuple(value for value in found if value is not None)[-LAST:])


def headings() -> tuple[str, str]:
    """The charts' column headings."""
    return (ngettext("The last {n} game: VP margin (won green, lost red) and mean margin "
                     "(gold line)",
                     "The last {n} games: VP margin (won green, lost red) and mean margin "
                     "(gold line)", LAST).format(n=LAST),
            _("Analysed games: performance, points lost per decision (lower is better), "
              "beside the levels"))


def charts_footnote() -> str:
    """What the charts show, for the footnote."""
    return _("Each bar is one game, the oldest at the left: its margin in VP (your VP − the "
             "opponent's). Analyse a game on its results screen or in its replay and its "
             "performance joins the chart at the right.")


def _plot(theme: Theme, rect: pygame.Rect, size: int, left: str, right: str, low: float,
          high: float) -> chart.Plot:
    """A chart's plot inside its box, with room for its scale at the left and its latest
    value beside the last game."""
    room_left = theme.font(size).size(left)[0] + 10
    room_right = theme.font(size, True).size(right)[0] + 12
    area = pygame.Rect(rect.left + room_left, rect.top + 6,
                       max(1, rect.width - room_left - room_right), max(1, rect.height - 12))
    return chart.Plot(area, 0, 1, low, high)


def draw_results(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, trend: Trend,
                 size: int) -> None:
    """The margins as bars around zero, the mean margin as a line, its latest value."""
    pygame.draw.rect(surface, t.FELT_DARK, rect, border_radius=6)
    if not trend.margins:
        return
    reach = max(10, *(abs(margin) for margin in trend.margins), *(abs(m) for m in trend.means))
    mean = i18n.decimal(trend.means[-1], sign=True)
    plot = _plot(theme, rect, size, f"−{reach}", mean, -reach, reach)
    chart.draw_grid(surface, theme, plot, (-reach, 0, reach), (f"−{reach}", "0", f"+{reach}"),
                    size, strong=0)
    centres = chart.draw_bars(surface, plot, trend.margins,
                              [OUTCOME_COLOURS[outcome] for outcome in trend.outcomes], ROOM)
    chart.draw_line(surface, [(x, plot.y(value)) for x, value in zip(centres, trend.means,
                                                                        strict=True)], t.GOLD)
    _latest(surface, theme, plot, mean, (centres[-1], plot.y(trend.means[-1])), size, t.GOLD,
            len(centres))


def _latest(surface: pygame.Surface, theme: Theme, plot: chart.Plot, text: str,
            point: tuple[int, int], size: int, colour: tuple[int, int, int], count: int) -> None:
    """The latest value beside its point (the last of ``count``), past the end of its slot,
    kept inside the chart's box."""
    label = theme.text(text, size, colour, bold=True)
    slot = plot.rect.width // max(1, count, ROOM)
    where = label.get_rect(midleft=(point[0] + slot // 2 + 4, point[1]))
    where.top = max(where.top, plot.rect.top - 6)
    where.bottom = min(where.bottom, plot.rect.bottom + 6)
    surface.blit(label, where)


def draw_accuracy(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, trend: Trend,
                  size: int) -> None:
    """Each analysed game's loss per decision, joined by a line, its latest value."""
    pygame.draw.rect(surface, t.FELT_DARK, rect, border_radius=6)
    values = trend.accuracies
    if not values:
        empty = theme.fit(_("No analysed game yet."), size, rect.width - 12, t.INK_DIM)
        surface.blit(empty, empty.get_rect(center=rect.center))
        return
    weakest = max(figure for _levels, figure in LEVEL_PERFORMANCE)
    high = max(round(weakest * 1.5 + 0.5), round(max(values) + 0.5))
    latest = i18n.decimal(values[-1])
    plot = _plot(theme, rect, size, str(high), latest, 0, high)
    chart.draw_grid(surface, theme, plot, (0, high), ("0", str(high)), size)
    above = plot.rect.bottom
    for levels, figure in LEVEL_PERFORMANCE:  # strongest first: from the bottom up
        y = plot.y(figure)
        pygame.draw.line(surface, chart.GRID, (plot.rect.left, y), (plot.rect.right - 1, y))
        # Translators: two of the computer's levels beside their line in the statistics.
        words = _("{first}, {second}").format(first=level_name(levels[0]),
                                             second=level_name(levels[1]))
        name = theme.text(words, max(10, size - 3), t.INK_DIM)
        where = name.get_rect(bottomright=(plot.rect.right - 2, y))
        if where.bottom <= above and where.top >= plot.rect.top:
            surface.blit(name, where)
            above = where.top
    points = [(x, plot.y(value)) for x, value in zip(chart.slot_centres(plot, len(values), ROOM),
                                                     values, strict=True)]
    chart.draw_line(surface, points, t.HIGHLIGHT)
    for point in points:
        chart.draw_marker(surface, point, 3, t.HIGHLIGHT)
    _latest(surface, theme, plot, latest, points[-1], size, t.HIGHLIGHT, len(points))
