"""The pause menu, an overlay the table opens on Esc: resume, read the rules, go back to the
title, or quit.  The table stays visible (dimmed) underneath; it gets no input meanwhile."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..scene import Scene
from ..widgets import Button, Menu, draw_dialog, layout_column, shade
from .rules_help import RulesScene

if TYPE_CHECKING:
    from ..app import App


class PauseScene(Scene):
    """Resume (also Esc), Rules, Main menu, Quit."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = Menu([
            Button("Resume", self.app.pop, hotkey=pygame.K_ESCAPE,
                   tooltip="Back to the table."),
            Button("Rules", lambda: self.app.push(RulesScene(self.app)), hotkey=pygame.K_r,
                   tooltip="Read the rules; the game waits."),
            Button("Main menu", self._to_title, hotkey=pygame.K_m,
                   tooltip="Leave this game and go back to the title screen."),
            Button("Quit", self.app.quit, hotkey=pygame.K_q, tooltip="Close Famiglia."),
        ])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self.resize(app.size)

    def _to_title(self) -> None:
        from .title import TitleScene  # the title leads back to the table: import when used

        self.app.reset(TitleScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 140)
        self.panel = pygame.Rect(0, 0, 380, 360)
        self.panel.center = (size[0] // 2, size[1] // 2)
        layout_column(self.menu.buttons, (self.panel.centerx, self.panel.centery + 28),
                      width=300, height=50, gap=14)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        draw_dialog(surface, self.app.theme, self.panel, "Paused", 44)
        self.menu.draw(surface, self.app.theme)
        self.menu.draw_tooltip(surface, self.app.theme)
