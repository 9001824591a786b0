"""What the table of a game with a friend says over the cards when the game cannot go on: the
friend's connection was lost (the game waits and picks up again: by itself on the same
network; across the internet the host shows a new code and the guest types it, Tab
completing its words), or the friend's computer broke the rules or the protocol (said in
plain words; the game so far is kept among the past games).  Main menu leaves; Continue on
the title comes back to a game that waits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...net.link import Way
from ...net.problems import Cause
from ...net.rendezvous import word_completions
from .. import navigation
from ..textfield import TextField
from ..widgets import Button
from .panel import Line, draw_panel, panel_rect, place_buttons
from .words import cause_text, code_problem, completed

if TYPE_CHECKING:
    from ..app import App
    from .connection import FriendConnection

PANEL_HEIGHT = 360


class FriendNotice:
    """The panel over the table while the game with the friend cannot go on."""

    def __init__(self, app: App, connection: FriendConnection) -> None:
        self.app = app
        self.connection = connection
        self.leave = Button("", lambda: navigation.to_title(app))
        self.connect = Button("", self._enter)
        self.field = TextField("", max_length=60, size=26)
        self.field.focused = True
        self.error: str | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    @property
    def shown(self) -> bool:
        return self.connection.lost or self.connection.failed

    @property
    def asks_code(self) -> bool:
        """A guest across the internet types the host's new code."""
        return self.connection.lost and self.connection.rejoin.needs_code

    @property
    def buttons(self) -> list[Button]:
        return [self.connect, self.leave] if self.asks_code else [self.leave]

    def _enter(self) -> None:
        try:
            self.connection.enter_code(self.field.text)
        except ValueError:
            self.error = code_problem()
            return
        self.error = None
        self.field.text = ""

    def _complete(self) -> None:
        """Tab: the words of the code go on as far as the word list allows (the number is
        the host's, as their table shows it)."""
        number, hyphen, words = self.field.text.strip().lower().partition("-")
        if not hyphen:
            return
        text = completed(self.field.text, [f"{number}-{rest}"
                                           for rest in word_completions(words)])
        if text is not None:
            self.field.text = text
            self.field.selected = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel took the event (its buttons, its field, a click on it)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # the pause menu opens as at any table
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if self.asks_code and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.error = None
            if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                self._complete()
            elif self.field.handle_event(event):
                self._enter()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _texts(self) -> tuple[str, list[Line]]:
        connection = self.connection
        net = connection.net
        name = net.peer_name or _("your friend")
        if connection.failed and net.problem is not None:
            return (_("The game stopped"),
                    [Line(cause_text(net.problem.cause, name)),
                     Line(_("The game so far is kept among your past games."), dim=True)])
        lines = [Line(_("Waiting for {name} to come back…").format(name=name))]
        host = connection.rejoin.host
        if host is not None and host.way is Way.INTERNET:
            lines += [Line(_("Give {name} this new code:").format(name=name)),
                      Line(host.code or _("asking for a code…"), big=True)]
        elif host is not None:
            lines.append(Line(_("{name}'s computer finds your table again by itself.").format(
                name=name), dim=True))
        elif self.asks_code:
            lines.append(Line(_("Type the new code {name}'s table shows:").format(name=name)))
        elif connection.rejoin.address is not None:
            lines.append(Line(_("Reaching {name}'s table again…").format(name=name), dim=True))
        if net.problem is not None and net.problem.cause is Cause.WRONG_CODE:
            self.error = cause_text(Cause.WRONG_CODE, name)
        return _("{name}'s connection was lost").format(name=name), lines

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.leave.text = pgettext("button", "Main menu")
        self.leave.tooltip = (_("Back to the title screen.") if self.connection.failed else
                              _("Leave the game; Continue on the title picks it up again."))
        self.connect.text = pgettext("button", "Connect")
        self.connect.tooltip = _("Connect with the new code (Enter).")
        self.panel = panel_rect(surface.get_size(), PANEL_HEIGHT)
        place_buttons(self.panel, self.buttons)
        title, lines = self._texts()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        draw_panel(surface, theme, self.panel, title, lines, self.buttons, error=self.error)
        if self.asks_code:
            self.field.rect = pygame.Rect(self.panel.x + 120, self.leave.rect.top - 110,
                                          self.panel.width - 240, 48)
            self.field.draw(surface, theme)
