"""Learn to play: the lessons in two columns, each played on the real table on its own (click
it, its number, or the arrows and Enter), the finished ones ticked with the summary they
ended with; "Play your first game" (against Easy, with the coach's tips) and Back to where the
list was opened from.  Also the welcome that offers the lessons at the very first start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...store.progress import Progress, ProgressStore
from .. import keys, navigation
from .. import theme as t
from ..labels import back_words, letter_key
from ..scene import Scene
from ..tutorial.first_game import start_first_game
from ..tutorial.lessons import LESSONS
from ..widgets import Button, draw_dialog
from .dialog import MessageScene

if TYPE_CHECKING:
    from ..app import App

#: The lessons stand in two columns, first down the left one: a lesson's tile is at most
#: TILE_MOST high, with a summary of up to SUMMARY_LINES lines once the lesson is done.
COLUMNS, TILE_MOST, SUMMARY_LINES = 2, 96, 2
#: Room between two tiles, across and down.
TILE_GAP = 8


def tick(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A check mark filling ``rect``."""
    points = [(rect.left, rect.centery), (rect.left + rect.width * 0.38, rect.bottom),
              (rect.right, rect.top)]
    pygame.draw.lines(surface, colour, False, points, width=max(3, rect.width // 6))


class LessonsScene(Scene):
    """The lessons, ticked when finished; a row starts its lesson."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = ProgressStore()
        self.progress: Progress = self.store.load()
        if not self.progress.welcomed:  # the lessons are known now: no welcome offers them
            self.progress = self.store.welcome()
        self.first = Button("", lambda: start_first_game(self.app))
        self.back = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self._label_buttons()
        self.rows: list[pygame.Rect] = []
        #: how many lessons a column holds
        self.down = 1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.selected = self._first_unfinished()
        self.pointed: int | None = None
        self.resize(app.size)
        notice = self.store.take_notice()
        if notice:
            app.toast(notice)

    def _first_unfinished(self) -> int:
        return next((number for number, lesson in enumerate(LESSONS)
                     if lesson.key not in self.progress.lessons), 0)

    def _label_buttons(self) -> None:
        self.first.text = pgettext("button", "Play your first game")
        self.first.tooltip = _("A game against the computer at level Easy, with the coach's "
                               "tips.")
        # Translators: the shortcut of "Play your first game", a letter of its label.
        self.first.hotkey = letter_key(pgettext("hotkey: Play your first game", "P"))
        self.back.text, self.back.tooltip = back_words()

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    def enter(self) -> None:
        """Back from a lesson: its tick shows."""
        self.progress = self.store.load()

    def start(self, number: int) -> None:
        self.selected = number
        navigation.open_lesson(self.app, number, self.store)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel = pygame.Rect(0, 0, min(960, width - 40), height - 20)
        self.panel.center = (width // 2, height // 2)
        top = self.panel.y + 104
        bottom = self.panel.bottom - 100
        down = -(-len(LESSONS) // COLUMNS)
        tile_width = (self.panel.width - 60 - (COLUMNS - 1) * TILE_GAP) // COLUMNS
        tile_height = min(TILE_MOST, (bottom - top) // down)
        #: each lesson's tile, first down the left column, then down the right one
        self.rows = [pygame.Rect(self.panel.x + 30 + (index // down) * (tile_width + TILE_GAP),
                                 top + (index % down) * tile_height, tile_width,
                                 tile_height - TILE_GAP) for index in range(len(LESSONS))]
        self.down = down
        button_width = min(340, (self.panel.width - 90) // 2)
        self.first.rect = pygame.Rect(0, 0, button_width, 48)
        self.back.rect = pygame.Rect(0, 0, min(220, button_width), 48)
        self.first.rect.bottomleft = (self.panel.x + 30, self.panel.bottom - 22)
        self.back.rect.bottomright = (self.panel.right - 30, self.panel.bottom - 22)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if (self.first.handle_event(event) or self.back.handle_event(event)
                or keys.menu_key(self.app, event)):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(LESSONS)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = self.down if event.key == pygame.K_RIGHT else -self.down
                self.selected = min(len(LESSONS) - 1, max(0, self.selected + step))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start(self.selected)
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(LESSONS):
                self.start(event.key - pygame.K_1)
        elif event.type == pygame.MOUSEMOTION:
            self.pointed = next((index for index, rect in enumerate(self.rows)
                                 if rect.collidepoint(event.pos)), None)
            if self.pointed is not None:
                self.selected = self.pointed
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((index for index, rect in enumerate(self.rows)
                        if rect.collidepoint(event.pos)), None)
            if hit is not None:
                self.start(hit)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Learn to play"), 44)
        intro = theme.fit(_("Short lessons on the real table: do what the coach says, with your "
                            "own hands. Each takes about a minute."), 20,
                          self.panel.width - 60, t.INK_DIM)
        surface.blit(intro, intro.get_rect(midtop=(self.panel.centerx, self.panel.y + 74)))
        for number, (lesson, rect) in enumerate(zip(LESSONS, self.rows, strict=True)):
            finished = lesson.key in self.progress.lessons
            if number == self.selected:
                pygame.draw.rect(surface, t.FELT_LIGHT, rect, border_radius=8)
                pygame.draw.rect(surface, t.GOLD, rect, width=2, border_radius=8)
            box = pygame.Rect(rect.x + 10, rect.y + (rect.height - 26) // 2, 26, 26)
            pygame.draw.rect(surface, t.PANEL, box, border_radius=6)
            pygame.draw.rect(surface, t.GREEN if finished else t.PANEL_EDGE, box, width=2,
                             border_radius=6)
            if finished:
                tick(surface, box.inflate(-8, -8), t.GREEN)
            left = box.right + 12
            room = rect.right - left - 8
            large = rect.height >= 80
            title = theme.fit(_("{number}. {title}").format(number=number + 1,
                                                           title=_(lesson.title)),
                              22 if large else 20, room, t.INK, bold=True)
            if not finished:
                surface.blit(title, (left, rect.centery - title.get_height() // 2))
                continue
            size = 17 if large else 15
            lines = theme.wrap(_(lesson.summary), size, room, max_lines=SUMMARY_LINES)
            line = theme.font(size).get_linesize()
            gap = max(0, (rect.height - title.get_height() - line * len(lines)) // 3)
            surface.blit(title, (left, rect.y + gap))
            y = rect.y + 2 * gap + title.get_height()
            for text in lines:
                surface.blit(theme.text(text, size, t.INK_DIM), (left, y))
                y += line
        for button in (self.first, self.back):
            button.draw(surface, theme)
        hint = theme.fit(_("Arrows and Enter, or 1–9: start a lesson  ·  Esc: back"), 18,
                         self.panel.width - 60, t.INK_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(self.panel.centerx,
                                                    self.first.rect.top - 8)))
        for button in (self.first, self.back):
            button.draw_tooltip(surface, theme)


class WelcomeScene(MessageScene):
    """The very first start: the lessons offered over the title (Learn to play, or Not now)."""

    def __init__(self, app: App) -> None:
        super().__init__(app, _("Welcome to Famiglia"), self._text())

    @staticmethod
    def _text() -> str:
        return _("New to the game? Short lessons on the real table teach it in about ten "
                 "minutes. You find them on the title screen at any time.")

    def _buttons(self) -> list[Button]:
        return [Button(pgettext("button", "Learn to play"), self._learn,
                       tooltip=_("Start the lessons (Enter).")),
                Button(pgettext("button", "Not now"), self.app.pop,
                       tooltip=_("Go to the title screen (Esc)."))]

    def _learn(self) -> None:
        self.app.pop()
        navigation.open_lessons(self.app)

    def language_changed(self) -> None:
        self.title = _("Welcome to Famiglia")
        self.text = self._text()
        self.buttons = self._buttons()
        self.resize(self.app.size)
