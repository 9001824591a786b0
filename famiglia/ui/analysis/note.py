"""The analysis's note in the replay's side panel, above the log: at an analysed decision what
was played, the better turn and why (with a button that plays the better turn on the table),
after cards were drawn what luck they brought; its sentences, its room and its drawing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...i18n import _, pgettext
from ...players.analysis import Decision, Luck
from ...rules import Game
from .. import theme as t
from ..theme import Theme
from ..widgets import Button, draw_panel
from .words import (
    BEST_COLOUR,
    Colour,
    best_words,
    costly_heading,
    heading,
    loss_words,
    luck_words,
    played_colour,
    played_words,
    reason_words,
)

#: The note's type size (the log's).
NOTE_SIZE = 17


class AnalysisNote:
    """The note of the position shown; ``on_try`` plays the better turn, ``number`` says a
    decision's move number, ``game_of`` the game as it stood at a decision."""

    def __init__(self, theme: Theme, names: Sequence[str], *, on_try: Callable[[], None],
                 number: Callable[[Decision], int],
                 game_of: Callable[[Decision], Game]) -> None:
        self.theme = theme
        self.names = names
        self.number = number
        self.game_of = game_of
        self.try_button = Button("", on_try, size=17)
        #: the sentences: text, colour, bold
        self.lines: list[tuple[str, Colour, bool]] = []
        #: whether the note offers to try the better turn
        self.try_shown = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font: Callable[[int], int] = lambda size: size

    # ------------------------------------------------------------------ words

    def clear(self) -> None:
        """No analysis is shown: no note."""
        self._word_button()
        self.lines, self.try_shown = [], False

    def tell_trying(self) -> None:
        """The better turn is being tried on the table."""
        self._word_button()
        self.lines = [(_("The better turn, played on the table. Play on from here starts a "
                         "game from this position; a step of the replay goes back to the "
                         "game."), BEST_COLOUR, False)]
        self.try_shown = False

    def tell(self, decision: Decision | None, lucks: Sequence[Luck], seat: int) -> None:
        """The sentences for the position shown: the ``lucks`` of the cards the last step
        drew (as ``seat`` felt them), the ``decision`` about to be made."""
        self._word_button()
        names = self.names
        self.try_shown = decision is not None and decision.cost > 0
        # the luck of the cards just drawn, unless a costly decision needs the room
        self.lines = [] if self.try_shown else [
            (luck_words(luck, seat, names), t.GREEN if luck.for_seat(seat) >= 0 else t.RED,
             False)
            for luck in lucks]
        if decision is None:
            self.lines.append((_("Click a mark of the graph or a costly decision to see it on "
                                 "the table; Up and Down go to the previous and the next "
                                 "costly decision."), t.INK_DIM, False))
            return
        name = str(names[decision.seat])
        game = self.game_of(decision)
        if decision.cost:  # what it cost in the heading, then why
            self.lines += [(costly_heading(self.number(decision), decision, name),
                            played_colour(decision), True),
                           (played_words(game, decision, name), played_colour(decision), False),
                           (best_words(game, decision), BEST_COLOUR, False)]
            reason = reason_words(decision)
            if reason:
                self.lines.append((reason, t.INK, False))
            return
        self.lines += [(heading(self.number(decision), decision, name), t.GOLD, True),
                       (played_words(game, decision, name), played_colour(decision), False)]
        if not decision.best_played:
            self.lines.append((best_words(game, decision), BEST_COLOUR, False))
        self.lines.append((loss_words(decision), t.INK, False))

    def _word_button(self) -> None:
        self.try_button.text = pgettext("button", "Try the better turn  B")
        self.try_button.tooltip = _("Play the better turn on the table; Play on from here "
                                    "then starts a game from there (B).")

    # ------------------------------------------------------------------ layout

    def place(self, rect: pygame.Rect, font: Callable[[int], int]) -> int:
        """The note at the top of ``rect`` (the side panel's room for the log), with the
        better turn's button under its words; the height it takes (none without words)."""
        self.font = font
        if not self.lines:
            self.rect = pygame.Rect(rect.topleft, (0, 0))
            self.try_button.rect = pygame.Rect(0, 0, 0, 0)
            return 0
        theme, size = self.theme, font(NOTE_SIZE)
        height = 16
        for text, _colour, bold in self.lines:
            lines = theme.wrap(text, size, rect.width - 24, bold)
            height += len(lines) * theme.font(size, bold).get_linesize()
        button = font(17) * 2 if self.try_shown else 0
        log_room = 2 * theme.font(size).get_linesize() + 2 * font(20)
        self.rect = pygame.Rect(rect.left, rect.top, rect.width,
                                min(height + button, max(rect.height * 3 // 5,
                                                         rect.height - log_room)))
        if button:
            self.try_button.rect = pygame.Rect(rect.left + 8, self.rect.bottom - button - 4,
                                               rect.width - 16, button)
            self.try_button.size = font(17)
        else:
            self.try_button.rect = pygame.Rect(0, 0, 0, 0)
        return self.rect.height

    # ------------------------------------------------------------------ the loop

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click of the better turn's button; True when it was used."""
        return bool(self.try_button.rect.width) and self.try_button.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The sentences; what does not fit the note's room is noted as an overflow."""
        if not self.rect.height:
            return
        theme, size = self.theme, self.font(NOTE_SIZE)
        rect = self.rect
        draw_panel(surface, rect, alpha=225)
        bottom = (self.try_button.rect.top if self.try_button.rect.height else rect.bottom) - 4
        y = rect.top + 8
        for text, colour, bold in self.lines:
            line = theme.font(size, bold).get_linesize()
            room = max(0, (bottom - y) // line)
            for words in theme.wrap(text, size, rect.width - 24, bold, max_lines=room)[:room]:
                surface.blit(theme.text(words, size, colour, bold), (rect.left + 12, y))
                y += line
        if self.try_button.rect.height:
            self.try_button.draw(surface, theme)

    def draw_tooltip(self, surface: pygame.Surface) -> bool:
        """The better turn's button's tooltip, when the pointer is on it."""
        if self.try_button.rect.height and self.try_button.hovered:
            self.try_button.draw_tooltip(surface, self.theme)
            return True
        return False
