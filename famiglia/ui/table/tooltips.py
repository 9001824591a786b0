"""The table's tooltips: what hovering a spot explains (in the words of
:mod:`famiglia.ui.table.texts`), and the one tooltip drawn over the table now: a refused
move's reason, a hovered button's, a status step's help, or what the hovered spot explains
once the pointer has rested on it for :data:`HOVER_DELAY`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..widgets import draw_tooltip
from .drag import Spot
from .places import PILES, Place
from .status import step_help
from .texts import card_tooltip, opponent_hand_tooltip, pile_tooltip, street_card_tooltip

if TYPE_CHECKING:
    from ..scenes.table import TableScene

#: Seconds the pointer rests on a card before its tooltip shows.
HOVER_DELAY = 0.45


def spot_tooltip(table: TableScene, spot: Spot) -> str | None:
    """What hovering ``spot`` explains (see :mod:`famiglia.ui.table.texts`)."""
    if spot.zone is Place.THEIR_HAND:
        return opponent_hand_tooltip(table.picture, table.names)
    if spot.zone in PILES:
        return pile_tooltip(table.game, table.picture, spot.zone)
    if spot.card is None:
        return None
    if spot.zone is Place.STREET and spot.index is not None and table.can_act:
        return street_card_tooltip(table.game, spot.card, spot.index,
                                   spot.index in table.takeable)
    return card_tooltip(spot.card)


def draw_tooltips(surface: pygame.Surface, table: TableScene, helps: dict[int, str]) -> None:
    """The one tooltip that shows now, if any: a refusal, a hovered button's, a status step's
    help (``helps`` keeps the ones asked of the core since the status was last worded) or,
    once the pointer has rested on it, what the hovered spot explains.  None covers a
    button."""
    shown = _shown_tooltip(table, helps)
    if shown is not None:
        text, anchor, clear = shown
        draw_tooltip(surface, table.app.theme, text, anchor, clear=clear)


def _shown_tooltip(table: TableScene, helps: dict[int, str]
                   ) -> tuple[str, tuple[int, int], list[pygame.Rect]] | None:
    """The tooltip that shows now: its text, where, and what it keeps clear of."""
    gestures = table.gestures
    if not table.on_top:
        return None  # an overlay (chooser, pause, help) has the pointer now
    # no tooltip covers a button: neither the one it belongs to nor another
    buttons = [button.rect for button in table.buttons if button.rect.width > 0]
    if gestures.refusal is not None:
        text, pos, _ = gestures.refusal
        return text, pos, [*gestures.refusal_clear, *buttons]
    for button in table.buttons:
        if button is table.pass_button and table.busy:
            continue  # its words are those of the move now playing out
        if button.hovered and button.tooltip:
            return button.tooltip, button.rect.bottomleft, buttons
    mouse = gestures.mouse
    step = next((i for i, rect in enumerate(table.step_rects) if rect.collidepoint(mouse)),
                None)
    if step is not None and not table.busy:
        help_text = helps.get(step)
        if help_text is None:
            help_text = step_help(table.game, step, len(table.takeable))
            helps[step] = help_text
        return help_text, mouse, buttons
    if (gestures.hover is None or gestures.hover_time < HOVER_DELAY
            or gestures.press is not None or table.busy
            or gestures.hover == gestures.selected):
        return None
    if gestures.hover_text is None:
        gestures.hover_text = spot_tooltip(table, gestures.hover) or ""
    return (gestures.hover_text, mouse, buttons) if gestures.hover_text else None
