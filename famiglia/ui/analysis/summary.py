"""The summary beside the analysis graph: whose play it is (a choice of the analysed seats,
which also sets the graph's seat), what the seat's decisions cost and what the cards drawn gave
or took, its performance (the cost per decision, and the computer level it is like; the
tooltip says it all in sentences, with how many decisions earned each verdict) and the three
costliest decisions as buttons that jump the replay there."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...i18n import _
from ...players.analysis import Analysis, Decision
from .. import theme as t
from ..theme import Theme
from ..widgets import Button, Choice, draw_tooltip
from .words import accuracy_line, accuracy_words, costly_label, performance_line, played_colour

#: The summary's type size.
TEXT_SIZE = 17
#: Its rows: the seat, decisions and draws, the performance, the three costliest decisions.
ROWS = 6


class SummaryPanel:
    """One seat's summary; ``on_seat`` hears the seat chosen, ``on_jump`` a costly decision
    clicked; ``number`` says a decision's move number, ``describe`` a decision in sentences
    (the buttons' tooltips)."""

    def __init__(self, theme: Theme, *, on_seat: Callable[[int], None],
                 on_jump: Callable[[Decision], None], number: Callable[[Decision], int],
                 describe: Callable[[Decision], str]) -> None:
        self.theme = theme
        self.on_seat = on_seat
        self.on_jump = on_jump
        self.number = number
        self.describe = describe
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font: Callable[[int], int] = lambda size: size
        self.analysis: Analysis | None = None
        self.seat = 0
        self.names: Sequence[str] = ("", "")
        self.choice: Choice[int] | None = None
        self.buttons: list[Button] = []
        self.accuracy_rect = pygame.Rect(0, 0, 0, 0)
        self.performance_rect = pygame.Rect(0, 0, 0, 0)
        self.mouse = (-1, -1)

    def show(self, analysis: Analysis, seat: int, names: Sequence[str]) -> None:
        self.analysis, self.seat, self.names = analysis, seat, names
        seats = analysis.seats
        self.choice = (Choice([(names[s], s) for s in seats], seat, self.on_seat)
                       if len(seats) > 1 else None)
        self.buttons = [Button(costly_label(self.number(decision), decision),
                               self._jump(decision), tooltip=self.describe(decision))
                        for decision in analysis.summary(seat).costliest]
        self._lay_out()

    def _jump(self, decision: Decision) -> Callable[[], None]:
        return lambda: self.on_jump(decision)

    def place(self, rect: pygame.Rect, font: Callable[[int], int]) -> None:
        self.rect, self.font = rect.copy(), font
        self._lay_out()

    def _lay_out(self) -> None:
        """:data:`ROWS` rows: the seat, decisions and draws, the performance, the three
        costliest decisions."""
        rect = self.rect
        row = rect.height // ROWS
        if self.choice is not None:
            self.choice.rect = pygame.Rect(rect.left, rect.top, rect.width, row - 2)
            self.choice.size = self.font(17)
        self.accuracy_rect = pygame.Rect(rect.left, rect.top + row, rect.width, row)
        self.performance_rect = pygame.Rect(rect.left, rect.top + 2 * row, rect.width, row)
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(rect.left, rect.top + (3 + index) * row + 1, rect.width,
                                      row - 2)
            button.size = self.font(TEXT_SIZE)
            button.keep_free = 10  # the verdict's dot at the left

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.choice is not None and self.choice.handle_event(event):
            return True
        return any(button.handle_event(event) for button in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        if self.analysis is None:
            return
        theme = self.theme
        rect = self.rect
        if self.choice is not None:
            self.choice.draw(surface, theme)
        else:
            name = theme.fit(str(self.names[self.seat]), self.font(17), rect.width, t.GOLD,
                             bold=True)
            surface.blit(name, name.get_rect(midleft=(rect.left + 2,
                                                      rect.top + rect.height // (2 * ROWS))))
        summary = self.analysis.summary(self.seat)
        for words, where in ((accuracy_line(summary), self.accuracy_rect),
                             (performance_line(summary), self.performance_rect)):
            line = theme.fit(words, self.font(TEXT_SIZE), rect.width, t.INK)
            surface.blit(line, line.get_rect(midleft=(rect.left + 2, where.centery)))
        for button in self.buttons:
            button.draw(surface, theme)
        if not self.buttons:
            none = theme.fit(_("Not one decision lost winning chances."), self.font(TEXT_SIZE),
                             rect.width, t.INK_DIM)
            surface.blit(none, none.get_rect(midleft=(rect.left + 2,
                                                      rect.top + 7 * rect.height // (2 * ROWS))))
        for button, decision in zip(self.buttons, summary.costliest, strict=False):
            pygame.draw.circle(surface, played_colour(decision),
                               (button.rect.left + 8, button.rect.centery), 3)

    def draw_tooltip(self, surface: pygame.Surface) -> bool:
        """The tooltip of what the pointer is on; whether one was drawn."""
        if self.analysis is None:
            return False
        for button in self.buttons:
            if button.hovered and button.tooltip:
                button.draw_tooltip(surface, self.theme)
                return True
        if self.accuracy_rect.union(self.performance_rect).collidepoint(self.mouse):
            words = accuracy_words(self.analysis.summary(self.seat), str(self.names[self.seat]))
            draw_tooltip(surface, self.theme, words, self.mouse)
            return True
        return False
