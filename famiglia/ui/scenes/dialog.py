"""The game-setup dialog both ways of starting a game share (hot-seat and solo): labelled rows
of text fields and choices on a panel over the title, a help line for the row under the mouse
or in focus, an error line, and Start / Back.

Tab moves between the rows, Left/Right changes the focused choice, Enter starts (a subclass
may give Enter another meaning first), Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme as t
from ..scene import Scene
from ..widgets import Button, Choice, Form, TextField, draw_dialog, shade

if TYPE_CHECKING:
    from ..app import App

#: One row: the widget, its caption, its width in pixels and its help line.
Row = tuple[TextField | Choice, str, int, str]
ROW_HEIGHT = 68
HINT = "Tab: next  ·  Left/Right: change  ·  Enter: start  ·  Esc: back"


class SetupDialog(Scene):
    """Subclasses give a title, the rows and :meth:`deal`; a problem found by ``deal`` goes to
    ``form.error``, shown instead of the help line until the next input."""

    opaque = False
    title = ""

    def __init__(self, app: App, rows: list[Row], *, panel_size: tuple[int, int],
                 gaps: dict[int, int] | None = None) -> None:
        super().__init__(app)
        self.rows = rows
        self.gaps = gaps or {}
        self.panel_size = panel_size
        self.form = Form([(widget, help_text) for widget, _, _, help_text in rows])
        self.start = Button("Start", self.deal, tooltip="Deal the cards (Enter).")
        self.back = Button("Back", self.app.pop, tooltip="Back to the title (Esc).")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.resize(app.size)

    def deal(self) -> None:
        """Start: check the rows, remember them in the settings and deal the game."""
        raise NotImplementedError

    def enter_pressed(self) -> None:
        self.deal()

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 150)
        self.panel = pygame.Rect((0, 0), self.panel_size)
        self.panel.center = (size[0] // 2, size[1] // 2)
        left, right = self.panel.x + 40, self.panel.x + 240
        self.labels = []
        y = self.panel.y + 96
        for index, (widget, caption, width, _) in enumerate(self.rows):
            widget.rect = pygame.Rect(right, y, width, 46)
            self.labels.append((caption, (left, y + 12)))
            y += ROW_HEIGHT + self.gaps.get(index, 0)
        for index, button in enumerate((self.start, self.back)):
            button.rect = pygame.Rect(0, 0, 200, 50)
            button.rect.center = (self.panel.centerx + (1 - index * 2) * -115,
                                  self.panel.bottom - 62)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter_pressed()
            return
        if self.form.handle_event(event):
            return
        for button in (self.start, self.back):
            if button.handle_event(event):
                return

    def update(self, dt: float) -> None:
        for widget, *_ in self.rows:
            if isinstance(widget, TextField):
                widget.update(dt)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Anything a subclass shows beside its rows (drawn just before them)."""

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self.shade, (0, 0))
        draw_dialog(surface, theme, self.panel, self.title, 40)
        for text, position in self.labels:
            surface.blit(theme.text(text, 26, t.INK, bold=True), position)
        self.draw_extra(surface)
        self.form.draw(surface, theme, pygame.Rect(self.panel.x + 40, self.start.rect.top - 70,
                                                   self.panel.width - 80, 52))
        for button in (self.start, self.back):
            button.draw(surface, theme)
        hint = theme.text(HINT, 18, t.INK_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(self.panel.centerx,
                                                    self.panel.bottom - 12)))
        for button in (self.start, self.back):
            button.draw_tooltip(surface, theme)
