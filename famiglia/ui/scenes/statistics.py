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

from dataclasses import replace
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
from ..columns import Column, column_widths, narrowest, share_widths
from ..labels import back_words, mode_label
from ..listing import ListColumn, ListStyle, ListTable, draw_two_lines
from ..scene import Scene
from ..widgets import Button, Choice, draw_dialog

if TYPE_CHECKING:
    from ..app import App

ROW = 40
TEXT = 21
#: A row's label in two lines of this size when one is too narrow for it (never smaller).
SMALL = 19
#: The first column (the mode) keeps at least this share where its labels need it (a long
#: name is cut); the columns share the row by what their texts need.
LABEL_SHARE = 0.2
#: Headings wrap to at most this many lines of this size; the rows start below them.
HEADING_LINES = 2
HEADING_SIZE = 16
HEADING_LINE = 16
HEADING = HEADING_LINES * HEADING_LINE + 10
#: The charts' rows and their headings' lines.
CHART_ROW = 84
CHART_HEADING_LINES = 3
CHART_HEADING = CHART_HEADING_LINES * HEADING_LINE + 10
#: Between the charts of a row.
CHART_GAP = 12
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
#: The first column of each page: a row's mode, on two smaller lines where one is too narrow.
MODE = ListColumn(lazy_pgettext("column", "Mode"), two_lines=SMALL)
#: How the pages look: their texts 6 pixels from a column's left edge and 4 from its right;
#: the figures' headings keep to their columns (10 pixels apart at the least), a chart's
#: heading has a little more room than its column's texts.
FIGURES_STYLE = ListStyle(row=ROW, text=TEXT, heading=HEADING_SIZE, band=HEADING,
                          heading_lines=HEADING_LINES, heading_top=2,
                          heading_step=HEADING_LINE, inset=(6, 4), empty_below=20)
CHARTS_STYLE = replace(FIGURES_STYLE, row=CHART_ROW, band=CHART_HEADING,
                       heading_lines=CHART_HEADING_LINES, heading_reach=4, gap=4)


def figures_footnote() -> str:
    """What the columns mean, for the footnote."""
    return _("Win rate = wins ÷ all games. Mean VP and mean margin (your VP − the opponent's "
             "VP) are averaged over all games, won, drawn and lost; an abandoned game (one a "
             "new game replaced) is not counted. The ranking value (2 × your VP − the "
             "Gangster's VP) counts for won solo games only.")


def no_games() -> str:
    """What an empty page says."""
    return _("No finished games yet: play one and its figures appear here.")


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
        self.back = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self.page: Choice[str] = Choice([], FIGURES, self._turned)
        #: each row's charts, worked out when the charts are first shown
        self.trends: list[trends.Trend] | None = None
        #: each page's list
        self.lists = {
            FIGURES: ListTable([MODE, *(ListColumn(heading, cut=True, right=True)
                                        for heading in COLUMNS)], FIGURES_STYLE, no_games),
            CHARTS: ListTable([], CHARTS_STYLE, no_games, paint=self._draw_charts)}
        self._label_buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def _label_buttons(self) -> None:
        self.back.text, self.back.tooltip = back_words()
        # Translators: the statistics' two pages: the table of figures and the charts.
        self.page.options = [(pgettext("statistics", "Figures"), FIGURES),
                             (pgettext("statistics", "Charts"), CHARTS)]

    @property
    def charts(self) -> bool:
        return self.page.value == CHARTS

    @property
    def listing(self) -> ListTable:
        """The list of the page shown."""
        return self.lists[self.page.value]

    def _turned(self, page: str) -> None:
        """The other page, from its top: the charts read the kept analyses the first time
        they show."""
        if page == CHARTS and self.trends is None:
            accuracies = KeptAccuracies()
            self.trends = [trends.trend_of(row, lambda game: accuracies.of(game.path,
                                                                           game.seat))
                           for row in self.rows]
            self.notice = self.notice or accuracies.notice
        self.listing.first = 0
        self.resize(self.app.size)

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

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
        area = pygame.Rect(self.panel.x + 24, self.panel.y + 86, self.panel.width - 48,
                           self.back.rect.top - footer - self.panel.y - 86)
        rows = [(row_label(row), *row.cells()) for row in self.rows]
        # the mode and the nine figures share the row by what they need (the scroll bar's
        # room kept free at the right); the two charts share what the mode leaves
        widths = self._widths(rows, area.width - 20, round(area.width * LABEL_SHARE))
        label = widths[0]
        chart = (area.width - 20 - label - CHART_GAP) // 2
        figures, charts = self.lists[FIGURES], self.lists[CHARTS]
        figures.spans = []
        x = area.x
        for width in widths:
            figures.spans.append((x, width))
            x += width
        charts.columns = (MODE, *(ListColumn(heading) for heading in trends.headings()))
        charts.spans = [(area.x, label), (area.x + label, chart),
                        (area.x + label + chart + CHART_GAP, chart)]
        for listing in (figures, charts):
            listing.rows = rows
            listing.place(area)

    def _widths(self, rows: list[tuple[str, ...]], room: int, share: int) -> list[int]:
        """The widths of the mode's and the figures' columns in a row ``room`` wide.  The
        mode takes its labels' width on one line where the figures leave room for it, else
        down to two smaller lines (a long one down to ``share``, cut with "…"); the figures
        share the rest, each as wide as its heading on one line where the row has room, else
        the widest giving way first, a heading down to two lines, a figure never."""
        theme = self.app.theme
        padding = sum(FIGURES_STYLE.inset)
        needs, least = column_widths(
            theme, [Column(str(heading), [row[index] for row in rows])
                    for index, heading in enumerate(COLUMNS, 1)],
            heading_size=HEADING_SIZE, cell_size=TEXT, padding=padding,
            heading_lines=HEADING_LINES)
        heading = theme.font(HEADING_SIZE, True).size(str(MODE.heading))[0]
        labels = [row[0] for row in rows]
        mode_need = max([heading, *(theme.font(TEXT).size(text)[0] for text in labels)])
        mode_least = max([heading, *(narrowest(theme, text, SMALL, 2, bold=False)
                                     for text in labels)])
        mode = max(min(mode_least + padding, share),
                   min(mode_need + padding, room - sum(least)))
        return [mode, *share_widths(needs, least, room - mode)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.listing.handle_event(event) or self.page.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_LEFT,
                                                          pygame.K_RIGHT):
            self.page.choose(CHARTS if self.page.value == FIGURES else FIGURES)
            return
        if not keys.menu_key(self.app, event):
            self.back.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Statistics"), 40)
        self.page.draw(surface, theme)
        self.listing.draw(surface, theme)
        y = self.listing.rect.bottom + 10
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

    def _draw_charts(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        """A row of the charts' page: its mode and its two charts."""
        theme = self.app.theme
        (left, label), *charts = self.lists[CHARTS].spans
        draw_two_lines(surface, theme, row_label(self.rows[index]), left + 6, label - 10,
                       rect.centery, TEXT, SMALL)
        assert self.trends is not None
        trend = self.trends[index]
        results, accuracy = (pygame.Rect(x, rect.y + 4, width, rect.height - 8)
                             for x, width in charts)
        trends.draw_results(surface, theme, results, trend, 15)
        trends.draw_accuracy(surface, theme, accuracy, trend, 15)
