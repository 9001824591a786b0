"""A lesson on the real table: the game's own table scene, with its gestures, choosers, keys,
animations and reasons, playing a lesson's scripted deal.  The lesson's runner is the table's
gate (another legal move is taken back with the lesson's sentence), its scripted opponent
plays the other seat, and the coach panel takes the place of the log, the Hint and Undo row.

A lesson saves nothing but its tick when it is done: leaving it midway loses nothing and goes
back to where the lessons were opened from (Esc opens the lesson's own menu).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...players.seats import Seat
from ...store.progress import ProgressStore
from .. import navigation
from ..labels import letter_key
from ..scene import Scene
from ..scenes.table import TableScene
from ..widgets import Button, Menu, draw_dialog, layout_column, shade
from .first_game import start_first_game
from .lessons import LESSONS
from .panel import LessonPanel
from .runner import LessonRunner, ScriptedSeat
from .script import wording

if TYPE_CHECKING:
    from ..app import App

#: The lessons' opponent (a name, as players' names are: never translated).
OPPONENTS = ("Bruno", "Carla")


class LessonTable(TableScene):
    """Lesson ``number`` of :data:`LESSONS` on the table."""

    def __init__(self, app: App, number: int, *, progress: ProgressStore | None = None) -> None:
        self.number = number
        self.lesson = LESSONS[number]
        self.progress = progress or ProgressStore()
        game = self.lesson.deal.game()
        player = app.settings.player_names[0]
        opponent = OPPONENTS[0] if player.casefold() != OPPONENTS[0].casefold() else OPPONENTS[1]
        self.runner = LessonRunner(self.lesson, game, self.say)
        self.panel = LessonPanel(self)
        self.ticked = False
        super().__init__(app, game, (player, opponent),
                         seats=(Seat.human(), Seat.computer("easy", 0)),
                         controllers=(None, ScriptedSeat(self.runner, opponent)))
        self.gate = self.runner.gate
        self.assist.shown = False
        self.buttons = [self.pass_button, self.menu_button, self.help_button]
        self.renderer.overlays[:] = [self.panel]
        self.resize(app.size)

    @property
    def count(self) -> int:
        return len(LESSONS)

    @property
    def last(self) -> bool:
        return self.number == len(LESSONS) - 1

    def say(self, text: str, cards: Mapping[str, str]) -> str:
        """A lesson's text in the current language, with the names and VP the table shows."""
        return wording(text, cards, player=self.names[0], opponent=self.names[1],
                       scores=self.picture.scores())

    # ------------------------------------------------------------------ the table's parts

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.panel.place()

    def language_changed(self) -> None:
        super().language_changed()
        self.panel.place()

    def update(self, dt: float) -> None:
        self.runner.sync()
        super().update(dt)
        if self.panel.follow():
            self.app.request_redraw()
        if self.panel.done and not self.ticked:
            self.ticked = True
            self.progress.finish_lesson(self.lesson.key)
            notice = self.progress.take_notice()
            if notice:
                self.app.toast(notice)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.panel.handle_event(event):
            return
        super().handle_event(event)

    def show_results(self) -> None:
        """The lesson goes on after the game's end: the coach says how it ended."""

    def open_pause(self) -> None:
        self.app.push(LessonPause(self.app, self))

    # ------------------------------------------------------------------ where to go

    def go_on(self) -> None:
        """The panel's first button: Next, the next lesson, or the first game."""
        if not self.panel.done:
            if self.runner.next():
                self.status_dirty = True
            return
        if self.last:
            start_first_game(self.app)
            return
        self.app.replace(LessonTable(self.app, self.number + 1, progress=self.progress))

    def restart(self) -> None:
        self._close_menus()
        self.app.replace(LessonTable(self.app, self.number, progress=self.progress))

    def leave_lesson(self) -> None:
        """Back to where the lessons were opened from (the lesson list)."""
        self._close_menus()
        self.app.pop()

    def _close_menus(self) -> None:
        while self.app.top is not self and len(self.app.scenes) > 1:
            self.app.pop()


class LessonPause(Scene):
    """The lesson's menu on Esc: resume, start the lesson again, back to the lessons,
    settings, quit."""

    opaque = False

    def __init__(self, app: App, table: LessonTable) -> None:
        super().__init__(app)
        self.table = table
        self.resume = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self.again = Button("", table.restart)
        self.lessons = Button("", table.leave_lesson)
        self.settings = Button("", self._settings)
        self.quit = Button("", self.app.quit)
        self.menu = Menu([self.resume, self.again, self.lessons, self.settings, self.quit])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self._label_buttons()
        self.resize(app.size)

    def _settings(self) -> None:
        navigation.open_settings(self.app)

    def _label_buttons(self) -> None:
        texts = {
            self.resume: (pgettext("button", "Resume"), _("Back to the lesson.")),
            self.again: (pgettext("button", "Start again"),
                         _("Deal this lesson's cards again and start from its first step.")),
            self.lessons: (pgettext("button", "Lessons"),
                           _("Leave this lesson for the list of lessons; nothing is lost.")),
            self.settings: (pgettext("button", "Settings"),
                            _("Language, sound, animation speed, fullscreen; the lesson "
                              "waits.")),
            self.quit: (pgettext("button", "Quit"), _("Close Famiglia.")),
        }
        for button, (label, tooltip) in texts.items():
            button.text, button.tooltip = label, tooltip
        # Translators: each menu button's shortcut, a letter of its label, different from the
        # other buttons' of the same menu.
        letters = {self.again: pgettext("hotkey: Start again", "A"),
                   self.lessons: pgettext("hotkey: Lessons", "L"),
                   self.settings: pgettext("hotkey: Settings", "O"),
                   self.quit: pgettext("hotkey: Quit", "Q")}
        for button, letter in letters.items():
            button.hotkey = letter_key(letter)

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 140)
        count = len(self.menu.buttons)
        height, gap = 50, 14
        column = count * height + (count - 1) * gap
        self.panel = pygame.Rect(0, 0, 420, column + 130)
        self.panel.center = (size[0] // 2, size[1] // 2)
        layout_column(self.menu.buttons, (self.panel.centerx,
                                          self.panel.bottom - 40 - column // 2),
                      width=340, height=height, gap=gap)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        draw_dialog(surface, self.app.theme, self.panel, _("Lesson paused"), 44)
        self.menu.draw(surface, self.app.theme)
        self.menu.draw_tooltip(surface, self.app.theme)
