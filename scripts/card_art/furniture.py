"""The card's furniture around the portrait: the printed frame, the window's gold frame, the
corner pennants with rank and family symbol, the ability medallion, the name banner, the
victory points' coin and the start-set emblem.

The family line, the points word and the start word are left blank: the game prints them in
the player's language (:mod:`famiglia.ui.card_words`).
"""

from __future__ import annotations

import math

import pygame

from famiglia.rules.cards import Card
from famiglia.ui.card_words import (
    BANNER,
    CARD_H,
    CARD_W,
    COIN,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    MEDALLION,
)

from .emblems import ABILITY_ICONS, SYMBOLS, laurel
from .geometry import Colour, Point, arch_points, mirror, mix, move, shade
from .pen import LETTERING, Pen
from .style import BACK_COLOURS, BACK_NUMBERS, CORNER_RADIUS, CREAM, EDGE, STYLES
from .traits import LINE, PANEL_BOX


def draw_frame(pen: Pen, line: Colour, fine: Colour) -> None:
    """The card's printed border: a dark die-cut edge, a gold band and a fine inner rule."""
    pen.rect(EDGE, (0, 0, CARD_W, CARD_H), 2.5, radius=CORNER_RADIUS)
    pen.rect(line, (6, 6, CARD_W - 12, CARD_H - 12), 2.6, radius=CORNER_RADIUS - 5)
    pen.rect(fine, (11, 11, CARD_W - 22, CARD_H - 22), 1.0, radius=CORNER_RADIUS - 8)


def draw_panel_frame(pen: Pen) -> None:
    """Gold double rule around the portrait window and a sunray keystone on top."""
    x, y, w, _ = PANEL_BOX
    outline = arch_points(PANEL_BOX)
    pen.stroke(GOLD, outline, 3.4)
    pen.stroke(GOLD_LIGHT, outline, 1.0)
    inner = arch_points((x + 6, y + 6, w - 12, PANEL_BOX[3] - 6))
    pen.stroke(mix(GOLD, CREAM, 0.3), inner, 1.0)
    top = (x + w / 2, y)
    for i in range(7):
        a = math.radians(180 + 15 + i * 25)
        pen.stroke(GOLD_DARK, [(top[0] + 8 * math.cos(a), top[1] + 8 * math.sin(a)),
                               (top[0] + 17 * math.cos(a), top[1] + 17 * math.sin(a))], 1.6)
    pen.circle(GOLD, top, 7)
    pen.circle(GOLD_DARK, top, 7, 1.2)


PENNANT_SIZE = (56.0, 120.0)
PENNANT_X = 14.0
#: Centre and size of the family symbol on the pennant, in card units.
SYMBOL_AT, SYMBOL_SIZE = (25.0, 86.0), 28.0


def draw_pennant(card: Card) -> Pen:
    """The corner index: a hanging pennant in the family colour with rank and symbol.

    Big bold numerals with a strong contrast keep the rank readable on cards shown ~70 px wide.
    """
    style = STYLES[card.family]
    pen = Pen.blank(PENNANT_SIZE)
    shape = [(0, 0), (50, 0), (50, 97), (25, 114), (0, 97)]
    pen.polygon((40, 30, 20, 90), move(shape, 3, 3))
    pen.polygon(style.main, shape)
    pen.stroke(mix(style.main, style.ink, 0.45), [(5, 0), (5, 94), (25, 107), (45, 94), (45, 0)],
               0.9)
    pen.stroke(GOLD, shape[:1] + shape[:0:-1], 2.4)
    pen.text(str(card.rank), 100, style.ink, (25, 40))
    SYMBOLS[card.family](pen, SYMBOL_AT, SYMBOL_SIZE, style.ink)
    return pen


#: Where the corner symbol lands on the finished card, in pixels (for the greyscale test).
SYMBOL_BOX = pygame.Rect(0, 0, SYMBOL_SIZE, SYMBOL_SIZE)
SYMBOL_BOX.center = (round(PENNANT_X + SYMBOL_AT[0]), round(SYMBOL_AT[1]))


def draw_medallion(pen: Pen, c: Point, r: float, fill: Colour) -> None:
    """A gold-rimmed disc, the base of ability icons and start-set emblems."""
    pen.circle((40, 30, 20), (c[0] + 1.5, c[1] + 1.5), r + 1)
    pen.circle(GOLD, c, r)
    pen.circle(fill, c, r - 3)
    pen.circle(GOLD_LIGHT, c, r - 5, 0.8)


def draw_ability(pen: Pen, card: Card) -> None:
    """Ranks 1–4 show their family's ability in a medallion top right; rank 0 has none."""
    if card.rank == 0:
        return
    c, radius = MEDALLION
    draw_medallion(pen, c, radius, INK)
    ABILITY_ICONS[card.family](pen, c, 30, GOLD_LIGHT)


def draw_banner(pen: Pen, card: Card) -> None:
    """The name on a black ribbon with swallow-tailed ends in the family's dark shade."""
    style = STYLES[card.family]
    y, h = BANNER[0], BANNER[1] - BANNER[0]
    tail = [(16, y + 8), (48, y + 8), (48, y + h + 8), (16, y + h + 8), (26, y + h / 2 + 8)]
    for part in (tail, mirror(tail, CARD_W / 2)):
        pen.polygon(style.dark, part, LINE, 1.0)
    fold = [(40, y + h), (48, y + h), (48, y + h + 8)]
    for part in (fold, mirror(fold, CARD_W / 2)):
        pen.polygon(shade(style.dark, 0.5), part)
    pen.rect(INK, (40, y, CARD_W - 80, h))
    pen.rect(GOLD, (40, y + 2.5, CARD_W - 80, 1.4))
    pen.rect(GOLD, (40, y + h - 3.9, CARD_W - 80, 1.4))
    name = card.name.upper()
    size = LETTERING.fit_size(name, 25, CARD_W - 100, 1.2)
    pen.text(name, size, CREAM, (CARD_W / 2, y + h / 2), 1.2)


def draw_vp_badge(pen: Pen, card: Card) -> None:
    """R1.4: the victory points on a gold coin in a laurel at the bottom of the card.

    The word under the number is left out: it is printed in the player's language.
    """
    c = (CARD_W / 2, (COIN[0] + COIN[1]) / 2)
    laurel(pen, c, (COIN[1] - COIN[0]) / 2, mix(GOLD, (60, 90, 40), 0.35), leaves=5, size=1.1)
    pen.circle((40, 30, 20), (c[0] + 1.5, c[1] + 1.5), 27)
    for i in range(10):
        pen.circle(mix(GOLD_DARK, GOLD_LIGHT, i / 9), (c[0] - i * 0.5, c[1] - i * 0.5),
                   26 - i * 1.4)
    pen.circle(GOLD_DARK, c, 26, 1.4)
    pen.circle(GOLD_DARK, c, 21, 0.8)
    pen.text(str(card.vp), 36 if card.vp < 10 else 31, INK, (c[0], c[1] - 4))


def draw_start_marker(pen: Pen, card: Card) -> None:
    """R1.5: start-set cards carry their set's emblem bottom left, in the colour of its back
    (the word under it is printed in the player's language)."""
    number = BACK_NUMBERS[card.back]
    if not number:
        return
    c = (46.0, 368.0)
    draw_medallion(pen, c, 16, BACK_COLOURS[card.back])
    pen.text(str(number), 26, GOLD_LIGHT, c)
