"""The rules in the game's own words (docs/rules.md R1–R5, S1–S5), as a scrollable page with an
index of its sections: mouse wheel, arrows, Page Up/Down, Home/End, a draggable scrollbar; and
"Learn to play" beside Back, which opens the lessons (from the title and the pause menu alike).

The text is the current language's rules page (:mod:`famiglia.rulespage`), written for the
players of each language rather than translated line by line.

The page is laid out once per window size into positioned surfaces (text from the theme's
cache, card faces from the image cache); a frame only blits the visible ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...rules import DECK
from ...rulespage import Heading, Item, Para, Sub, Table, rules_page
from .. import keys, navigation
from .. import theme as t
from ..assets import card_size_for_height
from ..scene import Scene
from ..widgets import Button

if TYPE_CHECKING:
    from ..app import App

TEXT = 22
SUB = 27
HEAD = 36
LINE = 28
CARD_HEIGHT = 168
INDEX_WIDTH = 250
SCROLLBAR = 12
WHEEL_STEP = 72
KEY_STEP = 48


@dataclass
class Laid:
    """The page laid out for one width: surfaces and filled rects at page coordinates."""

    images: list[tuple[pygame.Surface, tuple[int, int]]]
    fills: list[tuple[pygame.Rect, tuple[int, ...]]]
    anchors: list[tuple[str, int]]
    height: int


class RulesScene(Scene):
    """The scrollable rules page with a clickable index; Esc or Back returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0.0
        self.target = 0.0
        self.dragging: float | None = None
        self.back = Button("", self.app.pop, hotkey=pygame.K_ESCAPE, size=24)
        self.learn = Button("", lambda: navigation.open_lessons(self.app), size=24)
        self._label_buttons()
        self.view = pygame.Rect(0, 0, 0, 0)
        self.index: list[tuple[pygame.Rect, str, int]] = []
        self.page = Laid([], [], [], 0)
        self.resize(app.size)

    def _label_buttons(self) -> None:
        self.back.text = pgettext("button", "Back")
        self.back.tooltip = _("Close the rules (Esc).")
        self.learn.text = pgettext("button", "Learn to play")
        self.learn.tooltip = _("Short lessons on the real table: the game in about ten "
                               "minutes.")

    def language_changed(self) -> None:
        """The page of the new language, laid out at the same share of it scrolled."""
        self._label_buttons()
        self.resize(self.app.size)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the page out for the new width, keeping the same share of it scrolled."""
        width, height = size
        top = 84
        share = self.target / self.max_scroll if self.max_scroll else 0.0
        self.back.rect = pygame.Rect(width - 174, 20, 150, 44)
        self.learn.rect = pygame.Rect(self.back.rect.x - 244, 20, 230, 44)
        self.view = pygame.Rect(INDEX_WIDTH + 30, top, 0, height - top - 20)
        self.view.width = min(900, width - self.view.x - 40 - SCROLLBAR)
        self.page = self._lay_out(self.view.width)
        self.index = []
        y = top + 10
        for title, anchor in self.page.anchors:
            self.index.append((pygame.Rect(20, y, INDEX_WIDTH - 10, 38), title, anchor))
            y += 42
        self.scroll_to(share * self.max_scroll, at_once=True)

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.page.height - self.view.height))

    def _lay_out(self, width: int) -> Laid:
        theme = self.app.theme
        laid = Laid([], [], [], 0)
        y = 0

        def lines(text: str, x: int, size: int, wrap: int, colour: tuple[int, ...] = t.INK,
                  bold: bool = False) -> None:
            nonlocal y
            for line in theme.wrap(text, size, wrap, bold):
                laid.images.append((theme.text(line, size, colour, bold), (x, y)))
                y += round(size * 1.25)

        for block in rules_page():
            if isinstance(block, Heading):
                y += 18 if laid.anchors else 0
                laid.anchors.append((block.text, y))
                lines(block.text, 0, HEAD, width, t.GOLD, True)
                laid.fills.append((pygame.Rect(0, y, width, 2), t.GOLD_DARK))
                y += 14
            elif isinstance(block, Sub):
                y += 8
                lines(block.text, 0, SUB, width, t.HIGHLIGHT, True)
                y += 4
            elif isinstance(block, Para):
                lines(block.text, 0, TEXT, width)
                y += 12
            elif isinstance(block, Item):
                laid.images.append((theme.text(block.mark, TEXT, t.GOLD, True), (8, y)))
                lines(block.text, 34, TEXT, width - 34)
                y += 8
            elif isinstance(block, Table):
                y = self._lay_out_table(laid, block, y, width) + 16
            else:
                size = card_size_for_height(CARD_HEIGHT)
                for index, code in enumerate(block.codes):
                    card = next(card for card in DECK if card.code == code)
                    image = self.app.cards.face(card.id, size)
                    laid.images.append((image, (index * (size[0] + 16), y)))
                y += CARD_HEIGHT + 16
        laid.height = y + 40
        return laid

    def _lay_out_table(self, laid: Laid, table: Table, y: int, width: int) -> int:
        theme = self.app.theme
        pad = 12
        columns = len(table.rows[0])
        widths = [max(theme.font(TEXT, True).size(row[c])[0] for row in table.rows) + 2 * pad
                  for c in range(columns)]
        fixed = sum(widths[:-1])
        widths[-1] = max(min(widths[-1], width - fixed), 120)
        for number, row in enumerate(table.rows):
            header = number == 0
            wrapped = [theme.wrap(cell, TEXT, widths[c] - 2 * pad, header)
                       for c, cell in enumerate(row)]
            height = max(len(cell) for cell in wrapped) * LINE + 10
            fill = t.FELT_LIGHT if header else (t.FELT_DARK if number % 2 else t.PANEL)
            laid.fills.append((pygame.Rect(0, y, sum(widths), height), fill))
            x = 0
            for c, cell_lines in enumerate(wrapped):
                for line_number, line in enumerate(cell_lines):
                    colour = t.GOLD if header or c == 0 else t.INK
                    image = theme.text(line, TEXT, colour, header)
                    laid.images.append((image, (x + pad, y + 8 + line_number * LINE)))
                x += widths[c]
            y += height
        return y

    # ------------------------------------------------------------------ input

    def _scrollbar(self) -> tuple[pygame.Rect, pygame.Rect]:
        track = pygame.Rect(self.view.right + 16, self.view.y, SCROLLBAR, self.view.height)
        if self.page.height <= self.view.height:
            return track, track.copy()
        length = max(40, round(track.height * self.view.height / self.page.height))
        y = track.y + round((track.height - length) * self.scroll / self.max_scroll)
        return track, pygame.Rect(track.x, y, SCROLLBAR, length)

    def scroll_to(self, y: float, *, at_once: bool = False) -> None:
        self.target = max(0.0, min(self.max_scroll, y))
        if at_once:
            self.scroll = self.target

    def handle_event(self, event: pygame.event.Event) -> None:
        if (self.back.handle_event(event) or self.learn.handle_event(event)
                or keys.menu_key(self.app, event, rules=False)):
            return
        page = self.view.height - 60
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: KEY_STEP, pygame.K_UP: -KEY_STEP,
                     pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -self.page.height, pygame.K_END: self.page.height}
            if event.key in steps:
                self.scroll_to(self.target + steps[event.key])
            elif event.key == pygame.K_BACKSPACE:
                self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.target - event.y * WHEEL_STEP)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, thumb = self._scrollbar()
            if thumb.inflate(8, 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
            elif track.inflate(8, 0).collidepoint(event.pos):
                self.scroll_to(self.target + (page if event.pos[1] > thumb.y else -page))
            else:
                for rect, _title, anchor in self.index:
                    if rect.collidepoint(event.pos):
                        self.scroll_to(anchor)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            track, thumb = self._scrollbar()
            free = track.height - thumb.height
            if free > 0:
                share = (event.pos[1] - self.dragging - track.y) / free
                self.scroll_to(share * self.max_scroll, at_once=True)

    def update(self, dt: float) -> None:
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def animating(self) -> bool:
        """Frames only while the page glides to where it was sent."""
        return self.scroll != self.target

    # ------------------------------------------------------------------ drawing

    def current_section(self) -> int:
        """The index entry of the section at the top of the view."""
        current = 0
        for number, (_title, anchor) in enumerate(self.page.anchors):
            if anchor <= self.scroll + 40:
                current = number
        return current

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        title = theme.fit(_("Rules of Famiglia"), 44, self.learn.rect.x - 48, t.GOLD, bold=True)
        surface.blit(title, (24, 26))
        current = self.current_section()
        for number, (rect, text, _anchor) in enumerate(self.index):
            if number == current:
                pygame.draw.rect(surface, t.FELT_LIGHT, rect, border_radius=6)
                pygame.draw.rect(surface, t.GOLD, (rect.x, rect.y + 6, 4, rect.height - 12))
            colour = t.GOLD if number == current else t.INK_DIM
            label = theme.fit(text, 24, rect.width - 18, colour, number == current)
            surface.blit(label, (rect.x + 14, rect.centery - label.get_height() // 2))
        offset = round(self.scroll)
        surface.set_clip(self.view)
        for rect, fill in self.page.fills:
            if offset - rect.height <= rect.y <= offset + self.view.height:
                pygame.draw.rect(surface, fill, rect.move(self.view.x, self.view.y - offset))
        for image, (x, y) in self.page.images:
            if offset - image.get_height() <= y <= offset + self.view.height:
                surface.blit(image, (self.view.x + x, self.view.y + y - offset))
        surface.set_clip(None)
        track, thumb = self._scrollbar()
        pygame.draw.rect(surface, t.PANEL, track, border_radius=6)
        pygame.draw.rect(surface, t.GOLD if self.dragging is not None else t.GOLD_DARK, thumb,
                         border_radius=6)
        for button in (self.back, self.learn):
            button.draw(surface, theme)
        for button in (self.back, self.learn):
            button.draw_tooltip(surface, theme)
