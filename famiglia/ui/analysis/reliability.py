"""The reliability diagram of the winning chances (``famiglia calibration``): the chances the
analysis gave against how often the seat won when the game was played on from there, one
faint dot per position and one marker per tenth of the chances (its size the positions it
holds), with the diagonal where they agree; drawn with :mod:`.chart` in the analysis graph's
style and saved as a PNG, without a window."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from ...players.calibration import Checked, Report
from .. import theme as t
from ..theme import Theme
from . import chart

#: The picture's size in pixels.
SIZE = (720, 720)
MARGIN = 64


def save_diagram(report: Report, checked: Sequence[Checked], path: Path, title: str) -> None:
    """Draw the diagram of ``checked`` (summed up in ``report``) and save it to ``path``."""
    pygame.font.init()
    theme = Theme()
    image = pygame.Surface(SIZE)
    image.fill(t.FELT_DARK)
    plot = chart.Plot(pygame.Rect(MARGIN, MARGIN, SIZE[0] - 2 * MARGIN + 16,
                                  SIZE[1] - 2 * MARGIN), 0, 100, 0, 100)
    levels = (0, 25, 50, 75, 100)
    chart.draw_grid(image, theme, plot, levels, [f"{level} %" for level in levels], 16,
                    strong=50)
    chart.draw_x_labels(image, theme, plot, [(level, f"{level} %") for level in levels], 16)
    pygame.draw.line(image, t.INK_DIM, plot.point(0, 0), plot.point(100, 100), 1)
    for item in checked:
        chart.draw_marker(image, plot.point(item.chances, item.rate), 2, t.INK_DIM)
    centres = [plot.point(chances, rate) for chances, rate, _count in report.bins]
    chart.draw_line(image, centres, t.GOLD, 2)
    most = max((count for _c, _r, count in report.bins), default=1)
    for centre, (_chances, _rate, count) in zip(centres, report.bins, strict=True):
        chart.draw_marker(image, centre, 4 + round(6 * count / most), t.GOLD)
    heading = theme.text(title, 18, t.GOLD, bold=True)
    image.blit(heading, (MARGIN, 16))
    below = theme.text("the analysis's winning chances", 16, t.INK)
    image.blit(below, below.get_rect(midtop=(plot.rect.centerx, plot.rect.bottom + 26)))
    side = pygame.transform.rotate(theme.text("won when played on", 16, t.INK), 90)
    image.blit(side, side.get_rect(midright=(plot.rect.left - 40, plot.rect.centery)))
    pygame.image.save(image, str(path))
