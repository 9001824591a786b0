"""The settings scene: animation speed, the sound's volume (or off), fullscreen, the window
size (remembered by itself), the fresh-cards rule's default (R3.1d) and the hot-seat players'
names.

A choice is saved the moment it changes (atomically, through the app's settings store);
fullscreen and the volume apply at once.  The names are saved as they are typed whenever both
are usable; leaving with an empty or doubled name keeps the scene open with a message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...store.settings import ANIMATION_SPEEDS, MAX_NAME, VOLUMES, names_problem
from .. import theme as t
from ..scene import Scene
from ..widgets import Button, Choice, Form, TextField, draw_dialog

if TYPE_CHECKING:
    from ..app import App

ON_OFF = [("On", True), ("Off", False)]
ROW = 66


def speed_label(speed: float) -> str:
    return f"{speed:g}×"


class SettingsScene(Scene):
    """Every setting on one panel; Back (or Esc, or Enter) saves the names and returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.speed = Choice([(speed_label(speed), speed) for speed in ANIMATION_SPEEDS],
                            settings.animation_speed, self._set_speed)
        self.volume: Choice[float | None] = Choice(
            [("Off", None)] + [(f"{volume:.0%}", volume) for volume in VOLUMES],
            None if settings.mute else settings.volume, self._set_volume)
        self.fullscreen = Choice(ON_OFF, app.fullscreen, self._set_fullscreen)
        self.fresh = Choice(ON_OFF, settings.fresh_cards_rule, self._set_fresh)
        self.fields = [TextField(name, max_length=MAX_NAME, on_change=self._name_typed)
                       for name in settings.player_names]
        self.form = Form([
            (self.speed, "How fast the cards move on the table; Space also hurries a running "
                         "animation."),
            (self.volume, "How loud the card sounds and tunes are; Off keeps the game quiet."),
            (self.fullscreen, "Fill the screen; F11 switches anywhere in the game."),
            (self.fresh, "The default for new games: after a refresh, the card you take must "
                         "be one the refreshes drew this turn."),
            (self.fields[0], "The first hot-seat player's name, offered for the next game."),
            (self.fields[1], "The second hot-seat player's name, offered for the next game."),
        ])
        self.back = Button("Back", self.leave_settings, tooltip="Save and return (Esc).")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.size_note = (0, 0)
        self.resize(app.size)

    # ------------------------------------------------------------------ changes

    def _set_speed(self, speed: float) -> None:
        self.app.save_settings(self.app.settings.with_changes(animation_speed=speed))

    def _set_volume(self, volume: float | None) -> None:
        """Off mutes and keeps the volume for later; a level unmutes; a sample plays."""
        settings = self.app.settings
        if volume is None:
            self.app.save_settings(settings.with_changes(mute=True))
            return
        self.app.save_settings(settings.with_changes(volume=volume, mute=False))
        self.app.sound.play("turn")

    def _name_typed(self, _: str) -> None:
        names = self.names
        if names_problem(*names) is None and names != self.app.settings.player_names:
            self.app.save_settings(self.app.settings.with_changes(player_names=names))

    @property
    def names(self) -> tuple[str, str]:
        return (self.fields[0].text.strip(), self.fields[1].text.strip())

    def _set_fullscreen(self, on: bool) -> None:
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def _set_fresh(self, on: bool) -> None:
        self.app.save_settings(self.app.settings.with_changes(fresh_cards_rule=on))

    def leave_settings(self) -> None:
        """Save the names (when usable) and return to the scene below."""
        names = self.names
        self.form.error = names_problem(*names)
        if self.form.error:
            return
        if names != self.app.settings.player_names:
            self.app.save_settings(self.app.settings.with_changes(player_names=names))
        self.app.pop()

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.fullscreen.value = self.app.fullscreen
        self.panel = pygame.Rect(0, 0, min(820, size[0] - 60), min(620, size[1] - 40))
        self.panel.center = (size[0] // 2, size[1] // 2)
        left = self.panel.x + 40
        right = self.panel.x + 290
        y = self.panel.y + 100
        rows: list[tuple[str, Choice | TextField | None, int]] = [
            ("Animation speed", self.speed, 440),
            ("Sound", self.volume, 440),
            ("Fullscreen", self.fullscreen, 200),
            ("Window size", None, 0),
            ("Fresh-cards rule", self.fresh, 200),
            ("Player 1", self.fields[0], 360),
            ("Player 2", self.fields[1], 360),
        ]
        self.labels = []
        row = max(50, min(ROW, (self.panel.height - 254) // 7))
        for caption, item, width in rows:
            self.labels.append((caption, (left, y + 12)))
            if item is None:
                self.size_note = (right, y + 12)
            else:
                item.rect = pygame.Rect(right, y, width, 44)
            y += row if item is not None else row - 16
        self.back.rect = pygame.Rect(0, 0, 200, 50)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 40)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                          pygame.K_KP_ENTER):
            self.leave_settings()
            return
        if self.form.handle_event(event):
            return
        self.back.handle_event(event)

    def update(self, dt: float) -> None:
        for field in self.fields:
            field.update(dt)

    def animating(self) -> bool:
        return False

    def next_change(self) -> float | None:
        focused = self.form.focused
        return focused.next_change() if isinstance(focused, TextField) else None

    # ------------------------------------------------------------------ drawing

    def _where(self, width: int) -> str:
        """ "Saved in <path>", the path shortened at its start (the file's end is the part
        that tells) when it is wider than ``width``."""
        font = self.app.theme.font(16)
        path = str(self.app.settings_store.path)
        text = f"Saved in {path}"
        while font.size(text)[0] > width and len(path) > 12:
            path = path[4:]
            text = f"Saved in …{path}"
        return text

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, "Settings", 44)
        for text, position in self.labels:
            surface.blit(theme.text(text, 26, t.INK, bold=True), position)
        width, height = self.app.settings.window_size
        note = (f"{width} × {height} in a window, remembered when you resize it"
                if not self.app.fullscreen else f"fullscreen; {width} × {height} in a window")
        surface.blit(theme.text(note, 22, t.INK_DIM), self.size_note)
        self.back.draw(surface, theme)
        self.form.draw(surface, theme, pygame.Rect(self.panel.x + 40, self.back.rect.top - 62,
                                                    self.panel.width - 80, 52))
        if self.app.settings_store.path.exists():
            path = theme.text(self._where(self.panel.width - 40), 16, t.INK_DIM)
            surface.blit(path, path.get_rect(midbottom=(self.panel.centerx,
                                                        self.panel.bottom - 12)))
        hint = theme.text("Tab or Up/Down: next  ·  Left/Right: change  ·  Esc or Enter: back",
                          18, t.INK_DIM)
        surface.blit(hint, hint.get_rect(midtop=(self.panel.centerx, self.panel.y + 74)))
        self.back.draw_tooltip(surface, theme)
