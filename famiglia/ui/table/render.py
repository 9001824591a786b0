"""Drawing the table: felt and zone bands, the resting cards with their marks (legal targets,
selection, takeable, fresh, lowered ranks), labels, the side panel, then every frame the cards
in motion, the dragged card with its drop feedback, the buttons, the banner, the caption,
overlays and tooltips.

The resting table is one cached layer, drawn again only when its signature (card places,
marks, status, log) changed.  Overlays (hints, highlights) are objects with a ``draw`` method
in :attr:`TableRenderer.overlays`, drawn over the cards and under the tooltips.  The felt
(:mod:`~famiglia.ui.table.felt`), the caption's place (:mod:`~famiglia.ui.table.captions`) and
the tooltip shown (:mod:`~famiglia.ui.table.tooltips`) have modules of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from ... import i18n
from ...i18n import _, ngettext, pgettext
from ...rules import DECK, Zone
from .. import theme as t
from ..theme import Colour
from .captions import CaptionHost, ShownCaption, banner_place
from .drag import Spot
from .felt import render_felt
from .geometry import badge_place
from .layout import TableFrame
from .marks import CardMarks, MarksHost
from .places import PILES, Place
from .sprites import CardArt, CardSprite
from .tooltips import TooltipHost, Tooltips

if TYPE_CHECKING:
    from .gestures import Gestures
    from .picture import TablePicture


def drawn_rect(sprite: CardSprite) -> pygame.Rect:
    """Where ``sprite`` is drawn now, raised by its lift."""
    rect = sprite.rect
    return pygame.Rect(round(rect.x), round(rect.y - sprite.lift), round(rect.w), round(rect.h))


def zone_outline(frame: TableFrame, place: Place) -> pygame.Rect | None:
    """The outline of a drop zone (own hand, own play area, a pile)."""
    if place in (Place.HAND, Place.PLAY):
        return frame.region(place).inflate(frame.gap, frame.gap)
    if place in PILES:
        return frame.region(place).inflate(frame.gap * 2, frame.gap * 2)
    return None


class Overlay(Protocol):
    """Something drawn over the table's cards (a hint, a highlight)."""

    def draw(self, surface: pygame.Surface) -> None: ...


class RenderHost(MarksHost, TooltipHost, CaptionHost, Protocol):
    """What the renderer reads of the table, besides its card marks', tooltips' and caption's
    needs: the status panel as last drawn, the seats' titles and the computer seat thinking,
    the banner shown now ("Vito passes"), and the game log, which it draws into the resting
    layer after giving it the room the panels over its top leave."""

    @property
    def status_surface(self) -> pygame.Surface: ...

    def seat_title(self, seat: int) -> str: ...

    @property
    def thinking_seat(self) -> int | None: ...

    @property
    def banner(self) -> pygame.Surface | None: ...

    @property
    def log_version(self) -> int: ...

    def give_log_room(self, height: int) -> None: ...

    def draw_log(self, surface: pygame.Surface) -> None: ...


