"""Both players' cards on the results screen, a row each: the seat's name and total, then its
hand and its play area as two groups sorted by VP, each group's caption (the zone and its VP)
over it and each card's VP under it; the card the tie-break compared is marked (R5.3).  Where
a player owns more cards than a row has room for, they overlap with each card's rank in
sight, a group keeping the room its cards' VP need where the other group can give it; in a
group too crowded for every card's VP under it, each covered card shows its VP in a coin on
its uncovered strip.  The cards rise into place one after another on the scene's
clock, and the totals and the groups' captions count up with them, always agreeing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..i18n import _
from ..rules import Card, DecidedBy, Game, GameOver, Zone
from . import theme as t
from .assets import card_size_for_height
from .table.marks import coin_radius, draw_points

if TYPE_CHECKING:
    from .app import App

REVEAL_STAGGER = 0.045
REVEAL_SECONDS = 0.45
GROUP_GAP = 28
#: The least distance between overlapping cards: every card a player can own (56 and more)
#: fits the smallest window's row, each showing its rank pennant.
LEAST_STEP = 10
#: The size of each card's VP under it, and of each group's caption over it.
CARD_VP_TEXT, CAPTION_TEXT = 22, 20


def deciding_card(cards: Sequence[Card], result: GameOver) -> int | None:
    """The id of the card the tie-break compared (the n-th most valuable), if any."""
    if result.decided_by != DecidedBy.TIE_BREAK or result.tie_break_card is None:
        return None
    ranked = sorted(cards, key=lambda card: -card.vp)
    position = result.tie_break_card - 1
    return ranked[position].id if position < len(ranked) else None


@dataclass
class Placed:
    """One card on the results screen, where it comes to rest and the room its VP has under
    it (up to the next card's); in a group too crowded for every card's VP under it, none
    has room there, and ``strip``, the uncovered part of a covered card, shows its VP in a
    coin where it is wide enough."""

    card: Card
    seat: int
    rect: pygame.Rect
    delay: float
    deciding: bool
    room: int
    strip: pygame.Rect | None = None


def reveal_progress(placed: Placed, clock: float) -> float:
    """0 → 1, eased out (cubic) from the card's delay on."""
    share = min(1.0, max(0.0, (clock - placed.delay) / REVEAL_SECONDS))
    return 1 - (1 - share) ** 3


class CardRows:
    """Both players' cards of a finished ``game`` with its ``result``, laid out for a window
    and drawn at a moment of the reveal."""

    def __init__(self, app: App, game: Game, result: GameOver, names: tuple[str, str]) -> None:
        self.app = app
        self.result = result
        self.names = names
        self.groups = [(sorted(game.hands[seat], key=lambda card: (-card.vp, card.code)),
                        sorted(game.play_areas[seat], key=lambda card: (-card.vp, card.code)))
                       for seat in (0, 1)]
        self.placed: list[Placed] = []
        self.rows: list[pygame.Rect] = []
        #: each group's caption: its seat, which group (0 the hand, 1 the play area) and
        #: where it goes; worded as its cards arrive
        self.captions: list[tuple[int, int, tuple[int, int]]] = []
        self.card_size = (0, 0)

    def lay_out(self, width: int, height: int, top: int, bottom: int) -> None:
        """The rows between ``top`` and ``bottom`` (the room kept free at the window's top
        and bottom), each card's place, its delay in the reveal and its VP's room."""
        row_height = (height - top - bottom) // 2
        self.rows = [pygame.Rect(30, top + seat * row_height, width - 60, row_height - 12)
                     for seat in (0, 1)]
        self.card_size = card_size_for_height(min(300, row_height - 12 - 66 - 30))
        self.placed = []
        self.captions = []
        delay = 0.2
        for seat, row in enumerate(self.rows):
            owned = self._owned(seat)
            decider = deciding_card(owned, self.result)
            captions = [f"{i18n.zone_name(zone)} · {i18n.vp_text(sum(c.vp for c in group))}"
                        for group, zone in zip(self.groups[seat],
                                               (Zone.hand(seat), Zone.play_area(seat)),
                                               strict=True)]
            steps = self._steps(seat, row.width - 32, captions)
            x = row.x + 16
            for index, (group, caption, step) in enumerate(zip(self.groups[seat], captions,
                                                               steps, strict=True)):
                if not group:
                    continue
                self.captions.append((seat, index, (x, row.y + 44)))
                start = x
                for index, card in enumerate(group):
                    rect = pygame.Rect((x, row.y + 66), self.card_size)
                    room = min(step if index < len(group) - 1
                               else self.card_size[0] + GROUP_GAP, row.right - 4 - x) - 8
                    self.placed.append(Placed(card, seat, rect, delay, card.id == decider,
                                              room))
                    delay += REVEAL_STAGGER
                    x += step
                self._crowd(self.placed[-len(group):], step)
                x = max(x + self.card_size[0] - step, start + self._caption_width(caption))
                x += GROUP_GAP

    def _crowd(self, group: list[Placed], step: int) -> None:
        """A group where not every card's VP fits under it shows none there (a lone value
        under its last card would read as the group's): each covered card shows its VP in a
        coin on its uncovered strip instead, where that is wide enough, and the group's
        caption has the sum."""
        font = self.app.theme.font(CARD_VP_TEXT, True)
        if all(font.size(i18n.vp_text(placed.card.vp))[0] <= placed.room for placed in group):
            return
        for placed in group:
            placed.room = 0
            if placed is not group[-1] and step >= 2 * coin_radius(placed.rect) + 2:
                placed.strip = pygame.Rect(placed.rect.topleft, (step, placed.rect.height))

    def _caption_width(self, caption: str) -> int:
        return self.app.theme.font(CAPTION_TEXT).size(caption)[0]

    def _steps(self, seat: int, room: int, captions: list[str]) -> list[int]:
        """The distance between the cards of each group (hand, play area): side by side, or
        overlapping (each card's left strip with its rank stays visible) when a player owns
        more cards than fit in a row.  Each group's last card shows whole, groups are
        ``GROUP_GAP`` apart, and a group narrower than its caption leaves the caption's room.
        Both groups overlap alike, except that a group whose cards' VP would not fit under
        them keeps the distance they need when the other group can give it without losing
        its own (the smaller group first): so a short hand beside a crowded play area shows
        its cards' VP, in either player's row."""
        w = self.card_size[0]
        side_by_side = w + 8
        groups = [index for index, group in enumerate(self.groups[seat]) if group]
        steps = [side_by_side] * len(self.groups[seat])

        def width(trial: list[int]) -> int:
            spans = [max(w + trial[index] * (len(self.groups[seat][index]) - 1),
                         self._caption_width(captions[index])) for index in groups]
            return sum(spans) + (len(groups) - 1) * GROUP_GAP

        def common(pinned: dict[int, int]) -> int | None:
            """The widest step the groups not ``pinned`` can share, or None when even the
            least leaves the row too short."""
            step = side_by_side
            while step >= LEAST_STEP:
                trial = [pinned.get(index, step) for index in range(len(steps))]
                if width(trial) <= room:
                    return step
                step -= 1
            return None

        if width(steps) <= room:
            return steps
        needed = {index: self._vp_step(self.groups[seat][index]) for index in groups}
        pinned: dict[int, int] = {}
        step = common(pinned) or LEAST_STEP
        for index in sorted(groups, key=lambda index: len(self.groups[seat][index])):
            if (needed[index] <= step or needed[index] > side_by_side
                    or len(pinned) + 1 == len(groups)):
                continue
            shared = common({**pinned, index: needed[index]})
            labelled = [other for other in groups
                        if other not in pinned and other != index and needed[other] <= step]
            if shared is not None and all(needed[other] <= shared for other in labelled):
                pinned[index], step = needed[index], shared
        return [pinned.get(index, step) for index in range(len(steps))]

    def _vp_step(self, group: Sequence[Card]) -> int:
        """The least distance between cards that leaves each card's VP room under it."""
        font = self.app.theme.font(CARD_VP_TEXT, True)
        return max(font.size(i18n.vp_text(card.vp))[0] for card in group) + 8

    def end_of_reveal(self) -> float:
        return (self.placed[-1].delay if self.placed else 0.0) + REVEAL_SECONDS

    def shown_total(self, seat: int, clock: float, group: int | None = None) -> int:
        """The total counting up as the seat's cards arrive (``group``: of its hand, 0, or
        its play area, 1, only), so that every number on the screen agrees at every moment."""
        cards = (self._owned(seat) if group is None else self.groups[seat][group])
        ids = {card.id for card in cards}
        return sum(placed.card.vp for placed in self.placed
                   if placed.card.id in ids and reveal_progress(placed, clock) >= 1.0)

    def caption_text(self, seat: int, group: int, clock: float) -> str:
        """A group's caption at ``clock``: its zone and the VP of its cards arrived so far."""
        zone = Zone.hand(seat) if group == 0 else Zone.play_area(seat)
        return f"{i18n.zone_name(zone)} · {i18n.vp_text(self.shown_total(seat, clock, group))}"

    def _owned(self, seat: int) -> list[Card]:
        return [*self.groups[seat][0], *self.groups[seat][1]]

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        """The rows, the groups' captions and the cards as they are at ``clock``."""
        theme = self.app.theme
        for seat, row in enumerate(self.rows):
            self._draw_row(surface, seat, row, clock)
        for seat, group, position in self.captions:
            surface.blit(theme.text(self.caption_text(seat, group, clock), CAPTION_TEXT,
                                    t.INK_DIM), position)
        for placed in self.placed:
            self._draw_card(surface, placed, clock)

    def _draw_row(self, surface: pygame.Surface, seat: int, row: pygame.Rect,
                  clock: float) -> None:
        theme = self.app.theme
        winner = self.result.winner == seat
        pygame.draw.rect(surface, t.FELT_DARK, row, border_radius=12)
        pygame.draw.rect(surface, t.GOLD if winner else t.PANEL_EDGE, row,
                         width=3 if winner else 1, border_radius=12)
        name = theme.text(str(self.names[seat]), 32, t.GOLD if winner else t.INK, bold=True)
        surface.blit(name, (row.x + 16, row.y + 12))
        total = theme.text(i18n.vp_text(self.shown_total(seat, clock)), 36, t.GOLD, bold=True)
        surface.blit(total, total.get_rect(topright=(row.right - 16, row.y + 10)))
        if not self._owned(seat):
            empty = theme.text(_("no cards"), 22, t.INK_DIM)
            surface.blit(empty, (row.x + 16, row.y + 66))

    def _draw_card(self, surface: pygame.Surface, placed: Placed, clock: float) -> None:
        progress = reveal_progress(placed, clock)
        if progress <= 0.0:
            return
        theme = self.app.theme
        rect = placed.rect.move(0, round((1 - progress) * 60))
        surface.blit(self.app.cards.face(placed.card.id, self.card_size), rect)
        if placed.deciding:
            pygame.draw.rect(surface, t.HIGHLIGHT, rect.inflate(8, 8), width=4,
                             border_radius=12)
        if placed.strip is not None:
            draw_points(surface, theme, placed.strip.move(0, rect.y - placed.rect.y), rect,
                        placed.card.vp)
        text = i18n.vp_text(placed.card.vp)
        if theme.font(CARD_VP_TEXT, True).size(text)[0] > placed.room:
            return
        vp = theme.text(text, CARD_VP_TEXT, t.HIGHLIGHT if placed.deciding else t.INK,
                        bold=True)
        surface.blit(vp, (rect.x + 4, rect.bottom + 6))
