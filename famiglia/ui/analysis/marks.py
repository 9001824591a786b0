"""The two moves of an analysed decision on the replay's table: the move played glowing in its
verdict's colour, the better move in the blue of a hint (as the Hint shows a move), each with
the place it goes to outlined; where both go to the same place, the better move's outline
lies inside the other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...players.analysis import Decision
from ...rules import Game, parse_action
from ..table.hints import marks_for
from ..table.places import Place
from ..table.render import zone_outline
from ..theme import Colour
from .words import BEST_COLOUR, played_colour

if TYPE_CHECKING:
    from ..table.layout import TableFrame
    from ..table.picture import TablePicture
    from ..table.sprites import CardArt


@dataclass(frozen=True)
class Marks:
    """What one move lights on the table: cards and places, in ``colour``."""

    cards: frozenset[int]
    places: frozenset[Place]
    colour: Colour


def marks_of(game: Game, picture: TablePicture, decision: Decision | None) -> list[Marks]:
    """The move played and the better one at ``decision``, in the position ``game`` that
    ``picture`` shows (before that move); none for a decision that played the best move."""
    if decision is None or decision.best == decision.played:
        return []
    found = []
    for notation, colour in ((decision.played, played_colour(decision)),
                             (decision.best, BEST_COLOUR)):
        cards, places, _pass = marks_for(game, picture, parse_action(notation), decision.seat)
        found.append(Marks(frozenset(cards), frozenset(places), colour))
    return found


def draw_marks(surface: pygame.Surface, frame: TableFrame, picture: TablePicture,
               art: CardArt, marks: list[Marks]) -> None:
    """Each move's glow over its cards of ``picture`` and its places' outlines."""
    outlined: set[Place] = set()
    for mark in marks:
        for card_id in mark.cards:
            art.draw_glow(surface, picture.sprites[card_id], mark.colour)
        for place in mark.places:
            rect = (frame.region(place).inflate(frame.gap, frame.gap)
                    if place in (Place.THEIR_HAND, Place.THEIR_PLAY)
                    else zone_outline(frame, place))
            if rect is None:
                continue
            if place in outlined:
                rect = rect.inflate(-8, -8)
            outlined.add(place)
            pygame.draw.rect(surface, mark.colour, rect, width=3, border_radius=10)
