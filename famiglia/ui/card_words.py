"""The words printed on the cards, in the game's language.

The art drawn by ``scripts/build_assets.py`` carries no language-bound word: the family line
under the name (R1.2), the word under the victory points (R1.4), the word under a start-set
emblem and the one on the start-set backs (R1.5) are left blank.  This module prints them on a
copy of the art in the art's own font and look (drawn ``SUPERSAMPLE`` times larger and smoothly
scaled down, like every stroke of the art) and fits them to their place on the card, so one set
of images serves every language.  The build script borrows the text helpers and colours from
here, so the words and the art cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from .. import i18n
from ..rules import Back, Card, Family
from .theme import default_font

Colour = tuple[int, ...]

#: The art's design grid (card units) and how much larger it is drawn before scaling down.
CARD_W, CARD_H = 300, 420
SUPERSAMPLE = 4

INK = (30, 25, 24)
GOLD = (198, 158, 72)
GOLD_LIGHT = (241, 214, 141)
GOLD_DARK = (128, 92, 38)
#: Each family's dark shade (R1.2): its ribbon tails in the art and the ink of its family line.
FAMILY_DARK: dict[Family, Colour] = {
    Family.FAMIGLIA: (88, 12, 20),
    Family.ACCOUNTANT: (28, 58, 118),
    Family.BRUTE: (120, 84, 10),
    Family.MERCENARY: (18, 66, 36),
}


# ---------------------------------------------------------------------------------- the words


@dataclass(frozen=True)
class CardWords:
    """The words of one language, in the capitals the cards print them in."""

    families: Mapping[Family, str]
    points: str
    start: str
    start_set: str

    @classmethod
    def current(cls) -> CardWords:
        """The words of the game's current language."""
        return cls(
            {family: i18n.family_name(family).upper() for family in Family},
            # Translators: printed in capitals under the victory points on every card; two or
            # three letters, short for your rulebook's word (Siegpunkte: SP).
            i18n.pgettext("card", "VP").upper(),
            # Translators: printed in capitals under the emblem of a start-set card.
            i18n.pgettext("card", "Start").upper(),
            # Translators: printed in capitals on the backs of the two start sets (Startsatz).
            i18n.pgettext("card", "Start set").upper(),
        )


@dataclass(frozen=True)
class Slot:
    """Where a word is printed (centre in card units) and its printed size and spacing;
    ``width`` is the room it may take, ``height`` the strip it is drawn in."""

    centre: tuple[float, float]
    size: float
    tracking: float
    width: float
    height: float

    @property
    def box(self) -> pygame.Rect:
        """The strip in card pixels (whole pixels, so the supersampled strip scales exactly)."""
        left = round(self.centre[0] - self.width / 2)
        top = round(self.centre[1] - self.height / 2)
        return pygame.Rect(left, top, round(self.width), round(self.height))


#: The family line between two gold rules, clear of the corner pennant at the bottom right.
FAMILY_LINE = Slot((CARD_W / 2, 316.0), 13.0, 2.2, 148.0, 22.0)
#: The word under the victory points, inside the coin's inner ring.
POINTS = Slot((CARD_W / 2, 377.0), 12.0, 1.0, 28.0, 14.0)
#: The word under a start-set emblem.
START = Slot((46.0, 393.0), 9.0, 1.4, 58.0, 12.0)
#: The word on a start-set back, inside the diamond's inner rule.
START_SET = Slot((CARD_W / 2, 262.0), 14.0, 2.5, 80.0, 20.0)

#: Where the art puts a card's own name (card units, top and bottom), which the table writes
#: over or keeps clear of: the name banner and the victory points' coin in its laurel (R1.4).
BANNER = (268.0, 300.0)
COIN = (330.0, 398.0)
#: The ability's medallion at the top right of a card of rank 1 or more (card units: its
#: centre and radius), which the table's badges keep clear of.
MEDALLION = ((252.0, 46.0), 24.0)

#: The family line's rules: gap to the text, longest and shortest rule, the diamond at the end.
RULE_GAP, RULE_LONGEST, RULE_SHORTEST, DIAMOND = 9.0, 26.0, 6.0, 7.5


class _Strip:
    """One colour's layer of a slot, drawn at supersampled size on a transparent surface of
    that colour, so scaling it down keeps its edges the colour they are (no dark fringe)."""

    def __init__(self, slot: Slot, colour: Colour) -> None:
        self.slot = slot
        self.colour = colour
        box = slot.box
        self.surface = pygame.Surface((box.w * SUPERSAMPLE, box.h * SUPERSAMPLE), pygame.SRCALPHA)
        self.surface.fill((*colour[:3], 0))

    def pt(self, x: float, y: float) -> tuple[int, int]:
        """A point in card units, on this strip."""
        box = self.slot.box
        return round((x - box.x) * SUPERSAMPLE), round((y - box.y) * SUPERSAMPLE)

    def finished(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surface, self.slot.box.size)


