"""Colours and type for every scene, and caches of rendered and wrapped text (a frame never
renders or measures the same label twice)."""

from __future__ import annotations

import pygame

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
SHADOW = (0, 0, 0, 90)
FAMILY_COLOURS = {"F": (196, 52, 46), "A": (52, 104, 196), "B": (222, 176, 36),
                  "M": (54, 150, 82)}

_TEXT_CACHE_LIMIT = 2000


class Theme:
    """Fonts by size and the text-surface and line-wrap caches shared by all scenes."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, size)
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
            self._texts[key] = surface
        return surface

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
        """Break ``text`` into lines no wider than ``width`` pixels (paragraphs kept); cached,
        because tooltips, notices and help lines are wrapped again every frame they show."""
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > _TEXT_CACHE_LIMIT:
                self._wrapped.clear()
            lines = self._wrapped[key] = self._wrap(text, self.font(size, bold), width)
        return lines

    @staticmethod
    def _wrap(text: str, font: pygame.font.Font, width: int) -> tuple[str, ...]:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}".strip()
                if line and font.size(candidate)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
        return tuple(lines)
