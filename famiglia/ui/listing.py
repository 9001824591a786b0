"""A list shown as a table (the highscores, the past games, the statistics): gold headings over
its columns, its rows striped in two shades of felt with the chosen row lit in gold, a text of
its own where it is empty, and one scroll bar where it holds more rows than it shows.

Its columns are as wide as their texts (:func:`~famiglia.ui.columns.lay_out`: a heading and
the widest cell, a name cut with "…" where the row is short) or, where a list lays them out
itself, as wide as it says.  A cell's text stands at its column's left edge, or at its right
edge (figures); one that is too long for one line may take two at a smaller size (the
statistics' modes).  A list can also draw each row itself (the statistics' charts).

Up/Down, Page Up/Down and Home/End move the choice (a list where a row is chosen) or scroll;
the wheel scrolls three rows; :meth:`ListTable.row_at` finds the row under a click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..i18n import LazyText
from . import theme as t
from .columns import Column, lay_out, narrowest, shorten
from .theme import Theme

#: The room a list keeps free at the right of its rows for its scroll bar.
SCROLLBAR = 14
#: The size of the text of an empty list.
EMPTY_TEXT = 24
#: The rows the wheel scrolls at a notch.
WHEEL_ROWS = 3
#: A heading of several lines ends this far above the rows.
HEADING_FOOT = 3


@dataclass(frozen=True)
class ListColumn:
    """A column: its heading (translated where drawn), whether a cell may be cut with "…"
    where the row is short (a name, never a date or a score), whether its texts stand at its
    right edge (figures), and the smaller size at which a cell too long for one line takes
    two (None: it never does)."""

    heading: str | LazyText
    cut: bool = False
    right: bool = False
    two_lines: int | None = None


@dataclass(frozen=True)
class ListStyle:
    """How a list looks: a row's height (``gap`` of felt under it included, its corners'
    ``radius``), its cells' text size, the headings' size and the band they take above the
    rows (a heading wraps onto at most ``heading_lines`` lines of about equal length,
    ``heading_step`` apart, the font's line where None, the first at ``heading_top``: a
    heading of more lines starts higher, so that it ends just above the rows).  ``inset``:
    the room between a column's edges and its texts, left and right; a heading may take
    ``heading_reach`` more on the side its texts do not stand at.  ``scrollbar``: room is
    kept for one; ``bold_choice``: the chosen row is written in bold; ``empty_below``: how
    far under the headings the text of an empty list is."""

    row: int
    text: int
    heading: int
    band: int
    heading_lines: int = 1
    heading_top: int = 6
    heading_step: int | None = None
    inset: tuple[int, int] = (6, 6)
    heading_reach: int = 0
    gap: int = 3
    radius: int = 5
    scrollbar: bool = True
    bold_choice: bool = False
    empty_below: int = 30


def draw_two_lines(surface: pygame.Surface, theme: Theme, text: str, left: int, width: int,
                   centre: int, size: int, small: int, *, bold: bool = False) -> None:
    """``text`` at ``size`` on one line ``width`` wide, or on two smaller ones (at ``small``,
    never less) where one is too narrow; only a longer text still ends in "…"."""
    if theme.font(size, bold).size(text)[0] <= width:
        lines: tuple[str, ...] = (text,)
    else:
        size = small
        wrapped = theme.wrap(text, size, width, bold)
        lines = (wrapped[0], shorten(theme, " ".join(wrapped[1:]), size, width,
                                     bold=bold))[:len(wrapped)]
    step = theme.font(size, bold).get_linesize() - 2
    y = centre - step * len(lines) // 2
    for line in lines:
        surface.blit(theme.text(line, size, t.INK, bold), (left, y))
        y += step


def balanced(theme: Theme, heading: str, size: int, width: int, most: int) -> tuple[str, ...]:
    """``heading`` in bold at ``size`` on as few lines of ``width`` pixels as it needs (at
    most ``most``), each line about as long as the others ("Mean VP," / "all games", never
    "Mean VP, all" / "games")."""
    lines = theme.wrap(heading, size, width, bold=True, max_lines=most)[:most]
    if len(lines) > 1:
        even = theme.wrap(heading, size, min(width, narrowest(theme, heading, size,
                                                               len(lines))), bold=True)
        if len(even) == len(lines):
            return even
    return lines


class ListTable:
    """One list on a scene: ``columns`` in ``style``, ``empty`` its words where it has no
    rows; ``choosing``: the keys move a chosen row (else they scroll).  The scene gives it its
    :attr:`rect` (:meth:`place`), its :attr:`rows` (each row's cells) and its columns' places
    (:meth:`fit_columns` or :attr:`spans`); ``paint`` draws a row itself, in place of its
    cells."""

    def __init__(self, columns: Sequence[ListColumn], style: ListStyle,
                 empty: Callable[[], str], *, choosing: bool = False,
                 paint: Callable[[pygame.Surface, int, pygame.Rect], None] | None = None
                 ) -> None:
        self.columns = tuple(columns)
        self.style = style
        self.empty = empty
        self.choosing = choosing
        self.paint = paint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: Sequence[Sequence[str]] = ()
        #: each column's left and width, its insets included
        self.spans: list[tuple[int, int]] = []
        #: the first row shown
        self.first = 0
        #: the row lit in gold (the selected game, a new highscore), if any
        self.chosen: int | None = 0 if choosing else None

    # ------------------------------------------------------------------ layout

    def place(self, rect: pygame.Rect) -> None:
        """The list's area, its headings' band at the top; the chosen row stays in view."""
        self.rect = rect
        self.show_chosen()

    @property
    def row_width(self) -> int:
        """The width of a row (the scroll bar's room kept free at its right)."""
        return self.rect.width - (SCROLLBAR if self.style.scrollbar else 0)

    def fit_columns(self, theme: Theme, rows: Sequence[Sequence[str]]) -> None:
        """Each column as wide as its heading and its widest cell of ``rows`` (every row it
        may show: a page that scrolls or a tab that turns moves no column), the room left
        over shared out; where the row is short, the widest give way first."""
        style = self.style
        padding = sum(style.inset)
        widths = lay_out(theme, [Column(str(column.heading), [row[index] for row in rows],
                                        column.cut)
                                 for index, column in enumerate(self.columns)],
                         self.row_width, heading_size=style.heading, cell_size=style.text,
                         padding=padding, heading_lines=style.heading_lines,
                         bold_cells=style.bold_choice)
        self.spans = []
        x = self.rect.x
        for width in widths:
            self.spans.append((x, width + padding))
            x += width + padding

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - self.style.band) // self.style.row)

    def row_rect(self, offset: int) -> pygame.Rect:
        """The ``offset``-th row shown."""
        style = self.style
        return pygame.Rect(self.rect.x, self.rect.y + style.band + style.row * offset,
                           self.row_width, style.row - style.gap)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos``, or None (the headings, below the last row, outside)."""
        if not self.rect.collidepoint(pos):
            return None
        offset = (pos[1] - self.rect.y - self.style.band) // self.style.row
        index = self.first + offset
        return index if offset >= 0 and index < len(self.rows) else None

    # ------------------------------------------------------------------ moving through it

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(max(0, len(self.rows) - self.visible_rows), self.first + rows))

    def choose(self, index: int) -> None:
        """Choose row ``index`` (kept inside the list) and bring it into view."""
        if self.rows:
            self.chosen = max(0, min(len(self.rows) - 1, index))
            self.show_chosen()

    def show_chosen(self) -> None:
        """Scroll as little as brings the chosen row into view."""
        if self.chosen is not None:
            if self.chosen < self.first:
                self.first = self.chosen
            elif self.chosen >= self.first + self.visible_rows:
                self.first = self.chosen - self.visible_rows + 1
        self.scroll(0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls; Up/Down, Page Up/Down and Home/End move the choice or scroll.
        True when the event was one of them."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-WHEEL_ROWS * event.y)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        page, count = self.visible_rows, len(self.rows)
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page,
                 pygame.K_PAGEDOWN: page, pygame.K_HOME: -count, pygame.K_END: count}
        if event.key not in steps:
            return False
        if self.choosing:
            self.choose((self.chosen or 0) + steps[event.key])
        else:
            self.scroll(steps[event.key])
        return True

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self._draw_headings(surface, theme)
        if not self.rows:
            empty = theme.fit(self.empty(), EMPTY_TEXT, self.rect.width, t.INK_DIM)
            surface.blit(empty, empty.get_rect(midtop=(
                self.rect.centerx, self.rect.y + self.style.band + self.style.empty_below)))
            return
        style = self.style
        for offset, index in enumerate(range(self.first, min(len(self.rows),
                                                              self.first + self.visible_rows))):
            rect = self.row_rect(offset)
            chosen = index == self.chosen
            fill = t.GOLD_DARK if chosen else (t.FELT if index % 2 else t.FELT_LIGHT)
            pygame.draw.rect(surface, fill, rect, border_radius=style.radius)
            if chosen:
                pygame.draw.rect(surface, t.HIGHLIGHT, rect, width=2,
                                 border_radius=style.radius)
            if self.paint is not None:
                self.paint(surface, index, rect)
            else:
                self._draw_cells(surface, theme, self.rows[index], rect,
                                 bold=chosen and style.bold_choice)
        self._draw_scrollbar(surface)

    def _draw_headings(self, surface: pygame.Surface, theme: Theme) -> None:
        style = self.style
        left_inset, right_inset = style.inset
        step = style.heading_step or theme.font(style.heading, True).get_linesize()
        for column, (left, width) in zip(self.columns, self.spans, strict=True):
            room = width - left_inset - right_inset + style.heading_reach
            heading = str(column.heading)
            lines = ((heading,) if style.heading_lines == 1
                     else balanced(theme, heading, style.heading, room, style.heading_lines))
            y = self.rect.y + min(style.heading_top,
                                  style.band - HEADING_FOOT - step * len(lines))
            for line in lines:
                image = theme.fit(line, style.heading, room, t.GOLD, bold=True)
                x = (left + width - right_inset - image.get_width() if column.right
                     else left + left_inset)
                surface.blit(image, (x, y))
                y += step

    def _draw_cells(self, surface: pygame.Surface, theme: Theme, cells: Sequence[str],
                    rect: pygame.Rect, *, bold: bool) -> None:
        size = self.style.text
        left_inset, right_inset = self.style.inset
        for text, column, (left, width) in zip(cells, self.columns, self.spans, strict=True):
            room = width - left_inset - right_inset
            if column.two_lines is not None:
                draw_two_lines(surface, theme, text, left + left_inset, room, rect.centery,
                               size, column.two_lines, bold=bold)
                continue
            shown = shorten(theme, text, size, room, bold=bold) if column.cut else text
            image = theme.fit(shown, size, room, t.INK, bold=bold)
            x = left + width - right_inset - image.get_width() if column.right else (
                left + left_inset)
            surface.blit(image, (x, rect.centery - image.get_height() // 2))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        total, visible = len(self.rows), self.visible_rows
        if total <= visible:
            return
        track = pygame.Rect(self.rect.right - 8, self.rect.y + self.style.band, 6,
                            visible * self.style.row - 3)
        pygame.draw.rect(surface, t.FELT, track, border_radius=3)
        height = max(20, track.height * visible // total)
        y = track.y + (track.height - height) * self.first // (total - visible)
        pygame.draw.rect(surface, t.GOLD, (track.x, y, track.width, height), border_radius=3)
