"""A lesson on the real table: the game's own table scene, with its gestures, choosers, keys,
animations and reasons, playing a lesson's scripted deal.  The lesson's runner is the table's
gate (another legal move is taken back with the lesson's sentence), its scripted opponent
plays the other seat, and the coach panel takes the place of the log, the Hint and Undo row.

A lesson saves nothing but its tick when it is done: leaving it midway loses nothing and goes
back to where the lessons were opened from (Esc opens the pause menu, which offers to start
the lesson again or leave it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from ...players.seats import ComputerLevel, Seat
from ...store.progress import ProgressStore
from ..scenes.table import TableScene
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
        self.ticked = False
        super().__init__(app, game, (player, opponent),
                         seats=(Seat.human(), Seat.computer(ComputerLevel.EASY, 0)),
                         controllers=(None, ScriptedSeat(self.runner, opponent)))
        self.gate = self.runner.gate
        self.assist.shown = False
        self.buttons = [self.pass_button, self.menu_button, self.help_button]
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

    def attach_coach(self) -> None:
        """The lesson's coach panel, alone over the table: no hint, no tip."""
        self.panel = LessonPanel(self, self.picture, self.gestures, self.runner)
        self.renderer.overlays[:] = [self.panel]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.panel.place()

    def language_changed(self) -> None:
        super().language_changed()
        self.panel.place()

    def update(self, dt: float) -> None:
        self.runner.sync()
        if self.panel.rect.bottom != self.frame.side.bottom - self.notice_room:
            self.panel.place()  # a notice came or went
        super().update(dt)
        if self.panel.follow():
            self.app.request_redraw()
        if self.game.is_terminal() and self.pass_button in self.buttons:
            # the lesson's game is over: nothing to pass, and no "The game is over" tooltip
            # of a greyed button under a pointer that rested there
            self.buttons.remove(self.pass_button)
            self.pass_button.hovered = False
        if self.panel.done and not self.ticked:
            self.ticked = True
            self.progress.finish_lesson(self.lesson.key)
            notice = self.progress.take_notice()
            if notice:
                self.app.toast(notice)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.panel.handle_event(event):
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z
                and event.mod & pygame.KMOD_CTRL):
            self.runner.refuse_undo()
            self.app.request_redraw()
            return
        super().handle_event(event)

    def _take_back(self, reason: str) -> None:
        """A move the lesson does not want goes back, and its sentence shows in the coach's
        panel only, never over the cards the coach talks about; the core's reason for an
        illegal move shows at the pointer as at any table."""
        super()._take_back(reason)
        if reason == self.runner.refusal():
            self.gestures.refusal = None

    def show_results(self) -> None:
        """The lesson goes on after the game's end: the coach says how it ended."""

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
