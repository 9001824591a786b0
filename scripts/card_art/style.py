"""The look every part of a card shares: its size and corners, the cream paper and dark edge,
each family's colours and pattern (R1.2), and each back's colour, number and pattern (R1.5)."""

from __future__ import annotations

from dataclasses import dataclass

from famiglia.rules.cards import Back, Family
from famiglia.ui.card_words import CARD_H, CARD_W, FAMILY_DARK, INK

from .geometry import Colour

CARD_SIZE = (CARD_W, CARD_H)
CORNER_RADIUS = 16

CREAM = (244, 235, 212)
CREAM_SHADE = (226, 211, 178)
EDGE = (70, 48, 34)


@dataclass(frozen=True)
class FamilyStyle:
    """How a family looks (R1.2): colour, a darker shade, the ink used on the colour, a pattern.

    The colours are spread in luminance and each family has its own pattern and symbol, so the
    families stay apart in greyscale too.
    """

    main: Colour
    dark: Colour
    ink: Colour
    pattern: str


STYLES: dict[Family, FamilyStyle] = {
    Family.FAMIGLIA: FamilyStyle((140, 20, 30), FAMILY_DARK[Family.FAMIGLIA], CREAM, "sunburst"),
    Family.ACCOUNTANT: FamilyStyle((76, 130, 210), FAMILY_DARK[Family.ACCOUNTANT], CREAM, "ledger"),
    Family.BRUTE: FamilyStyle((232, 182, 42), FAMILY_DARK[Family.BRUTE], INK, "chevrons"),
    Family.MERCENARY: FamilyStyle((46, 124, 68), FAMILY_DARK[Family.MERCENARY], CREAM, "scales"),
}

#: R1.5: base colour of each back, and the start-set number it carries (0: none).
BACK_COLOURS: dict[Back, Colour] = {
    Back.NEUTRAL: (26, 26, 32),
    Back.START_1: (102, 20, 38),
    Back.START_2: (20, 34, 82),
}
BACK_NUMBERS: dict[Back, int] = {Back.NEUTRAL: 0, Back.START_1: 1, Back.START_2: 2}
BACK_PATTERNS: dict[Back, str] = {
    Back.NEUTRAL: "sunburst",
    Back.START_1: "scales",
    Back.START_2: "chevrons",
}
