"""Whole cards: each face put together from its portrait and furniture, the three backs (R1.5),
and the finish that scales a supersampled drawing down to 300×420 with rounded corners."""

from __future__ import annotations

import functools

import pygame

from famiglia.rules.cards import DECK, Back, Card, Family
from famiglia.ui.card_words import CARD_H, CARD_W, GOLD, GOLD_DARK, GOLD_LIGHT, INK

from .emblems import SYMBOLS
from .furniture import (
    PENNANT_SIZE,
    PENNANT_X,
    draw_ability,
    draw_banner,
    draw_frame,
    draw_medallion,
    draw_panel_frame,
    draw_pennant,
    draw_start_marker,
    draw_vp_badge,
)
from .geometry import move, shade, star_points
from .patterns import draw_pattern
from .pen import Pen, radial_glow, vertical_gradient
from .portrait import draw_portrait
from .style import (
    BACK_COLOURS,
    BACK_NUMBERS,
    BACK_PATTERNS,
    CARD_SIZE,
    CORNER_RADIUS,
    CREAM,
    CREAM_SHADE,
)
from .traits import PANEL_BOX

# -------------------------------------------------------------------------------------------- faces


def draw_face(card: Card) -> Pen:
    """One card face at supersampled size, without its words (the game prints them)."""
    pen = Pen.blank(CARD_SIZE, opaque=True)
    vertical_gradient(pen, (0, 0, CARD_W, CARD_H), CREAM, CREAM_SHADE)
    pen.paste(draw_portrait(card), PANEL_BOX[:2])
    draw_panel_frame(pen)
    draw_banner(pen, card)
    draw_vp_badge(pen, card)
    draw_start_marker(pen, card)
    draw_ability(pen, card)
    draw_frame(pen, GOLD, GOLD_DARK)
    pennant = draw_pennant(card)
    pen.paste(pennant, (PENNANT_X, 0))
    flipped = Pen(pygame.transform.rotate(pennant.surface, 180))
    pen.paste(flipped, (CARD_W - PENNANT_X - PENNANT_SIZE[0], CARD_H - PENNANT_SIZE[1]))
    return pen


# -------------------------------------------------------------------------------------------- backs


def draw_back(back: Back) -> Pen:
    """R1.5: neutral back with the wordmark; start-set backs in their own colour with a numeral
    (and room under it for the words "start set", printed in the player's language)."""
    base = BACK_COLOURS[back]
    pen = Pen.blank(CARD_SIZE, opaque=True)
    vertical_gradient(pen, (0, 0, CARD_W, CARD_H), shade(base, 1.25), shade(base, 0.7))
    draw_pattern(pen, BACK_PATTERNS[back], (14, 14, CARD_W - 28, CARD_H - 28), shade(base, 0.95),
                 shade(base, 1.3), (CARD_W / 2, CARD_H / 2))
    radial_glow(pen, (CARD_W / 2, CARD_H / 2), 150, 26)
    for inset in (20, 28):
        pen.rect(GOLD, (inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset), 1.2, radius=4)
    for corner in ((20, 20), (CARD_W - 20, 20), (20, CARD_H - 20), (CARD_W - 20, CARD_H - 20)):
        pen.polygon(GOLD, star_points(corner, 10, 3, tips=4, angle=0))
    c = (CARD_W / 2, CARD_H / 2)
    diamond = [(c[0], c[1] - 120), (c[0] + 96, c[1]), (c[0], c[1] + 120), (c[0] - 96, c[1])]
    pen.polygon(shade(base, 0.6), diamond, GOLD, 2.4)
    pen.stroke(GOLD_DARK, [*move(diamond[:1], 0, 10), (c[0] + 84, c[1]), (c[0], c[1] + 110),
                           (c[0] - 84, c[1]), (c[0], c[1] - 110)], 1.0)
    number = BACK_NUMBERS[back]
    if number:
        draw_medallion(pen, (c[0], c[1] - 12), 46, shade(base, 0.8))
        pen.text(str(number), 110, GOLD_LIGHT, (c[0], c[1] - 12))
        pen.text("FAMIGLIA", 11, GOLD, (c[0], c[1] + 70), 3.0)
    else:
        for i, family in enumerate(Family):
            spot = (c[0] + (i % 2 - 0.5) * 34, c[1] + (i // 2 - 0.5) * 104)
            SYMBOLS[family](pen, spot, 20, GOLD)
        pen.rect(INK, (16, c[1] - 22, CARD_W - 32, 44))
        pen.rect(GOLD, (16, c[1] - 19, CARD_W - 32, 1.4))
        pen.rect(GOLD, (16, c[1] + 17.6, CARD_W - 32, 1.4))
        pen.text("FAMIGLIA", 34, GOLD_LIGHT, c, 5.0)
    draw_frame(pen, GOLD, GOLD_DARK)
    return pen


# ---------------------------------------------------------------------------------------- finishing


@functools.cache
def corner_mask() -> pygame.Surface:
    """White with alpha: opaque inside the rounded card outline, clear outside, soft edge."""
    pen = Pen.blank(CARD_SIZE)
    pen.surface.fill((255, 255, 255, 0))
    pen.rect((255, 255, 255, 255), (0, 0, CARD_W, CARD_H), radius=CORNER_RADIUS)
    return pygame.transform.smoothscale(pen.surface, CARD_SIZE)


def finish(pen: Pen) -> pygame.Surface:
    """Scale the supersampled drawing down to card size and cut the rounded corners."""
    card = pygame.Surface(CARD_SIZE, pygame.SRCALPHA)
    card.blit(pygame.transform.smoothscale(pen.surface, CARD_SIZE), (0, 0))
    card.blit(corner_mask(), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return card


def card_images() -> dict[str, pygame.Surface]:
    """All 63 images by file name (R1.5 backs after the 60 faces)."""
    images = {f"card_{card.id:02d}.png": finish(draw_face(card)) for card in DECK}
    for back in Back:
        images[f"back_{back.value}.png"] = finish(draw_back(back))
    return images
