"""Colours and type for every scene, and caches of rendered and wrapped text (a frame never
renders or measures the same label twice).

Every text drawn into a box of fixed width goes through :meth:`Theme.fit` (one line) or
:meth:`Theme.wrap` (several): a text too long for its box in some language is then noted in
:attr:`Theme.overflows`, which the fit tests read after drawing every scene in every language
at the smallest window: nothing overflows in the longest language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

#: An RGB colour.
Colour = tuple[int, int, int]

FELT = (22, 64, 44)
FELT_DARK = (14, 44, 30)
FELT_LIGHT = (34, 88, 60)
INK = (240, 232, 214)
INK_DIM = (178, 170, 150)
GOLD = (218, 176, 84)
GOLD_DARK = (150, 112, 40)
PANEL = (16, 22, 20)
PANEL_EDGE = (96, 84, 56)
RED = (196, 60, 52)
GREEN = (92, 190, 110)
BLUE = (88, 140, 220)
HIGHLIGHT = (255, 214, 102)
DROP_OK = (120, 230, 140)
DROP_BAD = (230, 90, 80)
FAMILY_COLOURS = {"F": (196, 52, 46), "A": (52, 104, 196), "B": (222, 176, 36),
                  "M": (54, 150, 82)}

_TEXT_CACHE_LIMIT = 2000
#: A number (a score, a count, a rank) and the space after it, which a line never breaks:
#: compiled (and kept by ``re``) when a text is first wrapped, which the title's start needs not.
NUMBER_AND_WORD = r"(?<![\w.,])([(+\-\u2212]?\d[\d.,]*) (?=\S)"
#: :meth:`Theme.fine` draws its text this many times larger and scales it down.
FINE_SUPERSAMPLE = 4
#: Below this size :meth:`Theme.text` draws a text as :meth:`Theme.fine` does, scaled into the
#: box the font measures for it: the font's hinting rounds each letter's advance at small
#: sizes and spaces a word unevenly ("2exchanges le ft"), while layouts keep their measures.
EVEN_BELOW = 22
#: How far :meth:`Theme.fit` may shrink a text before it counts as not fitting its box.
SMALLEST_FIT = 0.75


#: ``pygame.font.Font(None, size)`` opens pygame-ce's own font at this share of ``size``
#: (its ``font.c``): :func:`default_font` does the same, so every text keeps its pixels.
DEFAULT_FONT_SCALE = 0.6875


@cache
def default_font_path() -> str | None:
    """The file of pygame-ce's own font (a bold sans, ``freesansbold.ttf``), or ``None`` where
    it is not beside pygame's modules."""
    path = Path(pygame.__file__).parent / pygame.font.get_default_font()
    return str(path) if path.is_file() else None


def default_font(size: int) -> pygame.font.Font:
    """pygame-ce's own font for ``size``, as ``pygame.font.Font(None, size)`` opens it, from its
    file's path: ``Font(None, size)`` looks the file up through ``importlib.resources`` each
    time (the first lookup loads ``zipfile`` too), which took as long as opening the title's
    forty fonts themselves.  A path, not the bytes in a file object: SDL then reads the file
    itself, where a Python file object is read through callbacks into Python for every glyph."""
    path = default_font_path()
    if path is None:
        return pygame.font.Font(None, size)
    return pygame.font.Font(path, max(1, int(size * DEFAULT_FONT_SCALE)))


@dataclass(frozen=True)
class Overflow:
    """A text that did not fit the box it was drawn into: what it needs and what the box has
    (pixels of width; lines, for a wrapped text with a limit on its lines)."""

    text: str
    needed: int
    room: int


