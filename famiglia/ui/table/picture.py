"""The table's picture of the game: which card ids lie in which zone, seen from which seat, and
where each card's sprite rests.

The picture is built from the core's ``zone_ids`` once and changes afterwards **only** through
:meth:`TablePicture.move`, fed with the core's ``card_moved`` events in the order they play, so
the screen shows each event as it animates while the core is already further on.  The
perspective (``bottom``: the seat whose hand faces the player) decides which hand shows faces
(R5.4) and which zones go to the top or the bottom of the screen; the layout modules turn zones
into rects: the Street's rows (:mod:`.street_layout`), the play areas' stacks in their fixed
order (:mod:`.stacks`), the hands' rows (:mod:`.layout`).  A Street that grows or shrinks
past what one row shows asks the table for a frame that gives it more room (``reframe``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import pygame

from ...rules import DECK, CardMoved, Family, Game, Zone
from ...rules.scoring import score
from .geometry import uncovered
from .layout import TableFrame, play_row, slots
from .places import Place
from .sprites import CardSprite
from .stacks import HEADROOM, StackKey, settled, sorted_keys, stack_places, stacked
from .street_layout import MIN_STRIP, StreetSlot, street_slots

#: The core's zones, as ``card_moved`` events name them.
ZONES = tuple(Zone)
#: How cards go to their slots: at once, after a resize, or flying and sliding.
Motion = Literal["snap", "retarget", "animate"]
#: Seconds at animation speed 1.
FLIGHT = 0.42
SLIDE = 0.22
FAMILY_ORDER = {family: index for index, family in enumerate(Family)}


def _sort_key(card_id: int) -> tuple[int, int, int]:
    card = DECK[card_id]
    return (FAMILY_ORDER[card.family], card.rank, card_id)


class TablePicture:
    """Zones, perspective and resting places of every card sprite."""

    def __init__(self, game: Game, bottom: int, gangster_seat: int | None,
                 frame: TableFrame) -> None:
        self.zones: dict[Zone, list[int]] = {zone: list(game.zone_ids(zone)) for zone in ZONES}
        self.bottom = bottom
        #: the seat the Gangster plays (no hand, play area by rank: S2), if any
        self.gangster_seat = gangster_seat
        self.frame = frame
        self.sprites = {card.id: CardSprite(card) for card in DECK}
        #: where each card rests (a dragged or flying card returns here)
        self.slot_of: dict[int, pygame.Rect] = {}
        #: the part of each resting card that the next card of its row leaves uncovered
        self.visible: dict[int, pygame.Rect] = {}
        #: the Street's slots by position (card rect, uncovered strip, badge places)
        self.street_slots: list[StreetSlot] = []
        #: each play area's stacks in their order (an emptied one keeps its place until the
        #: turn ends), and the count of each stack of two or more by its top card
        self.stack_order: dict[Zone, list[StackKey]] = {
            zone: sorted_keys(self.zones[zone]) for zone in (Zone.PLAY_0, Zone.PLAY_1)}
        self.stack_counts: dict[Zone, dict[int, int]] = {}
        #: how many stacks each play area's row is laid out for during the turn
        self.stack_room: dict[Zone, int] = {zone: self._room(zone) for zone in self.stack_order}
        #: asked for the frame when the Street's count changes (the table gives a long Street
        #: more room); None keeps the frame
        self.reframe: Callable[[int], None] | None = None
        #: where the zones' headings were last drawn: what nothing laid over the table (a
        #: caption) covers
        self.headings: list[pygame.Rect] = []
        #: where the count of the other side's hand was last drawn, if it was
        self.hand_count: pygame.Rect | None = None
        #: the discard pile went into the draw pile (R4.2): shown once that event played
        self.reshuffled = game.reshuffled
        #: both hands face up (the replay viewer; never at play)
        self.open_hands = False
        #: bumped whenever a card changes zone or the perspective flips
        self.version = 0
        self._flight_order = 0

    # ------------------------------------------------------------------ perspective

    def place_of(self, zone: Zone) -> Place:
        """Where a core zone lies on the screen, seen from ``bottom``."""
        return Place.of(zone, self.bottom)

    def ids_at(self, place: Place) -> list[int]:
        """The card ids at ``place`` (seen from ``bottom``), as the core orders them."""
        return self.zones[place.zone(self.bottom)]

    def face_up(self, zone: Zone) -> bool:
        """Which side a card shows in ``zone``: the draw pile and the opponent's hand are
        backs (R5.4), unless ``open_hands`` (a replay shows a record's both hands)."""
        if zone is Zone.DRAW_PILE:
            return False
        if zone.is_hand:
            return self.open_hands or zone.seat == self.bottom
        return True

    def raised(self, card_id: int) -> pygame.Rect:
        """Where the card ``card_id`` shows now, raised by its lift."""
        sprite = self.sprites[card_id]
        return pygame.Rect(sprite.rect).move(0, -round(sprite.lift))

    def display_order(self, zone: Zone, ids: list[int] | None = None) -> list[int]:
        """The zone's card ids (or ``ids`` as the zone's) in drawing order, left to right:
        the own hand sorted by family and rank; a play area stack by stack, each bottom to
        top (:mod:`.stacks`); the other zones as the core keeps them."""
        ids = self.zones[zone] if ids is None else ids
        if zone is Zone.hand(self.bottom):
            return sorted(ids, key=_sort_key)
        if zone.is_play_area:
            return [card_id for _key, cards in self.stacks(zone, ids) for card_id in cards]
        return ids

    def stacks(self, zone: Zone, ids: list[int] | None = None
               ) -> list[tuple[StackKey, list[int]]]:
        """A play area's stacks (holding ``ids``, or the zone's cards) in their order: the
        order kept for the zone, the Gangster's by rank as the core keeps it (S2)."""
        ids = self.zones[zone] if ids is None else ids
        order = [] if zone.seat == self.gangster_seat else self.stack_order[zone]
        return stacked(ids, order)

    def pickable(self, zone: Zone) -> list[int]:
        """The cards of ``zone`` a pointer or a key can pick, in drawing order: a stack's top
        card only."""
        if not zone.is_play_area:
            return self.display_order(zone)
        return [cards[-1] for _key, cards in self.stacks(zone) if cards]

    def _room(self, zone: Zone) -> int:
        """The stacks a play area's row keeps room for as a turn begins: a player's, a few
        more than it holds (:data:`~.stacks.HEADROOM`) as far as each keeps a strip of
        :data:`~.street_layout.MIN_STRIP`; the Gangster's, those it holds."""
        held = len(self.stacks(zone))
        if zone.seat == self.gangster_seat:
            return held
        region, _top = play_row(self.frame, self.place_of(zone))
        width = self.frame.card_size(self.place_of(zone))[0]
        fits = 1 + (region.width - width) // MIN_STRIP
        return max(held, min(held + HEADROOM, fits))

    def settle_stacks(self) -> None:
        """A turn ended: the stacks emptied in it close up, and each row keeps room for the
        stacks the next turn may bring."""
        for zone, order in self.stack_order.items():
            closed = settled(self.zones[zone], order)
            room = self.stack_room[zone]
            self.stack_order[zone] = closed
            self.stack_room[zone] = self._room(zone)
            if closed != order or self.stack_room[zone] != room:
                self.layout_zone(zone)

    def turn_to(self, seat: int) -> bool:
        """Hot-seat: the seat to move sits at the bottom; True when the view flipped.  No
        card stays raised: a card the other seat's pointer raised lies in the top hand."""
        if seat == self.bottom:
            return False
        self.bottom = seat
        self.version += 1
        for sprite in self.sprites.values():
            sprite.lift = sprite.lift_target = 0.0
        self.layout_all("snap")
        return True

    def zone_vp(self, zone: Zone) -> int:
        """The VP of the cards the picture shows in ``zone`` (the core's scoring, R5.3)."""
        return score(DECK[i] for i in self.zones[zone])

    def scores(self) -> tuple[int, int]:
        """Each seat's VP as the picture shows it now (the core's scoring of hand and play
        area, R5.3)."""
        return (score(DECK[i] for i in self.zones[Zone.HAND_0] + self.zones[Zone.PLAY_0]),
                score(DECK[i] for i in self.zones[Zone.HAND_1] + self.zones[Zone.PLAY_1]))

    # ------------------------------------------------------------------ cards in motion

    @property
    def moving(self) -> bool:
        return any(sprite.flying for sprite in self.sprites.values())

    def move(self, event: CardMoved) -> None:
        """Apply one ``card_moved`` event: the card changes zone, both zones slide to their
        new slots and the moved card flies."""
        source, target = self.zones[event.source], self.zones[event.target]
        if source[event.from_index] != event.card:
            raise RuntimeError(f"the table's picture drifted from the core at {event}")
        source.pop(event.from_index)
        target.insert(event.to_index, event.card)
        self.version += 1
        if Zone.STREET in (event.source, event.target) and self.reframe is not None:
            self.reframe(len(self.zones[Zone.STREET]))
        self.layout_zone(event.source)
        self.layout_zone(event.target, moved=event.card)

    def swap_places(self, first: int, second: int) -> None:
        """Two cards exchange their places on screen at once (a twin moved instead of the
        card the player let go, R1.3)."""
        mine, twin = self.sprites[first], self.sprites[second]
        where, there = pygame.FRect(mine.rect), pygame.FRect(twin.rect)
        mine.place(there, mine.face_up)
        twin.place(where, twin.face_up)

    def snap_back(self, card_id: int) -> None:
        """A card let go where nothing happens slides back to its slot."""
        if card_id in self.slot_of:
            sprite = self.sprites[card_id]
            sprite.fly(self.slot_of[card_id], sprite.face_up, SLIDE)

    def rest(self) -> None:
        """Every card at its slot at once, raised as far as it is meant to be: the table as
        it looks under an overlay, which stops its animations (a chooser after a gesture)."""
        self.layout_all("snap")
        for sprite in self.sprites.values():
            sprite.lift = sprite.lift_target

    def finish(self) -> None:
        for sprite in self.sprites.values():
            sprite.finish()

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    # ------------------------------------------------------------------ layout

    def places(self, zone: Zone, ids: list[int]) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Where the cards ``ids`` of ``zone`` (in drawing order, :meth:`display_order`) rest,
        and the part of each that shows (the discard pile: its cards as it holds them now)."""
        frame = self.frame
        if zone is Zone.DISCARD:
            rects = [frame.discard.move((card_id * 37) % 7 - 3, (card_id * 53) % 5 - 2)
                     for card_id in self.zones[Zone.DISCARD]]
            return rects, rects
        if zone is Zone.STREET:
            street = street_slots(frame, len(ids))
            return [slot.rect for slot in street], [slot.visible for slot in street]
        place = self.place_of(zone)
        if zone.is_play_area:
            handless = self.gangster_seat is not None and self.gangster_seat != self.bottom
            region, top = play_row(frame, place, handless=handless)
            placed = stack_places(self.stacks(zone, ids), region, frame.card_size(place),
                                  spacing=1.06, top=top, room=self.stack_room.get(zone, 0))
            return ([placed.rects[card_id] for card_id in ids],
                    [placed.visible[card_id] for card_id in ids])
        rects = slots(frame, place, len(ids))
        return rects, uncovered(rects)

    def layout_zone(self, zone: Zone, mode: Motion = "animate", moved: int | None = None
                    ) -> None:
        """Send every card of ``zone`` to its slot: ``snap`` at once, ``retarget`` after a
        resize, ``animate`` with the moved card flying and the others sliding."""
        ids = self.display_order(zone)
        face = self.face_up(zone)
        if zone is Zone.STREET:
            self.street_slots = street_slots(self.frame, len(ids))
        if zone.is_play_area:
            stacks = self.stacks(zone)
            if zone.seat != self.gangster_seat:
                self.stack_order[zone] = [key for key, _cards in stacks]
            self.stack_room[zone] = max(self.stack_room.get(zone, 0), len(stacks))
            self.stack_counts[zone] = {cards[-1]: len(cards) for _key, cards in stacks
                                       if len(cards) > 1}
        rects, shown = self.places(zone, ids)
        for card_id, part in zip(ids, shown, strict=True):
            self.visible[card_id] = part
        for card_id, rect in zip(ids, rects, strict=True):
            sprite = self.sprites[card_id]
            self.slot_of[card_id] = rect
            if mode == "snap":
                sprite.place(rect, face)
            elif mode == "retarget":
                sprite.retarget(rect)
            elif card_id == moved:
                self._flight_order += 1
                sprite.fly(rect, face, FLIGHT, order=self._flight_order)
            else:
                sprite.fly(rect, face, SLIDE)

    def layout_all(self, mode: Motion) -> None:
        for zone in self.zones:
            self.layout_zone(zone, mode)

    def place(self, frame: TableFrame, mode: Motion = "retarget") -> None:
        """A new frame (a new window size, or room given to a long Street): every card goes
        to its new slot (``animate``: sliding there)."""
        self.frame = frame
        self.stack_room = {zone: max(self._room(zone), len(self.stacks(zone)))
                           for zone in self.stack_order}
        if self.slot_of:
            self.layout_all(mode)
