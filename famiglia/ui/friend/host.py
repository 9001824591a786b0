"""The host's table, open and waiting: on the same network the table is announced by name
("Anna's table") and its address is shown for a friend whose network hides it; across the
internet the code to give the friend.  When a friend asks to join, the host sees the name and
lets them in or declines; then who starts is drawn fairly by both computers and the table
opens.  Back closes the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...net.fairdeal import CHAIN_LENGTH
from ...net.link import HostLink, Way
from ...net.meeting import JoinAsked, PeerArrived
from ...net.netgame import Dealt, Failed
from ...net.problems import Cause
from ...net.protocol import Table
from .. import navigation
from ..labels import on_off
from ..scene import Scene
from ..widgets import Button, shade
from .connection import FriendConnection, bind_address, rendezvous_of
from .panel import Line, draw_panel, panel_rect, place_buttons
from .words import cause_text

if TYPE_CHECKING:
    from ..app import App


class HostScene(Scene):
    """The host's open table (see the module docstring)."""

    opaque = False

    def __init__(self, app: App, name: str, way: Way, fresh_cards_rule: bool) -> None:
        super().__init__(app)
        self.name = name
        self.way = way
        self.table = Table(fresh_cards_rule, CHAIN_LENGTH)
        self.link: HostLink | None = None
        #: the friend who came, until they sit down or leave
        self.connection: FriendConnection | None = None
        self.asked = False
        self.problem: str | None = None
        #: what happened to the last friend who came (left, declined)
        self.note: str | None = None
        #: the code as last drawn
        self.code_shown: str | None = None
        self.accept = Button("", lambda: self._answer(True))
        self.decline = Button("", lambda: self._answer(False))
        self.back = Button("", self.close, hotkey=pygame.K_ESCAPE)
        self._label_buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        try:
            self.link = HostLink(way, name, rendezvous=rendezvous_of(app), bind=bind_address(),
                                 notify=app.wake)
        except OSError as error:
            self.problem = _("Your table cannot be opened on this computer: {reason}").format(
                reason=error.strerror or error)
        self.resize(app.size)

    def _label_buttons(self) -> None:
        self.accept.text = pgettext("button", "Let in")
        self.accept.tooltip = _("Play with this friend: who starts is drawn at once.")
        self.decline.text = pgettext("button", "Decline")
        self.decline.tooltip = _("Not this time: your table stays open for someone else.")
        self.back.text = pgettext("button", "Back")
        self.back.tooltip = _("Close your table (Esc).")

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    # ------------------------------------------------------------------ the friend

    @property
    def buttons(self) -> list[Button]:
        return [self.accept, self.decline, self.back] if self.asked else [self.back]

    def _answer(self, accept: bool) -> None:
        connection = self.connection
        if connection is None or not self.asked:
            return
        self.asked = False
        connection.answer(accept)
        if not accept:
            self._drop(_("You declined {name}.").format(name=connection.net.peer_name))
        self.resize(self.app.size)

    def _drop(self, note: str) -> None:
        """The friend who came is gone (declined, or left): wait for the next one."""
        connection = self.connection
        self.connection, self.asked, self.note = None, False, note
        if connection is not None:
            connection.close(keep_host=True)  # the table stays open for the next friend
        if self.link is not None:
            self.link.open_again()
        self.resize(self.app.size)

    def update(self, dt: float) -> None:
        link, connection = self.link, self.connection
        if link is None:
            return
        if link.code != self.code_shown:
            self.code_shown = link.code
            self.app.request_redraw()
        if connection is None:
            for transport in link.poll():
                if self.connection is not None:
                    transport.close()
                    continue
                self.connection = FriendConnection.start(self.app, transport, name=self.name,
                                                         table=self.table, host=link)
            return
        while connection.events and self.connection is connection:
            event = connection.events.popleft()
            self.app.request_redraw()
            if isinstance(event, PeerArrived):
                self.note = None
            elif isinstance(event, JoinAsked):
                self.asked = True
                self.resize(self.app.size)
            elif isinstance(event, Failed):
                friend = connection.net.peer_name
                if event.problem.cause is Cause.WRONG_CODE:
                    self._drop(_("Someone typed a code that was not this one: your table has "
                                 "a new code."))
                elif friend is None and self.way is Way.INTERNET:
                    self._drop(_("The rendezvous server {url} cannot be reached. Check the "
                                 "internet connection, or choose another server in the "
                                 "settings.").format(url=link.rendezvous))
                else:
                    self._drop(cause_text(event.problem.cause, friend or _("your friend")))
            elif isinstance(event, Dealt):
                self.connection = self.link = None  # the game's connection keeps them
                navigation.open_friend_table(self.app, connection)
                return

    def close(self) -> None:
        """Back: the table closes, and so does a friend's connection."""
        self.app.pop()

    def leave(self) -> None:
        """Gone from the screens (Back, or the main menu): the table closes with it."""
        if self in self.app.scenes:
            return
        if self.connection is not None:
            self.connection.close()
        if self.link is not None:
            self.link.close()
        self.connection = self.link = None

    # ------------------------------------------------------------------ drawing

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 150)
        self.panel = panel_rect(size)
        place_buttons(self.panel, self.buttons)

    def lines(self) -> list[Line]:
        fresh = dict((value, label) for label, value in on_off())[self.table.fresh_cards_rule]
        rule = Line(_("Fresh-cards rule: {on_off}").format(on_off=fresh), dim=True)
        status = self._status()
        if self.link is None:
            return [rule]
        if self.way is Way.LAN:
            address = (f"{self.link.addresses[0]}:{self.link.port}" if self.link.addresses
                       else "")
            return [Line(_("{name}'s table is open on this network.").format(name=self.name)),
                    Line(_("Your friend finds it under Play a friend, Join a table; where the "
                           "network hides it, they type this address:"), dim=True),
                    Line(address, big=True), rule, status]
        return [Line(_("Give your friend this code:")),
                Line(self.link.code or _("asking for a code…"), big=True),
                Line(_("They type it under Play a friend, Join a table, Internet. It works "
                       "once."), dim=True), rule, status]

    def _status(self) -> Line:
        connection = self.connection
        friend = connection.net.peer_name if connection is not None else None
        if self.asked and friend:
            return Line(_("{name} asks to join your table.").format(name=friend))
        if friend:
            return Line(_("{name} is looking at your table…").format(name=friend))
        return Line(self.note or _("Waiting for your friend…"), dim=self.note is None)

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle_event(event):
                return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.asked):
            self._answer(True)

    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        hint = (_("Enter: let in  ·  Esc: close the table") if self.asked
                else _("Esc: close the table"))
        draw_panel(surface, self.app.theme, self.panel, _("Your table"), self.lines(),
                   self.buttons, error=self.problem, hint=hint)
