"""A card shown enlarged (a right click or a long press on any card of the table): the side the
player sees, as large as the window allows up to the printed size, with what its tooltip says
beside it.  Any key or click closes it (R and H go on to the rules and the help); the table
waits underneath."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...rules import DECK, Card, Zone
from .. import keys
from .. import theme as t
from ..assets import card_size_for_height
from ..scene import Scene
from ..widgets import draw_panel, shade
from .drag import Spot
from .places import Place
from .texts import card_tooltip
from .tooltips import TooltipHost, spot_tooltip

if TYPE_CHECKING:
    from ..app import App
    from .picture import TablePicture

#: The printed card's height: the enlarged card is never scaled beyond it.
PRINTED_HEIGHT = 420
#: The share of the window's height the enlarged card may take.
SHARE = 0.72


class CardZoomScene(Scene):
    """One card, enlarged, over the dimmed table; ``text`` its description."""

    opaque = False

    def __init__(self, app: App, card: Card, face_up: bool, text: str) -> None:
        super().__init__(app)
        self.card = card
        self.face_up = face_up
        self.text = text
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 150)
        card_size = card_size_for_height(min(PRINTED_HEIGHT, round(size[1] * SHARE)))
        panel_width = min(360, size[0] - card_size[0] - 80)
        total = card_size[0] + 24 + panel_width
        self.card_rect = pygame.Rect((size[0] - total) // 2, (size[1] - card_size[1]) // 2,
                                     *card_size)
        self.panel = pygame.Rect(self.card_rect.right + 24, self.card_rect.top, panel_width,
                                 card_size[1])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys.glance_key(self.app, event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        cards = self.app.cards
        size = self.card_rect.size
        image = (cards.face(self.card.id, size) if self.face_up
                 else cards.back(self.card.back, size))
        surface.blit(image, self.card_rect)
        theme = self.app.theme
        lines = [line for paragraph in self.text.split("\n")
                 for line in theme.wrap(paragraph, 22, self.panel.width - 32)]
        height = 24 + sum(theme.font(22).get_linesize() for _line in lines) + 40
        box = pygame.Rect(self.panel.x, self.panel.y, self.panel.width,
                          min(self.panel.height, height))
        draw_panel(surface, box, edge=t.GOLD)
        y = box.y + 14
        for index, line in enumerate(lines):
            image = theme.text(line, 22, t.GOLD if index == 0 else t.INK, bold=index == 0)
            surface.blit(image, (box.x + 16, y))
            y += theme.font(22).get_linesize()
        hint = theme.fit(_("Any key or click closes it."), 18, box.width - 32, t.INK_DIM)
        surface.blit(hint, (box.x + 16, box.bottom - 12 - hint.get_height()))


def enlarged(app: App, host: TooltipHost, picture: TablePicture, card_id: int
             ) -> CardZoomScene:
    """The card ``card_id`` of the table enlarged: the side the player sees, described as its
    tooltip describes it where it lies (a card of the Street with what taking it would do, a
    face-down card by its pile or hand)."""
    face_up = picture.sprites[card_id].showing_face()
    zone = next(zone for zone, ids in picture.zones.items() if card_id in ids)
    card = DECK[card_id]
    if face_up and zone is Zone.STREET:
        words = spot_tooltip(host, picture, Spot(Place.STREET, card,
                                                 picture.zones[zone].index(card_id)))
    elif face_up:
        words = card_tooltip(card)
    else:
        words = spot_tooltip(host, picture, Spot(picture.place_of(zone)))
    return CardZoomScene(app, card, face_up, words or card_tooltip(card))
