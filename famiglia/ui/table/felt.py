"""The table's felt, drawn once for a window size: the cloth's light-to-dark gradient, the
darker bands under each zone (the top row, the piles, the Street, the person's play area and
hand), the Street's heading and the piles' boxes with their names; the discard pile's box
says when the reshuffle (R4.2) has put it out of play.
"""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import _
from ...rules import Zone
from .. import theme as t
from ..theme import Theme
from .layout import TableFrame
from .places import PILES, Place


def pile_words(pile: Place, reshuffled: bool) -> str:
    """The words in an empty pile's box; after the reshuffle (R4.2) nothing is discarded any
    more."""
    if pile is Place.DISCARD and reshuffled:
        # Translators: in the discard pile's box after the reshuffle (wrapped to a card's width).
        return _("Reshuffled: no more discards")
    return i18n.zone_name(pile.zone(0))  # a pile is one zone whichever seat is at the bottom


def street_heading(frame: TableFrame, theme: Theme) -> tuple[pygame.Surface, pygame.Rect]:
    """The Street's heading and where its words lie, at the top right of its room (what the
    coach's pointers keep off)."""
    heading = theme.fit(i18n.zone_name(Zone.STREET), frame.font(15),
                        frame.street_heading.width, t.INK_DIM, bold=True)
    return heading, heading.get_rect(topright=(frame.street_heading.right,
                                               frame.street_heading.top + 2))


def render_felt(frame: TableFrame, theme: Theme, size: tuple[int, int],
                reshuffled: bool) -> pygame.Surface:
    """The felt for a window of ``size`` laid out as ``frame``; ``reshuffled``: the discard
    pile is out of play."""
    background = pygame.Surface(size).convert()
    height = size[1]
    for y in range(height):
        p = abs(y / height - 0.45) * 1.6
        colour = tuple(round(a + (b - a) * min(1.0, p))
                       for a, b in zip(t.FELT_LIGHT, t.FELT_DARK, strict=True))
        pygame.draw.line(background, colour, (0, y), (size[0], y))
    bands = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(6, frame.gap)
    piles = frame.draw_pile.union(frame.discard).inflate(frame.gap * 2, frame.gap)
    piles.height = frame.street.height + frame.gap
    street = frame.street_area.inflate(frame.gap, 0)
    for rect in (frame.top_hand.union(frame.top_play).inflate(frame.gap, frame.gap),
                 piles, street, frame.bottom_play.inflate(frame.gap, frame.gap),
                 frame.bottom_hand.inflate(frame.gap, frame.gap)):
        pygame.draw.rect(bands, (0, 0, 0, 38), rect, border_radius=radius)
    bands.blit(*street_heading(frame, theme))
    for pile in PILES:
        rect = frame.region(pile)
        out_of_play = pile is Place.DISCARD and reshuffled
        pygame.draw.rect(bands, (0, 0, 0, 60), rect, border_radius=radius)
        edge = (*(t.PANEL_EDGE if out_of_play else t.GOLD_DARK), 160)
        pygame.draw.rect(bands, edge, rect, width=2, border_radius=radius)
        words = theme.wrap(pile_words(pile, reshuffled),
                           frame.font(15), rect.width - 6, max_lines=4)
        line = theme.font(frame.font(15)).get_linesize()
        top = rect.centery - line * len(words) // 2
        for index, word in enumerate(words):
            label = theme.text(word, frame.font(15), t.INK_DIM)
            bands.blit(label, label.get_rect(midtop=(rect.centerx, top + index * line)))
    background.blit(bands, (0, 0))
    return background