class CardPrinter:
    """Prints a language's words on card art, and measures and renders the art's lettering.

    It keeps its fonts (which belong to one run of ``pygame.font``, so each app or build owns
    a printer) and the finished strips by word, so a word is drawn once whatever the card.
    """

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._strips: dict[tuple[object, ...], tuple[pygame.Surface, ...]] = {}

    # ----------------------------------------------------------------------- lettering

    def font(self, size: int) -> pygame.font.Font:
        """The font that ships with pygame-ce (a bold sans) at ``size`` pixels."""
        face = self._fonts.get(size)
        if face is None:
            if not pygame.font.get_init():
                pygame.font.init()
            face = self._fonts[size] = default_font(size)
        return face

    def render_text(self, text: str, size: int, colour: Colour,
                    tracking: float = 0.0) -> pygame.Surface:
        """Text with extra letter spacing (pixels), for the spaced capitals of art deco."""
        face = self.font(size)
        if not tracking:
            return face.render(text, True, colour)
        glyphs = [face.render(ch, True, colour) for ch in text]
        width = sum(g.get_width() for g in glyphs) + round(tracking * (len(glyphs) - 1))
        image = pygame.Surface((max(1, width), face.get_height()), pygame.SRCALPHA)
        x = 0.0
        for glyph in glyphs:
            image.blit(glyph, (round(x), 0))
            x += glyph.get_width() + tracking
        return image

    def text_width(self, text: str, size: float, tracking: float = 0.0) -> float:
        """Width of ``text`` in card units at ``size``."""
        return self.font(round(size * 10)).size(text)[0] / 10 + tracking * (len(text) - 1)

    def fit_size(self, text: str, size: float, width: float, tracking: float = 0.0) -> float:
        """The largest size up to ``size`` at which ``text`` fits in ``width`` card units."""
        while size > 6 and self.text_width(text, size, tracking) > width:
            size -= 0.5
        return size

    def fit(self, text: str, size: float, tracking: float, width: float) -> tuple[float, float]:
        """Size and letter spacing that fit ``text`` in ``width``: the spacing gives way
        first (to under half), then the size, so a long word keeps its height where it can."""
        floor = tracking * 0.45
        while tracking - 0.4 >= floor and self.text_width(text, size, tracking) > width:
            tracking = round(tracking - 0.4, 2)
        return self.fit_size(text, size, width, tracking), tracking

    def _text(self, strip: _Strip, text: str, size: float, tracking: float) -> None:
        """Text centred on its slot: across by its ink, up and down by its capitals, so an
        umlaut's dots do not push a word lower than the others."""
        px = round(size * SUPERSAMPLE)
        image = self.render_text(text, px, strip.colour, tracking * SUPERSAMPLE)
        ink = image.get_bounding_rect()
        capitals = self.font(px).render("H", True, strip.colour).get_bounding_rect()
        x, y = strip.pt(*strip.slot.centre)
        strip.surface.blit(image, (x - ink.centerx, y - capitals.centery))

    # ------------------------------------------------------------------------ the words

    def family_line_layout(self, text: str) -> tuple[float, float, float]:
        """Size, letter spacing and rule length of a family line: the rules shorten first,
        then the text tightens, so every name fits between the card's edge and the pennant."""
        slot = FAMILY_LINE
        ornaments = 2 * (RULE_GAP + RULE_SHORTEST + DIAMOND)
        size, tracking = self.fit(text, slot.size, slot.tracking, slot.width - ornaments)
        room = (slot.width - self.text_width(text, size, tracking)) / 2 - RULE_GAP - DIAMOND
        return size, tracking, max(RULE_SHORTEST, min(RULE_LONGEST, room))

    def family_line(self, text: str, colour: Colour) -> tuple[pygame.Surface, ...]:
        """The family line's layers: the name in the family's ink, the gold rules."""
        key = (FAMILY_LINE, text, colour)
        layers = self._strips.get(key)
        if layers is None:
            size, tracking, rule = self.family_line_layout(text)
            words = _Strip(FAMILY_LINE, colour)
            self._text(words, text, size, tracking)
            gold = _Strip(FAMILY_LINE, GOLD)
            cx, y = FAMILY_LINE.centre
            half = self.text_width(text, size, tracking) / 2 + RULE_GAP
            width = round(1.2 * SUPERSAMPLE)
            for side in (-1, 1):
                x = cx + side * half
                ends = [gold.pt(x, y), gold.pt(x + side * rule, y)]
                pygame.draw.line(gold.surface, GOLD, ends[0], ends[1], width)
                for end in ends:
                    pygame.draw.circle(gold.surface, GOLD, end, width / 2)
                tip = x + side * (rule + 0.5)
                pygame.draw.polygon(gold.surface, GOLD, [
                    gold.pt(tip, y), gold.pt(tip + side * 3.5, y - 3.5),
                    gold.pt(tip + side * 7.0, y), gold.pt(tip + side * 3.5, y + 3.5)])
            layers = self._strips[key] = (words.finished(), gold.finished())
        return layers

    def label(self, slot: Slot, text: str, colour: Colour) -> pygame.Surface:
        """A word fitted to its slot."""
        key = (slot, text, colour)
        layers = self._strips.get(key)
        if layers is None:
            strip = _Strip(slot, colour)
            self._text(strip, text, *self.fit(text, slot.size, slot.tracking, slot.width))
            layers = self._strips[key] = (strip.finished(),)
        return layers[0]

    def face(self, art: pygame.Surface, card: Card, words: CardWords) -> pygame.Surface:
        """A copy of a face's art (300×420) with its family line, its points word and, on a
        start-set card, its start word."""
        face = art.copy()
        for layer in self.family_line(words.families[card.family], FAMILY_DARK[card.family]):
            face.blit(layer, FAMILY_LINE.box)
        face.blit(self.label(POINTS, words.points, INK), POINTS.box)
        if card.back is not Back.NEUTRAL:
            face.blit(self.label(START, words.start, GOLD_DARK), START.box)
        return face

    def back(self, art: pygame.Surface, back: Back, words: CardWords) -> pygame.Surface:
        """A back's art with its words: a start-set back names its set; the neutral back
        carries only the game's name, which is drawn in the art."""
        if back is Back.NEUTRAL:
            return art
        printed = art.copy()
        printed.blit(self.label(START_SET, words.start_set, GOLD_LIGHT), START_SET.box)
        return printed