class Theme:
    """Fonts by size and the text-surface and line-wrap caches shared by all scenes."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._fine: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int, bool, bool], tuple[str, ...]] = {}
        #: Texts drawn that did not fit their box (a fit test empties the list, then draws).
        self.overflows: list[Overflow] = []

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = default_font(size)
            font.bold = bold
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, colour: tuple[int, ...] = INK,
             bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) > _TEXT_CACHE_LIMIT:
                self._texts.clear()
            surface = self.font(size, bold).render(text, True, colour)
            if size < EVEN_BELOW and text.strip():
                # the letters where the font puts them, in the box its hinting gives
                large = self.font(size * FINE_SUPERSAMPLE, bold).render(text, True, colour)
                surface = pygame.transform.smoothscale(large, surface.get_size())
            self._texts[key] = surface
        return surface

    def fine(self, text: str, size: int, colour: tuple[int, ...] = INK,
             bold: bool = False) -> pygame.Surface:
        """Small ``text`` with its letters where the font puts them: drawn
        :data:`FINE_SUPERSAMPLE` times larger and smoothly scaled down.  (At a few pixels
        the font's hinting rounds each letter's advance, which spaces a word unevenly:
        "Jesu s".)  Its height is that of :meth:`text` at ``size``."""
        key = (text, size, tuple(colour), bold)
        surface = self._fine.get(key)
        if surface is None:
            if len(self._fine) > _TEXT_CACHE_LIMIT:
                self._fine.clear()
            large = self.font(size * FINE_SUPERSAMPLE, bold).render(text, True, colour)
            height = self.font(size, bold).get_height()
            width = max(1, round(large.get_width() * height / large.get_height()))
            surface = self._fine[key] = pygame.transform.smoothscale(large, (width, height))
        return surface

    def fit(self, text: str, size: int, width: int, colour: tuple[int, ...] = INK,
            bold: bool = False) -> pygame.Surface:
        """``text`` on one line no wider than ``width``: at ``size``, else as large as fits
        down to three quarters of it.  Smaller still would be unreadable, so a text that needs
        that is drawn at the smallest size and noted in :attr:`overflows`."""
        image = self.text(text, size, colour, bold)
        smallest = max(1, int(size * SMALLEST_FIT))
        while image.get_width() > width and size > smallest:
            size -= 1
            image = self.text(text, size, colour, bold)
        if image.get_width() > width:
            self._overflow(text, image.get_width(), width)
        return image

    def least_width(self, text: str, size: int, bold: bool = False) -> int:
        """How narrow :meth:`fit` can make ``text`` (at its smallest readable size)."""
        return self.font(max(1, int(size * SMALLEST_FIT)), bold).size(text)[0]

    def wrap(self, text: str, size: int, width: int, bold: bool = False,
             max_lines: int | None = None, *, break_words: bool = False) -> tuple[str, ...]:
        """Break ``text`` into lines no wider than ``width`` pixels (paragraphs kept); cached,
        because tooltips, notices and help lines are wrapped again every frame they show.
        A word wider than ``width`` is broken into pieces with ``break_words`` (after a
        path's separator where it can: file names and folders), else noted in
        :attr:`overflows`, as are more lines than ``max_lines``."""
        key = (text, size, width, bold, break_words)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > _TEXT_CACHE_LIMIT:
                self._wrapped.clear()
            font = self.font(size, bold)
            lines = self._wrapped[key] = self._wrap(text, font, width, break_words)
            for line in lines:
                if font.size(line)[0] > width:
                    self._overflow(line, font.size(line)[0], width)
        if max_lines is not None and len(lines) > max_lines:
            self._overflow(text, len(lines), max_lines)
        return lines

    def _overflow(self, text: str, needed: int, room: int) -> None:
        overflow = Overflow(text, needed, room)
        if overflow not in self.overflows:
            self.overflows.append(overflow)

    @staticmethod
    def _wrap(text: str, font: pygame.font.Font, width: int,
              break_words: bool = False) -> tuple[str, ...]:
        """The lines of :meth:`wrap`; a number stays on the line of the word after it
        ("10 VP", "2 exchanges"), as a non-breaking space would keep them."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in re.sub(NUMBER_AND_WORD, "\\1\u00a0", paragraph).split(" "):
                word = word.replace("\u00a0", " ")
                pieces = Theme._pieces(word, font, width) if break_words else [word]
                for index, piece in enumerate(pieces):
                    candidate = f"{line} {piece}".strip()
                    if index or (line and font.size(candidate)[0] > width):
                        lines.append(line)
                        line = piece
                    else:
                        line = candidate
            lines.append(line)
        return tuple(lines)

    @staticmethod
    def _pieces(word: str, font: pygame.font.Font, width: int) -> list[str]:
        """``word`` in pieces no wider than ``width``, each broken after the last path
        separator (or ``_ - .``) that lets it fit, else after its last fitting letter."""
        pieces = []
        while len(word) > 1 and font.size(word)[0] > width:
            fits = 1
            while fits < len(word) and font.size(word[:fits + 1])[0] <= width:
                fits += 1
            separator = max(word.rfind(mark, 0, fits) for mark in "/\\_-.")
            cut = separator + 1 if separator > 0 else fits
            pieces.append(word[:cut])
            word = word[cut:]
        return [*pieces, word]
