"""How the coach shows itself at the table: a panel of words in the side panel (beside the
table, never over a card) and pointers at the cards and zones it talks about: a ring around
each card, a small arrow in the free space next to the first one and next to every Street card
(whose ring its neighbours and badges break: the arrow comes from outside the row, past the
card's badges), an outline around a zone or the Pass button.  No pointer covers a card, a
badge, a label or the Street's heading.  Everything is computed from the layout's rects at the
current window size and drawn only while the cards rest, so a pointer never chases a flying
card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, Protocol

import pygame

from ...rules import Zone
from .. import theme as t
from ..table.felt import street_heading
from ..table.geometry import frame_pieces
from ..table.marks import draw_frame, other_cards
from ..table.places import PILES, Place
from ..table.render import zone_outline
from ..table.views import PassLook, StreetLook
from .script import Point

if TYPE_CHECKING:
    from ..table.picture import TablePicture

#: The coach's colour: unlike the green of takeable cards, the gold of a selection and the
#: blue of a hint.
COACH = (240, 120, 225)
ARROW = (22, 26)
#: The gap between a card and the ring around it (outside the table's own outline of a
#: selected card, :data:`~famiglia.ui.table.marks.OUTLINE`), the ring's thickness (it keeps
#: off the cards the coach does not mean, see :func:`~famiglia.ui.table.geometry.frame_pieces`)
#: and the gap between a card and the arrow that points at it, just outside the ring.
RING_GAP, RING = 5, 5
ARROW_GAP = RING_GAP + RING
#: A piece of a ring shorter than this (left between badges) reads as a speck, not as a frame.
SPECK = 3 * RING


class PointerHost(StreetLook, PassLook, Protocol):
    """What the coach's pointers read of the table: its regions and words, whether the
    cards rest, the Street's badges (a pointer keeps off them) and where the Pass button
    is."""


def card_ids(picture: TablePicture, point: Point) -> list[int]:
    """The cards ``point`` means, as ``picture`` shows them now: the Street card at a
    position or the rightmost with a code, or every card with the code at the point's
    place."""
    if point.position is not None:
        return picture.zones[Zone.STREET][point.position:point.position + 1]
    if point.code is None or point.place == "pass":
        return []
    ids = [card_id for card_id in picture.pickable(point.place.zone(picture.bottom))
           if picture.sprites[card_id].card.code == point.code]
    return ids[-1:] if point.place is Place.STREET else ids


def shown_rect(picture: TablePicture, card_id: int) -> pygame.Rect:
    """Where a resting card shows: its uncovered strip, raised by its lift."""
    sprite = picture.sprites[card_id]
    rect = picture.visible.get(card_id, pygame.Rect(sprite.rect))
    return rect.move(0, -round(sprite.lift))


def meant_outline(host: PointerHost, place: Place | Literal["pass"]) -> pygame.Rect | None:
    """The outline around a place the coach means (the Street, the own hand or play area, a
    pile) or the Pass button."""
    if place == "pass":
        return host.pass_rect.inflate(10, 10)
    frame = host.frame
    if place is Place.STREET:
        return frame.street_area.inflate(frame.gap, 0)
    if place in PILES:  # around the pile and its count below it
        outline = frame.region(place).inflate(2 * RING_GAP, 2 * RING_GAP)
        outline.height += frame.gap + frame.font(18)
        return outline
    return zone_outline(frame, place)


def card_rects(picture: TablePicture) -> list[pygame.Rect]:
    """Every card on the table where it rests (what a pointer must not cover)."""
    return [picture.raised(card_id) for card_id in picture.sprites]


def label_rows(host: PointerHost) -> list[pygame.Rect]:
    """The rows of the zone labels (names, hand and VP) over the top seat, the play area and
    the hand: an arrow never hides their words."""
    frame = host.frame
    height = host.theme.font(frame.font(18), True).get_linesize()
    return [pygame.Rect(frame.table.left, place[1], frame.table.width, height)
            for place in (frame.top_label, frame.bottom_label, frame.hand_label)]


def badge_rects(picture: TablePicture) -> list[pygame.Rect]:
    """The places of the Street cards' badges ("take", "fresh"): an arrow never hides them."""
    return [rect for slot in picture.street_slots for rect in (slot.take, slot.fresh)]


def shown_badges(host: PointerHost, picture: TablePicture) -> list[pygame.Rect]:
    """The places of the badges the Street shows now: a ring leaves a gap for them."""
    street = picture.zones[Zone.STREET]
    return [rect for index, slot in enumerate(picture.street_slots)
            for rect, shown in ((slot.take, index in host.takeable),
                                (slot.fresh, street[index] in host.fresh)) if shown]


def heading_rect(host: PointerHost) -> pygame.Rect:
    """Where the Street's heading shows its words: no pointer covers them."""
    return street_heading(host.frame, host.theme)[1]


