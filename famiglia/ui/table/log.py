"""The game log: every action and event of the core in words, in a scrollable panel.

The log keeps its lines as data (:class:`~famiglia.ui.table.phrases.Line`: the events' cards,
names and numbers, with the Street as the table shows it when the event plays) and words them
in the current language when it draws them, so a language switch rewords old lines too.  The
panel is drawn onto its own surface only when a line arrives, it scrolls or the language
changes; a frame just blits it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import i18n
from ...i18n import _, ngettext
from ...rules import (
    DECK,
    Action,
    ActionPlayed,
    ActionUndone,
    Back,
    CardMoved,
    Event,
    FinalRound,
    GameOver,
    GangsterStep,
    Pass,
    Passed,
    RankLowered,
    Reshuffled,
    Take,
    TurnStarted,
    Zone,
)
from .. import theme as t
from ..theme import Colour, Theme
from ..widgets import draw_panel
from .phrases import Line, LineKind


def card_words(card_id: int) -> str:
    """A card in words, e.g. ``Brute 3`` (Brutaler 3)."""
    return i18n.describe_code(DECK[card_id].code)


def aimed_code(action: Action, street: Sequence[int]) -> str | None:
    """The code of the Street card a refresh, Brute or take is about (``street``: the
    Street's card ids before the action)."""
    index = getattr(action, "street", None)
    if isinstance(index, int) and 0 <= index < len(street):
        return DECK[street[index]].code
    return None


def describe_event(event: Event, names: Sequence[str], street: Sequence[int],
                   action: Action | None = None) -> Line | None:
    """The log line for ``event``, or None when the action's own line already says it (cards
    moving between hand, play area and Street as part of an action); ``action`` is the action
    whose events these are.  An action's line keeps its notation as data (``take 4 F2+M3 keep
    M3``, the text ``Game.apply`` accepts) and shows only its sentence: no code reaches the
    player."""
    if isinstance(event, ActionPlayed):
        if isinstance(event.action, Pass):
            return None  # the passed event says it
        return Line.of("action", name=names[event.seat], action=str(event.action),
                       target=aimed_code(event.action, street))
    if isinstance(event, ActionUndone):
        return undone_line(event, (), names)
    if isinstance(event, CardMoved):
        code = DECK[event.card].code
        if event.source is Zone.DRAW_PILE and event.target is Zone.STREET:
            return Line.of("drawn", card=code)
        if event.source is Zone.STREET and event.target is Zone.DISCARD:
            return Line.of("discarded", card=code)
        if event.source is Zone.STREET and event.target is Zone.DRAW_PILE:
            return Line.of("under", card=code)
        if isinstance(action, Take) and event.source.is_hand and event.target.is_play_area:
            return Line.of("to_play", card=code)
        return None
    if isinstance(event, RankLowered):
        if event.rank == DECK[event.card].rank:
            return None  # an undone Brute gives the rank back: the undo's line says it
        return Line.of("lowered", card=DECK[event.card].code, rank=event.rank)
    if isinstance(event, Reshuffled):
        return Line.of("reshuffled", n=event.count)
    if isinstance(event, FinalRound):
        return Line.of("final_round", name=names[event.last_seat])
    if isinstance(event, Passed):
        return Line.of("passed", name=names[event.seat])
    if isinstance(event, TurnStarted):
        return Line.of("turn", number=event.turn + 1, name=names[event.seat])
    if isinstance(event, GangsterStep):
        return Line.of("gangster", step=event.text)
    if isinstance(event, GameOver):
        return Line.of("game_over", names=list(names), scores=list(event.scores),
                       winner=event.winner, decided_by=event.decided_by, reason=event.reason,
                       tie_break_card=event.tie_break_card,
                       tie_break_vp=list(event.tie_break_vp) if event.tie_break_vp else None)
    return None


def undone_line(event: ActionUndone, after: Sequence[Event], names: Sequence[str]) -> Line:
    """The log line of an undo, ``after`` the events that follow it (a take taken back names
    the card that goes back into the Street)."""
    target = next((DECK[moved.card].code for moved in after
                   if isinstance(moved, CardMoved) and moved.target is Zone.STREET), None)
    if target is None:
        return Line.of("undone", name=names[event.seat], action=str(event.action))
    return Line.of("undone", name=names[event.seat], action=str(event.action), target=target)


def quiet_line(line: Line, event: Event, names: Sequence[str]) -> Line:
    """The line of the paying card ``event`` moves to the play area, the copy the table chose
    (R1.5): with its back and the other side's name, whom the backs tell less."""
    assert isinstance(event, CardMoved) and event.source.seat is not None
    back = "neutral" if DECK[event.card].back is Back.NEUTRAL else "start"
    return Line.of("to_play", **dict(line.params), back=back,
                   name=names[1 - event.source.seat])


#: The lines that tell what an action did, under the action's own line.
DETAIL_KINDS: frozenset[LineKind] = frozenset({"drawn", "discarded", "under", "to_play",
                                             "lowered"})


def strike_undone(lines: list[Line], event: ActionUndone, names: Sequence[str]) -> bool:
    """Mark the last line of the action ``event`` takes back (a pass: its "passes" line) and
    the lines that tell what it did as undone, in place, and for a take or a pass the line of
    the turn it began; False when no such line is there."""
    name = names[event.seat]
    if isinstance(event.action, Pass):
        kind, wanted = "passed", {"name": name}
    else:
        kind, wanted = "action", {"name": name, "action": str(event.action)}
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        params = dict(line.params)
        if (line.kind == kind and not line.undone
                and all(params.get(key) == value for key, value in wanted.items())):
            end = index + 1
            while end < len(lines) and lines[end].kind in DETAIL_KINDS:
                end += 1
            if isinstance(event.action, Take | Pass):
                while end < len(lines) and lines[end].kind == "turn":
                    end += 1
            lines[index:end] = [old.struck() for old in lines[index:end]]
            return True
    return False


class LogPanel:
    """A scrollable list of log lines (newest at the bottom) in a panel of the side bar."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        #: every line as data, worded when drawn
        self.lines: list[Line] = []
        self.rect = pygame.Rect(0, 0, 10, 10)
        #: the pixels at the top of :attr:`rect` given to a panel drawn there (the coach's
        #: tip), and at its bottom to the notices: the log draws itself between them
        self.covered = 0
        self.covered_below = 0
        self.font_size = 18
        self.scroll = 0
        #: each wrapped line with its colour and whether it is struck through
        self._wrapped: list[tuple[str, Colour, bool]] = []
        self._surface: pygame.Surface | None = None
        self._placed = False
        self._stale = True
        #: bumped whenever the panel's picture changes
        self.version = 0
        i18n.on_language_change(self.reword)

    @property
    def entries(self) -> list[tuple[str, Colour]]:
        """Each line in the current language, with its colour."""
        return [(line.text(), line.colour) for line in self.lines]

    def add(self, line: Line) -> None:
        self.lines.append(line)
        if not self._placed or self._stale:
            return  # wrapped with the others when the panel is next drawn
        wrapped = self._wrap(line.text())
        self._wrapped.extend((text, line.colour, line.undone) for text in wrapped)
        if self.scroll:
            self.scroll += len(wrapped)  # the lines in view stay in view
        self._changed()

    def strike(self, event: ActionUndone, names: Sequence[str]) -> None:
        """An undo played: the action it takes back is struck through."""
        if strike_undone(self.lines, event, names):
            self.reword()

    def _changed(self) -> None:
        self._surface = None
        self.version += 1

    @property
    def shown(self) -> pygame.Rect:
        """Where the log draws itself: its rect between the room it gives to a panel above
        and to the notices below."""
        return pygame.Rect(self.rect.left, self.rect.top + self.covered, self.rect.width,
                           max(0, self.rect.height - self.covered - self.covered_below))

    def give_room(self, height: int, below: int = 0) -> None:
        """The top ``height`` pixels of the log go to a panel drawn there (the coach's tip,
        0: none), the bottom ``below`` to the notices: the log shows fewer lines between
        them, the newest ones, and nothing of it lies under either."""
        if (height, below) != (self.covered, self.covered_below):
            self.covered, self.covered_below = height, below
            self._fresh()
            self.scroll = min(self.scroll, self._max_scroll())
            self._changed()

    def place(self, rect: pygame.Rect, font_size: int) -> None:
        """New panel geometry (resize): every line is wrapped again."""
        self.rect = rect.copy()
        self.font_size = font_size
        self._placed = True
        self.reword()

    def reword(self, language: str | None = None) -> None:
        """A new size or a new language: every line is worded and wrapped again before the
        panel is next drawn."""
        self._stale = True
        self._changed()

    def _fresh(self) -> None:
        if self._stale and self._placed:
            self._stale = False
            self._wrapped = [(text, line.colour, line.undone) for line in self.lines
                             for text in self._wrap(line.text())]
            self.scroll = min(self.scroll, self._max_scroll())

    def _wrap(self, text: str) -> list[str]:
        indent = len(text) - len(text.lstrip(" "))
        lines = self.theme.wrap(text.strip(), self.font_size, self.rect.width - 28 - indent * 4)
        return [" " * indent + line for line in lines]

    def _line_height(self) -> int:
        return self.theme.font(self.font_size).get_linesize() + 1

    def _visible(self) -> int:
        room = (self.shown.height - 40) // self._line_height()
        return max(0 if self.covered or self.covered_below else 1, room)

    def _max_scroll(self) -> int:
        return max(0, len(self._wrapped) - self._visible())

    def handle_wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """Mouse wheel over the panel scrolls it (up = older lines); True when consumed."""
        if not self.shown.collidepoint(pos):
            return False
        self._fresh()
        self.scroll = max(0, min(self._max_scroll(), self.scroll + dy * 3))
        self._changed()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self._fresh()
        shown = self.shown
        if (self.covered or self.covered_below) and shown.height < 40:
            return  # the panels over it take all of the log's room
        if self._surface is None:
            self._surface = self._render()
        surface.blit(self._surface, shown)

    def _render(self) -> pygame.Surface:
        size = self.shown.size
        panel = pygame.Surface(size, pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=215)
        room = size[0] - 24
        if self.scroll:
            more = self.theme.fit(ngettext("{n} newer line below", "{n} newer lines below",
                                           self.scroll).format(n=self.scroll),
                                  self.font_size - 2, room // 2, t.INK_DIM)
            panel.blit(more, (size[0] - more.get_width() - 12, 10))
            room -= more.get_width() + 8
        title = self.theme.fit(_("Game log"), self.font_size + 2, room, t.GOLD, bold=True)
        panel.blit(title, (12, 8))
        height = self._line_height()
        end = len(self._wrapped) - self.scroll
        lines = self._wrapped[max(0, end - self._visible()):end]
        y = size[1] - 10 - height * len(lines)
        for text, colour, struck in lines:
            image = self.theme.text(text, self.font_size, colour)
            panel.blit(image, (14, y))
            if struck:
                indent = len(text) - len(text.lstrip(" "))
                left = 14 + self.theme.font(self.font_size).size(" " * indent)[0]
                middle = y + image.get_height() // 2
                pygame.draw.line(panel, colour, (left, middle), (14 + image.get_width(), middle),
                                 max(1, self.font_size // 12))
            y += height
        return panel
