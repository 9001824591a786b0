"""The table's help overlay: every gesture and keyboard shortcut on one card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import N_, _
from .. import theme as t
from ..keys import HELP, glance_key
from ..scene import Scene
from ..widgets import draw_panel, shade
from .assist import Assist

if TYPE_CHECKING:
    from ..app import App

#: Undo's row of the help, left out at a table that offers no Undo (a friend's).
# Translators: the table's help overlay; the first of each pair names keys or a gesture.
UNDO = (N_("Ctrl+Z"), N_("Undo: take back your last action, the take or pass that ended your "
                         "turn too until the other side moves, unless it showed new cards."))
#: (keys or gesture, what it does), in English: translated where they are drawn.
# Translators: the table's help overlay; the first of each pair names keys or a gesture.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    (N_("Drag, or click then click"), N_("Every move: drag a card onto its target, or click "
                                         "the card and then the target. Legal targets glow.")),
    (N_("Street card onto a pile"), N_("Refresh the Street: drop it on the discard pile; "
                                       "after the reshuffle it goes under the draw pile, so "
                                       "drop it there.")),
    (N_("Accountant onto play area"), N_("Play an Accountant; then move a play-area card onto "
                                         "your hand and a hand card onto your play area to "
                                         "exchange.")),
    (N_("Brute onto a Street card"), N_("Lower that card's rank for this turn.")),
    (N_("Street card onto your hand"), N_("Take it; a chooser offers the payments and which "
                                          "card returns to your hand. Hold Shift as you drop "
                                          "it to choose which copy of a start-set card "
                                          "pays.")),
    (N_("Space"), N_("Pass / end the turn; while cards move or the other side plays: hurry "
                     "to your turn (a click does too).")),
    (N_("1 – 9, 0"), N_("Select Street card 1 – 10 (or aim a selected Brute at it).")),
    (N_("Left / Right"), N_("Select the previous / next Street card, beyond the tenth too; with "
                            "a card of yours selected, point at a Street card (Enter aims it "
                            "there).")),
    (N_("Tab / Shift+Tab"), N_("Select the next card of your hand / of your play area.")),
    (N_("Enter"), N_("Move the selected card: Street card to your hand, hand card to your play "
                     "area, play-area card to your hand. With nothing selected: carry out the "
                     "hint shown.")),
    (N_("D"), N_("Refresh the Street with the selected Street card (it goes onto its pile).")),
    (N_("T"), N_("Take the selected Street card (or select the first one you can take).")),
    (N_("Right click, long press"), N_("Show the card under the pointer enlarged, with what it "
                                       "does.")),
    (N_("Esc, right click elsewhere"), N_("Drop the selection or a half-made exchange (a right "
                                          "click beside the cards); Esc again: pause menu.")),
    (N_("?"), N_("A hint: the strongest computer level shows your best next action (the game "
                 "is then marked as assisted).")),
    UNDO,
    (N_("Page Up / Down, wheel"), N_("Scroll the game log.")),
    (N_("Orange outlines"), N_("The cards the other side moved in its last turn, until you "
                               "act.")),
    (N_("R"), N_("The rules. In every menu R is the rules and M the main menu.")),
    (N_("H, F1"), N_("This help.   F11: full screen.")),
)
#: The help's scale is lowered step by step from the largest, down to the smallest, until it
#: fits the window.
LARGEST_SCALE, SMALLEST_SCALE = 1.3, 0.6
#: The panel's widest, and the room at its edges and between the keys and their texts.
WIDEST, MARGIN = 1000, 20


def undo_offered(app: App) -> bool:
    """Whether the table under the help offers Undo (True where no table is under it)."""
    for scene in reversed(app.scenes):
        assist = getattr(scene, "assist", None)
        if isinstance(assist, Assist):
            return assist.undo_offered
    return True


class TableHelpScene(Scene):
    """An overlay listing the gestures and shortcuts; any key or click closes it (R goes on
    to the rules; H and F1 close it as they opened it)."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._surface: pygame.Surface | None = None
        #: the rows shown: every shortcut the table under the help offers
        self.shortcuts = [row for row in SHORTCUTS if row is not UNDO or undo_offered(app)]
        #: where the last drawing put each row's band, and its texts' size
        self.bands: list[pygame.Rect] = []
        self.text_size = 0
        i18n.on_language_change(self.relayout)

    def relayout(self, language: str | None = None) -> None:
        self._surface = None
        self.app.request_redraw()

    def resize(self, size: tuple[int, int]) -> None:
        self._surface = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key not in HELP:
            glance_key(self.app, event)
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.pop()  # (H and F1 close the help they opened)

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        """The help as large as the window holds it (:data:`LARGEST_SCALE` at most): the
        panel as wide as the window allows, the keys' column as wide as its longest entry
        needs, each row on a band of its own (every other one lighter) with room above and
        below its lines, so that rows never run together on a small window."""
        theme = self.app.theme
        scale = LARGEST_SCALE
        width = min(size[0] - 40, WIDEST)
        while True:
            key_size, text_size = round(20 * scale), round(19 * scale)
            keys = [_(keys) for keys, _text in self.shortcuts]
            key_width = min(round(width * 0.34), 10 + max(
                theme.font(key_size, True).size(key)[0] for key in keys))
            text_width = width - key_width - 3 * MARGIN
            rows = [(key, theme.wrap(_(text), text_size, text_width))
                    for key, (_keys, text) in zip(keys, self.shortcuts, strict=True)]
            line = theme.font(text_size).get_linesize()
            pad = max(3, round(line * 0.25))
            height = 100 + sum(max(1, len(lines)) * line + 2 * pad for _key, lines in rows)
            if height <= size[1] - 20 or scale <= SMALLEST_SCALE:
                break
            scale -= 0.05
        sheet = shade(size, 120)
        panel = pygame.Rect(0, 0, width, min(height, size[1] - 20))
        panel.center = (size[0] // 2, size[1] // 2)
        draw_panel(sheet, panel, edge=t.GOLD)
        title = theme.fit(_("How to play at the table"), round(28 * scale), width - 40, t.GOLD,
                          bold=True)
        sheet.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 16)))
        y = panel.y + 60
        self.bands, self.text_size = [], text_size
        for number, (key, lines) in enumerate(rows):
            band = pygame.Rect(panel.x + MARGIN // 2, y, width - MARGIN,
                               max(1, len(lines)) * line + 2 * pad)
            if number % 2 == 0:
                pygame.draw.rect(sheet, t.FELT_DARK, band, border_radius=4)
            sheet.blit(theme.fit(key, key_size, key_width, t.GOLD, bold=True),
                       (panel.x + MARGIN, y + pad))
            for index, text in enumerate(lines):
                sheet.blit(theme.text(text, text_size),
                           (panel.x + key_width + 2 * MARGIN, y + pad + index * line))
            self.bands.append(band)
            y = band.bottom
        hint = theme.fit(_("Any key or click closes this help."), text_size, width - 40,
                         t.INK_DIM)
        sheet.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - 10)))
        return sheet

    def draw(self, surface: pygame.Surface) -> None:
        if self._surface is None or self._surface.get_size() != surface.get_size():
            self._surface = self._render(surface.get_size())
        surface.blit(self._surface, (0, 0))
