"""The lesson's coach panel in the side panel, under the Menu and Help buttons (where the log
and the Hint row are in a game): the lesson's number and title, what to do and why, the
sentence of a refused move, and Next (on what the coach says) or, when the lesson is done,
its summary with Next lesson and Lessons.  It points at the cards it talks about.

What it shows follows the lesson only while the cards rest: words about a move appear when
the move has been played out on the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from ...i18n import _, pgettext
from .. import theme as t
from ..widgets import Button, draw_panel
from .coach import COACH, PointerHost, Pointers, shown_rect
from .runner import WATCH, LessonRunner
from .script import NOTHING, Do, Point, Reply, Say

if TYPE_CHECKING:
    from ..table.gestures import Gestures
    from ..table.picture import TablePicture
    from ..theme import Theme

#: The size of the line "Lesson 2 of 9" (scaled with the window like the table's words).
HEADING = 20


class PanelHost(PointerHost, Protocol):
    """What the lesson's coach panel asks of its table, besides the pointers' needs: which
    lesson of how many it is, a lesson's text in the player's words (with the names and VP
    the table shows), and where its buttons go on."""

    @property
    def number(self) -> int: ...

    @property
    def count(self) -> int: ...

    @property
    def last(self) -> bool: ...

    def say(self, text: str, cards: Mapping[str, str]) -> str: ...

    def go_on(self) -> None:
        """Next, the next lesson, or the first game."""
        ...

    def leave_lesson(self) -> None: ...

    @property
    def notice_room(self) -> int:
        """The height the app's notices take at the bottom of the side panel."""
        ...


