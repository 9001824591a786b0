"""A one-line text input (player names, numbers, file paths)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from . import theme as t
from .columns import shorten

if TYPE_CHECKING:
    from .theme import Theme


#: The room a field keeps free beside a text cut to show its end (margins and the cursor).
END_ROOM = 30


class TextField:
    """A one-line text input (player names, numbers): Enter submits, Backspace deletes.

    Gaining the focus selects the whole text (as does Ctrl+A), so typing replaces it and
    Backspace clears it; ``on_change`` hears every edit (names are remembered as typed).
    ``allowed`` limits which characters may be typed (digits for a deal number); ``size`` is
    the text's size; ``keep_end``: a text longer than the field shows its end, where the
    typing is (a file path, a long name), cut with "…" at its start.  The cursor
    blinks for :data:`BLINK_FOR` seconds after the last input, then stays lit (as desktop text
    fields do), so that a dialog left open costs nothing."""

    BLINK = 0.5
    BLINK_FOR = 10.0

    def __init__(self, text: str = "", *, max_length: int = 16,
                 rect: pygame.Rect | None = None,
                 on_change: Callable[[str], None] | None = None,
                 allowed: Callable[[str], bool] = str.isprintable,
                 placeholder: str = "", size: int = 28, keep_end: bool = False) -> None:
        self.text = text
        self.size = size
        self.keep_end = keep_end
        self.max_length = max_length
        self.rect = rect or pygame.Rect(0, 0, 320, 44)
        self.on_change = on_change
        self.allowed = allowed
        self.placeholder = placeholder
        self.selected = False
        self._focused = False
        self._blink = 0.0
        self._quiet = 0.0

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, focused: bool) -> None:
        if focused and not self._focused:
            self.selected = bool(self.text)
            self._blink = self._quiet = 0.0
        elif not focused:
            self.selected = False
        self._focused = focused

    def _set(self, text: str) -> None:
        self.selected = False
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when Enter was pressed in the focused field."""
        if self.focused and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self._blink = self._quiet = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focused = self.rect.collidepoint(event.pos)
        elif event.type == pygame.TEXTINPUT and self.focused:
            typed = "".join(ch for ch in event.text if ch.isprintable() and self.allowed(ch))
            if typed:
                base = "" if self.selected else self.text
                self._set((base + typed)[: self.max_length])
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                self._set("" if self.selected else self.text[:-1])
            elif event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.selected = bool(self.text)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return True
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % (2 * self.BLINK)
        self._quiet += dt

    @property
    def blinking(self) -> bool:
        return self.focused and self._quiet < self.BLINK_FOR

    def next_change(self) -> float | None:
        """When the cursor blinks next (None once it has stopped, or without the focus)."""
        if not self.blinking:
            return None
        return min(self.BLINK - self._blink % self.BLINK, self.BLINK_FOR - self._quiet)

    def shown(self, theme: Theme) -> tuple[str, int]:
        """The text as drawn and its size (its end where it is longer than the field and the
        field keeps the end)."""
        if self.keep_end:
            return shorten(theme, self.text, self.size, self.rect.width - END_ROOM, tail=True), \
                self.size
        return self.text, self.size

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        pygame.draw.rect(surface, (250, 244, 228), self.rect, border_radius=6)
        edge = t.GOLD if self.focused else t.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=3, border_radius=6)
        if not self.text and self.placeholder:
            hint = theme.fit(self.placeholder, 24, self.rect.width - 20, t.INK_DIM)
            surface.blit(hint, (self.rect.x + 10, self.rect.centery - hint.get_height() // 2))
        shown, size = self.shown(theme)
        label = theme.text(shown, size, (255, 255, 255) if self.selected else t.PANEL)
        position = (self.rect.x + 10, self.rect.centery - label.get_height() // 2)
        if self.selected:
            pygame.draw.rect(surface, t.BLUE, pygame.Rect(position, label.get_size()).inflate(4, 4),
                             border_radius=3)
        surface.blit(label, position)
        if self.focused and not self.selected and (not self.blinking or self._blink < self.BLINK):
            x = self.rect.x + 12 + label.get_width()
            pygame.draw.line(surface, t.PANEL, (x, self.rect.y + 9), (x, self.rect.bottom - 9), 2)
