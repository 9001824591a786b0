"""The hot-seat setup dialog over the title: the two players' names (pre-filled from the
settings and remembered there), the fresh-cards rule (R3.1d) and who starts (R2.3); Start
deals a new game onto the table.

Typing goes into the focused name field, so this dialog has no letter shortcuts: Tab moves
between the fields, Enter goes on (and starts from the second name), Esc goes back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from ...rules import Game
from ...store.settings import MAX_NAME, names_problem
from .. import theme as t
from ..scene import Scene
from ..widgets import Button, Choice, Form, TextField, draw_panel
from .table import TableScene

if TYPE_CHECKING:
    from ..app import App

FRESH_TIP = ("R3.1d, on in the 2017 edition: if you refreshed the Street in your turn, the "
             "card you take must be one that your refreshes drew this turn.")


def hot_seat_table(app: App, names: tuple[str, str], *, fresh_cards_rule: bool,
                   first_player: int | None = None) -> TableScene:
    """A table with a freshly dealt hot-seat game; ``None`` draws the start player (R2.3)."""
    first = random.randrange(2) if first_player is None else first_player
    game = Game.new(first_player=first, fresh_cards_rule=fresh_cards_rule)
    return TableScene(app, game, names)


class NewGameScene(Scene):
    """Names, the fresh-cards rule and who starts; Start or Back."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.fields = [TextField(name, max_length=MAX_NAME) for name in settings.player_names]
        self.fresh = Choice([("On", True), ("Off", False)], settings.fresh_cards_rule)
        self.starter: Choice[int | None] = Choice(
            [("Random", None), ("Player 1", 0), ("Player 2", 1)], None)
        self.form = Form([
            (self.fields[0], "The name of the player who uses the red start set (1 to "
                             f"{MAX_NAME} letters); remembered for the next game."),
            (self.fields[1], "The name of the player who uses the blue start set; "
                             "remembered for the next game."),
            (self.fresh, FRESH_TIP),
            (self.starter, "Who plays the first turn (R2.3): drawn at random, or chosen."),
        ])
        self.start = Button("Start", self._start, tooltip="Deal the cards (Enter).")
        self.back = Button("Back", self.app.pop, tooltip="Back to the title (Esc).")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = pygame.Surface((1, 1))
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.resize(app.size)

    @property
    def names(self) -> tuple[str, str]:
        return (self.fields[0].text.strip(), self.fields[1].text.strip())

    def _start(self) -> None:
        self.form.error = names_problem(*self.names)
        if self.form.error:
            return
        names = self.names
        self.app.save_settings(self.app.settings.with_changes(
            player_names=names, fresh_cards_rule=self.fresh.value))
        table = hot_seat_table(self.app, names, fresh_cards_rule=self.fresh.value,
                               first_player=self.starter.value)
        self.app.pop()
        self.app.push(table)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = pygame.Surface(size, pygame.SRCALPHA)
        self.shade.fill((0, 0, 0, 150))
        self.panel = pygame.Rect(0, 0, 640, 540)
        self.panel.center = (size[0] // 2, size[1] // 2)
        left = self.panel.x + 40
        right = self.panel.x + 240
        rows = [*self.fields, self.fresh, self.starter]
        captions = ["Player 1", "Player 2", "Fresh-cards rule", "Who starts"]
        widths = [360, 360, 200, 360]
        self.labels = []
        y = self.panel.y + 96
        for item, caption, width in zip(rows, captions, widths, strict=True):
            item.rect = pygame.Rect(right, y, width, 46)
            self.labels.append((caption, (left, y + 12)))
            y += 68
        for index, button in enumerate((self.start, self.back)):
            button.rect = pygame.Rect(0, 0, 200, 50)
            button.rect.center = (self.panel.centerx + (1 - index * 2) * -115,
                                  self.panel.bottom - 62)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.form.focused is self.fields[0]:
                self.form.focus(1)
            else:
                self._start()
            return
        if self.form.handle_event(event):
            return
        for button in (self.start, self.back):
            if button.handle_event(event):
                return

    def update(self, dt: float) -> None:
        for field in self.fields:
            field.update(dt)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self.shade, (0, 0))
        draw_panel(surface, self.panel, edge=t.GOLD, radius=14)
        title = theme.text("New hot-seat game", 40, t.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 28)))
        for text, position in self.labels:
            surface.blit(theme.text(text, 26, t.INK, bold=True), position)
        names = self.names
        self.starter.options = [("Random", None)] + [
            (names[seat] or f"Player {seat + 1}", seat) for seat in (0, 1)]
        for button in (self.start, self.back):
            button.draw(surface, theme)
        self.form.draw(surface, theme, pygame.Rect(self.panel.x + 40, self.start.rect.top - 70,
                                                    self.panel.width - 80, 52))
        hint = theme.text("Tab: next  ·  Left/Right: change  ·  Enter: start  ·  Esc: back",
                          18, t.INK_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(self.panel.centerx,
                                                    self.panel.bottom - 12)))
        for button in (self.start, self.back):
            button.draw_tooltip(surface, theme)
