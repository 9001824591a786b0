"""The title screen: the FAMIGLIA wordmark on the felt, two fans of cards, and the main menu
(continue the saved game — greyed out when there is none —, new hot-seat game, solo challenge,
highscores, rules, settings, quit).  Arrows and Enter or the letter shortcuts work as well as
the mouse.

The fans are rotated once per window size; a frame only blits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import __version__
from ...rules import DECK
from ...store.savegame import SaveGameStore
from .. import theme as t
from ..assets import card_size_for_height
from ..scene import Scene
from ..session import resume_table
from ..widgets import Button, Menu, layout_column
from .highscores import HighscoresScene
from .new_game import NewGameScene
from .rules_help import RulesScene
from .settings import SettingsScene
from .solo_setup import SoloSetupScene

if TYPE_CHECKING:
    from ..app import App

#: The fans beside the menu: each family's 4 on the left, La Famiglia's best on the right.
LEFT_FAN = ("A4", "B4", "M4")
RIGHT_FAN = ("F2", "F3", "F4")
FAN_ANGLE = 11


class TitleScene(Scene):
    """The main menu."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = Menu([
            Button("Continue", self._continue, hotkey=pygame.K_c),
            Button("New hot-seat game", self._new_game, hotkey=pygame.K_n,
                   tooltip="Two players at one computer, taking turns."),
            Button("Solo challenge", lambda: self.app.push(SoloSetupScene(self.app)),
                   hotkey=pygame.K_s, tooltip="You against the Gangster, levels 1 to 4."),
            Button("Highscores", lambda: self.app.push(HighscoresScene(self.app)),
                   hotkey=pygame.K_h, tooltip="The best solo games against the Gangster."),
            Button("Rules", lambda: self.app.push(RulesScene(self.app)), hotkey=pygame.K_r,
                   tooltip="How to play, the VP table and the solo program."),
            Button("Settings", lambda: self.app.push(SettingsScene(self.app)),
                   hotkey=pygame.K_o,
                   tooltip="Animation speed, fullscreen, the fresh-cards rule, player names."),
            Button("Quit", self.app.quit, hotkey=pygame.K_q, tooltip="Close Famiglia."),
        ])
        self.saves = SaveGameStore()
        self._update_continue()
        self.fans: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.backdrop = pygame.Surface((1, 1))
        self.wordmark_size = 0
        self.resize(app.size)

    def _new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def _continue(self) -> None:
        table = resume_table(self.app, self.saves)
        if table is not None:
            self.app.push(table)
        self._update_continue()

    def _update_continue(self) -> None:
        """Continue works, and says so, only while a saved game exists."""
        continue_button = self.menu.buttons[0]
        continue_button.enabled = self.saves.exists()
        continue_button.tooltip = (
            "Continue the game you left: it is saved after every move."
            if continue_button.enabled else "No game to continue: start a new one.")

    def enter(self) -> None:
        """Back from a game: there may be a game to continue now, or none any more."""
        self._update_continue()

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.backdrop = _vignette(size)
        self.wordmark_size = min(190, height // 5, width // 6)
        menu_top = 60 + self.wordmark_size + 40
        button_height = min(50, (height - menu_top - 50) // 7 - 10)
        centre_y = menu_top + (7 * (button_height + 10) - 10) // 2
        layout_column(self.menu.buttons, (width // 2, centre_y), width=340,
                      height=button_height, gap=10)
        room = (width - 340) // 2 - 60
        card_height = min(300, height - menu_top - 80, round(room / 1.45))
        self.fans = []
        if card_height >= 120:
            centre_x = (width - 340) // 4
            self._fan(LEFT_FAN, (centre_x + 10, centre_y + 20), card_height, -1)
            self._fan(RIGHT_FAN, (width - centre_x - 10, centre_y + 20), card_height, 1)

    def _fan(self, codes: tuple[str, ...], centre: tuple[int, int], height: int,
             tilt: int) -> None:
        """Cards spread like a held hand, the last one on top."""
        size = card_size_for_height(height)
        middle = (len(codes) - 1) / 2
        for index, code in enumerate(codes):
            card = next(card for card in DECK if card.code == code)
            angle = (middle - index) * FAN_ANGLE * tilt
            image = pygame.transform.rotozoom(self.app.cards.face(card.id, size), angle, 1.0)
            offset = round((index - middle) * size[0] * 0.42)
            drop = round(abs(index - middle) * size[1] * 0.06)
            self.fans.append((image, image.get_rect(center=(centre[0] + offset,
                                                            centre[1] + drop))))

    def leave(self) -> None:
        """The hot-seat dialog draws over this screen: no stale tooltip under it."""
        self.menu.pointed = None

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        width, height = surface.get_size()
        surface.blit(self.backdrop, (0, 0))
        for image, rect in self.fans:
            surface.blit(image, rect)
        shadow = theme.text("FAMIGLIA", self.wordmark_size, (0, 0, 0), bold=True)
        word = theme.text("FAMIGLIA", self.wordmark_size, t.GOLD, bold=True)
        rect = word.get_rect(midtop=(width // 2, 40))
        surface.blit(shadow, rect.move(5, 6))
        surface.blit(word, rect)
        line = pygame.Rect(0, 0, rect.width, 3)
        line.midtop = (width // 2, rect.bottom + 2)
        pygame.draw.rect(surface, t.GOLD_DARK, line)
        tagline = theme.text("a card game of gangsters for two, by Friedemann Friese", 24,
                             t.INK_DIM)
        surface.blit(tagline, tagline.get_rect(midtop=(width // 2, line.bottom + 10)))
        self.menu.draw(surface, theme)
        version = theme.text(f"version {__version__}", 18, t.INK_DIM)
        surface.blit(version, version.get_rect(bottomright=(width - 14, height - 10)))
        keys = theme.text("arrows + Enter or the letter keys  ·  F11 fullscreen", 18, t.INK_DIM)
        surface.blit(keys, keys.get_rect(bottomleft=(14, height - 10)))
        self.menu.draw_tooltip(surface, theme)


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """The felt, lighter in the middle and darker towards the edges (drawn once per size)."""
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(t.FELT_DARK)
    steps = 24
    for step in range(steps):
        share = step / steps
        colour = [round(dark + (light - dark) * share)
                  for dark, light in zip(t.FELT_DARK, t.FELT, strict=True)]
        rect = pygame.Rect(0, 0, round(width * (1.5 - share)), round(height * (1.5 - share)))
        rect.center = (width // 2, height // 2)
        pygame.draw.ellipse(surface, colour, rect)
    return surface