def _arrow_places(card: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
    """The places of an arrow just outside the ring around ``card``: above it, below it (at
    its middle or near either edge), left or right of it; and which way each points."""
    width, height = ARROW
    middle = card.centery
    places = []
    for x in (card.centerx, card.left + width, card.right - width):
        places += [(pygame.Rect(x - width // 2, card.top - ARROW_GAP - height, width, height),
                    "down"),
                   (pygame.Rect(x - width // 2, card.bottom + ARROW_GAP, width, height), "up")]
    places += [(pygame.Rect(card.left - ARROW_GAP - height, middle - width // 2, height, width),
                "right"),
               (pygame.Rect(card.right + ARROW_GAP, middle - width // 2, height, width), "left")]
    return places


def _past(rect: pygame.Rect, heading: str, badges: Sequence[pygame.Rect]) -> pygame.Rect:
    """An arrow above (``down``) or below (``up``) a card moved away from it past the badges
    it meets there, so that only they lie between the arrow and the card."""
    moved = rect.copy()
    for _ in range(len(badges) + 1):
        hit = [badge for badge in badges if badge.colliderect(moved)]
        if not hit:
            break
        if heading == "down":
            moved.bottom = min(badge.top for badge in hit) - 2
        else:
            moved.top = max(badge.bottom for badge in hit) + 2
    return moved


def arrow_place(card: pygame.Rect, obstacles: Sequence[pygame.Rect], room: pygame.Rect,
                badges: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, str] | None:
    """Where an arrow pointing at ``card`` fits without covering any of ``obstacles`` nor
    ``badges`` (the places of the Street's badges): just outside the ring above the card,
    below it, left or right of it (inside ``room``), else above or below it past the badges
    in between, from outside the row; and which way it points."""
    blocked = [*obstacles, *badges]
    near = _arrow_places(card)
    farther = [(_past(rect, heading, badges), heading) for rect, heading in near
               if heading in ("down", "up")]
    for rect, heading in (*near, *farther):
        if room.contains(rect) and rect.collidelist(blocked) < 0:
            return rect, heading
    return None


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, heading: str) -> None:
    """A small arrow filling ``rect``, its tip on the side ``heading`` names.  Its points
    stop short of the rect's right and bottom edges, since the outline reaches a pixel past
    them: an arrow placed beside the Street's heading never touches its words."""
    x, y, w, h = rect.x, rect.y, rect.width - 2, rect.height - 2
    shapes = {
        "down": [(x, y + h * 0.45), (x + w * 0.3, y + h * 0.45), (x + w * 0.3, y),
                 (x + w * 0.7, y), (x + w * 0.7, y + h * 0.45), (x + w, y + h * 0.45),
                 (x + w / 2, y + h)],
        "up": [(x, y + h * 0.55), (x + w * 0.3, y + h * 0.55), (x + w * 0.3, y + h),
               (x + w * 0.7, y + h), (x + w * 0.7, y + h * 0.55), (x + w, y + h * 0.55),
               (x + w / 2, y)],
        "right": [(x + w * 0.45, y), (x + w * 0.45, y + h * 0.3), (x, y + h * 0.3),
                  (x, y + h * 0.7), (x + w * 0.45, y + h * 0.7), (x + w * 0.45, y + h),
                  (x + w, y + h / 2)],
        "left": [(x + w * 0.55, y), (x + w * 0.55, y + h * 0.3), (x + w, y + h * 0.3),
                 (x + w, y + h * 0.7), (x + w * 0.55, y + h * 0.7), (x + w * 0.55, y + h),
                 (x, y + h / 2)],
    }
    points = shapes[heading]
    pygame.draw.polygon(surface, COACH, points)
    pygame.draw.polygon(surface, t.PANEL, points, width=2)


class Pointers:
    """What the coach points at, drawn over the resting cards of ``picture``; ``arrows`` and
    ``rings`` keep where the last frame drew them (the selection's frame goes round a ring)."""

    def __init__(self, host: PointerHost, picture: TablePicture) -> None:
        self.host = host
        self.picture = picture
        self.rings: list[pygame.Rect] = []
        #: the pieces each ring was drawn in (they cover no other card)
        self.ring_pieces: list[list[pygame.Rect]] = []
        self.arrows: list[pygame.Rect] = []
        self.outlines: list[pygame.Rect] = []

    def draw(self, surface: pygame.Surface, points: Sequence[Point],
             avoid: pygame.Rect) -> None:
        """Point at ``points`` (see :class:`~.script.Point`) unless the cards are moving or a
        chooser is open over a card let go mid-move; ``avoid``: the coach's own panel."""
        self.rings, self.ring_pieces, self.arrows, self.outlines = [], [], [], []
        host, picture = self.host, self.picture
        if host.busy or not host.on_top or not points:
            return
        cards: list[pygame.Rect] = []
        meant: list[int] = []
        for point in points:
            if point.code is None and point.position is None:
                outline = meant_outline(host, point.place)
                if outline is not None:
                    self.outlines.append(outline)
                continue
            meant += card_ids(picture, point)
        cards = [shown_rect(picture, card_id) for card_id in meant]
        for outline in self.outlines:
            pygame.draw.rect(surface, t.PANEL, outline.inflate(4, 4), width=5, border_radius=12)
            pygame.draw.rect(surface, COACH, outline, width=3, border_radius=10)
        heading = heading_rect(host)
        for card_id, card in zip(meant, cards, strict=True):
            pieces = [piece for piece in frame_pieces(
                card, [*other_cards(picture, card_id), *shown_badges(host, picture), heading],
                RING_GAP, RING) if max(piece.size) >= SPECK]
            draw_frame(surface, pieces, COACH)
            self.rings.append(card.unionall(pieces))
            self.ring_pieces.append(pieces)
        # the first card meant, and every Street card meant: a Street card's ring is broken
        # where its neighbours and badges touch it, the arrow shows it at a glance
        street = picture.zones[Zone.STREET]
        aimed = [card for index, (card_id, card) in enumerate(zip(meant, cards, strict=True))
                 if index == 0 or card_id in street]
        obstacles = [*card_rects(picture), *label_rows(host), avoid, host.frame.side, heading]
        for card in aimed:
            placed = arrow_place(card, [*obstacles, *self.arrows], host.frame.table,
                                 badge_rects(picture))
            if placed is not None:
                draw_arrow(surface, *placed)
                self.arrows.append(placed[0])
