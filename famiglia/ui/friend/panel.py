"""The dialog panel the friend screens share: a gold title, lines of text (one of them large:
an address or a code), a line in red for what went wrong, and a row of buttons; sized to the
window, its texts wrapped and fitted so that they never leave it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import theme as t
from ..widgets import Button, draw_dialog

if TYPE_CHECKING:
    from ..theme import Theme

#: The panel's largest size (the setup dialog's too, so that a screen opened from it covers
#: it exactly), and its margin inside the window.
PANEL_SIZE = (880, 540)
MARGIN = 20
BUTTON_HEIGHT = 48
BUTTON_GAP = 20
TEXT = 24
BIG = 40


@dataclass(frozen=True)
class Line:
    """A line of the panel: ``big`` for an address or a code, ``dim`` for a hint."""

    text: str
    big: bool = False
    dim: bool = False


def panel_rect(size: tuple[int, int], height: int = PANEL_SIZE[1]) -> pygame.Rect:
    panel = pygame.Rect(0, 0, min(PANEL_SIZE[0], size[0] - 2 * MARGIN),
                        min(height, size[1] - 2 * MARGIN))
    panel.center = (size[0] // 2, size[1] // 2)
    return panel


def place_buttons(panel: pygame.Rect, buttons: Sequence[Button], width: int = 240) -> None:
    """The buttons in a row at the panel's foot, centred."""
    width = min(width, (panel.width - 60 - BUTTON_GAP * (len(buttons) - 1)) // max(1, len(buttons)))
    total = len(buttons) * width + (len(buttons) - 1) * BUTTON_GAP
    x = panel.centerx - total // 2
    for button in buttons:
        button.rect = pygame.Rect(x, panel.bottom - 40 - BUTTON_HEIGHT, width, BUTTON_HEIGHT)
        x += width + BUTTON_GAP


def draw_lines(surface: pygame.Surface, theme: Theme, panel: pygame.Rect, top: int,
               lines: Sequence[Line], bottom: int) -> int:
    """``lines`` from ``top`` down, centred and wrapped to the panel, never below ``bottom``;
    where the next line starts."""
    y = top
    width = panel.width - 60
    for line in lines:
        size = BIG if line.big else TEXT
        colour = t.GOLD if line.big else (t.INK_DIM if line.dim else t.INK)
        wrapped = [line.text] if line.big else theme.wrap(line.text, size, width)
        for text in wrapped:
            image = theme.fit(text, size, width, colour, bold=line.big)
            if y + image.get_height() > bottom:
                return y
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += image.get_height() + 2
        y += 10
    return y


def draw_panel(surface: pygame.Surface, theme: Theme, panel: pygame.Rect, title: str,
               lines: Sequence[Line], buttons: Sequence[Button], *, error: str | None = None,
               hint: str | None = None, top: int | None = None) -> None:
    """The whole panel, opaque (the screen it opened from stays dimmed around it): title,
    lines (from ``top``, below the title by default), the error in red above the buttons,
    the buttons and a keys' hint at the foot."""
    pygame.draw.rect(surface, t.PANEL, panel, border_radius=14)
    draw_dialog(surface, theme, panel, title, 40)
    button_top = min((button.rect.top for button in buttons), default=panel.bottom - 40)
    error_top = button_top - 40
    draw_lines(surface, theme, panel, panel.y + 96 if top is None else top, lines,
               error_top if error else button_top - 10)
    if error:
        image = theme.fit(error, 22, panel.width - 60, t.RED, bold=True)
        surface.blit(image, image.get_rect(midtop=(panel.centerx, error_top)))
    for button in buttons:
        button.draw(surface, theme)
    if hint:
        image = theme.fit(hint, 18, panel.width - 40, t.INK_DIM)
        surface.blit(image, image.get_rect(midbottom=(panel.centerx, panel.bottom - 12)))
    for button in buttons:
        button.draw_tooltip(surface, theme)
