"""The dialogs over other scenes.

The game-setup dialog (new game, solo challenge): labelled rows of text fields and choices on
a panel over the title, a help line for the row under the mouse or in focus, an error line,
and Start / Back.  Tab moves between the rows, Left/Right changes the focused choice, Enter
starts from any row (a name field too), Esc goes back.

A message that stays until read, and a yes/no question, both sized to their text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...players.seats import Seat
from ...rules import Game
from .. import keys
from .. import theme as t
from ..scene import Scene
from ..session import start_table
from ..textfield import TextField
from ..widgets import (
    LABEL_MARGIN,
    Button,
    Choice,
    Form,
    draw_dialog,
    key_label,
    shade,
)

if TYPE_CHECKING:
    from ..app import App
    from .table import TableScene

Widget = TextField | Choice
#: One row: its caption, then each of its widgets with its width in pixels and its help line.
Row = tuple[str, list[tuple[Widget, int, str]]]
ROW_HEIGHT = 68
COLUMN_GAP = 14
#: The captions' column: the rows' widgets start this far right of the panel's edge.
CAPTIONS = 230
BUTTON_WIDTH = 220


def fresh_tip() -> str:
    return _("On in the 2017 edition: if you refreshed the Street in your turn, the card you "
             "take must be one that your refreshes drew this turn.")


def table_for(app: App, game: Game, names: tuple[str, str],
              seats: tuple[Seat, Seat]) -> TableScene:
    """The new game on a table that saves it after every move."""
    return start_table(app, game, names, seats)


#: Deal numbers (a game's seed) that players type and share have at most this many digits:
#: the core deals new games with short numbers, the longest of older versions have 20.
DEAL_DIGITS = 20


class SetupDialog(Scene):
    """Subclasses give a title, the rows and :meth:`deal`; a problem found by ``deal`` goes to
    ``form.error``, shown instead of the help line until the next input."""

    opaque = False

    def __init__(self, app: App, rows: list[Row], *, panel_size: tuple[int, int],
                 gaps: dict[int, int] | None = None) -> None:
        super().__init__(app)
        self.rows = rows
        self.gaps = gaps or {}
        self.panel_size = panel_size
        self.form = Form([(widget, help_text) for _caption, widgets in rows
                          for widget, _width, help_text in widgets])
        self.start = Button("", self.deal)
        self.back = Button("", self.app.pop)
        self._label_buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.resize(app.size)

    @property
    def title(self) -> str:
        """The dialog's title, in the current language."""
        raise NotImplementedError

    def rows_now(self) -> list[Row]:
        """The rows with their captions and help lines in the current language (the same
        widgets): a subclass gives them here, and again after a change of language."""
        raise NotImplementedError

    def _label_buttons(self) -> None:
        self.start.text, self.start.tooltip = (pgettext("button", "Start"),
                                               _("Deal the cards (Enter)."))
        self.back.text, self.back.tooltip = (pgettext("button", "Back"),
                                             _("Back to the title (Esc)."))

    def language_changed(self) -> None:
        self.rows = self.rows_now()
        self.form.help = [help_text for _caption, widgets in self.rows
                          for _widget, _width, help_text in widgets]
        self._label_buttons()
        self.resize(self.app.size)

    def deal(self) -> None:
        """Start: check the rows, remember them in the settings and deal the game."""
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 150)
        self.panel = pygame.Rect((0, 0), self.panel_size)
        self.panel.center = (size[0] // 2, size[1] // 2)
        left, right = self.panel.x + 40, self.panel.x + CAPTIONS + 10
        self.labels = []
        y = self.panel.y + 96
        for index, (caption, widgets) in enumerate(self.rows):
            x = right
            for widget, width, _help in widgets:
                widget.rect = pygame.Rect(x, y, width, 46)
                x += width + COLUMN_GAP
            self.labels.append((caption, (left, y + 12)))
            y += ROW_HEIGHT + self.gaps.get(index, 0)
        for index, button in enumerate((self.start, self.back)):
            button.rect = pygame.Rect(0, 0, BUTTON_WIDTH, 50)
            button.rect.center = (self.panel.centerx + (1 - index * 2) * -(BUTTON_WIDTH // 2 + 15),
                                  self.panel.bottom - 62)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.deal()
            return
        if self.form.handle_event(event):
            return
        if not isinstance(self.form.focused, TextField) and keys.menu_key(self.app, event):
            return
        for button in (self.start, self.back):
            if button.handle_event(event):
                return

    def update(self, dt: float) -> None:
        for widget in self.form.items:
            if isinstance(widget, TextField):
                widget.update(dt)

    def animating(self) -> bool:
        return False

    def next_change(self) -> float | None:
        focused = self.form.focused
        return focused.next_change() if isinstance(focused, TextField) else None

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Anything a subclass shows beside its rows (drawn just before them)."""

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self.shade, (0, 0))
        draw_dialog(surface, theme, self.panel, self.title, 40)
        for text, (x, y) in self.labels:
            if theme.font(26, True).size(text)[0] <= CAPTIONS - 40:
                surface.blit(theme.text(text, 26, t.INK, bold=True), (x, y))
                continue
            lines = theme.wrap(text, 22, CAPTIONS - 40, bold=True, max_lines=2)
            for number, line in enumerate(lines):
                surface.blit(theme.text(line, 22, t.INK, bold=True), (x, y - 10 + 20 * number))
        self.draw_extra(surface)
        self.form.draw(surface, theme, pygame.Rect(self.panel.x + 40, self.start.rect.top - 70,
                                                   self.panel.width - 80, 52))
        for button in (self.start, self.back):
            button.draw(surface, theme)
        hint = theme.fit(_("Tab: next  ·  Left/Right: change  ·  Enter: start  ·  Esc: back"),
                         18, self.panel.width - 40, t.INK_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(self.panel.centerx,
                                                    self.panel.bottom - 12)))
        for button in (self.start, self.back):
            button.draw_tooltip(surface, theme)


class MessageScene(Scene):
    """A message over the current scene that stays until the player closes it (OK, Enter,
    Esc or a click outside): the panel grows with the wrapped text, up to the window."""

    opaque = False
    TEXT_SIZE = 24
    LINE = 28

    def __init__(self, app: App, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.buttons = self._buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: tuple[str, ...] = ()
        self.shade = shade((1, 1), 0)
        self.resize(app.size)

    def _buttons(self) -> list[Button]:
        return [Button(pgettext("button", "OK"), self.app.pop,
                       tooltip=_("Close this message (Enter)."))]

    def resize(self, size: tuple[int, int]) -> None:
        theme = self.app.theme
        self.shade = shade(size, 130)
        width = min(640, size[0] - 80)
        title_width = theme.font(36, True).size(self.title)[0] + 80
        width = max(width, min(title_width, size[0] - 40))
        count = len(self.buttons)
        button_width = min(max([BUTTON_WIDTH] + [
            theme.font(button.size, True).size(button.text)[0]
            + 2 * (LABEL_MARGIN + theme.font(18).size(key)[0] + 18)
            for button, key in zip(self.buttons, self.key_names(), strict=True)]),
            (size[0] - 40) // count - 20)
        width = max(width, min(count * (button_width + 20) + 40, size[0] - 40))
        self.lines = theme.wrap(self.text, self.TEXT_SIZE, width - 80)
        height = min(size[1] - 40, 96 + self.LINE * len(self.lines) + 100)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, button_width, 48)
            button.rect.center = (self.panel.centerx
                                  + (index * 2 - count + 1) * (button_width // 2 + 10),
                                  self.panel.bottom - 48)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons[0].on_click()
            return
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and not self.panel.collidepoint(event.pos)):
            self.app.pop()
            return
        for button in self.buttons:
            if button.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self.shade, (0, 0))
        draw_dialog(surface, theme, self.panel, self.title, 36)
        y = self.panel.y + 80
        room = (self.buttons[0].rect.top - 8 - y) // self.LINE
        self.app.theme.wrap(self.text, self.TEXT_SIZE, self.panel.width - 80, max_lines=room)
        for line in self.lines[:room]:
            image = theme.text(line, self.TEXT_SIZE, t.INK)
            surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
            y += self.LINE
        for button, key in zip(self.buttons, self.key_names(), strict=True):
            if key:
                button.draw_with_key(surface, theme, key)
            else:
                button.draw(surface, theme)
        for button in self.buttons:
            button.draw_tooltip(surface, theme)

    def key_names(self) -> list[str]:
        """The key each button answers to, written on it: Enter for the first, Esc for the
        one beside it."""
        return ["Enter", "Esc"][:len(self.buttons)]


class ConfirmScene(MessageScene):
    """A yes/no question: the first button (``yes``) carries out ``on_yes`` after the dialog
    closes; Cancel, Esc or a click outside leave everything as it was.  Enter does not answer:
    a question that ends something needs a click or its letter key."""

    def __init__(self, app: App, title: str, text: str, yes: str,
                 on_yes: Callable[[], None]) -> None:
        self.yes = yes
        self.on_yes = on_yes
        super().__init__(app, title, text)

    def _buttons(self) -> list[Button]:
        cancel = pgettext("button", "Cancel")
        yes_key = keys.shortcut(self.yes)
        cancel_key = keys.shortcut(cancel)
        return [Button(self.yes, self._confirm, hotkey=yes_key,
                       tooltip=_("{action}: this cannot be taken back.").format(
                           action=self.yes)),
                Button(cancel, self.app.pop, hotkey=None if cancel_key == yes_key else cancel_key,
                       tooltip=_("Changed your mind: back to where you were (Esc)."))]

    def _confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def key_names(self) -> list[str]:
        """Each answer's letter (none where its label has no free letter); Cancel without a
        letter of its own answers to Esc."""
        yes, cancel = self.buttons
        return [key_label(yes.hotkey) if yes.hotkey is not None else "",
                key_label(cancel.hotkey) if cancel.hotkey is not None else "Esc"]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return
        super().handle_event(event)

