"""The pause menu, an overlay the table opens on Esc: resume, settings, read the rules, resign
the game (after a confirmation), go back to the title, or quit.  Over a lesson the same menu
offers to start the lesson again or leave it instead of resigning.  The table stays visible
(dimmed) underneath; it gets no input meanwhile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from ...i18n import _, pgettext
from ...rules import Game
from .. import keys, navigation
from ..labels import letter_key
from ..scene import Scene
from ..widgets import Button, Menu, draw_dialog, layout_column, shade

if TYPE_CHECKING:
    from ..app import App


@runtime_checkable
class Resignable(Protocol):
    """A table whose game the person to move can resign (``TableScene.resign``);
    ``game_waits``: whether its game waits while a menu is open over it (not at a friend's
    table: their copy plays on)."""

    game: Game
    names: tuple[str, str]
    game_waits: bool

    @property
    def resigner(self) -> int:
        """The seat Resign gives up."""
        ...

    def resign(self) -> None: ...


@runtime_checkable
class LessonControls(Protocol):
    """A lesson's table (``LessonTable``): dealt again from its first step, or left for the
    list of lessons, with nothing lost."""

    def restart(self) -> None: ...

    def leave_lesson(self) -> None: ...

BUTTON_HEIGHT = 50
GAP = 14


class PauseScene(Scene):
    """Resume (also Esc), Settings, Rules, Resign (over a table whose game still runs: the
    one given, else the scene the menu opens over) or, over a lesson, Start again and Leave
    lesson, Main menu, Quit."""

    opaque = False

    def __init__(self, app: App, table: Resignable | None = None) -> None:
        super().__init__(app)
        below = app.top
        if table is None and isinstance(below, Resignable):
            table = below
        self.table = table
        self.lesson = table if isinstance(table, LessonControls) else None
        self.game_waits = table is None or table.game_waits
        self.resume = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self.settings = Button("", lambda: navigation.open_settings(self.app))
        self.rules = Button("", lambda: navigation.open_rules(self.app))
        self.resign = Button("", self._ask_resign)
        self.again = Button("", self._restart)
        self.back_to_lessons = Button("", self._leave_lesson)
        self.title = Button("", lambda: navigation.to_title(self.app))
        self.quit = Button("", self.app.quit)
        buttons = [self.resume, self.settings, self.rules]
        if self.lesson is not None:
            buttons += [self.again, self.back_to_lessons]
        elif table is not None and not table.game.is_terminal():
            buttons.append(self.resign)
        buttons += [self.title, self.quit]
        self._label_buttons()
        self.menu = Menu(buttons)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self.resize(app.size)

    def _label_buttons(self) -> None:
        lesson = self.lesson is not None
        texts = {
            self.resume: (pgettext("button", "Resume"),
                          _("Back to the lesson.") if lesson else _("Back to the table.")),
            self.settings: (pgettext("button", "Settings"),
                            _("Language, sound, animation speed, fullscreen; the lesson "
                              "waits.") if lesson else
                            _("Language, sound, animation speed, fullscreen; the game waits.")
                            if self.game_waits else
                            _("Language, sound, animation speed, fullscreen; your friend may "
                              "move meanwhile.")),
            self.rules: (pgettext("button", "Rules"),
                         _("Read the rules; the lesson waits.") if lesson else
                         _("Read the rules; the game waits.") if self.game_waits else
                         _("Read the rules; your friend may move meanwhile.")),
            self.resign: (pgettext("button", "Resign"),
                          _("Give up this game: the other side wins, and the game goes into "
                            "the records.")),
            self.again: (pgettext("button", "Start again"),
                         _("Deal this lesson's cards again and start from its first step.")),
            self.back_to_lessons: (pgettext("button", "Leave lesson"),
                         _("Leave this lesson for the list of lessons; nothing is lost.")),
            self.title: (pgettext("button", "Main menu"),
                         _("Leave this lesson and go back to the title screen; nothing is "
                           "lost.") if lesson else
                         _("Leave this game and go back to the title screen; Continue "
                           "resumes it.")),
            self.quit: (pgettext("button", "Quit"),
                        _("Close Famiglia.") if lesson else
                        _("Close Famiglia; the game is saved.")),
        }
        for button, (label, tooltip) in texts.items():
            button.text, button.tooltip = label, tooltip
        # Translators: each menu button's shortcut, a letter of its label, different from the
        # other buttons' of the same menu and never R, H or M (Rules, Help and Main menu
        # everywhere).
        letters = {self.settings: pgettext("hotkey: Settings", "O"),
                   self.resign: pgettext("hotkey: Resign", "G"),
                   self.again: pgettext("hotkey: Start again", "A"),
                   self.back_to_lessons: pgettext("hotkey: Leave lesson", "L"),
                   self.quit: pgettext("hotkey: Quit", "Q")}
        for button, letter in letters.items():
            button.hotkey = letter_key(letter)
        self.rules.hotkey = keys.RULES
        self.title.hotkey = keys.MAIN_MENU

    def _restart(self) -> None:
        assert self.lesson is not None
        self.lesson.restart()

    def _leave_lesson(self) -> None:
        assert self.lesson is not None
        self.lesson.leave_lesson()

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    def _ask_resign(self) -> None:
        table = self.table
        assert table is not None
        seat = table.resigner
        navigation.confirm(self.app, _("Resign?"),
                           _("{name} gives up this game, and {other} wins it.").format(
                               name=table.names[seat], other=table.names[1 - seat]),
                           pgettext("button", "Resign"), self._resign)

    def _resign(self) -> None:
        """Close the menu, then the table ends the game and shows the results."""
        table = self.table
        assert table is not None
        while self.app.top is not table and len(self.app.scenes) > 1:
            self.app.pop()
        table.resign()

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 140)
        count = len(self.menu.buttons)
        column = count * BUTTON_HEIGHT + (count - 1) * GAP
        self.panel = pygame.Rect(0, 0, 420, column + 130)
        self.panel.center = (size[0] // 2, size[1] // 2)
        layout_column(self.menu.buttons, (self.panel.centerx, self.panel.bottom - 40 - column // 2),
                      width=340, height=BUTTON_HEIGHT, gap=GAP)

    @property
    def heading(self) -> str:
        """The dialog's title: "Paused" only where the game waits (a friend's copy plays on)."""
        if self.lesson is not None:
            return _("Lesson paused")
        return _("Paused") if self.game_waits else pgettext("title", "Menu")

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        draw_dialog(surface, self.app.theme, self.panel, self.heading, 44)
        self.menu.draw(surface, self.app.theme)
        self.menu.draw_tooltip(surface, self.app.theme)
