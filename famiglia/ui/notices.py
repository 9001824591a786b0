"""Notices ("toasts"): short texts over every screen, such as a file that could not be read or
written, which close by themselves.

They stack upwards from the bottom right corner of the window, in the place of the table's
game log under its row of small buttons (:func:`notice_corner`), so that at any window size
they cover no hand, play area, pile or button of the table; the table's log, the coach's tip
and a lesson's panel end above them (:meth:`Notices.room`), so that a notice covers nothing.
Each stays for a time that grows with its length (:func:`reading_time`), does not run down
while the pointer rests on it, and closes at once when clicked.  The same notice is never
shown twice at once (said again, it starts its time afresh), and the stack never outgrows its
corner: a new notice pushes out the oldest, and at most :data:`MOST` show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..lazy import lazy_module
from . import theme as t
from .theme import Theme
from .widgets import draw_panel

if TYPE_CHECKING:
    from .table import layout
else:
    # the table's layout is loaded when the first notice is shown (the title shows none)
    layout = lazy_module("famiglia.ui.table.layout")

#: The time a notice stays: reading speed (words a second) and the shortest and longest stay.
WORDS_PER_SECOND = 3.0
SHORTEST, LONGEST = 5.0, 15.0
#: The most notices on screen at once.
MOST = 3
#: Inner margin and the gap between stacked notices, at 800 pixels high.
PAD, GAP = 10, 6


def reading_time(text: str) -> float:
    """How long a notice with ``text`` stays: long enough to read it twice."""
    return min(LONGEST, max(SHORTEST, 2.0 + len(text.split()) / WORDS_PER_SECOND))


def notice_corner(size: tuple[int, int]) -> pygame.Rect:
    """Where notices stack: the table's game log below its row of small buttons (the Hint
    and Undo buttons, or the replay's hands button), the one place of the table that holds
    neither cards nor buttons; on other screens the same bottom right corner."""
    frame = layout.table_frame(size)
    corner = frame.log.copy()
    corner.top += frame.menu_button.height + frame.gap
    corner.height = frame.log.bottom - corner.top
    return corner


@dataclass
class Notice:
    """A notice on screen: ``message`` is kept as given (a core or store message, or a text)
    and translated when drawn, so a notice follows a change of language; ``left`` is the
    seconds it still stays; ``rect`` where it was last drawn."""

    message: i18n.MessageLike | str
    left: float
    rect: pygame.Rect
    #: shown in this frame: the frame's time (a rest before the input that brought it) does
    #: not count against its stay
    new: bool = True

    @property
    def text(self) -> str:
        return i18n.translate_message(self.message)


class Notices:
    """The notices on screen, oldest first, and where they are drawn."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.shown: list[Notice] = []
        self.pointer = (-1, -1)

    def add(self, message: i18n.MessageLike | str, seconds: float | None = None) -> None:
        """Show ``message`` for ``seconds`` (by default its :func:`reading_time`); one
        already shown starts its time afresh instead."""
        text = i18n.translate_message(message)
        stay = reading_time(text) if seconds is None else seconds
        for notice in self.shown:
            if notice.message == message or notice.text == text:
                notice.left = max(notice.left, stay)
                notice.new = True
                return
        self.shown.append(Notice(message, stay, pygame.Rect(0, 0, 0, 0)))
        del self.shown[:-MOST]

    def _read(self, notice: Notice) -> bool:
        """The pointer rests on ``notice``: its time does not run."""
        return notice.rect.collidepoint(self.pointer)

    def expire(self, dt: float) -> bool:
        """Let ``dt`` seconds pass; True when a notice closed."""
        kept = []
        for notice in self.shown:
            if notice.new:
                notice.new = False
            elif not self._read(notice):
                notice.left -= dt
            if notice.left > 0:
                kept.append(notice)
        closed = len(kept) < len(self.shown)
        self.shown = kept
        return closed

    def next_change(self) -> float | None:
        """Seconds until the next notice closes by itself."""
        times = [notice.left for notice in self.shown if not self._read(notice)]
        return min(times) if times else None

    def click(self, event: pygame.event.Event) -> bool:
        """A click on a notice closes it (and goes no further): True when it hit one."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        hit = next((notice for notice in self.shown if notice.rect.collidepoint(event.pos)),
                   None)
        if hit is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.shown.remove(hit)
        return True

    def _measures(self, size: tuple[int, int]) -> tuple[int, int, int, int]:
        """Font size, line height, inner margin and gap for a window of ``size``."""
        frame = layout.table_frame(size)
        font_size = frame.font(17)
        return (font_size, self.theme.font(font_size).get_linesize(),
                round(PAD * frame.text_scale), round(GAP * frame.text_scale))

    def place(self, size: tuple[int, int]) -> list[tuple[Notice, tuple[str, ...]]]:
        """Lay the notices out upwards from the corner's bottom, newest lowest, each with its
        lines; an older notice that no longer fits the corner is closed."""
        corner = notice_corner(size)
        font_size, line, pad, gap = self._measures(size)
        placed: list[tuple[Notice, tuple[str, ...]]] = []
        bottom = corner.bottom
        for index, notice in enumerate(reversed(self.shown)):
            lines = self.theme.wrap(notice.text, font_size, corner.width - 3 * pad - line,
                                    break_words=True)
            rect = pygame.Rect(corner.left, 0, corner.width, 2 * pad + line * len(lines))
            rect.bottom = bottom
            if rect.top < corner.top and index > 0:
                del self.shown[:len(self.shown) - index]
                break
            notice.rect = rect
            placed.append((notice, lines))
            bottom = rect.top - gap
        return placed

    def room(self, size: tuple[int, int]) -> int:
        """The height the notices shown now take at the bottom of their corner, with the gap
        above them (0: none shows): the table's game log and the panels over it end above,
        so that a notice covers nothing."""
        if not self.shown:
            return 0
        placed = self.place(size)
        if not placed:
            return 0
        top = min(notice.rect.top for notice, _lines in placed)
        return notice_corner(size).bottom - top + self._measures(size)[3]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        size = surface.get_size()
        font_size, line, pad, _ = self._measures(size)
        for notice, lines in self.place(size):
            rect = notice.rect
            draw_panel(surface, rect, alpha=255, edge=t.GOLD)
            for index, text in enumerate(lines):
                image = self.theme.text(text, font_size)
                surface.blit(image, (rect.x + pad, rect.y + pad + line * index))
            close = self.theme.text("×", font_size, t.INK_DIM, bold=True)
            surface.blit(close, close.get_rect(topright=(rect.right - pad, rect.y + pad)))
