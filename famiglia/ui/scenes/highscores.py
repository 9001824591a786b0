"""The solo challenge's highscores (S3, S5): one tab per level and variant, 1a … 4b, each
with its top 10 — name, date, own VP, Gangster VP, ranking value, the fresh-cards rule and
whether a hint was used (such games are marked).  A newly entered game is highlighted; a
highscore file that had to be set aside is reported here in plain words.

Left/Right or the keys 1–8 switch tabs, Esc goes back.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _, lazy_pgettext
from ...rules.gangster import LEVELS, SoloVariant
from ...store.highscores import KEYS, TOP, Entry, Highscores, HighscoreStore
from ...store.settings import SoloFirst
from .. import keys
from .. import theme as t
from ..labels import back_words, gangster_level, starter
from ..listing import ListColumn, ListStyle, ListTable
from ..scene import Scene
from ..widgets import Button, Choice, draw_dialog

if TYPE_CHECKING:
    from ..app import App

#: The columns (headings translated where drawn); only a name may be cut with "…" where the
#: row is short.
COLUMNS = (ListColumn("#"), ListColumn(lazy_pgettext("column", "Name"), cut=True),
           ListColumn(lazy_pgettext("column", "Date")),
           ListColumn(lazy_pgettext("column", "Your VP")),
           ListColumn(lazy_pgettext("column", "Gangster VP")),
           ListColumn(lazy_pgettext("column", "Ranking")),
           ListColumn(lazy_pgettext("column", "Fresh")),
           ListColumn(lazy_pgettext("column", "Hint")))
#: The headings' band, and a row's height where the window has the room (else less).
ROW = 40
#: The notice (a highscore file set aside) takes at most this many lines of NOTICE_LINE; the
#: two lines explaining the tabs under them are CAPTION_LINE apart.
NOTICE_LINES, NOTICE_LINE, CAPTION_LINE = 3, 22, 24
#: The headings' and the cells' sizes, and the room between two columns' texts.
HEADING, TEXT, COLUMN_GAP = 22, 24, 10
#: A heading too long for its column wraps onto a second line (it is never shrunk).
HEADING_LINES = 2
#: How the list looks: a new entry in bold, no scroll bar (the ten rows shrink to fit).
STYLE = ListStyle(row=ROW, text=TEXT, heading=HEADING, band=ROW, heading_lines=HEADING_LINES,
                  heading_top=10, inset=(COLUMN_GAP // 2, COLUMN_GAP // 2), gap=4, radius=6,
                  scrollbar=False, bold_choice=True)


def settings_key(app: App) -> str:
    """The list of the level and start player last chosen in the solo setup."""
    variant = SoloVariant.B if app.settings.solo_first == SoloFirst.GANGSTER else SoloVariant.A
    return f"{app.settings.gangster_level}{variant}"


def tab_help(key: str) -> str:
    """S3 in words: level ``key[0]``, variant a (you start) or b (the Gangster starts)."""
    number = LEVELS[int(key[0])].number
    return _("Level {level} ({name}), {starter}.").format(
        level=number, name=gangster_level(number), starter=starter(SoloVariant(key[1])))


def short_date(when: str) -> str:
    return i18n.date_time(datetime.fromisoformat(when))


def row_cells(place: int, entry: Entry) -> tuple[str, ...]:
    """An entry's line under :data:`COLUMNS`; a game where a hint was used is marked."""
    return (str(place + 1), entry.name, short_date(entry.when), str(entry.own_vp),
            str(entry.gangster_vp), str(entry.ranking_value),
            _("on") if entry.fresh_cards_rule else _("off"), _("used") if entry.assisted else "")


class HighscoresScene(Scene):
    """The eight top-10 lists; ``highlight`` marks an entry just added (key and place)."""

    def __init__(self, app: App, *, store: HighscoreStore | None = None,
                 key: str | None = None, highlight: int | None = None) -> None:
        super().__init__(app)
        self.store = store or HighscoreStore()
        self.board: Highscores = self.store.load()
        self.notice = self.store.take_notice()
        self.highlight = (key, highlight) if key is not None and highlight is not None else None
        self.tabs: Choice[str] = Choice([(key, key) for key in KEYS],
                                       key or settings_key(app), self._show_tab, size=24)
        self.back = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self._label_buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.listing = ListTable(COLUMNS, STYLE, lambda: _(
            "No games won at this level and variant yet — be the first."))
        self.resize(app.size)

    def _label_buttons(self) -> None:
        self.back.text, self.back.tooltip = back_words()

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    @property
    def key(self) -> str:
        return self.tabs.value

    def resize(self, size: tuple[int, int]) -> None:
        width = min(1000, size[0] - 60)
        self.panel = pygame.Rect(0, 0, width, min(size[1] - 40, 190 + ROW * (TOP + 1) + 90))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.tabs.rect = pygame.Rect(self.panel.x + 30, self.panel.y + 86, width - 60, 44)
        self.back.rect = pygame.Rect(0, 0, 200, 48)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 18)
        top = self.tabs.rect.bottom + 10 + 2 * CAPTION_LINE + 12
        bottom = self.back.rect.top - 10 - (NOTICE_LINES * NOTICE_LINE if self.notice else 0)
        # an entry's row is as high as lets the list and the notice fit above Back
        row = min(ROW, (bottom - top - ROW) // TOP)
        self.listing.style = replace(STYLE, row=row)
        self.listing.place(pygame.Rect(self.panel.x + 30, top, width - 60, ROW + row * TOP))
        # each column as wide as its heading and its widest cell over every list (a tab
        # moves none), a long name cut where the row is short
        self.listing.fit_columns(self.app.theme, [
            row_cells(place, entry) for entries in self.board.values()
            for place, entry in enumerate(entries)])
        self._show_tab(self.key)

    def _show_tab(self, key: str) -> None:
        """The list of ``key``'s tab, its new entry lit."""
        self.listing.rows = [row_cells(place, entry)
                             for place, entry in enumerate(self.board[key])]
        self.listing.chosen = (self.highlight[1] if self.highlight is not None
                               and self.highlight[0] == key else None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.tabs.step(1 if event.key == pygame.K_RIGHT else -1)
                return
            if pygame.K_1 <= event.key <= pygame.K_8:
                self.tabs.choose(KEYS[event.key - pygame.K_1])
                return
        if self.tabs.handle_event(event) or keys.menu_key(self.app, event):
            return
        self.back.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Highscores — the solo challenge"), 40)
        self.tabs.draw(surface, theme)
        # Translators: under the highscores' tabs 1a … 4b, what their number and letter mean.
        tabs = _("1 to 4: the Gangster's level, from the easiest to the hardest  ·  a: you "
                 "start, b: the Gangster starts")
        explained = _("{level}  Ranking value = 2 × your VP − the Gangster's VP.  Hint: hints "
                      "were used.").format(level=tab_help(self.key))
        y = self.tabs.rect.bottom + 10
        for text, colour in ((tabs, t.INK), (explained, t.INK_DIM)):
            caption = theme.fit(text, 20, self.panel.width - 40, colour)
            surface.blit(caption, caption.get_rect(midtop=(self.panel.centerx, y)))
            y += CAPTION_LINE
        self.listing.draw(surface, theme)
        if self.notice:
            lines = theme.wrap(i18n.translate_message(self.notice), 20, self.panel.width - 80,
                               bold=True, max_lines=NOTICE_LINES, break_words=True)
            y = self.back.rect.top - 10 - NOTICE_LINE * len(lines)
            for line in lines:
                image = theme.text(line, 20, t.RED, bold=True)
                surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
                y += NOTICE_LINE
        self.back.draw(surface, theme)
