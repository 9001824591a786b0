"""Statistics: a table with one row per mode — hot-seat per player, against the computer per
level, solo per level and variant (S3) — computed from the past games' records, so they always
agree with the list of past games.  The footnote says what each average is over (all games,
never wins only).

Up/Down, Page Up/Down, Home/End and the mouse wheel scroll; Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _, lazy_pgettext, pgettext
from ...store.records import RecordStore
from ...store.statistics import Row, compute
from .. import theme as t
from ..labels import back_words, mode_label
from ..scene import Scene
from ..widgets import Button, draw_dialog
from .past_games import fit

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
#: The figures' headings, in the order of ``Row.cells``: each says exactly what it counts.
COLUMNS = (lazy_pgettext("column", "Games"), lazy_pgettext("column", "Wins"),
           lazy_pgettext("column", "Draws"), lazy_pgettext("column", "Win rate"),
           lazy_pgettext("column", "Mean VP, all games"),
           lazy_pgettext("column", "Mean margin, all games"),
           lazy_pgettext("column", "Best ranking value"),
           lazy_pgettext("column", "Current win streak"),
           lazy_pgettext("column", "Longest win streak"))


def explanation() -> str:
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
        self.notice = store.take_notice()
        self.first = 0
        self.back = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self._label_buttons()
        self.panel = self.table = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def _label_buttons(self) -> None:
        self.back.text, self.back.tooltip = back_words()

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    @property
    def visible_rows(self) -> int:
        return max(1, (self.table.height - HEADING) // ROW)

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(max(0, len(self.rows) - self.visible_rows), self.first + rows))

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel = pygame.Rect(0, 0, min(1240, width - 40), height - 40)
        self.panel.center = (width // 2, height // 2)
        self.back.rect = pygame.Rect(0, 0, 200, 48)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 20)
        footer = 3 * 22 + 16 + (44 if self.notice else 0)
        self.table = pygame.Rect(self.panel.x + 24, self.panel.y + 86, self.panel.width - 48,
                                 self.back.rect.top - footer - self.panel.y - 86)
        self.scroll(0)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                     pygame.K_PAGEDOWN: self.visible_rows, pygame.K_HOME: -len(self.rows),
                     pygame.K_END: len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])
                return
        self.back.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Statistics"), 40)
        self._draw_table(surface, theme)
        y = self.table.bottom + 10
        if self.notice:
            notice = i18n.translate_message(self.notice)
            for line in theme.wrap(notice, 20, self.panel.width - 80, max_lines=2)[:2]:
                image = theme.text(line, 20, t.HIGHLIGHT, bold=True)
                surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
                y += 22
        for line in theme.wrap(explanation(), 19, self.panel.width - 80, max_lines=3)[:3]:
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
            lines = (wrapped[0], fit(theme, " ".join(wrapped[1:]), size, width))[:len(wrapped)]
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
                image = theme.text(fit(theme, text, TEXT, width - 10), TEXT, t.INK)
                surface.blit(image, (left + width - 4 - image.get_width(),
                                     rect.centery - image.get_height() // 2))
        if len(self.rows) > self.visible_rows:
            track = pygame.Rect(area.right - 8, area.y + HEADING, 6,
                                self.visible_rows * ROW - 3)
            pygame.draw.rect(surface, t.FELT, track, border_radius=3)
            size = max(20, track.height * self.visible_rows // len(self.rows))
            top = track.y + (track.height - size) * self.first // (len(self.rows)
                                                                    - self.visible_rows)
            pygame.draw.rect(surface, t.GOLD, (track.x, top, 6, size), border_radius=3)
