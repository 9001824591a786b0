"""The settings scene: the language, animation speed, the sound's volume (or off), fullscreen,
the window size (remembered by itself), the fresh-cards rule's default (R3.1d), the hot-seat
players' names, the coach's tips and the rendezvous server through which two computers meet
across the internet (Play a friend; empty: the magic-wormhole project's own); where the log
file is, with a button that shows its folder.

A choice is saved the moment it changes (atomically, through the app's settings store); the
language, fullscreen and the volume apply at once (a new language to every scene, this one
included).  The names and the rendezvous server are saved as they are typed whenever they are
usable; leaving with an empty or doubled name, or a server that is no ws:// or wss:// address,
keeps the scene open with a message.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...desktop import open_folder
from ...i18n import _, pgettext
from ...logs import FILE_NAME, log_dir, log_file
from ...store.names import NAME_FIELD
from ...store.settings import (
    ANIMATION_SPEEDS,
    MAX_TEXT,
    VOLUMES,
    is_default_name,
    names_problem,
    rendezvous_problem,
)
from .. import keys
from .. import theme as t
from ..columns import shorten
from ..labels import on_off, player_label
from ..scene import Scene
from ..textfield import TextField
from ..widgets import Button, Choice, Form, draw_dialog

if TYPE_CHECKING:
    from ..app import App

#: A row's height where the window has the room, and the least it gets.
ROW, ROW_LEAST = 60, 34
#: The width of the button that shows the log's folder.
LOG_BUTTON = 200
#: The captions' column: the settings' controls start this far right of the panel's edge.
CAPTIONS = 270
#: The Language row's value for following the system's language.
SYSTEM = "system"


def speed_label(speed: float) -> str:
    return f"{i18n.decimal(speed, 0 if speed == int(speed) else 1)}×"


class SettingsScene(Scene):
    """Every setting on one panel; Back (or Esc, or Enter) saves the names and returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.language: Choice[str] = Choice(language_options(), settings.language or SYSTEM,
                                            self._set_language)
        self.speed: Choice[float] = Choice([], settings.animation_speed, self._set_speed)
        self.volume: Choice[float | None] = Choice([], None if settings.mute
                                                   else settings.volume, self._set_volume)
        self.fullscreen = Choice(on_off(), app.fullscreen, self._set_fullscreen)
        self.fresh = Choice(on_off(), settings.fresh_cards_rule, self._set_fresh)
        self.tips = Choice(on_off(), settings.tips, self._set_tips)
        self.fields = [TextField(name, max_length=NAME_FIELD, on_change=self._name_typed)
                       for name in settings.player_names]
        self.rendezvous = TextField(settings.rendezvous, max_length=MAX_TEXT, size=22,
                                    keep_end=True, on_change=self._rendezvous_typed)
        items: list[Choice | TextField] = [self.language, self.speed, self.volume,
                                           self.fullscreen, self.fresh, *self.fields,
                                           self.tips, self.rendezvous]
        self.form = Form([(item, "") for item in items])
        self.back = Button("", self.leave_settings)
        self.log_button = Button("", self.open_log_folder, size=20)
        #: where the log file's path is written
        self.log_place = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.size_note = (0, 0)
        self._texts()
        self.resize(app.size)

    def _texts(self) -> None:
        """The options, help lines and Back in the current language."""
        self.language.options = language_options()
        self.speed.options = [(speed_label(speed), speed) for speed in ANIMATION_SPEEDS]
        self.volume.options = ([(_("Off"), None)]
                               + [(i18n.percent(volume), volume) for volume in VOLUMES])
        self.fullscreen.options = self.fresh.options = self.tips.options = on_off()
        self.form.help = [
            _("The language of the whole game; it changes at once."),
            _("How fast the cards move on the table; Space also hurries a running animation."),
            _("How loud the card sounds and tunes are; Off keeps the game quiet."),
            _("Fill the screen; F11 switches anywhere in the game."),
            _("The default for new games: after a refresh, the card you take must be one the "
              "refreshes drew this turn."),
            _("The first hot-seat player's name, offered for the next game."),
            _("The second hot-seat player's name, offered for the next game."),
            _("The coach's tips in your games: the first time something new is possible, one "
              "sentence beside the table says so."),
            _("Playing a friend across the internet, both computers meet through this "
              "magic-wormhole server; left empty, the magic-wormhole project's own."),
        ]
        self.rendezvous.placeholder = _("the magic-wormhole project's server")
        self.back.text = pgettext("button", "Back")
        self.back.tooltip = _("Save and return (Esc).")
        self.log_button.text = pgettext("button", "Open its folder")
        self.log_button.tooltip = _("Show the log file's folder: what went wrong is written "
                                    "there, to send along when you report a problem.")

    def language_changed(self) -> None:
        """The new language's texts; names never chosen follow it ("Spieler 1")."""
        for field, name in zip(self.fields, self.app.settings.player_names, strict=True):
            if is_default_name(field.text.strip()):
                field.text = name
        self._texts()
        self.resize(self.app.size)

    # ------------------------------------------------------------------ changes

    def _set_language(self, choice: str) -> None:
        """Every scene switches now, this one too; the choice is remembered."""
        self.app.set_language(None if choice == SYSTEM else choice)

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

    def _name_typed(self, _value: str) -> None:
        names = self.names
        if names_problem(*names) is None and names != self.app.settings.player_names:
            self.app.save_settings(self.app.settings.with_changes(player_names=names))

    def _rendezvous_typed(self, text: str) -> None:
        if rendezvous_problem(text) is None and text.strip() != self.app.settings.rendezvous:
            self.app.save_settings(self.app.settings.with_changes(rendezvous=text.strip()))

    @property
    def names(self) -> tuple[str, str]:
        return (self.fields[0].text.strip(), self.fields[1].text.strip())

    def _set_fullscreen(self, on: bool) -> None:
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def _set_fresh(self, on: bool) -> None:
        self.app.save_settings(self.app.settings.with_changes(fresh_cards_rule=on))

    def _set_tips(self, on: bool) -> None:
        self.app.save_settings(self.app.settings.with_changes(tips=on))

    def open_log_folder(self) -> None:
        """The log's folder in the desktop's file manager, or a notice saying where it is."""
        folder = log_path().parent
        if not open_folder(folder):
            self.app.toast(_("The folder could not be shown; it is {folder}.").format(
                folder=folder))

    def leave_settings(self) -> None:
        """Save the names (when usable) and return to the scene below."""
        names = self.names
        self.form.error = names_problem(*names) or rendezvous_problem(self.rendezvous.text)
        if self.form.error:
            return
        if names != self.app.settings.player_names:
            self.app.save_settings(self.app.settings.with_changes(player_names=names))
        self.app.pop()

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.fullscreen.value = self.app.fullscreen
        self.panel = pygame.Rect(0, 0, min(880, size[0] - 60), min(680, size[1] - 20))
        self.panel.center = (size[0] // 2, size[1] // 2)
        left = self.panel.x + 40
        right = self.panel.x + CAPTIONS + 20
        y = self.panel.y + 94
        rows: list[tuple[str, Choice | TextField | None, int]] = [
            (_("Language"), self.language, 480),
            (_("Animation speed"), self.speed, 480),
            (_("Sound"), self.volume, 480),
            (_("Fullscreen"), self.fullscreen, 220),
            (_("Window size"), None, 0),
            (_("Fresh-cards rule"), self.fresh, 220),
            (player_label(1), self.fields[0], 360),
            (player_label(2), self.fields[1], 360),
            (_("Coach's tips"), self.tips, 220),
            (_("Rendezvous server"), self.rendezvous, 480),
        ]
        self.labels = []
        row = max(ROW_LEAST, min(ROW, (self.panel.height - 280) // 10))
        height = min(44, row - 6)
        for caption, item, width in rows:
            self.labels.append((caption, (left, y + height // 2 - 10)))
            if item is None:
                self.size_note = (right, y + height // 2 - 10)
            else:
                item.rect = pygame.Rect(right, y, width, height)
            y += row if item is not None else row - 12
        self.labels.append((_("Log file"), (left, y + height // 2 - 10)))
        self.log_button.rect = pygame.Rect(0, y, LOG_BUTTON, height)
        self.log_button.rect.right = self.panel.right - 30
        self.log_place = pygame.Rect(right, y, self.log_button.rect.left - 12 - right, height)
        self.back.rect = pygame.Rect(0, 0, 220, 46)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 34)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                          pygame.K_KP_ENTER):
            self.leave_settings()
            return
        if self.form.handle_event(event):
            return
        if not isinstance(self.form.focused, TextField) and keys.menu_key(self.app, event):
            return
        if not self.log_button.handle_event(event):
            self.back.handle_event(event)

    def update(self, dt: float) -> None:
        for field in (*self.fields, self.rendezvous):
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
        text = _("Saved in {path}").format(path=path)
        while font.size(text)[0] > width and len(path) > 12:
            path = path[4:]
            text = _("Saved in {path}").format(path=f"…{path}")
        return text

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Settings"), 44)
        for text, position in self.labels:
            surface.blit(theme.fit(text, 26, CAPTIONS - 20, t.INK, bold=True), position)
        width, height = self.app.settings.window_size
        note = (_("{width} × {height} in a window, remembered when you resize it")
                if not self.app.fullscreen else _("fullscreen; {width} × {height} in a window"))
        room = self.panel.right - 30 - self.size_note[0]
        surface.blit(theme.fit(note.format(width=width, height=height), 22, room, t.INK_DIM),
                     self.size_note)
        self.back.draw(surface, theme)
        log = shorten(theme, str(log_path()), 18, self.log_place.width, tail=True)
        image = theme.text(log, 18, t.INK_DIM)
        surface.blit(image, image.get_rect(midleft=self.log_place.midleft))
        self.log_button.draw(surface, theme)
        self.form.draw(surface, theme, pygame.Rect(self.panel.x + 40, self.back.rect.top - 56,
                                                    self.panel.width - 80, 50))
        if self.app.settings_store.path.exists():
            path = theme.text(self._where(self.panel.width - 40), 16, t.INK_DIM)
            surface.blit(path, path.get_rect(midbottom=(self.panel.centerx,
                                                        self.panel.bottom - 12)))
        hint = theme.fit(_("Tab or Up/Down: next  ·  Left/Right: change  ·  Esc or Enter: back"),
                         18, self.panel.width - 40, t.INK_DIM)
        surface.blit(hint, hint.get_rect(midtop=(self.panel.centerx, self.panel.y + 74)))
        self.back.draw_tooltip(surface, theme)
        self.log_button.draw_tooltip(surface, theme)


def log_path() -> Path:
    """The log file being written, else where it would be (its folder could not be written:
    the player sees where to look, and the folder may be made by hand)."""
    return log_file() or log_dir() / FILE_NAME


def language_options() -> list[tuple[str, str]]:
    """Following the system's language, then each language by its own name."""
    return [(_("System"), SYSTEM)] + [(i18n.language_name(code), code)
                                       for code in i18n.available_languages()]