class LessonPanel:
    """The coach of one lesson table (an overlay of its renderer, and its buttons): it
    follows the lesson's ``runner`` and points at the cards of ``picture``; the card the
    ``gestures`` selected keeps its frame over a ring."""

    def __init__(self, host: PanelHost, picture: TablePicture, gestures: Gestures,
                 runner: LessonRunner) -> None:
        self.host = host
        self.picture = picture
        self.gestures = gestures
        self.runner = runner
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.primary = Button("", host.go_on, size=20)
        self.secondary = Button("", host.leave_lesson, size=20)
        self.pointers = Pointers(host, picture)
        #: the line "Lesson 2 of 9" as last drawn
        self.heading: pygame.Surface | None = None
        #: the step shown: the runner's, taken over whenever the cards rest
        self.shown = 0

    @property
    def done(self) -> bool:
        return self.shown >= len(self.runner.lesson.steps)

    @property
    def buttons(self) -> list[Button]:
        """The buttons on show: Next on what the coach says, both at the lesson's end."""
        if self.done:
            return [self.primary, self.secondary]
        step = self.runner.lesson.steps[self.shown]
        return [self.primary] if isinstance(step, Say) else []

    def place(self) -> None:
        """Fill the side panel under the Menu and Help buttons, down to the notices shown
        (a notice covers nothing of the coach's words)."""
        frame = self.host.frame
        top = frame.menu_button.bottom + frame.gap
        bottom = frame.side.bottom - self.host.notice_room
        self.rect = pygame.Rect(frame.side.left, top, frame.side.width, bottom - top)
        height = frame.menu_button.height
        pad = 12
        row = pygame.Rect(self.rect.left + pad, self.rect.bottom - pad - height,
                          self.rect.width - 2 * pad, height)
        self.primary.size = self.secondary.size = frame.font(20)
        self.primary.rect = row.move(0, -height - frame.gap) if self.done else row
        self.secondary.rect = row
        self._label()

    def _label(self) -> None:
        if not self.done:
            self.primary.text = pgettext("button", "Next  Enter")
        elif self.host.last:
            self.primary.text = pgettext("button", "Play your first game")
        else:
            self.primary.text = pgettext("button", "Next lesson  Enter")
        self.secondary.text = pgettext("button", "Lessons")

    def follow(self) -> bool:
        """Take over the runner's step while the cards rest; True when it changed."""
        if self.host.busy or self.shown == self.runner.index:
            return False
        was_done = self.done
        self.shown = self.runner.index
        if self.done != was_done:
            self.place()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The panel's buttons, and Enter or Space for the one that goes on."""
        buttons = self.buttons
        if (event.type == pygame.KEYDOWN and buttons and not self.host.busy
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.primary.on_click()
            return True
        return any(button.handle_event(event) for button in buttons)

    # ------------------------------------------------------------------ drawing

    def words(self) -> tuple[str, str | None, tuple[Point, ...]]:
        """What the coach says now, the refusal to show under it, and what it points at."""
        host, runner = self.host, self.runner
        lesson = runner.lesson
        if self.done:
            return _(lesson.summary), None, ()
        step = lesson.steps[self.shown]
        refusal = runner.refusal() if self.shown == runner.index else None
        if isinstance(step, Reply):
            return host.say(WATCH, NOTHING), refusal, ()
        assert isinstance(step, Say | Do)
        return host.say(step.text, step.cards), refusal, step.points

    def draw(self, surface: pygame.Surface) -> None:
        """An overlay of the table: the panel and its pointers."""
        host = self.host
        frame = host.frame
        theme = host.theme
        text, refusal, points = self.words()
        draw_panel(surface, self.rect, alpha=255, edge=COACH)
        pad = 12
        width = self.rect.width - 2 * pad
        x, y = self.rect.x + pad, self.rect.y + 8
        if self.done:
            heading = _("Lesson {number} of {count}: done").format(number=host.number + 1,
                                                                  count=host.count)
        else:
            heading = _("Lesson {number} of {count}").format(number=host.number + 1,
                                                            count=host.count)
        image = self.heading = heading_image(theme, heading, frame.font(HEADING), width)
        surface.blit(image, (x, y))
        y += image.get_height() + 2
        y = self._draw_title(surface, (x, y), width) + 6
        bottom = min(button.rect.top for button in self.buttons) - 6 if self.buttons else (
            self.rect.bottom - pad)
        size = frame.font(22)
        line = theme.font(size).get_linesize()
        blocks = [(text, t.INK)] + ([(refusal, t.DROP_BAD)] if refusal else [])
        room = (bottom - y - 8 * (len(blocks) - 1)) // line
        for words, colour in blocks:
            lines = theme.wrap(words, size, width, max_lines=max(1, room))[:max(0, room)]
            for shown in lines:
                surface.blit(theme.text(shown, size, colour), (x, y))
                y += line
            room -= len(lines)
            y += 8
        for button in self.buttons:
            button.draw(surface, theme)
        self.pointers.draw(surface, points, self.rect)
        self._show_selection(surface)

    def _draw_title(self, surface: pygame.Surface, at: tuple[int, int], width: int) -> int:
        """The lesson's title at the size of the other lessons' titles: on a second line where
        one is too narrow (a long German title at 1024×640), never shrunk; where it ends."""
        theme, size = self.host.theme, self.host.frame.font(22)
        x, y = at
        line = theme.font(size, bold=True).get_linesize()
        for words in theme.wrap(_(self.runner.lesson.title), size, width, bold=True,
                                max_lines=2):
            surface.blit(theme.text(words, size, t.GOLD, bold=True), (x, y))
            y += line
        return y

    def _show_selection(self, surface: pygame.Surface) -> None:
        """The card selected by key or click keeps its gold frame over the coach's ring."""
        selected = self.gestures.selected
        if selected is None or selected.card is None or self.host.busy:
            return
        card = shown_rect(self.picture, selected.card.id)
        for ring in self.pointers.rings:
            if ring.contains(card):
                pygame.draw.rect(surface, t.HIGHLIGHT, ring, width=3, border_radius=9)


def heading_image(theme: Theme, heading: str, size: int, width: int) -> pygame.Surface:
    """The lesson's number at a readable size, its letters and spaces where the font puts
    them (:meth:`Theme.fine`); shrunk to ``width`` only when it must be."""
    image = theme.fine(heading, size, COACH, bold=True)
    if image.get_width() <= width:
        return image
    return theme.fit(heading, size, width, COACH, bold=True)
