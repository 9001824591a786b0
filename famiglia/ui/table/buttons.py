"""The table's own buttons: the Pass button, which shows before the click when passing would
end the game (R5.2: the other player passed last turn) with a red face and its own label,
not only in its tooltip; and the Menu and Help buttons' labels, each with its key."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import pgettext
from .. import theme as t
from ..theme import Theme
from ..widgets import Button

DANGER_FILL = (92, 30, 26)
DANGER_HOVER = (150, 44, 36)


class PassButton(Button):
    """Pass / End turn, red while a pass would end the game."""

    def __init__(self, on_click: Callable[[], None], size: int = 28) -> None:
        super().__init__(pgettext("button", "Pass"), on_click, hotkey=None, size=size)
        self.danger = False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not (self.danger and self.enabled):
            super().draw(surface, theme)
            return
        fill = DANGER_HOVER if self.hovered else DANGER_FILL
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, t.RED, self.rect, width=3, border_radius=8)
        label = theme.fit(self.text, self.size, self.rect.width - 16, t.INK, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))


def menu_label() -> str:
    # Translators: the table's Menu button; Esc is its key.
    return pgettext("button", "Menu  Esc")


def help_label() -> str:
    # Translators: the table's Help button; H is its key.
    return pgettext("button", "Help  H")
