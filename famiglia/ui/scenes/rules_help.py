"""The rules in the game's own words (docs/rules.md R1–R5, S1–S5), as a scrollable page with an
index of its sections: mouse wheel, arrows, Page Up/Down, Home/End, a draggable scrollbar.

The page is laid out once per window size into positioned surfaces (text from the theme's
cache, card faces from the image cache); a frame only blits the visible ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...rules import DECK
from .. import theme as t
from ..assets import card_size_for_height
from ..scene import Scene
from ..widgets import Button

if TYPE_CHECKING:
    from ..app import App


class Heading(str):
    """A section: it also gets an entry in the index."""


class Sub(str):
    """A subheading inside a section."""


class Para(str):
    """A paragraph, wrapped to the page width."""


@dataclass(frozen=True)
class Item:
    """A bullet point (or a numbered step when ``mark`` is given)."""

    text: str
    mark: str = "•"


@dataclass(frozen=True)
class Table:
    """Rows of cells, the first row the header; the last column wraps to fit the page."""

    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Cards:
    """A row of card faces, by code (the first card with that code)."""

    codes: tuple[str, ...]


Block = Heading | Sub | Para | Item | Table | Cards

PAGE: tuple[Block, ...] = (
    Heading("The aim"),
    Para("Famiglia is a card game for two. You recruit gangsters from the Street into your "
         "hand. Every card you own at the end, in your hand and in your play area together, "
         "scores its victory points (VP), and the player with more VP wins. Higher ranks are "
         "worth far more, but to take a card of rank k you must pay with two cards of rank "
         "k−1 of its family."),
    Heading("The cards"),
    Para("60 cards: four families of 15, each with ranks 0 (five cards), 1 (four), 2 (three), "
         "3 (two) and 4 (one). A card's code is its family letter and rank: F4, A2, B0, M3."),
    Cards(("F2", "A2", "B2", "M2")),
    Table((
        ("Family", "Colour", "Code", "What ranks 1–4 can do"),
        ("La Famiglia", "red", "F", "No ability, but worth the most VP."),
        ("The Accountants", "blue", "A", "Exchange cards between your hand and play area."),
        ("The Brutes", "yellow", "B", "Lower a Street card's rank for this turn."),
        ("The Mercenaries", "green", "M", "Stand in as the joker when you take a card."),
    )),
    Para("Each player starts with a start set: one rank-0 card of each family, with a back of "
         "its own (player 1 or player 2). All other cards have the neutral back."),
    Heading("Victory points"),
    Para("The VP are printed at the bottom of each card. All 60 cards together are "
         "worth 175 VP."),
    Table((
        ("Rank", "0", "1", "2", "3", "4"),
        ("La Famiglia", "1", "3", "6", "10", "15"),
        ("Accountants, Brutes, Mercenaries", "0", "1", "3", "6", "10"),
    )),
    Heading("Setting up"),
    Item("Each player takes a start set as the starting hand (4 cards). Play areas start "
         "empty."),
    Item("The other 52 cards are shuffled into the face-down draw pile. The discard pile "
         "starts empty."),
    Item("The start player is chosen at random or by choice."),
    Item("The top 6 cards of the draw pile are laid face up in a row: the Street. Cards keep "
         "the order in which they were drawn; new cards always join at the right end."),
    Heading("Your turn"),
    Para("Players take turns. In your turn you may do the following, strictly in this order. "
         "Every step is optional, and each family's ability can be used at most once per "
         "turn."),
    Sub("1. Refresh the Street"),
    Para("Only when the Street holds no rank-0 card. Put any one Street card on the discard "
         "pile and draw as many cards as its rank to the right end of the Street. You may "
         "repeat this as long as the Street still holds no rank-0 card."),
    Sub("2. Accountant"),
    Para("Play one Accountant of rank r ≥ 1 from your hand into your play area, then make up "
         "to r exchanges: each moves one card from your play area to your hand and one card "
         "from your hand to your play area. The Accountant just played cannot come back this "
         "way, and each card moves at most once."),
    Sub("3. Brute"),
    Para("Play one Brute of rank r ≥ 1 from your hand into your play area and choose a Street "
         "card of rank 1 or more: for the rest of this turn its rank counts as lowered by 1 "
         "to r, never below 0. A card you take keeps its printed rank in your hand."),
    Sub("4. Take a card, or pass"),
    Item("A Street card whose rank (lowered or not) is 0 is free: just take it."),
    Item("A card of family X and rank k ≥ 1 costs two cards played from your hand: a card of "
         "family X with rank k−1, and either another one like it or a Mercenary joker."),
    Item("After taking, one of the two played cards goes into your play area and the other "
         "back into your hand: your choice."),
    Item("Taking no card is a pass, and your turn ends."),
    Sub("The Mercenary joker"),
    Para("A Mercenary of rank k or higher stands in for rank k−1 of any family. At least one "
         "of the two played cards must be a genuine family-X card of rank k−1: two jokers "
         "never suffice. To take a Mercenary, a Mercenary of rank k−1 is genuine and one of "
         "rank k or higher may be the joker: Mercenary 0 and Mercenary 2 take a Mercenary 1."),
    Sub("The play area"),
    Para("The cards in your play area are exhausted: they cannot pay for a card or use an "
         "ability, and they come back to your hand only through an Accountant. They still "
         "score at the end."),
    Sub("Hidden and open"),
    Para("Hands are hidden from the opponent. Play areas, the Street and the discard pile are "
         "open; the draw pile is face down. In a hot-seat game a hand-over screen covers the "
         "table between turns, so look away while the other player takes a turn."),
    Heading("Refresh and reshuffle"),
    Item("Whenever the Street is empty at the end of a turn, 6 new cards are laid out at once."),
    Item("The first time the draw pile runs out, the discard pile is shuffled at once and "
         "becomes the new draw pile: the reshuffle. It holds no rank-0 cards, and from "
         "then on nothing is ever discarded again."),
    Item("After the reshuffle you may refresh at most once per turn, and the chosen card goes "
         "face down to the bottom of the draw pile before you draw. If too few cards "
         "remain, you draw them all, perhaps even the card you just returned."),
    Item("If a refresh empties the first draw pile while more cards are owed, the reshuffle "
         "happens at once and you draw the rest from the new pile; at most one more refresh "
         "may follow in that turn."),
    Item("No refresh is possible while the draw pile is empty after the reshuffle."),
    Item("The fresh-cards rule (on unless switched off for the game): if you refreshed in "
         "your turn, the card you take must be one your refreshes drew into the Street this "
         "turn."),
    Heading("The end"),
    Item("When both players pass in two directly consecutive turns, the game ends at once."),
    Item("When the draw pile runs out for the second time, every card is in the open. The "
         "round is finished so that both players have had the same number of turns: if it "
         "happened in the start player's turn, the other player takes one more turn; if in "
         "the other player's turn, the game ends after that turn."),
    Item("If it runs out while the Street is refilled at the end of a turn, it counts as "
         "happening in the next turn: after the start player's turn the other player plays "
         "one more turn; after the other player's turn one more full round is played."),
    Sub("Scoring and the tie-break"),
    Para("Each player scores the VP of all own cards, hand and play area together. More VP "
         "wins. On equal VP, the player who owns the single most valuable card wins; if those "
         "are equal too, the next most valuable cards decide, and so on. Identical lists of "
         "cards are a draw."),
    Heading("Solo: the Gangster"),
    Para("Play alone against the Gangster, a simple program. Set up as usual; the Gangster "
         "gets the second start set, and you choose who starts. The game is harder when the "
         "Gangster starts."),
    Para("The Gangster keeps all its cards face up in its play area, sorted by rank. It uses "
         "no abilities and needs no pairs: it simply takes a Street card. All its cards score."),
    Sub("Levels"),
    Para("A level sets how many cards of each rank the Gangster wants before it moves on; its "
         "four start zeros count. Each level is played as \"a\" (you start) or \"b\" (the "
         "Gangster starts)."),
    Table((
        ("Level", "Zeros", "Ones", "Twos", "Threes"),
        ("1 (easiest)", "9", "6", "5", "3"),
        ("2", "8", "6", "4", "2"),
        ("3 (standard)", "7", "5", "4", "2"),
        ("4 (hardest)", "7", "4", "3", "2"),
    )),
    Sub("The program"),
    Para("In its turn the Gangster goes through these steps and stops at the first one that "
         "takes a card. \"Available\" means takeable under the rules in force, the fresh-cards "
         "rule included. \"Refresh\" means a refresh with the leftmost Street card, repeated "
         "as the rules allow, stopping as soon as a card the step looks for is available."),
    Item("Fewer zeros than wanted: take the leftmost available 0. If the Street has no 0, "
         "refresh, then take the leftmost available 0.", "1."),
    Item("Fewer ones than wanted: take the leftmost available 1. If there is none, refresh if "
         "allowed, then take the leftmost available 1, failing that the leftmost red (La "
         "Famiglia) 0, failing that the leftmost 0.", "2."),
    Item("Fewer twos than wanted: take the leftmost available 2. If there is none, refresh if "
         "allowed, then take the leftmost available 2, failing that the available card of "
         "rank below 2 with the most VP.", "3."),
    Item("Fewer threes than wanted: as step 3, with rank 3.", "4."),
    Item("Otherwise take the available card with the most VP (leftmost on ties). Before "
         "that, while the most valuable card it does not own yet is still in the draw pile "
         "and a refresh is allowed, refresh.", "5."),
    Sub("Winning"),
    Para("The game ends as usual. If the Gangster has more VP, tie-break included, you lose. "
         "If you win, your ranking value on the highscore list is 2 × your VP − the "
         "Gangster's VP."),
    Heading("At the table"),
    Table((
        ("Input", "What it does"),
        ("Drag a card", "Drop it on a glowing target: pay, take, refresh, play an ability."),
        ("Click, then click", "Every drag has a click alternative: click the card, then its "
                              "target. A right-click or Esc cancels."),
        ("Hover", "Help on cards, piles and buttons, and why a move is not allowed now."),
        ("1 to 9", "Select the Street card at that position."),
        ("Tab, Shift+Tab", "Select the next card of your hand, or of your play area."),
        ("Enter", "Move the selected card between your hand and play area."),
        ("R, T", "Refresh with, or take, the selected Street card."),
        ("Space", "Pass, or hurry the running animation."),
        ("H or F1", "Help on the table."),
        ("Page Up, Page Down", "Scroll the game log."),
        ("Esc", "The pause menu: resume, rules, main menu, quit."),
        ("F11", "Fullscreen on or off (anywhere in the game)."),
        ("Click, Space or Enter", "Lift the hand-over screen when it is your turn."),
    )),
)

TEXT = 22
SUB = 27
HEAD = 36
LINE = 28
CARD_HEIGHT = 168
INDEX_WIDTH = 250
SCROLLBAR = 12
WHEEL_STEP = 72
KEY_STEP = 48


@dataclass
class Laid:
    """The page laid out for one width: surfaces and filled rects at page coordinates."""

    images: list[tuple[pygame.Surface, tuple[int, int]]]
    fills: list[tuple[pygame.Rect, tuple[int, ...]]]
    anchors: list[tuple[str, int]]
    height: int


class RulesScene(Scene):
    """The scrollable rules page with a clickable index; Esc or Back returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0.0
        self.target = 0.0
        self.dragging: float | None = None
        self.back = Button("Back", self.app.pop, hotkey=pygame.K_ESCAPE,
                           tooltip="Close the rules (Esc).", size=24)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.index: list[tuple[pygame.Rect, str, int]] = []
        self.page = Laid([], [], [], 0)
        self.resize(app.size)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the page out for the new width, keeping the same share of it scrolled."""
        width, height = size
        top = 84
        share = self.target / self.max_scroll if self.max_scroll else 0.0
        self.back.rect = pygame.Rect(width - 150, 20, 126, 44)
        self.view = pygame.Rect(INDEX_WIDTH + 30, top, 0, height - top - 20)
        self.view.width = min(900, width - self.view.x - 40 - SCROLLBAR)
        self.page = self._lay_out(self.view.width)
        self.index = []
        y = top + 10
        for title, anchor in self.page.anchors:
            self.index.append((pygame.Rect(20, y, INDEX_WIDTH - 10, 38), title, anchor))
            y += 42
        self.scroll_to(share * self.max_scroll, at_once=True)

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.page.height - self.view.height))

    def _lay_out(self, width: int) -> Laid:
        theme = self.app.theme
        laid = Laid([], [], [], 0)
        y = 0

        def lines(text: str, x: int, size: int, wrap: int, colour: tuple[int, ...] = t.INK,
                  bold: bool = False) -> None:
            nonlocal y
            for line in theme.wrap(text, size, wrap, bold):
                laid.images.append((theme.text(line, size, colour, bold), (x, y)))
                y += round(size * 1.25)

        for block in PAGE:
            if isinstance(block, Heading):
                y += 18 if laid.anchors else 0
                laid.anchors.append((block, y))
                lines(block, 0, HEAD, width, t.GOLD, True)
                laid.fills.append((pygame.Rect(0, y, width, 2), t.GOLD_DARK))
                y += 14
            elif isinstance(block, Sub):
                y += 8
                lines(block, 0, SUB, width, t.HIGHLIGHT, True)
                y += 4
            elif isinstance(block, Para):
                lines(block, 0, TEXT, width)
                y += 12
            elif isinstance(block, Item):
                laid.images.append((theme.text(block.mark, TEXT, t.GOLD, True), (8, y)))
                lines(block.text, 34, TEXT, width - 34)
                y += 8
            elif isinstance(block, Table):
                y = self._lay_out_table(laid, block, y, width) + 16
            else:
                size = card_size_for_height(CARD_HEIGHT)
                for index, code in enumerate(block.codes):
                    card = next(card for card in DECK if card.code == code)
                    image = self.app.cards.face(card.id, size)
                    laid.images.append((image, (index * (size[0] + 16), y)))
                y += CARD_HEIGHT + 16
        laid.height = y + 40
        return laid

    def _lay_out_table(self, laid: Laid, table: Table, y: int, width: int) -> int:
        theme = self.app.theme
        pad = 12
        columns = len(table.rows[0])
        widths = [max(theme.font(TEXT, True).size(row[c])[0] for row in table.rows) + 2 * pad
                  for c in range(columns)]
        fixed = sum(widths[:-1])
        widths[-1] = max(min(widths[-1], width - fixed), 120)
        for number, row in enumerate(table.rows):
            header = number == 0
            wrapped = [theme.wrap(cell, TEXT, widths[c] - 2 * pad, header)
                       for c, cell in enumerate(row)]
            height = max(len(cell) for cell in wrapped) * LINE + 10
            fill = t.FELT_LIGHT if header else (t.FELT_DARK if number % 2 else t.PANEL)
            laid.fills.append((pygame.Rect(0, y, sum(widths), height), fill))
            x = 0
            for c, cell_lines in enumerate(wrapped):
                for line_number, line in enumerate(cell_lines):
                    colour = t.GOLD if header or c == 0 else t.INK
                    image = theme.text(line, TEXT, colour, header)
                    laid.images.append((image, (x + pad, y + 8 + line_number * LINE)))
                x += widths[c]
            y += height
        return y

    # ------------------------------------------------------------------ input

    def _scrollbar(self) -> tuple[pygame.Rect, pygame.Rect]:
        track = pygame.Rect(self.view.right + 16, self.view.y, SCROLLBAR, self.view.height)
        if self.page.height <= self.view.height:
            return track, track.copy()
        length = max(40, round(track.height * self.view.height / self.page.height))
        y = track.y + round((track.height - length) * self.scroll / self.max_scroll)
        return track, pygame.Rect(track.x, y, SCROLLBAR, length)

    def scroll_to(self, y: float, *, at_once: bool = False) -> None:
        self.target = max(0.0, min(self.max_scroll, y))
        if at_once:
            self.scroll = self.target

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back.handle_event(event):
            return
        page = self.view.height - 60
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: KEY_STEP, pygame.K_UP: -KEY_STEP,
                     pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -self.page.height, pygame.K_END: self.page.height}
            if event.key in steps:
                self.scroll_to(self.target + steps[event.key])
            elif event.key == pygame.K_BACKSPACE:
                self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.target - event.y * WHEEL_STEP)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, thumb = self._scrollbar()
            if thumb.inflate(8, 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
            elif track.inflate(8, 0).collidepoint(event.pos):
                self.scroll_to(self.target + (page if event.pos[1] > thumb.y else -page))
            else:
                for rect, _, anchor in self.index:
                    if rect.collidepoint(event.pos):
                        self.scroll_to(anchor)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            track, thumb = self._scrollbar()
            free = track.height - thumb.height
            if free > 0:
                share = (event.pos[1] - self.dragging - track.y) / free
                self.scroll_to(share * self.max_scroll, at_once=True)

    def update(self, dt: float) -> None:
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def animating(self) -> bool:
        """Frames only while the page glides to where it was sent."""
        return self.scroll != self.target

    # ------------------------------------------------------------------ drawing

    def current_section(self) -> int:
        """The index entry of the section at the top of the view."""
        current = 0
        for number, (_, anchor) in enumerate(self.page.anchors):
            if anchor <= self.scroll + 40:
                current = number
        return current

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        title = theme.text("Rules of Famiglia", 44, t.GOLD, bold=True)
        surface.blit(title, (24, 26))
        current = self.current_section()
        for number, (rect, text, _) in enumerate(self.index):
            if number == current:
                pygame.draw.rect(surface, t.FELT_LIGHT, rect, border_radius=6)
                pygame.draw.rect(surface, t.GOLD, (rect.x, rect.y + 6, 4, rect.height - 12))
            colour = t.GOLD if number == current else t.INK_DIM
            label = theme.text(text, 24, colour, number == current)
            surface.blit(label, (rect.x + 14, rect.centery - label.get_height() // 2))
        offset = round(self.scroll)
        surface.set_clip(self.view)
        for rect, fill in self.page.fills:
            if offset - rect.height <= rect.y <= offset + self.view.height:
                pygame.draw.rect(surface, fill, rect.move(self.view.x, self.view.y - offset))
        for image, (x, y) in self.page.images:
            if offset - image.get_height() <= y <= offset + self.view.height:
                surface.blit(image, (self.view.x + x, self.view.y + y - offset))
        surface.set_clip(None)
        track, thumb = self._scrollbar()
        pygame.draw.rect(surface, t.PANEL, track, border_radius=6)
        pygame.draw.rect(surface, t.GOLD if self.dragging is not None else t.GOLD_DARK, thumb,
                         border_radius=6)
        self.back.draw(surface, theme)
        self.back.draw_tooltip(surface, theme)
