"""The contact sheet for the documentation (``docs/cards.png``): the deck on a green baize, a row
per family (R1.2) and one for the backs (R1.5), with a legend of the symbols and ability icons.
Unlike the card files, the sheet shows the cards with their words, in English."""

from __future__ import annotations

import pygame

from famiglia.rules.cards import DECK, Back, Family
from famiglia.ui.card_words import GOLD, GOLD_LIGHT, INK, CardWords

from .emblems import ABILITY_ICONS, SYMBOLS
from .furniture import draw_medallion
from .geometry import shade
from .pen import LETTERING, Pen, radial_glow
from .style import CREAM, CREAM_SHADE, STYLES

THUMB = (100, 140)
GAP = 12
LABEL_W = 180
FELT = (24, 74, 46)
ABILITY_WORDS: dict[Family, str] = {
    Family.FAMIGLIA: "no ability, more VP",
    Family.ACCOUNTANT: "exchange cards",
    Family.BRUTE: "lower a rank",
    Family.MERCENARY: "joker",
}


def legend(size: tuple[int, int]) -> pygame.Surface:
    """The sheet's key: each family's colour and symbol (R1.2) and its ability icon (R3.2–R3.4)."""
    pen = Pen.blank(size)
    col = size[0] / 4
    for i, family in enumerate(Family):
        style = STYLES[family]
        x, y = col * i + col / 2, 44.0
        pen.circle(GOLD, (x - 32, y), 26)
        pen.circle(style.main, (x - 32, y), 23)
        SYMBOLS[family](pen, (x - 32, y), 26, style.ink)
        draw_medallion(pen, (x + 32, y), 26, INK)
        ABILITY_ICONS[family](pen, (x + 32, y), 32, GOLD_LIGHT)
        pen.text(family.display_name.upper(), 14, CREAM, (x, y + 50), 1.5)
        pen.text(ABILITY_WORDS[family], 14, GOLD_LIGHT, (x, y + 72), 0.5)
    return pygame.transform.smoothscale(pen.surface, size)


#: The words on the contact sheet's cards: English, like the rest of the documentation.
SHEET_WORDS = CardWords({family: family.display_name.upper() for family in Family}, "VP", "START",
                        "START SET")


def printed(images: dict[str, pygame.Surface], words: CardWords) -> dict[str, pygame.Surface]:
    """The cards with their words, as the game shows them."""
    cards = {f"card_{card.id:02d}.png": LETTERING.face(images[f"card_{card.id:02d}.png"], card,
                                                       words) for card in DECK}
    for back in Back:
        name = f"back_{back.value}.png"
        cards[name] = LETTERING.back(images[name], back, words)
    return cards


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    """The deck on a green baize: one row per family (R1.2), then the three backs (R1.5); the
    images are the cards as drawn, the sheet shows them with their English words."""
    images = printed(images, SHEET_WORDS)
    rows = 5
    width = LABEL_W + 15 * (THUMB[0] + GAP) + 20
    row_h = THUMB[1] + 34
    height = 80 + rows * row_h + 10
    felt = Pen(pygame.Surface((width, height)), 1)
    felt.surface.fill(FELT)
    radial_glow(felt, (width / 2, height / 2), width * 0.6, 40)
    felt.text("FAMIGLIA  ·  THE DECK", 30, GOLD_LIGHT, (width / 2, 40), 4.0)
    labelled: list[tuple[str, list[tuple[str, str]]]] = [
        (family.display_name.upper(),
         [(f"card_{c.id:02d}.png", c.code) for c in DECK if c.family is family])
        for family in Family
    ]
    labelled.append(("BACKS", [(f"back_{b.value}.png", b.value) for b in Back]))
    for row, (label, entries) in enumerate(labelled):
        top = 80 + row * row_h
        felt.text(label, 15, CREAM, (LABEL_W / 2, top + THUMB[1] / 2), 1.5)
        for col, (name, caption) in enumerate(entries):
            x = LABEL_W + col * (THUMB[0] + GAP)
            felt.rect(shade(FELT, 0.55), (x + 3, top + 4, *THUMB), radius=7)
            thumb = pygame.transform.smoothscale(images[name], THUMB)
            felt.surface.blit(thumb, (x, top))
            felt.text(caption, 14, CREAM_SHADE, (x + THUMB[0] / 2, top + THUMB[1] + 14))
    key = legend((width - LABEL_W - 3 * (THUMB[0] + GAP) - 60, THUMB[1]))
    felt.surface.blit(key, (width - 30 - key.get_width(), 80 + (rows - 1) * row_h))
    return felt.surface