class TableRenderer:
    """Draws one table: ``host``'s state, the cards of ``picture`` with ``art``, the marks of
    ``gestures``."""

    def __init__(self, host: RenderHost, picture: TablePicture, gestures: Gestures,
                 art: CardArt) -> None:
        self.host = host
        self.picture = picture
        self.gestures = gestures
        self.art = art
        self.overlays: list[Overlay] = []
        #: what a panel drawn over the top of the log takes of it (the coach's tip), asked
        #: before each frame: the log gives it that room
        self.over_log: list[Callable[[], int]] = []
        self.card_marks = CardMarks(host, picture, gestures)
        self.tooltips = Tooltips(host, picture, gestures)
        #: the bottom seat's zone labels as last drawn (its hand, its play area)
        self.labels: dict[Place, str] = {}
        #: where each seat's name label (the top row's, the bottom hand's) was last drawn
        self.label_rects: dict[int, pygame.Rect] = {}
        #: where the bottom seat's zone labels were last drawn
        self.zone_label_rects: dict[Place, pygame.Rect] = {}
        #: the ids of the card faces the last frame drew (the hand-over test checks it)
        self.drawn_faces: set[int] = set()
        self._background: pygame.Surface | None = None
        self._reshuffled = False
        self._zone_fill: dict[tuple[int, int], pygame.Surface] = {}
        self._layer: pygame.Surface | None = None
        self._layer_signature: tuple[object, ...] = ()
        self._layer_faces: set[int] = set()
        #: the caption on show and where it goes
        self.shown_caption = ShownCaption()

    def invalidate(self) -> None:
        """The window size or the perspective changed: draw the background again."""
        self._background = None
        self._zone_fill.clear()

    # ------------------------------------------------------------------ the frame

    def marks(self) -> dict[int, Colour]:
        """The glow of each marked card: legal targets, the selection, a pending exchange."""
        gestures = self.gestures
        marks = {}
        if gestures.half is not None:
            marks[gestures.half.card.id] = t.GOLD
        if gestures.selected is not None and gestures.selected.card is not None:
            marks[gestures.selected.card.id] = t.HIGHLIGHT
        for spot in gestures.lit:
            if spot.card is not None:
                marks[spot.card.id] = t.DROP_OK
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        host, picture, gestures = self.host, self.picture, self.gestures
        size = surface.get_size()
        if (self._background is None or self._background.get_size() != size
                or self._reshuffled != picture.reshuffled):
            self._reshuffled = picture.reshuffled
            self._background = render_felt(picture.frame, host.theme, size,
                                           self._reshuffled)
            self._layer = None
        host.give_log_room(max((room() for room in self.over_log), default=0))
        dragged_spot = gestures.dragged
        dragged = dragged_spot.card.id if dragged_spot and dragged_spot.card else None
        marks = self.marks()
        moving: list[CardSprite] = []
        resting: list[tuple[object, ...]] = []
        for card_id, sprite in picture.sprites.items():
            if sprite.flying or sprite.lift or sprite.lift_target or card_id == dragged:
                if card_id != dragged:
                    moving.append(sprite)
            else:
                rect = sprite.rect
                resting.append((card_id, rect.x, rect.y, rect.w, sprite.face_up))
        signature = (tuple(resting), picture.version, id(host.status_surface),
                     host.log_version, tuple(marks.items()), tuple(gestures.lit),
                     tuple(sorted(host.takeable)), tuple(sorted(host.fresh)),
                     tuple(sorted(host.lowered.items())), host.busy, picture.bottom)
        if self._layer is None or signature != self._layer_signature:
            self._render_layer(size, {s.card.id for s in moving}, dragged, marks)
            self._layer_signature = signature
        assert self._layer is not None
        surface.blit(self._layer, (0, 0))
        self.card_marks.last_move(surface)
        self.draw_thinking(surface)
        self.drawn_faces = set(self._layer_faces)
        for sprite in sorted(moving, key=lambda s: (s.order, s.rect.x)):
            # a card an event sent flying casts a shadow; one sliding aside stays on the felt
            self._draw_sprite(surface, sprite, shadow=sprite.order > 0)
            if sprite.card.id in marks and not sprite.flying:
                self._draw_glow(surface, sprite, marks[sprite.card.id])
        if dragged is not None and dragged_spot is not None:
            self._draw_drop_feedback(surface, dragged_spot)
            self._draw_sprite(surface, picture.sprites[dragged], shadow=True)
        if gestures.half is not None:
            self._draw_half_badge(surface)
        for button in host.buttons:
            button.draw(surface, host.theme)
        frame = picture.frame
        caption = None
        if host.caption is not None:
            image, caption = self.shown_caption.show(host, picture)
            surface.blit(image, caption)
        banner = host.banner
        if banner is not None:
            surface.blit(banner, banner_place(frame, banner.get_size(), caption))
        for overlay in self.overlays:
            overlay.draw(surface)
        self.tooltips.draw(surface)

    def _render_layer(self, size: tuple[int, int], moving: set[int], dragged: int | None,
                      marks: dict[int, Colour]) -> None:
        if self._layer is None or self._layer.get_size() != size:
            self._layer = pygame.Surface(size).convert()
        layer = self._layer
        assert self._background is not None
        layer.blit(self._background, (0, 0))
        self.drawn_faces = set()
        host, picture = self.host, self.picture
        bottom = picture.bottom
        takeable = set() if host.busy else {picture.zones[Zone.STREET][index]
                                            for index in host.takeable}
        self._draw_piles(layer)
        for zone in (Zone.DISCARD, Zone.play_area(1 - bottom), Zone.hand(1 - bottom),
                     Zone.STREET, Zone.play_area(bottom), Zone.hand(bottom)):
            ids = picture.display_order(zone)
            for card_id in ids[-3:] if zone is Zone.DISCARD else ids:
                if card_id in moving or card_id == dragged:
                    continue
                sprite = picture.sprites[card_id]
                self._draw_sprite(layer, sprite)
                if card_id in takeable:
                    self._draw_glow(layer, sprite, t.GREEN)
                if card_id in marks:
                    self._draw_glow(layer, sprite, marks[card_id])
            if zone is Zone.STREET or zone.is_play_area or zone is Zone.DISCARD:
                shown = ids[-1:] if zone is Zone.DISCARD else ids
                self.card_marks.identities(layer, [i for i in shown if i not in moving
                                              and i != dragged])
        self.card_marks.street(layer)
        self.card_marks.stack_counts(
            layer, moving if dragged is None else {*moving, dragged})
        self._draw_lit_zones(layer)
        self._draw_labels(layer)
        layer.blit(host.status_surface, picture.frame.status)
        host.draw_log(layer)
        self._layer_faces = self.drawn_faces

    # ------------------------------------------------------------------ pieces

    def _fill(self, size: tuple[int, int]) -> pygame.Surface:
        """A translucent glow fill for a lit zone (cached per size)."""
        fill = self._zone_fill.get(size)
        if fill is None:
            fill = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(fill, (*t.DROP_OK, 40), fill.get_rect(), border_radius=10)
            pygame.draw.rect(fill, (*t.DROP_OK, 220), fill.get_rect(), width=3,
                             border_radius=10)
            self._zone_fill[size] = fill
        return fill

    def _draw_sprite(self, surface: pygame.Surface, sprite: CardSprite, *,
                     shadow: bool = False) -> None:
        drawn = self.art.sprite_image(sprite)
        if drawn is None:
            return
        image, where = drawn
        if sprite.showing_face():
            self.drawn_faces.add(sprite.card.id)
        if shadow or sprite.lift:
            shade = self.art.shadow(where.size)
            offset = max(3, where.height // 24) + round(sprite.lift * 0.3)
            spot = shade.get_rect(center=(where.centerx + offset, where.centery + offset * 2))
            # a card raised in the play area rises into room of its own, its shadow too: it
            # falls on the felt under the card, never over the neighbours (the hand's fan
            # overlaps anyway)
            column = self._own_column(sprite)
            previous = surface.get_clip()
            if column is not None:
                surface.set_clip(column.clip(previous))
            surface.blit(shade, spot)
            surface.set_clip(previous)
        surface.blit(image, where)

    def _own_column(self, sprite: CardSprite) -> pygame.Rect | None:
        """The room of a card resting raised in the own play area: its slot and the room
        above it that it rises into; None for any other card."""
        picture = self.picture
        card_id = sprite.card.id
        slot = picture.slot_of.get(card_id)
        if (slot is None or sprite.flying or not sprite.lift
                or card_id not in picture.ids_at(Place.PLAY)):
            return None
        gap = max(1, round(slot.width * 0.03))
        return pygame.Rect(slot.left - gap, slot.top - round(sprite.lift), slot.width + 2 * gap,
                           slot.height + round(sprite.lift))

    def _draw_glow(self, surface: pygame.Surface, sprite: CardSprite, colour: Colour) -> None:
        self.art.draw_glow(surface, sprite, colour)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        """The draw pile as a stack of backs with its count (R5.4: face down)."""
        picture = self.picture
        frame = picture.frame
        count = len(picture.zones[Zone.DRAW_PILE])
        rect = frame.draw_pile
        if count:
            back = self.art.image(DECK[picture.zones[Zone.DRAW_PILE][0]], False, rect.size)
            layers = min(4, 1 + count // 12)
            for layer in range(layers - 1, -1, -1):
                surface.blit(back, (rect.x - layer * 2, rect.y - layer * 2))
        self.pill(surface, str(count), (rect.centerx, rect.bottom + frame.gap))
        discard = len(picture.zones[Zone.DISCARD])
        if discard:
            self.pill(surface, str(discard), (frame.discard.centerx,
                                              frame.discard.bottom + frame.gap))

    def pill(self, surface: pygame.Surface, text: str, centre: tuple[int, int],
             colour: Colour = t.INK, fill: Colour = t.PANEL) -> pygame.Rect:
        """A rounded badge with ``text`` centred on ``centre``; returns where it is."""
        frame = self.picture.frame
        label = self.host.theme.text(text, frame.font(18), colour, bold=True)
        rect = label.get_rect(center=centre).inflate(14, 4)
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, t.GOLD_DARK, rect, width=1, border_radius=rect.height // 2)
        surface.blit(label, label.get_rect(center=rect.center))
        return rect

    def pill_size(self, text: str) -> tuple[int, int]:
        """The size of :meth:`pill`'s badge for ``text``."""
        width, height = self.host.theme.text(text, self.picture.frame.font(18), t.INK,
                                             bold=True).get_size()
        return width + 14, height + 4

    def headings(self) -> list[pygame.Rect]:
        """Where the zones' headings were last drawn: the seats' labels, the own play area's
        and the Street's."""
        return [*self.label_rects.values(), *self.zone_label_rects.values(),
                self.picture.frame.street_heading]

    def _draw_half_badge(self, surface: pygame.Surface) -> None:
        """The badge of a half-made exchange over its card (where the card goes): in room of
        its own, never over a zone's heading nor over another card."""
        picture, half = self.picture, self.gestures.half
        assert half is not None
        card_id = half.card.id
        text = _("to your hand") if half.take else _("to your play area")
        frame = picture.frame
        raised = drawn_rect(picture.sprites[card_id])
        place = Place.PLAY if card_id in picture.ids_at(Place.PLAY) else Place.HAND
        others = [drawn_rect(picture.sprites[other])
                  for zone in (Place.HAND, Place.PLAY) for other in picture.ids_at(zone)
                  if other != card_id]
        others += [picture.visible[other] for other in picture.ids_at(Place.STREET)
                   if other in picture.visible]
        where = badge_place(raised, frame.region(place), self.pill_size(text), frame.table,
                            [*self.headings(), *others])
        self.pill(surface, text, where.center, t.PANEL, t.GOLD)

    def _draw_lit_zones(self, surface: pygame.Surface) -> None:
        for spot in self.gestures.lit:
            rect = zone_outline(self.picture.frame, spot.zone) if spot.card is None else None
            if rect is not None:
                surface.blit(self._fill(rect.size), rect)

    def _draw_drop_feedback(self, surface: pygame.Surface, source: Spot) -> None:
        """Under the dragged card: its target lights up when the drop would be legal and
        turns red when the core would refuse it."""
        gestures = self.gestures
        found = gestures.meaning_under(source, gestures.mouse)
        if found is None:
            return
        target, meaning = found
        if not meaning.legal and not meaning.reason:
            return
        colour = t.HIGHLIGHT if meaning.legal else t.DROP_BAD
        # a Street card (a Brute's target) or a card lit on its own is meant; else its zone
        if target.card is not None and (target.zone is Place.STREET or target in gestures.lit):
            self._draw_glow(surface, self.picture.sprites[target.card.id], colour)
            return
        rect = zone_outline(self.picture.frame, target.zone)
        if rect is not None:
            pygame.draw.rect(surface, colour, rect, width=3, border_radius=10)

    def _label(self, texts: list[str], room: int, colour: Colour, *,
               bold: bool = False) -> pygame.Surface:
        """A zone's label at the labels' size: the first of ``texts`` (longest first) that
        fits ``room``, so that a label is shortened rather than shrunk below a readable
        size."""
        frame, theme = self.picture.frame, self.host.theme
        size = frame.label_size
        font = theme.font(size, bold)
        text = next((text for text in texts if font.size(text)[0] <= room), texts[-1])
        return theme.fit(text, size, room, colour, bold=bold)

    def _draw_labels(self, surface: pygame.Surface) -> None:
        host, picture = self.host, self.picture
        frame = picture.frame
        scores = picture.scores()
        top = 1 - picture.bottom
        names = host.names
        hand_of_top = picture.zones[Zone.hand(top)]
        short = _("{name}  ·  {vp}").format(name=host.seat_title(top),
                                           vp=i18n.vp_text(scores[top]))
        if top != picture.gangster_seat:
            texts = [ngettext("{name}  ·  {vp}  ·  {n} in hand",
                              "{name}  ·  {vp}  ·  {n} in hand",
                              len(hand_of_top)).format(name=host.seat_title(top),
                                                       vp=i18n.vp_text(scores[top]),
                                                       n=len(hand_of_top)), short]
        else:
            texts = [_("{name}  ·  {vp}").format(name=names[top], vp=i18n.vp_text(scores[top]))]
        room = frame.side.left - frame.top_label[0] - frame.gap
        self.label_rects[top] = surface.blit(self._label(texts, room, t.INK, bold=True),
                                             frame.top_label)
        count = None
        if top != picture.gangster_seat and hand_of_top:
            first = picture.sprites[hand_of_top[-1]].rect
            count = self.pill(surface, str(len(hand_of_top)),
                              (round(first.right) + 16, round(first.centery)))
        name, bottom = names[picture.bottom], picture.bottom
        in_hand = i18n.vp_text(picture.zone_vp(Zone.hand(bottom)))
        self.labels = {
            Place.PLAY: _("{name}'s play area  ·  {vp}").format(
                name=name, vp=i18n.vp_text(picture.zone_vp(Zone.play_area(bottom)))),
            Place.HAND: _("{name}'s hand  ·  {vp} in hand  ·  {total} in all").format(
                name=name, vp=in_hand, total=i18n.vp_text(scores[bottom])),
        }
        room = frame.side.left - frame.bottom_label[0] - frame.gap
        self.zone_label_rects[Place.PLAY] = surface.blit(
            self._label([self.labels[Place.PLAY]], room, t.INK_DIM), frame.bottom_label)
        # Translators: the own hand's label where the whole one has no room (the status
        # panel shows the total).
        shorter = _("{name}'s hand  ·  {vp} in hand").format(name=name, vp=in_hand)
        self.label_rects[bottom] = self.zone_label_rects[Place.HAND] = surface.blit(
            self._label([self.labels[Place.HAND], shorter], room, t.INK, bold=True),
            frame.hand_label)
        picture.headings = self.headings()
        picture.hand_count = count

    # ------------------------------------------------------------------ what an overlay lights

    def draw_asked_card(self, surface: pygame.Surface, card_id: int) -> None:
        """The card a chooser asks about (the Street card taken, the Brute's target) drawn
        again over the dimmed table with a target's glow, in its place."""
        sprite = self.picture.sprites[card_id]
        self._draw_sprite(surface, sprite)
        self._draw_glow(surface, sprite, t.DROP_OK)

    def draw_lit_cards(self, surface: pygame.Surface, ids: tuple[int, ...]) -> None:
        """The cards ``ids`` drawn again over a dimmed table (a chooser's shade) with a bright
        glow: the very cards the option in focus moves."""
        for card_id in ids:
            sprite = self.picture.sprites[card_id]
            self._draw_sprite(surface, sprite)
            self._draw_glow(surface, sprite, t.HIGHLIGHT)

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """A quiet sign beside the label of the computer seat while it works out its move,
        naming the seat (after its hand's count, a bare "thinking" read as the hand's):
        "Carla is thinking" and dots that come and go."""
        host = self.host
        seat = host.thinking_seat
        label = self.label_rects.get(seat) if seat is not None else None
        if seat is None or label is None:
            return
        frame = self.picture.frame
        dots = "." * (1 + pygame.time.get_ticks() // 400 % 3)
        # Translators: after the computer's label while it works out its move (dots follow).
        words = pgettext("computer", "{name} is thinking").format(name=host.names[seat])
        text = host.theme.text(words + dots, frame.font(16), t.INK_DIM)
        room = frame.side.left - frame.gap - label.right
        if room > text.get_width() + frame.gap:
            surface.blit(text, text.get_rect(midleft=(label.right + frame.gap, label.centery)))
