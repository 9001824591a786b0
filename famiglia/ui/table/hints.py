"""Hints: the strongest computer level (Expert) works out the person's best next action in
the table's thinker (away from the frame loop, like the computer's own moves) and the table
shows it: the card and its target glow and one line says it in words ("Take Famiglia 3 with
Famiglia 2 and Mercenary 3.").  A game in which a hint was asked is *assisted* (S5: its
highscore entry and its record say so).

The hint belongs to the position it was asked for: any move, undo or turn change drops it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...players.seats import ComputerLevel
from ...rules import (
    DECK,
    Accountant,
    Action,
    Back,
    Brute,
    Pass,
    Refresh,
    Stage,
    Take,
    Zone,
    parse_action,
)
from .. import theme as t
from ..widgets import draw_panel
from .computer import position_key
from .drag import refresh_pile, trial_moves
from .log import aimed_code
from .phrases import advice
from .places import Place
from .thinker import search_options

if TYPE_CHECKING:
    from ..scenes.table import TableScene

#: The level a hint comes from: the strongest.
HINT_LEVEL = ComputerLevel.EXPERT
#: The hint's seed: the same position gives the same hint.
HINT_SEED = 7
#: The hint's glow: a cool blue, unlike the gold selection and the green legal targets.
HINT_COLOUR = (120, 200, 255)


def _kept(table: TableScene, code: str, exclude: set[int], seat: int) -> int | None:
    """The id of the card of ``seat``'s hand a take keeps (R3.4c): ``X0*`` names the
    start-set copy, a plain code a neutral one where the hand holds one (R1.5)."""
    plain = code.rstrip("*")
    ids = [i for i in table.picture.zones[Zone.hand(seat)]
           if DECK[i].code == plain and i not in exclude]
    start = code.endswith("*")
    preferred = [i for i in ids if (DECK[i].back is not Back.NEUTRAL) == start]
    chosen = preferred or ids
    return chosen[0] if chosen else None


def marks_for(table: TableScene, action: Action,
              seat: int | None = None) -> tuple[set[int], set[Place], bool]:
    """What the hint lights: card ids (the very copies the core moves, tried on a copy of
    the game, R1.5), places (``seat``'s hand or play area, a pile) and whether the Pass
    button is meant.  ``seat``: whose action it is (default the person at the bottom)."""
    seat = table.bottom if seat is None else seat
    street = table.picture.zones[Zone.STREET]
    cards: set[int] = set()
    zones: set[Place] = set()
    if isinstance(action, Pass):
        return cards, zones, True
    own = (Zone.hand(seat), Zone.play_area(seat))
    cards.update(event.card for event in trial_moves(table.game, action)
                 if event.source in own)
    if isinstance(action, Refresh):
        cards.add(street[action.street])
        zones.add(refresh_pile(table.game) or Place.DISCARD)
    elif isinstance(action, Accountant):
        zones.add(Place.of(Zone.play_area(seat), table.bottom))
    elif isinstance(action, Brute):
        cards.add(street[action.street])
    elif isinstance(action, Take):
        cards.add(street[action.street])
        if action.keep is not None:
            kept = _kept(table, action.keep, cards, seat)
            if kept is not None:
                cards.add(kept)
        zones.add(Place.of(Zone.hand(seat), table.bottom))
    return cards, zones, False


class Hints:
    """One table's hints: asked with :meth:`ask` (the ``?`` key or the Hint button), shown
    by :meth:`draw` until the position changes."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: the position the hint (asked or shown) is about
        self.key: tuple[int, str] | None = None
        self.waiting = False
        self.action: Action | None = None
        #: the Street card the hinted action is about and whether the turn has begun
        self._about: tuple[str | None, bool] = (None, False)
        self.cards: set[int] = set()
        self.zones: set[Place] = set()
        self.pass_meant = False
        self._line: pygame.Surface | None = None

    @property
    def can_ask(self) -> bool:
        table = self.table
        return table.can_act and not self.waiting

    def ask(self) -> None:
        """Ask for the person's best action now (marks the game as assisted)."""
        table = self.table
        if not self.can_ask:
            return
        if self.action is not None and self.key == position_key(table.game):
            return  # already shown
        self.clear()
        self.key = position_key(table.game)
        self.waiting = True
        table.thinker.ask(table.game, search_options(HINT_LEVEL, HINT_SEED), hint=True)
        if not table.assisted:
            table.assisted = True
            if table.on_action is not None:
                table.on_action(table)  # the save says so at once

    def carry_out(self) -> None:
        """Play the hinted action (Enter), as the person would by hand: a pass that would end
        the game asks first (R5.2), as the Pass button does."""
        table = self.table
        action = self.action
        if action is None or not table.can_act or self.key != position_key(table.game):
            return
        if isinstance(action, Pass):
            table.pass_turn()
        else:
            table.apply(action)

    def clear(self) -> None:
        if self.waiting:
            self.table.thinker.cancel()
        if self.key is not None:
            self.table.app.request_redraw()
        self.key, self.waiting, self.action = None, False, None
        self.cards, self.zones, self.pass_meant = set(), set(), False
        self._line = None

    def update(self) -> None:
        """Take the answer when it is in; drop the hint when the position moved on."""
        table = self.table
        if self.key is None:
            return
        if self.key != position_key(table.game) or table.game.over:
            self.clear()
            return
        if not self.waiting:
            return
        notation = table.thinker.poll()
        if notation is None:
            return
        self.waiting = False
        self.action = parse_action(notation)
        game = table.game
        self._about = (aimed_code(self.action, [card.id for card in game.street]),
                       game.refreshed_this_turn or game.stage != Stage.REFRESH)
        self.cards, self.zones, self.pass_meant = marks_for(table, self.action)
        self._line = None
        table.app.request_redraw()  # the idle loop stops drawing once nothing is awaited

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """An overlay of the table's renderer: the glowing cards and zones, the line."""
        if self.key is None:
            return
        table = self.table
        if self.action is not None:
            renderer = table.renderer
            for card_id in self.cards:
                sprite = table.picture.sprites[card_id]
                size = (round(sprite.rect.w), round(sprite.rect.h))
                glow = table.art.glow(size, HINT_COLOUR)
                centre = (round(sprite.rect.centerx), round(sprite.rect.centery - sprite.lift))
                surface.blit(glow, glow.get_rect(center=centre))
            for zone in self.zones:
                rect = renderer.zone_outline(zone)
                if rect is not None:
                    pygame.draw.rect(surface, HINT_COLOUR, rect, width=3, border_radius=10)
            if self.pass_meant:
                pygame.draw.rect(surface, HINT_COLOUR, table.pass_button.rect.inflate(8, 8),
                                 width=3, border_radius=10)
        if self._line is None:
            self._line = self._render_line()
        frame = table.frame
        surface.blit(self._line, self._line.get_rect(midbottom=(frame.bottom_play.centerx,
                                                                frame.bottom_play.top - 4)))

    @property
    def text(self) -> str:
        """The hinted action as advice, in the current language ("" while it is worked out)."""
        if self.action is None:
            return ""
        target, acted = self._about
        return advice(self.action, target, acted=acted)

    def relayout(self) -> None:
        """A new window size or language: the line is drawn anew."""
        self._line = None

    def _render_line(self) -> pygame.Surface:
        theme = self.table.app.theme
        frame = self.table.frame
        room = frame.side.left - 2 * frame.margin - 32
        key = None
        if self.action is not None:
            words = _("Hint: {advice}").format(advice=self.text)
            # Translators: after a hint's words: the Enter key plays the hinted action.
            key = theme.text(pgettext("key", "Enter: play it"), frame.font(17), HINT_COLOUR,
                             bold=True)
            room -= key.get_width() + 16
        else:
            words = _("Looking for the best move…")
        label = theme.fit(words, frame.font(20), room, t.INK, bold=True)
        extra = key.get_width() + 16 if key is not None else 0
        panel = pygame.Surface((label.get_width() + 32 + extra, label.get_height() + 14),
                               pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=235, edge=HINT_COLOUR)
        panel.blit(label, (16, 7))
        if key is not None:
            panel.blit(key, key.get_rect(midright=(panel.get_width() - 16,
                                                   panel.get_height() // 2)))
        return panel
