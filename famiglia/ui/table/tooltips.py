"""The table's tooltips: what hovering a spot explains (in the words of
:mod:`famiglia.ui.table.texts`), and the one tooltip drawn over the table now: a refused
move's reason, a hovered button's, a status step's help, or what the hovered spot explains
once the pointer has rested on it for :data:`HOVER_DELAY`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from ..widgets import Button, draw_tooltip
from .drag import Spot
from .places import PILES, Place
from .status import step_help
from .texts import card_tooltip, opponent_hand_tooltip, pile_tooltip, street_card_tooltip
from .views import PlayLook, StreetLook

if TYPE_CHECKING:
    from .gestures import Gestures
    from .picture import TablePicture

#: Seconds the pointer rests on a card before its tooltip shows.
HOVER_DELAY = 0.45


class TooltipHost(StreetLook, PlayLook, Protocol):
    """What the tooltips read of the table, besides the Street's marks and the game: the
    buttons (the Pass button among them) and the status panel's step lines."""

    @property
    def buttons(self) -> Sequence[Button]: ...

    @property
    def pass_button(self) -> Button: ...

    @property
    def step_rects(self) -> Sequence[pygame.Rect]: ...


def spot_tooltip(host: TooltipHost, picture: TablePicture, spot: Spot) -> str | None:
    """What hovering ``spot`` explains (see :mod:`famiglia.ui.table.texts`)."""
    if spot.zone is Place.THEIR_HAND:
        return opponent_hand_tooltip(picture, host.names)
    if spot.zone in PILES:
        return pile_tooltip(host.game, picture, spot.zone)
    if spot.card is None:
        return None
    if spot.zone is Place.STREET and spot.index is not None and host.can_act:
        return street_card_tooltip(host.game, spot.card, spot.index,
                                   spot.index in host.takeable)
    return card_tooltip(spot.card)


class Tooltips:
    """The one tooltip of a table, drawn over it: of ``host``'s buttons and status lines,
    and of the spot of ``picture`` that ``gestures`` hover."""

    def __init__(self, host: TooltipHost, picture: TablePicture, gestures: Gestures) -> None:
        self.host = host
        self.picture = picture
        self.gestures = gestures
        #: the status panel's step help texts, asked of the core once per status wording
        self.step_help: dict[int, str] = {}

    def draw(self, surface: pygame.Surface) -> None:
        """The one tooltip that shows now, if any: a refusal, a hovered button's, a status
        step's help or, once the pointer has rested on it, what the hovered spot explains.
        None covers a button."""
        shown = self._shown()
        if shown is not None:
            text, anchor, clear = shown
            draw_tooltip(surface, self.host.theme, text, anchor, clear=clear)

    def _shown(self) -> tuple[str, tuple[int, int], list[pygame.Rect]] | None:
        """The tooltip that shows now: its text, where, and what it keeps clear of."""
        host, gestures = self.host, self.gestures
        if not host.on_top:
            return None  # an overlay (chooser, pause, help) has the pointer now
        # no tooltip covers a button: neither the one it belongs to nor another
        buttons = [button.rect for button in host.buttons if button.rect.width > 0]
        if gestures.refusal is not None:
            text, pos, _ = gestures.refusal
            frame = self.picture.frame
            return text, pos, [*gestures.refusal_clear, *buttons, *self.picture.headings,
                               frame.street_heading]
        for button in host.buttons:
            if button is host.pass_button and host.busy:
                continue  # its words are those of the move now playing out
            if button.hovered and button.tooltip:
                return button.tooltip, button.rect.bottomleft, buttons
        mouse = gestures.mouse
        step = next((i for i, rect in enumerate(host.step_rects) if rect.collidepoint(mouse)),
                    None)
        if step is not None and not host.busy:
            help_text = self.step_help.get(step)
            if help_text is None:
                help_text = step_help(host.game, step, len(host.takeable))
                self.step_help[step] = help_text
            return help_text, mouse, buttons
        if (gestures.hover is None or gestures.hover_time < HOVER_DELAY
                or gestures.press is not None or host.busy
                or gestures.hover == gestures.selected):
            return None
        if gestures.hover_text is None:
            gestures.hover_text = spot_tooltip(host, self.picture, gestures.hover) or ""
        return (gestures.hover_text, mouse, buttons) if gestures.hover_text else None
