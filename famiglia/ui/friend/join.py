"""Sitting down at a friend's table.  On the same network the tables found by zeroconf are
listed ("Anna's table"), and an address field (host:port) is there for a network that hides
them; across the internet the guest types the host's code, the number and the words completed
with Tab.  Once the host's computer answers, the guest sees its table (the fresh-cards rule,
R3.1d) and joins or not; then the host lets them in or declines, and the table opens.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import pygame
from zeroconf import InterfaceChoice

from ...i18n import _, lazy_pgettext, pgettext
from ...net.discovery import FoundTable, TableBrowser
from ...net.lan import parse_address
from ...net.link import Way
from ...net.meeting import Declined, PeerArrived
from ...net.netgame import Dealt, Failed
from ...net.problems import Cause
from ...net.protocol import PROTOCOL
from ...net.rendezvous import WormholeTransport, check_code
from .. import navigation
from .. import theme as t
from ..labels import on_off
from ..listing import ListColumn, ListStyle, ListTable
from ..scene import Scene
from ..textfield import TextField
from ..widgets import Button, shade
from .connection import FriendConnection, bind_address, join_transport, wormhole_to
from .panel import Line, draw_lines, draw_panel, panel_rect, place_buttons
from .words import cause_text, code_problem, completed, reach_text

if TYPE_CHECKING:
    from ..app import App
    from ..theme import Theme

#: A code as the host's table shows one (its words are the same in every language).
EXAMPLE_CODE = "7-guitarist-revenge"
#: How many completions of a code show under its field.
COMPLETIONS = 4
COLUMNS = (ListColumn(lazy_pgettext("column", "Table"), cut=True),
           ListColumn(lazy_pgettext("column", "Address")))
LIST_STYLE = ListStyle(row=40, text=24, heading=22, band=34, scrollbar=True, bold_choice=True,
                       empty_below=16)


class Step(StrEnum):
    SEARCH = "search"  # choosing the table, typing the address or the code
    CONNECTING = "connecting"  # waiting for the host's computer to answer
    OFFERED = "offered"  # the host's table is shown: join or not
    ASKED = "asked"  # waiting for the host to let this player in


def table_label(table: FoundTable) -> str:
    label = _("{name}'s table").format(name=table.name)
    if table.protocol != PROTOCOL:
        return _("{table} (another version of Famiglia)").format(table=label)
    return label


class JoinScene(Scene):
    """The guest's way to the table (see the module docstring)."""

    opaque = False

    def __init__(self, app: App, name: str, way: Way) -> None:
        super().__init__(app)
        self.name = name
        self.way = way
        self.step = Step.SEARCH
        self.connection: FriendConnection | None = None
        self.error: str | None = None
        self.browser: TableBrowser | None = None
        self.typing: WormholeTransport | None = None
        self.found: list[FoundTable] = []
        self.tables = ListTable(COLUMNS, LIST_STYLE, lambda: _("Looking for tables…"),
                                choosing=True)
        self.field = TextField("", max_length=60, size=26)
        self.field.focused = way is Way.INTERNET
        self.join = Button("", self._join)
        self.back = Button("", self._back, hotkey=pygame.K_ESCAPE)
        self._label_buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        self._open()
        self.resize(app.size)

    def _open(self) -> None:
        """Start looking: zeroconf on the same network, the rendezvous server's open codes
        across the internet."""
        if self.way is Way.LAN:
            if self.browser is None:
                bind = bind_address()
                self.browser = TableBrowser(interfaces=[bind] if bind else InterfaceChoice.All,
                                            notify=self.app.wake)
        elif self.typing is None:
            self.typing = wormhole_to(self.app, typing=True)

    def _label_buttons(self) -> None:
        self.join.text = pgettext("button", "Join")
        self.join.tooltip = _("Sit down at this table (Enter).")
        self.back.text = pgettext("button", "Back")
        self.back.tooltip = _("Back (Esc).")
        self.field.placeholder = (EXAMPLE_CODE if self.way is Way.INTERNET
                                  else _("or type the address, like 192.168.1.20:47326"))

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    @property
    def buttons(self) -> list[Button]:
        return [self.back] if self.step in (Step.CONNECTING, Step.ASKED) else [self.join,
                                                                              self.back]

    # ------------------------------------------------------------------ joining

    def _join(self) -> None:
        if self.step is Step.OFFERED:
            assert self.connection is not None
            self.connection.net.join()
            self._go(Step.ASKED)
            return
        if self.step is not Step.SEARCH:
            return
        typed = self.field.text.strip()
        try:
            if self.way is Way.INTERNET:
                self._join_code(typed)
            elif typed:
                self._connect(parse_address(typed))
            elif self.found and self.tables.chosen is not None:
                chosen = self.found[self.tables.chosen]
                if chosen.protocol != PROTOCOL:
                    self.error = reach_text(Cause.VERSION)
                    return
                self._connect((chosen.host, chosen.port))
            else:
                self.error = _("Choose a table, or type its address.")
        except ValueError:
            self.error = (code_problem() if self.way is Way.INTERNET
                          else _("An address is a computer's name or number and a port, like "
                                 "192.168.1.20:47326."))

    def _join_code(self, typed: str) -> None:
        code = check_code(typed)
        transport = self.typing
        self.typing = None
        if transport is None or transport.closed:
            transport = wormhole_to(self.app, code=code)
        else:
            transport.enter(code)
        self.connection = FriendConnection.start(self.app, transport, name=self.name,
                                                 table=None)
        self._go(Step.CONNECTING)

    def _connect(self, address: tuple[str, int]) -> None:
        self.connection = FriendConnection.start(self.app, join_transport(self.app, address),
                                                 name=self.name, table=None, address=address)
        self._go(Step.CONNECTING)

    def _go(self, step: Step) -> None:
        self.step = step
        self.error = None
        self.resize(self.app.size)

    def _back(self) -> None:
        """Back from the host's table to the search; from the search, back to the setup."""
        if self.step is Step.SEARCH:
            self.app.pop()
            return
        self._drop(None)

    def _drop(self, error: str | None) -> None:
        """This table is off (declined, unreachable, or left): search again."""
        if self.connection is not None:
            self.connection.close()
        self.connection = None
        self._go(Step.SEARCH)
        self.error = error
        self._open()

    def update(self, dt: float) -> None:
        self.field.update(dt)
        if self.browser is not None:
            found = self.browser.tables()
            if found != self.found:
                self.found = found
                self.tables.rows = [[table_label(table), f"{table.host}:{table.port}"]
                                    for table in found]
                self.tables.fit_columns(self.app.theme, self.tables.rows)
                self.tables.choose(self.tables.chosen or 0)
                self.app.request_redraw()
        connection = self.connection
        while connection is not None and connection.events and self.connection is connection:
            event = connection.events.popleft()
            self.app.request_redraw()
            host = connection.net.peer_name
            if isinstance(event, PeerArrived):
                self._go(Step.OFFERED)
            elif isinstance(event, Declined):
                self._drop(cause_text(Cause.DECLINED, host or _("your friend")))
            elif isinstance(event, Failed):
                cause = event.problem.cause
                self._drop(cause_text(cause, host) if host else reach_text(cause))
            elif isinstance(event, Dealt):
                self.connection = None  # the game's connection goes to the table
                navigation.open_friend_table(self.app, connection)
                return

    def leave(self) -> None:
        """Gone from the screens: stop looking, and leave a table not sat down at."""
        if self in self.app.scenes:
            return
        if self.browser is not None:
            self.browser.close()
        if self.typing is not None:
            self.typing.close()
        if self.connection is not None:
            self.connection.close()
        self.browser = self.typing = self.connection = None

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle_event(event):
                return
        if self.step is not Step.SEARCH:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and self.step is Step.OFFERED):
                self._join()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            if self.way is Way.INTERNET:
                self._complete()
            else:
                self.field.focused = not self.field.focused
            return
        if self.field.handle_event(event):
            self._join()
            return
        if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and self.field.focused:
            self.error = None
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                    and self.way is Way.LAN:
                self.field.focused = False
                self.tables.handle_event(event)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._join()
            return
        if self.way is Way.LAN:
            if self.tables.handle_event(event):
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                row = self.tables.row_at(event.pos)
                if row is not None:
                    self.tables.choose(row)
                    self.field.text = ""
                    self.field.focused = False

    def _complete(self) -> None:
        """Tab: the code typed so far goes on as far as every completion agrees."""
        text = completed(self.field.text, self.completions())
        if text is not None:
            self.field.text = text
            self.field.selected = False

    def completions(self) -> list[str]:
        typed = self.field.text.strip().lower()
        if self.typing is None or not typed:
            return []
        return self.typing.completions(typed)[:COMPLETIONS]

    # ------------------------------------------------------------------ drawing

    def resize(self, size: tuple[int, int]) -> None:
        self.shade = shade(size, 150)
        self.panel = panel_rect(size)
        place_buttons(self.panel, self.buttons)
        inner = self.panel.inflate(-80, 0)
        if self.way is Way.LAN:
            self.tables.place(pygame.Rect(inner.x, self.panel.y + 84, inner.width,
                                          LIST_STYLE.band + 4 * LIST_STYLE.row))
            self.tables.fit_columns(self.app.theme, self.tables.rows or [["", ""]])
            self.field.rect = pygame.Rect(inner.x, self.tables.rect.bottom + 16, inner.width, 46)
        else:
            self.field.rect = pygame.Rect(inner.x + 80, self.panel.y + 150, inner.width - 160,
                                          50)

    def next_change(self) -> float | None:
        return self.field.next_change() if self.step is Step.SEARCH else None

    def animating(self) -> bool:
        return False

    def _title(self) -> str:
        if self.step is Step.SEARCH:
            return (_("Tables on this network") if self.way is Way.LAN
                    else _("Your friend's code"))
        return _("Your friend's table")

    def _lines(self) -> list[Line]:
        connection = self.connection
        host = connection.net.peer_name if connection is not None else None
        if self.step is Step.CONNECTING or connection is None:
            return [Line(_("Reaching your friend's table…"))]
        table = connection.net.table
        fresh = dict((value, label) for label, value in on_off())[
            table.fresh_cards_rule if table is not None else True]
        offer = [Line(_("{name}'s table").format(name=host), big=True),
                 Line(_("Fresh-cards rule: {on_off}").format(on_off=fresh)),
                 Line(_("{name} chose it: after a refresh, the card you take must be one the "
                        "refreshes drew this turn.").format(name=host)
                      if table is not None and table.fresh_cards_rule else
                      _("{name} chose to play without it.").format(name=host), dim=True)]
        if self.step is Step.ASKED:
            return [*offer, Line(_("Waiting for {name} to let you in…").format(name=host))]
        return offer

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self.shade, (0, 0))
        if self.step is not Step.SEARCH:
            draw_panel(surface, theme, self.panel, self._title(), self._lines(), self.buttons,
                       error=self.error, hint=_("Enter: join  ·  Esc: back")
                       if self.step is Step.OFFERED else _("Esc: back"))
            return
        draw_panel(surface, theme, self.panel, self._title(), [], self.buttons,
                   error=self.error, hint=_("Enter: join  ·  Tab: complete  ·  Esc: back")
                   if self.way is Way.INTERNET else
                   _("Up/Down: choose  ·  Tab: the address  ·  Enter: join  ·  Esc: back"))
        if self.way is Way.LAN:
            self.tables.draw(surface, theme)
        else:
            draw_lines(surface, theme, self.panel, self.panel.y + 96,
                       [Line(_("Type the code your friend's table shows."), dim=True)],
                       self.field.rect.top)
            self._draw_completions(surface, theme)
        self.field.draw(surface, theme)

    def _draw_completions(self, surface: pygame.Surface, theme: Theme) -> None:
        y = self.field.rect.bottom + 8
        for option in self.completions():
            image = theme.fit(option, 22, self.field.rect.width, t.INK_DIM)
            surface.blit(image, (self.field.rect.x + 10, y))
            y += image.get_height() + 2

