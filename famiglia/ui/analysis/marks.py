"""The two moves of an analysed decision on the replay's table: the move played glowing in its
verdict's colour, the better move in the blue of a hint (as the Hint shows a move), each with
the place it goes to outlined; where both go to the same place, the better move's outline
lies inside the other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...players.analysis import Decision
from ...rules import parse_action
from ..table.hints import marks_for
from ..table.places import Place
from ..theme import Colour
from .words import BEST_COLOUR, played_colour

if TYPE_CHECKING:
    from ..scenes.table import TableScene


@dataclass(frozen=True)
class Marks:
    """What one move lights on the table: cards and places, in ``colour``."""

    cards: frozenset[int]
    places: frozenset[Place]
    colour: Colour


def marks_of(table: TableScene, decision: Decision | None) -> list[Marks]:
    """The move played and the better one at ``decision``, in the position the table shows
    (before that move); none for a decision that played the best move."""
    if decision is None or decision.best == decision.played:
        return []
    found = []
    for notation, colour in ((decision.played, played_colour(decision)),
                             (decision.best, BEST_COLOUR)):
        cards, places, _pass = marks_for(table, parse_action(notation), decision.seat)
        found.append(Marks(frozenset(cards), frozenset(places), colour))
    return found


def draw_marks(surface: pygame.Surface, table: TableScene, marks: list[Marks]) -> None:
    """Each move's glow over its cards and its places' outlines."""
    frame = table.frame
    outlined: set[Place] = set()
    for mark in marks:
        for card_id in mark.cards:
            sprite = table.picture.sprites[card_id]
            glow = table.art.glow((round(sprite.rect.w), round(sprite.rect.h)), mark.colour)
            centre = (round(sprite.rect.centerx), round(sprite.rect.centery - sprite.lift))
            surface.blit(glow, glow.get_rect(center=centre))
        for place in mark.places:
            rect = (frame.region(place).inflate(frame.gap, frame.gap)
                    if place in (Place.THEIR_HAND, Place.THEIR_PLAY)
                    else table.renderer.zone_outline(place))
            if rect is None:
                continue
            if place in outlined:
                rect = rect.inflate(-8, -8)
            outlined.add(place)
            pygame.draw.rect(surface, mark.colour, rect, width=3, border_radius=10)
