"""The table's help overlay: every gesture and keyboard shortcut on one card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme as t
from ..scene import Scene
from ..widgets import draw_panel, shade

if TYPE_CHECKING:
    from ..app import App

#: (keys or gesture, what it does); the rules scene may show the same list.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Drag, or click then click", "Every move: drag a card onto its target, or click the card "
                                  "and then the target. Legal targets glow."),
    ("Street card onto a pile", "Refresh the Street: drop it on the discard pile; after the "
                                "reshuffle it goes under the draw pile, so drop it there."),
    ("Accountant onto play area", "Play an Accountant; then move a play-area card onto "
                                  "your hand and a hand card onto your play area to exchange."),
    ("Brute onto a Street card", "Lower that card's rank for this turn."),
    ("Street card onto your hand", "Take it; a chooser offers the payments and which "
                                   "card returns to your hand."),
    ("Space", "Pass / end the turn; while cards move: hurry the animation."),
    ("1 – 9, 0", "Select Street card 1 – 10 (or aim a selected Brute at it)."),
    ("Left / Right", "Select the previous / next Street card, beyond the tenth too; with a card "
                     "of yours selected, point at a Street card (Enter aims it there)."),
    ("Tab / Shift+Tab", "Select the next card of your hand / of your play area."),
    ("Enter", "Move the selected card: Street card to your hand, hand card to your play area, "
              "play-area card to your hand."),
    ("R", "Refresh the Street with the selected Street card."),
    ("T", "Take the selected Street card (or select the first one you can take)."),
    ("Right click, Esc", "Drop the selection or a half-made exchange; Esc again: pause menu."),
    ("Page Up / Down, wheel", "Scroll the game log."),
    ("H, F1", "This help.   F11: full screen."),
)


class TableHelpScene(Scene):
    """An overlay listing the gestures and shortcuts; any key or click closes it."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._surface: pygame.Surface | None = None

    def resize(self, size: tuple[int, int]) -> None:
        self._surface = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.pop()

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        theme = self.app.theme
        scale = max(0.8, min(1.3, size[1] / 800))
        key_size, text_size = round(20 * scale), round(19 * scale)
        width = min(size[0] - 60, round(860 * scale))
        key_width = round(width * 0.3)
        rows = [(theme.text(keys, key_size, t.GOLD, bold=True),
                 theme.wrap(text, text_size, width - key_width - 50))
                for keys, text in SHORTCUTS]
        line = theme.font(text_size).get_linesize()
        height = 90 + sum(max(1, len(lines)) * line + 8 for _, lines in rows)
        sheet = shade(size, 120)
        panel = pygame.Rect(0, 0, width, min(height, size[1] - 20))
        panel.center = (size[0] // 2, size[1] // 2)
        draw_panel(sheet, panel, edge=t.GOLD)
        title = theme.text("How to play at the table", round(28 * scale), t.GOLD, bold=True)
        sheet.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 16)))
        y = panel.y + 60
        for key_image, lines in rows:
            sheet.blit(key_image, (panel.x + 20, y))
            for index, text in enumerate(lines):
                sheet.blit(theme.text(text, text_size), (panel.x + key_width + 30,
                                                         y + index * line))
            y += max(1, len(lines)) * line + 8
        hint = theme.text("Any key or click closes this help.", text_size, t.INK_DIM)
        sheet.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - 10)))
        return sheet

    def draw(self, surface: pygame.Surface) -> None:
        if self._surface is None or self._surface.get_size() != surface.get_size():
            self._surface = self._render(surface.get_size())
        surface.blit(self._surface, (0, 0))
