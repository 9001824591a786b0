"""Statistics: a table with one row per mode — hot-seat per player, against the computer per
level, solo per level and variant (S3) — computed from the past games' records, so they always
agree with the list of past games.  The footnote says what each average is over (all games,
never wins only).  A second page shows the same rows as charts
(:mod:`famiglia.ui.analysis.trends`): the results of the last games and the accuracy of the
analysed ones.

Up/Down, Page Up/Down, Home/End and the mouse wheel scroll; Tab (or Left and Right) turns the
page; Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _, lazy_pgettext, pgettext
from ...rules.messages import Message
from ...store.analyses import KeptAccuracies
from ...store.records import RecordStore
from ...store.statistics import Row, compute
from .. import keys
from .. import theme as t
from ..analysis import trends
from ..columns import shorten
from ..labels import back_words, mode_label
from ..scene import Scene
from ..widgets import Button, Choice, draw_dialog

if TYPE_CHECKING:
    from ..app import App
    from ..theme import Theme

ROW = 40
TEXT = 21
#: A row's label in two lines of this size when one is too narrow for it (never smaller).
SMALL = 19
#: The first column (the mode) takes this share; the nine figures share the rest.
LABEL_SHARE = 0.2
#: Headings wrap to at most this many lines of this size; the rows start below them.
HEADING_LINES = 4
HEADING_SIZE = 16
HEADING_LINE = 16
HEADING = HEADING_LINES * HEADING_LINE + 10
#: The charts' rows and their headings' lines.
CHART_ROW = 84
CHART_HEADING_LINES = 3
CHART_HEADING = CHART_HEADING_LINES * HEADING_LINE + 10
#: The two pages.
FIGURES, CHARTS = "figures", "charts"
#: The figures' headings, in the order of ``Row.cells``: each says exactly what it counts.
COLUMNS = (lazy_pgettext("column", "Games"), lazy_pgettext("column", "Wins"),
           lazy_pgettext("column", "Draws"), lazy_pgettext("column", "Win rate"),
           lazy_pgettext("column", "Mean VP, all games"),
           lazy_pgettext("column", "Mean margin, all games"),
           lazy_pgettext("column", "Best ranking value"),
           lazy_pgettext("column", "Current win streak"),
           lazy_pgettext("column", "Longest win streak"))


def figures_footnote() -> str:
    """What the columns mean, for the footnote."""
    return _("Win rate = wins ÷ all games. Mean VP and mean margin (your VP − the opponent's "
             "VP) are averaged over all games, won, drawn and lost; an abandoned game (one a "
             "new game replaced) is not counted. The ranking value (2 × your VP − the "
             "Gangster's VP) counts for won solo games only.")


def row_label(row: Row) -> str:
    """The mode of a row, and whose games it counts where that is a person."""
    mode = mode_label(row.mode)
    return _("{mode}: {player}").format(mode=mode, player=row.player) if row.player else mode


class StatisticsScene(Scene):
    """The statistics of all past games, per mode."""

    def __init__(self, app: App, *, store: RecordStore | None = None) -> None:
        super().__init__(app)
        store = store or RecordStore()
        self.rows: list[Row] = compute(store.games())
        self.notice: Message | str | None = store.take_notice()
        self.first = 0
        self.back = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self.page: Choice[str] = Choice([], FIGURES, self._turned)
        #: each row's charts, worked out when the charts are first shown
        self.trends: list[trends.Trend] | None = None
        self._label_buttons()
        self.panel = self.table = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def _label_buttons(self) -> None:
        self.back.text, self.back.tooltip = back_words()
        # Translators: the statistics' two pages: the table of figures and the charts.
        self.page.options = [(pgettext("statistics", "Figures"), FIGURES),
                             (pgettext("statistics", "Charts"), CHARTS)]

    @property
    def charts(self) -> bool:
        return self.page.value == CHARTS

    def _turned(self, page: str) -> None:
        """The other page: the charts read the kept analyses the first time they show."""
        if page == CHARTS and self.trends is None:
            accuracies = KeptAccuracies()
            self.trends = [trends.trend_of(row, lambda game: accuracies.of(game.path,
                                                                           game.seat))
                           for row in self.rows]
            self.notice = self.notice or accuracies.notice
        self.first = 0
        self.resize(self.app.size)

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    @property
    def row_height(self) -> int:
        return CHART_ROW if self.charts else ROW

    @property
    def heading_height(self) -> int:
        return CHART_HEADING if self.charts else HEADING

    @property
    def visible_rows(self) -> int:
        return max(1, (self.table.height - self.heading_height) // self.row_height)

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(max(0, len(self.rows) - self.visible_rows), self.first + rows))

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel = pygame.Rect(0, 0, min(1240, width - 40), height - 40)
        self.panel.center = (width // 2, height // 2)
        self.back.rect = pygame.Rect(0, 0, 200, 48)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 20)
        width = min(320, self.panel.width // 3)
        self.page.rect = pygame.Rect(self.panel.right - 24 - width, self.panel.y + 22, width,
                                     40)
        footer = 3 * 22 + 16 + (44 if self.notice else 0)
        self.table = pygame.Rect(self.panel.x + 24, self.panel.y + 86, self.panel.width - 48,
                                 self.back.rect.top - footer - self.panel.y - 86)
        self.scroll(0)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if self.page.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_LEFT,
                                                          pygame.K_RIGHT):
            self.page.choose(CHARTS if self.page.value == FIGURES else FIGURES)
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                     pygame.K_PAGEDOWN: self.visible_rows, pygame.K_HOME: -len(self.rows),
                     pygame.K_END: len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])
                return
        if not keys.menu_key(self.app, event):
            self.back.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Statistics"), 40)
        self.page.draw(surface, theme)
        if self.charts:
            self._draw_charts(surface, theme)
        else:
            self._draw_table(surface, theme)
        y = self.table.bottom + 10
        if self.notice:
            notice = i18n.translate_message(self.notice)
            for line in theme.wrap(notice, 20, self.panel.width - 80, max_lines=2)[:2]:
                image = theme.text(line, 20, t.HIGHLIGHT, bold=True)
                surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
                y += 22
        footnote = trends.charts_footnote() if self.charts else figures_footnote()
        for line in theme.wrap(footnote, 19, self.panel.width - 80, max_lines=3)[:3]:
            image = theme.text(line, 19, t.INK_DIM)
            surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
            y += 22
        self.back.draw(surface, theme)
        self.back.draw_tooltip(surface, theme)

    @staticmethod
    def _draw_label(surface: pygame.Surface, theme: Theme, text: str, rect: pygame.Rect,
                    width: int) -> None:
        """A row's mode and player: one line, or two smaller ones when the column is narrow
        (German and Dutch modes are long); only a longer text still ends in "…"."""
        if theme.font(TEXT).size(text)[0] <= width:
            lines: tuple[str, ...] = (text,)
            size = TEXT
        else:
            size = SMALL
            wrapped = theme.wrap(text, size, width)
            lines = (wrapped[0], shorten(theme, " ".join(wrapped[1:]), size, width))[:len(wrapped)]
        step = theme.font(size).get_linesize() - 2
        y = rect.centery - step * len(lines) // 2
        for line in lines:
            surface.blit(theme.text(line, size, t.INK), (rect.x + 6, y))
            y += step

    def _columns(self) -> list[tuple[int, int]]:
        """(left, width) of the mode column and the nine figures (the scroll bar's room
        kept free at the right)."""
        area = self.table
        label = round(area.width * LABEL_SHARE)
        share = (area.width - 20 - label) / len(COLUMNS)
        return [(area.x, label)] + [(area.x + label + round(i * share), round(share))
                                    for i in range(len(COLUMNS))]

    def _draw_table(self, surface: pygame.Surface, theme: Theme) -> None:
        area = self.table
        columns = self._columns()
        headings = (pgettext("column", "Mode"), *(str(heading) for heading in COLUMNS))
        for number, (heading, (left, width)) in enumerate(zip(headings, columns, strict=True)):
            lines = theme.wrap(heading, HEADING_SIZE, width - 6, bold=True,
                               max_lines=HEADING_LINES)[:HEADING_LINES]
            for line_number, line in enumerate(lines):
                image = theme.text(line, HEADING_SIZE, t.GOLD, bold=True)
                x = left + 6 if number == 0 else left + width - 4 - image.get_width()
                surface.blit(image, (x, area.y + 2 + line_number * HEADING_LINE))
        if not self.rows:
            empty = theme.fit(_("No finished games yet: play one and its figures appear here."),
                              24, area.width, t.INK_DIM)
            surface.blit(empty, empty.get_rect(midtop=(area.centerx, area.y + HEADING + 20)))
            return
        for offset, row in enumerate(self.rows[self.first:self.first + self.visible_rows]):
            rect = pygame.Rect(area.x, area.y + HEADING + ROW * offset, area.width - 14,
                               ROW - 3)
            fill = t.FELT if (self.first + offset) % 2 else t.FELT_LIGHT
            pygame.draw.rect(surface, fill, rect, border_radius=5)
            self._draw_label(surface, theme, row_label(row), rect, columns[0][1] - 10)
            for text, (left, width) in zip(row.cells(), columns[1:], strict=True):
                image = theme.text(shorten(theme, text, TEXT, width - 10), TEXT, t.INK)
                surface.blit(image, (left + width - 4 - image.get_width(),
                                     rect.centery - image.get_height() // 2))
        self._draw_scroll_bar(surface)

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        area = self.table
        if len(self.rows) > self.visible_rows:
            track = pygame.Rect(area.right - 8, area.y + self.heading_height, 6,
                                self.visible_rows * self.row_height - 3)
            pygame.draw.rect(surface, t.FELT, track, border_radius=3)
            size = max(20, track.height * self.visible_rows // len(self.rows))
            top = track.y + (track.height - size) * self.first // (len(self.rows)
                                                                    - self.visible_rows)
            pygame.draw.rect(surface, t.GOLD, (track.x, top, 6, size), border_radius=3)

    def _draw_charts(self, surface: pygame.Surface, theme: Theme) -> None:
        """Each row's mode and its two charts under their headings."""
        area = self.table
        label_width = round(area.width * LABEL_SHARE)
        chart_width = (area.width - 20 - label_width - 12) // 2
        lefts = (area.x + label_width, area.x + label_width + chart_width + 12)
        for heading, left in zip(trends.headings(), lefts, strict=True):
            lines = theme.wrap(heading, HEADING_SIZE, chart_width - 6, bold=True,
                               max_lines=CHART_HEADING_LINES)[:CHART_HEADING_LINES]
            for number, line in enumerate(lines):
                image = theme.text(line, HEADING_SIZE, t.GOLD, bold=True)
                surface.blit(image, (left + 4, area.y + 2 + number * HEADING_LINE))
        mode = theme.text(pgettext("column", "Mode"), HEADING_SIZE, t.GOLD, bold=True)
        surface.blit(mode, (area.x + 6, area.y + 2))
        if not self.rows or self.trends is None:
            empty = theme.fit(_("No finished games yet: play one and its figures appear here."),
                              24, area.width, t.INK_DIM)
            surface.blit(empty, empty.get_rect(midtop=(area.centerx,
                                                       area.y + CHART_HEADING + 20)))
            return
        shown = range(self.first, min(len(self.rows), self.first + self.visible_rows))
        for offset, index in enumerate(shown):
            rect = pygame.Rect(area.x, area.y + CHART_HEADING + CHART_ROW * offset,
                               area.width - 14, CHART_ROW - 4)
            pygame.draw.rect(surface, t.FELT if index % 2 else t.FELT_LIGHT, rect,
                             border_radius=5)
            self._draw_label(surface, theme, row_label(self.rows[index]), rect,
                             label_width - 10)
            trend = self.trends[index]
            boxes = [pygame.Rect(left, rect.y + 4, chart_width, rect.height - 8)
                     for left in lefts]
            trends.draw_results(surface, theme, boxes[0], trend, 15)
            trends.draw_accuracy(surface, theme, boxes[1], trend, 15)
        self._draw_scroll_bar(surface)
